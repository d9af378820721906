"""Reducers, screw drives, step motors, harmonic drives, encoders: digest numbers and optima."""

import numpy as np
import pytest
import scipy.optimize

from coursekit import actuators as act

J_M, J_C, GAMMA_C, ETA = 1e-4, 0.5, 10.0, 0.8  # digest G.3 #11-#13

# --------------------------------------------------------------------------- #
# Gear ratio (Duysinx-Geradin section 2.10.2)
# --------------------------------------------------------------------------- #


def test_torque_optimal_ratio_digest_11_12():
    r = act.torque_optimal_gear_ratio(J_M, J_C, 50.0, load_torque=GAMMA_C, efficiency=ETA)
    assert r == pytest.approx(93.541435, abs=1e-6)
    torque = act.motor_torque(r, J_M, J_C, 50.0, GAMMA_C, ETA)
    assert torque == pytest.approx(0.935414, abs=1e-6)
    assert torque == pytest.approx(2 * J_M * r * 50.0)  # (2.10.10)
    assert act.torque_optimal_gear_ratio(J_M, J_C, 50.0) == pytest.approx(70.710678, abs=1e-6)


def test_torque_optimal_ratio_is_the_numerical_minimum():
    result = scipy.optimize.minimize_scalar(
        lambda r: act.motor_torque(r, J_M, J_C, 50.0, GAMMA_C, ETA),
        bounds=(1, 1000), method="bounded", options={"xatol": 1e-8},
    )
    r = act.torque_optimal_gear_ratio(J_M, J_C, 50.0, GAMMA_C, ETA)
    assert r == pytest.approx(result.x, rel=1e-5)


def test_acceleration_optimal_ratio_digest_13_corrected_e2():
    r = act.acceleration_optimal_gear_ratio(J_M, J_C, 2.0, load_torque=GAMMA_C, efficiency=ETA)
    assert r == pytest.approx(85.553610, abs=1e-5)
    best = act.load_acceleration(r, J_M, J_C, 2.0, GAMMA_C, ETA)
    assert best == pytest.approx(116.885775, abs=1e-5)
    # The printed (2.10.14), with + before the first term, gives 73.05: a worse ratio.
    b = GAMMA_C * J_M / (2.0 * J_C)
    printed = 1 / (b + np.sqrt(b**2 + ETA * J_M / J_C))
    assert printed == pytest.approx(73.05, abs=0.01)
    assert act.load_acceleration(printed, J_M, J_C, 2.0, GAMMA_C, ETA) < act.load_acceleration(
        r, J_M, J_C, 2.0, GAMMA_C, ETA
    )


def test_acceleration_optimal_ratio_is_the_numerical_maximum():
    result = scipy.optimize.minimize_scalar(
        lambda r: -act.load_acceleration(r, J_M, J_C, 2.0, GAMMA_C, ETA), bounds=(1, 1000),
        method="bounded", options={"xatol": 1e-8},
    )
    r = act.acceleration_optimal_gear_ratio(J_M, J_C, 2.0, GAMMA_C, ETA)
    assert r == pytest.approx(result.x, rel=1e-5)


def test_ideal_case_both_optima_coincide_digest_13():
    r_torque = act.torque_optimal_gear_ratio(J_M, J_C, 50.0)
    r_accel = act.acceleration_optimal_gear_ratio(J_M, J_C, 2.0)
    assert r_torque == pytest.approx(r_accel) == pytest.approx(np.sqrt(J_C / J_M))
    assert act.load_acceleration(r_accel, J_M, J_C, 2.0) == pytest.approx(141.421356, abs=1e-6)


def test_motor_torque_and_load_acceleration_are_inverse():
    rng = np.random.default_rng(0)
    for r, accel, gamma_c, eta in rng.uniform([2, -50, -5, 0.5], [200, 50, 5, 1.0], size=(10, 4)):
        torque = act.motor_torque(r, J_M, J_C, accel, gamma_c, eta)
        assert act.load_acceleration(r, J_M, J_C, torque, gamma_c, eta) == pytest.approx(accel)


def test_motor_torque_by_shaft_balances():
    # (2.10.5)-(2.10.6) by hand: gamma_2 = J_c a_c + gamma_c at the load,
    # gamma_1 = gamma_2 / (r eta) through the reducer, gamma_m = gamma_1 + J_m r a_c at the motor.
    r, a_c = 40.0, 12.0
    gamma_2 = J_C * a_c + GAMMA_C
    expected = gamma_2 / (r * ETA) + J_M * r * a_c
    assert act.motor_torque(r, J_M, J_C, a_c, GAMMA_C, ETA) == pytest.approx(expected)


# --------------------------------------------------------------------------- #
# Screw drive, step motor, harmonic drive
# --------------------------------------------------------------------------- #


