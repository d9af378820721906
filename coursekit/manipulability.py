"""How far a Jacobian is from a singularity: determinant, rank, singular values, ellipsoids.

Every function takes a Jacobian ``J`` of shape (m, n), or a stack (..., m, n)
such as ``geometric_jacobian(robot, qs)`` for a batch of configurations, and an
optional ``rows``: the task rows to keep, e.g. ``rows=[0, 1]`` for the tip
position of a planar arm (``v_x, v_y``) or ``rows=[0, 1, 2]`` for the position
of a spatial one. Mixing linear rows (m/s) with angular rows (rad/s) makes the
numbers depend on the length unit; prefer one kind at a time.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from numpy.typing import ArrayLike, NDArray

from ._validation import FloatArray, as_float_array, as_positive, check_finite


def _task_jacobian(J: ArrayLike, rows: Sequence[int] | None) -> FloatArray:
    """``J`` as a finite (..., m, n) array, restricted to ``rows`` if given."""
    J = as_float_array(J, "J")
    if J.ndim < 2 or 0 in J.shape[-2:]:
        msg = f"J must be a matrix of shape (m, n) or a stack (..., m, n), got shape {J.shape}."
        raise ValueError(msg)
    check_finite(J, "J")
    if rows is None:
        return J
    index = np.asarray(rows)
    m = J.shape[-2]
    valid = (
        index.ndim == 1
        and index.size > 0
        and np.issubdtype(index.dtype, np.integer)
        and bool(np.all((index >= -m) & (index < m)))
        and len(set((index % m).tolist())) == index.size
    )
    if not valid:
        msg = f"rows must be distinct row numbers of J (0 to {m - 1}), got {rows!r}."
        raise ValueError(msg)
    return J[..., index, :]


def jacobian_determinant(J: ArrayLike, rows: Sequence[int] | None = None) -> FloatArray | float:
    """Determinant of a square Jacobian; zero exactly at a singularity.

    Re-expressing ``J`` in another frame multiplies it by a rotation (determinant 1),
    so the base- and tool-frame Jacobians have the same determinant (Craig Exercise 5.1).

    References: Craig (5.73); Duysinx-Geradin section 5.12.

    >>> from coursekit.jacobians import geometric_jacobian
    >>> from coursekit.models import planar_2r
    >>> J = geometric_jacobian(planar_2r(), [0.0, np.pi / 2])
    >>> round(jacobian_determinant(J, rows=[0, 1]), 12)
    1.0
    """
    J = _task_jacobian(J, rows)
    m, n = J.shape[-2:]
    if m != n:
        msg = (
            f"J must be square to have a determinant, got shape {J.shape[-2:]}. "
            "Pick as many task rows as joints with rows=..., or use manipulability(J)."
        )
        raise ValueError(msg)
    det = np.linalg.det(J)
    return float(det) if det.ndim == 0 else det


def singular_values(J: ArrayLike, rows: Sequence[int] | None = None) -> FloatArray:
    """Singular values of the Jacobian, largest first: shape (min(m, n),) or (..., min(m, n)).

    Each is the speed of the task point along one principal axis for a unit
    joint-rate vector; the smallest tells how close the robot is to a singularity.

    >>> singular_values(np.diag([3.0, -2.0]))
    array([3., 2.])
    """
    return np.linalg.svd(_task_jacobian(J, rows), compute_uv=False)


def jacobian_rank(
    J: ArrayLike, tol: float | None = None, rows: Sequence[int] | None = None
) -> int | NDArray[np.intp]:
    """Rank of the Jacobian: the number of singular values above ``tol``.

    ``tol`` is absolute; by default it is ``s_max * max(m, n) * eps`` (as in
    ``numpy.linalg.matrix_rank``), which only discounts rounding errors. A rank
    below ``min(m, n)`` means a singular configuration.

    References: Duysinx-Geradin section 5.12 (range and null space).

    >>> jacobian_rank([[1.0, 2.0], [2.0, 4.0]])
    1
    """
    s = singular_values(J, rows)
    if tol is None:
        shape = _task_jacobian(J, rows).shape[-2:]
        threshold = s[..., :1] * max(shape) * np.finfo(float).eps
    else:
        threshold = np.asarray(as_positive(tol, "tol", allow_zero=True))
    rank = np.sum(s > threshold, axis=-1)
    return int(rank) if rank.ndim == 0 else rank


def manipulability(J: ArrayLike, rows: Sequence[int] | None = None) -> FloatArray | float:
    r"""Yoshikawa's manipulability measure :math:`\sqrt{\det(J J^T)}`: zero at a singularity.

    It is the product of the singular values, proportional to the volume of the
    velocity ellipsoid. It needs at least as many joints as task rows (m <= n);
    otherwise :math:`J J^T` is singular everywhere, and a ValueError suggests
    keeping fewer rows.

    References: T. Yoshikawa, "Manipulability of robotic mechanisms", IJRR 4(2), 1985.

    >>> round(manipulability([[1.0, 0.0, 0.0], [0.0, 2.0, 0.0]]), 12)
    2.0
    """
    J = _task_jacobian(J, rows)
    m, n = J.shape[-2:]
    if m > n:
        msg = (
            f"J has more rows ({m}) than columns ({n}): J J^T is singular for every q and "
            "the manipulability is 0. Keep at most as many task rows as joints with rows=..., "
            "e.g. rows=[0, 1] for a planar arm's tip position."
        )
        raise ValueError(msg)
    value = np.prod(np.linalg.svd(J, compute_uv=False), axis=-1)
    return float(value) if value.ndim == 0 else value


def condition_number(J: ArrayLike, rows: Sequence[int] | None = None) -> FloatArray | float:
    """Ratio of the largest to the smallest singular value: 1 when isotropic, inf at a singularity.

    References: Craig section 5.8 and Exercise 5.8 (isotropic points); Salisbury & Craig (1982).

    >>> condition_number(np.diag([3.0, 2.0]))
    1.5
    """
    s = singular_values(J, rows)
    largest, smallest = s[..., 0], s[..., -1]
    with np.errstate(divide="ignore", invalid="ignore"):
        ratio = np.where(smallest > 0.0, largest / smallest, np.inf)
    return float(ratio) if ratio.ndim == 0 else ratio


def is_isotropic(
    J: ArrayLike, tol: float = 1e-9, rows: Sequence[int] | None = None
) -> bool | NDArray[np.bool_]:
    """True where all singular values are equal (condition number 1 within ``tol``).

    At an isotropic point the columns of ``J`` are orthogonal and of equal length:
    the task point moves equally easily in every direction.

    References: Craig Exercise 5.8.

    >>> is_isotropic([[0.0, 2.0], [-2.0, 0.0]]), is_isotropic(np.diag([1.0, 2.0]))
    (True, False)
    """
    tol = as_positive(tol, "tol", allow_zero=True)
    isotropic = np.asarray(condition_number(J, rows)) <= 1.0 + tol
    return bool(isotropic) if isotropic.ndim == 0 else isotropic


def velocity_ellipsoid(
    J: ArrayLike, rows: Sequence[int] | None = None
) -> tuple[FloatArray, FloatArray]:
    r"""Principal axes and semi-axes of the velocity ellipsoid :math:`\{J\dot q : |\dot q| \le 1\}`.

    From the singular value decomposition :math:`J = U \Sigma V^T`: the axes are
    the columns of :math:`U`, the semi-axes the singular values. With more rows
    than joints the last ``m - n`` semi-axes are 0 (a flat ellipsoid).

    Returns
    -------
    axes : ndarray, shape (m, m) or (..., m, m)
        Unit principal directions as columns (the sign of each is arbitrary).
    semi_axes : ndarray, shape (m,) or (..., m)
        Their half-lengths, largest first (task units per unit joint rate).

    References: Yoshikawa (1985); Craig section 5.8.

    >>> axes, semi_axes = velocity_ellipsoid(np.diag([1.0, 3.0]))
    >>> semi_axes, np.abs(axes[:, 0])
    (array([3., 1.]), array([0., 1.]))
    """
    J = _task_jacobian(J, rows)
    U, s, _ = np.linalg.svd(J)
    m = J.shape[-2]
    semi_axes = np.zeros((*s.shape[:-1], m))
    semi_axes[..., : s.shape[-1]] = s
    return U, semi_axes


def force_ellipsoid(
    J: ArrayLike, rows: Sequence[int] | None = None
) -> tuple[FloatArray, FloatArray]:
    r"""Principal axes and semi-axis lengths of the force ellipsoid :math:`\{F : |J^T F| \le 1\}`.

    The same axes as :func:`velocity_ellipsoid`, in the same order, with the
    reciprocal lengths: where the arm moves fast it pushes weakly, and along a
    direction it cannot move (at a singularity) it resists any force (length inf).

    Returns
    -------
    axes : ndarray, shape (m, m) or (..., m, m)
    semi_axes : ndarray, shape (m,) or (..., m)
        Task force per unit joint torque (inf where the velocity semi-axis is 0).

    References: Yoshikawa (1985); Craig section 5.10 (mechanical advantage near singularities).

    >>> axes, semi_axes = force_ellipsoid(np.diag([1.0, 4.0]))
    >>> semi_axes
    array([0.25, 1.  ])
    """
    axes, speeds = velocity_ellipsoid(J, rows)
    with np.errstate(divide="ignore"):
        semi_axes = np.where(speeds > 0.0, 1.0 / np.where(speeds > 0.0, speeds, 1.0), np.inf)
    return axes, semi_axes
