"""Statics against Craig's Examples 5.7 and 5.13, the digest's 2R numbers, J^T F and Pinocchio."""

import numpy as np
import pinocchio as pin
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import coursekit as ck
from coursekit import models
from tests.peer_models import TOOL_FRAME, pinocchio_model
from tests.random_robots import random_joint_types
from tests.random_robots import random_robot as shared_random_robot

PI = np.pi
DEG = PI / 180



def random_robot(seed: int, convention: str) -> ck.SerialRobot:
    """A 5-joint robot with random DH rows (some prismatic), mass data, base and tool."""
    rng = np.random.default_rng(seed)
    return shared_random_robot(rng, convention, joints=random_joint_types(rng, 5, prismatic_share=0.4))


def craig_2r(l1: float, l2: float) -> ck.SerialRobot:
    """Craig's own frames for Examples 5.3 and 5.7: modified DH, the tip frame {3} as the tool."""
    links = (ck.Link(a=0.0, alpha=0.0), ck.Link(a=l1, alpha=0.0))
    return ck.SerialRobot(links, convention="modified", tool=ck.translation([l2, 0.0, 0.0]))


# --- Craig's worked examples ----------------------------------------------------


@pytest.mark.parametrize(
    "robot", [models.planar_2r(1.0, 1.0), craig_2r(1.0, 1.0)], ids=["standard", "modified"]
)
def test_craig_example_5_7_torques(robot):
    # l = (1, 1), theta2 = 60 deg, 3F = (1, 2): tau = (3.866025, 2) N m (digest section 3).
    for q1 in (0.0, 0.8):
        wrench_tool = [1.0, 2.0, 0.0, 0.0, 0.0, 0.0]
        tau = ck.joint_torques_by_force_propagation(robot, [q1, 60 * DEG], wrench_tool)
        assert tau == pytest.approx([3.866025, 2.0], abs=1e-6)


def test_craig_example_5_7_intermediate_forces_and_moments():
    # (5.84)-(5.90) in Craig's frames, with symbols l1, l2, theta2, fx, fy.
    l1, l2, t2, fx, fy = 0.9, 0.7, 0.6, 1.3, -0.4
    s2, c2 = np.sin(t2), np.cos(t2)
    f, n = ck.link_forces_and_moments(craig_2r(l1, l2), [0.2, t2], [fx, fy, 0, 0, 0, 0])
    assert f[2] == pytest.approx([fx, fy, 0.0], abs=1e-12)
    assert n[2] == pytest.approx([0.0, 0.0, l2 * fy], abs=1e-12)
    assert f[1] == pytest.approx([c2 * fx - s2 * fy, s2 * fx + c2 * fy, 0.0], abs=1e-12)
    assert n[1] == pytest.approx([0.0, 0.0, l1 * s2 * fx + l1 * c2 * fy + l2 * fy], abs=1e-12)
    # tau = 3J^T 3F with 3J from (5.66).
    J_3 = np.array([[l1 * s2, 0.0], [l1 * c2 + l2, l2]])
    tau = ck.joint_torques_by_force_propagation(craig_2r(l1, l2), [0.2, t2], [fx, fy, 0, 0, 0, 0])
    assert tau == pytest.approx(J_3.T @ [fx, fy], abs=1e-12)


@pytest.mark.parametrize(
    ("lengths", "q_deg", "expected"),
    [
        ((1.0, 1.0), (0, 90), (-10.0, -10.0)),
        ((1.0, 1.0), (30, 60), (-15.0, -10.0)),
        ((0.5, 0.5), (10, 20), (-3.3682, -2.5)),
    ],
)
def test_craig_exercise_5_13_torques_for_a_force_along_x0(lengths, q_deg, expected):
    # 0F = 10 X0: tau = (-10 (l1 s1 + l2 s12), -10 l2 s12) (digest section 4).
    robot = models.planar_2r(*lengths)
    q = np.deg2rad(q_deg)
    J_0 = ck.geometric_jacobian(robot, q)[:2]
    assert ck.joint_torques_from_wrench(J_0, [10.0, 0.0]) == pytest.approx(expected, abs=1e-4)
    # The same through the 6x2 Jacobian and a full wrench, and by propagation in the tool frame.
    wrench_0 = np.array([10.0, 0.0, 0.0, 0.0, 0.0, 0.0])
    J_6x2 = ck.geometric_jacobian(robot, q)
    assert ck.joint_torques_from_wrench(J_6x2, wrench_0) == pytest.approx(expected, abs=1e-4)
    R_0_tool = ck.forward_kinematics(robot, q)[:3, :3]
    wrench_tool = np.concatenate([R_0_tool.T @ wrench_0[:3], R_0_tool.T @ wrench_0[3:]])
    tau = ck.joint_torques_by_force_propagation(robot, q, wrench_tool)
    assert tau == pytest.approx(expected, abs=1e-4)


