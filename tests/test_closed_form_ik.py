"""Closed-form inverse kinematics against the textbooks' worked numbers, hand derivations and FK."""

import numpy as np
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

import coursekit as ck
from coursekit import models
from coursekit.closed_form_ik import IKSolutions

DEG = np.pi / 180
angles = st.floats(-np.pi, np.pi, allow_nan=False)


def planar_pose(T):
    """(x, y, angle of the tool x-axis about z) of a world pose whose z-axis is along +-z."""
    return T[0, 3], T[1, 3], np.arctan2(T[1, 0], T[0, 0])


def angle_gap(a, b):
    """Largest difference between two joint vectors, counted modulo 2 pi."""
    return np.abs(np.mod(np.asarray(a) - np.asarray(b) + np.pi, 2 * np.pi) - np.pi).max()


def contains(solutions, q):
    return min(angle_gap(row, q) for row in solutions.q) < 1e-7


# --- solve_trig_equation -------------------------------------------------------------------


def test_trig_equation_cosine_one_half_is_plus_minus_60_degrees():
    # cos(theta) = 1/2 by hand: theta = +-60 deg.
    assert np.sort(ck.solve_trig_equation(1.0, 0.0, 0.5)) == pytest.approx([-60 * DEG, 60 * DEG])


@settings(max_examples=50, deadline=None)
@given(st.floats(-3, 3), st.floats(-3, 3), st.floats(-0.99, 0.99))
def test_trig_equation_two_solutions_satisfy_it(a, b, fraction):
    assume(np.hypot(a, b) > 1e-3)
    c = fraction * np.hypot(a, b)
    thetas = ck.solve_trig_equation(a, b, c)
    assert thetas.shape == (2,)
    assert a * np.cos(thetas) + b * np.sin(thetas) == pytest.approx([c, c], abs=1e-9)
    assert np.all((-np.pi < thetas) & (thetas <= np.pi))
    if abs(fraction) < 0.98:
        assert angle_gap(thetas[0], thetas[1]) > 1e-3


def test_trig_equation_tangent_case_has_one_solution():
    # 3 cos + 4 sin = 5 only where (cos, sin) = (3, 4)/5.
    thetas = ck.solve_trig_equation(3.0, 4.0, 5.0)
    assert thetas == pytest.approx([np.arctan2(4.0, 3.0)])
    just_past = ck.solve_trig_equation(3.0, 4.0, -5.0 * (1 + 1e-13))  # within the tolerance
    assert just_past == pytest.approx([np.arctan2(-4, -3)])


def test_trig_equation_beyond_amplitude_has_no_solution():
    assert ck.solve_trig_equation(3.0, 4.0, 5.001).shape == (0,)


def test_trig_equation_refuses_a_and_b_both_zero():
    with pytest.raises(ValueError, match="a and b must not both be zero"):
        ck.solve_trig_equation(0.0, 0.0, 1.0)
    with pytest.raises(TypeError, match="c must be numeric"):
        ck.solve_trig_equation(1.0, 0.0, "one")


# --- planar 2R -----------------------------------------------------------------------------


def test_planar_2r_both_branches_by_hand():
    # l1 = l2 = 1 and p = (1, 1): a right angle at the elbow, either way round.
    solutions = ck.planar_2r_ik(models.planar_2r(1.0, 1.0), [1.0, 1.0])
    assert solutions.reachable and len(solutions) == 2
    assert solutions.branches == ("elbow down", "elbow up")
    assert solutions.q == pytest.approx(np.array([[0.0, 90.0], [90.0, -90.0]]) * DEG, abs=1e-12)


@settings(max_examples=50, deadline=None)
@given(angles, angles)
def test_planar_2r_recovers_random_configurations(q1, q2):
    assume(abs(np.sin(q2)) > 1e-3)
    robot = models.planar_2r(1.0, 0.8)
    p = ck.forward_kinematics(robot, [q1, q2])[:3, 3]
    solutions = ck.planar_2r_ik(robot, p)
    assert len(solutions) == 2 and contains(solutions, [q1, q2])
    for q in solutions.q:
        assert ck.forward_kinematics(robot, q)[:3, 3] == pytest.approx(p, abs=1e-12)


