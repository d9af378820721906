"""Actuators, transmissions and sensors: gear ratio choice, screw drives, step motors, encoders.

The one-axis reducer model of Duysinx-Geradin section 2.10.2: a motor of inertia
``J_m`` drives, through a reducer of ratio ``r = omega_m / omega_c`` (motor speed
over load speed, r >= 1) and efficiency ``eta``, a load of inertia ``J_c`` resisting
with torque ``gamma_c``. Note that the screw drive uses the *opposite* ratio,
output over input, ``x = r theta`` (erratum E1 notes the two conventions).

All quantities in SI units: kg m^2, N m, rad/s, rad/s^2, m, N, kg, Hz, V, s.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from ._validation import as_array, as_positive


class VelocityEstimate(NamedTuple):
    """A measured velocity (m/s or rad/s) and its relative error bound (a fraction, 0.04 = 4 %)."""

    velocity: float
    relative_error: float


def _number(value: float, name: str) -> float:
    return float(as_array(value, (), name))


def _efficiency(efficiency: float) -> float:
    eta = as_positive(efficiency, "efficiency")
    if eta > 1.0:
        msg = f"efficiency must be <= 1 (a reducer cannot create power), got {eta}."
        raise ValueError(msg)
    return eta


def motor_torque(
    gear_ratio: float,
    motor_inertia: float,
    load_inertia: float,
    load_acceleration: float,
    load_torque: float = 0.0,
    efficiency: float = 1.0,
) -> float:
    r"""Motor torque (N m) that gives the load the acceleration ``load_acceleration``.

    .. math:: \gamma_m = \frac{\gamma_c}{r\eta} + \Big(\frac{J_c}{r\eta} + r J_m\Big)\dot\omega_c

    References: Duysinx-Geradin (2.10.8).

    >>> round(motor_torque(70.0, 1e-4, 0.5, 50.0), 6)
    0.707143
    """
    r = as_positive(gear_ratio, "gear_ratio")
    J_m = as_positive(motor_inertia, "motor_inertia", allow_zero=True)
    J_c = as_positive(load_inertia, "load_inertia", allow_zero=True)
    eta = _efficiency(efficiency)
    gamma_c = _number(load_torque, "load_torque")
    acceleration = _number(load_acceleration, "load_acceleration")
    return float(gamma_c / (r * eta) + (J_c / (r * eta) + r * J_m) * acceleration)


def load_acceleration(
    gear_ratio: float,
    motor_inertia: float,
    load_inertia: float,
    motor_torque: float,
    load_torque: float = 0.0,
    efficiency: float = 1.0,
) -> float:
    r"""Load acceleration (rad/s^2) produced by the motor torque ``motor_torque``.

    .. math:: \dot\omega_c = \frac{\gamma_m - \gamma_c/(r\eta)}{J_c/(r\eta) + r J_m}

    References: Duysinx-Geradin (2.10.13); ideal case (2.10.15).

    >>> round(load_acceleration(70.710678, 1e-4, 0.5, motor_torque=2.0), 3)
    141.421
    """
    r = as_positive(gear_ratio, "gear_ratio")
    J_m = as_positive(motor_inertia, "motor_inertia", allow_zero=True)
    J_c = as_positive(load_inertia, "load_inertia", allow_zero=True)
    eta = _efficiency(efficiency)
    reflected = J_c / (r * eta) + r * J_m
    if reflected == 0.0:
        msg = "motor_inertia and load_inertia cannot both be 0: nothing would resist acceleration."
        raise ValueError(msg)
    gamma_m = _number(motor_torque, "motor_torque")
    gamma_c = _number(load_torque, "load_torque")
    return float((gamma_m - gamma_c / (r * eta)) / reflected)


def torque_optimal_gear_ratio(
    motor_inertia: float,
    load_inertia: float,
    load_acceleration: float,
    load_torque: float = 0.0,
    efficiency: float = 1.0,
) -> float:
    r"""Gear ratio that needs the least motor torque for a given load acceleration.

    .. math:: r^* = \sqrt{\frac{J_c\dot\omega_c + \gamma_c}{\eta J_m\dot\omega_c}}

    At the optimum the motor torque is :math:`2 J_m r^* \dot\omega_c` (2.10.10). In
    the ideal case (no load torque, eta = 1) :math:`r^* = \sqrt{J_c/J_m}`: the
    load inertia seen by the motor, :math:`J_c/r^2`, equals the motor's own.

    References: Duysinx-Geradin (2.10.9)-(2.10.12).

    >>> round(torque_optimal_gear_ratio(1e-4, 0.5, 50.0, load_torque=10.0, efficiency=0.8), 6)
    93.541435
    """
    J_m = as_positive(motor_inertia, "motor_inertia")
    J_c = as_positive(load_inertia, "load_inertia", allow_zero=True)
    acceleration = as_positive(load_acceleration, "load_acceleration")
    gamma_c = as_positive(load_torque, "load_torque", allow_zero=True)
    eta = _efficiency(efficiency)
    return float(np.sqrt((J_c * acceleration + gamma_c) / (eta * J_m * acceleration)))


def acceleration_optimal_gear_ratio(
    motor_inertia: float,
    load_inertia: float,
    motor_torque: float,
    load_torque: float = 0.0,
    efficiency: float = 1.0,
) -> float:
    r"""Ratio that gives the largest load acceleration for a given motor torque.

    Setting the derivative of (2.10.13) to zero gives a quadratic in 1/r, whose
    positive root is

    .. math:: \frac{1}{r^*} = -\frac{\gamma_c J_m}{\gamma_m J_c}
              + \sqrt{\Big(\frac{\gamma_c J_m}{\gamma_m J_c}\Big)^2 + \frac{\eta J_m}{J_c}}

    The book prints ``+`` before the first term (erratum E2), which gives a
    sub-optimal ratio. Ideal case: :math:`r^* = \sqrt{J_c/J_m}` (2.10.16).

    References: Duysinx-Geradin (2.10.13), (2.10.14) corrected.

    >>> round(acceleration_optimal_gear_ratio(1e-4, 0.5, 2.0, load_torque=10.0, efficiency=0.8), 3)
    85.554
    """
    J_m = as_positive(motor_inertia, "motor_inertia")
    J_c = as_positive(load_inertia, "load_inertia")
    gamma_m = as_positive(motor_torque, "motor_torque")
    gamma_c = as_positive(load_torque, "load_torque", allow_zero=True)
    eta = _efficiency(efficiency)
    b = gamma_c * J_m / (gamma_m * J_c)
    return float(1.0 / (-b + np.sqrt(b**2 + eta * J_m / J_c)))


def screw_ratio_from_lead(lead: float) -> float:
    r"""Transmission ratio :math:`r = p / (2\pi)` (m/rad) of a screw of lead ``p`` (m per turn).

    Here r is output over input: the nut moves :math:`x = r\theta`.
    References: Duysinx-Geradin section 2.10.2 (screw transmission), erratum E1.

    >>> round(screw_ratio_from_lead(0.005), 9)
    0.000795775
    """
    return float(as_positive(lead, "lead") / (2.0 * np.pi))


def screw_drive_torque(force: float, ratio: float) -> float:
    r"""Screw torque (N m) that balances an axial ``force`` (N): :math:`C = r F`.

    Equal work, :math:`C\theta = F x` with :math:`x = r\theta`. The book prints
    :math:`C\theta = F a` (erratum E3). Friction is ignored.

    >>> screw_drive_torque(1000.0, ratio=0.001)
    1.0
    """
    return float(_number(force, "force") * as_positive(ratio, "ratio"))


def screw_drive_acceleration(
    torque: float, actuator_inertia: float, load_mass: float, ratio: float
) -> float:
    r"""Load acceleration (m/s^2) of a screw drive, :math:`a = T r / (J + M r^2)`.

    References: Duysinx-Geradin (2.10.17), (2.10.18).

    >>> round(screw_drive_acceleration(1.0, 1e-4, 10.0, ratio=0.01), 6)
    9.090909
    """
    r = as_positive(ratio, "ratio")
    J = as_positive(actuator_inertia, "actuator_inertia", allow_zero=True)
    M = as_positive(load_mass, "load_mass", allow_zero=True)
    if J == 0.0 and M == 0.0:
        msg = "actuator_inertia and load_mass cannot both be 0: nothing would resist acceleration."
        raise ValueError(msg)
    return float(_number(torque, "torque") * r / (J + M * r**2))


def screw_optimal_ratio(actuator_inertia: float, load_mass: float) -> float:
    r"""Screw ratio (m/rad) giving the largest acceleration, :math:`r_{opt} = \sqrt{J/M}`.

    References: Duysinx-Geradin (2.10.19), (2.10.20).

    >>> round(screw_optimal_ratio(1e-4, 10.0), 9)
    0.003162278
    """
    J = as_positive(actuator_inertia, "actuator_inertia")
    M = as_positive(load_mass, "load_mass")
    return float(np.sqrt(J / M))


def screw_max_acceleration(torque: float, actuator_inertia: float, load_mass: float) -> float:
    r"""Largest load acceleration of a screw drive (m/s^2), :math:`a_{max} = T / (2\sqrt{MJ})`.

    The "acceleration power" of the actuator, reached at :func:`screw_optimal_ratio`.
    References: Duysinx-Geradin (2.10.21).

    >>> round(screw_max_acceleration(1.0, 1e-4, 10.0), 6)
    15.811388
    """
    J = as_positive(actuator_inertia, "actuator_inertia")
    M = as_positive(load_mass, "load_mass")
    return float(_number(torque, "torque") / (2.0 * np.sqrt(M * J)))


def harmonic_drive_ratio(circular_spline_teeth: int, flexspline_teeth: int) -> float:
    r"""Reduction ratio :math:`N = Z_p / (Z_p - Z_s)` of a harmonic drive.

    ``circular_spline_teeth`` Z_p (rigid, internal teeth) must exceed
    ``flexspline_teeth`` Z_s (usually by 2).
    References: Duysinx-Geradin (2.14.1).

    >>> harmonic_drive_ratio(202, 200)
    101.0
    """
    z_p = as_positive(circular_spline_teeth, "circular_spline_teeth")
    z_s = as_positive(flexspline_teeth, "flexspline_teeth")
    if z_p <= z_s:
        msg = (
            f"circular_spline_teeth must exceed flexspline_teeth, got {z_p:g} and {z_s:g}."
        )
        raise ValueError(msg)
    return float(z_p / (z_p - z_s))


def stepper_motor_speed(pulse_frequency: float, steps_per_revolution: int) -> float:
    r"""Mean speed (rad/s) of a step motor, :math:`2\pi f / n`: one step per clock pulse.

    The book gives it in rpm, :math:`N_m = 60 f / n`.
    References: Duysinx-Geradin (2.11.1).

    >>> speed = stepper_motor_speed(800.0, 200)
    >>> round(speed * 60 / (2 * np.pi), 6)  # in rpm
    240.0
    """
    f = as_positive(pulse_frequency, "pulse_frequency", allow_zero=True)
    n = as_positive(steps_per_revolution, "steps_per_revolution")
    return float(2.0 * np.pi * f / n)


def velocity_from_pulse_count(
    pulses: float, counts_per_unit: float, window: float, count_error: float = 2.0
) -> VelocityEstimate:
    r"""Velocity from the encoder pulses counted in a time ``window``: :math:`V = n / (p t)`.

    ``counts_per_unit`` p is the encoder resolution in steps per m or per rad.
    Relative error :math:`\Delta V/V \approx \Delta n / n` with the count
    uncertain by ``count_error`` = 2 (one pulse at each end of the window): good at
    high speed, poor at low speed, so mount the encoder on the motor side.

    References: Duysinx-Geradin (2.13.1), (2.13.2).

    >>> velocity_from_pulse_count(50, counts_per_unit=1000 / (2 * np.pi), window=0.01)
    VelocityEstimate(velocity=31.4159..., relative_error=0.04)
    """
    n = as_positive(pulses, "pulses")
    p = as_positive(counts_per_unit, "counts_per_unit")
    t = as_positive(window, "window")
    dn = as_positive(count_error, "count_error", allow_zero=True)
    return VelocityEstimate(n / (p * t), dn / n)


def velocity_from_clock_count(
    clock_pulses: float, clock_frequency: float, counts_per_unit: float, count_error: float = 2.0
) -> VelocityEstimate:
    r"""Velocity from clock pulses counted between two encoder pulses: :math:`V = f / (n p)`.

    Relative error :math:`\approx \Delta n / n`: good at low speed (many clock
    pulses between encoder pulses), so mount the encoder on the joint.
    References: Duysinx-Geradin (2.13.3), (2.13.4).

    >>> velocity_from_clock_count(2000, clock_frequency=1e6, counts_per_unit=1000 / (2 * np.pi))
    VelocityEstimate(velocity=3.14159..., relative_error=0.001)
    """
    n = as_positive(clock_pulses, "clock_pulses")
    f = as_positive(clock_frequency, "clock_frequency")
    p = as_positive(counts_per_unit, "counts_per_unit")
    dn = as_positive(count_error, "count_error", allow_zero=True)
    return VelocityEstimate(f / (n * p), dn / n)


def velocity_from_pulse_averaging(
    mean_voltage: float, amplitude: float, pulse_width: float, counts_per_unit: float
) -> float:
    r"""Velocity from the average of calibrated encoder pulses: :math:`V = E_m / (p A T_0)`.

    Pulses of height ``amplitude`` A (V) and width ``pulse_width`` T0 (s), one
    per encoder step, average to :math:`E_m = A T_0 / T` (2.13.5) while
    :math:`V = 1/(pT)` (2.13.6). Since E_m <= A, speeds above
    :func:`max_velocity_pulse_averaging` cannot be measured.
    References: Duysinx-Geradin (2.13.5)-(2.13.7).

    >>> round(velocity_from_pulse_averaging(1.0, 5.0, 10e-6, 1000 / (2 * np.pi)), 6)
    125.663706
    """
    e_m = as_positive(mean_voltage, "mean_voltage", allow_zero=True)
    a = as_positive(amplitude, "amplitude")
    t0 = as_positive(pulse_width, "pulse_width")
    p = as_positive(counts_per_unit, "counts_per_unit")
    if e_m > a:
        msg = (
            f"mean_voltage must be <= amplitude (pulses cannot average above their height), "
            f"got {e_m:g} V > {a:g} V."
        )
        raise ValueError(msg)
    return float(e_m / (p * a * t0))


def max_velocity_pulse_averaging(pulse_width: float, counts_per_unit: float) -> float:
    r"""Largest velocity the averaging method can measure, :math:`1/(p T_0)`, when pulses touch.

    References: Duysinx-Geradin section 2.13.2.

    >>> round(max_velocity_pulse_averaging(10e-6, 1000 / (2 * np.pi)), 6)
    628.318531
    """
    t0 = as_positive(pulse_width, "pulse_width")
    p = as_positive(counts_per_unit, "counts_per_unit")
    return float(1.0 / (p * t0))
