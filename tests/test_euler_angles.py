"""Tests of coursekit.euler_angles against the books, hand-typed matrices, scipy and properties."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from numpy import arctan2, cos, sin
from scipy.spatial.transform import Rotation

import coursekit as ck
from coursekit.euler_angles import EULER_SEQUENCES

PROPER = [s for s in EULER_SEQUENCES if s[0] == s[2]]
TAIT_BRYAN = [s for s in EULER_SEQUENCES if s[0] != s[2]]
ELEMENTARY = {"x": ck.rot_x, "y": ck.rot_y, "z": ck.rot_z}


def Rz(t):
    return np.array([[cos(t), -sin(t), 0], [sin(t), cos(t), 0], [0, 0, 1]])


def Ry(t):
    return np.array([[cos(t), 0, sin(t)], [0, 1, 0], [-sin(t), 0, cos(t)]])


def Rx(t):
    return np.array([[1, 0, 0], [0, cos(t), -sin(t)], [0, sin(t), cos(t)]])


def zxz_matrix(phi, theta, psi):
    """Duysinx-Geradin (4.9.1), typed from the digest."""
    cf, sf, ct, st_, cp, sp = cos(phi), sin(phi), cos(theta), sin(theta), cos(psi), sin(psi)
    return np.array(
        [
            [cf * cp - sf * ct * sp, -cf * sp - sf * ct * cp, sf * st_],
            [sf * cp + cf * ct * sp, -sf * sp + cf * ct * cp, -cf * st_],
            [st_ * sp, st_ * cp, ct],
        ]
    )


def bryant_matrix(psi, theta, phi):
    """Duysinx-Geradin (4.10.3), typed from the digest."""
    cp, sp, ct, st_, cf, sf = cos(psi), sin(psi), cos(theta), sin(theta), cos(phi), sin(phi)
    return np.array(
        [
            [ct * cp, st_ * sf * cp - sp * cf, st_ * cf * cp + sp * sf],
            [ct * sp, st_ * sf * sp + cp * cf, st_ * cf * sp - sf * cp],
            [-st_, sf * ct, cf * ct],
        ]
    )


def zyz_matrix(alpha, beta, gamma):
    """Craig (2.72), the Z-Y-Z Euler angle matrix, typed by hand."""
    ca, sa, cb, sb, cg, sg = cos(alpha), sin(alpha), cos(beta), sin(beta), cos(gamma), sin(gamma)
    return np.array(
        [
            [ca * cb * cg - sa * sg, -ca * cb * sg - sa * cg, ca * sb],
            [sa * cb * cg + ca * sg, -sa * cb * sg + ca * cg, sa * sb],
            [-sb * cg, sb * sg, cb],
        ]
    )


def wrap(angle):
    """Angle mapped to (-pi, pi]."""
    return np.pi - (np.pi - angle) % (2 * np.pi)


# --- book numbers ----------------------------------------------------------------------


def test_zxz_reference_numbers_of_the_digest():
    R = ck.rotation_from_euler_zxz(np.deg2rad([30, 50, 70]))
    expected = [[-0.0058, -0.9237, 0.3830], [0.6941, -0.2795, -0.6634], [0.7198, 0.2620, 0.6428]]
    assert R == pytest.approx(np.array(expected), abs=6e-5)
    assert np.rad2deg(ck.euler_zxz_from_rotation(R)) == pytest.approx([30, 50, 70])


def test_bryant_reference_numbers_of_the_digest():
    R = ck.rotation_from_euler_zyx(np.deg2rad([30, 50, 70]))
    expected = [[0.5567, 0.4524, 0.6967], [0.3214, 0.6561, -0.6828], [-0.7660, 0.6040, 0.2198]]
    assert R == pytest.approx(np.array(expected), abs=6e-5)
    assert np.rad2deg(ck.euler_zyx_from_rotation(R)) == pytest.approx([30, 50, 70])


@pytest.mark.parametrize("seed", range(5))
def test_named_sets_match_the_printed_matrices(seed):
    a = np.random.default_rng(seed).uniform(-np.pi, np.pi, 3)
    assert ck.rotation_from_euler_zxz(a) == pytest.approx(zxz_matrix(*a), abs=1e-14)
    assert ck.rotation_from_euler_zyx(a) == pytest.approx(bryant_matrix(*a), abs=1e-14)
    assert ck.rotation_from_euler_zyz(a) == pytest.approx(zyz_matrix(*a), abs=1e-14)


@pytest.mark.parametrize("seed", range(5))
def test_inverses_match_the_book_atan2_formulas(seed):
    rng = np.random.default_rng(seed)
    angles = np.array([rng.uniform(-3, 3), rng.uniform(0.1, 3.0), rng.uniform(-3, 3)])
    r = zxz_matrix(*angles)
    # (4.9.4)-(4.9.6), with 1-based r_ij -> r[i-1, j-1]
    psi = arctan2(r[2, 0], r[2, 1])
    theta = arctan2(np.hypot(r[2, 0], r[2, 1]), r[2, 2])
    phi = arctan2(r[0, 2], -r[1, 2])
    assert ck.euler_zxz_from_rotation(r) == pytest.approx([phi, theta, psi], abs=1e-12)
    assert [phi, theta, psi] == pytest.approx(angles, abs=1e-12)

    angles[1] = rng.uniform(-1.5, 1.5)
    r = bryant_matrix(*angles)
    # (4.10.4)
    psi = arctan2(r[1, 0], r[0, 0])
    theta = arctan2(-r[2, 0], np.hypot(r[0, 0], r[1, 0]))
    phi = arctan2(r[2, 1], r[2, 2])
    assert ck.euler_zyx_from_rotation(r) == pytest.approx([psi, theta, phi], abs=1e-12)


def test_crude_zxz_inverse_with_corrected_sign_agrees_erratum_e22():
    # (4.9.3) corrected: phi = arccos(-r23 / sin(theta)), valid for phi in (0, pi).
    rng = np.random.default_rng(3)
    for _ in range(10):
        angles = [rng.uniform(0.1, 3.0), rng.uniform(0.1, 3.0), rng.uniform(-3, 3)]
        r = zxz_matrix(*angles)
        theta = np.arccos(r[2, 2])
        phi_corrected = np.arccos(-r[1, 2] / np.sin(theta))
        phi_printed = -np.arccos(r[1, 2] / np.sin(theta))
        ours = ck.euler_zxz_from_rotation(r)
        assert ours[:2] == pytest.approx([phi_corrected, theta], abs=1e-9)
        assert abs(phi_printed - ours[0]) > 0.1


@pytest.mark.parametrize("psi", [0.7, -2.0, 3.0])
def test_zxz_degenerate_branch_at_theta_pi_erratum_e20(psi):
    r = zxz_matrix(0.0, np.pi, psi)
    got = ck.euler_zxz_from_rotation(r)
    assert got == pytest.approx([0.0, np.pi, -arctan2(r[1, 0], r[0, 0])], abs=1e-12)
    assert got[2] == pytest.approx(psi, abs=1e-12)
    # The branch printed for theta = 0 would give the wrong rotation here.
    printed = zxz_matrix(0.0, np.pi, arctan2(r[1, 0], r[0, 0]))
    assert np.abs(printed - r).max() > 0.1


@pytest.mark.parametrize("psi", [0.7, -2.0, 3.0])
def test_zxz_degenerate_branch_at_theta_zero(psi):
    r = zxz_matrix(1.2, 0.0, psi - 1.2)  # only phi + psi = psi matters
    assert ck.euler_zxz_from_rotation(r) == pytest.approx([0.0, 0.0, arctan2(r[1, 0], r[0, 0])])
    assert ck.euler_zxz_from_rotation(r)[2] == pytest.approx(psi)


@pytest.mark.parametrize("theta", [np.pi / 2, -np.pi / 2])
@pytest.mark.parametrize("psi", [0.7, -2.0])
def test_bryant_degenerate_branch_erratum_e21(theta, psi):
    r = bryant_matrix(psi, theta, 0.0)
    book_corrected = arctan2(-r[0, 1], r[1, 1])  # with phi = 0, for both signs of theta
    got = ck.euler_zyx_from_rotation(r, zero_angle="last")
    assert got == pytest.approx([book_corrected, theta, 0.0], abs=1e-12)
    assert book_corrected == pytest.approx(psi)
    if theta > 0:  # the printed branch for theta = +pi/2 rebuilds a different rotation
        printed = bryant_matrix(arctan2(r[0, 1], r[1, 1]), theta, 0.0)
        assert np.abs(printed - r).max() > 0.1
    # Default: psi = 0 and the roll absorbs it.
    default = ck.euler_zyx_from_rotation(r)
    assert default[0] == 0.0
    assert bryant_matrix(*default) == pytest.approx(r, abs=1e-12)


# --- the general functions ------------------------------------------------------------


@pytest.mark.parametrize("sequence", EULER_SEQUENCES)
@pytest.mark.parametrize("extrinsic", [False, True])
def test_rotation_from_euler_is_the_product_of_elementary_rotations(sequence, extrinsic):
    t = np.random.default_rng(7).uniform(-np.pi, np.pi, 3)
    R1, R2, R3 = (ELEMENTARY[a](angle) for a, angle in zip(sequence, t))
    expected = R3 @ R2 @ R1 if extrinsic else R1 @ R2 @ R3
    assert ck.rotation_from_euler(t, sequence, extrinsic=extrinsic) == pytest.approx(expected)


@pytest.mark.parametrize("sequence", EULER_SEQUENCES)
@pytest.mark.parametrize("extrinsic", [False, True])
def test_rotation_from_euler_matches_scipy_batched(sequence, extrinsic):
    angles = np.random.default_rng(8).uniform(-np.pi, np.pi, (4, 5, 3))
    # scipy: lower case = extrinsic, upper case = intrinsic.
    scipy_seq = sequence if extrinsic else sequence.upper()
    expected = Rotation.from_euler(scipy_seq, angles.reshape(-1, 3)).as_matrix().reshape(4, 5, 3, 3)
    got = ck.rotation_from_euler(angles, sequence, extrinsic=extrinsic)
    assert got.shape == (4, 5, 3, 3)
    assert got == pytest.approx(expected, abs=1e-13)


@pytest.mark.parametrize("sequence", EULER_SEQUENCES)
@pytest.mark.parametrize("extrinsic", [False, True])
def test_euler_from_rotation_matches_scipy_away_from_singularities(sequence, extrinsic):
    scipy_seq = sequence if extrinsic else sequence.upper()
    for R in Rotation.random(20, random_state=9):
        expected = R.as_euler(scipy_seq)
        got = ck.euler_from_rotation(R.as_matrix(), sequence, extrinsic=extrinsic)
        assert got == pytest.approx(expected, abs=1e-10)


def test_craig_fixed_angles_equal_reversed_euler_angles():
    gamma, beta, alpha = 0.3, -0.8, 2.1
    fixed_xyz = ck.rotation_from_euler([gamma, beta, alpha], "xyz", extrinsic=True)
    assert fixed_xyz == pytest.approx(ck.rotation_from_euler_zyx([alpha, beta, gamma]))
    assert fixed_xyz == pytest.approx(Rz(alpha) @ Ry(beta) @ Rx(gamma))  # Craig (2.64)
    back = ck.euler_from_rotation(fixed_xyz, "xyz", extrinsic=True)
    assert back == pytest.approx([gamma, beta, alpha])


@pytest.mark.parametrize("sequence", EULER_SEQUENCES)
def test_extrinsic_equals_intrinsic_of_the_reversed_sequence(sequence):
    t = np.random.default_rng(10).uniform(-np.pi, np.pi, 3)
    assert ck.rotation_from_euler(t, sequence, extrinsic=True) == pytest.approx(
        ck.rotation_from_euler(t[::-1], sequence[::-1])
    )


def test_named_functions_are_the_general_ones():
    R = ck.rotation_from_euler([0.4, 1.1, -0.3], "xyz")
    for seq, forward, inverse in [
        ("zxz", ck.rotation_from_euler_zxz, ck.euler_zxz_from_rotation),
        ("zyz", ck.rotation_from_euler_zyz, ck.euler_zyz_from_rotation),
        ("zyx", ck.rotation_from_euler_zyx, ck.euler_zyx_from_rotation),
    ]:
        angles = inverse(R)
        assert np.array_equal(angles, ck.euler_from_rotation(R, seq))
        assert np.array_equal(forward(angles), ck.rotation_from_euler(angles, seq))


# --- round trips (hypothesis) ---------------------------------------------------------

angle = st.floats(-np.pi, np.pi, allow_nan=False)


def singular_middle(sequence):
    if sequence[0] == sequence[2]:
        return st.sampled_from([0.0, np.pi, -np.pi, 2 * np.pi])
    return st.sampled_from([np.pi / 2, -np.pi / 2, 3 * np.pi / 2])


@pytest.mark.parametrize("sequence", EULER_SEQUENCES)
@pytest.mark.parametrize("extrinsic", [False, True])
@settings(max_examples=20, deadline=None)
@given(t1=angle, t2=angle, t3=angle, zero_last=st.booleans())
def test_round_trip_anywhere(sequence, extrinsic, t1, t2, t3, zero_last):
    zero_angle = "last" if zero_last else "first"
    R = ck.rotation_from_euler([t1, t2, t3], sequence, extrinsic=extrinsic)
    got = ck.euler_from_rotation(R, sequence, extrinsic=extrinsic, zero_angle=zero_angle)
    assert ck.rotation_from_euler(got, sequence, extrinsic=extrinsic) == pytest.approx(R, abs=1e-9)
    low, high = (0.0, np.pi) if sequence[0] == sequence[2] else (-np.pi / 2, np.pi / 2)
    assert low <= got[1] <= high
    assert np.all(np.abs(got) <= np.pi)
    # Inside the principal range and away from gimbal lock the angles themselves come back.
    if low + 1e-3 < t2 < high - 1e-3:
        assert wrap(got - [t1, t2, t3]) == pytest.approx([0, 0, 0], abs=1e-8)


@pytest.mark.parametrize("sequence", EULER_SEQUENCES)
@pytest.mark.parametrize("extrinsic", [False, True])
@settings(max_examples=12, deadline=None)
@given(t1=angle, t3=angle, zero_last=st.booleans(), data=st.data())
def test_round_trip_at_gimbal_lock(sequence, extrinsic, t1, t3, zero_last, data):
    t2 = data.draw(singular_middle(sequence))
    zero_angle = "last" if zero_last else "first"
    assert ck.is_gimbal_lock([t1, t2, t3], sequence)
    R = ck.rotation_from_euler([t1, t2, t3], sequence, extrinsic=extrinsic)
    got = ck.euler_from_rotation(R, sequence, extrinsic=extrinsic, zero_angle=zero_angle)
    assert ck.rotation_from_euler(got, sequence, extrinsic=extrinsic) == pytest.approx(R, abs=1e-12)
    assert got[2 if zero_last else 0] == 0.0
    assert ck.is_gimbal_lock(got, sequence)


@pytest.mark.parametrize("sequence", ["zxz", "zyx", "yxy", "xzy"])
@pytest.mark.parametrize("offset", [1e-12, 1e-9, 1e-7, -1e-6, 1e-4])
def test_round_trip_near_gimbal_lock_stays_exact(sequence, offset):
    rng = np.random.default_rng(11)
    singular = 0.0 if sequence[0] == sequence[2] else np.pi / 2
    for _ in range(20):
        t = [rng.uniform(-3, 3), singular + abs(offset), rng.uniform(-3, 3)]
        R = ck.rotation_from_euler(t, sequence)
        got = ck.euler_from_rotation(R, sequence)
        assert ck.rotation_from_euler(got, sequence) == pytest.approx(R, abs=1e-10)


# --- the singularity predicate -------------------------------------------------------


@pytest.mark.parametrize("sequence", PROPER)
def test_singularity_of_proper_sets(sequence):
    assert ck.is_gimbal_lock([1.0, 0.0, 2.0], sequence)
    assert ck.is_gimbal_lock([1.0, np.pi, 2.0], sequence)
    assert ck.is_gimbal_lock([1.0, 5e-7, 2.0], sequence)
    assert not ck.is_gimbal_lock([1.0, 2e-6, 2.0], sequence)
    assert not ck.is_gimbal_lock([1.0, np.pi / 2, 2.0], sequence)
    assert ck.is_gimbal_lock([1.0, 1e-3, 2.0], sequence, tol=1e-2)


@pytest.mark.parametrize("sequence", TAIT_BRYAN)
def test_singularity_of_tait_bryan_sets(sequence):
    assert ck.is_gimbal_lock([1.0, np.pi / 2, 2.0], sequence)
    assert ck.is_gimbal_lock([1.0, -np.pi / 2 + 5e-7, 2.0], sequence)
    assert not ck.is_gimbal_lock([1.0, np.pi / 2 - 2e-6, 2.0], sequence)
    assert not ck.is_gimbal_lock([1.0, 0.0, 2.0], sequence)
    assert not ck.is_gimbal_lock([1.0, np.pi, 2.0], sequence)


# --- bad input -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("sequence", "message"),
    [
        ("zzx", "same axis would merge"),
        ("xyy", "same axis would merge"),
        ("ZYZ", "Use lower-case letters"),
        ("z-y-z", "got 'z-y-z'"),
        ("zy", "three axis letters"),
        ("abc", "got 'abc'"),
        (3, "got 3"),
    ],
)
def test_bad_sequence_is_explained(sequence, message):
    with pytest.raises(ValueError, match=message):
        ck.rotation_from_euler([0.1, 0.2, 0.3], sequence)
    with pytest.raises(ValueError, match=message):
        ck.euler_from_rotation(np.eye(3), sequence)
    with pytest.raises(ValueError, match=message):
        ck.is_gimbal_lock([0.1, 0.2, 0.3], sequence)


def test_bad_angles_are_explained():
    with pytest.raises(ValueError, match=r"angles must have shape \(\.\.\., 3\), got shape \(2,\)"):
        ck.rotation_from_euler([0.1, 0.2], "zyz")
    with pytest.raises(ValueError, match="angles must be finite"):
        ck.rotation_from_euler([0.1, np.nan, 0.3], "zyz")
    with pytest.raises(ValueError, match="angles must be finite"):
        ck.rotation_from_euler_zxz([np.inf, 0.0, 0.0])
    with pytest.raises(TypeError, match="angles must be numeric"):
        ck.rotation_from_euler("abc", "zyz")
    with pytest.raises(ValueError, match=r"angles must have shape \(3,\)"):
        ck.is_gimbal_lock([[0.1, 0.2, 0.3]], "zyz")
    with pytest.raises(ValueError, match="tol must be >= 0, got -1.0"):
        ck.is_gimbal_lock([0.1, 0.2, 0.3], "zyz", tol=-1.0)
    with pytest.raises(ValueError, match="tol must be finite"):
        ck.is_gimbal_lock([0.1, 0.2, 0.3], "zyz", tol=np.nan)


def test_bad_matrices_are_explained():
    with pytest.raises(ValueError, match="reflection, not a rotation"):
        ck.euler_zxz_from_rotation(np.diag([1.0, 1.0, -1.0]))
    with pytest.raises(ValueError, match="must be orthonormal"):
        ck.euler_zyx_from_rotation(2 * np.eye(3))
    with pytest.raises(ValueError, match=r"R must have shape \(3, 3\), got shape \(4, 4\)"):
        ck.euler_from_rotation(np.eye(4), "zyz")
    with pytest.raises(ValueError, match="R must be finite"):
        ck.euler_zyz_from_rotation(np.full((3, 3), np.nan))
    with pytest.raises(ValueError, match="zero_angle must be one of 'first', 'last', got 'middle'"):
        ck.euler_from_rotation(np.eye(3), "zyz", zero_angle="middle")
