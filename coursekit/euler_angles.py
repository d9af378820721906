"""Euler and Tait-Bryan angle sets: rotation matrices, their inverses and their singularities.

A *sequence* is three axis letters such as ``"zxz"``. Twelve are valid: six
proper Euler sets (first and last axis equal: ``"zxz"``, ``"zyz"``, ...) and six
Tait-Bryan or Cardan sets (three different axes: ``"zyx"``, ``"xyz"``, ...).

* Intrinsic (default): each rotation is about an axis of the frame moved by
  the previous ones, so the matrices are post-multiplied,
  ``R = R_a1(t1) @ R_a2(t2) @ R_a3(t3)``.
* Extrinsic (``extrinsic=True``, Craig's "fixed angles"): each rotation is about
  an axis of the fixed frame, so the matrices are pre-multiplied,
  ``R = R_a3(t3) @ R_a2(t2) @ R_a1(t1)``.

The two readings give the same matrix when both the sequence and the angles are
reversed; Craig's X-Y-Z fixed angles (gamma, beta, alpha) are the Z-Y-X Euler
angles (alpha, beta, gamma). Angles are in radians. See CONVENTIONS.md.
"""

from __future__ import annotations

from typing import Literal

import numpy as np
from numpy.typing import ArrayLike

from ._validation import FloatArray, as_array, as_batch, as_choice, as_positive, as_rotation
from .rotations import rot_x, rot_y, rot_z

_AXES = "xyz"
_ELEMENTARY = (rot_x, rot_y, rot_z)

#: The 12 valid sequences: 6 proper Euler sets, then 6 Tait-Bryan sets.
EULER_SEQUENCES = (
    "xyx", "xzx", "yxy", "yzy", "zxz", "zyz",  # proper Euler
    "xyz", "xzy", "yxz", "yzx", "zxy", "zyx",  # Tait-Bryan
)  # fmt: skip

#: When inverting a matrix, |sin t2| (proper Euler) or |cos t2| (Tait-Bryan) below this
#: counts as gimbal lock. Tiny on purpose: outside it the inverse stays exact anyway (the
#: last angle absorbs the error of the first), so it only decides when an angle is set to 0.
_LOCK_TOL = 1e-10


def _axes_of(sequence: object) -> tuple[int, int, int]:
    """Axis indices (0, 1, 2 for x, y, z) of a sequence, or a clear error."""
    if isinstance(sequence, str) and sequence in EULER_SEQUENCES:
        return (_AXES.index(sequence[0]), _AXES.index(sequence[1]), _AXES.index(sequence[2]))
    hint = ""
    if isinstance(sequence, str) and sequence.lower() in EULER_SEQUENCES:
        hint = (
            " Use lower-case letters; choose moving or fixed axes with extrinsic=False/True"
            " (scipy's upper-case/lower-case convention is not used here)."
        )
    elif isinstance(sequence, str) and len(sequence) == 3 and set(sequence) <= set(_AXES):
        hint = " Two neighbouring rotations about the same axis would merge into one."
    msg = (
        "sequence must be three axis letters with no two neighbours equal: a proper Euler "
        "set such as 'zxz' or a Tait-Bryan set such as 'zyx', "
        f"got {sequence!r}.{hint}"
    )
    raise ValueError(msg)


def _is_proper(axes: tuple[int, int, int]) -> bool:
    return axes[0] == axes[2]


