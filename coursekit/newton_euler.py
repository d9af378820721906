"""Inverse dynamics by the recursive Newton-Euler algorithm, for any serial robot.

:func:`inverse_dynamics` is the one to use: any robot (standard or modified DH,
revolute and prismatic joints), one state or a batch. The two textbook forms
are kept by name for the notebooks and give the same torques:

* :func:`inverse_dynamics_craig`: Craig's outward/inward iteration (6.45)-(6.53)
  in the link frames of a modified-DH robot;
* :func:`inverse_dynamics_luh_walker_paul`: the body-frame form of
  Duysinx-Geradin section 6.3 for a standard-DH robot, with its errata corrected.

Conventions (CONVENTIONS.md): ``robot.gravity`` is the gravitational
acceleration in the base frame {0}; ``robot.base`` (the pose of {0} in the
world) therefore never enters the dynamics. ``f_tip = [f; n]`` is the wrench the
tool exerts *on the environment*, in the tool frame (``T_0_n @ robot.tool``),
with the moment about the tool origin; pushing with it costs ``J_tool.T @ f_tip``
more torque.
"""

from __future__ import annotations

import math

import numpy as np
from numpy.typing import ArrayLike

from ._chain_model import (
    JointFrameModel,
    chain_model,
    local_joint_transforms,
    scalar_inverse_dynamics,
)
from ._validation import FloatArray, as_array, as_batch
from .kinematics import _check_robot, link_transforms
from .robot import SerialRobot

_Z = np.array([0.0, 0.0, 1.0])


def _plain_vector(value: object, n: int) -> list[float] | None:
    """``value`` as a list of n floats when it is plainly one state vector, else None.

    Only float arrays of shape (n,) and lists or tuples of n real numbers qualify;
    anything else (batches, strings, ...) goes through the full validation.
    """
    if isinstance(value, np.ndarray):
        if value.shape == (n,) and value.dtype.kind == "f":
            floats: list[float] = value.tolist()
            return floats
        return None
    if isinstance(value, (list, tuple)) and len(value) == n:
        if all(isinstance(x, (float, int, np.floating, np.integer)) for x in value):
            return [float(x) for x in value]
    return None


def _state(
    robot: SerialRobot, q: ArrayLike, qd: ArrayLike, qdd: ArrayLike, f_tip: ArrayLike | None
) -> tuple[FloatArray, FloatArray, FloatArray, FloatArray | None, tuple[int, ...]]:
    """Validated joint arrays and wrench, with the batch shape they broadcast to."""
    q = robot.as_joint_vector(q, "q")
    qd = robot.as_joint_vector(qd, "qd")
    qdd = robot.as_joint_vector(qdd, "qdd")
    wrench = None if f_tip is None else as_batch(f_tip, (6,), "f_tip")
    shapes = [q.shape[:-1], qd.shape[:-1], qdd.shape[:-1]]
    if wrench is not None:
        shapes.append(wrench.shape[:-1])
    try:
        batch = np.broadcast_shapes(*shapes)
    except ValueError:
        names = "q, qd, qdd" + (" and f_tip" if wrench is not None else "")
        msg = f"{names} must have batch shapes that broadcast together, got {shapes}."
        raise ValueError(msg) from None
    return q, qd, qdd, wrench, batch


def _rotate(R: np.ndarray, v: np.ndarray) -> np.ndarray:
    return (R @ v[..., None])[..., 0]


