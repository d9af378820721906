"""Tests of coursekit.rotations: book matrices, scipy and Modern Robotics oracles, edge angles."""

from __future__ import annotations

import modern_robotics as mr
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from numpy import cos, sin
from scipy.spatial.transform import Rotation

import coursekit as ck

DEG = np.pi / 180
vector = st.tuples(*[st.floats(-3.0, 3.0, allow_nan=False)] * 3).map(np.array)


def axis_angle_matrix(l, phi):
    """Duysinx-Geradin (4.11.7), typed from the digest (l a unit vector)."""
    lx, ly, lz = l
    c, s, v = cos(phi), sin(phi), 1 - cos(phi)
    return np.array(
        [
            [lx * lx * v + c, lx * ly * v - lz * s, lx * lz * v + ly * s],
            [lx * ly * v + lz * s, ly * ly * v + c, ly * lz * v - lx * s],
            [lx * lz * v - ly * s, ly * lz * v + lx * s, lz * lz * v + c],
        ]
    )


# --- elementary rotations -----------------------------------------------------------------


@pytest.mark.parametrize("t", [0.0, 0.3, -2.0, np.pi])
def test_elementary_rotations_match_4_5(t):
    c, s = cos(t), sin(t)
    assert ck.rot_z(t) == pytest.approx(np.array([[c, -s, 0], [s, c, 0], [0, 0, 1]]))
    assert ck.rot_y(t) == pytest.approx(np.array([[c, 0, s], [0, 1, 0], [-s, 0, c]]))
    assert ck.rot_x(t) == pytest.approx(np.array([[1, 0, 0], [0, c, -s], [0, s, c]]))


def test_elementary_rotations_match_scipy_batched():
    t = np.random.default_rng(0).uniform(-np.pi, np.pi, (3, 4))
    for axis, rot in zip("xyz", (ck.rot_x, ck.rot_y, ck.rot_z)):
        R = rot(t)
        assert R.shape == (3, 4, 3, 3)
        expected = Rotation.from_euler(axis, t.reshape(-1, 1)).as_matrix().reshape(3, 4, 3, 3)
        assert R == pytest.approx(expected, abs=1e-15)


def test_non_commutativity_example_of_section_4_8():
    quarter = np.pi / 2
    z_then_y = ck.rot_z(quarter) @ ck.rot_y(quarter)
    y_then_z = ck.rot_y(quarter) @ ck.rot_z(quarter)
    assert z_then_y == pytest.approx(np.array([[0, -1, 0], [0, 0, 1], [-1, 0, 0]]), abs=1e-15)
    assert y_then_z == pytest.approx(np.array([[0, 0, 1], [1, 0, 0], [0, 1, 0]]), abs=1e-15)


# --- skew / unskew / is_rotation ------------------------------------------------------------


@settings(max_examples=50, deadline=None)
@given(a=vector, b=vector)
def test_skew_identities_of_appendix_a(a, b):
    A, B = ck.skew(a), ck.skew(b)
    assert A @ b == pytest.approx(np.cross(a, b), abs=1e-12)
    assert A.T == pytest.approx(-A)
    assert A @ B == pytest.approx(np.outer(b, a) - (a @ b) * np.eye(3), abs=1e-12)  # (A.4.12)
    assert ck.unskew(A) == pytest.approx(a)
    R = ck.rotation_from_rotation_vector(b)
    assert R @ A @ R.T == pytest.approx(ck.skew(R @ a), abs=1e-12)


def test_is_rotation():
    assert ck.is_rotation(ck.rot_x(1.0) @ ck.rot_y(2.0))
    assert not ck.is_rotation(np.diag([1.0, 1.0, -1.0]))  # reflection
    assert not ck.is_rotation(2 * np.eye(3))
    assert not ck.is_rotation(np.eye(4))
    assert not ck.is_rotation(np.full((3, 3), np.nan))
    assert not ck.is_rotation("not a matrix")
    assert ck.is_rotation(np.eye(3) + 1e-3, tol=1e-2)


# --- axis-angle -------------------------------------------------------------------------------


def test_axis_angle_reference_numbers_of_section_4_3():
    R = ck.rotation_from_axis_angle([1, 2, 2], 60 * DEG)  # the axis is normalised
    expected = [[0.5556, -0.4662, 0.6885], [0.6885, 0.7222, -0.0665], [-0.4662, 0.5109, 0.7222]]
    assert R == pytest.approx(np.array(expected), abs=6e-5)
    axis, angle = ck.axis_angle_from_rotation(R)
    assert axis == pytest.approx(np.array([1, 2, 2]) / 3)
    assert angle == pytest.approx(60 * DEG)


