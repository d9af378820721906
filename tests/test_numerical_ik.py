"""Numerical inverse kinematics: the book's Newton run, IK after FK, honest failures, errors."""

import numpy as np
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

import coursekit as ck
from coursekit import models

DEG = np.pi / 180
Q_TRUE = np.deg2rad([30, -45, 60, 20, 40, 10])


def book_residual_norm(T_target, T):
    """|dx| of Duysinx-Geradin (5.15.5)-(5.15.8), position in mm, written out from the book."""
    D = (T_target - T) @ np.linalg.inv(T_target)
    d_alpha = np.array([D[2, 1], D[0, 2], D[1, 0]])
    d_r = D[:3, 3] + np.cross(d_alpha, T_target[:3, 3])
    return np.linalg.norm(np.concatenate([d_alpha, d_r * 1000]))


def pose_gap(robot, q, T):
    return np.abs(ck.forward_kinematics(robot, q) - T).max()


def inside_limits(robot, q):
    limits = robot.joint_limits
    return np.all(q >= limits[:, 0]) and np.all(q <= limits[:, 1])


# --- the book's Newton-Raphson run ---------------------------------------------------------


def test_newton_reproduces_the_digest_residual_sequence():
    # Duysinx-Geradin 5.6 digest: start at q_true + 0.1 rad, residual norms per iteration.
    robot = models.puma560_duysinx()
    T_target = ck.forward_kinematics(robot, Q_TRUE)
    expected = [109.29, 96.91, 15.55, 1.429, 0.0188, 3.4e-6]
    got = [book_residual_norm(T_target, ck.forward_kinematics(robot, Q_TRUE + 0.1))]
    for k in range(1, 6):
        result = ck.inverse_kinematics(robot, T_target, Q_TRUE + 0.1, max_iterations=k)
        assert not result.success and result.iterations == k
        assert result.message.startswith(f"No convergence in {k} iteration")
        got.append(book_residual_norm(T_target, ck.forward_kinematics(robot, result.q)))
    # Compared to the digits the digest prints.
    for value, printed, digits in zip(got, expected, [5, 4, 4, 4, 3, 2]):
        assert float(f"{value:.{digits - 1}e}") == pytest.approx(printed)
    # Quadratic convergence: each residual is about the square of the previous one (scaled).
    assert got[4] / got[3] ** 2 < 10 and got[5] / got[4] ** 2 < 10


def test_newton_converges_in_six_updates_to_q_true():
    robot = models.puma560_duysinx()
    result = ck.inverse_kinematics(robot, ck.forward_kinematics(robot, Q_TRUE), Q_TRUE + 0.1)
    assert result.success and result.iterations == 6 and result.residual < 1e-12
    assert result.q == pytest.approx(Q_TRUE, abs=1e-12)
    assert result.message.startswith("Converged in 6 iterations: the pose error is ")


def test_pose_residual_is_the_jacobian_to_first_order():
    # dx(T(q + dq), T(q)) = J(q) dq + O(dq^2), checked against the geometric Jacobian.
    robot = models.stanford_arm()
    rng = np.random.default_rng(7)
    for _ in range(5):
        q = rng.uniform(-1, 1, 6) + [0, 0, 0.8, 0, 0, 0]
        dq = rng.normal(size=6) * 1e-6
        dx = ck.pose_residual(ck.forward_kinematics(robot, q + dq), ck.forward_kinematics(robot, q))
        assert dx == pytest.approx(ck.geometric_jacobian(robot, q) @ dq, abs=1e-11)


# --- IK after FK ---------------------------------------------------------------------------

q_fractions = st.lists(st.floats(0.05, 0.95), min_size=6, max_size=6)
q_noise = st.lists(st.floats(-1.0, 1.0), min_size=6, max_size=6)


def sample_in_limits(robot, fractions):
    limits = robot.joint_limits
    lower, upper = np.maximum(limits[:, 0], -np.pi), np.minimum(limits[:, 1], np.pi)
    return lower + np.asarray(fractions[: robot.n_joints]) * (upper - lower)


def smallest_singular_value(robot, q):
    singular_values = np.linalg.svd(ck.geometric_jacobian(robot, q), compute_uv=False)
    return singular_values[min(robot.n_joints, 6) - 1]


# Newton is tested inside its basin (0.05 rad away, well-conditioned); damped least squares
# from 0.15 rad away and closer to singularities. Derandomized: an iterative solver's basin
# is not a property to fuzz in CI.
@pytest.mark.parametrize(
    ("method", "start_error", "min_sigma"), [("newton", 0.05, 0.05), ("dls", 0.15, 0.02)]
)
@pytest.mark.parametrize(
    "robot",
    [models.puma560_duysinx(), models.stanford_arm(), models.scara(), models.planar_3r()],
    ids=lambda r: r.name,
)
@settings(max_examples=15, deadline=None, derandomize=True)
@given(fractions=q_fractions, noise=q_noise)
def test_ik_of_fk_reaches_the_pose(robot, method, start_error, min_sigma, fractions, noise):
    # Planar 3R and SCARA get a full 6-D pose they can reach: least squares, (5.11.16).
    q_true = sample_in_limits(robot, fractions)
    assume(smallest_singular_value(robot, q_true) > min_sigma)
    T_target = ck.forward_kinematics(robot, q_true)
    q0 = q_true + start_error * np.asarray(noise[: robot.n_joints])
    result = ck.inverse_kinematics(robot, T_target, q0, method=method)
    assert result.success, result.message
    assert result.residual <= 1e-10
    assert pose_gap(robot, result.q, T_target) < 1e-9
    assert inside_limits(robot, result.q)


