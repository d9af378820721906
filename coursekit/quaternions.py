"""Euler parameters (unit quaternions) and Rodrigues parameters of a rotation.

A quaternion is stored scalar first, ``e = [e0, e1, e2, e3]``; a rotation by
``phi`` about the unit axis ``l`` has ``e0 = cos(phi/2)`` and
``[e1, e2, e3] = l sin(phi/2)``. Products follow Hamilton's rule ``ij = k``, and
``R(p q) = R(p) @ R(q)``: the product ``p q`` applies ``q`` first, then ``p``, about
the fixed axes (or ``p`` first, then ``q``, about the moving axes). ``e`` and ``-e``
are the same rotation. scipy's ``Rotation.as_quat()`` is scalar *last*. See
CONVENTIONS.md.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import ArrayLike

from ._validation import FloatArray, as_array, as_batch, as_rotation
from .rotations import skew

#: How far |e| may be from 1 before e is refused as a unit quaternion.
UNIT_TOL = 1e-6

#: Components smaller than this count as zero when choosing the sign of a quaternion.
_SIGN_TOL = 1e-12

#: Below this e0 (|b| above 1e9) the Rodrigues parameters are refused as infinite.
_HALF_TURN_TOL = 1e-9


def as_unit_quaternion(value: ArrayLike, name: str = "e") -> FloatArray:
    """Return ``value`` as a unit quaternion of shape (4,) (or (..., 4)), renormalised.

    Refused when its norm differs from 1 by more than ``UNIT_TOL``.

    >>> as_unit_quaternion([2.0, 0.0, 0.0, 0.0])
    Traceback (most recent call last):
    ...
    ValueError: e must be a unit quaternion: |e| must be 1 within 1e-06, got |e| = 2.
    """
    e = as_batch(value, (4,), name)
    norm = np.linalg.norm(e, axis=-1)
    worst = float(np.abs(norm - 1.0).max()) if e.size else 0.0
    if worst > UNIT_TOL:
        bad = float(norm.flat[int(np.abs(norm - 1.0).argmax())])
        msg = (
            f"{name} must be a unit quaternion: |{name}| must be 1 within {UNIT_TOL:g}, "
            f"got |{name}| = {bad:.6g}."
        )
        raise ValueError(msg)
    return e / norm[..., None]


def quaternion_product(p: ArrayLike, q: ArrayLike) -> FloatArray:
    r"""Hamilton product ``p q`` of two quaternions, scalar first.

    .. math:: p q = (p_0 q_0 - \vec p \cdot \vec q,\;
              p_0 \vec q + q_0 \vec p + \vec p \times \vec q)

    Any quaternions (not only unit ones); stacks (..., 4) broadcast.
    References: Duysinx-Geradin (B.1.4), (B.1.5).

    >>> quaternion_product([0.0, 1.0, 0.0, 0.0], [0.0, 0.0, 1.0, 0.0])  # i j = k
    array([0., 0., 0., 1.])
    """
    p = as_batch(p, (4,), "p")
    q = as_batch(q, (4,), "q")
    p0, p_vec = p[..., 0], p[..., 1:]
    q0, q_vec = q[..., 0], q[..., 1:]
    scalar = p0 * q0 - np.sum(p_vec * q_vec, axis=-1)
    vector = p0[..., None] * q_vec + q0[..., None] * p_vec + np.cross(p_vec, q_vec)
    return np.concatenate([scalar[..., None], vector], axis=-1)


def quaternion_conjugate(e: ArrayLike) -> FloatArray:
    """Conjugate ``e* = [e0, -e1, -e2, -e3]``; for a unit quaternion, the inverse rotation.

    References: Duysinx-Geradin (B.1.6).

    >>> quaternion_conjugate([0.5, 0.5, 0.5, 0.5])
    array([ 0.5, -0.5, -0.5, -0.5])
    """
    e = as_batch(e, (4,), "e")
    return e * np.array([1.0, -1.0, -1.0, -1.0])


def rotation_from_quaternion(e: ArrayLike) -> FloatArray:
    r"""Rotation matrix of the unit quaternion ``e``.

    .. math:: R = (2 e_0^2 - 1) I + 2 \vec e \vec e^T + 2 e_0 \tilde e

    ``e`` must have norm 1 within 1e-6 (it is then renormalised). A stack (..., 4)
    gives (..., 3, 3).
    References: Duysinx-Geradin (4.12.2), (4.12.3), (B.4.3).

    >>> rotation_from_quaternion([np.cos(np.pi / 4), 0.0, 0.0, np.sin(np.pi / 4)]) @ [1, 0, 0]
    array([0., 1., 0.])
    """
    e = as_unit_quaternion(e)
    e0, v = e[..., 0, None, None], e[..., 1:]
    x, y, z = v[..., 0], v[..., 1], v[..., 2]
    zero = np.zeros_like(x)
    v_skew = np.stack(
        [np.stack([zero, -z, y], -1), np.stack([z, zero, -x], -1), np.stack([-y, x, zero], -1)],
        axis=-2,
    )
    outer = v[..., :, None] * v[..., None, :]
    return (2.0 * e0**2 - 1.0) * np.eye(3) + 2.0 * outer + 2.0 * e0 * v_skew


def _sign_normalised(e: FloatArray) -> FloatArray:
    """``e`` or ``-e``: the one with e0 > 0, or, for a half turn, first nonzero part > 0."""
    if abs(e[0]) <= _SIGN_TOL:
        # A half turn: e0 is rounding noise of either sign; make it exactly 0.
        e = np.concatenate([[0.0], e[1:]])
    for component in e:
        if abs(component) > _SIGN_TOL:
            return e if component > 0 else -e
    return e


def quaternion_from_rotation(R: ArrayLike) -> FloatArray:
    """Unit quaternion (Euler parameters) of the rotation ``R``, sign-normalised.

    Uses the singularity-free algorithm of Duysinx-Geradin: the symmetric 4x4 matrix
    ``S = 4 e e^T`` is built from the entries of ``R``; its largest diagonal entry
    ``s_kk`` gives ``e_k = sqrt(s_kk) / 2`` (never small), then ``e_i = s_ik / (4 e_k)``.

    Of the two quaternions ``e`` and ``-e`` of ``R``, the one with ``e0 > 0`` is
    returned. For a half turn (``|e0| <= 1e-12``, rounding noise) ``e0`` is set to
    exactly 0 and the first nonzero component of ``[e1, e2, e3]`` is made positive.

    References: Duysinx-Geradin (4.12.5), (4.12.6).

    >>> quaternion_from_rotation(np.diag([1.0, -1.0, -1.0]))  # half turn about x
    array([0., 1., 0., 0.])
    >>> R = rotation_from_quaternion([0.5, 0.5, 0.5, 0.5])
    >>> quaternion_from_rotation(R)
    array([0.5, 0.5, 0.5, 0.5])
    """
    R = as_rotation(R)
    (r11, r12, r13), (r21, r22, r23), (r31, r32, r33) = R
    S = np.array(
        [
            [1 + r11 + r22 + r33, r32 - r23, r13 - r31, r21 - r12],
            [r32 - r23, 1 + r11 - r22 - r33, r12 + r21, r13 + r31],
            [r13 - r31, r12 + r21, 1 - r11 + r22 - r33, r32 + r23],
            [r21 - r12, r13 + r31, r32 + r23, 1 - r11 - r22 + r33],
        ]
    )
    k = int(np.argmax(np.diag(S)))
    e_k = np.sqrt(S[k, k]) / 2.0  # S[k, k] >= 1 since the trace of S is 4
    e = S[:, k] / (4.0 * e_k)
    e /= np.linalg.norm(e)  # remove the rounding of a slightly non-orthonormal R
    return _sign_normalised(e)


def quaternion_from_axis_angle(axis: ArrayLike, angle: float) -> FloatArray:
    """Unit quaternion ``[cos(angle/2), l sin(angle/2)]`` of a rotation about ``axis``.

    ``axis`` need not be normalised, but must not be zero. No sign normalisation:
    an angle beyond pi gives e0 < 0.
    References: Duysinx-Geradin (4.12.1).

    >>> quaternion_from_axis_angle([1, 2, 2], np.pi / 3).round(4)
    array([0.866 , 0.1667, 0.3333, 0.3333])
    """
    l = as_array(axis, (3,), "axis")
    norm = np.linalg.norm(l)
    if norm < 1e-12:
        msg = f"axis must be a nonzero vector, got {l}."
        raise ValueError(msg)
    half = float(as_array(angle, (), "angle")) / 2.0
    return np.concatenate([[np.cos(half)], np.sin(half) * l / norm])


def axis_angle_from_quaternion(e: ArrayLike) -> tuple[FloatArray, float]:
    """Unit axis and angle in [0, pi] of the unit quaternion ``e``.

    ``e`` and ``-e`` give the same result. At angle 0 the axis is undefined and
    ``[0, 0, 1]`` is returned, as in :func:`coursekit.axis_angle_from_rotation`.
    References: Duysinx-Geradin (4.12.1).

    >>> axis, angle = axis_angle_from_quaternion([0.5, 0.5, 0.5, 0.5])
    >>> axis * np.sqrt(3), round(float(np.rad2deg(angle)), 9)
    (array([1., 1., 1.]), 120.0)
    """
    e = as_unit_quaternion(e)
    if e.ndim != 1:
        msg = f"e must have shape (4,), got shape {e.shape}."
        raise ValueError(msg)
    if e[0] < 0:
        e = -e
    sin_half = float(np.linalg.norm(e[1:]))
    angle = 2.0 * float(np.arctan2(sin_half, e[0]))
    if sin_half < 1e-15:
        return np.array([0.0, 0.0, 1.0]), 0.0
    return e[1:] / sin_half, angle


def rotate_vector_by_quaternion(e: ArrayLike, v: ArrayLike) -> FloatArray:
    """The vector ``v`` rotated by the unit quaternion ``e``: the vector part of ``e v e*``.

    ``v`` is treated as the pure quaternion ``[0, v]``. Equals
    ``rotation_from_quaternion(e) @ v``.
    References: Duysinx-Geradin (B.2.1).

    >>> e = quaternion_from_axis_angle([0, 0, 1], np.pi / 2)
    >>> rotate_vector_by_quaternion(e, [1.0, 0.0, 0.0])
    array([0., 1., 0.])
    """
    e = as_unit_quaternion(e)
    if e.ndim != 1:
        msg = f"e must have shape (4,), got shape {e.shape}."
        raise ValueError(msg)
    v_quaternion = np.concatenate([[0.0], as_array(v, (3,), "v")])
    rotated = quaternion_product(quaternion_product(e, v_quaternion), quaternion_conjugate(e))
    return rotated[1:]


def rodrigues_from_rotation(R: ArrayLike) -> FloatArray:
    """Rodrigues parameters ``b = l tan(phi/2) = [e1, e2, e3] / e0`` of the rotation ``R``.

    They are infinite for a half turn (phi = pi); such an ``R`` (e0 < 1e-9) is refused.
    References: Duysinx-Geradin (4.13.15).

    >>> R = rotation_from_quaternion(quaternion_from_axis_angle([1, 2, 2], np.pi / 3))
    >>> rodrigues_from_rotation(R).round(4)
    array([0.1925, 0.3849, 0.3849])
    """
    e = quaternion_from_rotation(R)
    if e[0] < _HALF_TURN_TOL:
        msg = (
            "R is a half turn (rotation angle pi, e0 = 0 within 1e-9): its Rodrigues "
            "parameters b = l tan(phi/2) are infinite. Use a quaternion instead."
        )
        raise ValueError(msg)
    return e[1:] / e[0]


def rotation_from_rodrigues(b: ArrayLike) -> FloatArray:
    r"""Rotation matrix of the Rodrigues parameters ``b`` (Cayley's formula).

    .. math:: R = I + \frac{2}{1 + b^T b} (\tilde b + \tilde b \tilde b)

    References: Duysinx-Geradin (4.13.10), (4.13.14).

    >>> rotation_from_rodrigues([0.0, 0.0, 1.0]) @ [1.0, 0.0, 0.0]  # tan(45 deg) = 1
    array([0., 1., 0.])
    """
    b = as_array(b, (3,), "b")
    B = skew(b)
    return np.eye(3) + 2.0 / (1.0 + b @ b) * (B + B @ B)
