"""Link velocities and accelerations computed link by link, from the base outwards.

Two textbook formulations, for robots in either DH convention:

* Craig's outward propagation (5.45)-(5.48): the angular velocity of each link
  and the velocity of its frame origin, each in the link's own frame.
* Duysinx-Geradin's recursions for velocities *and* accelerations, in absolute
  (world) coordinates (5.16.8)-(5.17.13) or in body coordinates (5.18.8)-(5.19.8).

Every result is the same physical quantity whatever the convention: for frame
{i}, the angular velocity of the link that carries it and the velocity (and
acceleration) of its origin. The conventions differ only in where the frames
sit: a modified-DH frame {i} is on joint axis i, so joint i turns it in place; a
standard-DH frame {i} is on axis i+1, and joint i (about z_{i-1}) swings its
origin around. Frame {0} is fixed (``robot.base`` does not move). Rows are
frames {0}..{n}, so row i matches ``link_frames(robot, q)[i]``.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import ArrayLike

from ._validation import FloatArray, as_choice
from .jacobians import _one_joint_vector
from .kinematics import _check_robot, link_frames, link_transforms
from .robot import SerialRobot

VELOCITY_FRAMES = ("link", "base")
COORDINATES = ("absolute", "body")
_Z = np.array([0.0, 0.0, 1.0])


def link_velocities(
    robot: SerialRobot, q: ArrayLike, qd: ArrayLike, frame: str = "link"
) -> tuple[FloatArray, FloatArray]:
    r"""Angular velocity of every link and velocity of every frame origin, by Craig's propagation.

    For a modified-DH robot (Craig's frames) joint i+1 turns about
    :math:`\hat Z_{i+1}` through the origin of {i+1}, and the book's recursion
    applies as printed. Revolute (5.45), (5.47):

    .. math::
        {}^{i+1}\omega_{i+1} = {}^{i+1}_{i}R\,{}^{i}\omega_i + \dot\theta_{i+1}\hat Z,\qquad
        {}^{i+1}v_{i+1} = {}^{i+1}_{i}R\,({}^{i}v_i + {}^{i}\omega_i \times {}^{i}P_{i+1})

    prismatic (5.48): no joint term in :math:`\omega`, and
    :math:`\dot d_{i+1}\hat Z` added to :math:`v`.

    For a standard-DH robot joint i+1 turns frame {i+1} about :math:`\hat Z_i`
    through the origin of {i}, so the joint term is added *before* the offset
    :math:`{}^{i}P_{i+1}` is swept (the same step as Duysinx-Geradin's (5.18.8)-(5.18.9)):

    .. math::
        \omega^* = {}^{i}\omega_i + \dot\theta_{i+1}\hat Z,\quad
        {}^{i+1}\omega_{i+1} = {}^{i+1}_{i}R\,\omega^*,\quad
        {}^{i+1}v_{i+1} = {}^{i+1}_{i}R\,({}^{i}v_i + \omega^* \times {}^{i}P_{i+1}
        + \dot d_{i+1}\hat Z)

    Parameters
    ----------
    robot : SerialRobot
    q, qd : array_like, shape (n,)
        Joint values (rad or m) and joint rates (rad/s or m/s).
    frame : {"link", "base"}
        ``"link"``: row i in frame {i} (Craig's :math:`{}^{i}\omega_i`, :math:`{}^{i}v_i`);
        ``"base"``: every row in the world frame (Craig (5.49)).

    Returns
    -------
    w, v : ndarray, shape (n+1, 3)
        Angular velocity of frame {i} (rad/s) and velocity of its origin (m/s);
        row 0 is the fixed frame {0}.

    References: Craig (5.45)-(5.49); Duysinx-Geradin (5.18.8)-(5.18.9).

    Examples
    --------
    Craig's Example 5.3, the 2R arm (frame {2} here is the book's tip frame {3}):
    (5.55) gives :math:`{}^{3}v_3 = (l_1 s_2\dot\theta_1,\ l_1 c_2\dot\theta_1 +
    l_2(\dot\theta_1 + \dot\theta_2),\ 0)`:

    >>> from coursekit.models import planar_2r
    >>> w, v = link_velocities(planar_2r(1.0, 1.0), [0.0, np.pi / 2], [1.0, 0.0])
    >>> v[2].round(12), w[2].round(12)
    (array([1., 1., 0.]), array([0., 0., 1.]))
    """
    robot = _check_robot(robot)
    as_choice(frame, VELOCITY_FRAMES, "frame")
    q = _one_joint_vector(robot, q, "q")
    qd = _one_joint_vector(robot, qd, "qd")
    A = link_transforms(robot, q)
    w = np.zeros((robot.n_joints + 1, 3))
    v = np.zeros((robot.n_joints + 1, 3))
    for i, link in enumerate(robot.links):
        R_i_next = A[i, :3, :3]  # orientation of the next frame in this one
        P = A[i, :3, 3]  # origin of the next frame, in this one
        spin = qd[i] * _Z if link.is_revolute else np.zeros(3)
        slide = np.zeros(3) if link.is_revolute else qd[i] * _Z
        if robot.convention == "modified":
            w[i + 1] = R_i_next.T @ w[i] + spin
            v[i + 1] = R_i_next.T @ (v[i] + np.cross(w[i], P)) + slide
        else:
            w_star = w[i] + spin  # link i+1's angular velocity, still in frame {i}
            w[i + 1] = R_i_next.T @ w_star
            v[i + 1] = R_i_next.T @ (v[i] + np.cross(w_star, P) + slide)
    if frame == "base":
        R_w = link_frames(robot, q)[:, :3, :3]
        w, v = np.einsum("kij,kj->ki", R_w, w), np.einsum("kij,kj->ki", R_w, v)
    return w, v


def tool_velocity(
    robot: SerialRobot, q: ArrayLike, qd: ArrayLike, frame: str = "base"
) -> FloatArray:
    r"""Twist ``[v; w]`` of the tool (velocity of its origin, angular velocity), by propagation.

    One more rigid step after :func:`link_velocities` (the tool does not move on
    link n): :math:`v_{tool} = v_n + \omega_n \times p_{n,tool}`. It equals
    ``geometric_jacobian(robot, q, frame) @ qd``, computed without a Jacobian.

    Parameters
    ----------
    robot : SerialRobot
    q, qd : array_like, shape (n,)
    frame : {"base", "tool"}
        Axes of the result: the world frame, or the tool frame (Craig's
        :math:`{}^{N}v_N`, :math:`{}^{N}\omega_N`).

    Returns
    -------
    ndarray, shape (6,)

    References: Craig (5.47) with a zero joint rate, (5.49).

    Examples
    --------
    >>> from coursekit.models import planar_2r
    >>> tool_velocity(planar_2r(1.0, 1.0), [0.0, np.pi / 2], [1.0, 0.0]).round(12)
    array([-1.,  2.,  0.,  0.,  0.,  1.])
    """
    as_choice(frame, ("base", "tool"), "frame")
    w, v = link_velocities(robot, q, qd, frame="link")
    R_n_tool, p_n_tool = robot.tool[:3, :3], robot.tool[:3, 3]
    w_tool = R_n_tool.T @ w[-1]
    v_tool = R_n_tool.T @ (v[-1] + np.cross(w[-1], p_n_tool))
    if frame == "base":
        R_w_tool = (link_frames(robot, q)[-1] @ robot.tool)[:3, :3]
        w_tool, v_tool = R_w_tool @ w_tool, R_w_tool @ v_tool
    return np.concatenate([v_tool, w_tool])


def link_velocities_and_accelerations(
    robot: SerialRobot,
    q: ArrayLike,
    qd: ArrayLike,
    qdd: ArrayLike,
    coordinates: str = "absolute",
) -> tuple[FloatArray, FloatArray, FloatArray, FloatArray]:
    r"""Angular velocity and acceleration of every link, velocity and acceleration of every origin.

    Duysinx-Geradin's forward recursions, in one of two coordinate choices.

    ``coordinates="absolute"`` (5.16.8)-(5.17.13): everything in the world frame.
    With :math:`c` the unit axis of the joint and :math:`\Delta = r_{i+1} - r_i`,
    a revolute joint adds :math:`\dot q c` to :math:`\omega` (5.16.8) and
    :math:`\dot q\,\omega_i \times c + \ddot q c` to :math:`\dot\omega` (5.17.7); the
    origin follows from
    :math:`\dot r_{i+1} = \dot r_i + \omega \times \Delta` (5.16.10) and
    :math:`\ddot r_{i+1} = \ddot r_i + (\tilde{\dot\omega} + \tilde\omega\tilde\omega)\Delta`
    (5.17.8). A prismatic joint keeps :math:`\omega, \dot\omega` and adds
    :math:`\dot q c` to the velocity (5.16.12) and :math:`\ddot q c + 2\dot q\,\omega_i
    \times c` to the acceleration (5.17.13). In standard DH (the book's) the
    :math:`\omega` that sweeps :math:`\Delta` is link i+1's, since the joint turns
    about the axis through :math:`r_i`; in modified DH it is link i's, since the
    axis passes through :math:`r_{i+1}` (Craig (5.47), (6.47)).

    ``coordinates="body"`` (5.18.8)-(5.19.8): row i in frame {i}, i.e. the
    rotation :math:`R_i^T` of the absolute results (the acceleration is
    :math:`a' = R^T \ddot r`, not the derivative of :math:`v'`). With
    :math:`R, d^*` the rotation and offset of :math:`{}^{i}A_{i+1}` and
    :math:`\sigma = 1` for a prismatic joint:
    :math:`\omega^* = \omega'_i + (1-\sigma)\dot q k`,
    :math:`v'_{i+1} = R^T[v'_i + \tilde\omega^* d^* + \sigma k\dot q]`,
    :math:`\dot\omega^* = \dot\omega'_i + (1-\sigma)(\dot q\tilde\omega'_i + \ddot q)k`,
    :math:`a'_{i+1} = R^T[a'_i + (\tilde{\dot\omega}^* + \tilde\omega^*\tilde\omega^*)d^*
    + \sigma(2\dot q\tilde\omega'_i k + \ddot q k)]`.
    The book prints the prismatic term of (5.19.8) outside the bracket and writes
    (5.19.4) with a wrong sign; the corrected forms are used (errata E37, E38), and a
    prismatic joint's acceleration term is :math:`\ddot q`, not :math:`\dot q` (E36).
    For a modified-DH robot the body recursion is Craig's (6.45)-(6.47) with (6.33), (6.35).

    Parameters
    ----------
    robot : SerialRobot
    q, qd, qdd : array_like, shape (n,)
        Joint values, rates and accelerations.
    coordinates : {"absolute", "body"}

    Returns
    -------
    w, v, dw, a : ndarray, shape (n+1, 3)
        Angular velocity (rad/s) and angular acceleration (rad/s^2) of the link
        carrying frame {i}, velocity (m/s) and acceleration (m/s^2) of the origin of {i}.
        Row 0 is the fixed frame {0}. Gravity is not included.

    References: Duysinx-Geradin (5.16.8)-(5.17.16), (5.18.8)-(5.19.8), errata E36-E38;
    Craig (6.45)-(6.47).

    Examples
    --------
    A 2R arm turning steadily at 1 rad/s: the tip (2 m out) has the centripetal
    acceleration 2 m/s^2 towards the base.

    >>> from coursekit.models import planar_2r
    >>> w, v, dw, a = link_velocities_and_accelerations(
    ...     planar_2r(1.0, 1.0), [0.0, 0.0], [1.0, 0.0], [0.0, 0.0])
    >>> v[2].round(12), a[2].round(12)
    (array([0., 2., 0.]), array([-2.,  0.,  0.]))
    """
    robot = _check_robot(robot)
    as_choice(coordinates, COORDINATES, "coordinates")
    q = _one_joint_vector(robot, q, "q")
    qd = _one_joint_vector(robot, qd, "qd")
    qdd = _one_joint_vector(robot, qdd, "qdd")
    if coordinates == "absolute":
        return _absolute_recursion(robot, q, qd, qdd)
    return _body_recursion(robot, q, qd, qdd)


def _absolute_recursion(
    robot: SerialRobot, q: FloatArray, qd: FloatArray, qdd: FloatArray
) -> tuple[FloatArray, FloatArray, FloatArray, FloatArray]:
    """Duysinx-Geradin (5.16.8)-(5.17.13) in world coordinates, either DH convention."""
    frames = link_frames(robot, q)
    r = frames[:, :3, 3]
    w, v, dw, a = (np.zeros((robot.n_joints + 1, 3)) for _ in range(4))
    for i, link in enumerate(robot.links):
        # Axis of joint i+1: z_i (standard DH) or z_{i+1} (modified DH); fixed in link i.
        c = frames[i + 1 if robot.convention == "modified" else i, :3, 2]
        delta = r[i + 1] - r[i]
        if link.is_revolute:
            w[i + 1] = w[i] + qd[i] * c
            dw[i + 1] = dw[i] + qd[i] * np.cross(w[i], c) + qdd[i] * c
            # Standard DH: joint i+1 swings delta; modified DH: delta belongs to link i.
            j = i + 1 if robot.convention == "standard" else i
            v[i + 1] = v[i] + np.cross(w[j], delta)
            a[i + 1] = a[i] + np.cross(dw[j], delta) + np.cross(w[j], np.cross(w[j], delta))
        else:
            w[i + 1], dw[i + 1] = w[i], dw[i]
            v[i + 1] = v[i] + np.cross(w[i], delta) + qd[i] * c
            a[i + 1] = (
                a[i]
                + np.cross(dw[i], delta)
                + np.cross(w[i], np.cross(w[i], delta))
                + qdd[i] * c
                + 2.0 * qd[i] * np.cross(w[i], c)
            )
    return w, v, dw, a


def _body_recursion(
    robot: SerialRobot, q: FloatArray, qd: FloatArray, qdd: FloatArray
) -> tuple[FloatArray, FloatArray, FloatArray, FloatArray]:
    """Duysinx-Geradin (5.18.8)-(5.19.8) (standard DH) or Craig (6.45)-(6.47) (modified DH)."""
    A = link_transforms(robot, q)
    w, v, dw, a = (np.zeros((robot.n_joints + 1, 3)) for _ in range(4))
    for i, link in enumerate(robot.links):
        R, d = A[i, :3, :3], A[i, :3, 3]
        spin = 1.0 if link.is_revolute else 0.0  # (1 - sigma)
        slide = 1.0 - spin  # sigma
        if robot.convention == "standard":
            w_star = w[i] + spin * qd[i] * _Z
            dw_star = dw[i] + spin * (qd[i] * np.cross(w[i], _Z) + qdd[i] * _Z)
            w[i + 1] = R.T @ w_star
            dw[i + 1] = R.T @ dw_star
            v[i + 1] = R.T @ (v[i] + np.cross(w_star, d) + slide * qd[i] * _Z)
            a[i + 1] = R.T @ (
                a[i]
                + np.cross(dw_star, d)
                + np.cross(w_star, np.cross(w_star, d))
                + slide * (2.0 * qd[i] * np.cross(w[i], _Z) + qdd[i] * _Z)
            )
        else:
            w_turned = R.T @ w[i]  # link i's angular velocity, in frame {i+1}
            w[i + 1] = w_turned + spin * qd[i] * _Z
            dw[i + 1] = R.T @ dw[i] + spin * (qd[i] * np.cross(w_turned, _Z) + qdd[i] * _Z)
            v[i + 1] = R.T @ (v[i] + np.cross(w[i], d)) + slide * qd[i] * _Z
            a[i + 1] = R.T @ (
                a[i] + np.cross(dw[i], d) + np.cross(w[i], np.cross(w[i], d))
            ) + slide * (2.0 * qd[i] * np.cross(w[i + 1], _Z) + qdd[i] * _Z)
    return w, v, dw, a
