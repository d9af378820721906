"""Test utility: the same SerialRobot rebuilt in Pinocchio and in the Robotics Toolbox.

The peer libraries are independent oracles for the tests only (coursekit never
imports them). Both builders carry the whole model over: DH geometry in either
convention, base and tool transforms, gravity, and each link's mass, centre of
mass (in link frame {i}) and inertia about the centre of mass (frame {i} axes).
Motor inertia, gearing and friction stay zero, as in coursekit.

The file name does not start with ``test_``, so pytest collects no tests from it;
the peer libraries are imported inside the functions so that collecting it for
doctests costs nothing.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from coursekit.dh import dh_transform, modified_dh_transform
from coursekit.robot import SerialRobot

#: Name of the Pinocchio frame placed at the tool (``robot.tool`` on the last link).
TOOL_FRAME = "tool"
#: Names of the Pinocchio frames placed at the DH link frames {1}..{n}: "link1", ...
LINK_FRAME = "link{}"


def split_link_transform(robot: SerialRobot, i: int) -> tuple[np.ndarray, np.ndarray]:
    """Constant transforms ``(A, B)`` with ``T_{i-1}_{i}(q) = A @ Screw_z(q) @ B`` for link ``i``.

    ``Screw_z`` is a rotation about (revolute) or a translation along (prismatic)
    the z-axis of the joint's own frame. Standard DH: the joint frame is {i-1},
    ``A = I`` and ``B`` is the whole row at q = 0. Modified DH: ``A = Rx(alpha) Tx(a)``
    and ``B = Rz(theta) Tz(d)``, so {i} = joint frame moved by ``B``.
    """
    link = robot.links[i]
    if robot.convention == "standard":
        return np.eye(4), dh_transform(link.a, link.alpha, link.d, link.theta)
    A = modified_dh_transform(link.a, link.alpha, 0.0, 0.0)
    B = modified_dh_transform(0.0, 0.0, link.d, link.theta)
    return A, B


def pinocchio_model(robot: SerialRobot) -> Any:
    """A ``pin.Model`` with one joint per link (``JointModelRZ`` or ``JointModelPZ``).

    Joint i's frame (``data.oMi[i]``) is the DH frame its axis is the z-axis of:
    {i-1} moved by the joint for standard DH, {i} before its constant ``B`` part for
    modified DH. The placement between two joint frames is the constant part of the
    DH chain between them (``B_{i} @ A_{i+1}``, see :func:`split_link_transform`).
    Link frame {i} is ``oMi[i] @ B_i``, added as the frame ``LINK_FRAME.format(i)``;
    the frame :data:`TOOL_FRAME` sits at ``oMi[n] @ B_n @ robot.tool``. Gravity is
    ``robot.gravity`` turned into the world frame.
    """
    import pinocchio as pin

    model = pin.Model()
    model.name = robot.label
    parent, placement = 0, np.asarray(robot.base)
    for i, link in enumerate(robot.links):
        A, B = split_link_transform(robot, i)
        joint = pin.JointModelRZ() if link.is_revolute else pin.JointModelPZ()
        parent = model.addJoint(parent, joint, pin.SE3(placement @ A), f"joint{i + 1}")
        # Body i: its COM and inertia are given in link frame {i} = joint frame @ B.
        body = pin.Inertia(link.mass, np.asarray(link.com), np.asarray(link.inertia))
        model.appendBodyToJoint(parent, body, pin.SE3(B))
        frame = pin.Frame(LINK_FRAME.format(i + 1), parent, 0, pin.SE3(B), pin.FrameType.OP_FRAME)
        model.addFrame(frame)
        placement = B
    tool = pin.Frame(TOOL_FRAME, parent, 0, pin.SE3(placement @ robot.tool), pin.FrameType.OP_FRAME)
    model.addFrame(tool)
    model.gravity = pin.Motion(np.asarray(robot.base)[:3, :3] @ robot.gravity, np.zeros(3))
    return model


def rtb_robot(robot: SerialRobot) -> Any:
    """A ``roboticstoolbox.DHRobot`` with the same DH table, base, tool and mass properties.

    For prismatic links the toolbox's ``theta`` is the constant angle and its
    ``offset`` is added to the joint variable (coursekit's ``Link.d``); for revolute
    links ``offset`` is coursekit's ``Link.theta``. Gravity is ``robot.gravity`` turned
    into the world frame, which is how the toolbox reads it.
    """
    import roboticstoolbox as rtb

    modified = robot.convention == "modified"
    revolute_link = rtb.RevoluteMDH if modified else rtb.RevoluteDH
    prismatic_link = rtb.PrismaticMDH if modified else rtb.PrismaticDH
    links = []
    for link in robot.links:
        mass = {
            "m": link.mass,
            "r": np.array(link.com),
            "I": np.array(link.inertia),
            "Jm": 0.0,
            "B": 0.0,
            "Tc": np.zeros(2),
            "G": 1.0,
        }
        if link.is_revolute:
            links.append(
                revolute_link(a=link.a, alpha=link.alpha, d=link.d, offset=link.theta, **mass)
            )
        else:
            links.append(
                prismatic_link(a=link.a, alpha=link.alpha, theta=link.theta, offset=link.d, **mass)
            )
    return rtb.DHRobot(
        links,
        name=robot.label,
        base=np.array(robot.base),
        tool=np.array(robot.tool),
        # The toolbox, like Pinocchio, takes gravity in the world frame.
        gravity=np.asarray(robot.base)[:3, :3] @ robot.gravity,
    )
