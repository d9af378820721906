r"""The terms of the equations of motion, forward dynamics, energies and friction.

.. math:: \tau = M(q)\,\ddot q + C(q, \dot q)\,\dot q + g(q) + J_{tool}^T f_{tip}

``M`` comes from the composite rigid body algorithm; ``g`` and the product
``C qd`` from :func:`~coursekit.newton_euler.inverse_dynamics`. The matrix ``C``
itself (Christoffel form, :math:`\dot M - 2C` skew-symmetric) is in
:mod:`coursekit.coriolis`, the task-space inertia in :mod:`coursekit.task_space`.
Every function takes one state or a batch (leading axes). Gravity is
``robot.gravity``, in {0}; see CONVENTIONS.md.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import ArrayLike

from ._chain_model import (
    JointFrameModel,
    chain_model,
    joint_frames_in_base,
    scalar_mass_matrix,
)
from ._validation import FloatArray, as_float_array, check_finite
from .newton_euler import inverse_dynamics
from .robot import SerialRobot

# skew(v) == (v @ _SKEW).reshape(3, 3): a cross product as one matrix product, any dtype.
_SKEW = np.array(
    [[0, 0, 0, 0, 0, -1, 0, 1, 0], [0, 0, 1, 0, 0, 0, -1, 0, 0], [0, -1, 0, 1, 0, 0, 0, 0, 0]],
    dtype=float,
)


def _skew(v: np.ndarray) -> np.ndarray:
    return (v @ _SKEW).reshape(*v.shape, 3)


def _motion_subspaces(model: JointFrameModel, q: np.ndarray) -> tuple[np.ndarray, ...]:
    """Joint frames in {0} and each joint's unit twist ``(s_w, s_v)`` at the origin of {0}."""
    T = joint_frames_in_base(model, q)
    R, o = T[..., :3, :3], T[..., :3, 3]
    z = T[..., :3, 2]
    rev = model.revolute_mask[:, None]
    s_w = rev * z
    s_v = (_skew(o) @ s_w[..., None])[..., 0] + (1.0 - rev) * z  # o x z for a revolute joint
    return R, o, s_w, s_v


def _mass_matrix(model: JointFrameModel, q: np.ndarray) -> np.ndarray:
    """Composite rigid body algorithm in {0} coordinates, vectorised (any dtype, complex too)."""
    R, o, s_w, s_v = _motion_subspaces(model, q)
    m = model.mass[:, None]
    c = o + (R @ model.com[:, :, None])[..., 0]  # centres of mass in {0}
    h = m * c  # first moments of mass
    # inertia about the origin of {0}: R I R^T - m [c]^2  (Steiner)
    J = R @ model.inertia @ np.swapaxes(R, -1, -2) - _skew(c) @ _skew(h)
    # composite bodies i..n: suffix sums
    m_c = np.cumsum(model.mass[::-1])[::-1, None]
    h_c = np.cumsum(h[..., ::-1, :], axis=-2)[..., ::-1, :]
    J_c = np.cumsum(J[..., ::-1, :, :], axis=-3)[..., ::-1, :, :]
    # momentum of composite body k moving with joint k's unit twist
    H_c = _skew(h_c)
    p_w = (J_c @ s_w[..., None] + H_c @ s_v[..., None])[..., 0]
    p_v = m_c * s_v - (H_c @ s_w[..., None])[..., 0]
    # M_jk = S_j . (composite inertia of k..n) S_k for j <= k
    upper = s_w @ np.swapaxes(p_w, -1, -2) + s_v @ np.swapaxes(p_v, -1, -2)
    return upper * model.upper + np.swapaxes(upper * model.strictly_upper, -1, -2)


def mass_matrix(robot: SerialRobot, q: ArrayLike) -> FloatArray:
    r"""Joint-space mass (inertia) matrix :math:`M(q)`, shape (n, n) or (..., n, n).

    Composite rigid body algorithm: :math:`M_{jk} = S_j^T I^C_k S_k` for
    :math:`j \le k`, where :math:`S_j` is joint j's unit twist and
    :math:`I^C_k` the spatial inertia of links k ... n taken as one rigid body.
    It equals :math:`\sum_i m_i J_{v_i}^T J_{v_i} + J_{\omega_i}^T I_i J_{\omega_i}`
    (the Jacobian form) and the n inverse-dynamics columns with zero velocity and gravity.
    Every link's inertia is taken about the origin of {0}, so the composite
    inertias are plain sums. One state runs in scalar arithmetic, a batch with numpy.

    References: Craig (6.59), (6.71); Duysinx-Geradin (6.4.7); Featherstone,
    *Rigid Body Dynamics Algorithms*, section 6.2.

    Examples
    --------
    The Modern Robotics 2R arm, point masses m1 = m2 = 1 kg, L1 = L2 = 1 m, at (0, 90 deg):

    >>> from coursekit.models import two_link_point_masses
    >>> robot = two_link_point_masses(m1=1.0, m2=1.0, l1=1.0, l2=1.0)
    >>> mass_matrix(robot, [0.0, np.pi / 2]).round(12)
    array([[3., 1.],
           [1., 1.]])
    """
    model = chain_model(robot)
    return _any_mass_matrix(model, robot.as_joint_vector(q))


