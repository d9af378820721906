"""Tests of coursekit.angular_velocity against the books and finite differences."""

from __future__ import annotations

import numpy as np
import pytest
from numpy import cos, sin

import coursekit as ck
from coursekit.euler_angles import EULER_SEQUENCES

H = 1e-6  # central-difference step


def vee(W):
    """Vector of the skew part of W, written out here rather than taken from coursekit."""
    return np.array([W[2, 1] - W[1, 2], W[0, 2] - W[2, 0], W[1, 0] - W[0, 1]]) / 2


def omega_by_finite_differences(rotation_of_time, frame):
    R = rotation_of_time(0.0)
    R_dot = (rotation_of_time(H) - rotation_of_time(-H)) / (2 * H)
    return vee(R_dot @ R.T) if frame == "space" else vee(R.T @ R_dot)


# --- book matrices ---------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(4))
def test_craig_example_5_2_zyz(seed):
    a, b, g = np.random.default_rng(seed).uniform(-np.pi, np.pi, 3)
    expected = np.array(
        [[0, -sin(a), cos(a) * sin(b)], [0, cos(a), sin(a) * sin(b)], [1, 0, cos(b)]]
    )
    E = ck.euler_rate_matrix([a, b, g], "zyz")
    assert E == pytest.approx(expected, abs=1e-14)  # (5.42)
    assert np.linalg.det(E) == pytest.approx(-sin(b))


def test_craig_zyz_digest_number():
    E = ck.euler_rate_matrix(np.deg2rad([30, 45, 60]), "zyz")
    omega = E @ [0.1, 0.2, 0.3]
    assert omega == pytest.approx([0.083712, 0.279271, 0.312132], abs=1e-6)


@pytest.mark.parametrize("seed", range(4))
def test_craig_exercise_5_16_body_frame_zyz(seed):
    _, t2, t3 = np.random.default_rng(seed).uniform(-np.pi, np.pi, 3)
    t = [0.4, t2, t3]
    expected = np.array(
        [[-sin(t2) * cos(t3), sin(t3), 0], [sin(t2) * sin(t3), cos(t3), 0], [cos(t2), 0, 1]]
    )
    assert ck.euler_rate_matrix(t, "zyz", frame="body") == pytest.approx(expected, abs=1e-14)


@pytest.mark.parametrize("seed", range(4))
def test_craig_zyx_and_xyz_sets(seed):
    a, b, g = np.random.default_rng(seed).uniform(-np.pi, np.pi, 3)
    zyx = np.array([[0, -sin(a), cos(a) * cos(b)], [0, cos(a), sin(a) * cos(b)], [1, 0, -sin(b)]])
    xyz = np.array([[1, 0, sin(b)], [0, cos(a), -sin(a) * cos(b)], [0, sin(a), cos(a) * cos(b)]])
    assert ck.euler_rate_matrix([a, b, g], "zyx") == pytest.approx(zyx, abs=1e-14)
    assert np.linalg.det(zyx) == pytest.approx(-cos(b))
    assert ck.euler_rate_matrix([a, b, g], "xyz") == pytest.approx(xyz, abs=1e-14)
    # Z-Y-X Euler = X-Y-Z fixed angles in reverse order, same angular velocity.
    fixed = ck.euler_rate_matrix([g, b, a], "xyz", extrinsic=True)
    assert fixed[:, ::-1] == pytest.approx(zyx, abs=1e-14)


@pytest.mark.parametrize("seed", range(4))
def test_duysinx_4_15_2_and_4_15_3(seed):
    rng = np.random.default_rng(seed)
    (a1, a2, a3), (d1, d2, d3) = rng.uniform(-np.pi, np.pi, 3), rng.normal(size=3)
    phi, theta, psi, phi_dot, theta_dot, psi_dot = a1, a2, a3, d1, d2, d3
    euler = [
        theta_dot * cos(phi) + psi_dot * sin(phi) * sin(theta),
        theta_dot * sin(phi) - psi_dot * cos(phi) * sin(theta),
        phi_dot + psi_dot * cos(theta),
    ]
    assert ck.euler_rate_matrix([a1, a2, a3], "zxz") @ [d1, d2, d3] == pytest.approx(euler)
    psi, theta, phi, psi_dot, theta_dot, phi_dot = a1, a2, a3, d1, d2, d3
    bryant = [
        -theta_dot * sin(psi) + phi_dot * cos(psi) * cos(theta),
        theta_dot * cos(psi) + phi_dot * sin(psi) * cos(theta),
        psi_dot - phi_dot * sin(theta),
    ]
    assert ck.euler_rate_matrix([a1, a2, a3], "zyx") @ [d1, d2, d3] == pytest.approx(bryant)


# --- every set against finite differences -----------------------------------------------