def _outward_inward(
    R: np.ndarray,
    p: np.ndarray,
    revolute: tuple[bool, ...],
    mass: FloatArray,
    com: FloatArray,
    inertia: FloatArray,
    qd: FloatArray,
    qdd: FloatArray,
    gravity: FloatArray,
    T_n_tool: FloatArray,
    f_tip: FloatArray | None,
) -> FloatArray:
    """Craig (6.45)-(6.53), vectorised over any leading axes.

    ``R[..., i]``, ``p[..., i]`` are the rotation and origin of frame i in frame
    i-1, where every frame i has joint i's axis as its z-axis through its origin;
    ``com[i]`` and ``inertia[i]`` are link i's mass properties in frame i.
    """
    n = len(revolute)
    tip_batch = () if f_tip is None else f_tip.shape[:-1]
    batch = np.broadcast_shapes(R.shape[:-3], qd.shape[:-1], qdd.shape[:-1], tip_batch)
    w = np.zeros((*batch, 3))
    dw = np.zeros((*batch, 3))
    dv = np.broadcast_to(-gravity, (*batch, 3))  # gravity as an upward base acceleration
    forces, moments = [], []
    for i in range(n):
        R_t = np.swapaxes(R[..., i, :, :], -1, -2)
        p_i = p[..., i, :]
        dv = _rotate(R_t, np.cross(dw, p_i) + np.cross(w, np.cross(w, p_i)) + dv)  # (6.47)
        w_in, dw = _rotate(R_t, w), _rotate(R_t, dw)
        qd_z = qd[..., i, None] * _Z
        if revolute[i]:
            w = w_in + qd_z  # (6.45)
            dw = dw + np.cross(w_in, qd_z) + qdd[..., i, None] * _Z  # (6.46)
        else:
            w = w_in  # (6.33)
            dv = dv + 2.0 * np.cross(w, qd_z) + qdd[..., i, None] * _Z  # (6.35)
        dv_c = np.cross(dw, com[i]) + np.cross(w, np.cross(w, com[i])) + dv  # (6.48)
        forces.append(mass[i] * dv_c)  # (6.49)
        moments.append(dw @ inertia[i].T + np.cross(w, w @ inertia[i].T))  # (6.50)
    tau = np.empty((*batch, n))
    f_next = np.zeros(3) if f_tip is None else f_tip[..., :3]
    n_next = np.zeros(3) if f_tip is None else f_tip[..., 3:]
    R_next, p_next = T_n_tool[:3, :3], T_n_tool[:3, 3]
    for i in reversed(range(n)):
        f_child = _rotate(R_next, f_next)
        f_i = f_child + forces[i]  # (6.51)
        n_i = (
            moments[i]
            + _rotate(R_next, n_next)
            + np.cross(com[i], forces[i])
            + np.cross(p_next, f_child)
        )  # (6.52)
        tau[..., i] = n_i[..., 2] if revolute[i] else f_i[..., 2]  # (6.53), (6.44)
        f_next, n_next, R_next, p_next = f_i, n_i, R[..., i, :, :], p[..., i, :]
    return tau


def _batched(
    model: JointFrameModel,
    q: FloatArray,
    qd: FloatArray,
    qdd: FloatArray,
    gravity: FloatArray,
    f_tip: FloatArray | None,
) -> FloatArray:
    """Newton-Euler on the joint frames of ``model``, vectorised over the batch axes."""
    A = local_joint_transforms(model, q)
    T_n_tool = np.eye(4)
    T_n_tool[:3, :3], T_n_tool[:3, 3] = model.tool_R, model.tool_p
    return _outward_inward(
        A[..., :3, :3],
        A[..., :3, 3],
        model.revolute,
        model.mass,
        model.com,
        model.inertia,
        qd,
        qdd,
        gravity,
        T_n_tool,
        f_tip,
    )


