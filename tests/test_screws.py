"""Tests of coursekit.screws: adjoints, Craig's velocity/force transforms, twists, exp/log, screws.

Independent sources: Craig Exercise 5.11, the Example 5.8-style instance and
Programming Exercise 1 (craig-ch5-ch6.md), the Duysinx-Geradin screw example
(digest section 4.3), scipy.linalg.expm, modern_robotics, finite differences
and point velocities computed directly with cross products.
"""

import modern_robotics as mr
import numpy as np
import pytest
import scipy.linalg
from hypothesis import example, given, settings
from hypothesis import strategies as st

import coursekit as ck
from coursekit.screws import (
    adjoint,
    force_transform,
    screw_axis,
    screw_axis_from_velocity,
    transform_from_twist,
    twist_from_matrix,
    twist_from_transform,
    twist_matrix,
    velocity_operator,
    velocity_transform,
)

finite = st.floats(-3.0, 3.0, allow_nan=False, allow_infinity=False)
vectors = st.tuples(finite, finite, finite).map(np.array)


def hat(xi):
    """4x4 se(3) matrix written out by hand in the test (independent of twist_matrix)."""
    v, w = xi[:3], xi[3:]
    return np.array(
        [
            [0.0, -w[2], w[1], v[0]],
            [w[2], 0.0, -w[0], v[1]],
            [-w[1], w[0], 0.0, v[2]],
            [0.0, 0.0, 0.0, 0.0],
        ]
    )


def random_transform(rng):
    axis = rng.normal(size=3)
    return ck.transform(
        ck.rotation_from_axis_angle(axis, rng.uniform(-np.pi, np.pi)), rng.uniform(-2, 2, 3)
    )


def swap(xi):
    """[v; w] <-> [w; v]."""
    return np.concatenate([xi[3:], xi[:3]])


# --- adjoint, velocity and force transforms ---------------------------------------------


def test_adjoint_moves_a_twist_as_rigid_body_kinematics_says():
    rng = np.random.default_rng(1)
    for _ in range(20):
        T_a_b = random_transform(rng)
        R, p = T_a_b[:3, :3], T_a_b[:3, 3]
        v_b, w_b = rng.normal(size=3), rng.normal(size=3)
        # Velocity of the body point at the origin of {a}: v_b + w x (o_a - o_b), rotated into {a}.
        w_a = R @ w_b
        v_a = R @ v_b + np.cross(p, w_a)
        assert adjoint(T_a_b) @ np.r_[v_b, w_b] == pytest.approx(np.r_[v_a, w_a], abs=1e-12)
        assert adjoint(T_a_b, order="wv") @ np.r_[w_b, v_b] == pytest.approx(
            np.r_[w_a, v_a], abs=1e-12
        )


def test_adjoint_twist_gives_the_same_point_velocities():
    """A twist in {b} and its adjoint image in {a} move every body point alike."""
    rng = np.random.default_rng(2)
    for _ in range(10):
        T_a_b = random_transform(rng)
        xi_b = rng.normal(size=6)
        xi_a = adjoint(T_a_b) @ xi_b
        for p_b in rng.normal(size=(5, 3)):
            velocity_b = xi_b[:3] + np.cross(xi_b[3:], p_b)  # in {b} axes
            p_a = T_a_b[:3, :3] @ p_b + T_a_b[:3, 3]
            velocity_a = xi_a[:3] + np.cross(xi_a[3:], p_a)
            assert velocity_a == pytest.approx(T_a_b[:3, :3] @ velocity_b, abs=1e-12)


def test_adjoint_matches_modern_robotics():
    rng = np.random.default_rng(3)
    for _ in range(10):
        T = random_transform(rng)
        assert adjoint(T, order="wv") == pytest.approx(mr.Adjoint(T), abs=1e-14)
        P = np.block([[np.zeros((3, 3)), np.eye(3)], [np.eye(3), np.zeros((3, 3))]])
        assert adjoint(T) == pytest.approx(P @ mr.Adjoint(T) @ P, abs=1e-14)


