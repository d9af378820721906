"""Tests of coursekit.quaternions: Appendix B and section 4.3 numbers, scipy, algebra."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy.spatial.transform import Rotation

import coursekit as ck
from coursekit.quaternions import as_unit_quaternion

DEG = np.pi / 180
S30, C30 = np.sin(30 * DEG), np.cos(30 * DEG)

component = st.floats(-1.0, 1.0, allow_nan=False)


@st.composite
def unit_quaternions(draw):
    e = np.array([draw(component) for _ in range(4)])
    norm = np.linalg.norm(e)
    if norm < 0.1:
        e = np.array([1.0, 0.0, 0.0, 0.0])
        norm = 1.0
    return e / norm


def same_rotation(p, q):
    """True if the unit quaternions p and q are equal up to the double cover."""
    return np.allclose(p, q, atol=1e-12) or np.allclose(p, -q, atol=1e-12)


def euler_parameters_matrix(e):
    """Duysinx-Geradin (4.12.2), typed from the digest."""
    e0, e1, e2, e3 = e
    return np.array(
        [
            [1 - 2 * (e2**2 + e3**2), 2 * (e1 * e2 - e0 * e3), 2 * (e1 * e3 + e0 * e2)],
            [2 * (e1 * e2 + e0 * e3), 1 - 2 * (e1**2 + e3**2), 2 * (e2 * e3 - e0 * e1)],
            [2 * (e1 * e3 - e0 * e2), 2 * (e2 * e3 + e0 * e1), 1 - 2 * (e1**2 + e2**2)],
        ]
    )


def useful_formula(R):
    """The quaternion formula of Duysinx-Geradin section B.7.2 (valid when q0 > 0)."""
    (x1, x2, x3), (y1, y2, y3), (z1, z2, z3) = R.T  # the columns x, y, z of R
    return np.array(
        [
            np.sqrt(x1 + y2 + z3 + 1) / 2,
            np.sqrt(max(x1 - y2 - z3 + 1, 0)) / 2 * np.sign(y3 - z2),
            np.sqrt(max(y2 - x1 - z3 + 1, 0)) / 2 * np.sign(z1 - x3),
            np.sqrt(max(z3 - x1 - y2 + 1, 0)) / 2 * np.sign(x2 - y1),
        ]
    )


# --- book numbers ---------------------------------------------------------------------


def test_section_4_3_reference_numbers():
    axis, angle = np.array([1.0, 2.0, 2.0]) / 3, 60 * DEG
    R = ck.rotation_from_axis_angle(axis, angle)
    expected_R = [[0.5556, -0.4662, 0.6885], [0.6885, 0.7222, -0.0665], [-0.4662, 0.5109, 0.7222]]
    assert R == pytest.approx(np.array(expected_R), abs=6e-5)
    expected_e = np.array([0.8660, 0.1667, 0.3333, 0.3333])
    assert ck.quaternion_from_rotation(R) == pytest.approx(expected_e, abs=6e-5)
    assert ck.quaternion_from_axis_angle(axis, angle) == pytest.approx(expected_e, abs=6e-5)
    assert ck.rodrigues_from_rotation(R) == pytest.approx([0.1925, 0.3849, 0.3849], abs=6e-5)
    assert ck.rotation_from_quaternion(expected_e / np.linalg.norm(expected_e)) == pytest.approx(
        R, abs=3e-4
    )
    with pytest.raises(ValueError, match=r"got \|e\| = 0.99996"):  # 4 digits are not enough
        ck.rotation_from_quaternion(expected_e)


def test_appendix_b_example_1_composition():
    e1 = ck.quaternion_from_axis_angle([0, 0, 1], 90 * DEG)
    e2 = ck.quaternion_from_axis_angle([0, 1, 0], 90 * DEG)
    e = ck.quaternion_product(e2, e1)  # first e1 then e2, about fixed axes
    assert e == pytest.approx([0.5, 0.5, 0.5, 0.5])
    R = ck.rotation_from_quaternion(e)
    assert R == pytest.approx(np.array([[0, 0, 1], [1, 0, 0], [0, 1, 0]]), abs=1e-15)
    assert R == pytest.approx(ck.rot_y(np.pi / 2) @ ck.rot_z(np.pi / 2))
    axis, angle = ck.axis_angle_from_quaternion(e)
    assert axis == pytest.approx(np.ones(3) / np.sqrt(3))
    assert angle == pytest.approx(120 * DEG)


def test_appendix_b_example_2_robot_orientation_with_erratum_e51():
    R_p = np.array([[0.0, 0.0, 1.0], [0.0, 1.0, 0.0], [-1.0, 0.0, 0.0]])  # wrist in base
    R_q = np.array([[C30, 0.0, S30], [0.0, 1.0, 0.0], [-S30, 0.0, C30]])  # tool in wrist
    p = ck.quaternion_from_rotation(R_p)
    q = ck.quaternion_from_rotation(R_q)
    assert p == pytest.approx([0.7071, 0, 0.7071, 0], abs=6e-5)
    assert q == pytest.approx([0.9659, 0, 0.2588, 0], abs=6e-5)
    r = ck.quaternion_product(p, q)  # E51: base->wrist then wrist->tool is p q
    assert r == pytest.approx([0.5, 0, 0.8660, 0], abs=6e-5)
    expected = [[-0.5, 0, 0.866], [0, 1, 0], [-0.866, 0, -0.5]]
    assert ck.rotation_from_quaternion(r) == pytest.approx(np.array(expected), abs=6e-4)
    assert ck.rotation_from_quaternion(r) == pytest.approx(R_p @ R_q)


def test_moving_frame_composition_is_p_times_q_erratum_e51():
    # With rotations that do not commute, only p q gives R_p @ R_q.
    R_p = ck.rotation_from_axis_angle([1, 0, 0], 0.7)
    R_q = ck.rotation_from_axis_angle([0, 1, 1], 1.3)
    p, q = ck.quaternion_from_rotation(R_p), ck.quaternion_from_rotation(R_q)
    assert ck.rotation_from_quaternion(ck.quaternion_product(p, q)) == pytest.approx(R_p @ R_q)
    wrong = ck.rotation_from_quaternion(ck.quaternion_product(q, p))
    assert np.abs(wrong - R_p @ R_q).max() > 0.1


@pytest.mark.parametrize("seed", range(5))
def test_s_matrix_algorithm_agrees_with_the_b72_formula(seed):
    R = Rotation.random(random_state=seed).as_matrix()
    e = ck.quaternion_from_rotation(R)
    assert e == pytest.approx(useful_formula(R), abs=1e-12)


@pytest.mark.parametrize("seed", range(5))
def test_rotation_from_quaternion_matches_printed_matrix_and_axis_angle(seed):
    rng = np.random.default_rng(seed)
    axis, angle = rng.normal(size=3), rng.uniform(-2 * np.pi, 2 * np.pi)
    e = ck.quaternion_from_axis_angle(axis, angle)
    assert ck.rotation_from_quaternion(e) == pytest.approx(euler_parameters_matrix(e), abs=1e-14)
    assert ck.rotation_from_quaternion(e) == pytest.approx(ck.rotation_from_axis_angle(axis, angle))


def test_quaternion_from_rotation_matches_scipy():
    for rotation in Rotation.random(30, random_state=12):
        x, y, z, w = rotation.as_quat()  # scipy is scalar LAST
        expected = np.array([w, x, y, z]) * (1 if w >= 0 else -1)
        assert ck.quaternion_from_rotation(rotation.as_matrix()) == pytest.approx(expected)


# --- half turns and sign rule ----------------------------------------------------------

H = np.sqrt(0.5)


@pytest.mark.parametrize(
    ("R", "expected"),
    [
        (ck.rot_x(np.pi), [0, 1, 0, 0]),
        (ck.rot_y(-np.pi), [0, 0, 1, 0]),
        (ck.rot_z(np.pi), [0, 0, 0, 1]),
        (np.diag([-1.0, -1.0, 1.0]), [0, 0, 0, 1]),
        (ck.rotation_from_axis_angle([1, 1, 0], np.pi), [0, H, H, 0]),
        (ck.rotation_from_axis_angle([-1, -1, 0], np.pi), [0, H, H, 0]),
        (ck.rotation_from_axis_angle([0, -1, 1], np.pi), [0, 0, H, -H]),
        (ck.rotation_from_axis_angle([-1, 2, 2], np.pi), [0, 1 / 3, -2 / 3, -2 / 3]),
        (np.eye(3), [1, 0, 0, 0]),
    ],
)
def test_half_turns_follow_the_sign_rule(R, expected):
    e = ck.quaternion_from_rotation(R)
    assert e == pytest.approx(expected, abs=1e-15)
    assert e[0] >= 0.0
    assert ck.rotation_from_quaternion(e) == pytest.approx(R, abs=1e-15)


def test_half_turn_sign_rule_for_the_first_nonzero_component():
    e = ck.quaternion_from_rotation(ck.rotation_from_axis_angle([-1, 2, 2], np.pi))
    assert e[0] == 0.0
    assert e[1] > 0  # the first nonzero component is made positive


def test_just_below_a_half_turn():
    axis = np.array([1.0, -2.0, 2.0]) / 3
    for angle in (np.pi - 1e-9, np.pi - 1e-6):
        e = ck.quaternion_from_rotation(ck.rotation_from_axis_angle(axis, angle))
        assert e == pytest.approx([np.cos(angle / 2), *(axis * np.sin(angle / 2))], abs=1e-15)
    # Beyond pi the same rotation is reached the other way round: e0 > 0 again.
    e = ck.quaternion_from_rotation(ck.rotation_from_axis_angle(axis, np.pi + 1e-6))
    assert e[0] > 0
    assert e[1:] == pytest.approx(-axis, abs=1e-12)


# --- algebra (hypothesis) --------------------------------------------------------------


@settings(max_examples=50, deadline=None)
@given(p=unit_quaternions(), q=unit_quaternions(), r=unit_quaternions())
def test_product_is_associative_and_matches_matrices(p, q, r):
    pq = ck.quaternion_product(p, q)
    p_qr = ck.quaternion_product(p, ck.quaternion_product(q, r))
    assert ck.quaternion_product(pq, r) == pytest.approx(p_qr)
    R = ck.rotation_from_quaternion
    assert R(pq) == pytest.approx(R(p) @ R(q))
    assert np.linalg.norm(pq) == pytest.approx(1.0)
    conj = ck.quaternion_conjugate
    assert conj(pq) == pytest.approx(ck.quaternion_product(conj(q), conj(p)))  # (B.1.7)


@settings(max_examples=50, deadline=None)
@given(p=unit_quaternions(), q=unit_quaternions())
def test_product_matrix_forms_of_appendix_b3(p, q):
    def left(a):  # A_p = [[p0, -p^T], [p, p0 I + skew(p)]]
        return np.block([[a[0], -a[1:]], [a[1:, None], a[0] * np.eye(3) + ck.skew(a[1:])]])

    def right(b):  # B_q = [[q0, -q^T], [q, q0 I - skew(q)]]
        return np.block([[b[0], -b[1:]], [b[1:, None], b[0] * np.eye(3) - ck.skew(b[1:])]])

    assert ck.quaternion_product(p, q) == pytest.approx(left(p) @ q)
    assert ck.quaternion_product(p, q) == pytest.approx(right(q) @ p)
    # (B.4.1)-(B.4.2): A(e) B(e)^T = diag(1, R)
    expected = np.eye(4)
    expected[1:, 1:] = ck.rotation_from_quaternion(p)
    assert left(p) @ right(p).T == pytest.approx(expected)


@settings(max_examples=50, deadline=None)
@given(e=unit_quaternions(), v=st.tuples(component, component, component))
def test_conjugate_is_inverse_and_rotation_of_a_vector(e, v):
    product = ck.quaternion_product(e, ck.quaternion_conjugate(e))
    assert product == pytest.approx([1.0, 0.0, 0.0, 0.0])
    R = ck.rotation_from_quaternion(e)
    assert ck.rotate_vector_by_quaternion(e, v) == pytest.approx(R @ np.array(v))
    assert ck.rotate_vector_by_quaternion(-e, v) == pytest.approx(R @ np.array(v))
    assert ck.rotation_from_quaternion(ck.quaternion_conjugate(e)) == pytest.approx(R.T)


@settings(max_examples=50, deadline=None)
@given(e=unit_quaternions())
def test_round_trips(e):
    R = ck.rotation_from_quaternion(e)
    assert ck.is_rotation(R)
    back = ck.quaternion_from_rotation(R)
    assert same_rotation(back, e)
    assert back[0] >= 0
    axis, angle = ck.axis_angle_from_quaternion(e)
    assert 0.0 <= angle <= np.pi
    assert ck.rotation_from_axis_angle(axis, angle) == pytest.approx(R)
    assert same_rotation(ck.quaternion_from_axis_angle(axis, angle), e)
    axis_r, angle_r = ck.axis_angle_from_rotation(R)
    assert angle == pytest.approx(angle_r, abs=1e-7)
    if e[0] > 1e-3:
        b = ck.rodrigues_from_rotation(R)
        assert ck.rotation_from_rodrigues(b) == pytest.approx(R)
        assert np.linalg.norm(b) == pytest.approx(np.tan(angle / 2))  # (4.13.15)


@settings(max_examples=50, deadline=None)
@given(b=st.tuples(*[st.floats(-50, 50, allow_nan=False)] * 3))
def test_rodrigues_formula_matches_cayley_form(b):
    b = np.array(b)
    B = ck.skew(b)
    cayley = np.linalg.solve(np.eye(3) - B, np.eye(3) + B)  # (4.13.10)
    R = ck.rotation_from_rodrigues(b)
    assert R == pytest.approx(cayley, abs=1e-12)
    assert ck.is_rotation(R)
    assert ck.rodrigues_from_rotation(R) == pytest.approx(b, rel=1e-6, abs=1e-9)


def test_axis_angle_of_quaternions_at_the_edges():
    axis, angle = ck.axis_angle_from_quaternion([1.0, 0.0, 0.0, 0.0])
    assert angle == 0.0
    assert axis == pytest.approx([0.0, 0.0, 1.0])
    axis, angle = ck.axis_angle_from_quaternion([-1.0, 0.0, 0.0, 0.0])
    assert angle == 0.0
    axis, angle = ck.axis_angle_from_quaternion([0.0, 0.0, -1.0, 0.0])
    assert angle == pytest.approx(np.pi)
    assert axis == pytest.approx([0.0, -1.0, 0.0])
    # e0 < 0: the same rotation, the short way round.
    e = ck.quaternion_from_axis_angle([0, 0, 1], 1.5 * np.pi)
    assert e[0] < 0
    axis, angle = ck.axis_angle_from_quaternion(e)
    assert angle == pytest.approx(0.5 * np.pi)
    assert axis == pytest.approx([0.0, 0.0, -1.0])
    tiny = ck.quaternion_from_axis_angle([1, 2, 2], 1e-9)
    axis, angle = ck.axis_angle_from_quaternion(tiny)
    assert angle == pytest.approx(1e-9, rel=1e-9)
    assert axis == pytest.approx(np.array([1, 2, 2]) / 3)


def test_batched_products_and_matrices():
    e = Rotation.random(6, random_state=5).as_quat(scalar_first=True).reshape(2, 3, 4)
    R = ck.rotation_from_quaternion(e)
    assert R.shape == (2, 3, 3, 3)
    assert R[1, 2] == pytest.approx(ck.rotation_from_quaternion(e[1, 2]))
    products = ck.quaternion_product(e, e[0, 0])
    assert products[1, 1] == pytest.approx(ck.quaternion_product(e[1, 1], e[0, 0]))


# --- bad input -------------------------------------------------------------------------


def test_non_unit_quaternions_are_refused():
    with pytest.raises(ValueError, match=r"\|e\| must be 1 within 1e-06, got \|e\| = 2"):
        ck.rotation_from_quaternion([2.0, 0.0, 0.0, 0.0])
    with pytest.raises(ValueError, match="e must be a unit quaternion"):
        ck.rotate_vector_by_quaternion([1.0, 1.0, 0.0, 0.0], [1.0, 0.0, 0.0])
    with pytest.raises(ValueError, match="e must be a unit quaternion"):
        ck.axis_angle_from_quaternion([0.0, 0.0, 0.0, 0.0])
    # Within tolerance: accepted and renormalised, so the matrix is orthonormal.
    R = ck.rotation_from_quaternion([1.0 + 5e-7, 0.0, 0.0, 0.0])
    assert np.abs(R.T @ R - np.eye(3)).max() < 1e-15


def test_unit_check_names_the_argument():
    with pytest.raises(ValueError, match=r"q must be a unit quaternion: \|q\| must be 1"):
        as_unit_quaternion([0.0, 3.0, 4.0, 0.0], "q")


def test_bad_shapes_and_values_are_explained():
    with pytest.raises(ValueError, match=r"e must have shape \(\.\.\., 4\), got shape \(3,\)"):
        ck.rotation_from_quaternion([1.0, 0.0, 0.0])
    with pytest.raises(ValueError, match="e must be finite"):
        ck.rotation_from_quaternion([np.nan, 0.0, 0.0, 1.0])
    with pytest.raises(TypeError, match="p must be numeric"):
        ck.quaternion_product("1+i", [1.0, 0.0, 0.0, 0.0])
    with pytest.raises(ValueError, match=r"q must have shape \(\.\.\., 4\)"):
        ck.quaternion_product([1.0, 0.0, 0.0, 0.0], [1.0, 0.0])
    with pytest.raises(ValueError, match=r"v must have shape \(3,\)"):
        ck.rotate_vector_by_quaternion([1.0, 0.0, 0.0, 0.0], [1.0, 0.0])
    with pytest.raises(ValueError, match=r"e must have shape \(4,\)"):
        ck.axis_angle_from_quaternion(np.tile([1.0, 0.0, 0.0, 0.0], (2, 1)))
    with pytest.raises(ValueError, match="axis must be a nonzero vector"):
        ck.quaternion_from_axis_angle([0.0, 0.0, 0.0], 1.0)
    with pytest.raises(ValueError, match="angle must be finite"):
        ck.quaternion_from_axis_angle([0.0, 0.0, 1.0], np.nan)
    with pytest.raises(ValueError, match=r"b must have shape \(3,\)"):
        ck.rotation_from_rodrigues([1.0, 2.0])
    with pytest.raises(ValueError, match="b must be finite"):
        ck.rotation_from_rodrigues([np.inf, 0.0, 0.0])


def test_bad_matrices_are_explained():
    with pytest.raises(ValueError, match="reflection, not a rotation"):
        ck.quaternion_from_rotation(-np.eye(3))
    with pytest.raises(ValueError, match="must be orthonormal"):
        ck.quaternion_from_rotation(np.ones((3, 3)))
    with pytest.raises(ValueError, match=r"R must have shape \(3, 3\)"):
        ck.rodrigues_from_rotation(np.eye(2))


@pytest.mark.parametrize("R", [ck.rot_x(np.pi), ck.rotation_from_axis_angle([1, 1, 0], np.pi)])
def test_rodrigues_parameters_are_refused_at_a_half_turn(R):
    with pytest.raises(ValueError, match="half turn .* Rodrigues parameters .* are infinite"):
        ck.rodrigues_from_rotation(R)