@pytest.mark.parametrize("sequence", EULER_SEQUENCES)
@pytest.mark.parametrize("extrinsic", [False, True])
@pytest.mark.parametrize("frame", ["space", "body"])
def test_euler_rate_matrix_matches_finite_differences(sequence, extrinsic, frame):
    rng = np.random.default_rng(sum(map(ord, sequence)) + 2 * extrinsic + (frame == "body"))
    for _ in range(3):
        angles, rates = rng.uniform(-np.pi, np.pi, 3), rng.normal(size=3)

        def R_of_t(t):
            return ck.rotation_from_euler(angles + rates * t, sequence, extrinsic=extrinsic)

        expected = omega_by_finite_differences(R_of_t, frame)
        E = ck.euler_rate_matrix(angles, sequence, extrinsic=extrinsic, frame=frame)
        assert E @ rates == pytest.approx(expected, abs=1e-8)


@pytest.mark.parametrize("sequence", EULER_SEQUENCES)
def test_rate_matrix_is_singular_exactly_at_gimbal_lock(sequence):
    rng = np.random.default_rng(3)
    for _ in range(5):
        t = rng.uniform(-np.pi, np.pi, 3)
        measure = abs(sin(t[1])) if sequence[0] == sequence[2] else abs(cos(t[1]))
        for extrinsic in (False, True):
            for frame in ("space", "body"):
                E = ck.euler_rate_matrix(t, sequence, extrinsic=extrinsic, frame=frame)
                assert abs(np.linalg.det(E)) == pytest.approx(measure, abs=1e-14)
    singular = [0.3, 0.0 if sequence[0] == sequence[2] else np.pi / 2, -1.0]
    assert ck.is_gimbal_lock(singular, sequence)
    assert np.linalg.matrix_rank(ck.euler_rate_matrix(singular, sequence)) == 2


def test_body_frame_is_rotated_space_frame_and_batches_work():
    angles = np.random.default_rng(4).uniform(-np.pi, np.pi, (2, 5, 3))
    E = ck.euler_rate_matrix(angles, "yxz", extrinsic=True)
    E_body = ck.euler_rate_matrix(angles, "yxz", extrinsic=True, frame="body")
    R = ck.rotation_from_euler(angles, "yxz", extrinsic=True)
    assert E.shape == E_body.shape == (2, 5, 3, 3)
    assert E_body == pytest.approx(np.swapaxes(R, -1, -2) @ E)
    assert E[1, 3] == pytest.approx(ck.euler_rate_matrix(angles[1, 3], "yxz", extrinsic=True))


# --- angular velocity from R and R_dot ------------------------------------------------------


@pytest.mark.parametrize("seed", range(5))
def test_angular_velocity_from_rotation_rate_known_motion(seed):
    rng = np.random.default_rng(seed)
    R0 = ck.rotation_from_rotation_vector(rng.normal(size=3))
    w = rng.normal(size=3)
    W = np.array([[0, -w[2], w[1]], [w[2], 0, -w[0]], [-w[1], w[0], 0]])
    # Spinning about a fixed axis w: R(t) = exp(t W) R0, so R_dot(0) = W R0.
    assert ck.angular_velocity_from_rotation_rate(R0, W @ R0) == pytest.approx(w)
    body = ck.angular_velocity_from_rotation_rate(R0, W @ R0, frame="body")
    assert body == pytest.approx(R0.T @ w)
    # Spinning about a body axis w': R(t) = R0 exp(t W), so R_dot(0) = R0 W.
    assert ck.angular_velocity_from_rotation_rate(R0, R0 @ W, frame="body") == pytest.approx(w)


@pytest.mark.parametrize("seed", range(5))
def test_angular_velocity_from_rotation_rate_matches_craig_5_40(seed):
    rng = np.random.default_rng(seed)
    angles, rates = rng.uniform(-np.pi, np.pi, 3), rng.normal(size=3)
    r = ck.rotation_from_euler_zyz(angles)
    d = ck.euler_rate_matrix(angles, "zyz") @ rates  # used only to build R_dot
    r_dot = ck.skew(d) @ r
    omega = [
        r_dot[2, 0] * r[1, 0] + r_dot[2, 1] * r[1, 1] + r_dot[2, 2] * r[1, 2],
        r_dot[0, 0] * r[2, 0] + r_dot[0, 1] * r[2, 1] + r_dot[0, 2] * r[2, 2],
        r_dot[1, 0] * r[0, 0] + r_dot[1, 1] * r[0, 1] + r_dot[1, 2] * r[0, 2],
    ]
    assert ck.angular_velocity_from_rotation_rate(r, r_dot) == pytest.approx(omega)


