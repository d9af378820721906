"""Random robots and states for property tests (a test utility, not a test file)."""

import numpy as np

from coursekit.robot import Link, SerialRobot
from coursekit.rotations import rotation_from_rotation_vector
from coursekit.transforms import transform


def random_inertia(rng, scale=0.1):
    """A physical inertia tensor: random principal axes, moments obeying the triangle inequality."""
    R = rotation_from_rotation_vector(rng.normal(size=3))
    a, b = rng.uniform(0.2, 1.0, 2) * scale
    c = rng.uniform(abs(a - b), a + b)
    return R @ np.diag([a, b, c]) @ R.T


def random_robot(rng, convention, joints="RRPRPR"):
    """A robot with random DH rows (offsets included), mass data, gravity, base and tool.

    ``joints`` spells the joint types, e.g. "RRPRPR".
    """
    links = [
        Link(
            a=rng.uniform(-0.5, 0.5),
            alpha=rng.uniform(-np.pi, np.pi),
            d=rng.uniform(-0.5, 0.5),
            theta=rng.uniform(-np.pi, np.pi),
            joint="revolute" if kind == "R" else "prismatic",
            mass=rng.uniform(0.5, 3.0),
            com=rng.uniform(-0.2, 0.2, 3),
            inertia=random_inertia(rng),
        )
        for kind in joints
    ]
    return SerialRobot(
        links,
        convention=convention,
        gravity=rng.normal(size=3) * 5,
        base=transform(rotation_from_rotation_vector(rng.normal(size=3)), rng.normal(size=3)),
        tool=transform(rotation_from_rotation_vector(rng.normal(size=3)), 0.1 * rng.normal(size=3)),
        name=f"random {convention}-DH {joints}",
    )


def random_joint_types(rng, n, prismatic_share=0.35):
    """A string such as "RPRRR" with about ``prismatic_share`` prismatic joints."""
    return "".join("P" if rng.random() < prismatic_share else "R" for _ in range(n))


def random_state(rng, n, size=()):
    """Random (q, qd, qdd), each of shape (*size, n)."""
    return rng.uniform(-2.0, 2.0, (3, *size, n))