def test_digest_2r_reference_numbers():
    # Digest section 5 "2R reference": theta = (30, 45) deg, l = (1, 0.8).
    robot = models.planar_2r(1.0, 0.8)
    q = np.deg2rad([30, 45])
    J_0 = ck.geometric_jacobian(robot, q)[:2]
    J_3 = ck.geometric_jacobian(robot, q, frame="tool")[:2]
    assert J_0 == pytest.approx(np.array([[-1.272741, -0.772741], [1.073081, 0.207055]]), abs=1e-6)
    assert J_3 == pytest.approx(np.array([[0.707107, 0.0], [1.507107, 0.8]]), abs=1e-6)
    assert ck.joint_torques_from_wrench(J_3, [1.0, 2.0]) == pytest.approx([3.72132, 1.6], abs=1e-5)
    tau = ck.joint_torques_by_force_propagation(robot, q, [1, 2, 0, 0, 0, 0])
    assert tau == pytest.approx([3.72132, 1.6], abs=1e-5)
    # Joint rates for v = (1, 0): the velocity map is J, its inverse solves for qd.
    assert np.linalg.solve(J_0, [1.0, 0.0]) == pytest.approx([0.366025, -1.896956], abs=1e-6)


def test_craig_exercise_5_10_force_from_torques():
    # 3F = (3J^T)^-1 tau = [[1/(l1 s2), -(l1 c2 + l2)/(l1 l2 s2)], [0, 1/l2]] tau.
    l1, l2, t2 = 1.0, 0.8, 0.9
    s2, c2 = np.sin(t2), np.cos(t2)
    J_3 = ck.geometric_jacobian(models.planar_2r(l1, l2), [0.4, t2], frame="tool")[:2]
    tau = np.array([0.7, -1.1])
    expected = np.array([[1 / (l1 * s2), -(l1 * c2 + l2) / (l1 * l2 * s2)], [0.0, 1 / l2]]) @ tau
    assert ck.wrench_from_joint_torques(J_3, tau) == pytest.approx(expected, abs=1e-12)
    force = ck.wrench_from_joint_torques(J_3, tau)
    assert ck.joint_torques_from_wrench(J_3, force) == pytest.approx(tau, abs=1e-12)


# --- propagation against J^T F and against Pinocchio ----------------------------

ROBOTS = [
    models.puma560(),
    models.puma560_craig(),
    models.stanford_arm(),
    models.scara(),
    models.rp_arm(),
    *(random_robot(seed, convention) for seed in (1, 2) for convention in ("standard", "modified")),
]
PIN_ROBOTS = [
    models.stanford_arm(),
    models.puma560_craig(),
    random_robot(3, "standard"),
    random_robot(4, "modified"),
]


@pytest.mark.parametrize("robot", ROBOTS, ids=lambda r: r.label)
@settings(max_examples=15, deadline=None)
@given(values=st.lists(st.floats(-2.0, 2.0), min_size=12, max_size=12))
def test_propagation_equals_jacobian_transpose_times_wrench(robot, values):
    q, wrench_tool = np.array(values[: robot.n_joints]), np.array(values[6:])
    J_tool = ck.geometric_jacobian(robot, q, frame="tool")
    assert ck.joint_torques_by_force_propagation(robot, q, wrench_tool) == pytest.approx(
        ck.joint_torques_from_wrench(J_tool, wrench_tool), abs=1e-10
    )


