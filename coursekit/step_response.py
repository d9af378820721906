"""Step response of the PD/PID servo and its metrics: overshoot, peak, rise and settling times.

:func:`closed_loop_step_response` integrates the closed loop of
:mod:`coursekit.servo` numerically (matrix exponentials); the metrics are those
of the normalised second-order system w^2 / (s^2 + 2 zeta w s + w^2), which is
the PD loop divided by its final value. Metrics are relative to the final value.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
from numpy.typing import ArrayLike

from ._validation import FloatArray, as_float_array, as_positive, check_finite
from .servo import _plant, _response_parameters, _scalar


class StepMetrics(NamedTuple):
    """Step-response metrics of a second-order system (times in s, overshoot in %)."""

    overshoot: float
    peak_time: float
    rise_time: float
    settling_time: float


def closed_loop_step_response(
    m: float,
    c: float,
    k: float,
    t: ArrayLike,
    kp: float = 0.0,
    kv: float = 0.0,
    ki: float = 0.0,
    x_desired: float = 1.0,
) -> FloatArray:
    r"""Position ``x(t)`` after a step of the set point to ``x_desired`` at t = 0, plant at rest.

    The closed loop :math:`X/X_d = (k_p s + k_I)/(m s^3 + (c+k_v)s^2 + (k+k_p)s + k_I)`
    (the velocity gain acts on :math:`\dot x`, not on the error, as in 3.6.12) is
    integrated exactly (to rounding) through matrix exponentials of its
    state-space form, so ``t`` may be any array of times >= 0, in any order and
    not necessarily evenly spaced.

    References: Duysinx-Geradin (3.6.12), (3.6.16); Craig section 9.3.

    >>> t = np.array([0.0, 2.0])
    >>> closed_loop_step_response(1.0, 1.0, 1.0, t, kp=99.0, kv=19.0).round(6)
    array([0.  , 0.99])
    """
    m, c, k = _plant(m, c, k)
    kp, kv, ki = _scalar(kp, "kp"), _scalar(kv, "kv"), _scalar(ki, "ki")
    x_desired = _scalar(x_desired, "x_desired")
    times = check_finite(as_float_array(t, "t"), "t")
    if np.any(times < 0):
        msg = f"t must be >= 0 (the step happens at t = 0), got a minimum of {times.min()}."
        raise ValueError(msg)
    # State z = [integral of e, x, x'] with e = x_d - x and input x_d.
    A = np.array(
        [
            [0.0, -1.0, 0.0],
            [0.0, 0.0, 1.0],
            [ki / m, -(k + kp) / m, -(c + kv) / m],
        ]
    )
    B = np.array([1.0, 0.0, kp / m])
    # expm of the augmented matrix [[A, B], [0, 0]] carries the constant input exactly.
    augmented = np.zeros((4, 4))
    augmented[:3, :3] = A
    augmented[:3, 3] = B
    # scipy is imported on first use: at import time it would double `import coursekit`.
    from scipy.linalg import expm

    # Walk through the sorted times with one transition matrix per distinct step,
    # so an evenly spaced grid costs a handful of matrix exponentials.
    flat = times.ravel()
    order = np.argsort(flat, kind="stable")
    state = np.array([0.0, 0.0, 0.0, 1.0])
    transitions: dict[float, FloatArray] = {}
    x_sorted = np.empty(flat.size)
    for i, step in enumerate(np.diff(flat[order], prepend=0.0)):
        if step > 0:
            if step not in transitions:
                transitions[step] = expm(augmented * step)
            state = transitions[step] @ state
        x_sorted[i] = state[1]
    x = np.empty(flat.size)
    x[order] = x_sorted
    return x.reshape(times.shape) * x_desired


def _unit_step_error(omega_n: float, zeta: float, t: float) -> float:
    """Closed form of y(t) - 1 for the unit step of w^2/(s^2 + 2 zeta w s + w^2)."""
    if zeta < 1.0:
        omega_d = omega_n * np.sqrt(1.0 - zeta**2)
        oscillation = np.cos(omega_d * t) + zeta / np.sqrt(1.0 - zeta**2) * np.sin(omega_d * t)
        return float(-np.exp(-zeta * omega_n * t) * oscillation)
    if zeta == 1.0:
        return float(-(1.0 + omega_n * t) * np.exp(-omega_n * t))
    root = np.sqrt(zeta**2 - 1.0)
    s1, s2 = -omega_n * (zeta - root), -omega_n * (zeta + root)
    return float((s2 * np.exp(s1 * t) - s1 * np.exp(s2 * t)) / (s1 - s2))


def percent_overshoot(zeta: float) -> float:
    r"""Overshoot of the unit step response in percent: :math:`100\,e^{-\pi\zeta/\sqrt{1-\zeta^2}}`.

    Zero for :math:`\zeta \ge 1`. Standard second-order result (an extension:
    the source discusses overshoot only qualitatively, Fig. 3.6.3).

    >>> round(percent_overshoot(0.5), 2)
    16.3
    """
    zeta = as_positive(zeta, "zeta", allow_zero=True)
    if zeta >= 1.0:
        return 0.0
    return float(100.0 * np.exp(-np.pi * zeta / np.sqrt(1.0 - zeta**2)))


def peak_time(omega_n: float, zeta: float) -> float:
    r"""Time of the first (largest) peak, :math:`\pi / (\omega_n\sqrt{1-\zeta^2})`, in s.

    >>> round(peak_time(10.0, 0.5), 6)
    0.362760
    """
    omega_n, zeta = _response_parameters(omega_n, zeta)
    if zeta >= 1.0:
        msg = (
            f"zeta must be < 1 for the response to have a peak, got {zeta}: "
            "a critically or over-damped response rises monotonically."
        )
        raise ValueError(msg)
    return float(np.pi / (omega_n * np.sqrt(1.0 - zeta**2)))


def rise_time(omega_n: float, zeta: float, low: float = 0.1, high: float = 0.9) -> float:
    """Time for the unit step response to go from ``low`` to ``high`` of its final value, in s.

    Found by root bracketing on the closed-form response (no closed form exists
    for the usual 10-90 % definition).

    >>> round(rise_time(10.0, 1.0), 6)
    0.335791
    """
    from scipy.optimize import brentq  # on first use, see closed_loop_step_response

    omega_n, zeta = _response_parameters(omega_n, zeta)
    low, high = _scalar(low, "low"), _scalar(high, "high")
    if not 0.0 <= low < high <= 1.0:
        msg = f"low and high must satisfy 0 <= low < high <= 1, got low={low}, high={high}."
        raise ValueError(msg)
    if zeta >= 1.0 and high == 1.0:
        msg = "high must be < 1 when zeta >= 1: the response only tends to its final value."
        raise ValueError(msg)
    # Before the first peak (zeta < 1) or for all t (zeta >= 1) the response only rises.
    end = peak_time(omega_n, zeta) if zeta < 1.0 else 1.0 / omega_n
    while zeta >= 1.0 and 1.0 + _unit_step_error(omega_n, zeta, end) < high:
        end *= 2.0

    def crossing(level: float) -> float:
        if level == 0.0:
            return 0.0
        if level == 1.0:  # zeta < 1 here: the first crossing of the final value
            return float(np.pi - np.arccos(zeta)) / (omega_n * np.sqrt(1.0 - zeta**2))
        return float(
            brentq(lambda t: 1.0 + _unit_step_error(omega_n, zeta, t) - level, 0.0, end, xtol=1e-14)
        )

    return crossing(high) - crossing(low)


def settling_time(omega_n: float, zeta: float, band: float = 0.02) -> float:
    r"""Last time the unit step response is outside ``1 +/- band``, in s.

    Exact, not the rule of thumb :math:`4/(\zeta\omega_n)` for a 2 % band: the
    error of an underdamped response peaks at :math:`t_j = j\pi/\omega_d` with
    height :math:`e^{-\zeta\omega_n t_j}`, so the last peak above the band is
    found first, and the crossing after it by root bracketing.

    >>> round(settling_time(10.0, 1.0, band=0.02), 6)
    0.583392
    """
    from scipy.optimize import brentq  # on first use, see closed_loop_step_response

    omega_n, zeta = _response_parameters(omega_n, zeta)
    band = _scalar(band, "band")
    if not 0.0 < band < 1.0:
        msg = f"band must be between 0 and 1 (a fraction of the final value), got {band}."
        raise ValueError(msg)
    if zeta == 0.0:
        msg = "zeta must be > 0 for the response to settle: an undamped loop oscillates forever."
        raise ValueError(msg)

    def outside(t: float) -> float:
        return abs(_unit_step_error(omega_n, zeta, t)) - band

    if zeta >= 1.0:
        start, end = 0.0, 1.0 / omega_n
        while outside(end) > 0:
            start, end = end, 2.0 * end
    else:
        omega_d = omega_n * np.sqrt(1.0 - zeta**2)
        last_peak = int(np.floor(np.log(1.0 / band) / (zeta * omega_n) * omega_d / np.pi))
        # A peak exactly on the band edge does not count as outside it.
        while last_peak > 0 and outside(last_peak * np.pi / omega_d) <= 0:
            last_peak -= 1
        start = last_peak * np.pi / omega_d
        end = (last_peak * np.pi + np.pi / 2 + np.arcsin(zeta)) / omega_d
    return float(brentq(outside, start, end, xtol=1e-14))


def step_metrics(omega_n: float, zeta: float, band: float = 0.02) -> StepMetrics:
    """Overshoot (%), peak time, 10-90 % rise time and settling time of a second-order step.

    Peak time is ``inf`` when there is no overshoot (``zeta >= 1``).

    >>> step_metrics(10.0, 0.5)
    StepMetrics(overshoot=16.30..., peak_time=0.3627..., rise_time=0.1637...,
                settling_time=0.8076...)
    """
    omega_n, zeta = _response_parameters(omega_n, zeta)
    return StepMetrics(
        overshoot=percent_overshoot(zeta),
        peak_time=peak_time(omega_n, zeta) if zeta < 1.0 else float("inf"),
        rise_time=rise_time(omega_n, zeta),
        settling_time=settling_time(omega_n, zeta, band),
    )
