r"""Cartesian control: computed torque and transpose-Jacobian laws, and resolved-rate motion.

The task coordinates ``x`` are picked by ``rows`` of the geometric Jacobian
``[vx, vy, vz, wx, wy, wz]`` (world axes, tool origin): a translational row gives
that coordinate of the tool origin; an angular row gives the tool's angle about
that world axis (for ``wz``, :math:`\phi = \mathrm{atan2}(r_{21}, r_{11})`). Angles are
exact task coordinates when the tool turns about that one axis, as for the
planar arms (``rows=(0, 1, 5)`` is Craig's :math:`(x, y, \phi)`); these laws are not
meant for general 3-D orientation control.

* :class:`CartesianComputedTorque`: :math:`\tau = \hat M J^{-1}(\ddot x_d + K_d\dot e +
  K_p e - \dot J\dot q) + \hat C\dot q + \hat g` (square Jacobian), error dynamics
  :math:`\ddot e + K_d\dot e + K_p e = 0` in task space;
* :class:`TransposeJacobianControl`: :math:`\tau = J^T(K_p e + K_d\dot e) + g(q)`, no inverse;
* :func:`resolved_rate`: the kinematic loop :math:`\dot q = J^{-1}\dot x_c` of Craig's
  MATLAB Exercise 5.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np
from numpy.typing import ArrayLike

from ._integrators import frozen, one_state, step_count
from ._validation import FloatArray, as_float_array, as_positive, check_finite
from .controllers import (
    Reference,
    _check_mass_data,
    _desired_state,
    _gain_vector,
    _reference_or_set_point,
)
from .dynamics import gravity_torques
from .kinematics import _check_robot, link_frames
from .newton_euler import inverse_dynamics
from .robot import SerialRobot
from .task_space import ROW_NAMES, _rows

#: Entries of the tool rotation matrix (sin, cos) of the angle about world x, y, z.
_ANGLE_ENTRIES = {3: ((2, 1), (1, 1)), 4: ((0, 2), (2, 2)), 5: ((1, 0), (0, 0))}
#: Above this condition number a task Jacobian counts as singular.
SINGULAR_CONDITION = 1e10


def _task_kinematics(
    robot: SerialRobot, q: FloatArray, qd: FloatArray, rows: Sequence[int]
) -> tuple[FloatArray, FloatArray, FloatArray]:
    r"""Task coordinates ``x`` (m,), Jacobian rows ``J`` (m, n) and :math:`\dot J\dot q` (m,).

    One pass over the link frames. Joint i turns about (or slides along) the
    axis :math:`z_i` through :math:`o_i`, both fixed in the link before it, so
    :math:`\dot z_i = \omega_{i-1}\times z_i` and :math:`\dot o_i` is that link's
    velocity at :math:`o_i`; differentiating the columns :math:`[z_i\times(p-o_i); z_i]`
    gives :math:`\dot J`. The tests check it against
    :func:`~coursekit.jacobians.geometric_jacobian` and finite differences.

    >>> from coursekit.models import planar_2r
    >>> x, J, Jdot_qd = _task_kinematics(planar_2r(), np.zeros(2), np.array([1.0, 0.0]), (0, 1))
    >>> x.round(12), J.round(12), Jdot_qd.round(12)  # the tip at 2 m turning at 1 rad/s
    (array([2., 0.]), array([[0., 0.], [2., 1.]]), array([-2.,  0.]))
    """
    frames = link_frames(robot, q)
    T_tool = frames[-1] @ robot.tool
    axis_frames = frames[1:] if robot.convention == "modified" else frames[:-1]
    z, o, p = axis_frames[:, :3, 2], axis_frames[:, :3, 3], T_tool[:3, 3]
    revolute = np.array([link.is_revolute for link in robot.links])[:, None]
    J_v = np.where(revolute, _cross(z, p - o), z)
    J_w = np.where(revolute, z, 0.0)
    # Angular velocity of the link before each joint, and the velocity of the axis
    # point o_i carried by it: sum over j < i of w_j x (o_i - o_j) or the slide v_j.
    w_after = np.cumsum(J_w * qd[:, None], axis=0)
    w_before = _before(w_after)
    z_dot = _cross(w_before, z)
    sliding = np.cumsum(np.where(revolute, -_cross(J_w, o), z) * qd[:, None], axis=0)
    o_dot = _cross(w_before, o) + _before(sliding)
    p_dot = qd @ J_v
    J_v_dot = np.where(revolute, _cross(z_dot, p - o) + _cross(z, p_dot - o_dot), z_dot)
    J_w_dot = np.where(revolute, z_dot, 0.0)
    J6 = np.vstack([J_v.T, J_w.T])
    Jdot_qd = np.concatenate([qd @ J_v_dot, qd @ J_w_dot])
    x = np.empty(len(rows))
    for k, row in enumerate(rows):
        if row < 3:
            x[k] = p[row]
        else:
            (i_s, j_s), (i_c, j_c) = _ANGLE_ENTRIES[row]
            x[k] = np.arctan2(T_tool[i_s, j_s], T_tool[i_c, j_c])
    index = list(rows)
    return x, J6[index], Jdot_qd[index]


def _cross(a: FloatArray, b: FloatArray) -> FloatArray:
    """Row-wise cross product of (..., 3) arrays (np.cross is slow on small arrays)."""
    a1, a2, a3 = a[..., 0], a[..., 1], a[..., 2]
    b1, b2, b3 = b[..., 0], b[..., 1], b[..., 2]
    return np.stack([a2 * b3 - a3 * b2, a3 * b1 - a1 * b3, a1 * b2 - a2 * b1], axis=-1)


def _before(cumulative: FloatArray) -> FloatArray:
    """Exclusive prefix sums from inclusive ones: row i sums the rows before i."""
    return np.vstack([np.zeros((1, cumulative.shape[1])), cumulative[:-1]])


def _task_error(x_d: FloatArray, x: FloatArray, rows: Sequence[int]) -> FloatArray:
    """``x_d - x``, with angle differences wrapped into (-pi, pi]."""
    e = x_d - x
    angular = np.array([row >= 3 for row in rows])
    wrapped = np.pi - np.mod(np.pi - e, 2.0 * np.pi)
    return np.where(angular, wrapped, e)


def _solve(J: FloatArray, b: FloatArray, rows: Sequence[int], when: str) -> FloatArray:
    condition = np.linalg.cond(J)
    if not condition < SINGULAR_CONDITION:
        names = ", ".join(ROW_NAMES[i] for i in rows)
        msg = (
            f"the Jacobian rows [{names}] are singular {when} (condition number "
            f"{condition:.3g}): J cannot be inverted there. Keep the arm away from its "
            "singular poses (for a 2R or 3R arm: theta2 = 0 or pi)."
        )
        raise ValueError(msg)
    return np.linalg.solve(J, b)


def _square_rows(robot: SerialRobot, rows: Sequence[int] | None, law: str) -> tuple[int, ...]:
    index = tuple(_rows(rows))
    if len(index) != robot.n_joints:
        msg = (
            f"{law} needs a square Jacobian: rows must pick {robot.n_joints} rows for "
            f"{robot.label} ({robot.n_joints} joints), got {len(index)} rows "
            "(for a planar arm, (0, 1) for x, y or (0, 1, 5) for x, y, phi)."
        )
        raise ValueError(msg)
    return index


@dataclass(frozen=True, eq=False)
class CartesianComputedTorque:
    r"""Computed torque in task space for a square Jacobian (resolved-acceleration control).

    The servo asks the tool for :math:`\ddot x^* = \ddot x_d + K_d\dot e + K_p e`; the
    joint acceleration that gives it, :math:`\ddot q^* = J^{-1}(\ddot x^* - \dot J\dot q)`,
    goes through the inverse dynamics of ``model`` (default: the robot). This is
    :math:`\tau = J^T(\Lambda(\ddot x^* - \dot J\dot q) + \dots)` of the task-space
    equations, and with an exact model the task error obeys
    :math:`\ddot e + K_d\dot e + K_p e = 0`. ``reference`` is a set point (m,) or
    a function of t returning ``(x_d, xd_d, xdd_d)`` in the task coordinates.

    References: Duysinx-Geradin section 3.13; Craig (6.91)-(6.100), section 10.9;
    dynamics-notes Part 4.9 (task-space computed torque).

    >>> from coursekit.models import two_link_point_masses
    >>> robot = two_link_point_masses(m1=1.0, m2=1.0, l1=1.0, l2=1.0)
    >>> law = CartesianComputedTorque(robot, 100.0, 20.0, reference=[1.0, 1.0], rows=(0, 1))
    >>> law(0.0, [0.0, np.pi / 2], [0.0, 0.0]).round(6)  # on target at rest: gravity only
    array([19.62,  0.  ])
    """

    robot: SerialRobot
    kp: ArrayLike
    kd: ArrayLike
    reference: Reference
    rows: Sequence[int] | None = None
    model: SerialRobot | None = None

    def __post_init__(self) -> None:
        _check_robot(self.robot)
        rows = _square_rows(self.robot, self.rows, "Cartesian computed torque")
        m = len(rows)
        object.__setattr__(self, "rows", rows)
        object.__setattr__(self, "kp", _gain_vector(self.kp, m, "kp"))
        object.__setattr__(self, "kd", _gain_vector(self.kd, m, "kd"))
        reference = _reference_or_set_point(self.reference, m, "reference")
        object.__setattr__(self, "reference", reference)
        model = self.robot if self.model is None else _check_robot(self.model)
        if model.n_joints != self.robot.n_joints:
            msg = f"model must have {self.robot.n_joints} joints like robot, got {model.n_joints}."
            raise ValueError(msg)
        _check_mass_data(model, "model", "Cartesian computed torque")
        object.__setattr__(self, "model", model)

    def __call__(self, t: float, q: ArrayLike, qd: ArrayLike) -> FloatArray:
        """Joint torques at time t (s) and state (q, qd)."""
        q, qd = one_state(self.robot, q, "q"), one_state(self.robot, qd, "qd")
        rows = tuple(self.rows)  # type: ignore[arg-type]
        x, J, Jdot_qd = _task_kinematics(self.robot, q, qd, rows)
        x_d, xd_d, xdd_d = _desired_state(self.reference, t, len(rows), "reference")
        servo = xdd_d + self.kd * (xd_d - J @ qd) + self.kp * _task_error(x_d, x, rows)
        qdd = _solve(J, servo - Jdot_qd, rows, f"at t = {t:g} s")
        return inverse_dynamics(self.model, q, qd, qdd)  # type: ignore[arg-type]


@dataclass(frozen=True, eq=False)
class TransposeJacobianControl:
    r"""Transpose-Jacobian law :math:`\tau = J^T(K_p e + K_d\dot e) + g(q)`.

    A Cartesian spring and damper at the tool, mapped to the joints by
    :math:`J^T` (no inverse, so any number of rows); for a set point
    :math:`\dot e = -\dot x`. With gravity compensation the Lyapunov function
    :math:`\frac12\dot q^T M\dot q + \frac12 e^T K_p e` shows convergence to a
    set point away from singularities.

    References: Duysinx-Geradin section 3.13 (Fig. 3.13.4); Craig section 10.9.

    >>> from coursekit.models import two_link_point_masses
    >>> robot = two_link_point_masses(m1=1.0, m2=1.0, l1=1.0, l2=1.0)
    >>> law = TransposeJacobianControl(robot, 100.0, 20.0, reference=[1.1, 1.0], rows=(0, 1))
    >>> law(0.0, [0.0, np.pi / 2], [0.0, 0.0]).round(6)  # J^T [10, 0] + g = [-10, -10] + g
    array([  9.62, -10.  ])
    """

    robot: SerialRobot
    kp: ArrayLike
    kd: ArrayLike
    reference: Reference
    rows: Sequence[int] | None = None
    gravity_compensation: bool = True

    def __post_init__(self) -> None:
        _check_robot(self.robot)
        rows = tuple(_rows(self.rows))
        object.__setattr__(self, "rows", rows)
        object.__setattr__(self, "kp", _gain_vector(self.kp, len(rows), "kp"))
        object.__setattr__(self, "kd", _gain_vector(self.kd, len(rows), "kd"))
        ref = _reference_or_set_point(self.reference, len(rows), "reference")
        object.__setattr__(self, "reference", ref)
        if self.gravity_compensation:
            _check_mass_data(self.robot, "robot", "gravity compensation")

    def __call__(self, t: float, q: ArrayLike, qd: ArrayLike) -> FloatArray:
        """Joint torques at time t (s) and state (q, qd)."""
        q, qd = one_state(self.robot, q, "q"), one_state(self.robot, qd, "qd")
        rows = tuple(self.rows)  # type: ignore[arg-type]
        x, J, _ = _task_kinematics(self.robot, q, qd, rows)
        x_d, xd_d, _ = _desired_state(self.reference, t, len(rows), "reference")
        force = self.kp * _task_error(x_d, x, rows) + self.kd * (xd_d - J @ qd)
        tau = J.T @ force
        if self.gravity_compensation:
            tau = tau + gravity_torques(self.robot, q)
        return tau


@dataclass(frozen=True, eq=False, repr=False)
class ResolvedRate:
    """Samples of a resolved-rate run: ``t`` (k,), ``q``, ``qd`` (k, n), ``x`` (k, m),
    ``jacobian`` (k, m, n), ``jacobian_determinant`` (k,), and ``tau`` (k, n) when a
    wrench was given (else None). Read-only arrays; angles in rad."""

    t: FloatArray
    q: FloatArray
    qd: FloatArray
    x: FloatArray
    jacobian: FloatArray
    jacobian_determinant: FloatArray
    tau: FloatArray | None = None

    def __repr__(self) -> str:
        return f"ResolvedRate({self.t.size} samples from 0 to {self.t[-1]:g} s)"


def resolved_rate(
    robot: SerialRobot,
    q0: ArrayLike,
    xdot: ArrayLike | Callable[[float], ArrayLike],
    t_final: float,
    dt: float,
    rows: Sequence[int] | None = None,
    wrench: ArrayLike | None = None,
) -> ResolvedRate:
    r"""Resolved-rate motion: joint rates :math:`\dot q = J(q)^{-1}\dot x_c`, integrated by Euler.

    At every sample :math:`t_k = k\,dt` the Jacobian rows are evaluated at
    :math:`q_k`, the commanded task velocity ``xdot`` (constant (m,) or a
    function of t) is resolved into joint rates, the sample is stored, and
    :math:`q_{k+1} = q_k + \dot q_k\,dt` (Craig's block diagram: the commanded
    angles are assumed reached). ``t_final / dt + 1`` samples. With a
    ``wrench`` W (m,) in the same task rows, ``tau`` holds the inverse statics
    :math:`\tau = J^T W`.

    References: Craig MATLAB Exercise 5 (Whitney's resolved-rate control), (5.65)-(5.66), (5.105).

    Raises
    ------
    ValueError
        If the rows are not square, or J is singular along the way (the error says when).

    Examples
    --------
    Craig's MATLAB Exercise 5: planar 3R, L = (4, 3, 2) m, from (10, 20, 30) deg:

    >>> from coursekit.models import planar_3r
    >>> run = resolved_rate(planar_3r(), np.deg2rad([10, 20, 30]), [0.2, -0.3, -0.2],
    ...                     t_final=5.0, dt=0.1, rows=(0, 1, 5), wrench=[1.0, 2.0, 3.0])
    >>> np.rad2deg(run.q[-1]).round(4), run.tau[-1].round(6)
    (array([ 11.8811,  18.0197, -27.1966]), array([17.612118, 10.607026,  6.901186]))
    """
    rows_ = _square_rows(_check_robot(robot), rows, "resolved-rate control")
    m = len(rows_)
    q = one_state(robot, q0, "q0")
    t_final = as_positive(t_final, "t_final", allow_zero=True)
    dt = as_positive(dt, "dt")
    times = np.arange(step_count(t_final, dt) + 1) * dt
    W = None if wrench is None else _task_vector(wrench, m, "wrench")
    if callable(xdot):
        command = lambda t: _task_vector(xdot(t), m, f"xdot(t) at t = {t:g} s")
    else:
        constant = _task_vector(xdot, m, "xdot")
        command = lambda t: constant
    k, n = times.size, robot.n_joints
    q_s, qd_s = np.empty((k, n)), np.empty((k, n))
    x_s, J_s = np.empty((k, m)), np.empty((k, m, n))
    for i, t in enumerate(times):
        x, J, _ = _task_kinematics(robot, q, np.zeros(n), rows_)
        qd = _solve(J, command(t), rows_, f"at t = {t:g} s")
        q_s[i], qd_s[i], x_s[i], J_s[i] = q, qd, x, J
        q = q + qd * dt
    angular = [i for i, row in enumerate(rows_) if row >= 3]
    x_s[:, angular] = np.unwrap(x_s[:, angular], axis=0)  # angles continuous in time
    tau = None if W is None else frozen(np.swapaxes(J_s, -1, -2) @ W)
    return ResolvedRate(*(frozen(a) for a in (times, q_s, qd_s, x_s, J_s, np.linalg.det(J_s))), tau)


def _task_vector(value: ArrayLike, size: int, name: str) -> FloatArray:
    array = check_finite(as_float_array(value, name), name)
    if array.shape != (size,):
        msg = f"{name} must have one value per task row, shape ({size},), got shape {array.shape}."
        raise ValueError(msg)
    return array
