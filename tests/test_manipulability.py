"""Singularity measures against Craig's and Duysinx-Geradin's numbers and plain linear algebra."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import coursekit as ck
from coursekit import models

PI = np.pi
DEG = PI / 180
angle = st.floats(-PI, PI)
length = st.floats(0.1, 3.0)


# --- Craig's 2R examples --------------------------------------------------------


@settings(max_examples=50, deadline=None)
@given(l1=length, l2=length, q1=angle, q2=angle)
def test_2r_determinant_is_l1_l2_sin_theta2_in_both_frames(l1, l2, q1, q2):
    # Craig Example 5.4 (5.73), and Exercise 5.1: the same in frame {0}.
    robot = models.planar_2r(l1, l2)
    for frame in ("tool", "base"):
        J = ck.geometric_jacobian(robot, [q1, q2], frame=frame)
        det = l1 * l2 * np.sin(q2)
        assert ck.jacobian_determinant(J, rows=[0, 1]) == pytest.approx(det, abs=1e-12)
        # Yoshikawa's measure of a square Jacobian is |det J|.
        assert ck.manipulability(J, rows=[0, 1]) == pytest.approx(abs(det), abs=1e-12)


def test_2r_reference_determinant_from_digest():
    # Digest section 5 "2R reference": theta = (30, 45) deg, l = (1, 0.8): det = 0.565685.
    J = ck.geometric_jacobian(models.planar_2r(1.0, 0.8), np.deg2rad([30, 45]))
    assert ck.jacobian_determinant(J[:2]) == pytest.approx(0.565685, abs=1e-6)


@pytest.mark.parametrize("q2_deg", [135, -135])
def test_craig_exercise_5_8_isotropic_points(q2_deg):
    # l1 = sqrt(2) l2 and theta2 = +-135 deg: orthogonal columns of equal length.
    robot = models.planar_2r(np.sqrt(2.0), 1.0)
    for q1 in (-1.0, 0.0, 2.5):
        J = ck.geometric_jacobian(robot, [q1, q2_deg * DEG])
        assert ck.condition_number(J, rows=[0, 1]) == pytest.approx(1.0, abs=1e-12)
        assert ck.is_isotropic(J, rows=[0, 1])
        semi_axes = ck.velocity_ellipsoid(J, rows=[0, 1])[1]
        assert semi_axes[0] == pytest.approx(semi_axes[1], abs=1e-12)


def test_isotropy_needs_both_the_length_ratio_and_the_angle():
    J_other_angle = ck.geometric_jacobian(models.planar_2r(np.sqrt(2.0), 1.0), [0.0, 120 * DEG])
    J_other_lengths = ck.geometric_jacobian(models.planar_2r(1.0, 1.0), [0.0, 135 * DEG])
    assert not ck.is_isotropic(J_other_angle, rows=[0, 1])
    assert not ck.is_isotropic(J_other_lengths, rows=[0, 1])
    assert ck.condition_number(J_other_lengths, rows=[0, 1]) > 1.5


def test_stretched_2r_is_singular():
    J = ck.geometric_jacobian(models.planar_2r(1.0, 0.8), [0.4, 0.0])
    assert ck.jacobian_rank(J, rows=[0, 1]) == 1
    assert ck.condition_number(J, rows=[0, 1]) > 1e15
    assert ck.manipulability(J, rows=[0, 1]) == pytest.approx(0.0, abs=1e-12)


# --- Duysinx-Geradin's PUMA -----------------------------------------------------


def book_order_in_mm(J):
    """Our rows [v (m); w] turned into the book's [w; v (mm)] (Duysinx-Geradin (5.14.2))."""
    J_book = ck.swap_twist_order(J)
    J_book[3:] *= 1000.0
    return J_book


