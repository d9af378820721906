"""Tests of coursekit.dh_conversion: standard <-> modified DH and the product of exponentials.

Independent sources: the DH chain identity (forward kinematics of the two
conventions, implemented by two different formulas in coursekit.dh), world-frame
invariants of the mass properties, a hand-derived planar 2R, and
modern_robotics.FKinSpace / FKinBody as an oracle for the PoE form.
"""

import inspect

import modern_robotics as mr
import numpy as np
import pytest

import coursekit as ck
from coursekit import models
from coursekit.dh_conversion import convert_dh, forward_kinematics_poe, product_of_exponentials
from coursekit.kinematics import forward_kinematics, link_frames

OTHER = {"standard": "modified", "modified": "standard"}


def x_pair(a, alpha):
    """Tx(a) Rx(alpha), built here from elementary pieces."""
    return ck.translation([a, 0.0, 0.0]) @ ck.transform(ck.rot_x(alpha), np.zeros(3))


def random_transform(rng):
    R = ck.rotation_from_axis_angle(rng.normal(size=3), rng.uniform(-np.pi, np.pi))
    return ck.transform(R, rng.uniform(-1, 1, 3))


def random_robot(rng, convention, n=None):
    """A DH robot with random geometry, offsets, joint types, mass properties, base and tool."""
    n = n or int(rng.integers(1, 7))
    links = []
    for _ in range(n):
        A = rng.normal(size=(3, 3))
        joint = "prismatic" if rng.random() < 0.3 else "revolute"
        lower = rng.uniform(-2, 0)
        links.append(
            ck.Link(
                a=rng.uniform(-1, 1),
                alpha=rng.uniform(-np.pi, np.pi),
                d=rng.uniform(-1, 1),
                theta=rng.uniform(-np.pi, np.pi),
                joint=joint,
                mass=rng.uniform(0.1, 5),
                com=rng.uniform(-0.5, 0.5, 3),
                inertia=A @ A.T,
                qlim=(lower, lower + rng.uniform(0.5, 3)) if rng.random() < 0.5 else None,
            )
        )
    return ck.SerialRobot(
        tuple(links),
        convention=convention,
        gravity=rng.normal(size=3),
        base=random_transform(rng),
        tool=random_transform(rng),
        name=f"random {convention}",
    )


def catalogue():
    """Every robot factory of coursekit.models, called with its defaults."""
    robots = []
    for name, factory in inspect.getmembers(models, inspect.isfunction):
        if factory.__module__ == models.__name__ and not name.startswith("_"):
            robot = factory()
            if isinstance(robot, ck.SerialRobot):
                robots.append(robot)
    return robots


RNG = np.random.default_rng(2024)
RANDOM_ROBOTS = [random_robot(RNG, c) for c in ("standard", "modified") for _ in range(6)]
RANDOM_ROBOTS.append(random_robot(RNG, "standard", n=1))
RANDOM_ROBOTS.append(random_robot(RNG, "modified", n=1))
ROBOTS = catalogue() + RANDOM_ROBOTS


def test_catalogue_is_found():
    names = {robot.name for robot in catalogue()}
    assert {"PUMA 560 (Corke)", "planar 3R (Craig)", "Stanford arm"} <= names
    assert {robot.convention for robot in catalogue()} == {"standard", "modified"}


def joint_samples(robot, rng, count=8):
    return rng.uniform(-np.pi, np.pi, (count, robot.n_joints))


# --- convert_dh --------------------------------------------------------------------------


@pytest.mark.parametrize("robot", ROBOTS, ids=lambda r: r.name)
def test_conversion_keeps_the_tool_pose(robot):
    other = convert_dh(robot, OTHER[robot.convention])
    assert other.convention == OTHER[robot.convention]
    q = joint_samples(robot, np.random.default_rng(1))
    assert forward_kinematics(other, q) == pytest.approx(forward_kinematics(robot, q), abs=1e-12)


