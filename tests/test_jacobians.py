"""Jacobians against Pinocchio, the Robotics Toolbox, Modern Robotics, finite differences, Craig."""

import modern_robotics as mr
import numpy as np
import pinocchio as pin
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy.spatial.transform import Rotation

import coursekit as ck
from coursekit import models
from tests.peer_models import TOOL_FRAME, pinocchio_model, rtb_robot
from tests.random_robots import random_joint_types
from tests.random_robots import random_robot as shared_random_robot

DEG = np.pi / 180
PI = np.pi



def random_robot(seed: int, convention: str) -> ck.SerialRobot:
    """A 6-joint robot with random DH rows (some prismatic), mass data, base and tool."""
    rng = np.random.default_rng(seed)
    return shared_random_robot(rng, convention, joints=random_joint_types(rng, 6))


def craig_puma() -> ck.SerialRobot:
    """Craig's Table 3.4 PUMA 560 (modified DH) with the digest's Corke lengths."""
    links = [
        ck.Link(0.0, 0.0),
        ck.Link(0.0, -PI / 2),
        ck.Link(0.4318, 0.0, d=0.15005),
        ck.Link(0.0203, -PI / 2, d=0.4318),
        ck.Link(0.0, PI / 2),
        ck.Link(0.0, -PI / 2),
    ]
    return ck.SerialRobot(links, convention="modified", name="PUMA 560 (Craig Table 3.4)")


PEER_ROBOTS = [models.puma560(), models.puma560_craig(), models.stanford_arm(), models.scara()] + [
    random_robot(seed, convention) for seed in range(4) for convention in ("standard", "modified")
]
MODELS = [
    models.planar_2r(1.0, 0.8),
    models.planar_3r(),
    models.planar_3r_duysinx(),
    models.puma560_duysinx(),
    models.puma560(),
    models.puma560_craig(),
    models.stanford_arm(),
    models.scara(),
    models.rp_arm(),
]


# --- cross-checks against the peer libraries ---------------------------------


@pytest.mark.parametrize("robot", PEER_ROBOTS, ids=lambda r: r.label)
def test_forward_kinematics_and_jacobian_match_robotics_toolbox(robot):
    peer = rtb_robot(robot)
    for q in np.random.default_rng(5).uniform(-1.5, 1.5, (4, robot.n_joints)):
        assert ck.forward_kinematics(robot, q) == pytest.approx(peer.fkine(q).A, abs=1e-10)
        # jacob0: rows [v; w] in the world frame; jacobe: the same in the tool frame.
        assert ck.geometric_jacobian(robot, q) == pytest.approx(peer.jacob0(q), abs=1e-10)
        J_tool = ck.geometric_jacobian(robot, q, frame="tool")
        assert J_tool == pytest.approx(peer.jacobe(q), abs=1e-10)


@pytest.mark.parametrize("robot", PEER_ROBOTS, ids=lambda r: r.label)
def test_forward_kinematics_and_jacobian_match_pinocchio(robot):
    model = pinocchio_model(robot)
    data = model.createData()
    tool = model.getFrameId(TOOL_FRAME)
    for q in np.random.default_rng(6).uniform(-1.5, 1.5, (4, robot.n_joints)):
        pin.forwardKinematics(model, data, q)
        pin.updateFramePlacements(model, data)
        T_tool = data.oMf[tool].homogeneous
        assert ck.forward_kinematics(robot, q) == pytest.approx(T_tool, abs=1e-10)
        # Joint frames: {i-1} turned by q_i (standard) or {i} before its Rz(theta) Tz(d) (modified).
        axes, points = ck.joint_axes_and_origins(robot, q)
        for i in range(robot.n_joints):
            assert axes[i] == pytest.approx(data.oMi[i + 1].rotation[:, 2], abs=1e-10)
            assert np.cross(points[i] - data.oMi[i + 1].translation, axes[i]) == pytest.approx(
                np.zeros(3), abs=1e-10
            )
        J_world = pin.computeFrameJacobian(model, data, q, tool, pin.LOCAL_WORLD_ALIGNED)
        J_local = pin.computeFrameJacobian(model, data, q, tool, pin.LOCAL)
        assert ck.geometric_jacobian(robot, q) == pytest.approx(J_world, abs=1e-10)
        assert ck.geometric_jacobian(robot, q, frame="tool") == pytest.approx(J_local, abs=1e-10)


