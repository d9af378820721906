"""The robot model as data: :class:`Link` rows and the :class:`SerialRobot` they form.

A robot holds no joint state: every algorithm is a function ``f(robot, q, ...)``.
Each robot declares its DH convention, and every algorithm follows it; see
CONVENTIONS.md and :mod:`coursekit.dh`.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import Literal

import numpy as np
from numpy.typing import ArrayLike

from ._validation import FloatArray, as_array, as_batch, as_choice, as_positive, as_transform

JointType = Literal["revolute", "prismatic"]
Convention = Literal["standard", "modified"]
JOINT_TYPES = ("revolute", "prismatic")
CONVENTIONS = ("standard", "modified")


def _frozen(array: FloatArray) -> FloatArray:
    array = np.array(array, dtype=np.float64)
    array.flags.writeable = False
    return array


@dataclass(frozen=True, eq=False)
class Link:
    """One row of a DH table plus the mass properties of the link it moves.

    The row is read in the convention of the robot that holds it: for a
    standard-DH robot ``a`` and ``alpha`` are a_i and alpha_i; for Craig's
    modified DH they are a_{i-1} and alpha_{i-1}. The joint variable adds to
    ``theta`` (revolute) or to ``d`` (prismatic); the stored value is a constant offset.

    ``com`` is the centre of mass in link frame {i}; ``inertia`` is the 3x3
    inertia tensor about the centre of mass, in the axes of frame {i}.
    ``qlim`` is ``(lower, upper)`` in rad (revolute) or m (prismatic), or None.

    >>> Link(a=0.5, alpha=0.0).joint
    'revolute'
    >>> Link(a=0.5, alpha=0.0, joint="revolut")
    Traceback (most recent call last):
    ...
    ValueError: joint must be one of 'revolute', 'prismatic', got 'revolut'.
    """

    a: float
    alpha: float
    d: float = 0.0
    theta: float = 0.0
    joint: JointType = "revolute"
    mass: float = 0.0
    com: FloatArray = field(default_factory=lambda: np.zeros(3))
    inertia: FloatArray = field(default_factory=lambda: np.zeros((3, 3)))
    qlim: tuple[float, float] | None = None

    def __post_init__(self) -> None:
        setattr_ = object.__setattr__
        for name in ("a", "alpha", "d", "theta"):
            setattr_(self, name, float(as_array(getattr(self, name), (), name)))
        as_choice(self.joint, JOINT_TYPES, "joint")
        setattr_(self, "mass", as_positive(self.mass, "mass", allow_zero=True))
        setattr_(self, "com", _frozen(as_array(self.com, (3,), "com")))
        inertia = as_array(self.inertia, (3, 3), "inertia")
        asymmetry = float(np.abs(inertia - inertia.T).max())
        if asymmetry > 1e-9 * max(1.0, float(np.abs(inertia).max())):
            msg = f"inertia must be symmetric, but inertia - inertia.T has entries up to {asymmetry:.2g}."
            raise ValueError(msg)
        eigenvalues = np.linalg.eigvalsh(inertia)
        if eigenvalues.min() < -1e-12 * max(1.0, float(eigenvalues.max())):
            msg = (
                "inertia must be positive semi-definite (a physical body), "
                f"got principal moments {np.round(eigenvalues, 6)}."
            )
            raise ValueError(msg)
        setattr_(self, "inertia", _frozen(inertia))
        if self.qlim is not None:
            lower, upper = as_array(self.qlim, (2,), "qlim")
            if not lower < upper:
                msg = f"qlim must be (lower, upper) with lower < upper, got {(lower, upper)}."
                raise ValueError(msg)
            setattr_(self, "qlim", (float(lower), float(upper)))

    @property
    def is_revolute(self) -> bool:
        """True for a revolute joint."""
        return self.joint == "revolute"


@dataclass(frozen=True, eq=False)
class SerialRobot:
    """An open chain of links, described by its DH table in a declared convention.

    ``gravity`` is the gravitational acceleration in the base frame {0}
    (default (0, 0, -9.81) m/s^2). ``base`` is the pose of {0} in the world
    frame and ``tool`` the pose of the tool frame in the last link frame {n}.

    >>> robot = SerialRobot([Link(1.0, 0.0), Link(1.0, 0.0)], name="planar 2R")
    >>> robot.n_joints, robot.convention
    (2, 'standard')
    >>> robot.as_joint_vector([0.1, 0.2, 0.3])
    Traceback (most recent call last):
    ...
    ValueError: q needs one value per joint: planar 2R has 2 joints, got shape (3,).
    """

    links: tuple[Link, ...]
    convention: Convention = "standard"
    gravity: FloatArray = field(default_factory=lambda: np.array([0.0, 0.0, -9.81]))
    base: FloatArray = field(default_factory=lambda: np.eye(4))
    tool: FloatArray = field(default_factory=lambda: np.eye(4))
    name: str = ""

    def __post_init__(self) -> None:
        setattr_ = object.__setattr__
        links = tuple(self.links)
        if not links:
            msg = "links must hold at least one Link, got none."
            raise ValueError(msg)
        for i, link in enumerate(links):
            if not isinstance(link, Link):
                msg = f"links[{i}] must be a coursekit Link, got {type(link).__name__}."
                raise TypeError(msg)
        setattr_(self, "links", links)
        as_choice(self.convention, CONVENTIONS, "convention")
        setattr_(self, "gravity", _frozen(as_array(self.gravity, (3,), "gravity")))
        setattr_(self, "base", _frozen(as_transform(self.base, "base")))
        setattr_(self, "tool", _frozen(as_transform(self.tool, "tool")))
        if not isinstance(self.name, str):
            msg = f"name must be a string, got {type(self.name).__name__}."
            raise TypeError(msg)

    @property
    def n_joints(self) -> int:
        """Number of joints (one per link)."""
        return len(self.links)

    @property
    def label(self) -> str:
        """The robot's name, or a description of it when it has none."""
        return self.name or f"this {self.n_joints}-joint robot"

    @property
    def joint_types(self) -> tuple[JointType, ...]:
        """``'revolute'`` or ``'prismatic'`` for each joint."""
        return tuple(link.joint for link in self.links)

    @cached_property
    def dh_columns(self) -> tuple[FloatArray, FloatArray, FloatArray, FloatArray, FloatArray]:
        """The DH table as arrays ``(a, alpha, d, theta, is_revolute)``, one entry per joint.

        Computed once per robot (the robot is immutable) so that vectorised
        kinematics need not loop over Link objects.
        """
        columns = [
            _frozen(np.array([getattr(link, name) for link in self.links]))
            for name in ("a", "alpha", "d", "theta")
        ]
        revolute = np.array([link.is_revolute for link in self.links])
        revolute.flags.writeable = False
        return columns[0], columns[1], columns[2], columns[3], revolute

    @property
    def joint_limits(self) -> FloatArray:
        """Joint limits as an (n, 2) array; a joint without limits has (-inf, inf)."""
        return np.array(
            [link.qlim if link.qlim is not None else (-np.inf, np.inf) for link in self.links]
        )

    def as_joint_vector(self, q: ArrayLike, name: str = "q") -> FloatArray:
        """Return ``q`` as a float array of shape (n,) or a batch (..., n), or explain the mismatch."""
        try:
            return as_batch(q, (self.n_joints,), name)
        except ValueError as error:
            if "finite" in str(error):
                raise
            shape = np.shape(q)
            msg = (
                f"{name} needs one value per joint: {self.label} has {self.n_joints} joints, "
                f"got shape {shape}."
            )
            raise ValueError(msg) from None

    def with_tool(self, tool: ArrayLike) -> SerialRobot:
        """The same robot with another tool transform ``T_n_tool``."""
        return replace(self, tool=tool)

    def with_base(self, base: ArrayLike) -> SerialRobot:
        """The same robot with another base transform ``T_world_0``."""
        return replace(self, base=base)

    def __str__(self) -> str:
        modified = self.convention == "modified"
        title = "modified (Craig, proximal)" if modified else "standard (distal)"
        head = ("a_{i-1}", "alpha_{i-1}") if modified else ("a_i", "alpha_i")
        rows = [
            f"{self.label}: {self.n_joints} joints, {title} DH; lengths in m, angles in deg",
            f"{'joint':>5}  {'type':<9}  {head[0]:>9}  {head[1]:>11}  {'d_i':>14}  {'theta_i':>14}",
        ]
        for i, link in enumerate(self.links, start=1):
            theta = f"{np.rad2deg(link.theta):g}"
            d = f"{link.d:g}"
            if link.is_revolute:
                theta = f"q{i}" if link.theta == 0 else f"q{i} + {theta}"
            else:
                d = f"q{i}" if link.d == 0 else f"q{i} + {d}"
            rows.append(
                f"{i:>5}  {link.joint:<9}  {link.a:>9g}  {np.rad2deg(link.alpha):>11g}"
                f"  {d:>14}  {theta:>14}"
            )
        return "\n".join(rows)

    def __repr__(self) -> str:
        return f"SerialRobot(name={self.name!r}, n_joints={self.n_joints}, convention={self.convention!r})"
