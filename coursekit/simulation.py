r"""Simulating a robot: the equations of motion integrated in time.

The state is :math:`x = (q, \dot q)` and its derivative comes from the forward dynamics

.. math:: \ddot q = M(q)^{-1}\big(\tau - C(q, \dot q)\,\dot q - g(q) - \tau_f(\dot q)
          - J_{tool}^T f_{tip}\big)

(Craig (6.114)-(6.115)). The torque is zero, constant, or a feedback law
``torque(t, q, qd)`` such as the controllers of :mod:`coursekit.controllers`.
Three integrators: Craig's fixed-step Euler (6.117), the classic fourth-order
Runge-Kutta scheme, and an adaptive Runge-Kutta method (scipy's ``DOP853``)
sampled on the same grid. Every result is a :class:`Simulation`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

import numpy as np
from numpy.typing import ArrayLike

from ._chain_model import chain_model
from ._integrators import (
    BLOW_UP_LIMIT,
    BlowUp,
    ClosedLoop,
    adaptive,
    fixed_step,
    frozen,
    one_state,
    step_count,
)
from ._validation import FloatArray, as_choice, as_positive
from .dynamics import _check_has_mass, kinetic_energy, potential_energy
from .robot import SerialRobot

METHODS = ("rk4", "euler", "adaptive")


@dataclass(frozen=True, eq=False, repr=False)
class Simulation:
    """A simulated motion sampled at the times ``t``: arrays (k,) and (k, n), read-only.

    ``tau`` is the torque the actuators applied at each sample (before friction),
    ``qdd`` the acceleration it produced. ``integral`` is the integral state of a
    controller that has one (:class:`~coursekit.controllers.JointPID`), else None.
    """

    robot: SerialRobot
    method: str
    t: FloatArray
    q: FloatArray
    qd: FloatArray
    qdd: FloatArray
    tau: FloatArray
    integral: FloatArray | None = None

    def energy(self) -> FloatArray:
        """Total mechanical energy (kinetic + potential, J) at every sample, shape (k,).

        Constant for free, frictionless motion: a check on the integrator.
        """
        return kinetic_energy(self.robot, self.q, self.qd) + potential_energy(self.robot, self.q)

    def __repr__(self) -> str:
        return (
            f"Simulation({self.robot.label}, method={self.method!r}, "
            f"{self.t.size} samples from 0 to {self.t[-1]:g} s)"
        )


def simulate(
    robot: SerialRobot,
    q0: ArrayLike,
    qd0: ArrayLike,
    t_final: float,
    dt: float,
    torque: ArrayLike | Callable[..., ArrayLike] | None = None,
    *,
    method: str = "rk4",
    f_tip: ArrayLike | Callable[..., ArrayLike] | None = None,
    friction: Mapping[str, ArrayLike] | Callable[[FloatArray], ArrayLike] | None = None,
    rtol: float = 1e-8,
    atol: float = 1e-10,
) -> Simulation:
    r"""Motion of ``robot`` from ``(q0, qd0)`` at t = 0 to ``t_final``, sampled every ``dt``.

    There are ``k = t_final / dt + 1`` samples ``t_k = k dt`` (``t_final`` must be
    a whole number of steps); sample k holds the state at ``t_k`` and the
    torque and acceleration computed there, before the step to ``t_{k+1}``.

    * ``method="euler"``: Craig (6.117), :math:`\dot q_{k+1} = \dot q_k + \ddot q_k\,dt`,
      :math:`q_{k+1} = q_k + \dot q_k\,dt + \frac12\ddot q_k\,dt^2` (first order; the energy
      of a free robot creeps up, a teaching point);
    * ``method="rk4"``: the classic Runge-Kutta scheme, error O(dt^4), four
      evaluations of the dynamics per step;
    * ``method="adaptive"``: scipy's ``solve_ivp`` (``DOP853``) with ``rtol`` and
      ``atol``, output on the same grid; for torques that are smooth in time.

    ``torque`` is None (no actuation), a constant (n,) array, or a function
    ``torque(t, q, qd) -> tau``: a feedback law evaluated at every stage of the
    integrator. A law with an integral state (one that also has a method
    ``integrand(t, q, qd)``, like :class:`~coursekit.controllers.JointPID`) is
    called as ``torque(t, q, qd, integral)``; its integral starts at zero and is
    integrated with the robot by the same method, so RK4's intermediate stages
    see consistent values.

    References: Craig (6.114)-(6.117); Lynch & Park section 8.5; dynamics-notes Part 4.4.

    Parameters
    ----------
    robot : SerialRobot
        With mass properties.
    q0, qd0 : (n,) array_like
        Initial joint positions (rad or m) and velocities.
    t_final, dt : float
        Duration and sampling step, in s.
    torque : None, (n,) array_like or callable
        Actuator torques (N m, or N for prismatic joints).
    method : {"rk4", "euler", "adaptive"}
    f_tip : None, (6,) array_like or callable ``f_tip(t, q, qd)``
        Wrench ``[f; n]`` the tool exerts on the environment, in the tool frame
        (see :func:`~coursekit.newton_euler.inverse_dynamics`).
    friction : None, dict or callable
        Joint friction: keyword arguments of :func:`~coursekit.dynamics.friction_torques`
        (``{"viscous": 0.2, "coulomb": 0.1}``) or a function ``friction(qd)``.
        It opposes the actuators: the joints get ``tau - friction``.
    rtol, atol : float
        Tolerances of the adaptive method.

    Raises
    ------
    ValueError
        For a bad step or duration, states of the wrong shape, a robot without
        mass data, a torque function that returns the wrong shape, or a state
        that blows up (the error says when, and suggests a smaller ``dt``).

    Examples
    --------
    The 2R arm of two rods, released from rest, keeps its energy of 9.0748 J to
    the RK4 error; Craig's Euler step, at the same dt, gains more than 1 J:

    >>> from coursekit.models import two_link_uniform_rods
    >>> robot = two_link_uniform_rods()
    >>> run = simulate(robot, [0.3, 1.0], [0.0, 0.0], t_final=1.0, dt=0.005)
    >>> run
    Simulation(2-link arm, uniform rods, method='rk4', 201 samples from 0 to 1 s)
    >>> energy = run.energy()
    >>> round(float(energy[0]), 4), bool(np.abs(energy - energy[0]).max() < 1e-4)
    (9.0748, True)
    >>> euler = simulate(robot, [0.3, 1.0], [0.0, 0.0], 1.0, 0.005, method="euler").energy()
    >>> round(float(euler[-1] - euler[0]), 2)
    1.19
    """
    _check_has_mass(chain_model(robot))
    method = as_choice(method, METHODS, "method")
    q = one_state(robot, q0, "q0")
    qd = one_state(robot, qd0, "qd0")
    t_final = as_positive(t_final, "t_final", allow_zero=True)
    dt = as_positive(dt, "dt")
    rtol, atol = as_positive(rtol, "rtol"), as_positive(atol, "atol")
    steps = step_count(t_final, dt)
    dynamics = ClosedLoop(robot, torque, f_tip, friction)
    times = np.arange(steps + 1) * dt
    z = np.zeros(0)
    if dynamics.integrand is not None:
        z = np.zeros(np.shape(dynamics.integrand(0.0, q, qd)))
    try:
        if method == "adaptive":
            samples = adaptive(dynamics, times, q, qd, z, rtol, atol)
        else:
            samples = fixed_step(dynamics, times, q, qd, z, method)
    except BlowUp as blow_up:
        hint = (
            "tighten rtol and atol, or check the torque law"
            if method == "adaptive"
            else "try a smaller dt (or method='adaptive')"
        )
        msg = (
            f"the simulation blew up at t = {blow_up.t:.6g} s: the state of {robot.label} is no "
            f"longer finite or exceeds {BLOW_UP_LIMIT:g} (method={method!r}, dt = {dt:g} s). "
            f"The integration is unstable: {hint}."
        )
        raise ValueError(msg) from None
    q_s, qd_s, qdd_s, tau_s, z_s = samples
    integral = frozen(z_s) if dynamics.integrand is not None else None
    return Simulation(
        robot, method, frozen(times), *(frozen(a) for a in (q_s, qd_s, qdd_s, tau_s)), integral
    )