def _any_mass_matrix(model: JointFrameModel, q: FloatArray) -> FloatArray:
    if q.ndim == 1:  # one state: the same algorithm in scalar arithmetic, several times faster
        return np.array(scalar_mass_matrix(model, q.tolist()))
    return _mass_matrix(model, q)


def gravity_torques(robot: SerialRobot, q: ArrayLike) -> FloatArray:
    r"""Joint torques :math:`g(q) = \partial U / \partial q` that hold the robot still.

    References: Craig (6.62); Duysinx-Geradin (6.4.21).

    Examples
    --------
    >>> from coursekit.models import two_link_point_masses
    >>> robot = two_link_point_masses(m1=1.0, m2=1.0, l1=1.0, l2=1.0)
    >>> gravity_torques(robot, [0.0, np.pi / 2]).round(12)
    array([19.62,  0.  ])
    """
    zeros = np.zeros(chain_model(robot).n)
    return inverse_dynamics(robot, q, zeros, zeros)


def coriolis_vector(robot: SerialRobot, q: ArrayLike, qd: ArrayLike) -> FloatArray:
    r"""Centrifugal and Coriolis torques :math:`C(q, \dot q)\,\dot q`: (n,) or (..., n).

    Craig's :math:`V(\Theta, \dot\Theta)`, Duysinx-Geradin's :math:`A\dot q^2`:
    inverse dynamics with zero acceleration and no gravity.

    References: Craig (6.59), (6.61); Lynch & Park section 8.1.

    Examples
    --------
    >>> from coursekit.models import two_link_point_masses
    >>> robot = two_link_point_masses(m1=1.0, m2=1.0, l1=1.0, l2=1.0)
    >>> coriolis_vector(robot, [0.0, np.pi / 2], [1.0, 1.0]).round(12)
    array([-3.,  1.])
    """
    zeros = np.zeros(chain_model(robot).n)
    return inverse_dynamics(robot, q, qd, zeros, gravity=np.zeros(3))


def _check_has_mass(model: JointFrameModel) -> None:
    k = model.massless_from
    if k is None:
        return
    if k == 0:
        where = f"every link of {model.label} has mass 0 and no inertia"
    else:
        where = (
            f"link {k + 1} of {model.label} has mass 0 and no inertia "
            "(and so do all links after it)"
        )
    msg = (
        f"forward dynamics needs mass data: {where}, so M(q) is singular. "
        "Give the links mass, com and inertia (dataclasses.replace), or use a model "
        "with dynamics such as models.puma560()."
    )
    raise ValueError(msg)


def forward_dynamics(
    robot: SerialRobot,
    q: ArrayLike,
    qd: ArrayLike,
    tau: ArrayLike,
    f_tip: ArrayLike | None = None,
) -> FloatArray:
    r"""Joint accelerations :math:`\ddot q = M^{-1}(\tau - C\dot q - g - J_{tool}^T f_{tip})`.

    ``f_tip`` is the wrench the tool exerts on the environment, in the tool
    frame (see :func:`~coursekit.newton_euler.inverse_dynamics`). Solves with M
    (composite rigid body algorithm) and one inverse-dynamics call for the rest.

    References: Craig (6.115); dynamics-notes (X1) (Bona slide 29); Lynch & Park section 8.5.

    Raises
    ------
    ValueError
        If M(q) is singular: a robot without mass data, or a joint that moves no mass.

    Examples
    --------
    Released from rest, straight out, the 2R point-mass arm starts to fall:

    >>> from coursekit.models import two_link_point_masses
    >>> robot = two_link_point_masses(m1=1.0, m2=1.0, l1=1.0, l2=1.0)
    >>> forward_dynamics(robot, [0.0, 0.0], [0.0, 0.0], [0.0, 0.0]).round(6)
    array([-9.81,  9.81])
    """
    model = chain_model(robot)
    _check_has_mass(model)
    q = robot.as_joint_vector(q)
    tau = robot.as_joint_vector(tau, "tau")
    bias = inverse_dynamics(robot, q, qd, np.zeros(model.n), f_tip)
    M = _any_mass_matrix(model, q)
    # M is positive semi-definite: a zero diagonal entry means a joint that moves nothing
    diagonal = np.diagonal(M, axis1=-2, axis2=-1).reshape(-1, model.n)
    empty = (diagonal <= 1e-12 * max(1.0, float(diagonal.max()))).any(axis=0)
    if empty.any():
        msg = (
            f"M(q) of {model.label} is singular: joint {int(empty.argmax()) + 1} moves no "
            "mass at this q (the links it carries have no mass or inertia off its axis), "
            "so forward dynamics is undefined."
        )
        raise ValueError(msg)
    rhs = tau - bias
    if M.ndim == 2 and rhs.ndim == 1:
        return np.linalg.solve(M, rhs)
    return np.linalg.solve(M, rhs[..., None])[..., 0]