def rotation_from_euler(angles: ArrayLike, sequence: str, extrinsic: bool = False) -> FloatArray:
    """Rotation matrix of three successive rotations about the axes named in ``sequence``.

    Parameters
    ----------
    angles : array_like, shape (3,) or (..., 3)
        The angles ``(t1, t2, t3)`` in radians, in the order they are applied.
    sequence : str
        One of the 12 sequences in ``EULER_SEQUENCES``, e.g. ``"zxz"`` or ``"zyx"``.
    extrinsic : bool
        False (default): about the moving axes, ``R = R_a1(t1) R_a2(t2) R_a3(t3)``.
        True: about the fixed axes, ``R = R_a3(t3) R_a2(t2) R_a1(t1)``.

    Returns
    -------
    ndarray, shape (3, 3) or (..., 3, 3)

    References: Duysinx-Geradin (4.9.1), (4.10.3); Craig (2.64), (2.71), Appendix B.

    Examples
    --------
    Craig's identity: X-Y-Z fixed angles equal Z-Y-X Euler angles in reverse order.

    >>> fixed = rotation_from_euler([0.1, 0.2, 0.3], "xyz", extrinsic=True)
    >>> np.allclose(fixed, rotation_from_euler([0.3, 0.2, 0.1], "zyx"))
    True
    >>> rotation_from_euler([np.pi / 2, 0.0, 0.0], "zyx") @ [1.0, 0.0, 0.0]
    array([0., 1., 0.])
    """
    axes = _axes_of(sequence)
    t = as_batch(angles, (3,), "angles")
    first, second, third = (_ELEMENTARY[a](t[..., n]) for n, a in enumerate(axes))
    if extrinsic:
        return third @ second @ first
    return first @ second @ third


def _angle_about(M: FloatArray, axis: int) -> float:
    """Angle of the rotation ``M`` about ``axis``, read from the 2x2 block it turns.

    Using both sines and both cosines gives the least-squares angle when ``M`` is
    only approximately an elementary rotation.
    """
    a, b = (axis + 1) % 3, (axis + 2) % 3
    return float(np.arctan2(M[b, a] - M[a, b], M[a, a] + M[b, b]))


def _intrinsic_angles(R: FloatArray, axes: tuple[int, int, int], zero_last: bool) -> FloatArray:
    """Angles of the intrinsic set ``axes`` that rebuild ``R`` (see euler_from_rotation)."""
    i, j, last = axes
    k = 3 - i - j  # the axis that is neither i nor j
    s = 1.0 if (j - i) % 3 == 1 else -1.0  # +1 when (i, j, k) is a cyclic order of (x, y, z)
    if last == i:
        # Proper Euler: row i and column i of R hold sin(t2) times cos/sin of t3 and t1.
        sin_t2 = float(np.hypot(R[i, j], R[i, k]))
        t2 = float(np.arctan2(sin_t2, R[i, i]))
        locked = sin_t2 < _LOCK_TOL
        t1 = float(np.arctan2(R[j, i], -s * R[k, i]))
    else:
        # Tait-Bryan: R[i, k] = s sin(t2); row i and column k hold cos(t2) times the rest.
        cos_t2 = float(np.hypot(R[i, i], R[i, j]))
        t2 = float(np.arctan2(s * R[i, k], cos_t2))
        locked = cos_t2 < _LOCK_TOL
        t1 = float(np.arctan2(-s * R[j, k], R[k, k]))
    R_2 = _ELEMENTARY[j](t2)
    if locked and zero_last:
        # R = R_i(t1) R_j(t2) exactly: read t1 from what is left.
        return np.array([_angle_about(R @ R_2.T, i), t2, 0.0])
    if locked:
        t1 = 0.0
    # The last angle from the rotation that remains once the first two are undone. Near a
    # singularity t1 is poorly defined, and this makes t3 compensate for its error.
    remainder = R_2.T @ _ELEMENTARY[i](t1).T @ R
    return np.array([t1, t2, _angle_about(remainder, last)])


