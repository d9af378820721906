"""Closed-form inverse kinematics: every branch, with the reason when there is none.

Each solver returns an :class:`IKSolutions`: one row of joint values per branch,
a name for each branch, and a sentence that says why a target cannot be
reached. Angles are wrapped to (-pi, pi]. Joint limits are not applied here;
compare the rows with ``robot.joint_limits`` when they matter. For the
iterative solver see :mod:`coursekit.numerical_ik`; the PUMA 560 closed form is in
:mod:`coursekit.puma_ik`.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from numpy.typing import ArrayLike

from ._validation import FloatArray, as_array, as_positive
from .kinematics import _check_robot
from .robot import SerialRobot
from .transforms import invert_transform

#: Relative tolerance that decides tangent cases (one solution instead of two).
GEOMETRY_TOL = 1e-10


@dataclass(frozen=True, eq=False)
class IKSolutions:
    """All closed-form solutions of one inverse kinematics problem.

    ``q`` has one row per branch (shape (k, n), k = 0 when unreachable),
    ``branches`` names each row, ``reachable`` says whether there is any
    solution and ``message`` explains the result in a sentence.
    """

    q: FloatArray
    branches: tuple[str, ...]
    reachable: bool
    message: str

    def __post_init__(self) -> None:
        q = np.array(self.q, dtype=np.float64)
        q.flags.writeable = False
        object.__setattr__(self, "q", q)
        object.__setattr__(self, "branches", tuple(self.branches))
        if q.ndim != 2 or q.shape[0] != len(self.branches):
            msg = (
                f"q must have one row per branch, got shape {q.shape} "
                f"for {len(self.branches)} branches."
            )
            raise ValueError(msg)

    def __len__(self) -> int:
        return len(self.branches)


def _wrap(angle: ArrayLike) -> FloatArray:
    """Angles wrapped to (-pi, pi]."""
    return np.pi - np.mod(np.pi - np.asarray(angle, dtype=np.float64), 2.0 * np.pi)


def _unreachable(n: int, message: str) -> IKSolutions:
    return IKSolutions(np.empty((0, n)), (), False, message)


def solve_trig_equation(a: float, b: float, c: float, tol: float = GEOMETRY_TOL) -> FloatArray:
    """Solutions theta in (-pi, pi] of ``a cos(theta) + b sin(theta) = c``.

    With rho = sqrt(a^2 + b^2) there are two solutions when |c| < rho, one
    when |c| = rho (within the relative tolerance ``tol``) and none when
    |c| > rho: the result is an array of 2, 1 or 0 angles. The "+" root comes
    first: theta = ATAN2(c, +-sqrt(rho^2 - c^2)) - ATAN2(a, b).

    Raises ValueError when a = b = 0: the equation then reads 0 = c, which
    holds for every theta or for none, so there is nothing to solve for.

    References: Duysinx-Geradin (5.10.7)-(5.10.11).

    >>> np.rad2deg(solve_trig_equation(1.0, 0.0, 0.5)).round(6)  # cos(theta) = 1/2
    array([-60.,  60.])
    >>> solve_trig_equation(1.0, 1.0, 2.0)  # |c| > sqrt(2): no solution
    array([], dtype=float64)
    """
    a, b, c = (float(as_array(v, (), name)) for v, name in ((a, "a"), (b, "b"), (c, "c")))
    tol = as_positive(tol, "tol")
    rho = float(np.hypot(a, b))
    if rho == 0.0:
        msg = (
            "a and b must not both be zero: the equation then reads 0 = c, "
            f"true for every theta or for none (c = {c})."
        )
        raise ValueError(msg)
    ratio = c / rho
    shift = np.arctan2(a, b)
    if abs(ratio) > 1.0 + tol:
        return np.empty(0)
    if abs(ratio) >= 1.0 - tol:
        return _wrap([np.arctan2(np.sign(c), 0.0) - shift])
    root = np.sqrt(1.0 - ratio**2)
    return _wrap([np.arctan2(ratio, root) - shift, np.arctan2(ratio, -root) - shift])


# --- planar arms --------------------------------------------------------------------------


@dataclass(frozen=True)
class _PlanarChain:
    """A planar nR arm in its own frame {0}.

    The tool point is p = b + sum_k R(phi_k) v_k with phi_k = sum_{i<=k} (q_i + offset_i).
    """

    T_0_w: FloatArray  # world -> {0}
    b: FloatArray  # (2,) position of joint 1 in {0}
    v: FloatArray  # (n, 2) link vectors, each in the frame of its link
    offsets: FloatArray  # (n,) constant theta of each row
    height: float  # z of the tool point in {0}
    tool_angle: float  # angle of the tool x-axis in the last link's x-y plane
    tool_is_planar: bool
    base_is_horizontal: bool


def _planar_chain(robot: SerialRobot, n: int, caller: str) -> _PlanarChain:
    robot = _check_robot(robot)
    what = f"{caller} needs a planar {n}R arm ({n} revolute joints, every alpha = 0, any d)"
    if robot.n_joints != n:
        msg = f"{what}; {robot.label} has {robot.n_joints} joints."
        raise ValueError(msg)
    for i, link in enumerate(robot.links, start=1):
        if not link.is_revolute:
            msg = f"{what}; joint {i} of {robot.label} is {link.joint}."
            raise ValueError(msg)
        if abs(np.sin(link.alpha)) > 1e-12 or np.cos(link.alpha) < 0:
            msg = f"{what}; link {i} of {robot.label} has alpha = {np.rad2deg(link.alpha):g} deg."
            raise ValueError(msg)
    a = np.array([link.a for link in robot.links])
    tool = robot.tool
    v = np.zeros((n, 2))
    if robot.convention == "standard":
        b = np.zeros(2)
        v[:, 0] = a
    else:  # modified DH: the first a_{i-1} fixes joint 1 on x_0, the others are link lengths
        b = np.array([a[0], 0.0])
        v[:-1, 0] = a[1:]
    v[-1] += tool[:2, 3]
    base = robot.base
    return _PlanarChain(
        T_0_w=invert_transform(base),
        b=b,
        v=v,
        offsets=np.array([link.theta for link in robot.links]),
        height=float(sum(link.d for link in robot.links) + tool[2, 3]),
        tool_angle=float(np.arctan2(tool[1, 0], tool[0, 0])),
        tool_is_planar=bool(tool[2, 2] > 1.0 - 1e-12),
        base_is_horizontal=bool(abs(base[2, 2]) > 1.0 - 1e-12),
    )


def _point_in_plane(chain: _PlanarChain, p: ArrayLike, name: str, caller: str) -> FloatArray:
    """World point (x, y) or (x, y, z) as (x0, y0, z0) in the arm's frame {0}."""
    p = as_array(p, (None,), name)
    if p.size not in (2, 3):
        msg = f"{name} must be a point (x, y) or (x, y, z) in metres, got shape {p.shape}."
        raise ValueError(msg)
    if p.size == 2 and not chain.base_is_horizontal:
        msg = (
            f"{caller} with (x, y) needs the arm's plane parallel to the world x-y plane, "
            "but robot.base tilts it; give the target as (x, y, z)."
        )
        raise ValueError(msg)
    p_0 = chain.T_0_w[:3, :3] @ np.append(p, 0.0)[:3] + chain.T_0_w[:3, 3]
    if p.size == 2:
        p_0[2] = chain.height  # the plane is horizontal, so the z of (x, y) is free
    return p_0


