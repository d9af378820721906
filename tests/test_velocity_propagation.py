"""Velocity and acceleration propagation against J qd, finite differences, Pinocchio, Craig 5.3."""

import numpy as np
import pinocchio as pin
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import coursekit as ck
from coursekit import models
from tests.peer_models import LINK_FRAME, TOOL_FRAME, pinocchio_model
from tests.random_robots import random_robot as shared_random_robot

PI = np.pi
DEG = PI / 180



def random_robot(seed: int, convention: str) -> ck.SerialRobot:
    """A 5-joint robot with random DH rows (some prismatic), mass data, base and tool."""
    rng = np.random.default_rng(seed)
    return shared_random_robot(rng, convention, joints="RPRPR")


def craig_2r(l1: float, l2: float) -> ck.SerialRobot:
    """Craig's own frames for Example 5.3: modified DH, the tip frame {3} as the tool."""
    links = (ck.Link(a=0.0, alpha=0.0), ck.Link(a=l1, alpha=0.0))
    tool = ck.translation([l2, 0.0, 0.0])
    return ck.SerialRobot(links, convention="modified", tool=tool, name="2R (Craig frames)")


ROBOTS = [
    models.stanford_arm(),
    models.scara(),
    models.rp_arm(0.7),
    models.puma560_craig(),
    models.puma560(),
    models.planar_3r(),
    random_robot(1, "standard"),
    random_robot(2, "modified"),
]
state = st.lists(st.floats(-2.0, 2.0), min_size=12, max_size=12)


@pytest.mark.parametrize("robot", ROBOTS, ids=lambda r: r.label)
@settings(max_examples=15, deadline=None)
@given(values=state)
def test_propagated_tool_velocity_equals_jacobian_times_rates(robot, values):
    n = robot.n_joints
    q, qd = np.array(values[:n]), np.array(values[6 : 6 + n])
    for frame in ("base", "tool"):
        assert ck.tool_velocity(robot, q, qd, frame=frame) == pytest.approx(
            ck.geometric_jacobian(robot, q, frame=frame) @ qd, abs=1e-10
        )


def rates_by_finite_differences(robot, q, qd, step=1e-6):
    """Angular velocities and origin velocities (world frame) of every frame, from link_frames."""
    plus, minus = ck.link_frames(robot, q + step * qd), ck.link_frames(robot, q - step * qd)
    frames = ck.link_frames(robot, q)
    v = (plus[:, :3, 3] - minus[:, :3, 3]) / (2 * step)
    R_dot = (plus[:, :3, :3] - minus[:, :3, :3]) / (2 * step)
    W = R_dot @ np.swapaxes(frames[:, :3, :3], -1, -2)  # skew(w) = R_dot R^T
    w = np.stack([W[:, 2, 1], W[:, 0, 2], W[:, 1, 0]], axis=-1)
    return w, v


@pytest.mark.parametrize("robot", ROBOTS, ids=lambda r: r.label)
def test_link_velocities_match_finite_differences_of_the_link_frames(robot):
    rng = np.random.default_rng(0)
    q, qd = rng.uniform(-1.5, 1.5, (2, robot.n_joints))
    w_fd, v_fd = rates_by_finite_differences(robot, q, qd)
    w, v = ck.link_velocities(robot, q, qd, frame="base")
    assert w == pytest.approx(w_fd, abs=1e-8)
    assert v == pytest.approx(v_fd, abs=1e-8)
    # frame="link": the same vectors, each in its own frame (Craig's ^i w_i, ^i v_i).
    w_i, v_i = ck.link_velocities(robot, q, qd)
    R = ck.link_frames(robot, q)[:, :3, :3]
    assert np.einsum("kij,kj->ki", R, w_i) == pytest.approx(w, abs=1e-12)
    assert np.einsum("kij,kj->ki", R, v_i) == pytest.approx(v, abs=1e-12)


@pytest.mark.parametrize("robot", ROBOTS, ids=lambda r: r.label)
def test_accelerations_match_finite_differences_along_a_trajectory(robot):
    # q(t) = q0 + qd t + qdd t^2 / 2: the derivatives of w and v at t = 0 are the accelerations.
    rng = np.random.default_rng(1)
    q0, qd, qdd = rng.uniform(-1.5, 1.5, (3, robot.n_joints))
    step = 1e-5

    def velocities(t):
        w, v, _, _ = ck.link_velocities_and_accelerations(
            robot, q0 + qd * t + qdd * t**2 / 2, qd + qdd * t, qdd
        )
        return w, v

    (w_plus, v_plus), (w_minus, v_minus) = velocities(step), velocities(-step)
    w, v, dw, a = ck.link_velocities_and_accelerations(robot, q0, qd, qdd)
    assert dw == pytest.approx((w_plus - w_minus) / (2 * step), abs=1e-7)
    assert a == pytest.approx((v_plus - v_minus) / (2 * step), abs=1e-7)
    # The absolute velocities are Craig's, in the base frame: two formulations agree.
    w_craig, v_craig = ck.link_velocities(robot, q0, qd, frame="base")
    assert w == pytest.approx(w_craig, abs=1e-12)
    assert v == pytest.approx(v_craig, abs=1e-12)


