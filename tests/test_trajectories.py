"""Joint-space trajectories: boundary conditions, hand solutions, linear solves and peer oracles."""

import numpy as np
import pytest
import roboticstoolbox as rtb
import scipy.interpolate
from hypothesis import given, settings
from hypothesis import strategies as st

from coursekit import trajectories as tj

DEG = np.pi / 180
finite = st.floats(-5, 5)

# --------------------------------------------------------------------------- #
# Polynomials
# --------------------------------------------------------------------------- #


def test_cubic_hand_solution_single_link():
    # One link from 15 deg to 75 deg in 3 s, at rest at both ends:
    # a2 = 3 * 60 / 3**2 = 20, a3 = -2 * 60 / 3**3 = -4.444... (deg, s).
    a = tj.cubic_coefficients(15.0, 75.0, 3.0)
    assert a == pytest.approx([15.0, 0.0, 20.0, -40.0 / 9.0])


def test_rest_to_rest_shapes_are_the_textbook_polynomials():
    tau = np.linspace(0, 1, 11)
    cubic = tj.polynomial_trajectory(tj.cubic_coefficients(1.0, 3.0, 2.0), 2.0 * tau)
    assert cubic.q == pytest.approx(1.0 + 2.0 * (3 * tau**2 - 2 * tau**3))
    quintic = tj.polynomial_trajectory(tj.quintic_coefficients(1.0, 3.0, 2.0), 2.0 * tau)
    assert quintic.q == pytest.approx(1.0 + 2.0 * (10 * tau**3 - 15 * tau**4 + 6 * tau**5))


@settings(max_examples=40, deadline=None)
@given(q0=finite, qf=finite, qd0=finite, qdf=finite, duration=st.floats(0.2, 10))
def test_cubic_meets_its_boundary_conditions_and_a_linear_solve(q0, qf, qd0, qdf, duration):
    a = tj.cubic_coefficients(q0, qf, duration, qd0, qdf)
    T = duration
    M = np.array([[1, 0, 0, 0], [0, 1, 0, 0], [1, T, T**2, T**3], [0, 1, 2 * T, 3 * T**2]])
    assert a == pytest.approx(np.linalg.solve(M, [q0, qd0, qf, qdf]), abs=1e-9)
    end = tj.polynomial_trajectory(a, [0.0, T])
    assert end.q == pytest.approx([q0, qf], abs=1e-9)
    assert end.qd == pytest.approx([qd0, qdf], abs=1e-9)


@settings(max_examples=40, deadline=None)
@given(q=st.lists(finite, min_size=6, max_size=6), duration=st.floats(0.2, 10))
def test_quintic_meets_its_boundary_conditions_and_a_linear_solve(q, duration):
    q0, qf, qd0, qdf, qdd0, qddf = q
    a = tj.quintic_coefficients(q0, qf, duration, qd0, qdf, qdd0, qddf)
    T = duration
    rows = [[T**k for k in range(6)], [k * T ** max(k - 1, 0) for k in range(6)],
            [k * (k - 1) * T ** max(k - 2, 0) for k in range(6)]]
    M = np.array([[1, 0, 0, 0, 0, 0], [0, 1, 0, 0, 0, 0], [0, 0, 2, 0, 0, 0], *rows])
    expected = np.linalg.solve(M, [q0, qd0, qdd0, qf, qdf, qddf])
    assert a == pytest.approx(expected, abs=1e-8 * (1 + np.abs(expected).max()))
    end = tj.polynomial_trajectory(a, [0.0, T])
    scale = 1 + max(abs(v) for v in q)
    assert end.q == pytest.approx([q0, qf], abs=1e-9 * scale)
    assert end.qd == pytest.approx([qd0, qdf], abs=1e-9 * scale)
    assert end.qdd == pytest.approx([qdd0, qddf], abs=1e-8 * scale)


def test_quintic_matches_roboticstoolbox_jtraj_for_several_joints():
    q0, qf = np.array([0.1, -0.4, 2.0]), np.array([1.2, 0.3, -1.0])
    qd0, qdf = np.array([0.5, 0.0, -0.2]), np.array([0.0, 0.3, 0.1])
    t = np.linspace(0, 2.5, 26)
    ours = tj.polynomial_trajectory(tj.quintic_coefficients(q0, qf, 2.5, qd0, qdf), t)
    theirs = rtb.jtraj(q0, qf, t, qd0, qdf)
    assert ours.q.shape == (26, 3)
    assert ours.q == pytest.approx(theirs.q, abs=1e-10)
    assert ours.qd == pytest.approx(theirs.qd, abs=1e-10)
    assert ours.qdd == pytest.approx(theirs.qdd, abs=1e-9)