def test_duysinx_puma_jacobian_matches_digest_numbers():
    # Digest section 5.7, q = (30, -45, 60, 20, 40, 10) deg; book rows [w; v], v in mm.
    expected = [
        [0.0000, -0.5000, -0.5000, 0.2241, -0.7560, 0.5671],
        [0.0000, 0.8660, 0.8660, 0.1294, 0.6486, 0.5812],
        [1.0000, 0.0000, 0.0000, 0.9659, 0.0885, 0.5836],
        [-370.9512, 654.4762, 389.9313, -27.4543, 18.4803, 0],
        [318.6637, 377.8620, 225.1269, 23.5561, 27.7628, 0],
        [0.0000, -461.4465, -155.9763, 3.2149, -45.6065, 0],
    ]
    J = ck.geometric_jacobian(models.puma560_duysinx(), np.deg2rad([30, -45, 60, 20, 40, 10]))
    J_book = book_order_in_mm(J)
    assert J_book[:3] == pytest.approx(np.array(expected)[:3], abs=5e-5)
    assert J_book[3:] == pytest.approx(np.array(expected)[3:], abs=5e-5)
    assert ck.jacobian_determinant(J_book) == pytest.approx(-2.50284e7, rel=1e-5)
    assert ck.jacobian_rank(J) == 6


def test_duysinx_puma_determinant_formula():
    # det J = -a2 d4 C3 S5 (a2 C2 + d4 S23) for the book's [w; v] order (digest section 5.7).
    a2 = d4 = 432.0
    for q in np.random.default_rng(0).uniform(-PI, PI, (20, 6)):
        J_book = book_order_in_mm(ck.geometric_jacobian(models.puma560_duysinx(), q))
        shoulder = a2 * np.cos(q[1]) + d4 * np.sin(q[1] + q[2])
        formula = -a2 * d4 * np.cos(q[2]) * np.sin(q[4]) * shoulder
        assert ck.jacobian_determinant(J_book) == pytest.approx(formula, rel=1e-9, abs=1e-3)


def test_duysinx_puma_reference_configuration_has_rank_4():
    # q = (90, 0, 90, 0, 0, 0) deg: elbow stretched and wrist aligned (digest section 5.3).
    J = ck.geometric_jacobian(models.puma560_duysinx(), np.deg2rad([90, 0, 90, 0, 0, 0]))
    assert ck.jacobian_rank(J) == 4
    assert ck.jacobian_determinant(J) == pytest.approx(0.0, abs=1e-12)
    assert ck.condition_number(J) > 1e12
    assert np.sum(ck.singular_values(J) < 1e-12) == 2


# --- the measures against each other and against direct linear algebra --------


@settings(max_examples=40, deadline=None)
@given(st.lists(st.floats(-PI, PI), min_size=6, max_size=6))
def test_measures_agree_with_direct_linear_algebra(q):
    J = ck.geometric_jacobian(models.stanford_arm(), q)[:, :5]  # a tall 6x5 case, then a wide 3x5
    position = J[:3]
    # Yoshikawa's definition, sqrt(det(J J^T)), squared (the root of a rounded ~0 is not ~0).
    det = np.linalg.det(position @ position.T)
    assert ck.manipulability(position) ** 2 == pytest.approx(det, abs=1e-12)
    assert ck.condition_number(J) == pytest.approx(np.linalg.cond(J), rel=1e-9)
    assert ck.jacobian_rank(J) == np.linalg.matrix_rank(J)
    s = ck.singular_values(position)
    # The squared singular values are the eigenvalues of J J^T.
    assert np.sort(s**2) == pytest.approx(np.linalg.eigvalsh(position @ position.T), abs=1e-9)


def test_velocity_ellipsoid_axes_are_the_extreme_tip_speeds():
    J = ck.geometric_jacobian(models.planar_2r(1.0, 0.6), [0.3, 1.1])[:2]
    axes, semi_axes = ck.velocity_ellipsoid(J)
    # Independent: eigen-decomposition of J J^T.
    eigenvalues, eigenvectors = np.linalg.eigh(J @ J.T)
    assert semi_axes == pytest.approx(np.sqrt(eigenvalues[::-1]), abs=1e-12)
    for k in range(2):
        assert abs(axes[:, k] @ eigenvectors[:, ::-1][:, k]) == pytest.approx(1.0, abs=1e-12)
    # Unit joint-rate vectors give tip velocities inside the ellipse, reaching its extremes.
    thetas = np.linspace(0, 2 * PI, 721)
    speeds = np.linalg.norm(J @ np.stack([np.cos(thetas), np.sin(thetas)]), axis=0)
    assert speeds.max() == pytest.approx(semi_axes[0], rel=1e-4)
    assert speeds.min() == pytest.approx(semi_axes[1], rel=1e-4)


