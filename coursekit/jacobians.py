"""Velocity kinematics: the geometric Jacobian of a serial robot, and a numerical one for checking.

Rows are ``[v; w]`` (linear first): ``[v; w] = J @ qd`` gives the velocity of
the tool point and the angular velocity of the tool. See CONVENTIONS.md for the
``[w; v]`` order of Modern Robotics.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
from numpy.typing import ArrayLike

from ._validation import FloatArray, as_array, as_choice, as_float_array
from .kinematics import _check_robot, forward_kinematics, link_frames
from .robot import SerialRobot

JACOBIAN_FRAMES = ("base", "tool")


def joint_axes_and_origins(robot: SerialRobot, q: ArrayLike) -> tuple[FloatArray, FloatArray]:
    """Unit axis and a point on the axis of every joint, in the world frame: two (..., n, 3) arrays.

    In standard DH joint i turns about z_{i-1} through the origin of {i-1}; in
    modified DH about z_i through the origin of {i}.

    >>> from coursekit.models import planar_2r
    >>> axes, points = joint_axes_and_origins(planar_2r(), [0.0, 0.0])
    >>> axes[1], points[1]
    (array([0., 0., 1.]), array([1., 0., 0.]))
    """
    frames = link_frames(robot, q)
    joint_frames = frames[..., 1:, :, :] if robot.convention == "modified" else frames[..., :-1, :, :]
    return joint_frames[..., :3, 2], joint_frames[..., :3, 3]


def geometric_jacobian(robot: SerialRobot, q: ArrayLike, frame: str = "base") -> FloatArray:
    r"""Geometric Jacobian of the tool point, shape (6, n), rows ``[v; w]``.

    Column i is :math:`[z_i \times (p - o_i);\ z_i]` for a revolute joint and
    :math:`[z_i;\ 0]` for a prismatic one, where :math:`z_i` and :math:`o_i` are the
    joint's axis and a point on it, and :math:`p` the tool origin.
    ``frame="base"`` expresses both halves in the world/base frame;
    ``frame="tool"`` in the tool frame (Craig's :math:`{}^{N}J`). The reference
    point is the tool origin either way. A batch ``q`` (N, n) gives (N, 6, n).

    References: Duysinx-Geradin (5.14.2) (there with rows [w; v]); Craig Exercise 5.17.

    >>> from coursekit.models import planar_2r
    >>> geometric_jacobian(planar_2r(), [0.0, np.pi / 2])[[0, 1, 5]].round(12)
    array([[-1., -1.],
           [ 1.,  0.],
           [ 1.,  1.]])
    """
    robot = _check_robot(robot)
    as_choice(frame, JACOBIAN_FRAMES, "frame")
    T_tool = forward_kinematics(robot, q)
    axes, points = joint_axes_and_origins(robot, q)
    p = T_tool[..., None, :3, 3]
    revolute = np.array([link.is_revolute for link in robot.links])[:, None]
    linear = np.where(revolute, np.cross(axes, p - points), axes)
    angular = np.where(revolute, axes, 0.0)
    J = np.concatenate([np.swapaxes(linear, -1, -2), np.swapaxes(angular, -1, -2)], axis=-2)
    if frame == "tool":
        R_t = np.swapaxes(T_tool[..., :3, :3], -1, -2)
        J = np.concatenate([R_t @ J[..., :3, :], R_t @ J[..., 3:, :]], axis=-2)
    return J


def numerical_jacobian(
    f: Callable[[FloatArray], ArrayLike], x: ArrayLike, step: float = 1e-6
) -> FloatArray:
    """Jacobian of any function ``f`` at ``x`` by central differences, shape (m, n) for f: R^n -> R^m.

    The error is O(step^2); use it to check analytic Jacobians, not inside loops.

    >>> numerical_jacobian(lambda x: np.array([x[0] * x[1], np.sin(x[0])]), [1.0, 2.0]).round(6)
    array([[2.      , 1.      ],
           [0.540302, 0.      ]])
    """
    x = as_array(x, (None,), "x")
    if not callable(f):
        msg = f"f must be a function of x, got {type(f).__name__}."
        raise TypeError(msg)
    columns = []
    for i in range(x.size):
        dx = np.zeros_like(x)
        dx[i] = step
        f_plus = as_float_array(f(x + dx), "f(x)")
        f_minus = as_float_array(f(x - dx), "f(x)")
        columns.append(np.ravel(f_plus - f_minus) / (2.0 * step))
    return np.stack(columns, axis=-1)
