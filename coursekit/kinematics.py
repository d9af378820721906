"""Forward kinematics of a :class:`~coursekit.robot.SerialRobot`, single or batched.

Frames {0} ... {n} follow the robot's own DH convention. Every pose returned is
expressed in the world frame, so ``robot.base`` is always included.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import ArrayLike

from ._validation import FloatArray
from .dh import modified_dh_stack, standard_dh_stack
from .robot import SerialRobot


def _check_robot(robot: object) -> SerialRobot:
    if not isinstance(robot, SerialRobot):
        msg = f"robot must be a coursekit SerialRobot, got {type(robot).__name__}."
        raise TypeError(msg)
    return robot


def link_transforms(robot: SerialRobot, q: ArrayLike) -> FloatArray:
    """Each joint's transform ``T_{i-1}_{i}(q_i)``, shape (n, 4, 4) or (..., n, 4, 4).

    >>> from coursekit.models import planar_2r
    >>> link_transforms(planar_2r(), [0.0, 0.0])[1][:3, 3]
    array([1., 0., 0.])
    """
    robot = _check_robot(robot)
    q = robot.as_joint_vector(q)
    a, alpha, d, theta, revolute = robot.dh_columns
    # All joints at once: the joint variable adds to theta (revolute) or d (prismatic).
    theta = theta + np.where(revolute, q, 0.0)
    d = d + np.where(revolute, 0.0, q)
    stack = modified_dh_stack if robot.convention == "modified" else standard_dh_stack
    return stack(*np.broadcast_arrays(a, alpha, d, theta))


def link_frames(robot: SerialRobot, q: ArrayLike) -> FloatArray:
    """Poses ``[T_w_0, T_w_1, ..., T_w_n]`` of every link frame, shape (n+1, 4, 4).

    ``T_w_0`` is ``robot.base``. A batch ``q`` of shape (N, n) gives (N, n+1, 4, 4).
    The tool transform is not applied (see :func:`forward_kinematics`).

    >>> from coursekit.models import planar_2r
    >>> [T[:3, 3] for T in link_frames(planar_2r(), [0.0, 0.0])]
    [array([0., 0., 0.]), array([1., 0., 0.]), array([2., 0., 0.])]
    """
    A = link_transforms(robot, q)
    frames = np.empty((*A.shape[:-3], robot.n_joints + 1, 4, 4))
    frames[..., 0, :, :] = robot.base
    for i in range(robot.n_joints):
        frames[..., i + 1, :, :] = frames[..., i, :, :] @ A[..., i, :, :]
    return frames


def forward_kinematics(robot: SerialRobot, q: ArrayLike) -> FloatArray:
    """Pose of the tool in the world frame, ``base @ T_0_n(q) @ tool``: shape (4, 4) or (N, 4, 4).

    References: Duysinx-Geradin (5.3.5); Craig (3.64).

    >>> from coursekit.models import planar_2r
    >>> forward_kinematics(planar_2r(), [0.0, np.pi / 2])[:3, 3].round(12)
    array([1., 1., 0.])
    """
    A = link_transforms(robot, q)
    T = np.broadcast_to(robot.base, (*A.shape[:-3], 4, 4)).copy()
    for i in range(robot.n_joints):
        T = T @ A[..., i, :, :]
    return T @ robot.tool