@settings(max_examples=30, deadline=None)
@given(vectors, vectors, vectors, vectors)
def test_adjoint_is_a_homomorphism(r1, p1, r2, p2):
    T1 = ck.transform(ck.rotation_from_rotation_vector(r1), p1)
    T2 = ck.transform(ck.rotation_from_rotation_vector(r2), p2)
    for order in ("vw", "wv"):
        assert adjoint(T1 @ T2, order) == pytest.approx(
            adjoint(T1, order) @ adjoint(T2, order), abs=1e-10
        )
    assert adjoint(ck.invert_transform(T1)) == pytest.approx(np.linalg.inv(adjoint(T1)), abs=1e-10)


def test_craig_exercise_5_11():
    c, s = np.cos(np.pi / 6), np.sin(np.pi / 6)  # the book prints 0.866 and 0.500
    T_a_b = np.array([[c, -s, 0, 10.0], [s, c, 0, 0.0], [0, 0, 1, 5.0], [0, 0, 0, 1]])
    nu_A = np.array([0.0, 2.0, -3.0, 1.414, 1.414, 0.0])
    nu_B = velocity_transform(ck.invert_transform(T_a_b)) @ nu_A  # Craig's (5.100)
    assert nu_B == pytest.approx([3.5876, -7.9256, -17.14, 1.9315, 0.5175, 0.0], abs=1e-3)
    # The digest's value with exact cos 30 / sin 30, and the velocity of {B}'s origin in {A}.
    assert nu_B == pytest.approx([3.5878, -7.9257, -17.14, 1.9316, 0.5176, 0.0], abs=1e-4)
    R_a_b = T_a_b[:3, :3]
    assert R_a_b @ nu_B[:3] == pytest.approx([7.07, -5.07, -17.14], abs=1e-9)


def test_craig_example_5_8_style_force_transform():
    T_t_s = ck.transform(ck.rot_z(-np.pi / 2), [0.0, 0.0, -0.2])
    F_s = [1.0, 2.0, 3.0, 0.1, 0.2, 0.3]
    assert force_transform(T_t_s) @ F_s == pytest.approx([2, -1, 3, 0, -0.5, 0.3], abs=1e-12)


def test_craig_programming_exercise_1_planar_veltrans():
    T_a_b = ck.transform(ck.rot_z(np.pi / 2), [1.0, 2.0, 0.0])  # (x, y, theta) = (1, 2, 90 deg)
    nu_A = [0.1, 0.2, 0.0, 0.0, 0.0, 0.3]
    nu_B = velocity_transform(ck.invert_transform(T_a_b)) @ nu_A
    assert nu_B[[0, 1, 5]] == pytest.approx([0.5, 0.5, 0.3], abs=1e-12)
    assert nu_B[[2, 3, 4]] == pytest.approx([0, 0, 0], abs=1e-12)


def test_force_transform_is_transpose_of_inverse_velocity_transform():
    """Craig (5.107): T_f(T_a_b) = T_v(T_b_a)^T."""
    rng = np.random.default_rng(4)
    for _ in range(20):
        T_a_b = random_transform(rng)
        T_b_a = ck.invert_transform(T_a_b)
        assert force_transform(T_a_b) == pytest.approx(velocity_transform(T_b_a).T, abs=1e-14)


def test_force_transform_preserves_power():
    """Wrench . twist is frame independent: the power is the same in {a} and {b}."""
    rng = np.random.default_rng(5)
    for _ in range(10):
        T_a_b = random_transform(rng)
        F_b, nu_b = rng.normal(size=6), rng.normal(size=6)
        power_a = (force_transform(T_a_b) @ F_b) @ (velocity_transform(T_a_b) @ nu_b)
        assert power_a == pytest.approx(F_b @ nu_b, abs=1e-12)


