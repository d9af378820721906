"""Closed-form inverse kinematics of the PUMA 560 (Duysinx-Geradin section 5.10): all 8 branches.

Returns an :class:`~coursekit.closed_form_ik.IKSolutions` like the planar solvers.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import ArrayLike

from ._validation import FloatArray, as_transform
from .closed_form_ik import GEOMETRY_TOL, IKSolutions, _count, _unreachable, _wrap
from .dh import dh_transform
from .kinematics import _check_robot
from .robot import SerialRobot
from .transforms import invert_transform


#: alpha_i of Duysinx-Geradin Table 5.1, the structure puma560_ik solves.
PUMA_ALPHAS = (-np.pi / 2, 0.0, np.pi / 2, -np.pi / 2, np.pi / 2, 0.0)
#: (added to theta4 and theta6, sign of theta5, name): the two wrists for one arm.
WRIST_BRANCHES = ((0.0, 1.0, "wrist not flipped"), (np.pi, -1.0, "wrist flipped"))


def _puma_lengths(robot: SerialRobot) -> tuple[float, float, float, float, float]:
    """(a2, d1, d2, d4, d6) of a robot with the structure of Table 5.1, or a clear refusal."""
    robot = _check_robot(robot)
    what = (
        "puma560_ik needs the PUMA structure of Duysinx-Geradin Table 5.1 (standard DH, 6 revolute "
        "joints, alpha = (-90, 0, 90, -90, 90, 0) deg, only a2, d1, d2, d4, d6 nonzero)"
    )
    if robot.convention != "standard" or robot.n_joints != 6:
        msg = f"{what}; {robot.label} has {robot.n_joints} joints in {robot.convention} DH."
        raise ValueError(msg)
    for i, (link, alpha) in enumerate(zip(robot.links, PUMA_ALPHAS), start=1):
        problem = ""
        if not link.is_revolute:
            problem = f"joint {i} is {link.joint}"
        elif abs(_wrap(link.alpha - alpha)) > 1e-9:
            got, want = np.rad2deg(link.alpha), np.rad2deg(alpha)
            problem = f"link {i} has alpha = {got:g} deg, expected {want:g}"
        elif i != 2 and abs(link.a) > 1e-12:
            problem = f"link {i} has a = {link.a:g} m, expected 0"
        elif i in (3, 5) and abs(link.d) > 1e-12:
            problem = f"link {i} has d = {link.d:g} m, expected 0"
        if problem:
            msg = f"{what}; in {robot.label}, {problem}."
            raise ValueError(msg)
    a2, d4 = robot.links[1].a, robot.links[3].d
    if a2 == 0.0 or d4 == 0.0:
        msg = f"{what}; {robot.label} has a2 = {a2:g} m and d4 = {d4:g} m, both must be nonzero."
        raise ValueError(msg)
    return a2, robot.links[0].d, robot.links[1].d, d4, robot.links[5].d


def _puma_wrist(R_0_3: FloatArray, R: FloatArray) -> tuple[float, float, float, bool]:
    """theta4, theta5, theta6 from 3R6 = 0R3^T R (5.10.26)-(5.10.29), and whether S5 = 0."""
    M = R_0_3.T @ R  # its rows are f31, f32, f33 of (5.10.28) applied to n, o, a
    # At S5 = 0 axes 4 and 6 line up and only theta4 + theta6 is defined: choose theta4 = 0.
    singular = bool(np.hypot(M[0, 2], M[1, 2]) < GEOMETRY_TOL)
    theta4 = 0.0 if singular else float(np.arctan2(M[1, 2], M[0, 2]))
    theta5 = float(np.arctan2(np.cos(theta4) * M[0, 2] + np.sin(theta4) * M[1, 2], M[2, 2]))
    # theta6 from 5R6 = 3R5^T 3R6: the same angle as ATAN2(f33(o), -f33(n)) of (5.10.29),
    # but it stays accurate at and near S5 = 0, where that row of 3R6 vanishes.
    T_3_5 = dh_transform(0.0, PUMA_ALPHAS[3], 0.0, theta4) @ dh_transform(
        0.0, PUMA_ALPHAS[4], 0.0, theta5
    )
    R_5_6 = T_3_5[:3, :3].T @ M
    return theta4, theta5, float(np.arctan2(R_5_6[1, 0], R_5_6[0, 0])), singular


def puma560_ik(robot: SerialRobot, T: ArrayLike) -> IKSolutions:
    """All closed-form solutions (up to 8) that give the PUMA's tool the pose ``T``.

    ``T`` is the tool pose in the world frame; ``robot.base`` and ``robot.tool``
    are taken into account. The robot must have the structure of Duysinx-Geradin
    Table 5.1 (``models.puma560_duysinx()``): a2, d2, d4, d6 (and a d1, a base
    height) are read from it, constant theta offsets are allowed. Corke's and
    Craig's PUMA (with a3 and other axis senses) are refused.

    The wrist centre p = r - d6 a (5.10.1, erratum E28) gives theta1 from
    (5.10.17) with the corrected sign (the book prints +, erratum E29):
    theta1 = ATAN2(py, px) - ATAN2(d2, +-sqrt(px^2 + py^2 - d2^2)); theta2 and
    theta3 follow from (5.10.18)-(5.10.24), the wrist from (5.10.28)-(5.10.29),
    and the flipped wrist is (theta4 + pi, -theta5, theta6 + pi). Rows come in
    the book's order (+/- shoulder root, +/- elbow root, wrist, flipped wrist),
    duplicates (on a workspace boundary) removed. Branch names read like
    ``"left arm, elbow up, wrist not flipped"``. At the wrist singularity
    (S5 = 0) only theta4 + theta6 is defined: theta4 = 0 is chosen and the
    message says so.

    References: Duysinx-Geradin section 5.10, errata E28-E30.

    >>> from coursekit.models import puma560_duysinx
    >>> from coursekit.kinematics import forward_kinematics
    >>> robot = puma560_duysinx()
    >>> T = forward_kinematics(robot, np.deg2rad([30, -45, 60, 20, 40, 10]))
    >>> solutions = puma560_ik(robot, T)
    >>> len(solutions), solutions.branches[2]
    (8, 'left arm, elbow down, wrist not flipped')
    >>> np.rad2deg(solutions.q[2]).round(6)
    array([ 30., -45.,  60.,  20.,  40.,  10.])
    """
    a2, d1, d2, d4, d6 = _puma_lengths(robot)
    T = as_transform(T, "T")
    # Joint 1 turns about z_0, so its d1 commutes with it and acts like a base height.
    T_0_6 = invert_transform(robot.base) @ T @ invert_transform(robot.tool)
    T_0_6[2, 3] -= d1
    R, r = T_0_6[:3, :3], T_0_6[:3, 3]
    px, py, pz = r - d6 * R[:, 2]  # wrist centre (5.10.1)
    scale = abs(a2) + abs(d2) + abs(d4)
    radial2 = px**2 + py**2 - d2**2
    if radial2 < -GEOMETRY_TOL * scale**2:
        return _unreachable(6, (
            f"The wrist centre is {np.hypot(px, py):.3f} m from the axis of joint 1, closer than "
            f"the shoulder offset |d2| = {abs(d2):.3f} m."
        ))
    reach = np.sqrt(max(radial2, 0.0) + pz**2)  # distance of the wrist centre from axis 2 (5.10.19)
    low, high = abs(a2 - d4), abs(a2) + abs(d4)
    if not low - GEOMETRY_TOL * scale <= reach <= high + GEOMETRY_TOL * scale:
        return _unreachable(6, (
            f"The wrist centre is {reach:.3f} m from the shoulder (axis of joint 2), outside the "
            f"reach of the arm, from |a2 - d4| = {low:.3f} m to |a2| + |d4| = {high:.3f} m."
        ))
    offsets = np.array([link.theta for link in robot.links])
    rows: list[FloatArray] = []
    labels: list[str] = []
    wrist_singular = False
    for shoulder in (1.0, -1.0):
        theta1 = np.arctan2(py, px) - np.arctan2(d2, shoulder * np.sqrt(max(radial2, 0.0)))
        c1, s1 = np.cos(theta1), np.sin(theta1)
        alpha, beta = c1 * px + s1 * py, -pz  # (5.10.18)
        gamma = (alpha**2 + beta**2 + a2**2 - d4**2) / (2.0 * a2)  # (5.10.21)
        root = np.sqrt(max(alpha**2 + beta**2 - gamma**2, 0.0))
        for elbow in (1.0, -1.0):
            theta2 = -np.arctan2(alpha, beta) + np.arctan2(gamma, elbow * root)  # (5.10.22)
            c2, s2 = np.cos(theta2), np.sin(theta2)
            # (5.10.24), divided by d4 so that a negative d4 keeps the right quadrant.
            theta3 = np.arctan2((alpha * c2 + beta * s2 - a2) / d4, (alpha * s2 - beta * c2) / d4)
            c23, s23 = np.cos(theta2 + theta3), np.sin(theta2 + theta3)
            R_0_3 = np.array(
                [[c1 * c23, -s1, c1 * s23], [s1 * c23, c1, s1 * s23], [-s23, 0.0, c23]]
            )
            theta4, theta5, theta6, singular = _puma_wrist(R_0_3, R)
            wrist_singular |= singular
            # The elbow is above the shoulder-wrist line when alpha a2 d4 cos(theta3) < 0.
            arm = "left arm" if shoulder * (d2 if d2 != 0.0 else 1.0) > 0 else "right arm"
            up = alpha * a2 * d4 * np.cos(theta3) < 0
            arm += ", elbow up" if up else ", elbow down"
            for turn, sign, label in WRIST_BRANCHES:
                q = [theta1, theta2, theta3, theta4 + turn, sign * theta5, theta6 + turn]
                q = _wrap(np.array(q) - offsets)
                if not any(np.abs(_wrap(q - seen)).max() < 1e-9 for seen in rows):
                    rows.append(q)
                    labels.append(f"{arm}, {label}")
    message = _count(tuple(labels))
    if wrist_singular:
        message += " The wrist is singular (S5 = 0): only q4 + q6 is defined, q4 = 0 was chosen."
    return IKSolutions(np.array(rows), tuple(labels), True, message)
