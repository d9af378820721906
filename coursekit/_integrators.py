"""The integrators behind :func:`~coursekit.simulation.simulate` (private module).

:class:`ClosedLoop` turns the robot, its torque law, tip wrench and friction into
the state derivative, checking what user functions return; :func:`fixed_step`
(Craig's Euler or RK4) and :func:`adaptive` (scipy) integrate it on a grid.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np
from numpy.typing import ArrayLike

from ._chain_model import chain_model
from ._validation import FloatArray, as_array, as_float_array
from .dynamics import _any_mass_matrix, forward_dynamics, friction_torques
from .newton_euler import inverse_dynamics
from .robot import SerialRobot

#: A state entry beyond this size (rad, m, rad/s, m/s) counts as blown up.
BLOW_UP_LIMIT = 1e12


def frozen(array: FloatArray) -> FloatArray:
    """A read-only float copy: results cannot be changed by accident."""
    array = np.array(array, dtype=np.float64)
    array.flags.writeable = False
    return array


def one_state(robot: SerialRobot, value: ArrayLike, name: str) -> FloatArray:
    """One joint vector of shape (n,), checked; batches are refused."""
    array = robot.as_joint_vector(value, name)
    if array.ndim != 1:
        msg = (
            f"{name} must be one state of shape ({robot.n_joints},), got a batch of shape "
            f"{array.shape}: give one state at a time."
        )
        raise ValueError(msg)
    return array


def step_count(t_final: float, dt: float) -> int:
    """Number of steps; ``t_final`` must be a whole number of ``dt`` (k = steps + 1 samples)."""
    ratio = t_final / dt
    steps = round(ratio)
    if abs(ratio - steps) > 1e-6 * max(1.0, ratio):
        msg = (
            f"t_final must be a whole number of steps dt, got t_final / dt = {t_final:g} / "
            f"{dt:g} = {ratio:.6g}. Choose dt = t_final / N for a whole number N."
        )
        raise ValueError(msg)
    return int(steps)


def returned(value: object, shape: tuple[int, ...], what: str, t: float) -> FloatArray:
    """Check the value a user function returned at time t."""
    array = as_float_array(value, f"{what} (at t = {t:g} s)")  # type: ignore[arg-type]
    if array.shape != shape:
        msg = (
            f"{what} must return an array of shape {shape}, "
            f"but at t = {t:g} s it returned shape {array.shape}."
        )
        raise ValueError(msg)
    if not np.all(np.isfinite(array)):
        msg = f"{what} returned a value that is not finite at t = {t:g} s: {array}."
        raise ValueError(msg)
    return array


class BlowUp(Exception):
    """Raised inside the integrators when the state is no longer finite."""

    def __init__(self, t: float) -> None:
        super().__init__(t)
        self.t = t


class ClosedLoop:
    """The closed loop: the robot, its torque law, tip wrench and friction, as x -> x'."""

    def __init__(
        self,
        robot: SerialRobot,
        torque: Any,
        f_tip: Any,
        friction: Any,
    ) -> None:
        self.robot, self.n = robot, robot.n_joints
        self.model, self.zeros = chain_model(robot), np.zeros(robot.n_joints)
        n = self.n
        self.integrand = getattr(torque, "integrand", None) if callable(torque) else None
        if torque is None:
            zeros = np.zeros(n)
            self.torque = lambda t, q, qd, z: zeros
        elif callable(torque):
            what = "torque(t, q, qd)" if self.integrand is None else "torque(t, q, qd, integral)"
            if self.integrand is None:
                self.torque = lambda t, q, qd, z: returned(torque(t, q, qd), (n,), what, t)
            else:
                self.torque = lambda t, q, qd, z: returned(torque(t, q, qd, z), (n,), what, t)
        else:
            constant = one_state(robot, torque, "torque")
            self.torque = lambda t, q, qd, z: constant
        if f_tip is None or callable(f_tip):
            self.f_tip = f_tip
        else:
            wrench = as_array(f_tip, (6,), "f_tip")
            self.f_tip = lambda t, q, qd: wrench
        if friction is None:
            self.friction = None
        elif isinstance(friction, Mapping):
            unknown = set(friction) - {"viscous", "coulomb"}
            if unknown:
                msg = (
                    "friction as a dict takes the keys 'viscous' and 'coulomb' of "
                    f"friction_torques, got {sorted(unknown)}."
                )
                raise ValueError(msg)
            friction_torques(np.zeros(n), **friction)  # check the coefficients once
            self.friction = lambda qd: friction_torques(qd, **friction)
        elif callable(friction):
            self.friction = friction
        else:
            msg = (
                "friction must be None, a dict of friction_torques arguments such as "
                f"{{'viscous': 0.2}}, or a function friction(qd), got {type(friction).__name__}."
            )
            raise TypeError(msg)

    def accelerations(
        self, q: FloatArray, qd: FloatArray, tau: FloatArray, wrench: FloatArray | None
    ) -> FloatArray:
        """forward_dynamics without its input checks (the state is checked already)."""
        bias = inverse_dynamics(self.robot, q, qd, self.zeros, wrench)
        M = _any_mass_matrix(self.model, q)
        diagonal = np.diagonal(M)
        if not diagonal.min() > 1e-12 * max(1.0, diagonal.max()):
            return forward_dynamics(self.robot, q, qd, tau, wrench)  # explains the singular M
        return np.linalg.solve(M, tau - bias)

    def evaluate(
        self, t: float, q: FloatArray, qd: FloatArray, z: FloatArray
    ) -> tuple[FloatArray, FloatArray, FloatArray]:
        """Torque, acceleration and integrand at one state."""
        # one reduction for all three: NaN fails the comparison too
        if not np.abs(np.concatenate((q, qd, z))).max() < BLOW_UP_LIMIT:
            raise BlowUp(t)
        tau = self.torque(t, q, qd, z)
        net = tau
        if self.friction is not None:
            net = tau - returned(self.friction(qd), (self.n,), "friction(qd)", t)
        wrench = None
        if self.f_tip is not None:
            wrench = returned(self.f_tip(t, q, qd), (6,), "f_tip(t, q, qd)", t)
        qdd = self.accelerations(q, qd, net, wrench)
        dz = np.zeros(0)
        if self.integrand is not None:
            dz = returned(self.integrand(t, q, qd), z.shape, "integrand(t, q, qd)", t)
        return tau, qdd, dz


