"""Joint-space trajectories: cubic and quintic polynomials, parabolic blends, via points.

**Beyond the source.** Chapter 7 of Duysinx-Geradin ("Trajectory generation")
is empty: only its title survives. The book's own trajectory material is the
linear interpolation of section 3.3 (see :mod:`coursekit.cartesian_paths`).
The profiles here are the standard ones of Craig, *Introduction to Robotics*,
chapter 7, written from the boundary conditions.

Every function works on one joint or on several at once: positions are scalars
or arrays of shape (n,), and all joints share the time axis. Times in s,
positions in rad (revolute) or m (prismatic).
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
from numpy.typing import ArrayLike

from ._validation import FloatArray, as_choice, as_float_array, as_positive, check_finite

VIA_METHODS = ("heuristic", "continuous_acceleration")


class JointTrajectory(NamedTuple):
    """Positions ``q``, velocities ``qd`` and accelerations ``qdd`` at the requested times.

    Each has shape ``t.shape + joints_shape``: (len(t), n) for n joints and a 1-D ``t``.
    """

    q: FloatArray
    qd: FloatArray
    qdd: FloatArray


def _values(value: ArrayLike, name: str) -> FloatArray:
    return check_finite(as_float_array(value, name), name)


def _boundary_values(**values: ArrayLike) -> list[FloatArray]:
    """Broadcast boundary conditions to one joint shape, naming the culprit if they clash."""
    arrays = {name: _values(value, name) for name, value in values.items()}
    try:
        shape = np.broadcast_shapes(*(a.shape for a in arrays.values()))
    except ValueError:
        shapes = ", ".join(f"{name} {a.shape}" for name, a in arrays.items())
        msg = f"the boundary values must have one entry per joint (or be scalars), got {shapes}."
        raise ValueError(msg) from None
    return [np.broadcast_to(a, shape).astype(np.float64) for a in arrays.values()]


def cubic_coefficients(
    q0: ArrayLike, qf: ArrayLike, duration: float, qd0: ArrayLike = 0.0, qdf: ArrayLike = 0.0
) -> FloatArray:
    r"""Coefficients ``[a0, a1, a2, a3]`` of the cubic from ``(q0, qd0)`` to ``(qf, qdf)``.

    :math:`q(t) = a_0 + a_1 t + a_2 t^2 + a_3 t^3` on :math:`0 \le t \le T` with

    .. math:: a_0 = q_0,\ a_1 = \dot q_0,\
              a_2 = \frac{3(q_f - q_0)}{T^2} - \frac{2\dot q_0 + \dot q_f}{T},\
              a_3 = -\frac{2(q_f - q_0)}{T^3} + \frac{\dot q_0 + \dot q_f}{T^2}

    Shape (4,) for one joint, (4, n) for n joints. Extension beyond the source
    (its chapter 7 is empty); Craig (7.3), (7.11).

    >>> cubic_coefficients(0.0, 1.0, duration=1.0)  # rest to rest: 3 t^2 - 2 t^3
    array([ 0.,  0.,  3., -2.])
    """
    q0, qf, qd0, qdf = _boundary_values(q0=q0, qf=qf, qd0=qd0, qdf=qdf)
    T = as_positive(duration, "duration")
    step = qf - q0
    a2 = 3.0 * step / T**2 - (2.0 * qd0 + qdf) / T
    a3 = -2.0 * step / T**3 + (qd0 + qdf) / T**2
    return np.stack([q0, qd0, a2, a3])


def quintic_coefficients(
    q0: ArrayLike,
    qf: ArrayLike,
    duration: float,
    qd0: ArrayLike = 0.0,
    qdf: ArrayLike = 0.0,
    qdd0: ArrayLike = 0.0,
    qddf: ArrayLike = 0.0,
) -> FloatArray:
    r"""Coefficients ``[a0, ..., a5]`` of the quintic with given end values and two derivatives.

    With :math:`h = q_f - q_0`:

    .. math:: a_3 = \frac{20h - (8\dot q_f + 12\dot q_0)T - (3\ddot q_0 - \ddot q_f)T^2}{2T^3},\quad
              a_4 = \frac{-30h + (14\dot q_f + 16\dot q_0)T + (3\ddot q_0 - 2\ddot q_f)T^2}{2T^4},

    .. math:: a_5 = \frac{12h - 6(\dot q_f + \dot q_0)T - (\ddot q_0 - \ddot q_f)T^2}{2T^5},

    and :math:`a_0 = q_0`, :math:`a_1 = \dot q_0`, :math:`a_2 = \ddot q_0/2`.
    Shape (6,) or (6, n). Extension beyond the source; Craig (7.19).

    >>> quintic_coefficients(0.0, 1.0, duration=1.0)  # rest to rest: 10 t^3 - 15 t^4 + 6 t^5
    array([  0.,   0.,   0.,  10., -15.,   6.])
    """
    q0, qf, qd0, qdf, qdd0, qddf = _boundary_values(
        q0=q0, qf=qf, qd0=qd0, qdf=qdf, qdd0=qdd0, qddf=qddf
    )
    T = as_positive(duration, "duration")
    h = qf - q0
    a3 = (20.0 * h - (8.0 * qdf + 12.0 * qd0) * T - (3.0 * qdd0 - qddf) * T**2) / (2.0 * T**3)
    a4 = (-30.0 * h + (14.0 * qdf + 16.0 * qd0) * T + (3.0 * qdd0 - 2.0 * qddf) * T**2) / (
        2.0 * T**4
    )
    a5 = (12.0 * h - 6.0 * (qdf + qd0) * T - (qdd0 - qddf) * T**2) / (2.0 * T**5)
    return np.stack([q0, qd0, qdd0 / 2.0, a3, a4, a5])


def polynomial_trajectory(coefficients: ArrayLike, t: ArrayLike) -> JointTrajectory:
    """Position, velocity and acceleration of a polynomial trajectory at times ``t``.

    ``coefficients`` has the powers along its first axis, lowest first (as
    returned by :func:`cubic_coefficients` and :func:`quintic_coefficients`),
    shape (k,) or (k, n). Results have shape ``t.shape`` + joints shape. The
    polynomial is evaluated as is, also outside the interval it was designed for.

    >>> trajectory = polynomial_trajectory(cubic_coefficients(0.0, 1.0, 2.0), [0.0, 1.0, 2.0])
    >>> trajectory.q, trajectory.qd
    (array([0. , 0.5, 1. ]), array([0.  , 0.75, 0.  ]))
    """
    a = _values(coefficients, "coefficients")
    if a.ndim == 0 or a.shape[0] < 1:
        msg = f"coefficients must have the powers along the first axis, got shape {a.shape}."
        raise ValueError(msg)
    times = _values(t, "t")
    tt = times.reshape(times.shape + (1,) * (a.ndim - 1))
    q, qd, qdd = (np.zeros(times.shape + a.shape[1:]) for _ in range(3))
    # Horner's scheme for the polynomial and its two derivatives at once.
    for power in range(a.shape[0] - 1, -1, -1):
        qdd = qdd * tt + 2.0 * qd
        qd = qd * tt + q
        q = q * tt + a[power]
    return JointTrajectory(q, qd, qdd)


def lspb_blend_time(
    q0: ArrayLike, qf: ArrayLike, duration: float, acceleration: ArrayLike
) -> FloatArray:
    r"""Duration of each parabolic blend of a linear segment with parabolic blends (s).

    .. math:: t_b = \frac{T}{2} - \frac{\sqrt{a^2T^2 - 4a|q_f - q_0|}}{2a}

    The blend acceleration ``a`` (> 0, a magnitude) must be at least
    :math:`4|q_f - q_0|/T^2`; at exactly that value the two blends meet in the
    middle and there is no linear segment. Extension beyond the source; Craig (7.24)-(7.25).

    >>> float(lspb_blend_time(0.0, 1.0, duration=2.0, acceleration=2.0))  # 1 - 1/sqrt(2)
    0.2928...
    >>> lspb_blend_time(0.0, 1.0, duration=2.0, acceleration=0.5)
    Traceback (most recent call last):
    ...
    ValueError: acceleration is too small to move 1 in 2 s: it must be at least ... = 1, got 0.5.
    """
    q0, qf, a = _boundary_values(q0=q0, qf=qf, acceleration=acceleration)
    T = as_positive(duration, "duration")
    if np.any(a <= 0):
        msg = f"acceleration must be > 0 (a magnitude), got {a}."
        raise ValueError(msg)
    distance = np.abs(qf - q0)
    needed = 4.0 * distance / T**2
    short = a < needed * (1.0 - 1e-12)
    if np.any(short):
        i = int(np.argmax(short)) if short.ndim else 0
        joint = f"joint {i + 1} " if short.ndim else ""
        msg = (
            f"acceleration is too small to move {joint}{distance.flat[i]:g} in {T:g} s: it must "
            f"be at least 4 |qf - q0| / duration**2 = {needed.flat[i]:g}, got {a.flat[i]:g}."
        )
        raise ValueError(msg)
    discriminant = np.maximum(a**2 * T**2 - 4.0 * a * distance, 0.0)
    return T / 2.0 - np.sqrt(discriminant) / (2.0 * a)


def lspb_trajectory(
    q0: ArrayLike, qf: ArrayLike, duration: float, acceleration: ArrayLike, t: ArrayLike
) -> JointTrajectory:
    """Linear segment with parabolic blends (trapezoidal velocity), rest to rest, at times ``t``.

    Each joint accelerates at ``acceleration`` for :func:`lspb_blend_time`, cruises
    at the constant velocity ``a t_b``, and decelerates symmetrically; all joints
    start and stop together. ``t`` must lie in [0, duration] (use
    ``np.clip(t, 0, duration)`` to hold the end points). Extension beyond the
    source; Craig section 7.3.

    >>> trajectory = lspb_trajectory(0.0, 1.0, 2.0, 2.0, t=[0.0, 1.0, 2.0])
    >>> trajectory.q.round(6), trajectory.qd.round(6)
    (array([0. , 0.5, 1. ]), array([0.      , 0.585786, 0.      ]))
    """
    q0, qf, a = _boundary_values(q0=q0, qf=qf, acceleration=acceleration)
    T = as_positive(duration, "duration")
    tb = lspb_blend_time(q0, qf, T, a)
    times = _values(t, "t")
    if np.any((times < 0) | (times > T)):
        msg = (
            f"t must lie in [0, duration] = [0, {T:g}], got values from {times.min():g} to "
            f"{times.max():g}. Use np.clip(t, 0, duration) to hold the end points."
        )
        raise ValueError(msg)
    tt = times.reshape(times.shape + (1,) * q0.ndim)
    signed_a = np.sign(qf - q0) * a
    cruise = signed_a * tb
    rising, falling = tt < tb, tt > T - tb
    q = np.where(rising, q0 + 0.5 * signed_a * tt**2, q0 + cruise * (tt - tb / 2.0))
    q = np.where(falling, qf - 0.5 * signed_a * (T - tt) ** 2, q)
    qd = np.where(rising, signed_a * tt, np.where(falling, signed_a * (T - tt), cruise))
    qdd = np.where(rising, signed_a, np.where(falling, -signed_a, 0.0))
    shape = times.shape + q0.shape
    return JointTrajectory(*(np.broadcast_to(x, shape).astype(np.float64) for x in (q, qd, qdd)))


def _via_data(points: ArrayLike, times: ArrayLike) -> tuple[FloatArray, FloatArray]:
    q = _values(points, "points")
    tk = _values(times, "times")
    if q.ndim not in (1, 2) or q.shape[0] < 2:
        msg = f"points must have shape (m,) or (m, n) with m >= 2 points, got shape {q.shape}."
        raise ValueError(msg)
    if tk.shape != (q.shape[0],):
        msg = f"times must have one entry per point, shape ({q.shape[0]},), got shape {tk.shape}."
        raise ValueError(msg)
    if np.any(np.diff(tk) <= 0):
        msg = f"times must be strictly increasing, got {tk}."
        raise ValueError(msg)
    return q, tk


def via_point_velocities(
    points: ArrayLike,
    times: ArrayLike,
    method: str = "heuristic",
    qd_start: ArrayLike = 0.0,
    qd_end: ArrayLike = 0.0,
) -> FloatArray:
    """Velocities at the via points for a piecewise-cubic path through them, shape like ``points``.

    ``method="heuristic"``: at an interior point, the mean of the slopes of the
    two adjacent straight segments when they have the same sign, else 0 (the
    joint stops where it turns back). Velocity is continuous, acceleration jumps.

    ``method="continuous_acceleration"``: the velocities that also make the
    acceleration continuous, from a tridiagonal system (a clamped cubic spline).

    The first and last velocities are ``qd_start`` and ``qd_end``. Extension
    beyond the source; Craig section 7.3 (7.11)-(7.15).

    >>> via_point_velocities([0.0, 1.0, 3.0, 2.0], [0.0, 1.0, 2.0, 3.0])
    array([0. , 1.5, 0. , 0. ])
    """
    q, tk = _via_data(points, times)
    method = as_choice(method, VIA_METHODS, "method")
    start, end = _boundary_values(qd_start=qd_start, qd_end=qd_end)
    h = np.diff(tk).reshape((-1,) + (1,) * (q.ndim - 1))
    slopes = np.diff(q, axis=0) / h
    velocities = np.zeros_like(q)
    velocities[0], velocities[-1] = start, end
    if q.shape[0] == 2:
        return velocities
    if method == "heuristic":
        left, right = slopes[:-1], slopes[1:]
        same_sign = np.sign(left) * np.sign(right) > 0
        velocities[1:-1] = np.where(same_sign, (left + right) / 2.0, 0.0)
        return velocities
    # Continuity of the acceleration at interior point i links v[i-1], v[i], v[i+1]:
    # h_i v[i-1] + 2 (h_{i-1} + h_i) v[i] + h_{i-1} v[i+1] = 3 (h_i s_{i-1} + h_{i-1} s_i).
    steps = np.diff(tk)
    m = q.shape[0] - 2
    A = np.zeros((m, m))
    rhs = 3.0 * (h[1:] * slopes[:-1] + h[:-1] * slopes[1:])
    for row in range(m):
        before, after = steps[row], steps[row + 1]
        A[row, row] = 2.0 * (before + after)
        if row > 0:
            A[row, row - 1] = after
        if row < m - 1:
            A[row, row + 1] = before
    rhs[0] -= steps[1] * velocities[0]
    rhs[-1] -= steps[-2] * velocities[-1]
    velocities[1:-1] = np.linalg.solve(A, rhs.reshape(m, -1)).reshape(rhs.shape)
    return velocities


def via_point_trajectory(
    points: ArrayLike,
    times: ArrayLike,
    t: ArrayLike,
    method: str = "heuristic",
    qd_start: ArrayLike = 0.0,
    qd_end: ArrayLike = 0.0,
) -> JointTrajectory:
    """Piecewise-cubic trajectory through via points, evaluated at times ``t``.

    ``points`` (m,) or (m, n) are reached at ``times`` (m,), strictly increasing;
    the velocities at the points come from :func:`via_point_velocities` with
    ``method``, and each segment is the cubic of :func:`cubic_coefficients`.
    ``t`` must lie in [times[0], times[-1]]. Extension beyond the source; Craig section 7.3.

    >>> trajectory = via_point_trajectory([0.0, 1.0, 3.0], [0.0, 1.0, 2.0], t=[0.5, 1.0])
    >>> trajectory.q, trajectory.qd
    (array([0.3125, 1.    ]), array([1.125, 1.5  ]))
    """
    q, tk = _via_data(points, times)
    velocities = via_point_velocities(q, tk, method, qd_start, qd_end)
    times_out = _values(t, "t")
    if np.any((times_out < tk[0]) | (times_out > tk[-1])):
        msg = (
            f"t must lie in [times[0], times[-1]] = [{tk[0]:g}, {tk[-1]:g}], got values from "
            f"{times_out.min():g} to {times_out.max():g}."
        )
        raise ValueError(msg)
    segment = np.clip(np.searchsorted(tk, times_out, side="right") - 1, 0, len(tk) - 2)
    shape = times_out.shape + q.shape[1:]
    q_out, qd_out, qdd_out = (np.empty(shape) for _ in range(3))
    for i in np.unique(segment):
        coefficients = cubic_coefficients(
            q[i], q[i + 1], tk[i + 1] - tk[i], velocities[i], velocities[i + 1]
        )
        inside = segment == i
        local = polynomial_trajectory(coefficients, times_out[inside] - tk[i])
        q_out[inside], qd_out[inside], qdd_out[inside] = local
    return JointTrajectory(q_out, qd_out, qdd_out)