def test_redundant_position_only_tasks():
    # 6 joints for 3 task rows (PUMA), 3 joints in a plane (planar 3R): min-norm steps (5.11.27).
    for robot, q_true in [
        (models.puma560_duysinx(), Q_TRUE),
        (models.planar_3r(), np.array([0.3, 0.6, -0.4])),
    ]:
        p = ck.forward_kinematics(robot, q_true)[:3, 3]
        for method in ("newton", "dls"):
            result = ck.inverse_kinematics(
                robot, ck.translation(p), q_true + 0.3, method=method, position_only=True
            )
            assert result.success, result.message
            assert ck.forward_kinematics(robot, result.q)[:3, 3] == pytest.approx(p, abs=1e-10)
            assert "deg" not in result.message


def test_dls_converges_from_far_away_on_the_puma():
    robot = models.puma560_duysinx()
    T_target = ck.forward_kinematics(robot, Q_TRUE)
    result = ck.inverse_kinematics(robot, T_target, np.zeros(6) + 0.2, method="dls")
    assert result.success, result.message
    assert pose_gap(robot, result.q, T_target) < 1e-9
    # The answer is one of the eight closed-form branches.
    branches = ck.puma560_ik(robot, T_target).q
    gaps = np.abs(np.mod(branches - result.q + np.pi, 2 * np.pi) - np.pi).max(axis=1)
    assert gaps.min() < 1e-8


# --- honest failures -----------------------------------------------------------------------


@pytest.mark.parametrize("method", ["newton", "dls"])
@pytest.mark.parametrize("position_only", [True, False])
def test_unreachable_target_is_reported_as_failure(method, position_only):
    # Planar 2R with l1 = l2 = 1 m cannot reach a point 3 m away.
    robot = models.planar_2r(1.0, 1.0)
    T_target = ck.translation([3.0, 0.0, 0.0])
    result = ck.inverse_kinematics(
        robot, T_target, [0.3, 1.2], method=method, position_only=position_only
    )
    assert not result.success
    assert result.residual >= 1.0 - 1e-9  # the best any configuration can do is 1 m short
    assert result.message.startswith("The target seems unreachable: the error stopped decreasing")
    assert " mm" in result.message and ("deg" in result.message) != position_only
    assert result.iterations < 100


def test_dls_stops_at_the_closest_point_of_an_unreachable_target():
    robot = models.planar_2r(1.0, 1.0)
    result = ck.inverse_kinematics(
        robot, ck.translation([0.0, 3.0, 0.0]), [0.3, 0.4], method="dls", position_only=True
    )
    assert not result.success
    assert result.residual == pytest.approx(1.0, abs=1e-6)
    assert ck.forward_kinematics(robot, result.q)[:3, 3] == pytest.approx([0.0, 2.0, 0.0], abs=1e-4)
    assert "at 1000 mm after" in result.message


def test_pose_out_of_the_plane_is_unreachable_for_a_planar_arm():
    robot = models.planar_3r()
    T_target = ck.forward_kinematics(robot, [0.3, 0.6, -0.4]) @ ck.translation([0.0, 0.0, 0.2])
    result = ck.inverse_kinematics(robot, T_target, [0.2, 0.5, -0.3], method="dls")
    assert not result.success and "seems unreachable" in result.message
    assert result.residual == pytest.approx(0.2, abs=1e-9)  # only the z offset is left
    assert "stopped decreasing at 200 mm and " in result.message


def test_running_out_of_iterations_is_reported():
    robot = models.puma560_duysinx()
    T_target = ck.forward_kinematics(robot, Q_TRUE)
    result = ck.inverse_kinematics(robot, T_target, Q_TRUE + 0.1, max_iterations=2)
    assert not result.success and result.iterations == 2
    assert result.message.startswith("No convergence in 2 iterations: the error is still ")
    assert "Raise max_iterations" in result.message