@pytest.mark.parametrize("robot", ROBOTS, ids=lambda r: r.label)
def test_body_coordinates_are_the_absolute_results_seen_from_each_link(robot):
    rng = np.random.default_rng(2)
    q, qd, qdd = rng.uniform(-1.5, 1.5, (3, robot.n_joints))
    absolute = ck.link_velocities_and_accelerations(robot, q, qd, qdd, coordinates="absolute")
    body = ck.link_velocities_and_accelerations(robot, q, qd, qdd, coordinates="body")
    R = ck.link_frames(robot, q)[:, :3, :3]
    for world, own in zip(absolute, body):
        assert np.einsum("kji,kj->ki", R, world) == pytest.approx(own, abs=1e-11)
    w_i, v_i = ck.link_velocities(robot, q, qd)
    assert body[0] == pytest.approx(w_i, abs=1e-12)
    assert body[1] == pytest.approx(v_i, abs=1e-12)


PIN_ROBOTS = [
    models.stanford_arm(),
    models.puma560_craig(),
    random_robot(3, "modified"),
    random_robot(4, "standard"),
]


@pytest.mark.parametrize("robot", PIN_ROBOTS, ids=lambda r: r.label)
def test_link_velocities_and_accelerations_match_pinocchio(robot):
    model = pinocchio_model(robot)
    data = model.createData()
    rng = np.random.default_rng(3)
    q, qd, qdd = rng.uniform(-1.5, 1.5, (3, robot.n_joints))
    pin.forwardKinematics(model, data, q, qd, qdd)
    pin.updateFramePlacements(model, data)
    w, v, dw, a = ck.link_velocities_and_accelerations(robot, q, qd, qdd)
    aligned = pin.LOCAL_WORLD_ALIGNED
    for i in range(1, robot.n_joints + 1):
        frame = model.getFrameId(LINK_FRAME.format(i))
        velocity = pin.getFrameVelocity(model, data, frame, aligned)
        # Classical acceleration: the second derivative of the frame origin's position.
        acceleration = pin.getFrameClassicalAcceleration(model, data, frame, aligned)
        assert w[i] == pytest.approx(velocity.angular, abs=1e-10)
        assert v[i] == pytest.approx(velocity.linear, abs=1e-10)
        assert dw[i] == pytest.approx(acceleration.angular, abs=1e-10)
        assert a[i] == pytest.approx(acceleration.linear, abs=1e-10)
    tool = model.getFrameId(TOOL_FRAME)
    twist = pin.getFrameVelocity(model, data, tool, pin.LOCAL)
    assert ck.tool_velocity(robot, q, qd, frame="tool") == pytest.approx(twist.vector, abs=1e-10)


@pytest.mark.parametrize("q1_deg, q2_deg", [(30, 45), (-70, 120), (10, -160), (0, 0)])
def test_craig_example_5_3_results(q1_deg, q2_deg):
    l1, l2 = 1.0, 0.8
    t1, t2 = q1_deg * DEG, q2_deg * DEG
    td1, td2 = 0.5, -0.2
    s1, c1, s2, c2 = np.sin(t1), np.cos(t1), np.sin(t2), np.cos(t2)
    s12, c12 = np.sin(t1 + t2), np.cos(t1 + t2)
    v3_in_3 = [l1 * s2 * td1, l1 * c2 * td1 + l2 * (td1 + td2), 0.0]  # (5.55)
    v3_in_0 = [  # (5.57)
        -l1 * s1 * td1 - l2 * s12 * (td1 + td2),
        l1 * c1 * td1 + l2 * c12 * (td1 + td2),
        0.0,
    ]
    w3 = [0.0, 0.0, td1 + td2]  # (5.54)
    # Standard DH: frame {2} is Craig's tip frame {3}.
    q, qd = [t1, t2], [td1, td2]
    w, v = ck.link_velocities(models.planar_2r(l1, l2), q, qd)
    assert v[2] == pytest.approx(v3_in_3, abs=1e-12)
    assert w[2] == pytest.approx(w3, abs=1e-12)
    _, v_0 = ck.link_velocities(models.planar_2r(l1, l2), q, qd, frame="base")
    assert v_0[2] == pytest.approx(v3_in_0, abs=1e-12)
    # Craig's own (modified DH) frames: the intermediate results (5.50)-(5.53) too.
    robot = craig_2r(l1, l2)
    w, v = ck.link_velocities(robot, q, qd)
    assert w[1] == pytest.approx([0, 0, td1], abs=1e-12)  # (5.50)
    assert v[1] == pytest.approx([0, 0, 0], abs=1e-12)  # (5.51)
    assert w[2] == pytest.approx([0, 0, td1 + td2], abs=1e-12)  # (5.52)
    assert v[2] == pytest.approx([l1 * s2 * td1, l1 * c2 * td1, 0.0], abs=1e-12)  # (5.53)
    assert ck.tool_velocity(robot, q, qd, frame="tool") == pytest.approx([*v3_in_3, *w3], abs=1e-12)
    assert ck.tool_velocity(robot, q, qd) == pytest.approx([*v3_in_0, *w3], abs=1e-12)


