"""Cartesian straight-line paths: position by linear interpolation, orientation by SLERP, and
Taylor's bounded-deviation knot points.

Duysinx-Geradin section 3.3 contrasts linear interpolation in joint space
(3.3.1), cheap but not straight, with linear interpolation in Cartesian space
(3.3.2), and describes the bounded-deviation method (Taylor's algorithm,
Fig. 3.3.3): interpolate in joint space, and wherever the tool strays from the
straight line by more than a tolerance, insert the Cartesian midpoint as a new
knot (through inverse kinematics) and recurse on both halves.

**Beyond the source** for the orientation part: chapter 7 of the book is empty,
and section 4.12 only remarks that Euler parameters suit trajectory generation.
Quaternions are scalar first ``[w, x, y, z]`` (see :mod:`coursekit.quaternions`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

import numpy as np
from numpy.typing import ArrayLike

from ._validation import FloatArray, as_float_array, as_positive, as_transform, check_finite
from .kinematics import _check_robot, forward_kinematics
from .numerical_ik import inverse_kinematics as numerical_inverse_kinematics
from .quaternions import as_unit_quaternion, quaternion_from_rotation, rotation_from_quaternion
from .robot import SerialRobot

#: Below this angle (rad) between two quaternions SLERP falls back to normalised linear blending.
_SLERP_SMALL_ANGLE = 1e-8

InverseKinematics = Callable[[FloatArray, FloatArray], ArrayLike]


class PathKnots(NamedTuple):
    """Knots of a bounded-deviation path.

    ``q`` (k, n): joint values at the knots, first and last are the end points.
    ``s`` (k,): where each knot lies on the straight line, 0 at the start, 1 at the end.
    ``deviation``: the largest sampled distance (m) of the joint-interpolated tool
    path from the straight line, over all segments.
    """

    q: FloatArray
    s: FloatArray
    deviation: float


def _path_parameter(s: ArrayLike) -> FloatArray:
    fraction = check_finite(as_float_array(s, "s"), "s")
    if np.any((fraction < 0) | (fraction > 1)):
        msg = f"s must lie in [0, 1] (0 at the start, 1 at the end), got {fraction}."
        raise ValueError(msg)
    return fraction


def _slerp(e0: ArrayLike, e1: ArrayLike, s: ArrayLike) -> FloatArray:
    """Spherical linear interpolation between unit quaternions, along the shorter arc.

    ``e(s) = [sin((1-s) W) e0 + sin(s W) e1] / sin W`` with cos W = e0 . e1,
    after flipping e1 if needed so that W <= pi/2 (e and -e are one rotation).
    Shape ``s.shape + (4,)``. Private until :mod:`coursekit.quaternions` offers one.
    """
    start = as_unit_quaternion(e0, "e0")
    end = as_unit_quaternion(e1, "e1")
    fraction = _path_parameter(s)[..., None]
    cos_angle = float(start @ end)
    if cos_angle < 0.0:
        end, cos_angle = -end, -cos_angle
    angle = float(np.arccos(min(cos_angle, 1.0)))
    if angle < _SLERP_SMALL_ANGLE:
        blend = (1.0 - fraction) * start + fraction * end
        return blend / np.linalg.norm(blend, axis=-1, keepdims=True)
    weights_start = np.sin((1.0 - fraction) * angle) / np.sin(angle)
    weights_end = np.sin(fraction * angle) / np.sin(angle)
    return weights_start * start + weights_end * end


def straight_line_poses(T_start: ArrayLike, T_end: ArrayLike, s: ArrayLike) -> FloatArray:
    """Poses along the straight line from ``T_start`` to ``T_end`` at path fractions ``s``.

    The origin moves linearly, ``p(s) = (1 - s) p_start + s p_end`` (3.3.2), and
    the orientation turns about one fixed axis at a constant rate in ``s``
    (quaternion SLERP, the shorter way round). ``s`` in [0, 1], any shape;
    result ``s.shape + (4, 4)``. Time it with a scalar profile, e.g. a quintic
    from 0 to 1 (:func:`coursekit.trajectories.quintic_coefficients`).

    References: Duysinx-Geradin (3.3.2); SLERP is an extension (Craig section 7.5).

    >>> from coursekit.transforms import transform
    >>> from coursekit.rotations import rot_z
    >>> T = straight_line_poses(np.eye(4), transform(rot_z(np.pi / 2), [1.0, 0.0, 0.0]), 0.5)
    >>> T[:3, 3], bool(np.allclose(T[:3, :3], rot_z(np.pi / 4)))
    (array([0.5, 0. , 0. ]), True)
    """
    T_start = as_transform(T_start, "T_start")
    T_end = as_transform(T_end, "T_end")
    fraction = _path_parameter(s)
    e_start = quaternion_from_rotation(T_start[:3, :3])
    e = _slerp(e_start, quaternion_from_rotation(T_end[:3, :3]), fraction)
    poses = np.zeros(fraction.shape + (4, 4))
    poses[..., :3, :3] = rotation_from_quaternion(e)
    f = fraction[..., None]
    poses[..., :3, 3] = (1.0 - f) * T_start[:3, 3] + f * T_end[:3, 3]
    poses[..., 3, 3] = 1.0
    return poses


def _distance_to_segment(points: FloatArray, a: FloatArray, b: FloatArray) -> FloatArray:
    direction = b - a
    length_squared = float(direction @ direction)
    if length_squared == 0.0:
        return np.linalg.norm(points - a, axis=-1)
    u = np.clip((points - a) @ direction / length_squared, 0.0, 1.0)
    return np.linalg.norm(points - (a + u[:, None] * direction), axis=-1)


def _rotation_angles(R_a: FloatArray, R_b: FloatArray) -> FloatArray:
    cosine = (np.trace(np.swapaxes(R_a, -1, -2) @ R_b, axis1=-2, axis2=-1) - 1.0) / 2.0
    return np.arccos(np.clip(cosine, -1.0, 1.0))


def bounded_deviation_knots(
    robot: SerialRobot,
    q_start: ArrayLike,
    q_end: ArrayLike,
    tolerance: float,
    *,
    inverse_kinematics: InverseKinematics | None = None,
    position_only: bool = False,
    angle_tolerance: float | None = None,
    samples: int = 8,
    max_depth: int = 12,
) -> PathKnots:
    """Joint knots whose joint interpolation keeps the tool within ``tolerance`` of a straight line.

    The straight line runs from the tool pose at ``q_start`` to the one at
    ``q_end`` (:func:`straight_line_poses`). Each segment between two knots is
    checked at ``samples`` evenly spaced interior points; if the tool point is
    farther than ``tolerance`` (m) from the matching piece of the line (or, with
    ``angle_tolerance`` in rad, its orientation is farther from the SLERP
    orientation at the same fraction), the Cartesian midpoint becomes a knot and
    both halves are checked again. Taylor's algorithm as printed checks the
    midpoint only (``samples=1``); more samples make the bound hold between knots too.

    ``inverse_kinematics(T_target, q_near)`` returns joint values reaching the
    4x4 world pose ``T_target`` close to ``q_near`` (the joint-space midpoint,
    which keeps the branch). By default :func:`coursekit.inverse_kinematics` is
    used, position only when ``position_only=True`` (e.g. for a planar 2R arm,
    whose orientation follows from its position).

    References: Duysinx-Geradin section 3.3.2 and Fig. 3.3.3 (Taylor's algorithm).

    >>> from coursekit.models import planar_2r
    >>> knots = bounded_deviation_knots(planar_2r(), [0.3, 1.8], [1.2, 0.6], tolerance=0.01,
    ...                                 position_only=True)
    >>> len(knots.s), bool(knots.deviation <= 0.01)
    (5, True)
    """
    robot = _check_robot(robot)
    q_a = robot.as_joint_vector(q_start, "q_start")
    q_b = robot.as_joint_vector(q_end, "q_end")
    for name, q in (("q_start", q_a), ("q_end", q_b)):
        if q.ndim != 1:
            msg = f"{name} must be one joint vector of shape ({robot.n_joints},), got {q.shape}."
            raise ValueError(msg)
    tolerance = as_positive(tolerance, "tolerance")
    if position_only and angle_tolerance is not None:
        msg = "angle_tolerance must be None when position_only=True: orientation is not tracked."
        raise ValueError(msg)
    check_angle = angle_tolerance is not None
    angle_limit = as_positive(angle_tolerance, "angle_tolerance") if check_angle else np.inf
    for name, value, low in (("samples", samples, 1), ("max_depth", max_depth, 0)):
        if isinstance(value, bool) or not isinstance(value, (int, np.integer)) or value < low:
            msg = f"{name} must be a whole number >= {low}, got {value!r}."
            raise ValueError(msg)

    T_start, T_end = forward_kinematics(robot, q_a), forward_kinematics(robot, q_b)

    def solve(T_target: FloatArray, q_near: FloatArray) -> FloatArray:
        if inverse_kinematics is None:
            result = numerical_inverse_kinematics(
                robot, T_target, q_near, position_only=position_only
            )
            if not result.success:
                knot = T_target[:3, 3].round(6)
                msg = f"the knot at {knot} could not be reached: {result.message}"
                raise ValueError(msg)
            return result.q
        q = robot.as_joint_vector(inverse_kinematics(T_target, q_near), "inverse_kinematics(...)")
        miss = float(np.linalg.norm(forward_kinematics(robot, q)[:3, 3] - T_target[:3, 3]))
        if miss > 0.01 * tolerance:
            msg = (
                f"inverse_kinematics returned joints whose tool point is {miss:.3g} m from the "
                f"knot at {T_target[:3, 3].round(6)}; it must reach the knot."
            )
            raise ValueError(msg)
        return q

    u = np.arange(1, samples + 1) / (samples + 1)

    def deviation(q_a: FloatArray, s_a: float, q_b: FloatArray, s_b: float) -> tuple[float, float]:
        T = forward_kinematics(robot, (1.0 - u)[:, None] * q_a + u[:, None] * q_b)
        line = straight_line_poses(T_start, T_end, np.array([s_a, s_b]))
        distance = float(_distance_to_segment(T[:, :3, 3], line[0, :3, 3], line[1, :3, 3]).max())
        if not check_angle:
            return distance, 0.0
        R_line = straight_line_poses(T_start, T_end, s_a + u * (s_b - s_a))[:, :3, :3]
        return distance, float(_rotation_angles(R_line, T[:, :3, :3]).max())

    knots_q, knots_s, worst = [q_a], [0.0], 0.0
    # Depth-first over segments, left half first, so knots come out in path order.
    pending = [(q_a, 0.0, q_b, 1.0, 0)]
    while pending:
        q_left, s_left, q_right, s_right, depth = pending.pop()
        distance, angle = deviation(q_left, s_left, q_right, s_right)
        if distance <= tolerance and angle <= angle_limit:
            knots_q.append(q_right)
            knots_s.append(s_right)
            worst = max(worst, distance)
            continue
        if depth == max_depth:
            msg = (
                f"tolerance={tolerance:g} m could not be met within max_depth={max_depth} "
                f"halvings (deviation still {distance:.3g} m, {np.rad2deg(angle):.3g} deg near "
                f"s = {s_left:.4f}); the line may pass near a singularity. "
                "Raise tolerance or max_depth."
            )
            raise ValueError(msg)
        s_mid = (s_left + s_right) / 2.0
        q_mid = solve(straight_line_poses(T_start, T_end, s_mid), (q_left + q_right) / 2.0)
        pending.append((q_mid, s_mid, q_right, s_right, depth + 1))
        pending.append((q_left, s_left, q_mid, s_mid, depth + 1))
    return PathKnots(np.array(knots_q), np.array(knots_s), worst)