def test_evaluator_derivatives_match_finite_differences():
    a = tj.quintic_coefficients([0.0, 1.0], [2.0, -1.0], 3.0, qd0=[1.0, 0.0], qddf=[0.0, 2.0])
    t, h = np.linspace(0.1, 2.9, 15), 1e-5
    trajectory = tj.polynomial_trajectory(a, t)
    plus, minus = tj.polynomial_trajectory(a, t + h), tj.polynomial_trajectory(a, t - h)
    assert trajectory.qd == pytest.approx((plus.q - minus.q) / (2 * h), abs=1e-8)
    assert trajectory.qdd == pytest.approx((plus.qd - minus.qd) / (2 * h), abs=1e-7)


def test_evaluator_shapes():
    a = tj.cubic_coefficients([0.0, 1.0], [1.0, 0.0], 1.0)
    assert a.shape == (4, 2)
    assert tj.polynomial_trajectory(a, 0.5).q.shape == (2,)
    assert tj.polynomial_trajectory(a, np.zeros((3, 4))).qdd.shape == (3, 4, 2)
    assert tj.polynomial_trajectory(tj.cubic_coefficients(0, 1, 1), [0.2, 0.4]).q.shape == (2,)


# --------------------------------------------------------------------------- #
# Linear segments with parabolic blends
# --------------------------------------------------------------------------- #


@pytest.mark.parametrize(("q0", "qf", "a"), [(0.0, 1.0, 2.0), (1.0, -2.0, 5.0), (0.3, 0.9, 0.6)])
def test_lspb_continuity_and_cruise_velocity(q0, qf, a):
    T = 2.0
    tb = float(tj.lspb_blend_time(q0, qf, T, a))
    assert 0.0 < tb <= T / 2
    # The cruise speed reached by accelerating for tb covers the distance: a tb (T - tb) = |h|.
    assert a * tb * (T - tb) == pytest.approx(abs(qf - q0))
    eps = 1e-9
    edges = np.array([tb - eps, tb + eps, T - tb - eps, T - tb + eps])
    at = tj.lspb_trajectory(q0, qf, T, a, edges)
    assert at.q[0] == pytest.approx(at.q[1], abs=1e-8)
    assert at.q[2] == pytest.approx(at.q[3], abs=1e-8)
    assert at.qd[0] == pytest.approx(at.qd[1], abs=1e-8)
    assert at.qd[2] == pytest.approx(at.qd[3], abs=1e-8)
    t = np.linspace(0, T, 2001)
    trajectory = tj.lspb_trajectory(q0, qf, T, a, t)
    assert trajectory.q[[0, -1]] == pytest.approx([q0, qf])
    assert trajectory.qd[[0, -1]] == pytest.approx([0.0, 0.0], abs=1e-12)
    assert np.abs(trajectory.qd).max() == pytest.approx(a * tb)
    assert np.abs(trajectory.qdd).max() == pytest.approx(a)
    # The velocity integrates to the position (trapezoidal rule on a fine grid).
    mean_speed = (trajectory.qd[1:] + trajectory.qd[:-1]) / 2
    integral = np.concatenate([[0], np.cumsum(mean_speed * np.diff(t))])
    assert trajectory.q == pytest.approx(q0 + integral, abs=1e-5)


def test_lspb_matches_roboticstoolbox_trapezoidal():
    q0, qf, T, a = 0.2, 1.7, 3.0, 1.5
    tb = float(tj.lspb_blend_time(q0, qf, T, a))
    t = np.linspace(0, T, 31)
    theirs = rtb.trapezoidal(q0, qf, t, V=a * tb)  # rtb takes the cruise velocity instead
    ours = tj.lspb_trajectory(q0, qf, T, a, t)
    assert ours.q == pytest.approx(theirs.q, abs=1e-10)
    assert ours.qd == pytest.approx(theirs.qd, abs=1e-10)


def test_lspb_at_minimum_acceleration_is_triangular():
    q0, qf, T = 0.0, 2.0, 2.0
    a_min = 4 * (qf - q0) / T**2
    assert float(tj.lspb_blend_time(q0, qf, T, a_min)) == pytest.approx(T / 2)
    middle = tj.lspb_trajectory(q0, qf, T, a_min, [T / 2])
    assert middle.q == pytest.approx([1.0]) and middle.qd == pytest.approx([a_min * T / 2])


def test_lspb_several_joints_including_one_that_stays():
    q0, qf = np.array([0.0, 1.0, 0.5]), np.array([1.0, -1.0, 0.5])
    trajectory = tj.lspb_trajectory(q0, qf, 2.0, [2.0, 4.0, 1.0], np.linspace(0, 2, 9))
    assert trajectory.q.shape == (9, 3)
    assert trajectory.q[-1] == pytest.approx(qf)
    assert trajectory.q[:, 2] == pytest.approx(np.full(9, 0.5))