def fixed_step(
    dynamics: ClosedLoop,
    times: FloatArray,
    q: FloatArray,
    qd: FloatArray,
    z: FloatArray,
    method: str,
) -> tuple[FloatArray, ...]:
    """Euler (Craig 6.117) or RK4 on the grid ``times``; the state is stored before each step."""
    k, n = times.size, q.size
    q_s, qd_s, qdd_s, tau_s = (np.empty((k, n)) for _ in range(4))
    z_s = np.empty((k, z.size))
    dt = times[1] - times[0] if k > 1 else 0.0
    for i, t in enumerate(times):
        tau, qdd, dz = dynamics.evaluate(t, q, qd, z)
        q_s[i], qd_s[i], qdd_s[i], tau_s[i], z_s[i] = q, qd, qdd, tau, z
        if i == k - 1:
            break
        if method == "euler":
            q, qd, z = q + dt * qd + 0.5 * dt**2 * qdd, qd + dt * qdd, z + dt * dz
            continue
        h = dt / 2.0
        k1 = (qd, qdd, dz)
        _, a2, dz2 = dynamics.evaluate(t + h, q + h * k1[0], qd + h * k1[1], z + h * k1[2])
        k2 = (qd + h * k1[1], a2, dz2)
        _, a3, dz3 = dynamics.evaluate(t + h, q + h * k2[0], qd + h * k2[1], z + h * k2[2])
        k3 = (qd + h * k2[1], a3, dz3)
        _, a4, dz4 = dynamics.evaluate(t + dt, q + dt * k3[0], qd + dt * k3[1], z + dt * k3[2])
        k4 = (qd + dt * k3[1], a4, dz4)
        q, qd, z = (
            x + dt / 6.0 * (d1 + 2.0 * d2 + 2.0 * d3 + d4)
            for x, d1, d2, d3, d4 in zip((q, qd, z), k1, k2, k3, k4, strict=True)
        )
    return q_s, qd_s, qdd_s, tau_s, z_s


def adaptive(
    dynamics: ClosedLoop,
    times: FloatArray,
    q: FloatArray,
    qd: FloatArray,
    z: FloatArray,
    rtol: float,
    atol: float,
) -> tuple[FloatArray, ...]:
    """scipy's DOP853 on the state (q, qd, integral), then torque and qdd at each sample."""
    n, m = q.size, z.size
    x0 = np.concatenate([q, qd, z])
    if times.size > 1:
        # scipy is imported on first use: at import time it would double `import coursekit`.
        from scipy.integrate import solve_ivp

        def rhs(t: float, x: FloatArray) -> FloatArray:
            _, qdd, dz = dynamics.evaluate(t, x[:n], x[n : 2 * n], x[2 * n :])
            return np.concatenate([x[n : 2 * n], qdd, dz])

        solution = solve_ivp(
            rhs, (times[0], times[-1]), x0, method="DOP853", t_eval=times, rtol=rtol, atol=atol
        )
        if solution.status != 0 or solution.y.shape[1] != times.size:
            reached = float(solution.t[-1]) if solution.t.size else 0.0
            msg = (
                f"the adaptive integration stopped at t = {reached:.6g} s: {solution.message} "
                "Try method='rk4' with a small dt, or looser rtol and atol."
            )
            raise ValueError(msg)
        states = solution.y.T
    else:
        states = x0[None, :]
    q_s, qd_s, z_s = states[:, :n], states[:, n : 2 * n], states[:, 2 * n : 2 * n + m]
    qdd_s, tau_s = np.empty_like(q_s), np.empty_like(q_s)
    for i, t in enumerate(times):
        tau_s[i], qdd_s[i], _ = dynamics.evaluate(t, q_s[i], qd_s[i], z_s[i])
    return q_s, qd_s, qdd_s, tau_s, z_s