def test_force_transform_moment_about_new_origin():
    """Direct statics: n_a = R n_b + p x (R f_b)."""
    rng = np.random.default_rng(6)
    T_a_b = random_transform(rng)
    R, p = T_a_b[:3, :3], T_a_b[:3, 3]
    f_b, n_b = rng.normal(size=3), rng.normal(size=3)
    expected = np.r_[R @ f_b, R @ n_b + np.cross(p, R @ f_b)]
    assert force_transform(T_a_b) @ np.r_[f_b, n_b] == pytest.approx(expected, abs=1e-12)


# --- twist matrices, exponential and logarithm -------------------------------------------


def test_twist_matrix_acts_on_points_as_a_velocity_field():
    rng = np.random.default_rng(7)
    xi, p = rng.normal(size=6), rng.normal(size=3)
    assert twist_matrix(xi) @ np.r_[p, 1.0] == pytest.approx(
        np.r_[xi[:3] + np.cross(xi[3:], p), 0.0], abs=1e-14
    )
    assert twist_matrix(swap(xi), order="wv") == pytest.approx(twist_matrix(xi), abs=0)
    assert twist_from_matrix(twist_matrix(xi)) == pytest.approx(xi, abs=0)
    assert twist_from_matrix(twist_matrix(xi), order="wv") == pytest.approx(swap(xi), abs=0)
    assert mr.se3ToVec(twist_matrix(xi)) == pytest.approx(swap(xi), abs=0)


@settings(max_examples=50, deadline=None)
@given(vectors, vectors, st.floats(-2.0, 2.0))
@example(np.zeros(3), np.array([1.0, -2.0, 0.5]), 1.3)  # pure translation
@example(np.array([0.0, 0.0, 1e-9]), np.array([1.0, 2.0, 3.0]), 1.0)  # tiny angle
@example(np.array([0.0, 1.0, 0.0]), np.array([1.0, 2.0, 3.0]), np.pi)  # half turn
def test_exponential_matches_scipy_expm(w, v, theta):
    xi = np.r_[v, w]
    expected = scipy.linalg.expm(hat(xi) * theta)
    assert transform_from_twist(xi, theta) == pytest.approx(expected, abs=1e-9)
    assert transform_from_twist(swap(xi), theta, order="wv") == pytest.approx(expected, abs=1e-9)


@pytest.mark.parametrize("angle", [1e-12, 1e-6, 1e-3, 9e-3, 1.1e-2, 0.1, 1.0])
def test_exponential_is_accurate_for_small_angles(angle):
    """Around the switch to the series (|w theta| = 0.01) the result stays at round-off level."""
    rng = np.random.default_rng(12)
    u = rng.normal(size=3)
    xi = np.r_[100 * rng.normal(size=3), angle * u / np.linalg.norm(u)]
    assert transform_from_twist(xi) == pytest.approx(scipy.linalg.expm(hat(xi)), abs=1e-12)
    T = scipy.linalg.expm(hat(xi))
    assert twist_from_transform(T) == pytest.approx(xi, rel=1e-12, abs=1e-12)


def test_exponential_matches_modern_robotics_and_special_cases():
    xi = np.array([0.3, -0.2, 0.5, 0.0, 0.6, 0.8])
    assert transform_from_twist(xi, 0.7) == pytest.approx(
        mr.MatrixExp6(mr.VecTose3(swap(xi) * 0.7)), abs=1e-12
    )
    assert transform_from_twist(xi, 0.0) == pytest.approx(np.eye(4), abs=0)
    assert transform_from_twist([1.0, 2.0, 3.0, 0, 0, 0], 2.0) == pytest.approx(
        ck.translation([2.0, 4.0, 6.0]), abs=0
    )
    # A screw with pitch h along z advances h * theta while it turns theta.
    T = transform_from_twist(screw_axis([0, 0, 1], [1.0, 1.0, 0], pitch=0.25), np.pi)
    assert T[:3, 3] == pytest.approx([2.0, 2.0, 0.25 * np.pi], abs=1e-12)
    assert T[:3, :3] == pytest.approx(ck.rot_z(np.pi), abs=1e-12)