# --- quaternion rates ---------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(4))
def test_quaternion_rate_matrix_matches_4_15_4_and_b_4(seed):
    e = np.random.default_rng(seed).normal(size=4)
    e /= np.linalg.norm(e)
    e0, e1, e2, e3 = e
    printed = np.array([[-e1, e0, -e3, e2], [-e2, e3, e0, -e1], [-e3, -e2, e1, e0]])  # (4.15.4)
    E = ck.quaternion_rate_matrix(e)
    G = ck.quaternion_rate_matrix(e, frame="body")
    assert E == pytest.approx(printed, abs=1e-15)
    assert E @ G.T == pytest.approx(ck.rotation_from_quaternion(e))  # (B.4.4)
    for M in (E, G):  # (B.4.6)
        assert M @ M.T == pytest.approx(np.eye(3))
        assert M.T @ M == pytest.approx(np.eye(4) - np.outer(e, e))
        assert M @ e == pytest.approx(np.zeros(3), abs=1e-15)


@pytest.mark.parametrize("seed", range(4))
def test_quaternion_rates_give_the_angular_velocity(seed):
    rng = np.random.default_rng(seed)
    e_start = ck.quaternion_from_rotation(ck.rotation_from_rotation_vector(rng.normal(size=3)))
    w = rng.normal(size=3)

    def spin(t):
        return ck.quaternion_from_axis_angle(w, np.linalg.norm(w) * t)

    # About a fixed axis: e(t) = spin(t) e_start; e_dot = 1/2 [0, w] e_start (B.5.6).
    def space(t):
        return ck.quaternion_product(spin(t), e_start)

    e_dot = (space(H) - space(-H)) / (2 * H)
    assert e_dot == pytest.approx(ck.quaternion_product([0, *w], e_start) / 2, abs=1e-8)
    assert 2 * ck.quaternion_rate_matrix(e_start) @ e_dot == pytest.approx(w, abs=1e-8)
    # About a body axis: e(t) = e_start spin(t); w' = 2 G e_dot (B.5.12).
    def body(t):
        return ck.quaternion_product(e_start, spin(t))

    e_dot = (body(H) - body(-H)) / (2 * H)
    G = ck.quaternion_rate_matrix(e_start, frame="body")
    assert 2 * G @ e_dot == pytest.approx(w, abs=1e-8)


def test_quaternion_and_euler_rates_agree():
    angles, rates = np.array([0.3, 1.1, -2.0]), np.array([0.5, -0.2, 0.9])

    def e_of_t(t):
        return ck.quaternion_from_rotation(ck.rotation_from_euler_zxz(angles + rates * t))

    e_dot = (e_of_t(H) - e_of_t(-H)) / (2 * H)
    omega_q = 2 * ck.quaternion_rate_matrix(e_of_t(0.0)) @ e_dot
    assert omega_q == pytest.approx(ck.euler_rate_matrix(angles, "zxz") @ rates, abs=1e-8)


# --- bad input ------------------------------------------------------------------------------


def test_bad_input_is_explained():
    with pytest.raises(ValueError, match="R_dot @ R.T must be skew-symmetric"):
        ck.angular_velocity_from_rotation_rate(np.eye(3), np.eye(3))
    with pytest.raises(ValueError, match="R.T @ R_dot must be skew-symmetric"):
        ck.angular_velocity_from_rotation_rate(np.eye(3), np.diag([1.0, 0.0, 0.0]), frame="body")
    with pytest.raises(ValueError, match="reflection, not a rotation"):
        ck.angular_velocity_from_rotation_rate(-np.eye(3), np.zeros((3, 3)))
    with pytest.raises(ValueError, match=r"R_dot must have shape \(3, 3\), got shape \(3,\)"):
        ck.angular_velocity_from_rotation_rate(np.eye(3), np.zeros(3))
    with pytest.raises(ValueError, match="R_dot must be finite"):
        ck.angular_velocity_from_rotation_rate(np.eye(3), np.full((3, 3), np.nan))
    with pytest.raises(ValueError, match="frame must be one of 'space', 'body', got 'world'"):
        ck.angular_velocity_from_rotation_rate(np.eye(3), np.zeros((3, 3)), frame="world")
    with pytest.raises(ValueError, match="frame must be one of 'space', 'body', got 'tool'"):
        ck.euler_rate_matrix([0.1, 0.2, 0.3], "zyz", frame="tool")
    with pytest.raises(ValueError, match="same axis would merge"):
        ck.euler_rate_matrix([0.1, 0.2, 0.3], "zzy")
    with pytest.raises(ValueError, match="angles must be finite"):
        ck.euler_rate_matrix([0.1, np.nan, 0.3], "zyz")
    with pytest.raises(ValueError, match=r"e must be a unit quaternion: \|e\| must be 1 within"):
        ck.quaternion_rate_matrix([1.0, 1.0, 0.0, 0.0])
    with pytest.raises(ValueError, match=r"e must have shape \(4,\), got shape \(2, 4\)"):
        ck.quaternion_rate_matrix(np.tile([1.0, 0.0, 0.0, 0.0], (2, 1)))
    with pytest.raises(ValueError, match="frame must be one of"):
        ck.quaternion_rate_matrix([1.0, 0.0, 0.0, 0.0], frame="Body")
