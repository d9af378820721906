"""Velocity kinematics: geometric and analytic Jacobians, and the operations on them.

Rows are ``[v; w]`` (linear first): ``[v; w] = J @ qd`` gives the velocity of
the tool point and the angular velocity of the tool. :func:`swap_twist_order`
gives the ``[w; v]`` order of Modern Robotics (and of Duysinx-Geradin) when it is
wanted explicitly. See CONVENTIONS.md.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
from numpy.typing import ArrayLike

from ._validation import (
    FloatArray,
    as_array,
    as_batch,
    as_choice,
    as_float_array,
    check_finite,
    check_rotations,
)
from .kinematics import _check_robot, forward_kinematics, link_frames
from .robot import SerialRobot

JACOBIAN_FRAMES = ("base", "tool")

#: An angle set whose rate matrix has |det E| below this is at its representation
#: singularity. The columns of E are unit vectors, so |det E| is the sine (or
#: cosine) of the middle angle: 1e-6 rad from gimbal lock.
REPRESENTATION_SINGULARITY_TOL = 1e-6


def joint_axes_and_origins(robot: SerialRobot, q: ArrayLike) -> tuple[FloatArray, FloatArray]:
    """Unit axis and a point on the axis of every joint, in the world frame: two (..., n, 3) arrays.

    In standard DH joint i turns about z_{i-1} through the origin of {i-1}; in
    modified DH about z_i through the origin of {i}.

    >>> from coursekit.models import planar_2r
    >>> axes, points = joint_axes_and_origins(planar_2r(), [0.0, 0.0])
    >>> axes[1], points[1]
    (array([0., 0., 1.]), array([1., 0., 0.]))
    """
    return _axes_and_points(robot, link_frames(robot, q))


def _axes_and_points(robot: SerialRobot, frames: FloatArray) -> tuple[FloatArray, FloatArray]:
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
    frames = link_frames(robot, q)
    T_tool = frames[..., -1, :, :] @ robot.tool
    axes, points = _axes_and_points(robot, frames)
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


def _one_joint_vector(robot: SerialRobot, value: ArrayLike, name: str) -> FloatArray:
    """``value`` as one joint vector of shape (n,), for the functions that take no batches."""
    value = robot.as_joint_vector(value, name)
    if value.ndim != 1:
        msg = (
            f"{name} must be one configuration of shape ({robot.n_joints},) here "
            f"(batches are not supported), got shape {value.shape}."
        )
        raise ValueError(msg)
    return value


def _as_twist_rows(J: ArrayLike, name: str = "J") -> FloatArray:
    """``J`` as a finite float array of shape (..., 6, n), or a clear error."""
    J = as_float_array(J, name)
    if J.ndim < 2 or J.shape[-2] != 6:
        msg = f"{name} must have 6 rows [v; w], shape (6, n) or (..., 6, n), got shape {J.shape}."
        raise ValueError(msg)
    return check_finite(J, name)


def analytic_jacobian(
    robot: SerialRobot, q: ArrayLike, sequence: str = "zyx", extrinsic: bool = False
) -> FloatArray:
    r"""Analytic Jacobian: rows ``[p_dot; angle_rates]`` of the tool for an orientation angle set.

    The orientation of the tool (in the world frame) is described by three
    angles of ``sequence``; their rates follow from the angular velocity through
    the rate matrix ``E`` (``w = E @ angle_rates``, in the world frame):

    .. math:: J_a = \begin{bmatrix} I & 0 \\ 0 & E(\Theta)^{-1} \end{bmatrix} J

    with :math:`J` the geometric Jacobian in the base frame. ``E`` is singular at the
    angle set's own singularity (gimbal lock), where the angle rates are undefined
    although the tool can still turn; a ValueError says so. Use the geometric
    Jacobian there, or another angle set.

    Parameters
    ----------
    robot : SerialRobot
    q : array_like, shape (n,)
        Joint values (rad or m).
    sequence : str
        Angle set, as for :func:`coursekit.euler_from_rotation` (default Bryant /
        roll-pitch-yaw ``"zyx"``).
    extrinsic : bool
        False: rotations about moving axes; True: about fixed axes.

    Returns
    -------
    ndarray, shape (6, n)
        Rows ``[x_dot, y_dot, z_dot, t1_dot, t2_dot, t3_dot]``.

    References: Craig (5.41) (angle rates to angular velocity); Duysinx-Geradin (4.15.3).

    Examples
    --------
    A planar arm's yaw is q1 + q2, so its rate row is (1, 1):

    >>> from coursekit.models import planar_2r
    >>> analytic_jacobian(planar_2r(), [0.3, 0.4])[3:].round(12)
    array([[1., 1.],
           [0., 0.],
           [0., 0.]])
    """
    # Imported here: the angle-set modules sit beside this one, not below it.
    from .angular_velocity import euler_rate_matrix
    from .euler_angles import euler_from_rotation

    robot = _check_robot(robot)
    q = _one_joint_vector(robot, q, "q")
    angles = euler_from_rotation(forward_kinematics(robot, q)[:3, :3], sequence, extrinsic)
    E = euler_rate_matrix(angles, sequence, extrinsic=extrinsic, frame="space")
    det = float(np.linalg.det(E))
    if abs(det) < REPRESENTATION_SINGULARITY_TOL:
        kind = "fixed" if extrinsic else "moving"
        msg = (
            f"The {sequence} angles ({kind} axes) of the tool at this q are "
            f"{np.round(angles, 6)} rad, a representation singularity (gimbal lock, "
            f"det E = {det:.2g}): the angle rates are undefined there. Use the geometric "
            "Jacobian, or another angle set."
        )
        raise ValueError(msg)
    J = geometric_jacobian(robot, q)
    return np.concatenate([J[:3], np.linalg.solve(E, J[3:])])


def jacobian_in_frame(J: ArrayLike, R_a_b: ArrayLike) -> FloatArray:
    r"""A Jacobian expressed in frame {b}, re-expressed in frame {a}: ``blockdiag(R_a_b, R_a_b) J``.

    Only the axes the two 3-vectors are written in change; the reference point
    (the point whose velocity the ``v`` rows give) stays the same (see
    :func:`jacobian_at_point` to move it).

    .. math:: {}^{A}J = \begin{bmatrix} {}^{A}_{B}R & 0 \\ 0 & {}^{A}_{B}R \end{bmatrix} {}^{B}J

    Parameters
    ----------
    J : array_like, shape (6, n) or (..., 6, n)
        Rows ``[v; w]`` in frame {b}. A single 6-vector twist is accepted as (6, 1).
    R_a_b : array_like, shape (3, 3) or (..., 3, 3)
        Orientation of {b} in {a}.

    References: Craig (5.71).

    Examples
    --------
    A 2R Jacobian in the tool frame, turned back into the base frame:

    >>> from coursekit.models import planar_2r
    >>> from coursekit.kinematics import forward_kinematics
    >>> q = [0.3, 0.4]
    >>> J_tool = geometric_jacobian(planar_2r(), q, frame="tool")
    >>> R_0_tool = forward_kinematics(planar_2r(), q)[:3, :3]
    >>> np.allclose(jacobian_in_frame(J_tool, R_0_tool), geometric_jacobian(planar_2r(), q))
    True
    """
    J = _as_twist_rows(J)
    R_a_b = check_rotations(as_batch(R_a_b, (3, 3), "R_a_b"), "R_a_b")
    return np.concatenate([R_a_b @ J[..., :3, :], R_a_b @ J[..., 3:, :]], axis=-2)


def jacobian_at_point(J: ArrayLike, r: ArrayLike) -> FloatArray:
    r"""The Jacobian of another point of the same body: ``v_new = v + w x r``.

    ``r`` is the offset from the old reference point to the new one, in the
    frame ``J`` is expressed in (for a tool-frame Jacobian, tool coordinates; for
    a base-frame one, base coordinates). The angular rows do not change.

    .. math:: J_{new} = \begin{bmatrix} I & -\tilde r \\ 0 & I \end{bmatrix} J

    Parameters
    ----------
    J : array_like, shape (6, n) or (..., 6, n)
        Rows ``[v; w]``.
    r : array_like, shape (3,) or (..., 3)
        Offset from the old reference point to the new one (m).

    References: Craig (5.13) (velocity of a point of a moving body), (5.100).

    Examples
    --------
    At the 2R arm's straight pose, the elbow (1 m back from the tip) does not
    move when joint 2 turns:

    >>> from coursekit.models import planar_2r
    >>> J_tip = geometric_jacobian(planar_2r(), [0.0, 0.0])
    >>> jacobian_at_point(J_tip, [-1.0, 0.0, 0.0])[:2]
    array([[0., 0.],
           [1., 0.]])
    """
    J = _as_twist_rows(J)
    r = as_batch(r, (3,), "r")
    # w x r for every column: the angular rows as (..., n, 3) vectors.
    w = np.swapaxes(J[..., 3:, :], -1, -2)
    v_extra = np.swapaxes(np.cross(w, r[..., None, :]), -1, -2)
    return np.concatenate([J[..., :3, :] + v_extra, J[..., 3:, :]], axis=-2)


def swap_twist_order(x: ArrayLike) -> FloatArray:
    """Swap the two 3-row halves: ``[v; w]`` becomes ``[w; v]`` and back.

    For a twist or wrench of shape (6,), or a Jacobian or stack of shape
    (..., 6, n) (the rows are swapped). Use it to compare with Modern Robotics or
    Duysinx-Geradin, whose twists are ``[w; v]``; the function is its own inverse.

    >>> swap_twist_order([1.0, 2.0, 3.0, 4.0, 5.0, 6.0])
    array([4., 5., 6., 1., 2., 3.])
    """
    x = check_finite(as_float_array(x, "x"), "x")
    if x.shape == (6,):
        return np.concatenate([x[3:], x[:3]])
    if x.ndim < 2 or x.shape[-2] != 6:
        msg = (
            "x must be a 6-vector or have 6 rows, shape (6,) or (..., 6, n), "
            f"got shape {x.shape}."
        )
        raise ValueError(msg)
    return np.concatenate([x[..., 3:, :], x[..., :3, :]], axis=-2)
