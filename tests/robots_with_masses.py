"""Robots of the catalogue with mass data added, shared by the symbolic-dynamics tests (a test utility)."""

from dataclasses import replace

import numpy as np

from coursekit import models
from coursekit.robot import Link, SerialRobot


def craig_2r():
    """Craig's frames (modified DH) for the 2R arm: each point mass at l_i along x_i."""
    links = (
        Link(0.0, 0.0, mass=1.0, com=(1.0, 0.0, 0.0)),
        Link(1.0, 0.0, mass=2.0, com=(0.8, 0.0, 0.0)),
    )
    return SerialRobot(links, convention="modified", gravity=(0.0, -9.81, 0.0), name="Craig 2R")


def planar_3r_with_masses():
    """Craig's planar 3R (modified DH, L = 4, 3, 2 m) with uniform rods added, com at mid-link."""
    robot = models.planar_3r()
    lengths, masses = (4.0, 3.0, 2.0), (2.0, 1.5, 1.0)
    links = [
        replace(
            link, mass=m, com=(length / 2, 0, 0), inertia=np.diag([0, 1, 1]) * m * length**2 / 12
        )
        for link, m, length in zip(robot.links, masses, lengths, strict=True)
    ]
    return replace(robot, links=links)


def scara_with_masses():
    """The Cobra 600 SCARA (RRPR) with masses, offset centres of mass and full inertia tensors."""
    data = [
        (
            2.0,
            (-0.15, 0.01, 0.02),
            [[0.02, 0.001, -0.002], [0.001, 0.03, 0.003], [-0.002, 0.003, 0.025]],
        ),
        (
            1.5,
            (-0.12, -0.01, 0.03),
            [[0.01, -0.002, 0.001], [-0.002, 0.02, 0.0], [0.001, 0.0, 0.015]],
        ),
        (0.5, (0.01, 0.0, -0.05), [[0.004, 0.0, 0.0005], [0.0, 0.004, 0.0], [0.0005, 0.0, 0.001]]),
        (0.2, (0.0, 0.01, 0.02), [[3e-4, 0.0, 0.0], [0.0, 2e-4, 1e-5], [0.0, 1e-5, 1e-4]]),
    ]
    robot = models.scara()
    links = [
        replace(link, mass=m, com=c, inertia=np.array(I))
        for link, (m, c, I) in zip(robot.links, data, strict=True)
    ]
    return replace(robot, links=links)