def euler_from_rotation(
    R: ArrayLike,
    sequence: str,
    extrinsic: bool = False,
    zero_angle: Literal["first", "last"] = "first",
) -> FloatArray:
    """Angles ``(t1, t2, t3)`` of the set ``sequence`` that rebuild the rotation ``R``.

    The inverse of :func:`rotation_from_euler`: for every rotation ``R``,
    ``rotation_from_euler(euler_from_rotation(R, seq, ext), seq, ext)`` equals ``R``.
    The middle angle is in [0, pi] for a proper Euler set and in [-pi/2, pi/2] for a
    Tait-Bryan set; the other two are in [-pi, pi].

    At the singularity (gimbal lock: sin t2 = 0 for proper Euler sets, cos t2 = 0 for
    Tait-Bryan sets) only a sum or a difference of the first and last angles is
    defined. Then the angle named by ``zero_angle`` (default: the first, as in
    Duysinx-Geradin's (4.9.7)) is set to 0 and the other one is solved for. This
    happens when |sin t2| or |cos t2| is below 1e-10; closer to the singularity
    than that, ``R`` is rebuilt to about 1e-10, elsewhere to rounding error.

    For z-x-z this gives, at theta = 0, psi = ATAN2(r21, r11), and at theta = pi,
    psi = -ATAN2(r21, r11); the book prints the first branch for both (erratum E20).
    For Bryant z-y-x with ``zero_angle="last"`` (the book's choice phi = 0) it gives
    psi = ATAN2(-r12, r22) at both theta = +pi/2 and -pi/2; the book prints
    ATAN2(r12, r22) for +pi/2 (erratum E21). Every angle comes from ATAN2 of two
    entries, never from arccos, whose sign is ambiguous (the crude inverse (4.9.3)
    has a sign error too, erratum E22).

    Parameters
    ----------
    R : array_like, shape (3, 3)
        A rotation matrix.
    sequence : str
        One of the 12 sequences in ``EULER_SEQUENCES``.
    extrinsic : bool
        False: moving axes; True: fixed axes (see :func:`rotation_from_euler`).
    zero_angle : {"first", "last"}
        Which angle is set to 0 at a singularity.

    Returns
    -------
    ndarray, shape (3,)
        The angles in radians, in the order of ``sequence``.

    References: Duysinx-Geradin (4.9.4)-(4.9.7), (4.10.4)-(4.10.6); Craig (2.66), (2.74).

    Examples
    --------
    >>> R = rotation_from_euler([0.1, 0.2, 0.3], "zyz")
    >>> euler_from_rotation(R, "zyz")
    array([0.1, 0.2, 0.3])

    At gimbal lock only t1 + t3 is defined; the first angle is set to 0:

    >>> euler_from_rotation(rotation_from_euler([0.1, 0.0, 0.3], "zyz"), "zyz")
    array([0. , 0. , 0.4])
    """
    axes = _axes_of(sequence)
    R = as_rotation(R)
    as_choice(zero_angle, ("first", "last"), "zero_angle")
    if extrinsic:
        # Fixed axes a1, a2, a3 = moving axes a3, a2, a1 with the angles reversed.
        reversed_angles = _intrinsic_angles(R, axes[::-1], zero_last=zero_angle == "first")
        return reversed_angles[::-1].copy()
    return _intrinsic_angles(R, axes, zero_last=zero_angle == "last")


def is_gimbal_lock(angles: ArrayLike, sequence: str, tol: float = 1e-6) -> bool:
    """True if the angle set is at (within ``tol`` of) its singularity, gimbal lock.

    A proper Euler set is singular where sin(t2) = 0 (t2 = 0 or pi), a Tait-Bryan
    set where cos(t2) = 0 (t2 = +-pi/2): the first and last axes then line up, and
    one degree of freedom is lost. Fixed- and moving-axis readings share it.

    References: Duysinx-Geradin sections 4.9 and 4.10; Craig (5.42).

    >>> is_gimbal_lock([0.3, np.pi / 2, 0.1], "zyx"), is_gimbal_lock([0.3, 1.0, 0.1], "zyx")
    (True, False)
    """
    axes = _axes_of(sequence)
    t2 = as_array(angles, (3,), "angles")[1]
    tol = as_positive(tol, "tol", allow_zero=True)
    distance = abs(np.sin(t2)) if _is_proper(axes) else abs(np.cos(t2))
    return bool(distance <= tol)