def test_space_jacobian_matches_modern_robotics():
    # MR's space Jacobian has rows [w; v] and the reference point at the origin of the space frame.
    robot = random_robot(11, "standard").with_base(np.eye(4))
    axes, points = ck.joint_axes_and_origins(robot, np.zeros(6))
    S = np.array(
        [
            np.concatenate(
                [axis, -np.cross(axis, point)] if link.is_revolute else [np.zeros(3), axis]
            )
            for link, axis, point in zip(robot.links, axes, points)
        ]
    ).T
    for q in np.random.default_rng(7).uniform(-1, 1, (3, 6)):
        p_tool = ck.forward_kinematics(robot, q)[:3, 3]
        J_origin = ck.jacobian_at_point(ck.geometric_jacobian(robot, q), -p_tool)
        assert ck.swap_twist_order(J_origin) == pytest.approx(mr.JacobianSpace(S, q), abs=1e-10)


# --- the geometric Jacobian and the numerical one ----------------------------


@pytest.mark.parametrize("robot", MODELS, ids=lambda r: r.label)
def test_geometric_jacobian_matches_finite_differences(robot):
    rng = np.random.default_rng(0)
    q = rng.uniform(-1.0, 1.0, robot.n_joints)
    J = ck.geometric_jacobian(robot, q)
    J_v = ck.numerical_jacobian(lambda x: ck.forward_kinematics(robot, x)[:3, 3], q)
    assert J[:3] == pytest.approx(J_v, abs=1e-8)
    # Angular rows: skew(w) = R_dot R^T, column by column.
    step = 1e-6
    for i in range(robot.n_joints):
        dq = np.zeros(robot.n_joints)
        dq[i] = step
        T_plus, T_minus = ck.forward_kinematics(robot, q + dq), ck.forward_kinematics(robot, q - dq)
        R_dot = (T_plus - T_minus)[:3, :3] / (2 * step)
        R = ck.forward_kinematics(robot, q)[:3, :3]
        assert ck.unskew((R_dot @ R.T - R @ R_dot.T) / 2) == pytest.approx(J[3:, i], abs=1e-8)


def test_geometric_jacobian_is_batched():
    robot = models.stanford_arm()
    qs = np.random.default_rng(1).uniform(-1, 1, (5, 6))
    batch = ck.geometric_jacobian(robot, qs, frame="tool")
    assert batch.shape == (5, 6, 6)
    for q, J in zip(qs, batch):
        assert J == pytest.approx(ck.geometric_jacobian(robot, q, frame="tool"), abs=1e-14)


def test_craig_puma_tool_jacobian_matches_exercise_5_5_reference():
    # Craig Exercise 5.5 / 5.17 reference (digest section 4): 6J at q = (10, ..., 60) deg.
    expected = [
        [-0.002615, 0.218037, 0.141836, 0, 0, 0],
        [-0.006346, -0.100095, 0.309445, 0, 0, 0],
        [0.173831, 0.380114, 0.266439, 0, 0, 0],
        [-0.008369, -0.870002, -0.870002, 0.383022, -0.866025, 0],
        [0.999304, -0.025201, -0.025201, -0.663414, -0.5, 0],
        [0.036357, 0.492404, 0.492404, 0.642788, 0, 1],
    ]
    q = np.deg2rad([10, 20, 30, 40, 50, 60])
    J_6 = ck.geometric_jacobian(craig_puma(), q, frame="tool")
    assert J_6 == pytest.approx(np.array(expected), abs=1e-6)
    assert np.linalg.det(J_6) == pytest.approx(-0.0111843, abs=1e-7)


def test_craig_2r_jacobians_match_5_66_and_5_67():
    l1, l2 = 1.0, 0.8
    for q1, q2 in np.random.default_rng(2).uniform(-PI, PI, (5, 2)):
        s1, c1, s2, c2 = np.sin(q1), np.cos(q1), np.sin(q2), np.cos(q2)
        s12, c12 = np.sin(q1 + q2), np.cos(q1 + q2)
        J_3 = ck.geometric_jacobian(models.planar_2r(l1, l2), [q1, q2], frame="tool")
        J_0 = ck.geometric_jacobian(models.planar_2r(l1, l2), [q1, q2])
        assert J_3[:2] == pytest.approx(np.array([[l1 * s2, 0], [l1 * c2 + l2, l2]]), abs=1e-12)
        assert J_0[:2] == pytest.approx(
            np.array([[-l1 * s1 - l2 * s12, -l2 * s12], [l1 * c1 + l2 * c12, l2 * c12]]), abs=1e-12
        )


