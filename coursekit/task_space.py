r"""Task-space (operational-space) inertia: how heavy the tool feels, in each direction.

With the geometric Jacobian ``J`` (rows ``[v; w]``) the kinetic energy is
:math:`\frac12 \dot q^T M \dot q = \frac12 \dot x^T \Lambda \dot x`, and a force
on the tool gives it the acceleration :math:`\Lambda^{-1} F` (from rest). See
CONVENTIONS.md for the Jacobian rows and frames.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from numpy.typing import ArrayLike

from ._chain_model import chain_model
from ._validation import FloatArray, as_float_array, check_finite
from .dynamics import _check_has_mass, mass_matrix
from .jacobians import geometric_jacobian
from .robot import SerialRobot

ROW_NAMES = ("vx", "vy", "vz", "wx", "wy", "wz")


def _rows(rows: Sequence[int] | None) -> list[int]:
    if rows is None:
        return list(range(6))
    index = np.asarray(rows)
    valid = (
        index.ndim == 1
        and index.size > 0
        and np.issubdtype(index.dtype, np.integer)
        and bool(np.all((index >= 0) & (index < 6)))
        and len(set(index.tolist())) == index.size
    )
    if not valid:
        msg = (
            "rows must be distinct row numbers of the Jacobian [vx, vy, vz, wx, wy, wz] "
            f"(0 to 5), got {rows!r}."
        )
        raise ValueError(msg)
    return [int(i) for i in index]


def task_space_inertia(
    robot: SerialRobot, q: ArrayLike, rows: Sequence[int] | None = None, frame: str = "base"
) -> FloatArray:
    r"""Task-space inertia :math:`\Lambda = (J M^{-1} J^T)^{-1}`, (m, m) or (..., m, m).

    For a square, invertible Jacobian this is :math:`J^{-T} M J^{-1}` (Craig's
    :math:`M_x`, METR 4202's :math:`H^*`, Modern Robotics' :math:`\Lambda`).
    ``rows`` picks the task directions from ``[vx, vy, vz, wx, wy, wz]`` of
    :func:`~coursekit.jacobians.geometric_jacobian` at the tool origin: all six
    for a 6-joint arm, ``(0, 1)`` for the position of a planar arm, ``(0, 1, 2)``
    for the position of a spatial one. With fewer rows than joints (a redundant
    task) the formula gives the inertia the tool point shows to a force.

    References: Craig (6.99); Lynch & Park section 8.6; Khatib (1987).

    Parameters
    ----------
    robot : SerialRobot
        With mass properties.
    q : (n,) or (..., n) array_like
    rows : sequence of int, optional
        Task rows of the Jacobian (default all six).
    frame : {"base", "tool"}
        Axes of the task directions, as in ``geometric_jacobian``.

    Raises
    ------
    ValueError
        If the task rows are singular at ``q`` (a kinematic singularity, or more
        rows than the robot has joints), or the robot has no mass data.

    Examples
    --------
    2R arm with point masses m = L = 1 (Modern Robotics notes, Fig. 8.4): at
    (0, 90 deg) the hand feels 1 kg along x and 2 kg along y; at (0, 150 deg)
    the principal masses are 1 and 5 kg.

    >>> from coursekit.models import two_link_point_masses
    >>> robot = two_link_point_masses(m1=1.0, m2=1.0, l1=1.0, l2=1.0)
    >>> task_space_inertia(robot, [0.0, np.pi / 2], rows=(0, 1)).round(9)
    array([[1., 0.],
           [0., 2.]])
    >>> np.linalg.eigvalsh(task_space_inertia(robot, [0.0, 5 * np.pi / 6], rows=(0, 1))).round(9)
    array([1., 5.])
    """
    model = chain_model(robot)
    _check_has_mass(model)
    index = _rows(rows)
    J = geometric_jacobian(robot, q, frame=frame)[..., index, :]
    M = mass_matrix(robot, q)
    # J M^-1 J^T, symmetric positive semi-definite; singular exactly where the task is.
    A = J @ np.linalg.solve(M, np.swapaxes(J, -1, -2))
    A = 0.5 * (A + np.swapaxes(A, -1, -2))
    eigenvalues = np.linalg.eigvalsh(A)
    if np.any(eigenvalues[..., 0] <= 1e-12 * np.maximum(eigenvalues[..., -1], 1e-300)):
        names = ", ".join(ROW_NAMES[i] for i in index)
        hint = (
            f" ({robot.label} has only {model.n} joints: pick at most {model.n} rows)"
            if len(index) > model.n
            else " (a kinematic singularity)"
        )
        msg = (
            f"the task rows [{names}] are singular at this q{hint}: the tool cannot "
            "accelerate in some task direction, so the task-space inertia is unbounded."
        )
        raise ValueError(msg)
    return np.linalg.inv(A)


def mass_ellipsoid(inertia: ArrayLike) -> tuple[FloatArray, FloatArray]:
    r"""Principal axes and semi-axes of the ellipsoid a mass matrix maps the unit ball to.

    For the joint-space mass matrix :math:`M(q)` this is the *torque ellipsoid*:
    unit joint accelerations need the torques :math:`\tau = M \ddot q`. For the
    task-space inertia :math:`\Lambda(q)` it is the *end-effector mass ellipsoid*:
    the force the hand needs for unit acceleration in each direction, i.e. how
    heavy the hand feels. Axes are the eigenvectors, semi-axes the eigenvalues
    (largest first), since the matrix is symmetric positive definite.

    References: Lynch & Park section 8.1.3 (Figs. 8.3 and 8.4).

    Returns
    -------
    axes : ndarray, shape (m, m) or (..., m, m)
        Unit principal directions as columns (the sign of each is arbitrary).
    semi_axes : ndarray, shape (m,) or (..., m)
        Eigenvalues, largest first (kg, kg m^2, or mixed units for mixed rows).

    Examples
    --------
    The 2R arm with unit masses and lengths at (0, 90 deg): M = [[3, 1], [1, 1]]
    has eigenvalues 2 +- sqrt(2).

    >>> axes, semi_axes = mass_ellipsoid([[3.0, 1.0], [1.0, 1.0]])
    >>> semi_axes.round(4)
    array([3.4142, 0.5858])
    """
    matrix = as_float_array(inertia, "inertia")
    if matrix.ndim < 2 or matrix.shape[-1] != matrix.shape[-2]:
        msg = f"inertia must be a square matrix (m, m) or a stack (..., m, m), got shape {matrix.shape}."
        raise ValueError(msg)
    check_finite(matrix, "inertia")
    if not np.allclose(matrix, np.swapaxes(matrix, -1, -2), rtol=1e-9, atol=1e-12):
        msg = "inertia must be symmetric: a mass matrix always is."
        raise ValueError(msg)
    eigenvalues, eigenvectors = np.linalg.eigh(matrix)
    if np.any(eigenvalues <= 0):
        msg = (
            "inertia must be positive definite, got eigenvalues "
            f"{np.array2string(eigenvalues, precision=4)}: is the robot at a singularity or without mass data?"
        )
        raise ValueError(msg)
    return eigenvectors[..., ::-1], eigenvalues[..., ::-1]
