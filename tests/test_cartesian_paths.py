"""Cartesian straight lines: SLERP against axis-angle and scipy; bounded-deviation knots."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy.spatial.transform import Rotation, Slerp

import coursekit as ck
from coursekit import cartesian_paths as cp
from coursekit.models import planar_2r, puma560
from coursekit.quaternions import quaternion_from_rotation


def random_rotation(rng):
    return ck.rotation_from_axis_angle(rng.normal(size=3), rng.uniform(0, np.pi))


# --------------------------------------------------------------------------- #
# SLERP
# --------------------------------------------------------------------------- #


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10_000))
def test_slerp_is_unit_norm_with_constant_angular_rate(seed):
    rng = np.random.default_rng(seed)
    e0 = quaternion_from_rotation(random_rotation(rng))
    e1 = quaternion_from_rotation(random_rotation(rng))
    s = np.linspace(0, 1, 11)
    e = cp._slerp(e0, e1, s)
    assert np.linalg.norm(e, axis=1) == pytest.approx(np.ones(11), abs=1e-12)
    assert e[0] == pytest.approx(e0, abs=1e-12)
    assert e[-1] == pytest.approx(e1, abs=1e-12) or e[-1] == pytest.approx(-e1, abs=1e-12)
    # Equal steps in s turn by equal angles (angle between quaternions = half the rotation angle).
    steps = np.arccos(np.clip(np.abs(np.sum(e[1:] * e[:-1], axis=1)), -1, 1))
    assert steps == pytest.approx(np.full(10, steps.mean()), abs=1e-7)


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10_000))
def test_slerp_is_a_constant_axis_rotation(seed):
    # R(s) = R0 Rot(l, s phi), where (l, phi) is the axis-angle of R0^T R1 (phi <= pi: shorter way).
    rng = np.random.default_rng(seed)
    R0, R1 = random_rotation(rng), random_rotation(rng)
    axis, angle = ck.axis_angle_from_rotation(R0.T @ R1)
    T0, T1 = ck.transform(R0, rng.normal(size=3)), ck.transform(R1, rng.normal(size=3))
    for s in (0.0, 0.25, 0.6, 1.0):
        expected = R0 @ ck.rotation_from_axis_angle(axis, s * angle)
        assert cp.straight_line_poses(T0, T1, s)[:3, :3] == pytest.approx(expected, abs=1e-9)


def test_slerp_matches_scipy_and_takes_the_shorter_way():
    rng = np.random.default_rng(7)
    R0, R1 = random_rotation(rng), random_rotation(rng)
    s = np.linspace(0, 1, 7)
    ours = ck.rotation_from_quaternion(
        cp._slerp(quaternion_from_rotation(R0), -quaternion_from_rotation(R1), s)
    )
    theirs = Slerp([0.0, 1.0], Rotation.from_matrix(np.stack([R0, R1])))(s).as_matrix()
    assert ours == pytest.approx(theirs, abs=1e-9)


def test_slerp_between_equal_rotations_stays_put():
    e = quaternion_from_rotation(ck.rot_z(0.3))
    assert cp._slerp(e, e, np.array([0.0, 0.5, 1.0])) == pytest.approx(np.tile(e, (3, 1)))


def test_straight_line_positions_are_linear_and_shapes_follow_s():
    T0 = ck.transform(ck.rot_x(0.2), [1.0, 2.0, 3.0])
    T1 = ck.transform(ck.rot_y(-1.0), [-1.0, 0.0, 5.0])
    s = np.linspace(0, 1, 12).reshape(3, 4)
    poses = cp.straight_line_poses(T0, T1, s)
    assert poses.shape == (3, 4, 4, 4)
    linear = (1 - s)[..., None] * T0[:3, 3] + s[..., None] * T1[:3, 3]
    assert poses[..., :3, 3] == pytest.approx(linear)
    assert poses[0, 0] == pytest.approx(T0, abs=1e-12)
    assert poses[-1, -1] == pytest.approx(T1, abs=1e-12)
    assert all(ck.is_transform(T) for T in poses.reshape(-1, 4, 4))


def test_straight_line_errors():
    with pytest.raises(ValueError, match=r"s must lie in \[0, 1\]"):
        cp.straight_line_poses(np.eye(4), np.eye(4), 1.5)
    with pytest.raises(ValueError, match="T_end must have shape"):
        cp.straight_line_poses(np.eye(4), np.eye(3), 0.5)


# --------------------------------------------------------------------------- #
# Bounded deviation (Duysinx-Geradin section 3.3.2, Taylor's algorithm)
# --------------------------------------------------------------------------- #

L1, L2 = 1.0, 0.8
ARM = planar_2r(L1, L2)


def tip(q):
    """Planar 2R tip, written out by hand: x = l1 c1 + l2 c12, y = l1 s1 + l2 s12 (2.7.3)."""
    q = np.atleast_2d(q)
    return np.stack([L1 * np.cos(q[:, 0]) + L2 * np.cos(q[:, 0] + q[:, 1]),
                     L1 * np.sin(q[:, 0]) + L2 * np.sin(q[:, 0] + q[:, 1])], axis=1)


def closed_form_ik(T_target, q_near):
    """Hand 2R inverse kinematics (digest Part 4.10), branch of q_near's elbow."""
    x, y = T_target[0, 3], T_target[1, 3]
    c2 = (x**2 + y**2 - L1**2 - L2**2) / (2 * L1 * L2)
    s2 = np.sign(q_near[1]) * np.sqrt(1 - c2**2)
    q2 = np.arctan2(s2, c2)
    return np.array([np.arctan2(y, x) - np.arctan2(L2 * s2, L1 + L2 * c2), q2])


