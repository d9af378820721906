"""Mass properties and the equations of motion of one rigid body.

Inertia tensors are 3x3 matrices about the centre of mass (COM) unless a
function says otherwise, in the axes of the frame named by the variable
(``I_c`` in body axes, ``R_a_b`` to move it). The entries follow Craig (6.16):
moments on the diagonal, products of inertia with a minus sign off it. Spatial
inertias and twists use the order ``[v; w]`` unless ``order="wv"`` is asked for
(see CONVENTIONS.md).
"""

from __future__ import annotations

import numpy as np
from numpy.typing import ArrayLike

from ._validation import FloatArray, as_array, as_choice, as_positive, as_rotation
from .rotations import skew

AXES = ("x", "y", "z")
SPATIAL_ORDERS = ("vw", "wv")
#: Relative tolerance for the symmetry and the triangle inequality of an inertia tensor.
INERTIA_TOL = 1e-9


def as_inertia(value: ArrayLike, name: str = "I") -> FloatArray:
    """Return ``value`` as a physical 3x3 inertia tensor, or explain why it is not one.

    A physical tensor is symmetric, positive semi-definite, and its principal
    moments obey the triangle inequality (each is at most the sum of the other
    two, with equality only for flat bodies).

    >>> as_inertia(np.diag([1.0, 1.0, 3.0]))
    Traceback (most recent call last):
    ...
    ValueError: I is not the inertia of a physical body: its principal moments [1. 1. 3.] ...
    """
    inertia = as_array(value, (3, 3), name)
    scale = max(1.0, float(np.abs(inertia).max()))
    asymmetry = float(np.abs(inertia - inertia.T).max())
    if asymmetry > INERTIA_TOL * scale:
        msg = f"{name} must be symmetric, but {name} - {name}.T has entries up to {asymmetry:.2g}."
        raise ValueError(msg)
    moments = np.linalg.eigvalsh((inertia + inertia.T) / 2.0)
    if moments.min() < -INERTIA_TOL * scale:
        msg = (
            f"{name} must be positive semi-definite (a physical body), "
            f"got principal moments {np.round(moments, 6)}."
        )
        raise ValueError(msg)
    if moments[2] > moments[0] + moments[1] + INERTIA_TOL * scale:
        msg = (
            f"{name} is not the inertia of a physical body: its principal moments "
            f"{np.round(moments, 6)} break the triangle inequality "
            "(each must be <= the sum of the other two)."
        )
        raise ValueError(msg)
    return inertia


def _mass(mass: float) -> float:
    return as_positive(mass, "mass", allow_zero=True)


def _axis_index(axis: str) -> int:
    return AXES.index(as_choice(axis, AXES, "axis"))


def box_inertia(mass: float, sides: ArrayLike) -> FloatArray:
    r"""Inertia of a solid box about its centre, sides ``(a, b, c)`` along x, y, z: (3, 3).

    .. math:: I_c = \frac{m}{12}\,\mathrm{diag}(b^2 + c^2,\ a^2 + c^2,\ a^2 + b^2)

    References: Craig Example 6.2; Duysinx-Geradin (6.2.18).

    Parameters
    ----------
    mass : float
        Mass in kg, >= 0.
    sides : (3,) array_like
        Edge lengths in m along the x, y and z axes of the box frame.

    Examples
    --------
    The digest's box, m = 2 kg, sides 0.1 x 0.2 x 0.3 m:

    >>> box_inertia(2.0, [0.1, 0.2, 0.3]).diagonal().round(6)
    array([0.021667, 0.016667, 0.008333])
    """
    mass = _mass(mass)
    a, b, c = as_array(sides, (3,), "sides")
    if min(a, b, c) < 0:
        msg = f"sides must be lengths >= 0, got {(float(a), float(b), float(c))}."
        raise ValueError(msg)
    return mass / 12.0 * np.diag([b**2 + c**2, a**2 + c**2, a**2 + b**2])