def inverse_dynamics(
    robot: SerialRobot,
    q: ArrayLike,
    qd: ArrayLike,
    qdd: ArrayLike,
    f_tip: ArrayLike | None = None,
    gravity: ArrayLike | None = None,
) -> FloatArray:
    r"""Joint torques (forces for prismatic joints) that produce the motion ``(q, qd, qdd)``.

    .. math:: \tau = M(q)\,\ddot q + C(q, \dot q)\,\dot q + g(q) + J_{tool}^T f_{tip}

    Recursive Newton-Euler: velocities and accelerations go out from the base,
    forces and moments come back from the tool. Internally every robot is
    recast with one frame per joint, on the joint's axis (for a modified-DH
    robot, Craig's link frame {i} slid along its z-axis; for a standard-DH robot,
    frame {i-1} turned by the joint), so Craig's iteration (6.45)-(6.53) serves
    both conventions. One
    state runs a scalar loop (fast: tens of microseconds for a 6-joint arm); a
    batch runs the same iteration with numpy over the leading axes.

    References: Craig section 6.5, (6.45)-(6.53); Duysinx-Geradin section 6.3;
    Luh, Walker & Paul (1980).

    Parameters
    ----------
    robot : SerialRobot
        With mass properties (``Link.mass``, ``com``, ``inertia``).
    q, qd, qdd : (n,) or (..., n) array_like
        Joint positions (rad or m), velocities and accelerations. Batch shapes
        broadcast together.
    f_tip : (6,) or (..., 6) array_like, optional
        Wrench ``[f; n]`` (N, N m) that the tool exerts on the environment, in the
        tool frame, moment about the tool origin. None means free motion.
    gravity : (3,) array_like, optional
        Gravitational acceleration in {0}; default ``robot.gravity``. Pass zeros
        for the velocity and inertia terms alone.

    Returns
    -------
    (n,) or (..., n) ndarray
        Joint torques in N m (revolute) or forces in N (prismatic).

    Examples
    --------
    Craig's two-link arm with point masses (Example 6.3) held still, straight out
    horizontally: the shoulder carries (m1 + m2) g l1 + m2 g l2.

    >>> from coursekit.models import two_link_point_masses
    >>> robot = two_link_point_masses(m1=1.0, m2=2.0, l1=1.0, l2=0.8)
    >>> inverse_dynamics(robot, [0.0, 0.0], [0.0, 0.0], [0.0, 0.0]).round(6)
    array([45.126, 15.696])
    """
    model = chain_model(robot)
    g = model.gravity if gravity is None else as_array(gravity, (3,), "gravity")
    n = model.n
    q_, qd_, qdd_ = (_plain_vector(x, n) for x in (q, qd, qdd))
    tip_ = None if f_tip is None else _plain_vector(f_tip, 6)
    plain = q_ is not None and qd_ is not None and qdd_ is not None
    if plain and (f_tip is None) == (tip_ is None):
        # Fast path for one plain state, checked once at the end: NaN or inf in
        # the input shows in the result, and then the full checks name the culprit.
        tau = scalar_inverse_dynamics(model, q_, qd_, qdd_, g, tip_)
        if all(map(math.isfinite, tau)):
            return np.array(tau)
    q, qd, qdd, wrench, batch = _state(robot, q, qd, qdd, f_tip)
    if batch == () and q.ndim == qd.ndim == qdd.ndim == 1:
        tip = None if wrench is None else wrench.tolist()
        result = np.array(
            scalar_inverse_dynamics(model, q.tolist(), qd.tolist(), qdd.tolist(), g, tip)
        )
    else:
        result = _batched(model, q, qd, qdd, g, wrench)
    if not np.all(np.isfinite(result)):
        msg = f"the torques of {robot.label} overflowed: q, qd, qdd or f_tip are too large."
        raise ValueError(msg)
    return result


def _tool_wrench_in_link_frame(robot: SerialRobot, wrench: FloatArray) -> FloatArray:
    """The tip wrench moved from the tool frame to frame {n} (moment about the origin of {n})."""
    R, p = robot.tool[:3, :3], robot.tool[:3, 3]
    f = wrench[..., :3] @ R.T
    return np.concatenate([f, wrench[..., 3:] @ R.T + np.cross(p, f)], axis=-1)