def max_distance_from_line(knots, p0, p1, per_segment=200):
    u = np.linspace(0, 1, per_segment)[:, None]
    q = np.concatenate([(1 - u) * a + u * b for a, b in zip(knots[:-1], knots[1:])])
    p = tip(q)
    d = (p1 - p0) / np.linalg.norm(p1 - p0)
    along = np.clip((p - p0) @ d, 0, np.linalg.norm(p1 - p0))
    return np.linalg.norm(p - (p0 + along[:, None] * d), axis=1).max()


@pytest.mark.parametrize("tolerance", [0.05, 0.01, 1e-3])
def test_knots_keep_the_joint_path_within_the_bound(tolerance):
    q_start, q_end = np.array([0.2, 2.0]), np.array([1.4, 0.5])
    knots = cp.bounded_deviation_knots(
        ARM, q_start, q_end, tolerance, inverse_kinematics=closed_form_ik
    )
    p0, p1 = tip(q_start)[0], tip(q_end)[0]
    assert knots.q[0] == pytest.approx(q_start) and knots.q[-1] == pytest.approx(q_end)
    assert np.all(np.diff(knots.s) > 0)
    # Every knot is on the line, at its fraction s.
    on_line = (1 - knots.s)[:, None] * p0 + knots.s[:, None] * p1
    assert tip(knots.q) == pytest.approx(on_line, abs=1e-9)
    dense = max_distance_from_line(knots.q, p0, p1)
    assert dense <= tolerance * 1.01
    assert knots.deviation <= tolerance and knots.deviation == pytest.approx(dense, rel=0.05)


def test_plain_joint_interpolation_strays_and_more_knots_for_tighter_bounds():
    q_start, q_end = np.array([0.2, 2.0]), np.array([1.4, 0.5])
    p0, p1 = tip(q_start)[0], tip(q_end)[0]
    # (3.3.1) alone bows away from the line by centimetres.
    assert max_distance_from_line(np.stack([q_start, q_end]), p0, p1) > 0.1
    counts = [len(cp.bounded_deviation_knots(ARM, q_start, q_end, tol, position_only=True).s)
              for tol in (0.1, 0.01, 0.001)]
    assert counts[0] < counts[1] < counts[2]