def test_screw_drive_digest_14():
    r_opt = act.screw_optimal_ratio(1e-4, 10.0)
    assert r_opt == pytest.approx(3.162278e-3, rel=1e-6)
    assert 2 * np.pi * r_opt * 1000 == pytest.approx(19.87, abs=0.005)  # lead in mm per turn
    assert act.screw_max_acceleration(1.0, 1e-4, 10.0) == pytest.approx(15.811388, abs=1e-6)
    at_optimum = act.screw_drive_acceleration(1.0, 1e-4, 10.0, r_opt)
    assert at_optimum == pytest.approx(15.811388, abs=1e-6)
    assert act.screw_max_acceleration(1.0, 1e-4, 10.0) == pytest.approx(1.0 / (2 * r_opt * 10.0))


def test_screw_optimum_is_the_numerical_maximum():
    result = scipy.optimize.minimize_scalar(
        lambda r: -act.screw_drive_acceleration(1.0, 1e-4, 10.0, r), bounds=(1e-5, 0.1),
        method="bounded", options={"xatol": 1e-12},
    )
    assert act.screw_optimal_ratio(1e-4, 10.0) == pytest.approx(result.x, rel=1e-5)


def test_screw_torque_by_equal_work_e3():
    lead = 0.005
    r = act.screw_ratio_from_lead(lead)
    # One turn: the torque works C 2 pi, the nut pushes F over one lead.
    torque = act.screw_drive_torque(400.0, r)
    assert torque * 2 * np.pi == pytest.approx(400.0 * lead)


def test_step_motor_digest_15_and_harmonic_drive_digest_16():
    assert act.stepper_motor_speed(800.0, 200) * 60 / (2 * np.pi) == pytest.approx(240.0)
    assert act.harmonic_drive_ratio(202, 200) == pytest.approx(101.0)
    assert act.harmonic_drive_ratio(640, 638) == pytest.approx(320.0)


# --------------------------------------------------------------------------- #
# Encoders (section 2.13.2)
# --------------------------------------------------------------------------- #

P = 1000 / (2 * np.pi)  # 1000 pulses per turn, in pulses per rad


def test_pulse_and_clock_counting_digest_17():
    estimate = act.velocity_from_pulse_count(50, P, 0.01)
    assert estimate.velocity == pytest.approx(31.415927, abs=1e-6)
    assert estimate.relative_error == pytest.approx(0.04)
    estimate = act.velocity_from_clock_count(2000, 1e6, P)
    assert estimate.velocity == pytest.approx(3.141593, abs=1e-6)
    assert estimate.relative_error == pytest.approx(0.001)


def test_counting_errors_move_in_opposite_directions_with_speed():
    # Pulse counting improves with speed, clock counting degrades: count what each would see.
    errors = []
    for speed in (1.0, 100.0):
        pulses = speed * P * 0.01
        clock_pulses = 1e6 / (speed * P)
        errors.append((act.velocity_from_pulse_count(pulses, P, 0.01).relative_error,
                       act.velocity_from_clock_count(clock_pulses, 1e6, P).relative_error))
        assert act.velocity_from_pulse_count(pulses, P, 0.01).velocity == pytest.approx(speed)
        assert act.velocity_from_clock_count(clock_pulses, 1e6, P).velocity == pytest.approx(speed)
    (pulse_slow, clock_slow), (pulse_fast, clock_fast) = errors
    assert pulse_fast < pulse_slow and clock_fast > clock_slow


def test_pulse_averaging_digest_18():
    velocity = act.velocity_from_pulse_averaging(1.0, 5.0, 10e-6, P)
    assert velocity == pytest.approx(125.663706, abs=1e-6)
    assert act.max_velocity_pulse_averaging(10e-6, P) == pytest.approx(628.318531, abs=1e-6)
    # At the top speed the pulses touch: the average equals the amplitude.
    top = act.velocity_from_pulse_averaging(5.0, 5.0, 10e-6, P)
    assert top == pytest.approx(628.318531, abs=1e-6)


def test_errors():
    with pytest.raises(ValueError, match="efficiency must be <= 1"):
        act.motor_torque(10, J_M, J_C, 1.0, efficiency=1.2)
    with pytest.raises(ValueError, match="gear_ratio must be > 0, got 0.0"):
        act.load_acceleration(0.0, J_M, J_C, 1.0)
    with pytest.raises(ValueError, match="motor_inertia must be > 0"):
        act.acceleration_optimal_gear_ratio(0.0, J_C, 2.0)
    with pytest.raises(ValueError, match="circular_spline_teeth must exceed flexspline_teeth"):
        act.harmonic_drive_ratio(200, 202)
    with pytest.raises(ValueError, match="mean_voltage must be <= amplitude"):
        act.velocity_from_pulse_averaging(6.0, 5.0, 1e-5, P)
    with pytest.raises(ValueError, match="pulses must be > 0"):
        act.velocity_from_pulse_count(0, P, 0.01)
    with pytest.raises(TypeError, match="force must be numeric"):
        act.screw_drive_torque("heavy", 0.001)
    with pytest.raises(ValueError, match="cannot both be 0"):
        act.screw_drive_acceleration(1.0, 0.0, 0.0, 0.01)
