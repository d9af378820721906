"""Forward kinematics against the textbooks' worked numbers, hand derivations and batching."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import coursekit as ck
from coursekit import models

DEG = np.pi / 180


def test_duysinx_puma_at_zero_matches_book():
    # Duysinx-Geradin section 5.4: at q = 0 the tool is at (432, 149.5, 488.5) mm, axes aligned.
    T = ck.forward_kinematics(models.puma560_duysinx(), np.zeros(6))
    assert T[:3, 3] * 1000 == pytest.approx([432.0, 149.5, 488.5], abs=1e-9)
    assert T[:3, :3] == pytest.approx(np.eye(3), abs=1e-12)


def test_duysinx_puma_reference_configuration_is_stretched_along_y():
    # q = (90, 0, 90, 0, 0, 0) deg: arm stretched along +y0, 920.5 = a2 + d4 + d6 (digest section 5.3).
    T = ck.forward_kinematics(models.puma560_duysinx(), np.deg2rad([90, 0, 90, 0, 0, 0]))
    expected = np.array([[0, -1, 0, -149.5], [0, 0, 1, 920.5], [-1, 0, 0, 0], [0, 0, 0, 1000]]) / 1000
    expected[:3, :3] *= 1000
    assert T == pytest.approx(expected, abs=1e-12)


def test_duysinx_puma_general_pose_matches_digest():
    q = np.deg2rad([30, -45, 60, 20, 40, 10])
    T = ck.forward_kinematics(models.puma560_duysinx(), q)
    R_expected = [[0.1908, -0.8013, 0.5671], [0.5965, 0.5534, 0.5812], [-0.7796, 0.2273, 0.5836]]
    assert T[:3, :3] == pytest.approx(np.array(R_expected), abs=1e-4)
    assert T[:3, 3] * 1000 == pytest.approx([318.6637, 370.9512, 755.7240], abs=1e-4)


def test_duysinx_puma_matches_closed_form_position():
    # Position column of the closed form (5.4.9), a hand formula independent of the matrix chain.
    a2, d2, d4, d6 = 0.432, 0.1495, 0.432, 0.0565
    rng = np.random.default_rng(3)
    for q in rng.uniform(-np.pi, np.pi, (20, 6)):
        c = np.cos(q)
        s = np.sin(q)
        c23, s23 = np.cos(q[1] + q[2]), np.sin(q[1] + q[2])
        X = c23 * c[3] * s[4] * d6 + s23 * (d4 + c[4] * d6) + a2 * c[1]
        Y = s[3] * s[4] * d6 + d2
        r = [
            c[0] * X - s[0] * Y,
            s[0] * X + c[0] * Y,
            (-s23 * c[3] * s[4] + c23 * c[4]) * d6 + c23 * d4 - a2 * s[1],
        ]
        assert ck.forward_kinematics(models.puma560_duysinx(), q)[:3, 3] == pytest.approx(r, abs=1e-12)


def test_planar_2r_tip_matches_hand_derivation():
    l1, l2 = 1.0, 0.8
    robot = models.planar_2r(l1, l2)
    for q1, q2 in np.random.default_rng(0).uniform(-np.pi, np.pi, (10, 2)):
        T = ck.forward_kinematics(robot, [q1, q2])
        assert T[:3, 3] == pytest.approx(
            [l1 * np.cos(q1) + l2 * np.cos(q1 + q2), l1 * np.sin(q1) + l2 * np.sin(q1 + q2), 0.0],
            abs=1e-12,
        )
        assert T[:3, :3] == pytest.approx(ck.rot_z(q1 + q2), abs=1e-12)


def test_craig_planar_3r_hand_frame():
    # Craig MATLAB Exercise 5: X0 = (7.537307, 3.926644, 60 deg) at theta = (10, 20, 30) deg.
    T = ck.forward_kinematics(models.planar_3r(), np.deg2rad([10, 20, 30]))
    assert T[:2, 3] == pytest.approx([7.537307, 3.926644], abs=1e-6)
    assert np.arctan2(T[1, 0], T[0, 0]) == pytest.approx(np.pi / 3)


def test_duysinx_planar_3r_reference_numbers():
    # Digest section 3.3: l = 0.5, (1.0, 0.8, 0.2), theta = (30, 45, -30) deg -> (1.414162, 1.714502, 45 deg).
    T = ck.forward_kinematics(models.planar_3r_duysinx(), np.deg2rad([30, 45, -30]))
    assert T[:2, 3] == pytest.approx([1.414162, 1.714502], abs=1e-6)
    # The book's phi is measured from the vertical y axis, clockwise: the tool x axis points at phi.
    x_axis = T[:3, 0]
    assert np.arctan2(x_axis[0], x_axis[1]) == pytest.approx(45 * DEG)


def test_rp_arm_matches_craig_exercise_5_19():
    a1 = 0.7
    for theta1, d2 in [(0.3, 0.5), (-1.2, 2.0)]:
        p = ck.forward_kinematics(models.rp_arm(a1), [theta1, d2])[:3, 3]
        assert p == pytest.approx(
            [a1 * np.cos(theta1) - d2 * np.sin(theta1), a1 * np.sin(theta1) + d2 * np.cos(theta1), 0],
            abs=1e-12,
        )


def test_link_frames_start_at_base_and_end_before_tool():
    robot = models.planar_3r().with_base(ck.translation([0, 0, 1.0]))
    q = np.deg2rad([10, 20, 30])
    frames = ck.link_frames(robot, q)
    assert frames.shape == (4, 4, 4)
    assert frames[0] == pytest.approx(robot.base)
    assert frames[-1] @ robot.tool == pytest.approx(ck.forward_kinematics(robot, q))


def test_modified_dh_frames_sit_on_the_joint_axes():
    # In Craig's convention the origin of {i} lies on joint axis i: for the planar 3R, at the elbow.
    frames = ck.link_frames(models.planar_3r(), [0.0, np.pi / 2, 0.0])
    assert frames[2][:3, 3] == pytest.approx([4.0, 0.0, 0.0])
    assert frames[3][:3, 3] == pytest.approx([4.0, 3.0, 0.0])


@pytest.mark.parametrize(
    "factory", [models.puma560, models.puma560_craig, models.stanford_arm, models.scara, models.planar_3r]
)
def test_batch_equals_loop(factory):
    robot = factory()
    q = np.random.default_rng(1).uniform(-1, 1, (2, 3, robot.n_joints))
    T = ck.forward_kinematics(robot, q)
    frames = ck.link_frames(robot, q)
    assert T.shape == (2, 3, 4, 4)
    assert frames.shape == (2, 3, robot.n_joints + 1, 4, 4)
    for idx in np.ndindex(2, 3):
        assert T[idx] == pytest.approx(ck.forward_kinematics(robot, q[idx]), abs=1e-14)
        assert frames[idx] == pytest.approx(ck.link_frames(robot, q[idx]), abs=1e-14)


@settings(max_examples=40, deadline=None)
@given(st.lists(st.floats(-np.pi, np.pi), min_size=6, max_size=6))
def test_forward_kinematics_is_a_proper_transform(q):
    T = ck.forward_kinematics(models.puma560(), q)
    assert ck.is_transform(T, tol=1e-12)


def test_prismatic_joint_moves_along_its_axis():
    robot = models.stanford_arm()
    q = np.array([0.3, -0.5, 0.6, 0.2, 0.4, -0.1])
    dq = np.zeros(6)
    dq[2] = 0.05
    frames = ck.link_frames(robot, q)
    z2 = frames[2][:3, 2]  # standard DH: joint 3 slides along z_2
    moved = ck.forward_kinematics(robot, q + dq)[:3, 3] - ck.forward_kinematics(robot, q)[:3, 3]
    assert moved == pytest.approx(0.05 * z2, abs=1e-12)


def test_wrong_q_shape_is_explained():
    with pytest.raises(ValueError, match=r"q needs one value per joint: PUMA 560 \(Duysinx-Geradin\) has 6 joints, got shape \(5,\)"):
        ck.forward_kinematics(models.puma560_duysinx(), np.zeros(5))


def test_nan_in_q_is_refused():
    with pytest.raises(ValueError, match="q must be finite"):
        ck.forward_kinematics(models.planar_2r(), [0.0, np.nan])


def test_symbolic_q_is_refused_with_pointer_to_symbolic_module():
    sympy = pytest.importorskip("sympy")
    q1, q2 = sympy.symbols("q1 q2")
    with pytest.raises(TypeError, match="coursekit.symbolic"):
        ck.forward_kinematics(models.planar_2r(), sympy.Matrix([q1, q2]))


def test_robot_argument_is_checked():
    with pytest.raises(TypeError, match="robot must be a coursekit SerialRobot, got list"):
        ck.forward_kinematics([1, 2], [0.0, 0.0])