@settings(max_examples=50, deadline=None)
@given(vectors, vectors)
@example(np.zeros(3), np.array([1.0, -2.0, 0.5]))
@example(np.array([1e-10, 0.0, 0.0]), np.array([0.0, 0.0, 1.0]))
def test_log_inverts_exp_below_a_half_turn(r, v):
    norm = np.linalg.norm(r)
    if norm > 3.0:
        r = r * 3.0 / norm  # the logarithm returns angles in [0, pi]
    xi = np.r_[v, r]
    assert twist_from_transform(transform_from_twist(xi)) == pytest.approx(xi, abs=1e-9)
    assert twist_from_transform(transform_from_twist(xi), order="wv") == pytest.approx(
        swap(xi), abs=1e-9
    )


@settings(max_examples=50, deadline=None)
@given(vectors, vectors, st.sampled_from([0.0, 1e-8, 0.5, np.pi - 1e-6, np.pi]))
def test_exp_inverts_log_including_half_turns(axis, p, angle):
    if np.linalg.norm(axis) < 1e-3:
        axis = np.array([1.0, 0.0, 0.0])
    T = ck.transform(ck.rotation_from_axis_angle(axis, angle), p)
    xi = twist_from_transform(T)
    assert np.linalg.norm(xi[3:]) == pytest.approx(angle, abs=1e-6)
    assert transform_from_twist(xi) == pytest.approx(T, abs=1e-9)
    assert scipy.linalg.expm(hat(xi)) == pytest.approx(T, abs=1e-9)


def test_log_matches_modern_robotics():
    rng = np.random.default_rng(8)
    for _ in range(5):
        T = random_transform(rng)
        assert twist_matrix(twist_from_transform(T)) == pytest.approx(mr.MatrixLog6(T), abs=1e-9)


# --- screws ------------------------------------------------------------------------------


def test_screw_axis_matches_modern_robotics():
    rng = np.random.default_rng(9)
    for _ in range(5):
        s = rng.normal(size=3)
        s /= np.linalg.norm(s)
        q, h = rng.normal(size=3), rng.normal()
        assert screw_axis(s, q, h, order="wv") == pytest.approx(mr.ScrewToAxis(q, s, h), abs=1e-14)
        assert screw_axis(3 * s, q, h) == pytest.approx(swap(mr.ScrewToAxis(q, s, h)), abs=1e-14)
    assert screw_axis([0, 0, 2.0], [5.0, 6, 7], np.inf) == pytest.approx([0, 0, 1, 0, 0, 0])
    assert screw_axis([0, 0, 2.0], [5.0, 6, 7], np.inf, order="wv") == pytest.approx(
        [0, 0, 0, 0, 0, 1]
    )


def test_screw_axis_from_velocity_duysinx_reference():
    pitch, point, direction = screw_axis_from_velocity([1, 0, 0], [0, 1, 1], [0, 0, 2])
    assert pitch == pytest.approx(0.5)
    assert point == pytest.approx([0.5, 0.0, 0.0], abs=1e-15)
    assert direction == pytest.approx([0.0, 0.0, 1.0])
    # A point on the axis moves at sigma * omega = (0, 0, 1): d_dot + w x (s - d).
    assert np.array([0, 1, 1]) + np.cross([0, 0, 2], point - [1, 0, 0]) == pytest.approx(
        [0, 0, 1]
    )


def test_screw_axis_from_velocity_reproduces_every_point_velocity():
    """Duysinx-Geradin (4.18.12): p_dot = sigma w + w x (p - s), for any reference point."""
    rng = np.random.default_rng(10)
    for _ in range(10):
        d, d_dot, w = rng.normal(size=(3, 3))
        pitch, s, u = screw_axis_from_velocity(d, d_dot, w)
        assert u @ s == pytest.approx(0.0, abs=1e-12)  # nearest point to the origin
        assert np.cross(u, w) == pytest.approx(np.zeros(3), abs=1e-12)
        for p in rng.normal(size=(4, 3)):
            p_dot = d_dot + np.cross(w, p - d)
            assert pitch * w + np.cross(w, p - s) == pytest.approx(p_dot, abs=1e-12)
            # Another body point as the reference gives the same screw.
            again = screw_axis_from_velocity(p, p_dot, w)
            assert again[0] == pytest.approx(pitch, abs=1e-12)
            assert again[1] == pytest.approx(s, abs=1e-10)


