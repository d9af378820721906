"""Input checks shared by the public functions (private module).

Every public function turns its arguments into clean float arrays here, so a
student who passes the wrong thing reads a sentence naming the argument, the
rule and what came, instead of a numpy traceback from deep inside.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from numpy.typing import ArrayLike, NDArray

FloatArray = NDArray[np.float64]

#: How far R.T @ R may be from I (entry-wise) before R is refused as a rotation.
ORTHONORMAL_TOL = 1e-6


def _describe(value: object) -> str:
    shape = getattr(value, "shape", None)
    if shape is not None:
        return f"{type(value).__name__} of shape {tuple(shape)}"
    return type(value).__name__


def as_float_array(value: ArrayLike, name: str) -> FloatArray:
    """Return ``value`` as a float64 array, or raise a TypeError naming ``name``."""
    if isinstance(value, (str, bytes)):
        msg = f"{name} must be numeric, got the string {value!r}."
        raise TypeError(msg)
    if type(value).__module__.startswith("sympy"):
        msg = (
            f"{name} must be numeric, got a sympy {type(value).__name__}. "
            "For symbolic work use coursekit.symbolic instead."
        )
        raise TypeError(msg)
    try:
        array = np.asarray(value, dtype=np.float64)
    except (TypeError, ValueError) as error:
        msg = f"{name} must be numeric, got {_describe(value)} ({error})."
        raise TypeError(msg) from None
    return array


def check_finite(array: FloatArray, name: str) -> FloatArray:
    """Raise a ValueError if ``array`` holds NaN or infinity."""
    if not np.all(np.isfinite(array)):
        msg = f"{name} must be finite, got {array!r}."
        raise ValueError(msg)
    return array


def as_array(value: ArrayLike, shape: Sequence[int | None], name: str) -> FloatArray:
    """Return ``value`` as a finite float array of the given shape (None = any size).

    >>> as_array([1, 2, 3], (3,), "p")
    array([1., 2., 3.])
    >>> as_array([1, 2], (3,), "p")
    Traceback (most recent call last):
    ...
    ValueError: p must have shape (3,), got shape (2,).
    """
    array = as_float_array(value, name)
    ok = array.ndim == len(shape) and all(
        want is None or want == got for want, got in zip(shape, array.shape)
    )
    if not ok:
        wanted = "(" + ", ".join("n" if s is None else str(s) for s in shape)
        wanted += ",)" if len(shape) == 1 else ")"
        msg = f"{name} must have shape {wanted}, got shape {array.shape}."
        raise ValueError(msg)
    return check_finite(array, name)


def as_batch(value: ArrayLike, tail: Sequence[int], name: str) -> FloatArray:
    """Return ``value`` as a finite float array whose last axes are ``tail``.

    Any number of leading (batch) axes is allowed.

    >>> as_batch(np.zeros((5, 3)), (3,), "p").shape
    (5, 3)
    """
    array = as_float_array(value, name)
    k = len(tail)
    if array.ndim < k or tuple(array.shape[array.ndim - k :]) != tuple(tail):
        wanted = "(..., " + ", ".join(str(s) for s in tail) + ")"
        msg = f"{name} must have shape {wanted}, got shape {array.shape}."
        raise ValueError(msg)
    return check_finite(array, name)


def check_rotations(R: FloatArray, name: str) -> FloatArray:
    """Check that every 3x3 matrix in ``R`` (shape (..., 3, 3)) is a proper rotation."""
    RtR = np.swapaxes(R, -1, -2) @ R
    error = float(np.abs(RtR - np.eye(3)).max()) if R.size else 0.0
    if error > ORTHONORMAL_TOL:
        msg = (
            f"{name} must be orthonormal ({name}.T @ {name} == I), "
            f"but its entries differ from I by up to {error:.2g}."
        )
        raise ValueError(msg)
    if R.size and np.any(np.linalg.det(R) < 0):
        msg = f"{name} has determinant -1: it is a reflection, not a rotation."
        raise ValueError(msg)
    return R


def as_rotation(value: ArrayLike, name: str = "R") -> FloatArray:
    """Return ``value`` as a 3x3 rotation matrix, or explain why it is not one.

    >>> as_rotation(np.diag([1.0, 1.0, -1.0]))
    Traceback (most recent call last):
    ...
    ValueError: R has determinant -1: it is a reflection, not a rotation.
    """
    return check_rotations(as_array(value, (3, 3), name), name)


def as_transform(value: ArrayLike, name: str = "T") -> FloatArray:
    """Return ``value`` as a 4x4 homogeneous transform, or explain why it is not one.

    >>> as_transform(np.eye(3))
    Traceback (most recent call last):
    ...
    ValueError: T must have shape (4, 4), got shape (3, 3).
    """
    T = as_array(value, (4, 4), name)
    check_bottom_rows(T, name)
    check_rotations(T[:3, :3], f"the rotation part of {name}")
    return T


def check_bottom_rows(T: FloatArray, name: str) -> None:
    """Raise unless every 4x4 matrix in ``T`` ends with the row [0, 0, 0, 1]."""
    if not np.allclose(T[..., 3, :], [0.0, 0.0, 0.0, 1.0], atol=ORTHONORMAL_TOL, rtol=0):
        msg = f"{name} must have bottom row [0, 0, 0, 1], got {T[..., 3, :]}."
        raise ValueError(msg)


def as_transforms(value: ArrayLike, name: str = "T") -> FloatArray:
    """Return ``value`` as a stack of transforms of shape (..., 4, 4)."""
    T = as_batch(value, (4, 4), name)
    check_bottom_rows(T, name)
    check_rotations(T[..., :3, :3], f"the rotation part of {name}")
    return T


def as_choice(value: object, choices: Sequence[str], name: str) -> str:
    """Return ``value`` if it is one of ``choices``; otherwise say which are allowed."""
    if not isinstance(value, str) or value not in choices:
        allowed = ", ".join(repr(c) for c in choices)
        msg = f"{name} must be one of {allowed}, got {value!r}."
        raise ValueError(msg)
    return value


def as_positive(value: float, name: str, *, allow_zero: bool = False) -> float:
    """Return ``value`` as a finite float that is > 0 (or >= 0 with ``allow_zero``)."""
    number = float(as_array(value, (), name))
    if number < 0 or (number == 0 and not allow_zero):
        rule = "must be >= 0" if allow_zero else "must be > 0"
        msg = f"{name} {rule}, got {number}."
        raise ValueError(msg)
    return number
