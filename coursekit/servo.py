"""Linear control of one joint: the mass-spring-damper under PD or PID feedback.

The plant is ``m x'' + c x' + k x = f`` (Duysinx-Geradin 3.6.1). With the
position law ``f = kp (x_d - x) - kv x' + kI * integral(x_d - x)`` (3.6.16) the
closed loop is second order without the integral term and third order with it.
This module gives its natural frequency, damping ratio and poles, the
steady-state error, gain design by pole placement, and the partitioned
(model-based + servo) law of section 3.6.8 that turns the plant into a unit mass.
Step responses and their metrics are in :mod:`coursekit.step_response`.

Several printed formulas of the source are wrong; the corrected forms are used
and tagged with the errata of the course digest (E13-E18).
"""

from __future__ import annotations

import numpy as np
from numpy.typing import ArrayLike

from ._validation import FloatArray, as_float_array, as_positive, check_finite


def _plant(m: float, c: float, k: float) -> tuple[float, float, float]:
    """A physical plant: positive mass, non-negative damping and stiffness."""
    return (
        as_positive(m, "m"),
        as_positive(c, "c", allow_zero=True),
        as_positive(k, "k", allow_zero=True),
    )


def _scalar(value: float, name: str) -> float:
    array = check_finite(as_float_array(value, name), name)
    if array.shape != ():
        msg = f"{name} must be a single number, got shape {array.shape}."
        raise ValueError(msg)
    return float(array)


def _stiffness(k: float, kp: float) -> float:
    total = k + kp
    if total <= 0:
        msg = (
            f"k + kp must be > 0 for a closed loop that returns to equilibrium, got {total}. "
            "A zero or negative total stiffness has a pole at or right of the origin."
        )
        raise ValueError(msg)
    return total


def _response_parameters(omega_n: float, zeta: float) -> tuple[float, float]:
    return as_positive(omega_n, "omega_n"), as_positive(zeta, "zeta", allow_zero=True)


def closed_loop_natural_frequency(m: float, k: float, kp: float = 0.0) -> float:
    r"""Natural frequency :math:`\omega_n = \sqrt{(k + k_p)/m}` of the PD loop, in rad/s.

    References: Duysinx-Geradin (3.6.9), where the book misplaces the square
    root (erratum E13); Craig (9.21).

    >>> closed_loop_natural_frequency(m=1.0, k=1.0, kp=99.0)
    10.0
    """
    m, _, k = _plant(m, 0.0, k)
    return float(np.sqrt(_stiffness(k, _scalar(kp, "kp")) / m))


def closed_loop_damping_ratio(
    m: float, c: float, k: float, kp: float = 0.0, kv: float = 0.0
) -> float:
    r"""Damping ratio :math:`\zeta = (c + k_v) / (2\sqrt{m (k + k_p)})` of the PD loop.

    The book calls it :math:`\tau`; 1 is critical damping.
    References: Duysinx-Geradin (3.6.11); Craig (9.22).

    >>> closed_loop_damping_ratio(m=2.0, c=1.0, k=8.0)
    0.125
    >>> closed_loop_damping_ratio(1.0, 1.0, 1.0, kp=99.0, kv=19.0)
    1.0
    """
    m, c, k = _plant(m, c, k)
    stiffness = _stiffness(k, _scalar(kp, "kp"))
    return float((c + _scalar(kv, "kv")) / (2.0 * np.sqrt(m * stiffness)))


def closed_loop_poles(
    m: float, c: float, k: float, kp: float = 0.0, kv: float = 0.0, ki: float = 0.0
) -> FloatArray:
    r"""Poles of the closed loop: 2 roots with ``ki == 0``, 3 with an integral gain.

    Roots of :math:`m s^2 + (c + k_v) s + (k + k_p)` (PD, eq. 3.6.4) or of
    :math:`m s^3 + (c + k_v) s^2 + (k + k_p) s + k_I` (PID, the characteristic
    polynomial of the third-order error equation, corrected in erratum E16).
    Returned as a complex array sorted by real part, then imaginary part.
    Any gains are accepted, so unstable loops (a pole with positive real part) can be shown.

    References: Duysinx-Geradin (3.6.4)-(3.6.6), (3.6.17).

    >>> closed_loop_poles(1.0, 1.0, 1.0, kp=99.0, kv=19.0).round(6)
    array([-10.+0.j, -10.+0.j])
    >>> closed_loop_poles(1.0, 1.0, 1.0, kp=199.0, kv=24.0, ki=500.0).real.round(6)
    array([-10., -10.,  -5.])
    """
    m, c, k = _plant(m, c, k)
    kp, kv, ki = _scalar(kp, "kp"), _scalar(kv, "kv"), _scalar(ki, "ki")
    coefficients = [m, c + kv, k + kp] if ki == 0 else [m, c + kv, k + kp, ki]
    roots = np.roots(coefficients).astype(complex)
    return np.sort_complex(roots)


def steady_state_error(k: float, kp: float, x_desired: float = 1.0) -> float:
    r"""Steady-state error :math:`e_{ss} = k\,x_d / (k + k_p)` of P or PD position control.

    The spring of the plant pulls back with ``k x``, so a finite ``kp`` leaves
    an offset; integral action removes it.
    References: Duysinx-Geradin (3.6.13)-(3.6.15), with the right-hand side
    ``k x_d`` of erratum E14 and the error reading of erratum E15.

    >>> steady_state_error(k=1.0, kp=99.0)
    0.01
    """
    k = as_positive(k, "k", allow_zero=True)
    return float(k * _scalar(x_desired, "x_desired") / _stiffness(k, _scalar(kp, "kp")))