def rotation_from_euler_zxz(angles: ArrayLike) -> FloatArray:
    """Rotation from Duysinx-Geradin's Euler angles ``(phi, theta, psi)``, z-x-z moving axes.

    ``R = Rz(phi) @ Rx(theta) @ Rz(psi)``; singular at theta = 0 and pi.
    References: Duysinx-Geradin (4.9.1).

    >>> rotation_from_euler_zxz([0.0, np.pi / 2, 0.0]) @ [0.0, 0.0, 1.0]
    array([ 0., -1.,  0.])
    """
    return rotation_from_euler(angles, "zxz")


def euler_zxz_from_rotation(R: ArrayLike) -> FloatArray:
    """Duysinx-Geradin's Euler angles ``(phi, theta, psi)`` of ``R``, theta in [0, pi].

    At theta = 0 or pi, phi = 0 (corrected degenerate branch, erratum E20; see
    :func:`euler_from_rotation`).
    References: Duysinx-Geradin (4.9.4)-(4.9.7).

    >>> np.rad2deg(euler_zxz_from_rotation(rotation_from_euler_zxz(np.deg2rad([30, 50, 70]))))
    array([30., 50., 70.])
    """
    return euler_from_rotation(R, "zxz")


def rotation_from_euler_zyz(angles: ArrayLike) -> FloatArray:
    """Rotation from Craig's Z-Y-Z Euler angles ``(alpha, beta, gamma)``, moving axes.

    ``R = Rz(alpha) @ Ry(beta) @ Rz(gamma)``; singular at beta = 0 and pi.
    References: Craig (2.72).

    >>> rotation_from_euler_zyz([0.0, np.pi / 2, 0.0]) @ [0.0, 0.0, 1.0]
    array([1., 0., 0.])
    """
    return rotation_from_euler(angles, "zyz")


def euler_zyz_from_rotation(R: ArrayLike) -> FloatArray:
    """Craig's Z-Y-Z Euler angles ``(alpha, beta, gamma)`` of ``R``, beta in [0, pi].

    At beta = 0 or pi, alpha = 0 (see :func:`euler_from_rotation`).
    References: Craig (2.74), (2.75).

    >>> np.rad2deg(euler_zyz_from_rotation(rotation_from_euler_zyz(np.deg2rad([10, 20, 30]))))
    array([10., 20., 30.])
    """
    return euler_from_rotation(R, "zyz")


def rotation_from_euler_zyx(angles: ArrayLike) -> FloatArray:
    """Rotation from Bryant (roll-pitch-yaw) angles ``(psi, theta, phi)``, z-y-x moving axes.

    ``R = Rz(psi) @ Ry(theta) @ Rx(phi)``: yaw psi about z, pitch theta about the new
    y, roll phi about the newest x. The same matrix as Craig's X-Y-Z fixed angles
    (phi, theta, psi). Singular at theta = +-pi/2.
    References: Duysinx-Geradin (4.10.2)-(4.10.3); Craig (2.64), (2.71).

    >>> rotation_from_euler_zyx([0.0, np.pi / 2, 0.0]) @ [1.0, 0.0, 0.0]
    array([ 0.,  0., -1.])
    """
    return rotation_from_euler(angles, "zyx")


def euler_zyx_from_rotation(
    R: ArrayLike, zero_angle: Literal["first", "last"] = "first"
) -> FloatArray:
    """Bryant (roll-pitch-yaw) angles ``(psi, theta, phi)`` of ``R``, theta in [-pi/2, pi/2].

    At theta = +-pi/2 the yaw psi is set to 0 by default, as for every set here;
    ``zero_angle="last"`` sets the roll phi = 0 instead, as the book does, and then
    psi = ATAN2(-r12, r22) for both signs of theta (erratum E21).
    References: Duysinx-Geradin (4.10.4)-(4.10.6); Craig (2.66).

    >>> np.rad2deg(euler_zyx_from_rotation(rotation_from_euler_zyx(np.deg2rad([30, 50, 70]))))
    array([30., 50., 70.])
    """
    return euler_from_rotation(R, "zyx", zero_angle=zero_angle)