def test_numerical_jacobian_rejects_a_non_function():
    with pytest.raises(TypeError, match="f must be a function of x, got list"):
        ck.numerical_jacobian([1, 2], [0.0, 1.0])


# --- analytic Jacobian --------------------------------------------------------


def wrapped(angle):
    return (angle + PI) % (2 * PI) - PI


@pytest.mark.parametrize(
    ("sequence", "extrinsic", "scipy_sequence"),
    [("zyx", False, "ZYX"), ("zyz", False, "ZYZ"), ("zxz", False, "ZXZ"), ("xyz", True, "xyz")],
)
@pytest.mark.parametrize("robot", [models.puma560(), models.stanford_arm()], ids=lambda r: r.label)
def test_analytic_jacobian_matches_finite_differences_of_scipy_angles(
    robot, sequence, extrinsic, scipy_sequence
):
    # scipy: upper case = moving axes, lower case = fixed axes; an independent inverse of R.
    def pose(q):
        T = ck.forward_kinematics(robot, q)
        return T[:3, 3], Rotation.from_matrix(T[:3, :3]).as_euler(scipy_sequence)

    q = np.array([0.3, -0.6, 0.5, 0.4, 0.7, -0.2])
    step = 1e-6
    columns = []
    for i in range(6):
        dq = np.zeros(6)
        dq[i] = step
        (p_plus, a_plus), (p_minus, a_minus) = pose(q + dq), pose(q - dq)
        columns.append(np.concatenate([p_plus - p_minus, wrapped(a_plus - a_minus)]) / (2 * step))
    J_a = ck.analytic_jacobian(robot, q, sequence, extrinsic)
    assert J_a == pytest.approx(np.stack(columns, axis=1), abs=1e-7)
    # The linear rows are those of the geometric Jacobian.
    assert J_a[:3] == pytest.approx(ck.geometric_jacobian(robot, q)[:3], abs=1e-14)


def test_analytic_jacobian_reproduces_angular_velocity_through_euler_rates():
    robot = models.puma560()
    q, qd = np.array([0.1, 0.2, -0.3, 0.4, 0.5, 0.6]), np.array([0.3, -0.1, 0.2, 0.5, -0.4, 0.1])
    rates = ck.analytic_jacobian(robot, q, "zyz")[3:] @ qd
    # Craig (5.42): E for Z-Y-Z angles, written out by hand.
    alpha, beta, _ = Rotation.from_matrix(ck.forward_kinematics(robot, q)[:3, :3]).as_euler("ZYZ")
    E = np.array(
        [
            [0, -np.sin(alpha), np.cos(alpha) * np.sin(beta)],
            [0, np.cos(alpha), np.sin(alpha) * np.sin(beta)],
            [1, 0, np.cos(beta)],
        ]
    )
    assert E @ rates == pytest.approx(ck.geometric_jacobian(robot, q)[3:] @ qd, abs=1e-12)


def test_analytic_jacobian_refuses_a_representation_singularity():
    # The tool pitched by 90 deg: the z-y-x (roll-pitch-yaw) set is in gimbal lock for every q.
    robot = models.planar_2r().with_tool(ck.transform(ck.rot_y(PI / 2), [0.0, 0.0, 0.0]))
    with pytest.raises(ValueError, match="representation singularity"):
        ck.analytic_jacobian(robot, [0.3, 0.4], "zyx")
    # Another set is fine there.
    assert ck.analytic_jacobian(robot, [0.3, 0.4], "zxz").shape == (6, 2)


def test_analytic_jacobian_errors():
    with pytest.raises(ValueError, match="batches are not supported"):
        ck.analytic_jacobian(models.planar_2r(), np.zeros((3, 2)))
    with pytest.raises(ValueError, match="sequence must be three axis letters"):
        ck.analytic_jacobian(models.planar_2r(), [0.1, 0.2], "zzx")
    with pytest.raises(ValueError, match="planar 2R has 2 joints"):
        ck.analytic_jacobian(models.planar_2r(), [0.1, 0.2, 0.3])


# --- change of frame and of reference point, twist order -----------------------