def test_default_numerical_ik_gives_the_closed_form_knots():
    q_start, q_end = np.array([0.2, 2.0]), np.array([1.4, 0.5])
    ours = cp.bounded_deviation_knots(ARM, q_start, q_end, 0.005, position_only=True)
    hand = cp.bounded_deviation_knots(ARM, q_start, q_end, 0.005, inverse_kinematics=closed_form_ik)
    assert ours.s == pytest.approx(hand.s)
    assert ours.q == pytest.approx(hand.q, abs=1e-8)


def test_midpoint_only_check_is_taylors_original():
    q_start, q_end = np.array([0.2, 2.0]), np.array([1.4, 0.5])
    knots = cp.bounded_deviation_knots(ARM, q_start, q_end, 0.01, position_only=True, samples=1)
    p0, p1 = tip(q_start)[0], tip(q_end)[0]
    mids = tip((knots.q[:-1] + knots.q[1:]) / 2)
    d = (p1 - p0) / np.linalg.norm(p1 - p0)
    off_line = np.abs((mids - p0) @ np.array([-d[1], d[0]]))
    assert off_line.max() <= 0.01


def test_six_axis_arm_bounds_position_and_orientation():
    robot = puma560()
    q_start = np.array([0.1, -0.6, 0.3, 0.2, 0.5, -0.3])
    q_end = np.array([0.9, -0.2, -0.1, -0.4, 1.0, 0.6])
    limit = np.deg2rad(0.1)
    knots = cp.bounded_deviation_knots(robot, q_start, q_end, 0.005, angle_tolerance=limit)
    position_only = cp.bounded_deviation_knots(robot, q_start, q_end, 0.005)
    assert len(knots.s) > len(position_only.s)  # here the orientation bound is the one that bites
    T0, T1 = ck.forward_kinematics(robot, q_start), ck.forward_kinematics(robot, q_end)
    on_line = cp.straight_line_poses(T0, T1, knots.s)
    assert ck.forward_kinematics(robot, knots.q) == pytest.approx(on_line, abs=1e-8)
    u = np.linspace(0, 1, 41)[:, None]
    for a, b, sa, sb in zip(knots.q[:-1], knots.q[1:], knots.s[:-1], knots.s[1:]):
        T = ck.forward_kinematics(robot, (1 - u) * a + u * b)
        line = cp.straight_line_poses(T0, T1, sa + u[:, 0] * (sb - sa))
        R_err = np.swapaxes(line[:, :3, :3], 1, 2) @ T[:, :3, :3]
        angles = np.arccos(np.clip((np.trace(R_err, axis1=1, axis2=2) - 1) / 2, -1, 1))
        assert angles.max() <= limit * 1.01
        p, pa, pb = T[:, :3, 3], line[0, :3, 3], line[-1, :3, 3]
        d = (pb - pa) / np.linalg.norm(pb - pa)
        off = p - pa - np.outer((p - pa) @ d, d)
        assert np.linalg.norm(off, axis=1).max() <= 0.005 * 1.01


def test_bounded_deviation_errors():
    q_start, q_end = [0.2, 2.0], [1.4, 0.5]
    with pytest.raises(ValueError, match=r"inverse_kinematics returned joints whose tool point is"):
        cp.bounded_deviation_knots(ARM, q_start, q_end, 0.01, inverse_kinematics=lambda T, q: q)
    with pytest.raises(ValueError, match=r"could not be met within max_depth=1 halvings"):
        cp.bounded_deviation_knots(ARM, q_start, q_end, 1e-4, position_only=True, max_depth=1)
    with pytest.raises(ValueError, match="angle_tolerance must be None when position_only=True"):
        cp.bounded_deviation_knots(
            ARM, q_start, q_end, 0.01, position_only=True, angle_tolerance=0.1
        )
    with pytest.raises(ValueError, match="tolerance must be > 0"):
        cp.bounded_deviation_knots(ARM, q_start, q_end, 0.0)
    with pytest.raises(ValueError, match="samples must be a whole number >= 1"):
        cp.bounded_deviation_knots(ARM, q_start, q_end, 0.01, samples=0)
    with pytest.raises(ValueError, match=r"q_start must be one joint vector of shape \(2,\)"):
        cp.bounded_deviation_knots(ARM, [[0, 1], [1, 0]], q_end, 0.01)