def test_planar_2r_out_of_reach_says_why():
    solutions = ck.planar_2r_ik(models.planar_2r(1.0, 1.0), [3.0, 0.0])
    assert not solutions.reachable and solutions.q.shape == (0, 2) and solutions.branches == ()
    assert solutions.message == (
        "The target is 3.000 m from joint 1, beyond the reach l1 + l2 = 2.000 m."
    )
    inner = ck.planar_2r_ik(models.planar_2r(1.0, 0.5), [0.2, 0.1])
    assert not inner.reachable
    assert "inside the unreachable disc of radius |l1 - l2| = 0.500 m" in inner.message


def test_planar_2r_workspace_boundary_has_one_solution():
    robot = models.planar_2r(1.0, 0.5)
    stretched = ck.planar_2r_ik(robot, [0.0, 1.5])
    assert stretched.branches == ("stretched",)
    assert stretched.q == pytest.approx(np.array([[np.pi / 2, 0.0]]))
    folded = ck.planar_2r_ik(robot, [0.5, 0.0])
    assert folded.branches == ("folded",)
    assert folded.q == pytest.approx(np.array([[0.0, np.pi]]))


def test_planar_2r_target_on_the_first_axis_chooses_q1_zero():
    # Erratum E8: with l1 = l2 the folded arm reaches the base for any q1.
    solutions = ck.planar_2r_ik(models.planar_2r(1.0, 1.0), [0.0, 0.0])
    assert solutions.q == pytest.approx(np.array([[0.0, np.pi]]))
    assert "any q1 works, q1 = 0 was chosen" in solutions.message


def test_planar_2r_three_dimensional_target_must_lie_in_the_plane():
    robot = models.planar_2r()
    assert len(ck.planar_2r_ik(robot, [1.0, 1.0, 0.0])) == 2
    off = ck.planar_2r_ik(robot, [1.0, 1.0, 0.3])
    assert not off.reachable and "0.300 m off the arm's plane of motion" in off.message


def test_planar_2r_modified_dh_with_tool_offset_base_and_offsets():
    # Craig-style 2R: frames on the joint axes, the second link given as a bent tool.
    tool = ck.transform(ck.rot_z(0.4), [0.7, 0.2, 0.05])
    base = ck.transform(ck.rot_z(0.3), [0.1, -0.2, 0.5])
    links = (ck.Link(a=0.0, alpha=0.0, theta=0.2), ck.Link(a=1.1, alpha=0.0, d=0.1))
    robot = ck.SerialRobot(links, convention="modified", tool=tool, base=base, name="bent 2R")
    for q in np.random.default_rng(1).uniform(-3, 3, (10, 2)):
        p = ck.forward_kinematics(robot, q)[:3, 3]
        solutions = ck.planar_2r_ik(robot, p)
        assert contains(solutions, q)
        for row in solutions.q:
            assert ck.forward_kinematics(robot, row)[:3, 3] == pytest.approx(p, abs=1e-12)


def test_planar_2r_refuses_other_robots_and_bad_targets():
    puma = r"needs a planar 2R arm .*PUMA 560 \(Duysinx-Geradin\) has 6 joints"
    with pytest.raises(ValueError, match=puma):
        ck.planar_2r_ik(models.puma560_duysinx(), [1.0, 1.0])
    with pytest.raises(ValueError, match="link 1 of RP arm has alpha = -90 deg"):
        ck.planar_2r_ik(models.rp_arm(), [1.0, 1.0])
    with pytest.raises(ValueError, match=r"p must be a point \(x, y\) or \(x, y, z\).*\(4,\)"):
        ck.planar_2r_ik(models.planar_2r(), [1.0, 1.0, 0.0, 1.0])
    tilted = models.planar_2r().with_base(ck.transform(ck.rot_x(0.5), [0, 0, 0]))
    with pytest.raises(ValueError, match=r"give the target as \(x, y, z\)"):
        ck.planar_2r_ik(tilted, [1.0, 1.0])
    with pytest.raises(TypeError, match="robot must be a coursekit SerialRobot"):
        ck.planar_2r_ik("planar 2R", [1.0, 1.0])