@pytest.mark.parametrize("robot", ROBOTS, ids=lambda r: r.name)
def test_conversion_keeps_joints_and_model_data(robot):
    other = convert_dh(robot, OTHER[robot.convention])
    assert other.joint_types == robot.joint_types
    assert np.array_equal(other.joint_limits, robot.joint_limits)
    assert [link.d for link in other.links] == [link.d for link in robot.links]
    assert [link.theta for link in other.links] == [link.theta for link in robot.links]
    assert [link.mass for link in other.links] == [link.mass for link in robot.links]
    # Gravity is stored in {0}; the physical vector in the world is the same.
    assert other.base[:3, :3] @ other.gravity == pytest.approx(
        robot.base[:3, :3] @ robot.gravity, abs=1e-14
    )
    assert other.name == f"{robot.name} (converted to {other.convention} DH)"


@pytest.mark.parametrize("robot", ROBOTS, ids=lambda r: r.name)
def test_link_frames_move_by_the_constant_x_pair(robot):
    """T_w_std_i = T_w_mod_i @ Tx(a_i) Rx(alpha_i), with standard row i (and i = 0 for the base)."""
    other = convert_dh(robot, OTHER[robot.convention])
    standard, modified = (robot, other) if robot.convention == "standard" else (other, robot)
    q = joint_samples(robot, np.random.default_rng(2), count=4)
    F_std, F_mod = link_frames(standard, q), link_frames(modified, q)
    # Modified row 1 holds (a_0, alpha_0): what the standard base absorbed.
    pairs = [x_pair(modified.links[0].a, modified.links[0].alpha)]
    pairs += [x_pair(link.a, link.alpha) for link in standard.links]
    for i, T_mod_std in enumerate(pairs):
        assert F_mod[:, i] @ T_mod_std == pytest.approx(F_std[:, i], abs=1e-12)


@pytest.mark.parametrize("robot", ROBOTS, ids=lambda r: r.name)
def test_mass_properties_stay_the_same_in_the_world(robot):
    other = convert_dh(robot, OTHER[robot.convention])
    q = joint_samples(robot, np.random.default_rng(3), count=3)
    for F_old, F_new in zip(link_frames(robot, q), link_frames(other, q)):
        for i, (old, new) in enumerate(zip(robot.links, other.links), start=1):
            R_old, R_new = F_old[i, :3, :3], F_new[i, :3, :3]
            com_old = R_old @ old.com + F_old[i, :3, 3]
            com_new = R_new @ new.com + F_new[i, :3, 3]
            assert com_new == pytest.approx(com_old, abs=1e-12)
            assert R_new @ new.inertia @ R_new.T == pytest.approx(
                R_old @ old.inertia @ R_old.T, abs=1e-12
            )


def test_planar_2r_by_hand():
    """Standard (l1, l2) rows become modified rows (0, l1) and a tool offset l2."""
    robot = convert_dh(models.two_link_uniform_rods(m1=1.0, m2=2.0, l1=1.0, l2=0.8), "modified")
    assert [link.a for link in robot.links] == [0.0, 1.0]
    assert robot.tool == pytest.approx(ck.translation([0.8, 0.0, 0.0]), abs=0)
    # Modified frame {i} sits on joint i, so each rod's centre is l_i/2 along x.
    assert robot.links[0].com == pytest.approx([0.5, 0.0, 0.0])
    assert robot.links[1].com == pytest.approx([0.4, 0.0, 0.0])
    back = convert_dh(robot, "standard")
    assert back.links[1].com == pytest.approx([0.4, 0.0, 0.0])  # {2} std = {2} mod now
    assert back.tool == pytest.approx(ck.translation([0.8, 0.0, 0.0]), abs=0)