def test_joint_limits_are_respected_and_a_blocked_joint_is_named():
    # 2R whose elbow may only bend 0..0.5 rad: a target needing |q2| = 1 rad is out of bounds.
    links = (ck.Link(a=1.0, alpha=0.0), ck.Link(a=1.0, alpha=0.0, qlim=(0.0, 0.5)))
    robot = ck.SerialRobot(links, name="stiff 2R")
    p = ck.forward_kinematics(models.planar_2r(), [0.2, 1.0])[:3, 3]
    for method in ("newton", "dls"):
        result = ck.inverse_kinematics(
            robot, ck.translation(p), [0.0, 0.3], method=method, position_only=True
        )
        assert not result.success
        assert inside_limits(robot, result.q)
        assert "q2 stopped at its limit" in result.message
    # A target inside the limits is reached, starting from a q0 outside them (clipped).
    p = ck.forward_kinematics(robot, [0.2, 0.4])[:3, 3]
    result = ck.inverse_kinematics(robot, ck.translation(p), [0.0, 2.0], position_only=True)
    assert result.success and inside_limits(robot, result.q)
    assert result.q == pytest.approx([0.2, 0.4], abs=1e-9)


def test_scara_prismatic_limit_blocks_a_target_below_its_stroke():
    robot = models.scara()
    T_target = ck.forward_kinematics(robot, [0.2, 0.3, 0.1, 0.4]) @ ck.translation([0, 0, 0.3])
    result = ck.inverse_kinematics(robot, T_target, [0.2, 0.3, 0.1, 0.4], method="dls")
    assert not result.success and inside_limits(robot, result.q)
    assert "q3 stopped at its limit" in result.message


# --- bad input -----------------------------------------------------------------------------


def test_bad_input_gets_clear_errors():
    robot = models.puma560_duysinx()
    T = ck.forward_kinematics(robot, Q_TRUE)
    with pytest.raises(ValueError, match=r"T_target must have shape \(4, 4\), got shape \(3, 3\)"):
        ck.inverse_kinematics(robot, np.eye(3), Q_TRUE)
    not_rigid = T.copy()
    not_rigid[:3, :3] *= 2.0
    with pytest.raises(ValueError, match="the rotation part of T_target must be orthonormal"):
        ck.inverse_kinematics(robot, not_rigid, Q_TRUE)
    wrong_size = r"q0 needs one value per joint: PUMA 560 \(Duysinx-Geradin\) has 6 joints, got"
    with pytest.raises(ValueError, match=wrong_size + r" shape \(5,\)"):
        ck.inverse_kinematics(robot, T, Q_TRUE[:5])
    batch = r"q0 must be one joint vector of shape \(6,\), got \(2, 6\)"
    with pytest.raises(ValueError, match=batch):
        ck.inverse_kinematics(robot, T, np.zeros((2, 6)))
    with pytest.raises(ValueError, match="method must be one of 'newton', 'dls', got 'gradient'"):
        ck.inverse_kinematics(robot, T, Q_TRUE, method="gradient")
    with pytest.raises(ValueError, match="tol must be > 0, got -1.0"):
        ck.inverse_kinematics(robot, T, Q_TRUE, tol=-1.0)
    with pytest.raises(ValueError, match="max_iterations must be >= 1, got 0"):
        ck.inverse_kinematics(robot, T, Q_TRUE, max_iterations=0)
    with pytest.raises(TypeError, match="max_iterations must be a whole number, got float"):
        ck.inverse_kinematics(robot, T, Q_TRUE, max_iterations=2.5)
    with pytest.raises(TypeError, match="robot must be a coursekit SerialRobot, got str"):
        ck.inverse_kinematics("PUMA", T, Q_TRUE)


def test_result_is_read_only_and_ck_name_is_the_function():
    assert callable(ck.inverse_kinematics)
    robot = models.planar_2r()
    T_target = ck.translation([1.0, 1.0, 0.0])
    result = ck.inverse_kinematics(robot, T_target, [0.1, 1.0], position_only=True)
    with pytest.raises(ValueError, match="read-only"):
        result.q[0] = 0.0
    with pytest.raises(AttributeError):
        result.success = False


# --- peer library --------------------------------------------------------------------------


def test_agrees_with_robotics_toolbox_ikine_lm():
    rtb = pytest.importorskip("roboticstoolbox")
    robot = models.puma560_duysinx()
    peer = rtb.DHRobot([
        rtb.RevoluteDH(a=link.a, alpha=link.alpha, d=link.d, offset=link.theta)
        for link in robot.links
    ])
    rng = np.random.default_rng(11)
    for _ in range(3):
        q_true = sample_in_limits(robot, rng.uniform(0.2, 0.8, 6))
        T_target = ck.forward_kinematics(robot, q_true)
        q0 = q_true + rng.uniform(-0.2, 0.2, 6)
        theirs = peer.ikine_LM(T_target, q0=q0, tol=1e-12, ilimit=100, slimit=1)
        ours = ck.inverse_kinematics(robot, T_target, q0, method="dls")
        assert theirs.success and ours.success
        assert ours.q == pytest.approx(theirs.q, abs=1e-5)
        # Both land on one of the closed-form branches.
        branches = ck.puma560_ik(robot, T_target).q
        assert np.abs(np.mod(branches - ours.q + np.pi, 2 * np.pi) - np.pi).max(axis=1).min() < 1e-8
