"""The robot model: validation of Link and SerialRobot, the printed DH table, immutability."""

import dataclasses

import numpy as np
import pytest

import coursekit as ck
from coursekit import models


def test_link_defaults_and_types():
    link = ck.Link(a=1, alpha=0)
    assert link.joint == "revolute" and link.is_revolute
    assert isinstance(link.a, float)
    assert link.com.shape == (3,) and link.inertia.shape == (3, 3)


@pytest.mark.parametrize(
    ("kwargs", "error", "message"),
    [
        ({"joint": "revolut"}, ValueError, "joint must be one of 'revolute', 'prismatic', got 'revolut'"),
        ({"mass": -1.0}, ValueError, r"mass must be >= 0, got -1.0"),
        ({"com": [0, 0]}, ValueError, r"com must have shape \(3,\), got shape \(2,\)"),
        ({"inertia": [[1, 2, 0], [0, 1, 0], [0, 0, 1]]}, ValueError, "inertia must be symmetric"),
        ({"inertia": np.diag([1.0, -2.0, 1.0])}, ValueError, "positive semi-definite"),
        ({"qlim": (1.0, -1.0)}, ValueError, r"qlim must be \(lower, upper\) with lower < upper"),
        ({"d": np.nan}, ValueError, "d must be finite"),
        ({"theta": "0"}, TypeError, "theta must be numeric, got the string '0'"),
    ],
)
def test_link_rejects_bad_values(kwargs, error, message):
    with pytest.raises(error, match=message):
        ck.Link(a=0.5, alpha=0.0, **kwargs)


def test_link_is_immutable():
    link = ck.Link(a=1.0, alpha=0.0, mass=2.0)
    with pytest.raises(dataclasses.FrozenInstanceError):
        link.a = 2.0  # type: ignore[misc]
    with pytest.raises(ValueError, match="read-only"):
        link.com[0] = 1.0


def test_link_copies_its_inputs():
    com = np.array([0.1, 0.0, 0.0])
    link = ck.Link(a=1.0, alpha=0.0, com=com)
    com[0] = 5.0
    assert link.com[0] == 0.1


@pytest.mark.parametrize(
    ("kwargs", "error", "message"),
    [
        ({"links": []}, ValueError, "links must hold at least one Link"),
        ({"links": [(1.0, 0.0)]}, TypeError, r"links\[0\] must be a coursekit Link, got tuple"),
        ({"convention": "craig"}, ValueError, "convention must be one of 'standard', 'modified', got 'craig'"),
        ({"gravity": [0, -9.81]}, ValueError, r"gravity must have shape \(3,\)"),
        ({"base": np.eye(3)}, ValueError, r"base must have shape \(4, 4\)"),
        ({"tool": np.diag([1.0, 1.0, -1.0, 1.0])}, ValueError, "reflection"),
        ({"name": 5}, TypeError, "name must be a string"),
    ],
)
def test_serial_robot_rejects_bad_values(kwargs, error, message):
    args = {"links": [ck.Link(1.0, 0.0)], **kwargs}
    with pytest.raises(error, match=message):
        ck.SerialRobot(**args)


def test_joint_vector_checks_and_batches():
    robot = models.puma560_duysinx()
    assert robot.as_joint_vector([0] * 6).shape == (6,)
    assert robot.as_joint_vector(np.zeros((7, 6))).shape == (7, 6)
    with pytest.raises(ValueError, match=r"has 6 joints, got shape \(6, 5\)"):
        robot.as_joint_vector(np.zeros((6, 5)))
    with pytest.raises(ValueError, match="qd needs one value per joint"):
        robot.as_joint_vector([1, 2], name="qd")


def test_unnamed_robot_is_described_in_messages():
    robot = ck.SerialRobot([ck.Link(1, 0)])
    with pytest.raises(ValueError, match="this 1-joint robot has 1 joints"):
        robot.as_joint_vector([1, 2])


def test_printed_table_names_the_convention():
    text = str(models.puma560_craig())
    assert "modified (Craig, proximal) DH" in text
    assert "a_{i-1}" in text and "alpha_{i-1}" in text
    text = str(models.stanford_arm())
    assert "standard (distal) DH" in text
    # The prismatic joint shows its variable in the d column and its constant theta offset.
    row = text.splitlines()[4]
    assert "prismatic" in row and "q3" in row and "-90" in row


def test_joint_limits_array():
    limits = models.puma560_duysinx().joint_limits
    assert limits.shape == (6, 2)
    assert np.rad2deg(limits[0]) == pytest.approx([-160, 160])
    assert np.all(np.isinf(models.planar_2r().joint_limits))


def test_with_tool_and_base_return_new_robots():
    robot = models.planar_2r()
    moved = robot.with_tool(ck.translation([0.1, 0, 0])).with_base(ck.translation([0, 0, 1]))
    assert robot.tool == pytest.approx(np.eye(4))
    T = ck.forward_kinematics(moved, [0.0, 0.0])
    assert T[:3, 3] == pytest.approx([2.1, 0.0, 1.0])
