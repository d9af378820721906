"""Single-joint PD/PID servo: digest numbers, pole placement, partitioning, errors."""

import numpy as np
import pytest
import scipy.integrate
from hypothesis import given, settings
from hypothesis import strategies as st

from coursekit import servo, step_response

# --------------------------------------------------------------------------- #
# Reference numbers of the Duysinx-Geradin digest (section 3.3 and G.3 #49-#53)
# --------------------------------------------------------------------------- #


def test_open_loop_natural_frequency_and_damping_digest_49():
    assert servo.closed_loop_natural_frequency(m=2.0, k=8.0) == pytest.approx(2.0)
    assert servo.closed_loop_damping_ratio(m=2.0, c=1.0, k=8.0) == pytest.approx(0.125)


def test_pd_gains_digest_50():
    kp, kv = servo.pd_gains(m=1.0, c=1.0, k=1.0, omega_n=10.0, zeta=1.0)
    assert (kp, kv) == pytest.approx((99.0, 19.0))
    assert servo.steady_state_error(k=1.0, kp=kp) == pytest.approx(0.01)
    # And back: the loop with these gains has the asked frequency and damping.
    assert servo.closed_loop_natural_frequency(1.0, 1.0, kp) == pytest.approx(10.0)
    assert servo.closed_loop_damping_ratio(1.0, 1.0, 1.0, kp, kv) == pytest.approx(1.0)


def test_pid_gains_digest_51_and_zero_steady_state_error():
    kp, kv, ki = servo.pid_gains(m=1.0, c=1.0, k=1.0, omega_n=10.0, zeta=1.0, gamma=5.0)
    assert (kp, kv, ki) == pytest.approx((199.0, 24.0, 500.0))
    x_end = step_response.closed_loop_step_response(1.0, 1.0, 1.0, [5.0], kp=kp, kv=kv, ki=ki)
    assert abs(1.0 - x_end[0]) < 1e-3


def test_partitioned_unit_mass_digest_52_by_simulation():
    kp, kv = servo.unit_mass_gains(omega_n=10.0, zeta=1.0)
    assert (kp, kv) == pytest.approx((100.0, 20.0))
    m, c, k = 2.0, 0.7, 5.0  # any plant: the partitioned law turns it into a unit mass

    def plant(t, state):
        x, x_dot = state
        alpha, beta = servo.partitioning_terms(m, c, k, x, x_dot)
        f_prime = servo.servo_acceleration(0.0 - x, 0.0 - x_dot, 0.0, kp, kv)
        f = alpha * f_prime + beta
        return [x_dot, (f - c * x_dot - k * x) / m]

    # Set point 0, start at x = -0.1 so that e(0) = 0.1, e'(0) = 0.
    sol = scipy.integrate.solve_ivp(plant, (0, 0.2), [-0.1, 0.0], rtol=1e-11, atol=1e-13)
    error_at_0_2 = 0.0 - sol.y[0, -1]
    assert error_at_0_2 == pytest.approx(0.040601, abs=1e-6)
    assert error_at_0_2 == pytest.approx(0.1 * (1 + 10 * 0.2) * np.exp(-2.0), rel=1e-8)


def test_overshoot_for_half_damping_digest_53():
    assert step_response.percent_overshoot(0.5) == pytest.approx(16.30, abs=5e-3)


# --------------------------------------------------------------------------- #
# Pole placement and metrics
# --------------------------------------------------------------------------- #


@settings(max_examples=30, deadline=None)
@given(
    m=st.floats(0.1, 10),
    c=st.floats(0, 5),
    k=st.floats(0, 50),
    omega_n=st.floats(0.5, 30),
    zeta=st.floats(0.05, 3),
    gamma=st.floats(0.1, 40),
)
def test_pid_gains_place_the_three_poles(m, c, k, omega_n, zeta, gamma):
    kp, kv, ki = servo.pid_gains(m, c, k, omega_n, zeta, gamma)
    wanted = np.roots(np.polymul([1.0, gamma], [1.0, 2 * zeta * omega_n, omega_n**2]))
    got = servo.closed_loop_poles(m, c, k, kp, kv, ki)
    assert np.sort_complex(wanted) == pytest.approx(got, abs=1e-6 * (omega_n + gamma))


@settings(max_examples=30, deadline=None)
@given(m=st.floats(0.1, 10), c=st.floats(0, 5), k=st.floats(0, 50),
       omega_n=st.floats(0.5, 30), zeta=st.floats(0.0, 3))
def test_pd_gains_place_the_two_poles(m, c, k, omega_n, zeta):
    kp, kv = servo.pd_gains(m, c, k, omega_n, zeta)
    poles = servo.closed_loop_poles(m, c, k, kp, kv)
    assert poles.shape == (2,)
    # Product and sum of the roots of s^2 + 2 zeta w s + w^2.
    assert np.prod(poles).real == pytest.approx(omega_n**2, rel=1e-9)
    assert -np.sum(poles).real == pytest.approx(2 * zeta * omega_n, rel=1e-9, abs=1e-9)


def test_underdamped_poles_are_minus_alpha_plus_minus_i_beta():
    m, c, k, kp, kv = 2.0, 1.0, 8.0, 10.0, 3.0
    poles = servo.closed_loop_poles(m, c, k, kp, kv)
    alpha = (c + kv) / (2 * m)  # (3.6.6)
    beta = np.sqrt(4 * m * (k + kp) - (c + kv) ** 2) / (2 * m)
    assert poles == pytest.approx([-alpha - 1j * beta, -alpha + 1j * beta])
    # omega_n = sqrt(alpha^2 + beta^2) (3.6.10); zeta = alpha / omega_n (3.6.11).
    omega_n = servo.closed_loop_natural_frequency(m, k, kp)
    assert omega_n == pytest.approx(np.hypot(alpha, beta))
    assert servo.closed_loop_damping_ratio(m, c, k, kp, kv) == pytest.approx(alpha / omega_n)


# --------------------------------------------------------------------------- #
# Errors
# --------------------------------------------------------------------------- #


def test_non_physical_inputs_are_refused():
    with pytest.raises(ValueError, match=r"m must be > 0, got 0.0"):
        servo.pd_gains(0.0, 1.0, 1.0, 10.0, 1.0)
    with pytest.raises(ValueError, match=r"m must be > 0, got -1.0"):
        servo.closed_loop_poles(-1.0, 1.0, 1.0)
    with pytest.raises(ValueError, match=r"zeta must be >= 0, got -0.5"):
        servo.pid_gains(1.0, 1.0, 1.0, 10.0, -0.5, 5.0)
    with pytest.raises(ValueError, match=r"c must be >= 0"):
        servo.closed_loop_damping_ratio(1.0, -1.0, 1.0)
    with pytest.raises(ValueError, match=r"gamma must be > 0"):
        servo.pid_gains(1.0, 1.0, 1.0, 10.0, 1.0, 0.0)
    with pytest.raises(ValueError, match=r"omega_n must be > 0"):
        servo.unit_mass_gains(0.0, 1.0)


def test_errors_name_the_rule():
    with pytest.raises(ValueError, match=r"k \+ kp must be > 0"):
        servo.closed_loop_natural_frequency(1.0, 1.0, kp=-2.0)
    with pytest.raises(ValueError, match=r"kp must be a single number"):
        servo.closed_loop_poles(1, 1, 1, kp=[1, 2])
    with pytest.raises(TypeError, match="m must be numeric"):
        servo.pd_gains("heavy", 1, 1, 1, 1)