def test_force_ellipsoid_has_the_same_axes_and_reciprocal_lengths():
    J = ck.geometric_jacobian(models.planar_2r(1.0, 0.6), [0.3, 1.1])[:2]
    axes_v, semi_v = ck.velocity_ellipsoid(J)
    axes_f, semi_f = ck.force_ellipsoid(J)
    assert axes_f == pytest.approx(axes_v)
    assert semi_f == pytest.approx(1.0 / semi_v)
    # A force along a principal axis with that semi-axis length needs a unit joint torque vector.
    for k in range(2):
        assert np.linalg.norm(J.T @ (semi_f[k] * axes_f[:, k])) == pytest.approx(1.0, abs=1e-12)


def test_ellipsoids_at_a_singularity_are_flat_and_infinite():
    J = ck.geometric_jacobian(models.planar_2r(1.0, 1.0), [0.2, 0.0])
    _, semi_v = ck.velocity_ellipsoid(J, rows=[0, 1])
    _, semi_f = ck.force_ellipsoid(J, rows=[0, 1])
    assert semi_v[1] == pytest.approx(0.0, abs=1e-12)
    assert semi_f[0] == pytest.approx(1.0 / semi_v[0])
    assert semi_f[1] > 1e12
    # A tall Jacobian (more task rows than joints) gives zero semi-axes, not an error.
    axes, semi_v = ck.velocity_ellipsoid(ck.geometric_jacobian(models.planar_2r(), [0.2, 0.5]))
    assert axes.shape == (6, 6)
    assert semi_v[2:] == pytest.approx(np.zeros(4))
    _, semi_f = ck.force_ellipsoid(ck.geometric_jacobian(models.planar_2r(), [0.2, 0.5]))
    assert np.all(np.isinf(semi_f[2:]))


def test_measures_are_batched():
    robot = models.planar_2r(1.0, 0.8)
    qs = np.stack([np.zeros(4), np.linspace(-1, 2.5, 4)], axis=-1)
    J = ck.geometric_jacobian(robot, qs)
    det = 0.8 * np.sin(qs[:, 1])
    assert ck.jacobian_determinant(J, rows=[0, 1]) == pytest.approx(det, abs=1e-12)
    assert ck.manipulability(J, rows=[0, 1]) == pytest.approx(np.abs(det), abs=1e-12)
    assert ck.jacobian_rank(J, rows=[0, 1]).tolist() == [2, 2, 2, 2]
    assert ck.condition_number(J, rows=[0, 1]).shape == (4,)
    assert ck.is_isotropic(J, rows=[0, 1]).shape == (4,)
    assert ck.velocity_ellipsoid(J, rows=[0, 1])[0].shape == (4, 2, 2)


def test_rank_tolerance_is_absolute():
    J = np.diag([1.0, 1e-5])
    assert ck.jacobian_rank(J) == 2
    assert ck.jacobian_rank(J, tol=1e-4) == 1


def test_errors_explain_the_rule():
    J = ck.geometric_jacobian(models.planar_2r(), [0.1, 0.2])
    square = r"J must be square to have a determinant, got shape \(6, 2\)"
    with pytest.raises(ValueError, match=square):
        ck.jacobian_determinant(J)
    with pytest.raises(ValueError, match=r"J has more rows \(6\) than columns \(2\)"):
        ck.manipulability(J)
    distinct = r"rows must be distinct row numbers of J \(0 to 5\), got \[0, 7\]"
    with pytest.raises(ValueError, match=distinct):
        ck.singular_values(J, rows=[0, 7])
    with pytest.raises(ValueError, match="rows must be distinct"):
        ck.condition_number(J, rows=[1, 1])
    with pytest.raises(ValueError, match="rows must be distinct"):
        ck.condition_number(J, rows=[0.0, 1.0])
    with pytest.raises(ValueError, match=r"J must be a matrix of shape \(m, n\)"):
        ck.manipulability([1.0, 2.0])
    with pytest.raises(TypeError, match="J must be numeric"):
        ck.condition_number("J")
    with pytest.raises(ValueError, match="tol must be >= 0, got -1.0"):
        ck.jacobian_rank(J, tol=-1.0)
    with pytest.raises(ValueError, match="J must be finite"):
        ck.singular_values(np.full((2, 2), np.inf))