def test_modified_to_standard_by_hand():
    """Modified rows (a_{i-1}, alpha_{i-1}) shift up one row; row 1's pair goes into the base."""
    links = (
        ck.Link(a=0.5, alpha=np.pi / 2, d=0.1, mass=1.0, com=(0.0, 0.0, 0.2)),
        ck.Link(a=0.3, alpha=0.0, d=0.2, theta=0.4, joint="prismatic"),
        ck.Link(a=0.7, alpha=-np.pi / 2, d=0.0),
    )
    robot = ck.SerialRobot(links, convention="modified", name="toy")
    standard = convert_dh(robot, "standard")
    rows = [(link.a, link.alpha, link.d, link.theta) for link in standard.links]
    assert rows == [(0.3, 0.0, 0.1, 0.0), (0.7, -np.pi / 2, 0.2, 0.4), (0.0, 0.0, 0.0, 0.0)]
    assert standard.base == pytest.approx(x_pair(0.5, np.pi / 2), abs=1e-15)
    # Gravity (0, 0, -9.81) in the old {0} is (0, -9.81, 0) in the new {0} = old {0} turned about x.
    assert standard.gravity == pytest.approx([0.0, -9.81, 0.0], abs=1e-12)
    # Link 1's standard frame is its modified frame moved by Tx(0.3): the com is 0.3 behind.
    assert standard.links[0].com == pytest.approx([-0.3, 0.0, 0.2], abs=1e-15)


@pytest.mark.parametrize("robot", catalogue(), ids=lambda r: r.name)
def test_converting_twice_returns_the_original(robot):
    back = convert_dh(convert_dh(robot, OTHER[robot.convention]), robot.convention)
    assert back.name == robot.name
    assert back.convention == robot.convention
    q = joint_samples(robot, np.random.default_rng(4))
    assert forward_kinematics(back, q) == pytest.approx(forward_kinematics(robot, q), abs=1e-12)
    end = robot.links[-1] if robot.convention == "standard" else robot.links[0]
    if end.a == 0.0 and end.alpha == 0.0:  # nothing was pushed into the tool or base
        for old, new in zip(robot.links, back.links):
            assert (new.a, new.alpha, new.d, new.theta) == (old.a, old.alpha, old.d, old.theta)
            assert new.com == pytest.approx(old.com, abs=1e-15)
            assert new.inertia == pytest.approx(old.inertia, abs=1e-15)
        assert back.base == pytest.approx(robot.base, abs=1e-15)
        assert back.tool == pytest.approx(robot.tool, abs=1e-15)
        assert back.gravity == pytest.approx(robot.gravity, abs=1e-15)


def test_converting_twice_moves_the_leftover_into_the_tool():
    robot = models.planar_2r(1.0, 0.8)
    back = convert_dh(convert_dh(robot, "modified"), "standard")
    assert [link.a for link in back.links] == [1.0, 0.0]
    assert back.tool == pytest.approx(ck.translation([0.8, 0.0, 0.0]), abs=0)


def test_same_convention_returns_the_robot_and_errors_are_clear():
    robot = models.puma560()
    assert convert_dh(robot, "standard") is robot
    with pytest.raises(ValueError, match="to must be one of 'standard', 'modified', got 'craig'"):
        convert_dh(robot, "craig")
    with pytest.raises(TypeError, match="robot must be a coursekit SerialRobot, got list"):
        convert_dh([1, 2], "modified")


# --- product of exponentials -------------------------------------------------------------


def test_product_of_exponentials_planar_2r_by_hand():
    l1, l2 = 1.0, 0.8
    M, S = product_of_exponentials(models.planar_2r(l1, l2))
    assert M == pytest.approx(ck.translation([l1 + l2, 0, 0]), abs=1e-15)
    assert S.T == pytest.approx(np.array([[0, 0, 0, 0, 0, 1], [0, -l1, 0, 0, 0, 1]]), abs=1e-15)
    _, B = product_of_exponentials(models.planar_2r(l1, l2), frame="body")
    B_expected = np.array([[0, l1 + l2, 0, 0, 0, 1], [0, l2, 0, 0, 0, 1]])
    assert B.T == pytest.approx(B_expected, abs=1e-15)
    _, S_wv = product_of_exponentials(models.planar_2r(l1, l2), order="wv")
    assert S_wv.T == pytest.approx(np.array([[0, 0, 1, 0, 0, 0], [0, 0, 1, 0, -l1, 0]]), abs=1e-15)