# --- planar 3R -----------------------------------------------------------------------------


def test_planar_3r_duysinx_reference_numbers():
    # Duysinx-Geradin 3.2 digest: l0 = 0.5, l = (1, 0.8, 0.2), both branches of (3.2.5).
    solutions = ck.planar_3r_ik(models.planar_3r_duysinx(), 1.414162, 1.714502, 45 * DEG)
    expected = np.array([[30.0, 45.0, -30.0], [69.729788, -45.0, 20.270212]])
    assert np.rad2deg(solutions.q) == pytest.approx(expected, abs=1e-4)


def test_planar_3r_craig_programming_exercise_wrist():
    # Craig Ch. 5 Programming Exercise 3: l1 = l2 = 0.5 m, wrist at (0.555171, -0.519067), 15 deg.
    solutions = ck.planar_3r_ik(models.planar_3r(0.5, 0.5, 0.0), 0.555171, -0.519067, 15 * DEG)
    expected = np.array([[-83.6082, 81.0663, 17.5419], [-2.5419, -81.0663, 98.6082]])
    assert np.rad2deg(solutions.q) == pytest.approx(expected, abs=1e-3)


def test_planar_3r_craig_programming_exercise_through_the_tool_frame():
    # Same exercise from its raw data: tool (0.1, 0.2, 30 deg) in {W}, goal (0.6, -0.3, 45 deg).
    tool = ck.transform(ck.rot_z(30 * DEG), [0.1, 0.2, 0.0])
    robot = models.planar_3r(0.5, 0.5, 0.0).with_tool(tool)
    solutions = ck.planar_3r_ik(robot, 0.6, -0.3, 45 * DEG)
    expected = np.array([[-83.6082, 81.0663, 17.5419], [-2.5419, -81.0663, 98.6082]])
    assert np.rad2deg(solutions.q) == pytest.approx(expected, abs=1e-3)


@pytest.mark.parametrize(
    "robot", [models.planar_3r(), models.planar_3r_duysinx()], ids=lambda r: r.name
)
def test_planar_3r_recovers_random_configurations(robot):
    for q in np.random.default_rng(2).uniform(-np.pi, np.pi, (30, 3)):
        if abs(np.sin(q[1])) < 1e-3:
            continue
        T = ck.forward_kinematics(robot, q)
        # phi counts like the joints: from x_0 about z_0, i.e. q1 + q2 + q3 for these arms.
        solutions = ck.planar_3r_ik(robot, T[0, 3], T[1, 3], q.sum())
        assert len(solutions) == 2 and contains(solutions, q)
        for row in solutions.q:
            assert ck.forward_kinematics(robot, row) == pytest.approx(T, abs=1e-12)


def test_planar_3r_world_angle_for_craig_arm():
    # For Craig's arm (no base) phi is the angle of the hand x-axis in the world.
    robot = models.planar_3r()
    T = ck.forward_kinematics(robot, [0.3, -0.8, 1.1])
    x, y, phi = planar_pose(T)
    assert contains(ck.planar_3r_ik(robot, x, y, phi), [0.3, -0.8, 1.1])


def test_planar_3r_unreachable_wrist_point():
    solutions = ck.planar_3r_ik(models.planar_3r(), 10.0, 0.0, 0.0)
    assert not solutions.reachable and solutions.q.shape == (0, 3)
    assert solutions.message == (
        "The wrist point is 8.000 m from joint 1, beyond the reach l1 + l2 = 7.000 m."
    )


def test_planar_3r_refuses_other_robots():
    with pytest.raises(ValueError, match="needs a planar 3R arm .*planar 2R has 2 joints"):
        ck.planar_3r_ik(models.planar_2r(), 1.0, 0.0, 0.0)
    tilted_tool = models.planar_3r().with_tool(ck.transform(ck.rot_y(0.2), [2.0, 0, 0]))
    with pytest.raises(ValueError, match="planar tool"):
        ck.planar_3r_ik(tilted_tool, 1.0, 0.0, 0.0)
    with pytest.raises(TypeError, match="phi must be numeric"):
        ck.planar_3r_ik(models.planar_3r(), 1.0, 0.0, "up")