def rod_inertia(mass: float, length: float, axis: str = "z") -> FloatArray:
    r"""Inertia of a slender uniform rod about its centre, the rod along ``axis``: (3, 3).

    :math:`m l^2 / 12` about both axes across the rod, 0 about the rod itself
    (its thickness is neglected).

    References: dynamics-notes Part 4.1 (about one end: m l^2 / 3, see :func:`parallel_axis`).

    Examples
    --------
    >>> rod_inertia(3.0, 2.0, axis="x")
    array([[0., 0., 0.],
           [0., 1., 0.],
           [0., 0., 1.]])
    """
    mass = _mass(mass)
    length = as_positive(length, "length", allow_zero=True)
    moments = np.full(3, mass * length**2 / 12.0)
    moments[_axis_index(axis)] = 0.0
    return np.diag(moments)


def cylinder_inertia(mass: float, radius: float, height: float, axis: str = "z") -> FloatArray:
    r"""Inertia of a solid cylinder about its centre, its axis along ``axis``: (3, 3).

    :math:`m r^2 / 2` about the cylinder's axis and :math:`m (3 r^2 + h^2) / 12`
    about the two axes across it.

    References: dynamics-notes Part 4.1.

    Examples
    --------
    >>> cylinder_inertia(2.0, 0.5, 1.0).diagonal().round(6)
    array([0.291667, 0.291667, 0.25    ])
    """
    mass = _mass(mass)
    radius = as_positive(radius, "radius", allow_zero=True)
    height = as_positive(height, "height", allow_zero=True)
    moments = np.full(3, mass * (3.0 * radius**2 + height**2) / 12.0)
    moments[_axis_index(axis)] = mass * radius**2 / 2.0
    return np.diag(moments)


def sphere_inertia(mass: float, radius: float) -> FloatArray:
    r"""Inertia of a solid sphere about its centre, :math:`\frac{2}{5} m r^2 I_3`: (3, 3).

    The integral of (6.17) over the ball, the same about every axis.

    References: Craig (6.17) (definition).

    Examples
    --------
    >>> sphere_inertia(5.0, 1.0).diagonal()
    array([2., 2., 2.])
    """
    mass = _mass(mass)
    radius = as_positive(radius, "radius", allow_zero=True)
    return np.eye(3) * (0.4 * mass * radius**2)


def point_mass_inertia(mass: float) -> FloatArray:
    """Inertia of a point mass about itself: the zero matrix (3, 3).

    A point mass has inertia only about other points; :func:`parallel_axis`
    adds that part.

    Examples
    --------
    >>> parallel_axis(point_mass_inertia(2.0), 2.0, [0.0, 0.0, 0.5]).diagonal()
    array([0.5, 0.5, 0. ])
    """
    _mass(mass)
    return np.zeros((3, 3))


def parallel_axis(I_c: ArrayLike, mass: float, r: ArrayLike) -> FloatArray:
    r"""Inertia about a point displaced by ``r`` from the centre of mass (Steiner): (3, 3).

    .. math:: I_P = I_c + m\,(r^T r\, I_3 - r\, r^T)

    ``I_c`` and ``r`` are in the same axes; the sign of ``r`` does not matter.
    Only valid from the centre of mass: to move between two other points, go
    back to the centre first.

    References: Craig (6.25)-(6.26).

    Examples
    --------
    A uniform rod of mass 3 kg and length 2 m, about one end (m l^2 / 3):

    >>> parallel_axis(rod_inertia(3.0, 2.0, axis="x"), 3.0, [1.0, 0.0, 0.0]).diagonal()
    array([0., 4., 4.])
    """
    I_c = as_inertia(I_c, "I_c")
    mass = _mass(mass)
    r = as_array(r, (3,), "r")
    return I_c + mass * (float(r @ r) * np.eye(3) - np.outer(r, r))


def rotate_inertia(I_b: ArrayLike, R_a_b: ArrayLike) -> FloatArray:
    r"""The same inertia tensor in the axes of {a}: :math:`I_a = R_{ab} I_b R_{ab}^T`, (3, 3).

    References: Duysinx-Geradin (6.2.21); Craig section 6.3.

    Examples
    --------
    A rod along x, turned a quarter turn about z, lies along y:

    >>> from coursekit.rotations import rot_z
    >>> rotate_inertia(rod_inertia(3.0, 2.0, axis="x"), rot_z(np.pi / 2)).round(12) + 0.0
    array([[1., 0., 0.],
           [0., 0., 0.],
           [0., 0., 1.]])
    """
    I_b = as_inertia(I_b, "I_b")
    R_a_b = as_rotation(R_a_b, "R_a_b")
    return R_a_b @ I_b @ R_a_b.T