@settings(max_examples=50, deadline=None)
@given(v=vector, angle=st.floats(-7.0, 7.0, allow_nan=False))
def test_rotation_from_axis_angle_matches_4_11_7_and_scipy(v, angle):
    if np.linalg.norm(v) < 1e-3:
        v = np.array([0.0, 0.0, 1.0])
    l = v / np.linalg.norm(v)
    R = ck.rotation_from_axis_angle(v, angle)
    assert R == pytest.approx(axis_angle_matrix(l, angle), abs=1e-14)
    assert R == pytest.approx(Rotation.from_rotvec(l * angle).as_matrix(), abs=1e-14)


@settings(max_examples=50, deadline=None)
@given(v=vector, angle=st.floats(1e-6, np.pi, allow_nan=False))
def test_axis_angle_round_trip(v, angle):
    if np.linalg.norm(v) < 1e-3:
        v = np.array([1.0, 0.0, 0.0])
    l = v / np.linalg.norm(v)
    R = ck.rotation_from_axis_angle(l, angle)
    axis, got = ck.axis_angle_from_rotation(R)
    assert 0.0 <= got <= np.pi
    assert ck.rotation_from_axis_angle(axis, got) == pytest.approx(R, abs=1e-12)
    assert got == pytest.approx(angle, abs=1e-9)
    if angle < np.pi - 1e-6:  # below a half turn the axis is unique
        assert axis == pytest.approx(l, abs=1e-8)


H = np.sqrt(0.5)


@pytest.mark.parametrize(
    ("R", "axis"),
    [
        (ck.rot_x(np.pi), [1, 0, 0]),
        (ck.rot_y(np.pi), [0, 1, 0]),
        (ck.rot_z(-np.pi), [0, 0, 1]),
        (np.diag([1.0, -1.0, -1.0]), [1, 0, 0]),
        (ck.rotation_from_axis_angle([1, 1, 0], np.pi), [H, H, 0]),
        (np.array([[0.0, -1.0, 0.0], [-1.0, 0.0, 0.0], [0.0, 0.0, -1.0]]), [H, -H, 0]),
        (ck.rotation_from_axis_angle([1, -2, 2], np.pi), np.array([1, -2, 2]) / 3),
    ],
)
def test_axis_angle_exactly_at_a_half_turn(R, axis):
    got_axis, angle = ck.axis_angle_from_rotation(R)
    assert angle == pytest.approx(np.pi, abs=1e-12)
    # At pi, l and -l are the same rotation.
    axis = np.array(axis)
    assert np.allclose(got_axis, axis, atol=1e-12) or np.allclose(got_axis, -axis, atol=1e-12)
    assert ck.rotation_from_axis_angle(got_axis, angle) == pytest.approx(R, abs=1e-12)
    r = ck.rotation_vector_from_rotation(R)
    assert np.linalg.norm(r) == pytest.approx(np.pi)
    assert ck.rotation_from_rotation_vector(r) == pytest.approx(R, abs=1e-12)


@pytest.mark.parametrize("gap", [1e-9, 1e-7, 1e-5, 1e-4, 1.0001e-4, 1e-3])
def test_axis_angle_just_below_a_half_turn(gap):
    l = np.array([2.0, -1.0, 2.0]) / 3
    R = ck.rotation_from_axis_angle(l, np.pi - gap)
    axis, angle = ck.axis_angle_from_rotation(R)
    assert angle == pytest.approx(np.pi - gap, abs=1e-12)
    assert axis == pytest.approx(l, abs=1e-9)  # the sign is still readable
    assert ck.rotation_from_axis_angle(axis, angle) == pytest.approx(R, abs=1e-11)
    assert ck.rotation_vector_from_rotation(R) == pytest.approx(l * (np.pi - gap), abs=1e-9)


