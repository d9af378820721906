"""PD/PID step responses against closed forms and scipy.signal; metrics against measurement."""

import numpy as np
import pytest
import scipy.signal

from coursekit import servo, step_response

# --------------------------------------------------------------------------- #
# Step responses against the closed forms of the three damping regimes
# --------------------------------------------------------------------------- #


def unit_step_closed_form(omega_n, zeta, t):
    """Hand-written textbook formulas for w^2 / (s^2 + 2 zeta w s + w^2)."""
    if zeta < 1:
        wd = omega_n * np.sqrt(1 - zeta**2)
        phi = np.arccos(zeta)
        return 1 - np.exp(-zeta * omega_n * t) * np.sin(wd * t + phi) / np.sqrt(1 - zeta**2)
    if zeta == 1:
        return 1 - (1 + omega_n * t) * np.exp(-omega_n * t)
    s1 = -omega_n * (zeta - np.sqrt(zeta**2 - 1))
    s2 = -omega_n * (zeta + np.sqrt(zeta**2 - 1))
    return 1 + (s2 * np.exp(s1 * t) - s1 * np.exp(s2 * t)) / (s1 - s2)


@pytest.mark.parametrize("zeta", [0.0, 0.2, 0.7, 1.0, 2.0])
def test_step_response_matches_closed_form(zeta):
    omega_n = 4.0
    m, c, k = 2.0, 0.3, 1.5
    kp, kv = servo.pd_gains(m, c, k, omega_n, zeta)
    t = np.linspace(0.0, 4.0, 81)
    x = step_response.closed_loop_step_response(m, c, k, t, kp=kp, kv=kv, x_desired=0.5)
    final = 0.5 * kp / (k + kp)  # steady state x_ss = kp/(k+kp) x_d (3.6.14)
    assert x == pytest.approx(final * unit_step_closed_form(omega_n, zeta, t), abs=1e-10)


def test_pid_step_response_matches_scipy_signal():
    m, c, k = 1.0, 1.0, 1.0
    kp, kv, ki = servo.pid_gains(m, c, k, 10.0, 0.6, 5.0)
    t = np.linspace(0.0, 3.0, 301)
    system = scipy.signal.lti([kp, ki], [m, c + kv, k + kp, ki])
    _, y = scipy.signal.step(system, T=t)
    x = step_response.closed_loop_step_response(m, c, k, t, kp, kv, ki)
    assert x == pytest.approx(y, abs=1e-8)


def test_step_response_keeps_the_shape_of_t():
    t = np.linspace(0, 1, 6).reshape(2, 3)
    assert step_response.closed_loop_step_response(1, 1, 1, t, kp=10).shape == (2, 3)


def test_p_control_leaves_the_predicted_offset():
    x = step_response.closed_loop_step_response(
        1.0, 1.0, 1.0, [60.0], kp=99.0, kv=19.0, x_desired=2.0
    )
    assert 2.0 - x[0] == pytest.approx(servo.steady_state_error(1.0, 99.0, x_desired=2.0))



# --------------------------------------------------------------------------- #
# Metrics
# --------------------------------------------------------------------------- #


def measured_metrics(omega_n, zeta, band):
    """Metrics read off a dense numerical step response (the 'oscilloscope' method)."""
    slowest_decay = omega_n * (zeta - np.sqrt(zeta**2 - 1)) if zeta > 1 else zeta * omega_n
    t = np.linspace(0.0, 12.0 / slowest_decay, 20_001)
    kp, kv = omega_n**2, 2 * zeta * omega_n  # unit mass, no plant spring or damper
    y = step_response.closed_loop_step_response(1.0, 0.0, 0.0, t, kp=kp, kv=kv)
    i_peak = int(np.argmax(y))
    rise = t[np.argmax(y >= 0.9)] - t[np.argmax(y >= 0.1)]
    outside = np.nonzero(np.abs(y - 1.0) > band)[0]
    return 100 * (y[i_peak] - 1), t[i_peak], rise, t[outside[-1]], t[1] - t[0]