def pd_gains(m: float, c: float, k: float, omega_n: float, zeta: float) -> tuple[float, float]:
    r"""Gains ``(kp, kv)`` that place the PD loop at ``omega_n`` (rad/s) and ``zeta``.

    :math:`k_p = m\omega_n^2 - k`, :math:`k_v = 2\zeta\omega_n m - c`: the
    inverse of (3.6.9) and (3.6.11). A negative gain means the plant alone is
    already stiffer or more damped than asked.

    References: Duysinx-Geradin (3.6.9), (3.6.11); Craig section 9.4.

    >>> pd_gains(m=1.0, c=1.0, k=1.0, omega_n=10.0, zeta=1.0)
    (99.0, 19.0)
    """
    m, c, k = _plant(m, c, k)
    omega_n, zeta = _response_parameters(omega_n, zeta)
    return float(m * omega_n**2 - k), float(2.0 * zeta * omega_n * m - c)


def pid_gains(
    m: float, c: float, k: float, omega_n: float, zeta: float, gamma: float
) -> tuple[float, float, float]:
    r"""Gains ``(kp, kv, kI)`` that put the PID poles at the roots of a chosen cubic.

    The cubic is :math:`(s+\gamma)(s^2+2\zeta\omega_n s+\omega_n^2)`.

    Matching :math:`m s^3 + (c+k_v)s^2 + (k+k_p)s + k_I` term by term gives
    :math:`k_I = m\omega_n^2\gamma`, :math:`k_v = m(2\zeta\omega_n + \gamma) - c`,
    :math:`k_p = m(\omega_n^2 + 2\zeta\omega_n\gamma) - k`. ``gamma`` (1/s) is the
    third, real pole; it must be > 0 for a stable loop.

    References: Duysinx-Geradin (3.6.17)-(3.6.19), corrected third-order loop
    (erratum E16) and corrected ``kp`` (erratum E17).

    >>> pid_gains(m=1.0, c=1.0, k=1.0, omega_n=10.0, zeta=1.0, gamma=5.0)
    (199.0, 24.0, 500.0)
    """
    m, c, k = _plant(m, c, k)
    omega_n, zeta = _response_parameters(omega_n, zeta)
    gamma = as_positive(gamma, "gamma")
    kp = m * (omega_n**2 + 2.0 * zeta * omega_n * gamma) - k
    kv = m * (2.0 * zeta * omega_n + gamma) - c
    ki = m * omega_n**2 * gamma
    return float(kp), float(kv), float(ki)


def unit_mass_gains(omega_n: float, zeta: float) -> tuple[float, float]:
    r"""Servo gains ``(kp, kv) = (omega_n**2, 2 zeta omega_n)`` for the unit-mass error loop.

    After partitioning, the error obeys :math:`\ddot e + k_v\dot e + k_p e = 0`
    (3.6.29), so :math:`\omega_n = \sqrt{k_p}` and :math:`\zeta = k_v/(2\sqrt{k_p})`
    (3.6.30, second item garbled in the source, erratum E18). Critical damping:
    :math:`k_v = 2\sqrt{k_p}`.

    >>> unit_mass_gains(10.0, 1.0)
    (100.0, 20.0)
    """
    omega_n, zeta = _response_parameters(omega_n, zeta)
    return float(omega_n**2), float(2.0 * zeta * omega_n)


def partitioning_terms(
    m: float, c: float, k: float, x: ArrayLike, x_dot: ArrayLike
) -> tuple[float, FloatArray]:
    r"""Model-based part ``(alpha, beta)`` of the law :math:`f = \alpha f' + \beta`.

    With :math:`\alpha = m` and :math:`\beta = c\dot x + k x` the plant
    :math:`m\ddot x + c\dot x + kx = f` becomes the unit mass :math:`\ddot x = f'`.
    ``beta`` follows the shape of ``x`` and ``x_dot`` (scalars or arrays).

    References: Duysinx-Geradin (3.6.24)-(3.6.27); Craig section 9.5.

    >>> alpha, beta = partitioning_terms(2.0, 0.5, 8.0, x=0.1, x_dot=-1.0)
    >>> alpha, float(beta)
    (2.0, 0.3)
    """
    m, c, k = _plant(m, c, k)
    x = check_finite(as_float_array(x, "x"), "x")
    x_dot = check_finite(as_float_array(x_dot, "x_dot"), "x_dot")
    return m, c * x_dot + k * x


def servo_acceleration(
    error: ArrayLike, error_rate: ArrayLike, xdd_desired: ArrayLike, kp: float, kv: float
) -> FloatArray:
    r"""Servo part :math:`f' = \ddot x_d + k_v\dot e + k_p e` of a partitioned law (m/s^2, rad/s^2).

    ``error = x_desired - x`` and ``error_rate = xd_desired - x_dot``. It is
    the acceleration asked of the unit-mass system.
    References: Duysinx-Geradin (3.6.28) and (3.7.3), where the book prints
    ``x_d`` for the desired acceleration (erratum E19).

    >>> float(servo_acceleration(error=0.1, error_rate=0.0, xdd_desired=0.0, kp=100.0, kv=20.0))
    10.0
    """
    error = check_finite(as_float_array(error, "error"), "error")
    error_rate = check_finite(as_float_array(error_rate, "error_rate"), "error_rate")
    xdd = check_finite(as_float_array(xdd_desired, "xdd_desired"), "xdd_desired")
    return xdd + _scalar(kv, "kv") * error_rate + _scalar(kp, "kp") * error