def test_prismatic_joint_axis():
    M, S = product_of_exponentials(models.rp_arm(1.0))
    # rp_arm: joint 2 slides along z_1 = y_0 at q = 0 (alpha_1 = -90 deg), wherever it sits.
    assert S[:, 1] == pytest.approx([0, 1, 0, 0, 0, 0], abs=1e-15)
    assert M[:3, 3] == pytest.approx([1.0, 0.0, 0.0], abs=1e-15)


@pytest.mark.parametrize("robot", ROBOTS, ids=lambda r: r.name)
@pytest.mark.parametrize("frame", ["space", "body"])
def test_poe_equals_dh_forward_kinematics(robot, frame):
    q = joint_samples(robot, np.random.default_rng(5), count=5)
    expected = forward_kinematics(robot, q)
    for order in ("vw", "wv"):
        M, S = product_of_exponentials(robot, frame=frame, order=order)
        got = forward_kinematics_poe(M, S, q, frame=frame, order=order)
        assert got == pytest.approx(expected, abs=1e-12)
        one = forward_kinematics_poe(M, S, q[0], frame, order)
        assert one == pytest.approx(expected[0], abs=1e-12)


@pytest.mark.parametrize("robot", catalogue(), ids=lambda r: r.name)
def test_poe_against_modern_robotics(robot):
    q = joint_samples(robot, np.random.default_rng(6), count=1)[0]
    M, S = product_of_exponentials(robot, "space", order="wv")
    _, B = product_of_exponentials(robot, "body", order="wv")
    assert forward_kinematics_poe(M, S, q, "space", "wv") == pytest.approx(
        mr.FKinSpace(M, S, q), abs=1e-12
    )
    assert forward_kinematics_poe(M, B, q, "body", "wv") == pytest.approx(
        mr.FKinBody(M, B, q), abs=1e-12
    )
    # The space and body axes are one set of screws seen from two frames.
    assert B == pytest.approx(mr.Adjoint(mr.TransInv(M)) @ S, abs=1e-12)


def test_poe_is_the_same_for_both_conventions():
    robot = models.puma560()
    M, S = product_of_exponentials(robot)
    M2, S2 = product_of_exponentials(convert_dh(robot, "modified"))
    assert M2 == pytest.approx(M, abs=1e-14)
    assert S2 == pytest.approx(S, abs=1e-14)


def test_poe_batch_shapes():
    robot = models.scara()
    M, S = product_of_exponentials(robot)
    q = np.random.default_rng(7).uniform(-1, 1, (2, 3, 4))
    T = forward_kinematics_poe(M, S, q)
    assert T.shape == (2, 3, 4, 4)
    assert T == pytest.approx(forward_kinematics(robot, q.reshape(6, 4)).reshape(2, 3, 4, 4))


def test_poe_errors_are_clear():
    M, S = product_of_exponentials(models.planar_2r())
    message = r"q needs one value per screw axis: screw_axes has 2 columns, got shape \(3,\)"
    with pytest.raises(ValueError, match=message):
        forward_kinematics_poe(M, S, [0.0, 0.0, 0.0])
    message = r"screw_axes must have shape \(6, n\), got shape \(2, 6\)"
    with pytest.raises(ValueError, match=message):
        forward_kinematics_poe(M, S.T, [0.0, 0.0])
    with pytest.raises(ValueError, match="frame must be one of 'space', 'body', got 'tool'"):
        forward_kinematics_poe(M, S, [0.0, 0.0], frame="tool")
    with pytest.raises(ValueError, match="frame must be one of 'space', 'body', got 'world'"):
        product_of_exponentials(models.planar_2r(), frame="world")
    with pytest.raises(ValueError, match="order must be one of 'vw', 'wv', got 'MR'"):
        product_of_exponentials(models.planar_2r(), order="MR")
    with pytest.raises(ValueError, match=r"M must have shape \(4, 4\)"):
        forward_kinematics_poe(np.eye(3), S, [0.0, 0.0])
    with pytest.raises(ValueError, match="q must be finite"):
        forward_kinematics_poe(M, S, [0.0, np.nan])
    with pytest.raises(TypeError, match="robot must be a coursekit SerialRobot"):
        product_of_exponentials("puma")