@settings(max_examples=30, deadline=None)
@given(st.lists(st.floats(-PI, PI), min_size=6, max_size=6))
def test_jacobian_in_frame_turns_the_tool_jacobian_into_the_base_one(q):
    # Craig (5.71), checked on the PUMA as in the digest.
    robot = models.puma560()
    R_0_6 = ck.forward_kinematics(robot, q)[:3, :3]
    J_6 = ck.geometric_jacobian(robot, q, frame="tool")
    J_0 = ck.geometric_jacobian(robot, q)
    assert ck.jacobian_in_frame(J_6, R_0_6) == pytest.approx(J_0, abs=1e-12)
    assert ck.jacobian_in_frame(J_0, R_0_6.T) == pytest.approx(J_6, abs=1e-12)


def test_jacobian_in_frame_is_batched():
    robot = models.scara()
    qs = np.random.default_rng(3).uniform(-1, 1, (4, 4))
    R = ck.forward_kinematics(robot, qs)[:, :3, :3]
    J_tool = ck.geometric_jacobian(robot, qs, frame="tool")
    J_base = ck.geometric_jacobian(robot, qs)
    assert ck.jacobian_in_frame(J_tool, R) == pytest.approx(J_base, abs=1e-12)


@pytest.mark.parametrize(
    "robot", [models.puma560(), random_robot(3, "modified")], ids=lambda r: r.label
)
def test_jacobian_at_point_equals_the_jacobian_of_a_longer_tool(robot):
    r_tool = np.array([0.1, -0.2, 0.3])  # the new point, in tool coordinates
    longer = robot.with_tool(robot.tool @ ck.translation(r_tool))
    for q in np.random.default_rng(4).uniform(-1, 1, (3, 6)):
        J_tool = ck.geometric_jacobian(robot, q, frame="tool")
        assert ck.jacobian_at_point(J_tool, r_tool) == pytest.approx(
            ck.geometric_jacobian(longer, q, frame="tool"), abs=1e-12
        )
        r_base = ck.forward_kinematics(robot, q)[:3, :3] @ r_tool
        assert ck.jacobian_at_point(ck.geometric_jacobian(robot, q), r_base) == pytest.approx(
            ck.geometric_jacobian(longer, q), abs=1e-12
        )


def test_swap_twist_order_swaps_halves_and_is_its_own_inverse():
    J = np.arange(12.0).reshape(6, 2)
    swapped = ck.swap_twist_order(J)
    assert swapped[:3] == pytest.approx(J[3:])
    assert swapped[3:] == pytest.approx(J[:3])
    assert ck.swap_twist_order(swapped) == pytest.approx(J)
    stack = np.random.default_rng(0).normal(size=(4, 6, 3))
    assert ck.swap_twist_order(ck.swap_twist_order(stack)) == pytest.approx(stack)


def test_swap_twist_order_matches_duysinx_puma_column_order():
    # Duysinx-Geradin rows are [w; v]; column J6 of (5.14.9) is [a; 0] (the approach vector).
    robot = models.puma560_duysinx()
    q = np.deg2rad([30, -45, 60, 20, 40, 10])
    J_book_order = ck.swap_twist_order(ck.geometric_jacobian(robot, q))
    assert J_book_order[:3, 5] == pytest.approx(ck.forward_kinematics(robot, q)[:3, 2], abs=1e-12)
    assert J_book_order[3:, 5] == pytest.approx(np.zeros(3), abs=1e-12)


def test_frame_and_point_errors_name_the_argument():
    J = np.zeros((6, 2))
    rows_rule = r"J must have 6 rows \[v; w\], shape \(6, n\) or \(..., 6, n\), got shape \(3, 2\)"
    with pytest.raises(ValueError, match=rows_rule):
        ck.jacobian_in_frame(np.zeros((3, 2)), np.eye(3))
    with pytest.raises(ValueError, match="R_a_b has determinant -1"):
        ck.jacobian_in_frame(J, np.diag([1.0, 1.0, -1.0]))
    with pytest.raises(ValueError, match=r"r must have shape \(..., 3\), got shape \(2,\)"):
        ck.jacobian_at_point(J, [1.0, 2.0])
    vector_rule = r"x must be a 6-vector or have 6 rows, shape \(6,\) or \(..., 6, n\), got"
    with pytest.raises(ValueError, match=vector_rule):
        ck.swap_twist_order([1.0, 2.0, 3.0])
    with pytest.raises(TypeError, match="J must be numeric"):
        ck.jacobian_at_point("J", [0.0, 0.0, 0.0])
    with pytest.raises(ValueError, match="J must be finite"):
        ck.jacobian_in_frame(np.full((6, 2), np.nan), np.eye(3))