def test_lspb_refuses_too_small_an_acceleration_and_names_the_joint():
    with pytest.raises(ValueError, match=r"acceleration is too small to move joint 2 2 in 2 s: "
                                         r"it must be at least .* = 2, got 1"):
        tj.lspb_blend_time([0.0, 0.0], [1.0, 2.0], 2.0, 1.0)
    with pytest.raises(ValueError, match=r"acceleration must be > 0"):
        tj.lspb_blend_time(0.0, 1.0, 2.0, -3.0)
    with pytest.raises(ValueError, match=r"t must lie in \[0, duration\] = \[0, 2\]"):
        tj.lspb_trajectory(0.0, 1.0, 2.0, 2.0, [0.0, 2.5])


# --------------------------------------------------------------------------- #
# Via points
# --------------------------------------------------------------------------- #


def test_heuristic_velocities_hand_example():
    # Slopes 10, 10, -5, 20 (deg/s): same sign -> mean, sign change -> 0.
    points, times = [0.0, 10.0, 20.0, 15.0, 35.0], [0.0, 1.0, 2.0, 3.0, 4.0]
    v = tj.via_point_velocities(points, times, qd_start=1.0, qd_end=-2.0)
    assert v == pytest.approx([1.0, 10.0, 0.0, 0.0, -2.0])


def test_continuous_acceleration_matches_a_clamped_cubic_spline():
    rng = np.random.default_rng(3)
    times = np.cumsum(rng.uniform(0.5, 2.0, 6)) - 0.5
    points = rng.normal(size=(6, 2))
    qd_start, qd_end = np.array([0.2, -0.1]), np.array([0.0, 0.4])
    t = np.linspace(times[0], times[-1], 200)
    ours = tj.via_point_trajectory(points, times, t, "continuous_acceleration", qd_start, qd_end)
    for j in range(2):
        ends = ((1, qd_start[j]), (1, qd_end[j]))  # first derivatives given at both ends
        spline = scipy.interpolate.CubicSpline(times, points[:, j], bc_type=ends)
        assert ours.q[:, j] == pytest.approx(spline(t), abs=1e-10)
        assert ours.qd[:, j] == pytest.approx(spline(t, 1), abs=1e-9)
        assert ours.qdd[:, j] == pytest.approx(spline(t, 2), abs=1e-8)


@pytest.mark.parametrize("method", ["heuristic", "continuous_acceleration"])
def test_via_trajectory_passes_the_points_with_continuous_velocity(method):
    points = np.array([[0.0, 1.0], [0.5, 0.2], [1.5, 0.8], [1.0, -0.5]])
    times = np.array([0.0, 1.0, 2.5, 3.0])
    at_points = tj.via_point_trajectory(points, times, times, method)
    assert at_points.q == pytest.approx(points, abs=1e-12)
    eps = 1e-9
    left = tj.via_point_trajectory(points, times, times[1:-1] - eps, method)
    right = tj.via_point_trajectory(points, times, times[1:-1] + eps, method)
    assert left.qd == pytest.approx(right.qd, abs=1e-6)
    jump = np.abs(left.qdd - right.qdd).max()
    if method == "continuous_acceleration":
        assert jump < 1e-5
    else:
        assert jump > 0.1  # the heuristic trades acceleration continuity for simplicity


def test_via_point_errors():
    with pytest.raises(ValueError, match="times must be strictly increasing"):
        tj.via_point_velocities([0, 1, 2], [0, 2, 1])
    with pytest.raises(ValueError, match=r"times must have one entry per point, shape \(3,\)"):
        tj.via_point_velocities([0, 1, 2], [0, 1])
    with pytest.raises(ValueError, match="method must be one of 'heuristic', 'continuous_"):
        tj.via_point_velocities([0, 1, 2], [0, 1, 2], method="spline")
    with pytest.raises(ValueError, match=r"t must lie in \[times\[0\], times\[-1\]\]"):
        tj.via_point_trajectory([0, 1, 2], [0, 1, 2], [3.0])


def test_boundary_value_errors():
    with pytest.raises(ValueError, match="duration must be > 0, got 0.0"):
        tj.cubic_coefficients(0, 1, 0.0)
    with pytest.raises(ValueError, match=r"one entry per joint .* q0 \(2,\), qf \(3,\)"):
        tj.quintic_coefficients([0, 1], [0, 1, 2], 1.0)
    with pytest.raises(TypeError, match="q0 must be numeric"):
        tj.cubic_coefficients("start", 1, 1.0)
    with pytest.raises(ValueError, match="qf must be finite"):
        tj.cubic_coefficients(0.0, np.nan, 1.0)
