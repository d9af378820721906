"""Twists, screws and adjoints: the velocity and force algebra of SE(3).

A twist (spatial velocity) is a 6-vector ``[v; w]``: ``w`` is the angular
velocity and ``v`` the velocity of the body point that sits at the reference
point (usually the origin of the frame the twist is expressed in). The Modern
Robotics order ``[w; v]`` is used only when a function is called with
``order="wv"``. Wrenches are ``[f; n]``. See CONVENTIONS.md.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import ArrayLike

from ._validation import (
    ORTHONORMAL_TOL,
    FloatArray,
    as_array,
    as_choice,
    as_float_array,
    as_transform,
)
from .rotations import rotation_from_rotation_vector, rotation_vector_from_rotation, skew, unskew
from .transforms import transform

TWIST_ORDERS = ("vw", "wv")


def _split(xi: ArrayLike, order: str, name: str = "xi") -> tuple[FloatArray, FloatArray]:
    """The parts ``(v, w)`` of a twist given in ``order``."""
    as_choice(order, TWIST_ORDERS, "order")
    xi = as_array(xi, (6,), name)
    return (xi[:3], xi[3:]) if order == "vw" else (xi[3:], xi[:3])


def _join(v: FloatArray, w: FloatArray, order: str) -> FloatArray:
    return np.concatenate([v, w] if order == "vw" else [w, v])


def _block_operator(T_a_b: FloatArray, upper: bool) -> FloatArray:
    """``[[R, X], [0, R]]`` (upper) or ``[[R, 0], [X, R]]`` with ``X = skew(p) R``."""
    R, p = T_a_b[:3, :3], T_a_b[:3, 3]
    out = np.zeros((6, 6))
    out[:3, :3] = out[3:, 3:] = R
    if upper:
        out[:3, 3:] = skew(p) @ R
    else:
        out[3:, :3] = skew(p) @ R
    return out


def adjoint(T_a_b: ArrayLike, order: str = "vw") -> FloatArray:
    r"""Adjoint map of ``T_a_b``: takes a twist expressed in {b} to the same twist expressed in {a}.

    The reference point moves with the frame: from the origin of {b} to the
    origin of {a}. With ``R = R_a_b`` and ``p = p_a_b``:

    .. math:: [v; w]:\ \begin{bmatrix} R & \tilde p R \\ 0 & R \end{bmatrix},
              \qquad [w; v]:\ \begin{bmatrix} R & 0 \\ \tilde p R & R \end{bmatrix}

    References: Craig (5.103) (there :math:`{}^{A}_{B}T_v`); Lynch & Park (3.83) (``order="wv"``).

    Parameters
    ----------
    T_a_b : (4, 4) array_like
        Pose of {b} in {a}.
    order : {"vw", "wv"}
        Twist order; ``"wv"`` gives Modern Robotics' :math:`[\mathrm{Ad}_T]`.

    Returns
    -------
    (6, 6) ndarray

    Examples
    --------
    A frame turning about its own z-axis at 1 rad/s, seen from a frame 1 m back
    along x: the origin of {a} moves sideways at 1 m/s.

    >>> T_a_b = transform(np.eye(3), [1.0, 0.0, 0.0])
    >>> adjoint(T_a_b) @ [0, 0, 0, 0, 0, 1.0]
    array([ 0., -1.,  0.,  0.,  0.,  1.])
    """
    as_choice(order, TWIST_ORDERS, "order")
    T_a_b = as_transform(T_a_b, "T_a_b")
    return _block_operator(T_a_b, upper=order == "vw")


def velocity_transform(T_a_b: ArrayLike) -> FloatArray:
    r"""Craig's velocity transform :math:`{}^{A}_{B}T_v`: :math:`{}^{B}\nu_B \mapsto {}^{A}\nu_A`.

    For two frames rigidly attached to one body, ``[v; w]`` at the origin of {b}
    in {b} axes becomes ``[v; w]`` at the origin of {a} in {a} axes. This is
    :func:`adjoint` in ``[v; w]`` order. For Craig's (5.100), the other way
    round, pass ``T_b_a``.

    References: Craig (5.103), (5.104).

    >>> T_a_b = transform(np.eye(3), [0.0, 0.0, 2.0])
    >>> velocity_transform(T_a_b) @ [0, 0, 0, 1.0, 0, 0]
    array([0., 2., 0., 1., 0., 0.])
    """
    return adjoint(T_a_b, order="vw")


def force_transform(T_a_b: ArrayLike) -> FloatArray:
    r"""Craig's force transform :math:`{}^{A}_{B}T_f`: :math:`{}^{B}F_B \mapsto {}^{A}F_A`.

    Wrenches are ``[f; n]``: the moment ``n`` is taken about the frame origin.

    .. math:: {}^{A}_{B}T_f = \begin{bmatrix} R & 0 \\ \tilde p R & R \end{bmatrix}
              = \left({}^{B}_{A}T_v\right)^T

    References: Craig (5.105)-(5.107).

    >>> T_a_b = transform(np.eye(3), [0.0, 0.0, 2.0])
    >>> force_transform(T_a_b) @ [1.0, 0, 0, 0, 0, 0]
    array([1., 0., 0., 0., 2., 0.])
    """
    T_a_b = as_transform(T_a_b, "T_a_b")
    return _block_operator(T_a_b, upper=False)


def twist_matrix(xi: ArrayLike, order: str = "vw") -> FloatArray:
    r"""The 4x4 matrix :math:`[\xi] = \begin{bmatrix} \tilde w & v \\ 0 & 0 \end{bmatrix}` of se(3).

    References: Lynch & Park (3.70); Duysinx-Geradin (4.25.5).

    >>> twist_matrix([1.0, 2.0, 3.0, 4.0, 5.0, 6.0])
    array([[ 0., -6.,  5.,  1.],
           [ 6.,  0., -4.,  2.],
           [-5.,  4.,  0.,  3.],
           [ 0.,  0.,  0.,  0.]])
    """
    v, w = _split(xi, order)
    X = np.zeros((4, 4))
    X[:3, :3] = skew(w)
    X[:3, 3] = v
    return X


def twist_from_matrix(X: ArrayLike, order: str = "vw") -> FloatArray:
    """The 6-vector of a 4x4 se(3) matrix: the inverse of :func:`twist_matrix`.

    >>> twist_from_matrix(twist_matrix([1.0, 2.0, 3.0, 4.0, 5.0, 6.0]))
    array([1., 2., 3., 4., 5., 6.])
    """
    as_choice(order, TWIST_ORDERS, "order")
    X = as_array(X, (4, 4), "X")
    scale = max(1.0, float(np.abs(X).max()))
    if np.abs(X[3]).max() > ORTHONORMAL_TOL * scale:
        msg = f"X must be a twist matrix [[skew(w), v], [0, 0]], but its bottom row is {X[3]}."
        raise ValueError(msg)
    W = X[:3, :3]
    asymmetry = float(np.abs(W + W.T).max())
    if asymmetry > ORTHONORMAL_TOL * scale:
        msg = (
            "X must be a twist matrix [[skew(w), v], [0, 0]], but its upper-left 3x3 block "
            f"is not skew-symmetric (W + W.T has entries up to {asymmetry:.2g})."
        )
        raise ValueError(msg)
    return _join(X[:3, 3].copy(), unskew(W), order)


def _exp_coefficients(phi: float) -> tuple[float, float]:
    """``(1 - cos phi)/phi^2`` and ``(phi - sin phi)/phi^3``, by their series near 0."""
    if phi < 1e-2:
        phi2 = phi * phi
        return 0.5 - phi2 / 24.0 + phi2**2 / 720.0, 1.0 / 6.0 - phi2 / 120.0 + phi2**2 / 5040.0
    return (1.0 - np.cos(phi)) / phi**2, (phi - np.sin(phi)) / phi**3


def _translation_map(r: FloatArray) -> FloatArray:
    """``V(r) = I + B [r] + C [r]^2``: ``p = V(r) v`` in the SE(3) exponential (``r = w theta``)."""
    B, C = _exp_coefficients(float(np.linalg.norm(r)))
    W = skew(r)
    return np.eye(3) + B * W + C * (W @ W)


def transform_from_twist(xi: ArrayLike, theta: float = 1.0, order: str = "vw") -> FloatArray:
    r"""The rigid motion :math:`e^{[\xi]\theta}`: exponential map of SE(3), in closed form.

    With :math:`r = w\theta`, :math:`\phi = |r|`:
    :math:`R = e^{\tilde r}` and :math:`p = (I + \frac{1-\cos\phi}{\phi^2}\tilde r
    + \frac{\phi-\sin\phi}{\phi^3}\tilde r^2)\, v\theta`. Series expansions keep it
    exact for tiny angles; ``w = 0`` gives the pure translation :math:`v\theta`.
    ``xi`` need not be a unit screw.

    References: Lynch & Park (3.88) (there for unit w); Murray, Li & Sastry (2.36).

    >>> T = transform_from_twist([0, 0, 0.1, 0, 0, 1.0], np.pi / 2)  # screw along z
    >>> T.round(6)
    array([[ 0.      , -1.      ,  0.      ,  0.      ],
           [ 1.      ,  0.      ,  0.      ,  0.      ],
           [ 0.      ,  0.      ,  1.      ,  0.157080],
           [ 0.      ,  0.      ,  0.      ,  1.      ]])
    """
    v, w = _split(xi, order)
    theta = float(as_array(theta, (), "theta"))
    r = w * theta
    return transform(rotation_from_rotation_vector(r), _translation_map(r) @ v * theta)


def twist_from_transform(T: ArrayLike, order: str = "vw") -> FloatArray:
    """The twist ``xi`` with ``transform_from_twist(xi) == T``: the logarithm of SE(3).

    The rotation part has angle ``|w|`` in [0, pi]. At angle 0 the result is
    the pure translation ``[p; 0]``; at angle pi the axis sign is one of the
    two equivalent choices. ``v`` solves ``V(w) v = p``; ``V`` is invertible
    for every angle up to pi.

    References: Lynch & Park algorithm 3.2 (section 3.3.3.2).

    >>> T = transform_from_twist([1.0, 0.0, 0.0, 0.0, 0.0, 0.5])
    >>> twist_from_transform(T).round(12)
    array([1. , 0. , 0. , 0. , 0. , 0.5])
    """
    T = as_transform(T)
    as_choice(order, TWIST_ORDERS, "order")
    r = rotation_vector_from_rotation(T[:3, :3])
    v = np.linalg.solve(_translation_map(r), T[:3, 3])
    return _join(v, r, order)


def screw_axis(
    direction: ArrayLike, point: ArrayLike, pitch: float, order: str = "vw"
) -> FloatArray:
    r"""Unit screw axis of a joint: a line through ``point`` along ``direction`` with ``pitch``.

    ``w = direction/|direction|`` and :math:`v = -w \times q + h w` (``q`` = point,
    ``h`` = pitch in m/rad; 0 for a revolute joint). ``pitch=np.inf`` gives a
    prismatic joint: ``w = 0`` and ``v = direction/|direction|`` (``point`` is ignored).

    References: Lynch & Park section 3.3.2.2 and (4.4)-(4.5).

    >>> screw_axis([0, 0, 1], [1.0, 0, 0], pitch=0.0)
    array([ 0., -1.,  0.,  0.,  0.,  1.])
    >>> screw_axis([0, 0, 2], [1.0, 0, 0], pitch=np.inf)
    array([0., 0., 1., 0., 0., 0.])
    """
    as_choice(order, TWIST_ORDERS, "order")
    s = as_array(direction, (3,), "direction")
    norm = np.linalg.norm(s)
    if norm < 1e-12:
        msg = f"direction must be a nonzero vector, got {s}."
        raise ValueError(msg)
    s = s / norm
    h = as_float_array(pitch, "pitch")
    if h.shape != () or np.isnan(h):
        msg = f"pitch must be a number in m/rad (np.inf for a prismatic joint), got {pitch!r}."
        raise ValueError(msg)
    if np.isinf(h):
        return _join(s, np.zeros(3), order)
    q = as_array(point, (3,), "point")
    return _join(-np.cross(s, q) + float(h) * s, s, order)


def screw_axis_from_velocity(
    point_d: ArrayLike, velocity_d: ArrayLike, omega: ArrayLike
) -> tuple[float, FloatArray, FloatArray]:
    r"""Instantaneous screw axis of a rigid body from one point's velocity and the angular velocity.

    Every body point moves as :math:`\dot p = \sigma\omega + \omega \times (p - s)`:
    a slide at pitch :math:`\sigma = \omega^T\dot d/|\omega|^2` along the axis plus
    a turn about it. The axis passes through
    :math:`s = d + \omega\times\dot d/|\omega|^2 + \mu\omega` (4.18.9); the point
    returned is the one nearest the origin, so any body point ``d`` gives the same answer.

    References: Duysinx-Geradin (4.18.2), (4.18.9), (4.18.12).

    Parameters
    ----------
    point_d, velocity_d : (3,) array_like
        A body point ``d`` [m] and its velocity [m/s].
    omega : (3,) array_like
        Angular velocity of the body [rad/s]; must not be zero.

    Returns
    -------
    pitch : float
        :math:`\sigma` [m/rad]; the points on the axis move at ``pitch * omega``.
    point : (3,) ndarray
        The point of the axis nearest the origin [m].
    direction : (3,) ndarray
        Unit vector along ``omega``.

    Raises
    ------
    ValueError
        If ``omega`` is zero: the body then only translates, every point has the
        velocity ``velocity_d``, and there is no axis (infinite pitch).

    Examples
    --------
    >>> pitch, point, direction = screw_axis_from_velocity([1, 0, 0], [0, 1, 1], [0, 0, 2])
    >>> pitch, point, direction
    (0.5, array([0.5, 0. , 0. ]), array([0., 0., 1.]))
    """
    d = as_array(point_d, (3,), "point_d")
    d_dot = as_array(velocity_d, (3,), "velocity_d")
    w = as_array(omega, (3,), "omega")
    w2 = float(w @ w)
    if w2 < 1e-24:
        msg = (
            f"omega is zero, got {w}: the body only translates (every point moves at "
            f"velocity_d = {d_dot}), so it has no screw axis (its pitch is infinite)."
        )
        raise ValueError(msg)
    direction = w / np.sqrt(w2)
    s = d + np.cross(w, d_dot) / w2
    # Slide s along the axis to the foot of the perpendicular from the origin.
    return float(w @ d_dot) / w2, s - (s @ direction) * direction, direction


def velocity_operator(T_0_b: ArrayLike, T_0_b_dot: ArrayLike) -> FloatArray:
    r"""Duysinx's velocity operator :math:`\dot\Delta = \dot A A^{-1}` of a moving frame.

    .. math:: \dot\Delta = \begin{bmatrix} \tilde\omega & v \\ 0 & 0 \end{bmatrix},
              \qquad \tilde\omega = \dot R R^T,\quad v = \dot r - \omega \times r

    ``v`` is the velocity of the body point passing through the origin of {0}, so
    ``twist_from_matrix`` of the result is the body's twist ``[v; w]`` in {0}
    (the spatial twist), and every body point moves as ``p_dot = Delta_dot @ [p, 1]``.

    References: Duysinx-Geradin (4.25.3)-(4.25.5).

    Parameters
    ----------
    T_0_b : (4, 4) array_like
        Pose ``A`` of the body frame in {0}.
    T_0_b_dot : (4, 4) array_like
        Its time derivative ``[[R_dot, r_dot], [0, 0]]``.

    Examples
    --------
    A frame at (1, 0, 0) turning about the z-axis of {0} at 2 rad/s:

    >>> T = transform(np.eye(3), [1.0, 0.0, 0.0])
    >>> T_dot = twist_matrix([0, 0, 0, 0, 0, 2.0]) @ T
    >>> twist_from_matrix(velocity_operator(T, T_dot))
    array([0., 0., 0., 0., 0., 2.])
    """
    T = as_transform(T_0_b, "T_0_b")
    T_dot = as_array(T_0_b_dot, (4, 4), "T_0_b_dot")
    R, r = T[:3, :3], T[:3, 3]
    scale = max(1.0, float(np.abs(T_dot).max()))
    if np.abs(T_dot[3]).max() > ORTHONORMAL_TOL * scale:
        msg = f"T_0_b_dot must have bottom row [0, 0, 0, 0] (a rate of change), got {T_dot[3]}."
        raise ValueError(msg)
    W = T_dot[:3, :3] @ R.T
    if np.abs(W + W.T).max() > ORTHONORMAL_TOL * scale:
        msg = (
            "T_0_b_dot is not the rate of change of a rotation: "
            "R_dot @ R.T must be skew-symmetric."
        )
        raise ValueError(msg)
    w = unskew((W - W.T) / 2.0)
    return twist_matrix(np.concatenate([T_dot[:3, 3] - np.cross(w, r), w]))
