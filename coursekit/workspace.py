"""Workspaces: the five basic arms of Duysinx-Geradin section 2.7, their volumes, the 2R swept area.

Section 2.7.2 compares arms whose members all have length ``L``, whose
revolute joints turn through 360 degrees and whose prismatic joints slide by
``L``. The tool point then sweeps

=========  ==========================================  ===============
arm        workspace                                   volume
=========  ==========================================  ===============
PPP        cube of side L                              L^3
RPP        square-section torus, radii L to 2L         3 pi L^3
RRP        hollow sphere, radii L to 2L                28 pi L^3 / 3
SCARA      cylinder of radius 2L and height L          4 pi L^3
RRR        sphere of radius 2L                         32 pi L^3 / 3
=========  ==========================================  ===============

(the book labels the SCARA cylinder "RPR", Fig. 2.7.4; the model here is the
usual RRP SCARA with two parallel vertical revolute axes). :func:`basic_arm`
builds each as a :class:`~coursekit.robot.SerialRobot` with those joint limits,
:func:`is_reachable_by_basic_arm` tests points by the arm's inverse position kinematics, and
:func:`workspace_volume_monte_carlo` estimates the volume by hit or miss.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import ArrayLike

from ._validation import FloatArray, as_array, as_batch, as_choice, as_positive
from .kinematics import _check_robot, forward_kinematics
from .robot import Link, SerialRobot

ARCHITECTURES = ("PPP", "RPP", "RRP", "RRR", "SCARA")

_FULL_TURN = (-np.pi, np.pi)


def _architecture(architecture: str) -> str:
    return as_choice(architecture, ARCHITECTURES, "architecture")


def _generator(rng: np.random.Generator | int | None) -> np.random.Generator:
    if isinstance(rng, np.random.Generator):
        return rng
    if rng is None or (isinstance(rng, (int, np.integer)) and not isinstance(rng, bool)):
        return np.random.default_rng(rng)
    msg = f"rng must be a numpy Generator, an int seed or None, got {type(rng).__name__}."
    raise TypeError(msg)


def basic_arm(architecture: str, L: float = 1.0) -> SerialRobot:
    """One of the five basic positioning arms of section 2.7 as a standard-DH robot.

    ``architecture`` is ``"PPP"``, ``"RPP"``, ``"RRP"``, ``"RRR"`` or ``"SCARA"``.
    Revolute joints have limits (-pi, pi); prismatic joints slide by ``L`` (m),
    over (0, L), or over (L, 2L) for the radial joint of RPP and RRP, whose
    member is L long before it extends. The first revolute joint of RRP, RRR
    and SCARA sits at height L on a base column. The tool point is the origin
    of the last frame.

    References: Duysinx-Geradin section 2.6.3, Figs 2.6.2, 2.6.3, 2.7.1-2.7.5.

    >>> robot = basic_arm("RRR", L=0.5)
    >>> forward_kinematics(robot, [0.0, 0.0, 0.0])[:3, 3]
    array([1. , 0. , 0.5])
    """
    arch = _architecture(architecture)
    L = as_positive(L, "L")
    stroke, extension = (0.0, L), (L, 2.0 * L)
    half_pi = np.pi / 2
    if arch == "PPP":
        # Slides along z, then y, then x of the base: p = (d3, d2, d1).
        links = (
            Link(0.0, -half_pi, joint="prismatic", qlim=stroke),
            Link(0.0, half_pi, theta=half_pi, joint="prismatic", qlim=stroke),
            Link(0.0, 0.0, joint="prismatic", qlim=stroke),
        )
    elif arch == "RPP":
        links = (
            Link(0.0, 0.0, qlim=_FULL_TURN),
            Link(0.0, -half_pi, joint="prismatic", qlim=stroke),
            Link(0.0, 0.0, joint="prismatic", qlim=extension),
        )
    elif arch == "RRP":
        links = (
            Link(0.0, -half_pi, d=L, qlim=_FULL_TURN),
            Link(0.0, half_pi, qlim=_FULL_TURN),
            Link(0.0, 0.0, joint="prismatic", qlim=extension),
        )
    elif arch == "RRR":
        links = (
            Link(0.0, half_pi, d=L, qlim=_FULL_TURN),
            Link(L, 0.0, qlim=_FULL_TURN),
            Link(L, 0.0, qlim=_FULL_TURN),
        )
    else:
        links = (
            Link(L, 0.0, d=L, qlim=_FULL_TURN),
            Link(L, 0.0, qlim=_FULL_TURN),
            Link(0.0, 0.0, joint="prismatic", qlim=stroke),
        )
    return SerialRobot(links, name=f"{arch} arm")


def workspace_volume(architecture: str, L: float = 1.0) -> float:
    """Closed-form volume (m^3) of the position workspace of a basic arm with member length ``L``.

    References: Duysinx-Geradin Figs 2.7.1-2.7.5.

    >>> round(workspace_volume("RRR", L=0.5), 6)
    4.18879
    """
    arch = _architecture(architecture)
    L = as_positive(L, "L")
    factor = {
        "PPP": 1.0,
        "RPP": 3.0 * np.pi,
        "RRP": 28.0 * np.pi / 3.0,
        "RRR": 32.0 * np.pi / 3.0,
        "SCARA": 4.0 * np.pi,
    }[arch]
    return float(factor * L**3)


def _bounding_box(arch: str, L: float) -> tuple[FloatArray, FloatArray]:
    reach = 2.0 * L
    low_z, high_z = {"PPP": (0.0, L), "RPP": (0.0, L), "SCARA": (L, 2.0 * L)}.get(
        arch, (-L, 3.0 * L)
    )
    if arch == "PPP":
        return np.zeros(3), np.full(3, L)
    return np.array([-reach, -reach, low_z]), np.array([reach, reach, high_z])


def is_reachable_by_basic_arm(architecture: str, points: ArrayLike, L: float = 1.0) -> FloatArray:
    """Whether the tool point of :func:`basic_arm` reaches each point: bool array of shape (...,).

    Each test is the condition for the arm's inverse position kinematics to
    have a solution within the joint limits, e.g. for RRR the distance from
    the shoulder (0, 0, L) is at most 2L (elbow fully stretched), and for RPP
    the horizontal radius must lie in [L, 2L] and the height in [0, L].
    ``points`` has shape (..., 3), in m.

    >>> is_reachable_by_basic_arm("RRP", [[0.0, 0.0, 2.5], [0.0, 0.0, 1.2]])
    array([ True, False])
    """
    arch = _architecture(architecture)
    L = as_positive(L, "L")
    p = as_batch(points, (3,), "points")
    x, y, z = p[..., 0], p[..., 1], p[..., 2]
    radius_xy = np.hypot(x, y)
    from_shoulder = np.sqrt(radius_xy**2 + (z - L) ** 2)
    if arch == "PPP":
        return np.all((p >= 0.0) & (p <= L), axis=-1)
    if arch == "RPP":
        return (radius_xy >= L) & (radius_xy <= 2.0 * L) & (z >= 0.0) & (z <= L)
    if arch == "RRP":
        return (from_shoulder >= L) & (from_shoulder <= 2.0 * L)
    if arch == "RRR":
        return from_shoulder <= 2.0 * L
    return (radius_xy <= 2.0 * L) & (z >= L) & (z <= 2.0 * L)


def workspace_points(
    robot: SerialRobot, n_samples: int, rng: np.random.Generator | int | None = None
) -> FloatArray:
    """Tool points (n_samples, 3) of ``robot`` at joint values drawn uniformly within its limits.

    The cloud shows the shape of the workspace (its density is not uniform in
    space). Every joint needs finite limits. ``rng`` is a numpy Generator or a seed.

    >>> points = workspace_points(basic_arm("PPP"), 1000, rng=0)
    >>> points.shape, bool(points.min() >= 0.0), bool(points.max() <= 1.0)
    ((1000, 3), True, True)
    """
    robot = _check_robot(robot)
    if isinstance(n_samples, bool) or not isinstance(n_samples, (int, np.integer)) or n_samples < 1:
        msg = f"n_samples must be a whole number >= 1, got {n_samples!r}."
        raise ValueError(msg)
    limits = robot.joint_limits
    unlimited = ~np.all(np.isfinite(limits), axis=1)
    if np.any(unlimited):
        joint = int(np.argmax(unlimited)) + 1
        msg = (
            f"every joint needs finite limits to be sampled, but joint {joint} of "
            f"{robot.label} has none; give its Link a qlim."
        )
        raise ValueError(msg)
    q = _generator(rng).uniform(limits[:, 0], limits[:, 1], size=(int(n_samples), robot.n_joints))
    return forward_kinematics(robot, q)[:, :3, 3]


def workspace_volume_monte_carlo(
    architecture: str,
    L: float = 1.0,
    n_samples: int = 200_000,
    rng: np.random.Generator | int | None = None,
) -> float:
    """Hit-or-miss estimate of the workspace volume of a basic arm (m^3).

    Points drawn uniformly in a box around the workspace are tested with
    :func:`is_reachable_by_basic_arm`; the volume is the box volume times the fraction of
    hits. The relative standard error is about sqrt((1 - p) / (p n)) for a hit
    fraction p, under 1 % with the default 200 000 samples.

    >>> estimate = workspace_volume_monte_carlo("RRR", L=0.5, rng=1)
    >>> bool(abs(estimate / workspace_volume("RRR", L=0.5) - 1) < 0.01)
    True
    """
    arch = _architecture(architecture)
    L = as_positive(L, "L")
    if isinstance(n_samples, bool) or not isinstance(n_samples, (int, np.integer)) or n_samples < 1:
        msg = f"n_samples must be a whole number >= 1, got {n_samples!r}."
        raise ValueError(msg)
    low, high = _bounding_box(arch, L)
    points = _generator(rng).uniform(low, high, size=(int(n_samples), 3))
    hits = np.count_nonzero(is_reachable_by_basic_arm(arch, points, L))
    return float(np.prod(high - low) * hits / n_samples)


def swept_area_2r(
    l1: float, l2: float, theta1_range: ArrayLike, theta2_range: ArrayLike
) -> float:
    r"""Area (m^2) swept by the tip of a planar 2R arm within joint limits.

    .. math:: A = \iint |\det J|\, d\theta_1 d\theta_2
              = l_1 l_2 (\theta_{1M} - \theta_{1m})
                \int_{\theta_{2m}}^{\theta_{2M}} |\sin\theta_2|\, d\theta_2

    The integral is the geometric area only when each point is reached once,
    so ``theta1_range`` (rad, ``(low, high)``) may span at most one turn and
    ``theta2_range`` must not contain a multiple of pi inside it (elbow up and
    elbow down would then sweep the same points twice): split such ranges.
    For a fixed reach l1 + l2 the area is largest for l1 = l2, and for a fixed
    width of the elbow range when it is centred on 90 degrees.

    References: Duysinx-Geradin (2.7.6)-(2.7.12); the injectivity condition is an addition.

    >>> round(swept_area_2r(1.0, 1.0, (0.0, np.pi / 2), (np.pi / 4, 3 * np.pi / 4)), 6)
    2.221441
    """
    l1, l2 = as_positive(l1, "l1"), as_positive(l2, "l2")
    ranges = []
    for name, value in (("theta1_range", theta1_range), ("theta2_range", theta2_range)):
        low, high = as_array(value, (2,), name)
        if not low < high:
            msg = f"{name} must be (low, high) with low < high, got ({low}, {high})."
            raise ValueError(msg)
        ranges.append((float(low), float(high)))
    (t1_low, t1_high), (t2_low, t2_high) = ranges
    if t1_high - t1_low > 2.0 * np.pi * (1.0 + 1e-12):
        msg = f"theta1_range must span at most one turn (2 pi), got {t1_high - t1_low:.6g} rad."
        raise ValueError(msg)
    # Multiples of pi strictly inside, with a little slack for ends given as e.g. deg2rad(180).
    slack = 1e-12
    inside = np.arange(np.floor(t2_low / np.pi + slack) + 1.0, np.ceil(t2_high / np.pi - slack))
    inside = inside * np.pi
    if inside.size:
        msg = (
            f"theta2_range must not contain a multiple of pi inside it, got ({t2_low:.6g}, "
            f"{t2_high:.6g}) around {inside[0]:.6g}: both elbow branches would cover the same "
            "points. Split the range there and add the areas only if they do not overlap."
        )
        raise ValueError(msg)
    return float(l1 * l2 * (t1_high - t1_low) * abs(np.cos(t2_low) - np.cos(t2_high)))