# --- PUMA 560 ------------------------------------------------------------------------------

PUMA_TABLE_DEG = np.array([
    [30, -75, 120, 57.4964, 15.1104, -30.9967],
    [30, -75, 120, -122.5036, -15.1104, 149.0033],
    [30, -45, 60, 20, 40, 10],
    [30, -45, 60, -160, -40, -170],
    [-110.5776, -135, 120, 150.0625, 40.8743, 25.4109],
    [-110.5776, -135, 120, -29.9375, -40.8743, -154.5891],
    [-110.5776, -105, 60, 109.0918, 20.2179, 71.6333],
    [-110.5776, -105, 60, -70.9082, -20.2179, -108.3667],
])


def test_puma_eight_solutions_match_the_digest_table():
    # Duysinx-Geradin 5.10 digest, q_true = (30, -45, 60, 20, 40, 10) deg.
    robot = models.puma560_duysinx()
    T = ck.forward_kinematics(robot, np.deg2rad([30, -45, 60, 20, 40, 10]))
    solutions = ck.puma560_ik(robot, T)
    assert solutions.reachable and len(solutions) == 8
    assert np.rad2deg(solutions.q) == pytest.approx(PUMA_TABLE_DEG, abs=1e-4)
    for q in solutions.q:
        assert ck.forward_kinematics(robot, q) == pytest.approx(T, abs=1e-9)


def test_puma_branch_names():
    robot = models.puma560_duysinx()
    T = ck.forward_kinematics(robot, np.deg2rad([30, -45, 60, 20, 40, 10]))
    branches = ck.puma560_ik(robot, T).branches
    assert branches[2] == "left arm, elbow down, wrist not flipped"
    assert branches[3] == "left arm, elbow down, wrist flipped"
    assert len(set(branches)) == 8


def test_puma_shoulder_angles_satisfy_book_equation():
    # (5.10.16): -S1 px + C1 py = d2 at the wrist centre, for the corrected theta1 (erratum E29).
    robot = models.puma560_duysinx()
    rng = np.random.default_rng(4)
    for q in rng.uniform(-np.pi, np.pi, (10, 6)):
        T = ck.forward_kinematics(robot, q)
        px, py, _ = T[:3, 3] - 0.0565 * T[:3, 2]
        for theta1 in ck.puma560_ik(robot, T).q[:, 0]:
            assert -np.sin(theta1) * px + np.cos(theta1) * py == pytest.approx(0.1495, abs=1e-12)


def puma_is_generic(q):
    """Away from the wrist, elbow and shoulder singularities of the Duysinx PUMA."""
    a2 = d4 = 0.432
    reach = a2 * np.cos(q[1]) + d4 * np.sin(q[1] + q[2])
    return abs(np.sin(q[4])) > 1e-3 and abs(np.cos(q[2])) > 1e-3 and abs(reach) > 1e-3


@settings(max_examples=50, deadline=None)
@given(st.lists(angles, min_size=6, max_size=6))
def test_puma_recovers_random_configurations(q):
    assume(puma_is_generic(q))
    robot = models.puma560_duysinx()
    T = ck.forward_kinematics(robot, q)
    solutions = ck.puma560_ik(robot, T)
    assert len(solutions) == 8 and contains(solutions, q)
    for row in solutions.q:
        assert ck.forward_kinematics(robot, row) == pytest.approx(T, abs=1e-9)


