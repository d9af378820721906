"""Rotation matrices: elementary rotations, the skew operator, axis-angle and exp/log of SO(3).

Conventions (see CONVENTIONS.md): active rotations, right-handed, column vectors,
``p_a = R_a_b @ p_b``. Angles in radians. Euler angles live in
:mod:`coursekit.euler_angles`, quaternions in :mod:`coursekit.quaternions`.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import ArrayLike

from ._validation import ORTHONORMAL_TOL, FloatArray, as_array, as_float_array, as_rotation


def _angle(theta: ArrayLike, name: str = "theta") -> FloatArray:
    angle = as_float_array(theta, name)
    if not np.all(np.isfinite(angle)):
        msg = f"{name} must be finite, got {angle!r}."
        raise ValueError(msg)
    return angle


def _elementary(theta: ArrayLike, axis: int) -> FloatArray:
    angle = _angle(theta)
    c, s = np.cos(angle), np.sin(angle)
    R = np.zeros((*angle.shape, 3, 3))
    # The other two axes in cyclic order, so that (i, j) = (y, z), (z, x) or (x, y).
    i, j = (axis + 1) % 3, (axis + 2) % 3
    R[..., axis, axis] = 1.0
    R[..., i, i] = c
    R[..., j, j] = c
    R[..., j, i] = s
    R[..., i, j] = -s
    return R


def rot_x(theta: ArrayLike) -> FloatArray:
    r"""Rotation by ``theta`` radians about the x-axis.

    .. math:: R_x(\theta) = \begin{bmatrix}1&0&0\\0&c&-s\\0&s&c\end{bmatrix}

    An array of angles gives a stack of matrices, shape (..., 3, 3).
    References: Duysinx-Geradin (4.5.5); Craig (2.77).

    >>> rot_x(np.pi / 2) @ [0.0, 1.0, 0.0]
    array([0., 0., 1.])
    """
    return _elementary(theta, 0)


def rot_y(theta: ArrayLike) -> FloatArray:
    r"""Rotation by ``theta`` radians about the y-axis.

    .. math:: R_y(\theta) = \begin{bmatrix}c&0&s\\0&1&0\\-s&0&c\end{bmatrix}

    >>> rot_y(np.pi / 2) @ [0.0, 0.0, 1.0]
    array([1., 0., 0.])
    """
    return _elementary(theta, 1)


def rot_z(theta: ArrayLike) -> FloatArray:
    r"""Rotation by ``theta`` radians about the z-axis.

    .. math:: R_z(\theta) = \begin{bmatrix}c&-s&0\\s&c&0\\0&0&1\end{bmatrix}

    >>> rot_z(np.pi / 2) @ [1.0, 0.0, 0.0]
    array([0., 1., 0.])
    """
    return _elementary(theta, 2)


def skew(w: ArrayLike) -> FloatArray:
    r"""Skew-symmetric matrix :math:`\tilde w` with ``skew(w) @ v == np.cross(w, v)``.

    References: Duysinx-Geradin (A.2.19); Craig (5.23).

    >>> skew([1.0, 2.0, 3.0])
    array([[ 0., -3.,  2.],
           [ 3.,  0., -1.],
           [-2.,  1.,  0.]])
    """
    x, y, z = as_array(w, (3,), "w")
    return np.array([[0.0, -z, y], [z, 0.0, -x], [-y, x, 0.0]])


def unskew(S: ArrayLike) -> FloatArray:
    """Vector ``w`` of a skew-symmetric matrix ``S`` (the "vee" operator, inverse of skew).

    >>> unskew(skew([1.0, 2.0, 3.0]))
    array([1., 2., 3.])
    """
    S = as_array(S, (3, 3), "S")
    asymmetry = float(np.abs(S + S.T).max())
    if asymmetry > ORTHONORMAL_TOL * max(1.0, float(np.abs(S).max())):
        msg = f"S must be skew-symmetric (S.T == -S), but S + S.T has entries up to {asymmetry:.2g}."
        raise ValueError(msg)
    return np.array([S[2, 1] - S[1, 2], S[0, 2] - S[2, 0], S[1, 0] - S[0, 1]]) / 2.0


def is_rotation(R: ArrayLike, tol: float = ORTHONORMAL_TOL) -> bool:
    """True if ``R`` is a 3x3 proper rotation matrix (orthonormal, determinant +1).

    >>> is_rotation(rot_z(0.3)), is_rotation(np.diag([1, 1, -1]))
    (True, False)
    """
    try:
        M = np.asarray(R, dtype=float)
    except (TypeError, ValueError):
        return False
    if M.shape != (3, 3) or not np.all(np.isfinite(M)):
        return False
    return bool(np.abs(M.T @ M - np.eye(3)).max() <= tol and np.linalg.det(M) > 0)


def rotation_from_axis_angle(axis: ArrayLike, angle: float) -> FloatArray:
    r"""Rotation by ``angle`` radians about the unit vector ``axis`` (Rodrigues' formula).

    .. math:: R = \cos\phi\, I + (1-\cos\phi)\, l l^T + \sin\phi\, \tilde l

    ``axis`` need not be normalised, but must not be zero.
    References: Duysinx-Geradin (4.11.15); Craig (2.80).

    >>> np.round(rotation_from_axis_angle([0, 0, 1], np.pi / 2), 12)
    array([[ 0., -1.,  0.],
           [ 1.,  0.,  0.],
           [ 0.,  0.,  1.]])
    """
    l = as_array(axis, (3,), "axis")
    norm = np.linalg.norm(l)
    if norm < 1e-12:
        msg = f"axis must be a nonzero vector, got {l}."
        raise ValueError(msg)
    l = l / norm
    phi = float(as_array(angle, (), "angle"))
    c, s = np.cos(phi), np.sin(phi)
    return c * np.eye(3) + (1.0 - c) * np.outer(l, l) + s * skew(l)


def axis_angle_from_rotation(R: ArrayLike) -> tuple[FloatArray, float]:
    """Unit axis and angle in [0, pi] of the rotation ``R`` (the inverse of Euler's theorem).

    At angle 0 the axis is undefined and ``[0, 0, 1]`` is returned. Near pi the
    axis is read from the symmetric part of ``R``, because the skew part
    vanishes there (Duysinx-Geradin 4.11.16-19 break down at pi).

    >>> axis, angle = axis_angle_from_rotation(rotation_from_axis_angle([1, 2, 2], 1.0))
    >>> np.round(axis * 3, 12), round(angle, 12)
    (array([1., 2., 2.]), 1.0)
    """
    R = as_rotation(R)
    return _axis_angle(R)


def _axis_angle(R: FloatArray) -> tuple[FloatArray, float]:
    vec = np.array([R[2, 1] - R[1, 2], R[0, 2] - R[2, 0], R[1, 0] - R[0, 1]])
    sin2 = np.linalg.norm(vec)  # = 2 sin(angle)
    cos2 = np.trace(R) - 1.0  # = 2 cos(angle)
    angle = float(np.arctan2(sin2, cos2))
    if angle < 1e-12:
        return np.array([0.0, 0.0, 1.0]), 0.0
    if angle < np.pi - 1e-4:
        return vec / sin2, angle
    # Near pi: R + R.T = 2 cos I + 2 (1 - cos) l l^T; take the largest column of l l^T.
    B = (R + R.T) / 2.0 - np.cos(angle) * np.eye(3)
    k = int(np.argmax(np.diag(B)))
    axis = B[:, k] / np.sqrt(B[k, k] * (1.0 - np.cos(angle)))
    axis /= np.linalg.norm(axis)
    # Fix the sign of the axis with the (small) skew part, when it is readable.
    if axis @ vec < 0:
        axis = -axis
    return axis, angle


def rotation_from_rotation_vector(r: ArrayLike) -> FloatArray:
    """Rotation whose axis is ``r/|r|`` and angle ``|r|``: the exponential map of so(3).

    Uses a Taylor series for tiny angles so the result is accurate near 0.
    References: Lynch & Park (3.51).

    >>> np.round(rotation_from_rotation_vector([0, 0, np.pi / 2]) @ [1, 0, 0], 12)
    array([0., 1., 0.])
    """
    w = as_array(r, (3,), "r")
    theta = float(np.linalg.norm(w))
    W = skew(w)
    if theta < 1e-6:
        # sin(t)/t and (1-cos t)/t^2 by their series, which stay exact at t = 0.
        a, b = 1.0 - theta**2 / 6.0, 0.5 - theta**2 / 24.0
    else:
        a, b = np.sin(theta) / theta, (1.0 - np.cos(theta)) / theta**2
    return np.eye(3) + a * W + b * (W @ W)


def rotation_vector_from_rotation(R: ArrayLike) -> FloatArray:
    """Axis times angle (angle in [0, pi]) of ``R``: the logarithm of SO(3) as a 3-vector.

    Robust at angle 0 (returns zeros) and at pi (axis from the symmetric part).

    >>> np.round(rotation_vector_from_rotation(rot_x(0.5)), 12)
    array([0.5, 0. , 0. ])
    """
    R = as_rotation(R)
    vec = np.array([R[2, 1] - R[1, 2], R[0, 2] - R[2, 0], R[1, 0] - R[0, 1]])
    cos_angle = (np.trace(R) - 1.0) / 2.0
    if cos_angle > 1.0 - 1e-8:
        # angle/sin(angle) -> 1 + angle^2/6 near zero; vec = 2 sin(angle) axis.
        return vec / 2.0 * (1.0 + (1.0 - cos_angle) / 3.0)
    axis, angle = _axis_angle(R)
    return axis * angle