def inverse_dynamics_craig(
    robot: SerialRobot, q: ArrayLike, qd: ArrayLike, qdd: ArrayLike, f_tip: ArrayLike | None = None
) -> FloatArray:
    r"""Inverse dynamics by Craig's iterative Newton-Euler equations, for a modified-DH robot.

    Outward, for i = 0 ... n-1 (in frame {i+1}, Craig's notation)::

        w_{i+1}   = R w_i + qd_{i+1} Z                                      (6.45)
        dw_{i+1}  = R dw_i + R w_i x qd_{i+1} Z + qdd_{i+1} Z                (6.46)
        dv_{i+1}  = R (dw_i x P_{i+1} + w_i x (w_i x P_{i+1}) + dv_i)        (6.47)
        dv_C      = dw x P_C + w x (w x P_C) + dv                           (6.48)
        F = m dv_C,   N = I_C dw + w x I_C w                                (6.49-50)

    with ``R`` = :math:`{}^{i+1}_{i}R`; a prismatic joint instead keeps w and dw
    and adds ``2 w x dd Z + ddd Z`` to dv (6.33), (6.35). Gravity enters as the
    upward base acceleration ``dv_0 = -robot.gravity``. Inward, for i = n ... 1::

        f_i = R f_{i+1} + F_i                                               (6.51)
        n_i = N_i + R n_{i+1} + P_C x F_i + P_{i+1} x R f_{i+1}             (6.52)
        tau_i = n_i . Z   (revolute),   f_i . Z   (prismatic)               (6.53)

    starting from the wrench the tool exerts on the environment. Gives the same
    torques as :func:`inverse_dynamics`; batches work the same way.

    References: Craig section 6.5, (6.45)-(6.53).

    Raises
    ------
    ValueError
        For a standard-DH robot (convert it with :func:`coursekit.convert_dh`).

    Examples
    --------
    >>> from coursekit.models import planar_3r
    >>> from dataclasses import replace
    >>> robot = planar_3r()
    >>> robot = replace(robot, links=[replace(l, mass=1.0) for l in robot.links])
    >>> inverse_dynamics_craig(robot, [0.0, 0.0, 0.0], [0.0] * 3, [0.0] * 3).round(6)
    array([107.91,  29.43,   0.  ])
    """
    robot = _check_robot(robot)
    if robot.convention != "modified":
        msg = (
            f"inverse_dynamics_craig works in Craig's modified-DH link frames, but {robot.label} "
            "uses standard DH: convert it with convert_dh(robot, 'modified'), or use "
            "inverse_dynamics_luh_walker_paul (standard DH) or inverse_dynamics (any robot)."
        )
        raise ValueError(msg)
    q, qd, qdd, wrench, _ = _state(robot, q, qd, qdd, f_tip)
    A = link_transforms(robot, q)
    links = robot.links
    return _outward_inward(
        A[..., :3, :3],
        A[..., :3, 3],
        tuple(link.is_revolute for link in links),
        np.array([link.mass for link in links]),
        np.array([link.com for link in links]),
        np.array([link.inertia for link in links]),
        qd,
        qdd,
        robot.gravity,
        robot.tool,
        wrench,
    )


