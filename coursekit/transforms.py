"""Homogeneous transforms of SE(3): building, inverting, composing, applying.

``T_a_b`` is the pose of frame {b} in frame {a}: ``p_a = T_a_b @ [p_b, 1]``.
Points (bound vectors) get the translation; free vectors (directions,
velocities, forces) only the rotation. See CONVENTIONS.md.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import ArrayLike

from ._validation import (
    FloatArray,
    ORTHONORMAL_TOL,
    as_array,
    as_batch,
    as_rotation,
    as_transform,
    as_transforms,
)


def transform(R: ArrayLike, p: ArrayLike) -> FloatArray:
    """4x4 homogeneous transform with rotation ``R`` and translation ``p``.

    References: Duysinx-Geradin (4.20.2); Craig (2.19).

    >>> transform(np.eye(3), [1.0, 2.0, 3.0])[:3, 3]
    array([1., 2., 3.])
    """
    T = np.eye(4)
    T[:3, :3] = as_rotation(R)
    T[:3, 3] = as_array(p, (3,), "p")
    return T


def translation(p: ArrayLike) -> FloatArray:
    """Pure translation by ``p``.

    >>> translation([1.0, 0.0, 0.0]) @ [0.0, 0.0, 0.0, 1.0]
    array([1., 0., 0., 1.])
    """
    return transform(np.eye(3), p)


def rotation_part(T: ArrayLike) -> FloatArray:
    """The 3x3 rotation ``R_a_b`` of a transform ``T_a_b``."""
    return as_transform(T)[:3, :3].copy()


def translation_part(T: ArrayLike) -> FloatArray:
    """The origin of {b} expressed in {a}, ``p_a_b``, of a transform ``T_a_b``."""
    return as_transform(T)[:3, 3].copy()


def invert_transform(T_a_b: ArrayLike) -> FloatArray:
    """Inverse ``T_b_a`` of a transform, using ``R.T`` instead of a matrix inverse.

    .. math:: T^{-1} = \\begin{bmatrix} R^T & -R^T p \\\\ 0 & 1 \\end{bmatrix}

    Accepts a stack of transforms, shape (..., 4, 4).
    References: Duysinx-Geradin section 4.23; Craig (2.45).

    >>> T_a_b = transform(np.eye(3), [1.0, 2.0, 3.0])
    >>> invert_transform(T_a_b)[:3, 3]
    array([-1., -2., -3.])
    """
    T = as_transforms(T_a_b, "T_a_b")
    R_t = np.swapaxes(T[..., :3, :3], -1, -2)
    out = np.zeros_like(T)
    out[..., :3, :3] = R_t
    out[..., :3, 3] = -(R_t @ T[..., :3, 3, None])[..., 0]
    out[..., 3, 3] = 1.0
    return out


def compose(*transforms: ArrayLike) -> FloatArray:
    """Product ``T_1 @ T_2 @ ... @ T_k`` of a chain of transforms (left to right).

    Post-multiplying adds a motion about the current (moving) frame.

    >>> compose(translation([1, 0, 0]), translation([0, 2, 0]))[:3, 3]
    array([1., 2., 0.])
    """
    if not transforms:
        return np.eye(4)
    result = as_transform(transforms[0], "transforms[0]")
    for i, T in enumerate(transforms[1:], start=1):
        result = result @ as_transform(T, f"transforms[{i}]")
    return result


def transform_points(T_a_b: ArrayLike, points_b: ArrayLike) -> FloatArray:
    """Points given in {b} expressed in {a}: ``R p + t`` for each row of ``points_b``.

    ``points_b`` has shape (3,) or (N, 3).

    >>> transform_points(translation([1, 0, 0]), [[0, 0, 0], [0, 1, 0]])
    array([[1., 0., 0.],
           [1., 1., 0.]])
    """
    T = as_transform(T_a_b, "T_a_b")
    p = as_batch(points_b, (3,), "points_b")
    return p @ T[:3, :3].T + T[:3, 3]


def rotate_vectors(T_a_b: ArrayLike, vectors_b: ArrayLike) -> FloatArray:
    """Free vectors given in {b} expressed in {a}: only the rotation acts.

    >>> rotate_vectors(translation([1, 0, 0]), [0.0, 1.0, 0.0])
    array([0., 1., 0.])
    """
    T = as_transform(T_a_b, "T_a_b")
    v = as_batch(vectors_b, (3,), "vectors_b")
    return v @ T[:3, :3].T


def homogeneous_point(p: ArrayLike) -> FloatArray:
    """A point (bound vector) in homogeneous form ``[x, y, z, 1]`` (Duysinx-Geradin 4.19)."""
    return np.append(as_array(p, (3,), "p"), 1.0)


def homogeneous_vector(v: ArrayLike) -> FloatArray:
    """A free vector in homogeneous form ``[x, y, z, 0]``: translations do not move it."""
    return np.append(as_array(v, (3,), "v"), 0.0)


def is_transform(T: ArrayLike, tol: float = ORTHONORMAL_TOL) -> bool:
    """True if ``T`` is a valid 4x4 homogeneous transform.

    >>> is_transform(np.eye(4)), is_transform(np.ones((4, 4)))
    (True, False)
    """
    try:
        M = np.asarray(T, dtype=float)
    except (TypeError, ValueError):
        return False
    if M.shape != (4, 4) or not np.all(np.isfinite(M)):
        return False
    R = M[:3, :3]
    return bool(
        np.allclose(M[3], [0, 0, 0, 1], atol=tol, rtol=0)
        and np.abs(R.T @ R - np.eye(3)).max() <= tol
        and np.linalg.det(R) > 0
    )