@pytest.mark.parametrize("robot", PIN_ROBOTS, ids=lambda r: r.label)
def test_propagation_matches_pinocchio_inverse_dynamics_at_rest(robot):
    # At rest without gravity, rnea gives tau = -J^T f_ext, with f_ext the wrench ON the robot.
    model = pinocchio_model(robot)
    model.gravity = pin.Motion.Zero()
    data = model.createData()
    tool = model.frames[model.getFrameId(TOOL_FRAME)]
    rng = np.random.default_rng(0)
    for _ in range(3):
        q, wrench_tool = rng.uniform(-1.5, 1.5, robot.n_joints), rng.normal(size=6)
        fext = [pin.Force.Zero() for _ in range(model.njoints)]
        fext[tool.parentJoint] = tool.placement.act(pin.Force(-wrench_tool[:3], -wrench_tool[3:]))
        zero = np.zeros(robot.n_joints)
        expected = pin.rnea(model, data, q, zero, zero, fext)
        tau = ck.joint_torques_by_force_propagation(robot, q, wrench_tool)
        assert tau == pytest.approx(expected, abs=1e-10)


def test_virtual_work_balances():
    # Power in = power out: tau . qd == F . (J qd) (Craig (5.91)), for a random robot and state.
    robot = random_robot(5, "modified")
    rng = np.random.default_rng(1)
    q, qd, wrench = rng.normal(size=5), rng.normal(size=5), rng.normal(size=6)
    tau = ck.joint_torques_by_force_propagation(robot, q, wrench)
    twist_tool = ck.tool_velocity(robot, q, qd, frame="tool")
    assert tau @ qd == pytest.approx(wrench @ twist_tool, abs=1e-12)


def test_joint_torques_from_wrench_is_batched():
    robot = models.planar_2r()
    qs = np.random.default_rng(2).uniform(-1, 1, (4, 2))
    J = ck.geometric_jacobian(robot, qs)
    wrenches = np.random.default_rng(3).normal(size=(4, 6))
    tau = ck.joint_torques_from_wrench(J, wrenches)
    assert tau.shape == (4, 2)
    for k in range(4):
        assert tau[k] == pytest.approx(J[k].T @ wrenches[k], abs=1e-14)


def test_wrench_from_joint_torques_recovers_the_wrench_of_a_puma():
    robot = models.puma560()
    q = np.array([0.2, -0.5, 0.3, 0.4, 0.9, -0.1])
    J = ck.geometric_jacobian(robot, q)
    wrench = np.array([1.0, -2.0, 3.0, 0.1, 0.2, -0.3])
    tau = ck.joint_torques_from_wrench(J, wrench)
    assert ck.wrench_from_joint_torques(J, tau) == pytest.approx(wrench, abs=1e-9)


def test_errors_explain_the_rule():
    J_singular = ck.geometric_jacobian(models.planar_2r(), [0.3, 0.0])[:2]
    singular = r"J is singular or nearly so \(condition number .* > 1e\+08\)"
    with pytest.raises(ValueError, match=singular):
        ck.wrench_from_joint_torques(J_singular, [1.0, 1.0])
    with pytest.raises(ValueError, match=r"J must be one square matrix .* got shape \(6, 2\)"):
        ck.wrench_from_joint_torques(np.zeros((6, 2)), [1.0, 1.0])
    with pytest.raises(ValueError, match=r"tau must have shape \(2,\), got shape \(3,\)"):
        ck.wrench_from_joint_torques(np.eye(2), [1.0, 1.0, 1.0])
    per_row = r"wrench must have one entry per row of J \(6\), got shape \(3,\)"
    with pytest.raises(ValueError, match=per_row):
        ck.joint_torques_from_wrench(np.zeros((6, 2)), [1.0, 2.0, 3.0])
    with pytest.raises(ValueError, match=r"wrench_tool must have shape \(6,\), got shape \(2,\)"):
        ck.joint_torques_by_force_propagation(models.planar_2r(), [0.1, 0.2], [1.0, 2.0])
    with pytest.raises(ValueError, match="max_condition must be > 0"):
        ck.wrench_from_joint_torques(np.eye(2), [1.0, 1.0], max_condition=0.0)
    with pytest.raises(ValueError, match="q needs one value per joint"):
        ck.link_forces_and_moments(models.planar_2r(), [0.1], np.zeros(6))
