"""Homogeneous transforms: inverse, composition, points vs free vectors, the book's prism example."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import coursekit as ck

DEG = np.pi / 180


def random_transform(rng):
    axis = rng.normal(size=3)
    return ck.transform(ck.rotation_from_axis_angle(axis, rng.uniform(0, np.pi)), rng.normal(size=3))


@settings(max_examples=50, deadline=None)
@given(st.integers(0, 10_000))
def test_inverse_matches_matrix_inverse(seed):
    T = random_transform(np.random.default_rng(seed))
    assert ck.invert_transform(T) == pytest.approx(np.linalg.inv(T), abs=1e-12)
    assert ck.invert_transform(T) @ T == pytest.approx(np.eye(4), abs=1e-12)


def test_inverse_of_a_stack():
    rng = np.random.default_rng(0)
    stack = np.stack([random_transform(rng) for _ in range(4)])
    inv = ck.invert_transform(stack)
    for T, T_inv in zip(stack, inv):
        assert T_inv == pytest.approx(np.linalg.inv(T), abs=1e-12)


def test_duysinx_prism_example_with_corrected_fifth_column():
    # Duysinx-Geradin section 4.22: A = T(4,0,0) R(y,90) R(z,90) (moving axes), B = A B'.
    A = ck.compose(
        ck.translation([4, 0, 0]),
        ck.transform(ck.rot_y(90 * DEG), np.zeros(3)),
        ck.transform(ck.rot_z(90 * DEG), np.zeros(3)),
    )
    assert A == pytest.approx(np.array([[0, 0, 1, 4], [1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 0, 1]]), abs=1e-12)
    corners_body = np.array([[1, -1, -1, 1, 1, -1], [0, 0, 0, 0, 4, 4], [0, 0, 2, 2, 0, 0]]).T
    corners_world = ck.transform_points(A, corners_body)
    # The book prints 6 as the x of corner 5; erratum E24 says 4, as (x, y, z) -> (z + 4, x, y) gives.
    expected = np.array([[4, 4, 6, 6, 4, 4], [1, -1, -1, 1, 1, -1], [0, 0, 0, 0, 4, 4]]).T
    assert corners_world == pytest.approx(expected, abs=1e-12)


def test_rotations_do_not_commute():
    # Duysinx-Geradin section 4.8: Rz(90) Ry(90) != Ry(90) Rz(90); values from the digest.
    Rz, Ry = ck.rot_z(90 * DEG), ck.rot_y(90 * DEG)
    assert Rz @ Ry == pytest.approx(np.array([[0, -1, 0], [0, 0, 1], [-1, 0, 0]]), abs=1e-12)
    assert Ry @ Rz == pytest.approx(np.array([[0, 0, 1], [1, 0, 0], [0, 1, 0]]), abs=1e-12)


def test_points_move_but_free_vectors_only_turn():
    T = ck.transform(ck.rot_z(90 * DEG), [1, 2, 3])
    assert ck.transform_points(T, [1, 0, 0]) == pytest.approx([1, 3, 3])
    assert ck.rotate_vectors(T, [1, 0, 0]) == pytest.approx([0, 1, 0], abs=1e-12)
    assert (T @ ck.homogeneous_point([1, 0, 0]))[:3] == pytest.approx([1, 3, 3])
    assert (T @ ck.homogeneous_vector([1, 0, 0]))[:3] == pytest.approx([0, 1, 0], abs=1e-12)


def test_frame_names_cancel_in_a_chain():
    rng = np.random.default_rng(5)
    T_a_b, T_b_c = random_transform(rng), random_transform(rng)
    T_a_c = ck.compose(T_a_b, T_b_c)
    p_c = rng.normal(size=3)
    assert ck.transform_points(T_a_c, p_c) == pytest.approx(
        ck.transform_points(T_a_b, ck.transform_points(T_b_c, p_c))
    )


def test_parts_of_a_transform():
    T = ck.transform(ck.rot_x(0.3), [1, 2, 3])
    assert ck.rotation_part(T) == pytest.approx(ck.rot_x(0.3))
    assert ck.translation_part(T) == pytest.approx([1, 2, 3])
    assert ck.compose() == pytest.approx(np.eye(4))


@pytest.mark.parametrize(
    ("bad", "message"),
    [
        (np.eye(3), r"T_a_b must have shape \(\.\.\., 4, 4\), got shape \(3, 3\)"),
        (np.diag([1.0, 1.0, -1.0, 1.0]), "reflection, not a rotation"),
        (np.ones((4, 4)), r"bottom row \[0, 0, 0, 1\]"),
        (np.full((4, 4), np.nan), "must be finite"),
    ],
)
def test_invalid_transforms_are_explained(bad, message):
    with pytest.raises(ValueError, match=message):
        ck.invert_transform(bad)


def test_scaled_rotation_is_not_orthonormal():
    with pytest.raises(ValueError, match=r"R must be orthonormal \(R.T @ R == I\)"):
        ck.transform(2 * np.eye(3), [0, 0, 0])
    with pytest.raises(ValueError, match=r"p must have shape \(3,\), got shape \(2,\)"):
        ck.transform(np.eye(3), [0, 0])


def test_is_transform_never_raises():
    assert ck.is_transform(np.eye(4))
    assert not ck.is_transform("eye")
    assert not ck.is_transform(np.eye(3))