def kinetic_energy(robot: SerialRobot, q: ArrayLike, qd: ArrayLike) -> FloatArray:
    r"""Kinetic energy of the robot in J.

    .. math:: K = \sum_i \tfrac12 m_i\, v_{c_i}^T v_{c_i} + \tfrac12 \omega_i^T I_i\, \omega_i

    Computed from each link's velocity (not from M), so it checks
    :math:`K = \frac12 \dot q^T M \dot q`. Returns a float array of shape () or (...).

    References: Craig (6.69)-(6.71); Bona slide 13 (dynamics-notes (K1)).

    Examples
    --------
    >>> from coursekit.models import two_link_point_masses
    >>> robot = two_link_point_masses(m1=1.0, m2=1.0, l1=1.0, l2=1.0)
    >>> float(kinetic_energy(robot, [0.0, np.pi / 2], [1.0, 0.0]))
    1.5
    """
    model = chain_model(robot)
    q = robot.as_joint_vector(q)
    qd = robot.as_joint_vector(qd, "qd")
    R, o, s_w, s_v = _motion_subspaces(model, q)
    w = np.cumsum(s_w * qd[..., :, None], axis=-2)  # angular velocity of each link
    v_origin = np.cumsum(s_v * qd[..., :, None], axis=-2)  # its point at the origin of {0}
    c = o + (R @ model.com[:, :, None])[..., 0]
    v_c = v_origin + np.cross(w, c)
    w_local = (np.swapaxes(R, -1, -2) @ w[..., None])[..., 0]
    rotation = np.einsum("...i,...ij,...j->...", w_local, model.inertia, w_local)
    return 0.5 * np.sum(model.mass * np.sum(v_c * v_c, axis=-1) + rotation, axis=-1)


def potential_energy(robot: SerialRobot, q: ArrayLike) -> FloatArray:
    r"""Gravitational potential energy in J, zero at the origin of {0}.

    .. math:: U = -\sum_i m_i\, g^T p_{c_i}

    ``g`` is the gravitational acceleration (``robot.gravity``, pointing down)
    and :math:`p_{c_i}` link i's centre of mass in {0}; so U grows with height.
    Duysinx-Geradin write :math:`U = m g^T r` with g pointing *up* in section 6.2
    and the form above in sections 6.4-6.5 (erratum E46).

    References: Craig (6.73); Bona slide 19; Duysinx-Geradin (6.5.16)-(6.5.17).

    Examples
    --------
    >>> from coursekit.models import two_link_point_masses
    >>> robot = two_link_point_masses(m1=1.0, m2=1.0, l1=1.0, l2=1.0)
    >>> float(potential_energy(robot, [np.pi / 2, 0.0]).round(12))
    29.43
    """
    model = chain_model(robot)
    T = joint_frames_in_base(model, robot.as_joint_vector(q))
    c = T[..., :3, 3] + (T[..., :3, :3] @ model.com[:, :, None])[..., 0]
    return -np.sum(model.mass * (c @ robot.gravity), axis=-1)


def friction_torques(
    qd: ArrayLike, viscous: ArrayLike = 0.0, coulomb: ArrayLike = 0.0
) -> FloatArray:
    r"""Viscous and Coulomb friction torques.

    .. math:: \tau_f = b\,\dot q + f_c\,\mathrm{sgn}(\dot q)

    A joint with friction needs these torques on top of the inverse dynamics,
    :math:`\tau = M\ddot q + C\dot q + g + \tau_f`; in a simulation subtract
    them from the motor torques before :func:`forward_dynamics`. At
    :math:`\dot q = 0` the Coulomb term is 0 here; real static friction can take
    any value up to :math:`f_c` there.

    References: Craig (6.110)-(6.112); Bona slide 25 (Rayleigh dissipation).

    Parameters
    ----------
    qd : (n,) or (..., n) array_like
        Joint velocities.
    viscous, coulomb : float or (n,) array_like
        Coefficients b (N m s/rad) and f_c (N m), each >= 0; scalars apply to every joint.

    Examples
    --------
    >>> friction_torques([2.0, -1.0, 0.0], viscous=0.5, coulomb=[0.1, 0.2, 0.3])
    array([ 1.1, -0.7,  0. ])
    """
    qd = check_finite(as_float_array(qd, "qd"), "qd")
    if qd.ndim == 0:
        msg = f"qd must be an array of joint velocities, got the scalar {float(qd)}."
        raise ValueError(msg)
    result = np.zeros(qd.shape)
    for name, value, term in (("viscous", viscous, qd), ("coulomb", coulomb, np.sign(qd))):
        coefficient = check_finite(as_float_array(value, name), name)
        if coefficient.ndim > 1 or coefficient.size not in (1, qd.shape[-1]):
            msg = (
                f"{name} must be one number or one per joint ({qd.shape[-1]}), "
                f"got shape {coefficient.shape}."
            )
            raise ValueError(msg)
        if np.any(coefficient < 0):
            msg = f"{name} friction coefficients must be >= 0, got {coefficient}."
            raise ValueError(msg)
        result = result + coefficient * term
    return result