def test_velocity_operator_matches_finite_differences_and_4_25_5():
    rng = np.random.default_rng(11)
    xi = rng.normal(size=6)  # spatial twist of the motion T(t) = expm(hat(xi) t) T0
    T0 = random_transform(rng)
    t, h = 0.4, 1e-6
    T = scipy.linalg.expm(hat(xi) * t) @ T0
    T_dot = (scipy.linalg.expm(hat(xi) * (t + h)) - scipy.linalg.expm(hat(xi) * (t - h))) @ T0
    T_dot /= 2 * h
    Delta = velocity_operator(T, T_dot)
    assert Delta == pytest.approx(hat(xi), abs=1e-7)
    assert Delta == pytest.approx(T_dot @ np.linalg.inv(T), abs=1e-7)
    # (4.25.5): v = r_dot - w x r
    w = xi[3:]
    assert Delta[:3, 3] == pytest.approx(T_dot[:3, 3] - np.cross(w, T[:3, 3]), abs=1e-7)


# --- errors ------------------------------------------------------------------------------


def test_bad_inputs_get_clear_errors():
    with pytest.raises(ValueError, match="order must be one of 'vw', 'wv', got 'xyz'"):
        adjoint(np.eye(4), order="xyz")
    with pytest.raises(ValueError, match=r"T_a_b must have shape \(4, 4\), got shape \(3, 3\)"):
        velocity_transform(np.eye(3))
    with pytest.raises(ValueError, match="T_a_b has determinant -1"):
        force_transform(np.diag([1.0, 1.0, -1.0, 1.0]))
    with pytest.raises(ValueError, match=r"xi must have shape \(6,\), got shape \(3,\)"):
        transform_from_twist([1.0, 2.0, 3.0])
    with pytest.raises(TypeError, match="theta must be numeric"):
        transform_from_twist(np.zeros(6), "pi")
    with pytest.raises(ValueError, match="its upper-left 3x3 block is not skew-symmetric"):
        twist_from_matrix(np.eye(4) - np.diag([0, 0, 0, 1.0]))
    with pytest.raises(ValueError, match="its bottom row is"):
        twist_from_matrix(np.eye(4))
    with pytest.raises(ValueError, match="the rotation part of T must be orthonormal"):
        twist_from_transform(np.diag([2.0, 1.0, 1.0, 1.0]))
    with pytest.raises(ValueError, match="direction must be a nonzero vector"):
        screw_axis([0, 0, 0], [0, 0, 0], 0.0)
    with pytest.raises(ValueError, match="pitch must be a number"):
        screw_axis([0, 0, 1], [0, 0, 0], np.nan)
    with pytest.raises(ValueError, match="omega is zero.*only translates"):
        screw_axis_from_velocity([1, 0, 0], [0, 1, 0], [0, 0, 0])
    with pytest.raises(ValueError, match=r"T_0_b_dot must have bottom row \[0, 0, 0, 0\]"):
        velocity_operator(np.eye(4), np.eye(4))
    with pytest.raises(ValueError, match="R_dot @ R.T must be skew-symmetric"):
        velocity_operator(np.eye(4), np.diag([1.0, 0, 0, 0]))


def test_public_names_are_exported():
    for name in (
        "adjoint",
        "velocity_transform",
        "force_transform",
        "twist_matrix",
        "twist_from_matrix",
        "transform_from_twist",
        "twist_from_transform",
        "screw_axis",
        "screw_axis_from_velocity",
        "velocity_operator",
    ):
        assert getattr(ck, name) is getattr(ck.screws, name)