def _two_link(
    chain: _PlanarChain, w: FloatArray, point: str
) -> tuple[list[list[float]], list[str], str]:
    """Absolute angles [phi1, phi2] of links 1 and 2 that reach ``w`` (in {0}), labels, and a note.

    Without a solution the lists are empty and the note says why.
    """
    v1, v2 = chain.v[0], chain.v[1]
    l1, l2 = float(np.hypot(*v1)), float(np.hypot(*v2))
    if min(l1, l2) == 0.0:
        msg = f"both links need a nonzero length, got l1 = {l1:g} m and l2 = {l2:g} m."
        raise ValueError(msg)
    r = float(np.hypot(*w))
    cos_elbow = (r**2 - l1**2 - l2**2) / (2.0 * l1 * l2)  # Duysinx-Geradin (3.2.5), erratum E5
    if cos_elbow > 1.0 + GEOMETRY_TOL:
        return [], [], (
            f"{point} is {r:.3f} m from joint 1, beyond the reach l1 + l2 = {l1 + l2:.3f} m."
        )
    if cos_elbow < -1.0 - GEOMETRY_TOL:
        return [], [], (
            f"{point} is {r:.3f} m from joint 1, inside the unreachable disc of radius "
            f"|l1 - l2| = {abs(l1 - l2):.3f} m."
        )
    if cos_elbow >= 1.0 - GEOMETRY_TOL:
        elbows, labels = [0.0], ["stretched"]
    elif cos_elbow <= -1.0 + GEOMETRY_TOL:
        elbows, labels = [np.pi], ["folded"]
    else:
        elbows, labels = [np.arccos(cos_elbow), -np.arccos(cos_elbow)], ["elbow down", "elbow up"]
    # v1, v2 may be bent (tool offsets): their own directions add to the link angles.
    bend1, bend2 = np.arctan2(v1[1], v1[0]), np.arctan2(v2[1], v2[0])
    note = ""
    if r <= GEOMETRY_TOL * (l1 + l2):
        note = f" {point} is on the axis of joint 1: any q1 works, q1 = 0 was chosen (erratum E8)."
    angles = []
    for elbow in elbows:
        # Direction of v1: Duysinx-Geradin (3.2.8) written with ATAN2 and measured from x_0.
        direction = np.arctan2(w[1], w[0]) - np.arctan2(l2 * np.sin(elbow), l1 + l2 * np.cos(elbow))
        if note:
            direction = chain.offsets[0] + bend1
        angles.append([direction - bend1, direction + elbow - bend2])
    return angles, labels, note