def inverse_dynamics_luh_walker_paul(
    robot: SerialRobot, q: ArrayLike, qd: ArrayLike, qdd: ArrayLike, f_tip: ArrayLike | None = None
) -> FloatArray:
    r"""Inverse dynamics in body frames for a standard-DH robot (Duysinx-Geradin section 6.3).

    Notation of the book: joint i+1 turns about (slides along) ``k``, the z-axis
    of frame i; ``R_{i+1}`` and ``d*_{i+1}`` are the rotation and the link vector
    O_i -> O_{i+1} of the DH matrix :math:`{}^{i}A_{i+1}`; ``g'_i`` is link i's
    centre of mass seen from O_i (``Link.com``); primes are frame-i components,
    stars frame-(i-1) ones. Forward, from ``w'_0 = dw'_0 = 0`` and
    ``a'_0 = -g`` (the gravity trick with g the gravitational acceleration,
    erratum E46)::

        w*_{i+1}  = w'_i + (1-s) qd k
        dw*_{i+1} = dw'_i + (1-s) (qd w'_i x k + qdd k)
        a*_{i+1}  = a'_i + (~dw* + ~w* ~w*) d*_{i+1} + s (2 qd w'_i x k + qdd k)   [E39]
        (w', dw', a')_{i+1} = R_{i+1}^T (w*, dw*, a*)_{i+1}
        a'_c = a' + dw' x g' + w' x (w' x g')
        F' = m a'_c,   N' = J' dw' + w' x J' w'                              (6.3.10)

    (s = 1 for a prismatic joint). Backward, from the wrench on the environment
    expressed in frame n (erratum E40 corrected)::

        f'_i = F'_i + f*_{i+1}
        n'_i = N'_i + n*_{i+1} + (d'_i + g'_i) x F'_i + d'_i x f*_{i+1}
        f*_i = R_i f'_i,   n*_i = R_i n'_i,   tau_i = k . n*_i  (k . f*_i if prismatic)

    The book prints ``(~dw* - ~w* ~w*)`` in the acceleration (a lost transpose,
    erratum E39) and ``g~'_i F'_i``, ``R_i f_{i+1}`` in the backward pass
    (erratum E40); both printed forms give wrong torques.

    References: Duysinx-Geradin (6.3.1)-(6.3.13) with errata E39, E40, E46.

    Raises
    ------
    ValueError
        For a modified-DH robot (convert it with :func:`coursekit.convert_dh`).

    Examples
    --------
    >>> from coursekit.models import two_link_point_masses
    >>> robot = two_link_point_masses(m1=1.0, m2=2.0, l1=1.0, l2=0.8)
    >>> inverse_dynamics_luh_walker_paul(robot, [0.0, 0.0], [0.0, 0.0], [0.0, 0.0]).round(6)
    array([45.126, 15.696])
    """
    robot = _check_robot(robot)
    if robot.convention != "standard":
        msg = (
            f"inverse_dynamics_luh_walker_paul works in standard-DH body frames, but "
            f"{robot.label} uses modified DH: convert it with convert_dh(robot, 'standard'), "
            "or use inverse_dynamics_craig (modified DH) or inverse_dynamics (any robot)."
        )
        raise ValueError(msg)
    q, qd, qdd, wrench, batch = _state(robot, q, qd, qdd, f_tip)
    A = link_transforms(robot, q)
    n = robot.n_joints
    w = np.zeros((*batch, 3))
    dw = np.zeros((*batch, 3))
    a = np.broadcast_to(-robot.gravity, (*batch, 3))  # a'_0 = -g  [E46]
    inertial, d_prime = [], []
    for i, link in enumerate(robot.links):
        R, d_star = A[..., i, :3, :3], A[..., i, :3, 3]
        k_qd, k_qdd = qd[..., i, None] * _Z, qdd[..., i, None] * _Z
        if link.is_revolute:
            w_star = w + k_qd
            dw_star = dw + np.cross(w, k_qd) + k_qdd
        else:
            w_star, dw_star = w, dw
        a_star = a + np.cross(dw_star, d_star) + np.cross(w_star, np.cross(w_star, d_star))  # [E39]
        if not link.is_revolute:
            a_star = a_star + 2.0 * np.cross(w, k_qd) + k_qdd
        R_t = np.swapaxes(R, -1, -2)
        w, dw, a = _rotate(R_t, w_star), _rotate(R_t, dw_star), _rotate(R_t, a_star)
        a_c = a + np.cross(dw, link.com) + np.cross(w, np.cross(w, link.com))
        J = link.inertia
        inertial.append((link.mass * a_c, dw @ J.T + np.cross(w, w @ J.T)))  # (6.3.10)
        d_prime.append(_rotate(R_t, d_star))
    tau = np.empty((*batch, n))
    if wrench is None:
        f_star, n_star = np.zeros(3), np.zeros(3)
    else:
        moved = _tool_wrench_in_link_frame(robot, wrench)
        f_star, n_star = moved[..., :3], moved[..., 3:]
    for i in reversed(range(n)):
        link = robot.links[i]
        F, N = inertial[i]
        f_i = F + f_star
        # [E40]: the inertial force acts at the centre of mass, d'_i + g'_i from O_{i-1}
        n_i = N + n_star + np.cross(d_prime[i] + link.com, F) + np.cross(d_prime[i], f_star)
        R = A[..., i, :3, :3]
        f_star, n_star = _rotate(R, f_i), _rotate(R, n_i)
        tau[..., i] = n_star[..., 2] if link.is_revolute else f_star[..., 2]
    return tau
