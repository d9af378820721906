"""Static forces: joint torques that hold a wrench at the tool, and the reverse.

**Sign convention.** A wrench is ``[f; n]`` (force first, N and N m), and it is
the force and moment that the tool exerts *on the environment*, at the tool
origin (Craig's convention in section 5.9). The joint torques returned are
those the actuators must apply to exert it with the arm at rest, gravity
ignored; a positive torque tends to increase the joint variable. For a
prismatic joint the "torque" is the actuator force (N).
"""

from __future__ import annotations

import numpy as np
from numpy.typing import ArrayLike

from ._validation import FloatArray, as_array, as_float_array, as_positive, check_finite
from .jacobians import _one_joint_vector
from .kinematics import _check_robot, link_transforms
from .robot import SerialRobot

#: Above this condition number a Jacobian counts as singular for
#: :func:`wrench_from_joint_torques`.
MAX_CONDITION = 1e8


def link_forces_and_moments(
    robot: SerialRobot, q: ArrayLike, wrench_tool: ArrayLike
) -> tuple[FloatArray, FloatArray]:
    r"""Force and moment carried through each frame origin, from the tool inwards (Craig's statics).

    Row k holds :math:`{}^{k}f_k` and :math:`{}^{k}n_k`: the force and moment that
    the part of the arm before frame {k} exerts on the part after it, at the
    origin of {k}, in the axes of {k}. Starting from the tool wrench, each step
    inwards is

    .. math::
        {}^{i}f_i = {}^{i}_{i+1}R\,{}^{i+1}f_{i+1},\qquad
        {}^{i}n_i = {}^{i}_{i+1}R\,{}^{i+1}n_{i+1} + {}^{i}P_{i+1} \times {}^{i}f_i

    For a modified-DH robot row i is Craig's force and moment exerted on link i by
    link i-1 (frame {i} sits on joint axis i). For a standard-DH robot joint i
    sits on the z-axis of frame {i-1}, so row i-1 is the one exerted on link i.

    Parameters
    ----------
    robot : SerialRobot
    q : array_like, shape (n,)
    wrench_tool : array_like, shape (6,)
        ``[f; n]`` that the tool exerts on the environment, in the tool frame, at its origin.

    Returns
    -------
    f, n : ndarray, shape (n+1, 3)
        Rows for frames {0}..{n}.

    References: Craig (5.80)-(5.81).

    Examples
    --------
    Craig's Example 5.7 (the 2R arm pushing with :math:`{}^{3}F = (f_x, f_y, 0)`):
    :math:`{}^{2}n_2 = (0, 0, l_2 f_y)` at the elbow, here frame {1}:

    >>> from coursekit.models import planar_2r
    >>> f, n = link_forces_and_moments(planar_2r(1.0, 1.0), [0.0, np.pi / 3], [1, 2, 0, 0, 0, 0])
    >>> n[1].round(6)
    array([0., 0., 2.])
    """
    robot = _check_robot(robot)
    q = _one_joint_vector(robot, q, "q")
    wrench_tool = as_array(wrench_tool, (6,), "wrench_tool")
    A = np.concatenate([link_transforms(robot, q), robot.tool[None]], axis=0)
    f = np.zeros((robot.n_joints + 2, 3))
    n = np.zeros((robot.n_joints + 2, 3))
    f[-1], n[-1] = wrench_tool[:3], wrench_tool[3:]
    for i in range(robot.n_joints, -1, -1):
        R_i_next, P = A[i, :3, :3], A[i, :3, 3]
        f[i] = R_i_next @ f[i + 1]
        n[i] = R_i_next @ n[i + 1] + np.cross(P, f[i])
    return f[:-1], n[:-1]


def joint_torques_by_force_propagation(
    robot: SerialRobot, q: ArrayLike, wrench_tool: ArrayLike
) -> FloatArray:
    r"""Joint torques that hold the tool wrench, by Craig's inward force propagation.

    Each torque is the component along the joint axis of the moment carried
    through the joint, :math:`\tau_i = {}^{i}n_i^T\,\hat Z` (5.82); for a prismatic
    joint the force component, :math:`{}^{i}f_i^T\,\hat Z` (5.83). See
    :func:`link_forces_and_moments`. The result equals
    ``joint_torques_from_wrench(geometric_jacobian(robot, q, frame="tool"), wrench_tool)``.

    Parameters
    ----------
    robot : SerialRobot
    q : array_like, shape (n,)
    wrench_tool : array_like, shape (6,)
        ``[f; n]`` that the tool exerts on the environment, in the tool frame (N, N m).

    Returns
    -------
    ndarray, shape (n,)
        N m for revolute joints, N for prismatic ones.

    References: Craig (5.80)-(5.83), Example 5.7.

    Examples
    --------
    Craig's Example 5.7 with :math:`l_1 = l_2 = 1`, :math:`\theta_2 = 60^\circ` and
    :math:`{}^{3}F = (1, 2)`:

    >>> from coursekit.models import planar_2r
    >>> robot, q = planar_2r(1.0, 1.0), [0.0, np.pi / 3]
    >>> joint_torques_by_force_propagation(robot, q, [1, 2, 0, 0, 0, 0]).round(6)
    array([3.866025, 2.      ])
    """
    f, n = link_forces_and_moments(robot, q, wrench_tool)
    # The frame whose z-axis is joint i: {i} in modified DH, {i-1} in standard DH.
    shift = 1 if robot.convention == "modified" else 0
    return np.array(
        [
            (n if link.is_revolute else f)[i + shift, 2]
            for i, link in enumerate(robot.links)
        ]
    )


