"""Iterative inverse kinematics for any serial robot: Newton-Raphson and damped least squares.

Both methods linearise the pose error with the geometric Jacobian and step the
joints, projecting every step back into ``robot.joint_limits``. They never
claim success on a target they cannot reach: success means the final pose
error is below ``tol``, and a stalled error is reported as "seems unreachable".
For the exact, all-branch solutions of particular arms see
:mod:`coursekit.closed_form_ik` and :mod:`coursekit.puma_ik`.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from numpy.typing import ArrayLike

from ._validation import FloatArray, as_choice, as_positive, as_transform
from .jacobians import geometric_jacobian
from .kinematics import _check_robot, forward_kinematics
from .robot import SerialRobot
from .rotations import rotation_vector_from_rotation
from .transforms import invert_transform

IK_METHODS = ("newton", "dls")
#: A stall: the best error has not dropped by this fraction for STALL_PATIENCE iterations.
STALL_RATIO = 1e-6
STALL_PATIENCE = 10


@dataclass(frozen=True, eq=False)
class IKResult:
    """Outcome of :func:`inverse_kinematics`.

    ``q`` is the best joint vector found (shape (n,)), ``success`` is True only
    when its pose error is below the tolerance, ``iterations`` counts the steps
    taken, ``residual`` is the final error norm |[dp; dtheta]| (m and rad; dp
    alone for a position-only task) and ``message`` says what happened, with the
    error in mm and degrees.
    """

    q: FloatArray
    success: bool
    iterations: int
    residual: float
    message: str

    def __post_init__(self) -> None:
        q = np.array(self.q, dtype=np.float64)
        q.flags.writeable = False
        object.__setattr__(self, "q", q)


def pose_residual(T_target: ArrayLike, T: ArrayLike) -> FloatArray:
    """Duysinx-Geradin's first-order pose error dx = [dr; dalpha] from ``T`` to ``T_target`` (6,).

    dT T^-1 = (T_target - T) T_target^-1 holds the small rotation dalpha (world
    axes, rad) in its skew part, and dr = (dT T^-1)[:3, 3] + dalpha x r_target
    is the displacement of the tool point (m). The order [dr; dalpha] matches
    the Jacobian rows [v; w], so J dq = dx is the Newton step (5.15.9, erratum
    E35). dx vanishes when T = T_target, but also for some half-turn errors:
    :func:`inverse_kinematics` judges success on the exact error instead.

    References: Duysinx-Geradin (5.15.3)-(5.15.8).

    >>> from coursekit.transforms import translation
    >>> pose_residual(translation([0.1, 0.0, 0.0]), np.eye(4))
    array([0.1, 0. , 0. , 0. , 0. , 0. ])
    """
    T_target = as_transform(T_target, "T_target")
    T = as_transform(T, "T")
    D = (T_target - T) @ invert_transform(T_target)
    d_alpha = np.array([D[2, 1], D[0, 2], D[1, 0]])  # (5.15.6)
    d_r = D[:3, 3] + np.cross(d_alpha, T_target[:3, 3])  # (5.15.7)
    return np.concatenate([d_r, d_alpha])


def _single_joint_vector(robot: SerialRobot, q0: ArrayLike) -> FloatArray:
    q = robot.as_joint_vector(q0, "q0")
    if q.ndim != 1:
        msg = f"q0 must be one joint vector of shape ({robot.n_joints},), got {q.shape}."
        raise ValueError(msg)
    return q


def inverse_kinematics(
    robot: SerialRobot,
    T_target: ArrayLike,
    q0: ArrayLike,
    *,
    method: str = "newton",
    position_only: bool = False,
    tol: float = 1e-10,
    max_iterations: int = 100,
    damping: float = 1e-3,
) -> IKResult:
    """Joint values that bring the tool to the pose ``T_target``, found iteratively from ``q0``.

    ``T_target`` is the tool pose in the world frame (4x4); with
    ``position_only=True`` only its translation is used (the 3 top rows of
    the Jacobian). Methods:

    * ``"newton"``: Newton-Raphson, J dq = dx with Duysinx-Geradin's residual
      dx (see :func:`pose_residual`); quadratic convergence near a solution.
    * ``"dls"``: damped least squares (Levenberg-Marquardt),
      (J^T J + lambda I) dq = J^T e with the exact error e (rotation vector of
      R_target R^T). lambda starts at ``damping``, shrinks after a step that
      lowers the error and grows after one that does not. Robust near
      singularities and far from the solution.

    When the task has fewer rows than joints (redundant arm) the minimum-norm
    step is taken, and when it has more (e.g. a planar 3R arm given a full
    pose) the least-squares step: the pseudo-inverse of (5.11.16)/(5.11.27)
    with unit weights. Every step is clipped to ``robot.joint_limits`` (and so
    is ``q0``). The iteration stops when the error is below ``tol``
    (success), when it stalls (reported as "seems unreachable"), or after
    ``max_iterations``.

    References: Duysinx-Geradin section 5.11 (Newton-Raphson, pseudo-inverses) and
    section 5.15 (pose residual).

    >>> from coursekit.models import planar_2r
    >>> from coursekit.transforms import translation
    >>> result = inverse_kinematics(planar_2r(), translation([1.0, 1.0, 0.0]), [0.3, 1.2],
    ...                             position_only=True)
    >>> result.success, result.iterations, np.rad2deg(result.q).round(6) + 0.0
    (True, 4, array([ 0., 90.]))

    A target 3 m away is out of reach of two 1 m links; the closest pose is 1 m short:

    >>> result = inverse_kinematics(planar_2r(), translation([3.0, 0.0, 0.0]), [0.3, 1.2],
    ...                             position_only=True, method="dls")
    >>> result.success, result.message
    (False, 'The target seems unreachable: the error stopped decreasing at 1000 mm after ...')
    """
    robot = _check_robot(robot)
    T_target = as_transform(T_target, "T_target")
    q = _single_joint_vector(robot, q0)
    method = as_choice(method, IK_METHODS, "method")
    tol = as_positive(tol, "tol")
    damping = as_positive(damping, "damping")
    if isinstance(max_iterations, bool) or not isinstance(max_iterations, (int, np.integer)):
        msg = f"max_iterations must be a whole number, got {type(max_iterations).__name__}."
        raise TypeError(msg)
    if max_iterations < 1:
        msg = f"max_iterations must be >= 1, got {max_iterations}."
        raise ValueError(msg)

    limits = robot.joint_limits
    rows = slice(0, 3) if position_only else slice(0, 6)
    q = np.clip(q, limits[:, 0], limits[:, 1])
    T, e = _pose_and_error(robot, T_target, q, position_only)
    best_q, best = q, float(np.linalg.norm(e))
    stalled_for, iterations, damping_now = 0, 0, damping
    while best > tol and iterations < max_iterations and stalled_for < STALL_PATIENCE:
        iterations += 1
        J = geometric_jacobian(robot, q)[rows]
        if method == "newton":
            dx = e if position_only else pose_residual(T_target, T)
            q_new = _step_within_limits(J, dx, q, limits, 0.0)
        else:
            q_new = _step_within_limits(J, e, q, limits, damping_now)
        if np.array_equal(q_new, q):
            stalled_for = STALL_PATIENCE  # the limits leave no step at all
            break
        T_new, e_new = _pose_and_error(robot, T_target, q_new, position_only)
        if method == "newton" or np.linalg.norm(e_new) < np.linalg.norm(e):
            q, T, e = q_new, T_new, e_new
            damping_now = max(damping_now / 3.0, 1e-12)
        else:
            damping_now *= 4.0  # rejected: lean towards a short gradient step
        error = float(np.linalg.norm(e))
        stalled_for = 0 if error < best * (1.0 - STALL_RATIO) else stalled_for + 1
        if error < best:
            best_q, best = q, error
    best_e = _pose_and_error(robot, T_target, best_q, position_only)[1]
    stalled = stalled_for >= STALL_PATIENCE
    message = _report(robot, best_q, best_e, best <= tol, stalled, iterations, tol, method)
    return IKResult(best_q, best <= tol, iterations, best, message)


def _step_within_limits(
    J: FloatArray, dx: FloatArray, q: FloatArray, limits: FloatArray, damping: float
) -> FloatArray:
    """q + dq with J dq = dx in the least-squares sense, joints stopped at their limits.

    A joint whose step would cross a limit is moved onto it and frozen, and the
    free joints are solved again for what is left: a projected Newton step.
    With ``damping`` > 0 the step is damped: |J dq - dx|^2 + damping |dq|^2 is minimised.
    """
    n = q.size
    free = np.ones(n, dtype=bool)
    dq = np.zeros(n)
    for _ in range(n):
        dq[free] = 0.0
        rest = dx - J @ dq  # what the free joints must still do
        A = np.vstack([J[:, free], np.sqrt(damping) * np.eye(int(free.sum()))])
        b = np.concatenate([rest, np.zeros(int(free.sum()))])
        # (5.11.8); min-norm (5.11.27) or least-squares (5.11.16) when J is not square.
        dq[free] = np.linalg.lstsq(A, b, rcond=None)[0]
        q_new = q + dq
        blocked = free & ((q_new < limits[:, 0]) | (q_new > limits[:, 1]))
        if not blocked.any():
            return q_new
        dq[blocked] = np.clip(q_new[blocked], limits[blocked, 0], limits[blocked, 1]) - q[blocked]
        free &= ~blocked
        if not free.any():
            break
    return np.clip(q + dq, limits[:, 0], limits[:, 1])


def _pose_and_error(
    robot: SerialRobot, T_target: FloatArray, q: FloatArray, position_only: bool
) -> tuple[FloatArray, FloatArray]:
    """Tool pose at ``q`` and its exact error: [p_target - p; rotation vector of R_target R^T]."""
    T = forward_kinematics(robot, q)
    d_p = T_target[:3, 3] - T[:3, 3]
    if position_only:
        return T, d_p
    return T, np.concatenate([d_p, rotation_vector_from_rotation(T_target[:3, :3] @ T[:3, :3].T)])


def _report(
    robot: SerialRobot,
    q: FloatArray,
    e: FloatArray,
    success: bool,
    stalled: bool,
    iterations: int,
    tol: float,
    method: str,
) -> str:
    """The sentence of an IKResult: what happened, with the error in mm and degrees."""
    error = f"{np.linalg.norm(e[:3]) * 1000:.4g} mm"
    if e.size == 6:
        error += f" and {np.rad2deg(np.linalg.norm(e[3:])):.4g} deg"
    limits = robot.joint_limits
    at_limit = [i + 1 for i in range(robot.n_joints) if np.any(np.abs(q[i] - limits[i]) < 1e-12)]
    limit_note = ""
    if at_limit:
        joints = ", ".join(f"q{i}" for i in at_limit)
        limit = "its limit" if len(at_limit) == 1 else "their limits"
        limit_note = f", with {joints} stopped at {limit}"
    if success:
        what = "position" if e.size == 3 else "pose"
        return f"Converged in {_count(iterations)}: the {what} error is {error}{limit_note}."
    hint = "another q0" + (" or method='dls'" if method == "newton" else "")
    if stalled:
        return (
            f"The target seems unreachable: the error stopped decreasing at {error} after "
            f"{_count(iterations)}{limit_note}. The closest configuration found is returned; "
            f"if you expected a solution, try {hint}."
        )
    return (
        f"No convergence in {_count(iterations)}: the error is still {error} "
        f"(tol = {tol:g}){limit_note}. Raise max_iterations or try {hint}."
    )


def _count(iterations: int) -> str:
    return "1 iteration" if iterations == 1 else f"{iterations} iterations"