def _planar_joints(chain: _PlanarChain, phis: list[float]) -> FloatArray:
    """Joint values from the absolute link angles phi_k = sum_i<=k (q_i + offset_i)."""
    return _wrap(np.diff(np.concatenate([[0.0], phis])) - chain.offsets)


def planar_2r_ik(robot: SerialRobot, p: ArrayLike) -> IKSolutions:
    """Joint angles that put the tool point of a planar 2R arm at ``p``: both elbow branches.

    ``p`` is the target in the world frame, ``(x, y)`` (the arm's plane must then be
    parallel to the world x-y plane) or ``(x, y, z)`` (z must lie in the arm's plane).
    l1 and l2 are read from the robot: any 2R arm with alpha = 0 in standard or
    modified DH works, with its base, constant offsets and a tool offset (which
    lengthens link 2 to l2 = |v2|). Branches are ``"elbow down"`` (positive elbow
    angle, about z_0) and ``"elbow up"``; a target on the boundary of the
    workspace has one solution, ``"stretched"`` or ``"folded"``.

    References: Duysinx-Geradin (3.2.3)-(3.2.9), errata E5, E6, E8.

    >>> from coursekit.models import planar_2r
    >>> solutions = planar_2r_ik(planar_2r(1.0, 1.0), [1.0, 1.0])
    >>> solutions.branches, np.rad2deg(solutions.q).round(6)
    (('elbow down', 'elbow up'), array([[  0.,  90.],
           [ 90., -90.]]))
    >>> print(planar_2r_ik(planar_2r(1.0, 1.0), [2.5, 0.0]).message)
    The target is 2.500 m from joint 1, beyond the reach l1 + l2 = 2.000 m.
    """
    chain = _planar_chain(robot, 2, "planar_2r_ik")
    p_0 = _point_in_plane(chain, p, "p", "planar_2r_ik")
    off_plane = p_0[2] - chain.height
    if abs(off_plane) > GEOMETRY_TOL * (1.0 + float(np.abs(chain.v).sum())):
        message = f"The target is {abs(off_plane):.3f} m off the arm's plane of motion."
        return _unreachable(2, message)
    angles, labels, note = _two_link(chain, p_0[:2] - chain.b, "The target")
    if not angles:
        return _unreachable(2, note)
    q = [_planar_joints(chain, phis) for phis in angles]
    return IKSolutions(np.array(q), tuple(labels), True, _count(labels) + note)


def planar_3r_ik(robot: SerialRobot, x: float, y: float, phi: float) -> IKSolutions:
    """Joint angles that give the tool of a planar 3R arm the position (x, y) and angle ``phi``.

    ``x``, ``y`` are world coordinates of the tool point (the arm's plane must be
    parallel to the world x-y plane). ``phi`` is the tool angle as the arm counts
    it: from the x-axis of the base frame {0}, positive about the joint axes, so
    phi = q1 + q2 + q3 for an arm without offsets. For Craig's ``planar_3r()``
    that is the usual angle from the world x-axis; for ``planar_3r_duysinx()``
    it is the book's angle from the vertical. The solution goes through the
    wrist point (the origin of the last link's frame, one hand length back from
    the tool) and the 2R solution of the first two links. Branches are
    ``"elbow down"``/``"elbow up"`` as in :func:`planar_2r_ik`.

    References: Duysinx-Geradin (3.2.3)-(3.2.10), errata E5-E8; Craig Ch. 5 Programming
    Exercise 3 uses it (two solutions for a wrist goal).

    >>> from coursekit.models import planar_3r_duysinx
    >>> solutions = planar_3r_ik(planar_3r_duysinx(), 1.414162, 1.714502, np.deg2rad(45.0))
    >>> np.rad2deg(solutions.q).round(3)
    array([[ 30.  ,  45.  , -30.  ],
           [ 69.73, -45.  ,  20.27]])
    """
    chain = _planar_chain(robot, 3, "planar_3r_ik")
    if not chain.tool_is_planar:
        msg = "planar_3r_ik needs a planar tool (turned about z_3 only), but robot.tool tilts it."
        raise ValueError(msg)
    phi = float(as_array(phi, (), "phi"))
    p_0 = _point_in_plane(chain, [x, y], "(x, y)", "planar_3r_ik")
    phi3 = phi - chain.tool_angle  # absolute angle of link 3
    c, s = np.cos(phi3), np.sin(phi3)
    v3 = chain.v[2]
    wrist = p_0[:2] - chain.b - np.array([c * v3[0] - s * v3[1], s * v3[0] + c * v3[1]])
    angles, labels, note = _two_link(chain, wrist, "The wrist point")
    if not angles:
        return _unreachable(3, note)
    q = [_planar_joints(chain, [*phis, phi3]) for phis in angles]
    return IKSolutions(np.array(q), tuple(labels), True, _count(labels) + note)


def _count(labels: tuple[str, ...] | list[str]) -> str:
    if len(labels) == 1:
        return f"1 solution ({labels[0]})."
    return f"{len(labels)} solutions: " + "; ".join(labels) + "."