def joint_torques_from_wrench(J: ArrayLike, wrench: ArrayLike) -> FloatArray:
    r"""Joint torques that exert ``wrench``: :math:`\tau = J^T F`.

    ``J`` and ``wrench`` must be expressed in the same frame and refer to the
    same point (the tool origin for :func:`coursekit.geometric_jacobian`). A
    sub-Jacobian works with the matching entries, e.g. the 2x2 position Jacobian
    of a planar arm with a force ``(f_x, f_y)``.

    Parameters
    ----------
    J : array_like, shape (m, n) or (..., m, n)
    wrench : array_like, shape (m,) or (..., m)
        The force (and moment) the tool exerts on the environment.

    Returns
    -------
    ndarray, shape (n,) or (..., n)

    References: Craig (5.96), (5.97) (virtual work).

    Examples
    --------
    Craig's Exercise 5.13: a 2R arm at :math:`\theta = (0, 90^\circ)` pushing with
    :math:`{}^{0}F = 10\hat X_0`:

    >>> from coursekit.jacobians import geometric_jacobian
    >>> from coursekit.models import planar_2r
    >>> J = geometric_jacobian(planar_2r(1.0, 1.0), [0.0, np.pi / 2])[:2]
    >>> joint_torques_from_wrench(J, [10.0, 0.0]).round(6)
    array([-10., -10.])
    """
    J = _as_matrix(J)
    wrench = check_finite(as_float_array(wrench, "wrench"), "wrench")
    if wrench.ndim < 1 or wrench.shape[-1] != J.shape[-2]:
        msg = (
            f"wrench must have one entry per row of J ({J.shape[-2]}), "
            f"got shape {wrench.shape}."
        )
        raise ValueError(msg)
    return (np.swapaxes(J, -1, -2) @ wrench[..., None])[..., 0]


def wrench_from_joint_torques(
    J: ArrayLike, tau: ArrayLike, max_condition: float = MAX_CONDITION
) -> FloatArray:
    r"""The wrench that joint torques ``tau`` exert, :math:`F = J^{-T}\tau`, for a square ``J``.

    Near a singularity :math:`J^T` loses rank: some wrenches need no torque at all
    and the torques no longer determine the wrench, so a ValueError reports the
    condition number instead of returning huge numbers.

    Parameters
    ----------
    J : array_like, shape (n, n)
        A square Jacobian (pick task rows for a robot with fewer than 6 joints).
    tau : array_like, shape (n,)
    max_condition : float
        Largest condition number of ``J`` accepted.

    Returns
    -------
    ndarray, shape (n,)
        The wrench in the frame of ``J``.

    References: Craig (5.96), Exercise 5.10.

    Examples
    --------
    >>> wrench_from_joint_torques([[2.0, 0.0], [0.0, 4.0]], [1.0, 1.0])
    array([0.5 , 0.25])
    """
    J = _as_matrix(J)
    if J.ndim != 2 or J.shape[0] != J.shape[1]:
        msg = (
            f"J must be one square matrix (as many task rows as joints), got shape {J.shape}. "
            "Pick task rows, e.g. J[[0, 1]] for a planar arm's tip force."
        )
        raise ValueError(msg)
    tau = as_array(tau, (J.shape[1],), "tau")
    max_condition = as_positive(max_condition, "max_condition")
    condition = float(np.linalg.cond(J))
    if not condition <= max_condition:
        msg = (
            f"J is singular or nearly so (condition number {condition:.3g} > {max_condition:.3g}): "
            "near a singularity the joint torques do not determine the wrench."
        )
        raise ValueError(msg)
    return np.linalg.solve(J.T, tau)


def _as_matrix(J: ArrayLike) -> FloatArray:
    J = as_float_array(J, "J")
    if J.ndim < 2:
        msg = f"J must be a matrix of shape (m, n), got shape {J.shape}."
        raise ValueError(msg)
    return check_finite(J, "J")
