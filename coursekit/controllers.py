r"""Joint-space control laws, each a callable ``torque(t, q, qd)`` for ``simulate``.

With :math:`e = q_d - q` and :math:`\dot e = \dot q_d - \dot q` (gains diagonal, one per joint):

* :class:`JointPD`: :math:`\tau = K_p e + K_d \dot e\ [+\, g(q)]`, independent joints,
  optionally with gravity compensation;
* :class:`JointPID`: the same plus :math:`K_i\int_0^t e\,dt`, whose integral is a state
  that :func:`~coursekit.simulation.simulate` integrates with the robot;
* :class:`ComputedTorque`: control-law partitioning,
  :math:`\tau = \hat M(q)(\ddot q_d + K_d\dot e + K_p e) + \hat C\dot q + \hat g`, which
  leaves the error equation :math:`\ddot e + K_d\dot e + K_p e = 0` when the model is exact.

The reference is a constant set point (an (n,) array) or a function of time
returning ``(q_d, qd_d, qdd_d)``, for example a :class:`~coursekit.trajectories.JointTrajectory`:
``lambda t: ck.polynomial_trajectory(coefficients, min(t, duration))``.
Cartesian laws are in :mod:`coursekit.cartesian_control`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np
from numpy.typing import ArrayLike

from ._chain_model import chain_model
from ._validation import FloatArray, as_float_array, check_finite
from .dynamics import gravity_torques
from .kinematics import _check_robot
from .newton_euler import inverse_dynamics
from .robot import SerialRobot

#: A set point (array) or a function of time giving (position, velocity, acceleration).
Reference = ArrayLike | Callable[[float], Any]


def _frozen(array: FloatArray) -> FloatArray:
    array = np.array(array, dtype=np.float64)
    array.flags.writeable = False
    return array


def _gain_vector(value: ArrayLike, size: int, name: str) -> FloatArray:
    """One gain per axis, >= 0: a scalar is used for every axis (read-only)."""
    gains = check_finite(as_float_array(value, name), name)
    if gains.ndim > 1 or gains.size not in (1, size):
        msg = f"{name} must be one number or one per axis ({size}), got shape {gains.shape}."
        raise ValueError(msg)
    if np.any(gains < 0):
        msg = f"{name} must be >= 0 (a negative gain destabilises the loop), got {gains}."
        raise ValueError(msg)
    return _frozen(np.broadcast_to(gains, (size,)))


def _reference_or_set_point(reference: Reference, size: int, name: str) -> Reference:
    """A callable reference as is, or a set point checked and frozen."""
    if callable(reference):
        return reference
    point = check_finite(as_float_array(reference, name), name)
    if point.shape != (size,):
        msg = (
            f"{name} must be a set point of shape ({size},) or a function of t returning "
            f"(position, velocity, acceleration), got shape {point.shape}."
        )
        raise ValueError(msg)
    return _frozen(point)


def _desired_state(
    reference: Reference, t: float, size: int, name: str
) -> tuple[FloatArray, FloatArray, FloatArray]:
    """``(x_d, xd_d, xdd_d)`` of a reference at time t (zero rates for a set point)."""
    if not callable(reference):
        zeros = np.zeros(size)
        return np.asarray(reference), zeros, zeros
    value = reference(t)
    if not isinstance(value, tuple) or len(value) != 3:
        msg = (
            f"{name}(t) must return (position, velocity, acceleration), e.g. a JointTrajectory; "
            f"at t = {t:g} s it returned {type(value).__name__}."
        )
        raise ValueError(msg)
    parts = []
    for label, part in zip(("position", "velocity", "acceleration"), value, strict=True):
        array = check_finite(as_float_array(part, f"the {label} of {name}(t)"), name)
        if array.shape != (size,):
            msg = (
                f"{name}(t) must return {label}s of shape ({size},), but at t = {t:g} s "
                f"its {label} has shape {array.shape}."
            )
            raise ValueError(msg)
        parts.append(array)
    return parts[0], parts[1], parts[2]


def _check_mass_data(robot: SerialRobot, name: str, law: str) -> None:
    """Refuse a model without mass data for a model-based law."""
    if chain_model(robot).massless_from is not None:
        msg = (
            f"{law} needs a model with mass data, but some links of {name} ({robot.label}) "
            "have no mass or inertia. Give the links mass, com and inertia, or use "
            "models.puma560() or models.two_link_uniform_rods()."
        )
        raise ValueError(msg)


def _same_joints(robot: SerialRobot, model: SerialRobot) -> None:
    if _check_robot(model).n_joints != robot.n_joints:
        msg = (
            f"model must have as many joints as robot ({robot.n_joints}), "
            f"got {model.n_joints} ({model.label})."
        )
        raise ValueError(msg)


def _joint_errors(
    robot: SerialRobot, reference: Reference, t: float, q: ArrayLike, qd: ArrayLike
) -> tuple[FloatArray, FloatArray, FloatArray, FloatArray, FloatArray]:
    q = robot.as_joint_vector(q, "q")
    qd = robot.as_joint_vector(qd, "qd")
    q_d, qd_d, qdd_d = _desired_state(reference, t, robot.n_joints, "reference")
    return q, qd, q_d - q, qd_d - qd, qdd_d


@dataclass(frozen=True, eq=False)
class JointPD:
    r"""Independent-joint PD law :math:`\tau = K_p e + K_d\dot e`, plus :math:`g(q)` if asked.

    Without gravity compensation a set point is reached only up to the offset
    that solves :math:`K_p e_{ss} = g(q_d - e_{ss})`; with it, exactly
    (Lyapunov: :math:`V = \frac12\dot q^T M\dot q + \frac12 e^T K_p e`).
    ``kp`` (N m/rad) and ``kd`` (N m s/rad) are one number or one per joint.

    References: Duysinx-Geradin (3.6.2), (3.12.1)-(3.12.4); Craig section 10.7;
    dynamics-notes Part 4.9.

    >>> from coursekit.models import two_link_point_masses
    >>> robot = two_link_point_masses(m1=1.0, m2=1.0, l1=1.0, l2=1.0)
    >>> law = JointPD(robot, kp=100.0, kd=20.0, reference=[0.1, 0.0])
    >>> law(0.0, [0.0, 0.0], [0.0, 0.0])
    array([10.,  0.])
    >>> law = JointPD(robot, 100.0, 20.0, [0.1, 0.0], gravity_compensation=True)
    >>> law(0.0, [0.0, 0.0], [0.0, 0.0])
    array([39.43,  9.81])
    """

    robot: SerialRobot
    kp: ArrayLike
    kd: ArrayLike
    reference: Reference
    gravity_compensation: bool = False

    def __post_init__(self) -> None:
        n = _check_robot(self.robot).n_joints
        object.__setattr__(self, "kp", _gain_vector(self.kp, n, "kp"))
        object.__setattr__(self, "kd", _gain_vector(self.kd, n, "kd"))
        reference = _reference_or_set_point(self.reference, n, "reference")
        object.__setattr__(self, "reference", reference)
        if self.gravity_compensation:
            _check_mass_data(self.robot, "robot", "gravity compensation")

    def __call__(self, t: float, q: ArrayLike, qd: ArrayLike) -> FloatArray:
        """Joint torques at time t (s) and state (q, qd)."""
        q, qd, e, e_dot, _ = _joint_errors(self.robot, self.reference, t, q, qd)
        tau = self.kp * e + self.kd * e_dot
        if self.gravity_compensation:
            tau = tau + gravity_torques(self.robot, q)
        return tau


@dataclass(frozen=True, eq=False)
class JointPID:
    r"""Independent-joint PID law :math:`\tau = K_p e + K_i\int_0^t e\,dt + K_d\dot e\ [+\, g(q)]`.

    The integral is a state, not a memory of past calls: ``law(t, q, qd, integral)``
    takes it as an argument, and :meth:`integrand` gives its rate ``e``. Passed
    as ``torque=`` to :func:`~coursekit.simulation.simulate`, it starts at 0 and
    is integrated with the robot (an integral accumulated call by call would be
    wrong for RK4, whose stages are not successive times). The integral action
    removes the constant gravity offset that :class:`JointPD` leaves.

    Poles of one joint with inertia m: roots of
    :math:`m s^3 + k_d s^2 + k_p s + k_i` (:func:`~coursekit.servo.closed_loop_poles`);
    :func:`~coursekit.servo.pid_gains` places them.

    References: Duysinx-Geradin (3.6.16)-(3.6.19) (errata E16, E17), (3.12.2).

    >>> from coursekit.models import two_link_point_masses
    >>> robot = two_link_point_masses(m1=1.0, m2=1.0, l1=1.0, l2=1.0)
    >>> law = JointPID(robot, kp=100.0, ki=50.0, kd=20.0, reference=[0.1, 0.0])
    >>> law(0.0, [0.0, 0.0], [0.0, 0.0], integral=[0.2, 0.0])
    array([20.,  0.])
    """

    robot: SerialRobot
    kp: ArrayLike
    ki: ArrayLike
    kd: ArrayLike
    reference: Reference
    gravity_compensation: bool = False

    def __post_init__(self) -> None:
        n = _check_robot(self.robot).n_joints
        for name in ("kp", "ki", "kd"):
            object.__setattr__(self, name, _gain_vector(getattr(self, name), n, name))
        reference = _reference_or_set_point(self.reference, n, "reference")
        object.__setattr__(self, "reference", reference)
        if self.gravity_compensation:
            _check_mass_data(self.robot, "robot", "gravity compensation")

    def integrand(self, t: float, q: ArrayLike, qd: ArrayLike) -> FloatArray:
        """Rate of the integral state: the position error ``e = q_d(t) - q`` (rad or m)."""
        return _joint_errors(self.robot, self.reference, t, q, qd)[2]

    def __call__(self, t: float, q: ArrayLike, qd: ArrayLike, integral: ArrayLike) -> FloatArray:
        """Joint torques at time t, state (q, qd) and error integral (rad s)."""
        q, qd, e, e_dot, _ = _joint_errors(self.robot, self.reference, t, q, qd)
        integral = self.robot.as_joint_vector(integral, "integral")
        tau = self.kp * e + self.ki * integral + self.kd * e_dot
        if self.gravity_compensation:
            tau = tau + gravity_torques(self.robot, q)
        return tau


@dataclass(frozen=True, eq=False)
class ComputedTorque:
    r"""Computed-torque (inverse-dynamics) law: model-based part plus a unit-mass servo.

    .. math:: \tau = \hat M(q)\,(\ddot q_d + K_d\dot e + K_p e)
              + \hat C(q,\dot q)\,\dot q + \hat g(q)

    computed as one inverse-dynamics call of ``model`` with the servo
    acceleration. With ``model`` = the robot the error obeys
    :math:`\ddot e + K_d\dot e + K_p e = 0` joint by joint, so
    ``(kp, kd) = unit_mass_gains(omega_n, zeta)`` sets its natural frequency
    and damping. A different ``model`` (wrong masses, say) leaves the
    disturbance :math:`\hat M^{-1}[(M-\hat M)\ddot q + (h - \hat h)]` on the right-hand side.

    References: Duysinx-Geradin (3.9.3)-(3.9.7), (3.10.2)-(3.10.4); Craig (10.10)-(10.12);
    dynamics-notes Part 4.9.

    >>> from coursekit.models import two_link_point_masses
    >>> robot = two_link_point_masses(m1=1.0, m2=1.0, l1=1.0, l2=1.0)
    >>> law = ComputedTorque(robot, kp=100.0, kd=20.0, reference=[0.0, np.pi / 2])
    >>> law(0.0, [0.0, np.pi / 2], [0.0, 0.0]).round(6)  # on target: just hold up the arm
    array([19.62,  0.  ])
    """

    robot: SerialRobot
    kp: ArrayLike
    kd: ArrayLike
    reference: Reference
    model: SerialRobot | None = None

    def __post_init__(self) -> None:
        n = _check_robot(self.robot).n_joints
        object.__setattr__(self, "kp", _gain_vector(self.kp, n, "kp"))
        object.__setattr__(self, "kd", _gain_vector(self.kd, n, "kd"))
        reference = _reference_or_set_point(self.reference, n, "reference")
        object.__setattr__(self, "reference", reference)
        if self.model is None:
            object.__setattr__(self, "model", self.robot)
        _same_joints(self.robot, self.model)
        _check_mass_data(self.model, "model", "computed-torque control")

    def __call__(self, t: float, q: ArrayLike, qd: ArrayLike) -> FloatArray:
        """Joint torques at time t (s) and state (q, qd)."""
        q, qd, e, e_dot, qdd_d = _joint_errors(self.robot, self.reference, t, q, qd)
        servo = qdd_d + self.kd * e_dot + self.kp * e  # Duysinx-Geradin (3.9.5)
        return inverse_dynamics(self.model, q, qd, servo)