def test_craig_example_5_3_digest_numbers():
    # Digest G5.3: l = (1, 0.8), theta = (30, 45) deg, rates (0.5, -0.2).
    robot = models.planar_2r(1.0, 0.8)
    q, qd = np.deg2rad([30, 45]), [0.5, -0.2]
    w, v = ck.link_velocities(robot, q, qd)
    assert v[2] == pytest.approx([0.353553, 0.593553, 0.0], abs=1e-6)
    assert w[2] == pytest.approx([0.0, 0.0, 0.3], abs=1e-12)
    _, v_0 = ck.link_velocities(robot, q, qd, frame="base")
    assert v_0[2] == pytest.approx([-0.481822, 0.495130, 0.0], abs=1e-6)


def test_steady_rotation_gives_centripetal_acceleration_by_hand():
    # One revolute joint turning at w about z, tip at radius R: a = -w^2 R towards the axis.
    robot = models.planar_2r(1.0, 0.5)
    for q1 in (0.0, 0.7, 2.0):
        _, _, dw, a = ck.link_velocities_and_accelerations(robot, [q1, 0.0], [3.0, 0.0], [0.0, 0.0])
        towards_axis = -np.array([np.cos(q1), np.sin(q1), 0.0])
        assert a[2] == pytest.approx(9.0 * 1.5 * towards_axis, abs=1e-12)
        assert dw[2] == pytest.approx(np.zeros(3), abs=1e-12)
    # A prismatic joint sliding on a turning arm: Coriolis 2 w x d_dot appears (Craig (6.35)).
    robot = models.rp_arm(1.0)  # tip = (a1 c1 - d2 s1, a1 s1 + d2 c1, 0)
    _, _, _, a = ck.link_velocities_and_accelerations(robot, [0.0, 0.5], [2.0, 0.3], [0.0, 0.0])
    # d/dt twice of (c1 - d2 s1, s1 + d2 c1) at theta1 = 0, theta1_dot = 2, d2 = 0.5, d2_dot = 0.3.
    expected = [-1.0 * 4.0 - 2 * 0.3 * 2.0, -0.5 * 4.0, 0.0]
    assert a[2] == pytest.approx(expected, abs=1e-12)


def test_errors_name_the_argument():
    robot = models.planar_2r()
    per_joint = r"qd needs one value per joint: planar 2R has 2 joints, got shape \(3,\)"
    with pytest.raises(ValueError, match=per_joint):
        ck.link_velocities(robot, [0.0, 0.0], [1.0, 2.0, 3.0])
    with pytest.raises(ValueError, match="frame must be one of 'link', 'base', got 'world'"):
        ck.link_velocities(robot, [0.0, 0.0], [1.0, 2.0], frame="world")
    choices = "coordinates must be one of 'absolute', 'body', got 'global'"
    with pytest.raises(ValueError, match=choices):
        ck.link_velocities_and_accelerations(robot, [0, 0], [0, 0], [0, 0], coordinates="global")
    with pytest.raises(ValueError, match="batches are not supported"):
        ck.tool_velocity(robot, np.zeros((4, 2)), np.zeros((4, 2)))
    with pytest.raises(ValueError, match="qdd must be finite"):
        ck.link_velocities_and_accelerations(robot, [0, 0], [0, 0], [np.nan, 0])
    with pytest.raises(TypeError, match="robot must be a coursekit SerialRobot"):
        ck.link_velocities("puma", [0, 0], [0, 0])