@pytest.mark.parametrize(("zeta", "band"), [(0.15, 0.02), (0.5, 0.05), (0.7, 0.02), (0.9, 0.01)])
def test_underdamped_metrics_match_the_measured_response(zeta, band):
    omega_n = 3.0
    overshoot, t_peak, rise, settle, dt = measured_metrics(omega_n, zeta, band)
    metrics = step_response.step_metrics(omega_n, zeta, band)
    assert metrics.overshoot == pytest.approx(overshoot, abs=1e-3)
    assert metrics.peak_time == pytest.approx(t_peak, abs=2 * dt)
    assert metrics.rise_time == pytest.approx(rise, abs=2 * dt)
    assert metrics.settling_time == pytest.approx(settle, abs=2 * dt)


@pytest.mark.parametrize("zeta", [1.0, 1.5])
def test_non_oscillating_metrics_match_the_measured_response(zeta):
    omega_n, band = 2.0, 0.02
    overshoot, _, rise, settle, dt = measured_metrics(omega_n, zeta, band)
    assert overshoot <= 1e-9  # the response never passes its final value
    metrics = step_response.step_metrics(omega_n, zeta, band)
    assert metrics.overshoot == 0.0 and metrics.peak_time == np.inf
    assert metrics.rise_time == pytest.approx(rise, abs=2 * dt)
    assert metrics.settling_time == pytest.approx(settle, abs=2 * dt)


def test_critically_damped_rise_and_settling_in_dimensionless_time():
    # Roots of (1 + x) e^-x = 0.9, 0.1 and 0.02, found once with sympy.nsolve.
    assert step_response.rise_time(1.0, 1.0) == pytest.approx(3.889720 - 0.531812, abs=1e-5)
    assert step_response.settling_time(1.0, 1.0, 0.02) == pytest.approx(5.833922, abs=1e-5)


def test_settling_time_lies_between_peak_and_envelope_bounds():
    # The error envelope e^(-sigma t)/sqrt(1 - zeta^2) gives an upper bound (the basis of the
    # 4/(zeta omega_n) rule of thumb); the error peaks e^(-sigma t_j), spaced pi/omega_d, a
    # lower one.
    omega_n, zeta, band = 10.0, 0.3, 0.02
    sigma, omega_d = zeta * omega_n, omega_n * np.sqrt(1 - zeta**2)
    exact = step_response.settling_time(omega_n, zeta, band)
    assert exact <= np.log(1 / (band * np.sqrt(1 - zeta**2))) / sigma
    assert exact >= np.log(1 / band) / sigma - np.pi / omega_d


def test_rise_time_zero_to_hundred_percent_closed_form():
    zeta, omega_n = 0.4, 5.0
    wd = omega_n * np.sqrt(1 - zeta**2)
    expected = (np.pi - np.arccos(zeta)) / wd
    assert step_response.rise_time(omega_n, zeta, 0.0, 1.0) == pytest.approx(expected)




def test_errors_name_the_rule():
    with pytest.raises(ValueError, match=r"zeta must be < 1 for the response to have a peak"):
        step_response.peak_time(10.0, 1.0)
    with pytest.raises(ValueError, match="an undamped loop oscillates forever"):
        step_response.settling_time(10.0, 0.0)
    with pytest.raises(ValueError, match="band must be between 0 and 1"):
        step_response.settling_time(10.0, 0.5, band=2.0)
    with pytest.raises(ValueError, match=r"low and high must satisfy"):
        step_response.rise_time(10.0, 0.5, low=0.9, high=0.1)
    with pytest.raises(ValueError, match=r"high must be < 1 when zeta >= 1"):
        step_response.rise_time(10.0, 2.0, low=0.1, high=1.0)
    with pytest.raises(ValueError, match=r"t must be >= 0"):
        step_response.closed_loop_step_response(1, 1, 1, [-1.0, 0.0], kp=1)
    with pytest.raises(ValueError, match=r"m must be > 0, got 0.0"):
        step_response.closed_loop_step_response(0, 1, 1, [0.0], kp=1)
    with pytest.raises(ValueError, match=r"zeta must be >= 0, got -0.1"):
        step_response.step_metrics(1.0, -0.1)