@pytest.mark.parametrize("angle", [0.0, 1e-15, 1e-12, 1e-9, 1e-6, 1e-4])
def test_axis_angle_and_log_near_zero(angle):
    l = np.array([1.0, 2.0, 2.0]) / 3
    R = ck.rotation_from_axis_angle(l, angle)
    axis, got = ck.axis_angle_from_rotation(R)
    # Below 1e-12 rad the angle is reported as 0 (with the axis z).
    assert got == pytest.approx(angle, rel=1e-6, abs=1e-12)
    assert ck.rotation_from_axis_angle(axis, got) == pytest.approx(R, abs=1e-12)
    r = ck.rotation_vector_from_rotation(R)
    assert r == pytest.approx(l * angle, rel=1e-9, abs=1e-20)


# --- exponential and logarithm ---------------------------------------------------------------


@settings(max_examples=50, deadline=None)
@given(r=vector)
def test_exp_matches_scipy_and_modern_robotics(r):
    R = ck.rotation_from_rotation_vector(r)
    assert R == pytest.approx(Rotation.from_rotvec(r).as_matrix(), abs=1e-14)
    if np.linalg.norm(r) > 1e-5:  # Modern Robotics rounds angles below 1e-6 to zero
        assert R == pytest.approx(mr.MatrixExp3(mr.VecToso3(r)), abs=1e-12)


@settings(max_examples=50, deadline=None)
@given(r=vector)
def test_log_inverts_exp_inside_the_ball_of_radius_pi(r):
    theta = np.linalg.norm(r)
    if theta >= np.pi - 1e-6:
        r = r * (np.pi - 1e-3) / theta
    R = ck.rotation_from_rotation_vector(r)
    assert ck.rotation_vector_from_rotation(R) == pytest.approx(r, abs=1e-9)
    scipy_log = Rotation.from_matrix(R).as_rotvec()
    assert ck.rotation_vector_from_rotation(R) == pytest.approx(scipy_log, abs=1e-9)


@pytest.mark.parametrize("size", [0.0, 1e-14, 1e-10, 1e-7, 1e-6, 2e-6, 1e-3])
def test_exp_near_zero_matches_the_series(size):
    r = size * np.array([0.6, -0.8, 0.0])
    W = ck.skew(r)
    W2 = W @ W
    series = np.eye(3) + W + W2 / 2 + W2 @ W / 6 + W2 @ W2 / 24  # exp(W) to 1e-17 for |r| <= 1e-3
    assert ck.rotation_from_rotation_vector(r) == pytest.approx(series, abs=1e-14)
    assert ck.rotation_vector_from_rotation(series) == pytest.approx(r, rel=1e-9, abs=1e-22)


def test_log_is_minimal_beyond_pi():
    r = np.array([0.0, 0.0, 1.5 * np.pi])  # the same rotation as -pi/2 about z
    assert ck.rotation_vector_from_rotation(ck.rotation_from_rotation_vector(r)) == pytest.approx(
        [0.0, 0.0, -0.5 * np.pi]
    )


# --- bad input ---------------------------------------------------------------------------------


def test_bad_input_is_explained():
    with pytest.raises(ValueError, match="theta must be finite"):
        ck.rot_x(np.nan)
    with pytest.raises(TypeError, match="theta must be numeric"):
        ck.rot_z("90")
    with pytest.raises(ValueError, match=r"w must have shape \(3,\), got shape \(2,\)"):
        ck.skew([1.0, 2.0])
    with pytest.raises(ValueError, match="S must be skew-symmetric"):
        ck.unskew(np.eye(3))
    with pytest.raises(ValueError, match="axis must be a nonzero vector"):
        ck.rotation_from_axis_angle([0.0, 0.0, 0.0], 1.0)
    with pytest.raises(ValueError, match="angle must be finite"):
        ck.rotation_from_axis_angle([0.0, 0.0, 1.0], np.inf)
    with pytest.raises(ValueError, match="reflection, not a rotation"):
        ck.axis_angle_from_rotation(np.diag([-1.0, 1.0, 1.0]))
    with pytest.raises(ValueError, match="must be orthonormal"):
        ck.rotation_vector_from_rotation(np.ones((3, 3)))
    with pytest.raises(ValueError, match=r"R must have shape \(3, 3\)"):
        ck.rotation_vector_from_rotation(np.eye(4))
    with pytest.raises(ValueError, match=r"r must have shape \(3,\)"):
        ck.rotation_from_rotation_vector([[0.0, 0.0, 1.0]])
    with pytest.raises(ValueError, match="r must be finite"):
        ck.rotation_from_rotation_vector([np.nan, 0.0, 0.0])