def spatial_inertia(mass: float, com: ArrayLike, I_c: ArrayLike, order: str = "vw") -> FloatArray:
    r"""Spatial inertia (6, 6) of a body about its frame origin, for twists ``[v; w]``.

    With :math:`\tilde c` the skew matrix of the centre of mass ``com`` (in the
    body frame) and ``I_c`` the inertia about the centre of mass in the same axes,

    .. math:: G = \begin{bmatrix} m I_3 & -m\tilde c \\ m\tilde c & I_c - m\tilde c\tilde c
              \end{bmatrix}

    so that ``G @ [v; w]`` is the momentum ``[p; L_O]`` (linear momentum, and
    angular momentum about the origin) and the kinetic energy is
    ``0.5 * twist @ G @ twist``. ``order="wv"`` swaps the blocks (Modern
    Robotics' :math:`\mathcal G`, there written about the centre of mass).

    References: Lynch & Park section 8.2; dynamics-notes Part 4.1.

    Examples
    --------
    >>> G = spatial_inertia(2.0, [0.5, 0.0, 0.0], np.zeros((3, 3)))
    >>> float(G[5, 5]), float(G[1, 5])
    (0.5, 1.0)
    """
    mass = _mass(mass)
    com = as_array(com, (3,), "com")
    I_c = as_inertia(I_c, "I_c")
    as_choice(order, SPATIAL_ORDERS, "order")
    C = skew(com)
    G = np.zeros((6, 6))
    G[:3, :3] = mass * np.eye(3)
    G[:3, 3:] = -mass * C
    G[3:, :3] = mass * C
    G[3:, 3:] = I_c - mass * C @ C
    if order == "wv":
        G = G[np.ix_([3, 4, 5, 0, 1, 2], [3, 4, 5, 0, 1, 2])]
    return G


def rigid_body_kinetic_energy(
    mass: float, I_c: ArrayLike, v_com: ArrayLike, w: ArrayLike
) -> float:
    r"""Kinetic energy of a rigid body in J.

    .. math:: K = \tfrac12 m\, v_c^T v_c + \tfrac12 \omega^T I_c\, \omega

    ``v_com`` is the velocity of the centre of mass; ``w`` (rad/s) and ``I_c``
    must be in the same axes (body axes: ``I_c`` is constant).

    References: Duysinx-Geradin (6.2.23); Craig (6.69).

    Examples
    --------
    >>> rigid_body_kinetic_energy(2.0, np.eye(3), [1.0, 0.0, 0.0], [0.0, 0.0, 2.0])
    3.0
    """
    mass = _mass(mass)
    I_c = as_inertia(I_c, "I_c")
    v_com = as_array(v_com, (3,), "v_com")
    w = as_array(w, (3,), "w")
    return float(0.5 * mass * v_com @ v_com + 0.5 * w @ I_c @ w)


def euler_torque(I_c: ArrayLike, w: ArrayLike, w_dot: ArrayLike) -> FloatArray:
    r"""Torque about the centre of mass by Euler's equations, (3,).

    .. math:: N = I_c\,\dot\omega + \omega \times I_c\,\omega

    All three in one frame: body axes (``I_c`` constant) or any other axes with
    the tensor rotated into them (:func:`rotate_inertia`); the result is then in
    those axes too.

    References: Craig (6.30); Duysinx-Geradin (6.2.56), (6.2.61).

    Examples
    --------
    Spinning steadily about a principal axis needs no torque; about a tilted axis it does:

    >>> I_c = np.diag([1.0, 2.0, 3.0])
    >>> euler_torque(I_c, [0.0, 0.0, 2.0], [0.0, 0.0, 0.0])
    array([0., 0., 0.])
    >>> euler_torque(I_c, [1.0, 1.0, 0.0], [0.0, 0.0, 0.0])
    array([0., 0., 1.])
    """
    I_c = as_inertia(I_c, "I_c")
    w = as_array(w, (3,), "w")
    w_dot = as_array(w_dot, (3,), "w_dot")
    return I_c @ w_dot + np.cross(w, I_c @ w)