def test_puma_with_base_tool_shoulder_height_and_offsets():
    table = models.puma560_duysinx().links
    links = [
        ck.Link(a=link.a, alpha=link.alpha, d=link.d + (0.6 if i == 0 else 0.0), theta=0.1 * i)
        for i, link in enumerate(table)
    ]
    base = ck.transform(ck.rot_x(0.3) @ ck.rot_z(1.0), [0.2, -0.1, 0.4])
    tool = ck.transform(ck.rot_y(0.5), [0.0, 0.02, 0.15])
    robot = ck.SerialRobot(links, base=base, tool=tool, name="mounted PUMA")
    for q in np.random.default_rng(5).uniform(-np.pi, np.pi, (10, 6)):
        T = ck.forward_kinematics(robot, q)
        solutions = ck.puma560_ik(robot, T)
        assert contains(solutions, q)
        for row in solutions.q:
            assert ck.forward_kinematics(robot, row) == pytest.approx(T, abs=1e-9)


def test_puma_wrist_singularity_chooses_q4_zero():
    robot = models.puma560_duysinx()
    T = ck.forward_kinematics(robot, np.deg2rad([30, -45, 60, 25, 0, 10]))
    solutions = ck.puma560_ik(robot, T)
    assert solutions.reachable and "wrist is singular" in solutions.message
    # The true branch (left arm, elbow down) is the singular one: only q4 + q6 = 35 deg is defined.
    true_branch = solutions.q[2]
    assert true_branch[:3] == pytest.approx(np.deg2rad([30, -45, 60]))
    assert true_branch[3] == 0.0 and true_branch[4] == pytest.approx(0.0, abs=1e-12)
    assert np.rad2deg(true_branch[5]) == pytest.approx(35.0)
    for row in solutions.q:
        assert ck.forward_kinematics(robot, row) == pytest.approx(T, abs=1e-9)


@pytest.mark.parametrize("q5", [1e-11, 1e-9, np.pi, np.pi - 1e-10])
def test_puma_at_and_near_the_wrist_singularity_reproduces_the_pose(q5):
    robot = models.puma560_duysinx()
    q = np.deg2rad([30, -45, 60, 25, 0, 10])
    q[4] = q5
    T = ck.forward_kinematics(robot, q)
    solutions = ck.puma560_ik(robot, T)
    assert len(solutions) == 8
    for row in solutions.q:
        assert ck.forward_kinematics(robot, row) == pytest.approx(T, abs=1e-9)


def test_puma_unreachable_targets_say_why():
    robot = models.puma560_duysinx()
    far = ck.puma560_ik(robot, ck.translation([2.0, 0.0, 0.0]))
    assert not far.reachable and far.q.shape == (0, 6)
    reach = "outside the reach of the arm, from |a2 - d4| = 0.000 m to |a2| + |d4| = 0.864 m"
    assert reach in far.message
    # Wrist centre 0.05 m from the base axis, inside the shoulder offset d2 = 0.1495 m.
    near = ck.puma560_ik(robot, ck.translation([0.05, 0.0, 0.3 + 0.0565]))
    assert not near.reachable
    assert near.message.startswith("The wrist centre is 0.050 m from the axis of joint 1")


def test_puma_refuses_other_structures():
    corke = r"in PUMA 560 \(Corke\), link 1 has alpha = 90 deg, expected -90"
    with pytest.raises(ValueError, match=corke):
        ck.puma560_ik(models.puma560(), np.eye(4))
    with pytest.raises(ValueError, match="has 6 joints in modified DH"):
        ck.puma560_ik(models.puma560_craig(), np.eye(4))
    with pytest.raises(ValueError, match="Stanford arm, link 2 has alpha = 90 deg, expected 0"):
        ck.puma560_ik(models.stanford_arm(), np.eye(4))
    with pytest.raises(ValueError, match=r"T must have shape \(4, 4\)"):
        ck.puma560_ik(models.puma560_duysinx(), np.eye(3))


def test_solutions_are_read_only():
    solutions = ck.planar_2r_ik(models.planar_2r(), [1.0, 1.0])
    assert isinstance(solutions, IKSolutions)
    with pytest.raises(ValueError, match="read-only"):
        solutions.q[0, 0] = 1.0
    with pytest.raises(AttributeError):
        solutions.reachable = False
    with pytest.raises(ValueError, match="one row per branch"):
        IKSolutions(np.zeros((2, 2)), ("only one",), True, "")
