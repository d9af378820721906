"""Control laws in closed loop with simulate(): checked against the linear theory of the
servo (closed-form step responses, poles, overshoot), the closed-form error of computed
torque (dynamics-notes Part 6.F and exercise D7.32), hand-derived gravity offsets of PD
control, the disturbance bound of a mismatched model, hand-derived 2R kinematics, and
Craig's MATLAB Exercise 5 table."""

from dataclasses import replace
from itertools import pairwise

import numpy as np
import pytest

from coursekit.cartesian_control import (
    CartesianComputedTorque,
    ResolvedRate,
    TransposeJacobianControl,
    _task_kinematics,
    resolved_rate,
)
from coursekit.controllers import ComputedTorque, JointPD, JointPID
from coursekit.dh_conversion import convert_dh
from coursekit.dynamics import mass_matrix
from coursekit.jacobians import geometric_jacobian
from coursekit.models import (
    planar_2r,
    planar_3r,
    puma560,
    puma560_craig,
    stanford_arm,
    two_link_point_masses,
    two_link_uniform_rods,
)
from coursekit.newton_euler import inverse_dynamics
from coursekit.robot import Link, SerialRobot
from coursekit.servo import (
    closed_loop_damping_ratio,
    closed_loop_poles,
    pid_gains,
    unit_mass_gains,
)
from coursekit.simulation import simulate
from coursekit.step_response import closed_loop_step_response, percent_overshoot
from coursekit.trajectories import polynomial_trajectory, quintic_coefficients

G = 9.81
DEG = np.pi / 180


def horizontal_rod(m=2.0, length=0.5):
    """One uniform rod turning about a vertical axis: a pure inertia m L^2 / 3, no gravity torque."""
    inertia = np.diag([0.0, m * length**2 / 12, m * length**2 / 12])
    link = Link(a=length, alpha=0.0, mass=m, com=(-length / 2, 0.0, 0.0), inertia=inertia)
    return SerialRobot((link,), gravity=(0.0, 0.0, -G), name="horizontal rod")


def rod_2r_gravity(q, m1=1.0, m2=1.0, l1=1.0, l2=1.0):
    """Gravity torques of the 2R rod arm, dynamics-notes Part 6 closed form."""
    c1, c12 = np.cos(q[0]), np.cos(q[0] + q[1])
    return np.array(
        [G * (m1 * l1 * c1 + 2 * m2 * l1 * c1 + m2 * l2 * c12) / 2, m2 * G * l2 * c12 / 2]
    )


def tip_2r(q, l1=1.0, l2=1.0):
    q = np.asarray(q)
    return np.stack(
        [
            l1 * np.cos(q[..., 0]) + l2 * np.cos(q[..., 0] + q[..., 1]),
            l1 * np.sin(q[..., 0]) + l2 * np.sin(q[..., 0] + q[..., 1]),
        ],
        axis=-1,
    )


def critically_damped_error(e0, omega, t):
    """e(t) of e'' + 2 w e' + w^2 e = 0 from rest at e0 (dynamics-notes Part 6.F)."""
    return np.outer((1.0 + omega * t) * np.exp(-omega * t), e0)


# --- independent-joint PD and PID -------------------------------------------------------


def test_pd_step_of_one_joint_matches_the_linear_servo_and_its_overshoot():
    robot, inertia = horizontal_rod(), 2.0 * 0.5**2 / 3
    kp, kd, step = 16.0, 0.8, 0.3
    run = simulate(robot, [0.0], [0.0], 1.2, 2e-3, torque=JointPD(robot, kp, kd, [step]))
    expected = closed_loop_step_response(inertia, 0.0, 0.0, run.t, kp=kp, kv=kd, x_desired=step)
    assert run.q[:, 0] == pytest.approx(expected, abs=1e-9)
    zeta = closed_loop_damping_ratio(inertia, 0.0, 0.0, kp=kp, kv=kd)
    overshoot = 100.0 * (run.q[:, 0].max() / step - 1.0)
    assert overshoot == pytest.approx(percent_overshoot(zeta), abs=0.01)
    assert overshoot > 5.0
    # the error e = A exp(-sigma t) cos(omega_d t + phi) of the poles -sigma +- i omega_d
    pole = closed_loop_poles(inertia, 0.0, 0.0, kp=kp, kv=kd)[1]
    e = step - run.q[:, 0]
    k = np.nonzero(np.sign(e[1:]) != np.sign(e[:-1]))[0]
    crossings = run.t[k] - e[k] * (run.t[k + 1] - run.t[k]) / (e[k + 1] - e[k])
    assert len(crossings) >= 3
    assert np.diff(crossings) == pytest.approx(np.pi / pole.imag, rel=1e-4)
    peaks = [np.abs(e[a:b]).max() for a, b in pairwise(k)]
    assert peaks[1] / peaks[0] == pytest.approx(np.exp(pole.real * np.pi / pole.imag), rel=1e-3)


def test_pid_integral_is_a_state_integrated_with_the_robot():
    robot, inertia = horizontal_rod(), 2.0 * 0.5**2 / 3
    kp, kv, ki = pid_gains(inertia, 0.0, 0.0, omega_n=6.0, zeta=0.7, gamma=3.0)
    law = JointPID(robot, kp=kp, ki=ki, kd=kv, reference=[0.4])
    for method, dt in (("rk4", 4e-3), ("adaptive", 1e-2)):
        run = simulate(
            robot, [0.0], [0.0], 1.5, dt, torque=law, method=method, rtol=1e-11, atol=1e-12
        )
        expected = closed_loop_step_response(inertia, 0.0, 0.0, run.t, kp, kv, ki, x_desired=0.4)
        assert run.q[:, 0] == pytest.approx(expected, abs=1e-8)
        # the recorded integral is the integral of the error (trapezoidal check)
        e = 0.4 - run.q[:, 0]
        trapezoid = np.concatenate([[0.0], np.cumsum((e[1:] + e[:-1]) / 2 * np.diff(run.t))])
        assert run.integral[:, 0] == pytest.approx(trapezoid, abs=1e-4)
    assert law(0.0, [0.1], [0.0], [0.5]) == pytest.approx([kp * 0.3 + ki * 0.5])


def test_pd_without_gravity_compensation_stops_short_by_kp_inverse_g():
    from scipy.optimize import fsolve

    robot = two_link_uniform_rods()
    q_d, kp, kd = np.array([0.8, -0.5]), np.array([100.0, 30.0]), np.array([20.0, 4.0])
    # hand derivation: at rest, Kp e_ss = g(q_d - e_ss)
    e_ss = fsolve(lambda e: kp * e - rod_2r_gravity(q_d - e), np.zeros(2), xtol=1e-14)
    plain = simulate(
        robot, [0, 0], [0, 0], 6.0, 0.1, torque=JointPD(robot, kp, kd, q_d), method="adaptive"
    )
    assert q_d - plain.q[-1] == pytest.approx(e_ss, abs=1e-6)
    assert kp * (q_d - plain.q[-1]) == pytest.approx(rod_2r_gravity(plain.q[-1]), abs=1e-4)
    assert np.abs(e_ss).min() > 0.1
    compensated = JointPD(robot, kp, kd, q_d, gravity_compensation=True)
    run = simulate(robot, [0.0, 0.0], [0.0, 0.0], 6.0, 0.1, torque=compensated, method="adaptive")
    assert run.q[-1] == pytest.approx(q_d, abs=1e-6)


def test_pd_with_gravity_compensation_converges_as_in_the_digest():
    # dynamics-notes Part 7, D7.33: Kp = 36, Kd = 12, rest -> (0.8, -0.5), |e(4 s)| < 1e-3
    robot = two_link_uniform_rods()
    law = JointPD(robot, 36.0, 12.0, [0.8, -0.5], gravity_compensation=True)
    run = simulate(robot, [0.0, 0.0], [0.0, 0.0], 4.0, 0.01, torque=law)
    assert np.abs(run.q[-1] - [0.8, -0.5]).max() < 1e-3


def test_pid_removes_the_gravity_offset():
    robot = two_link_uniform_rods()
    q_d = np.array([0.8, -0.5])
    ki = np.array([400.0, 120.0])
    law = JointPID(robot, kp=[200.0, 60.0], ki=ki, kd=[40.0, 8.0], reference=q_d)
    run = simulate(robot, [0.0, 0.0], [0.0, 0.0], 8.0, 0.1, torque=law, method="adaptive")
    assert run.q[-1] == pytest.approx(q_d, abs=1e-6)
    # at rest the integral term alone holds the arm up: Ki * integral = g(q_d)
    assert ki * run.integral[-1] == pytest.approx(rod_2r_gravity(q_d), abs=1e-3)


# --- computed torque ---------------------------------------------------------------------


def test_computed_torque_error_is_the_critically_damped_closed_form():
    # dynamics-notes Part 7, D7.32: Kp = 36, Kd = 12 (omega = 6), rest -> (0.8, -0.5)
    robot = two_link_uniform_rods()
    run = simulate(
        robot,
        [0.0, 0.0],
        [0.0, 0.0],
        2.0,
        2e-3,
        torque=ComputedTorque(robot, 36.0, 12.0, [0.8, -0.5]),
    )
    expected = critically_damped_error(np.array([0.8, -0.5]), 6.0, run.t)
    assert np.sqrt(np.mean(([0.8, -0.5] - run.q - expected) ** 2)) < 1e-6
    assert np.abs([0.8, -0.5] - run.q - expected).max() < 1e-8


def test_computed_torque_gives_the_designed_overshoot_against_gravity():
    robot = two_link_point_masses(m1=1.0, m2=2.0, l1=1.0, l2=0.8)
    kp, kd = unit_mass_gains(omega_n=8.0, zeta=0.5)
    q0, q_d = np.array([0.2, 0.1]), np.array([0.6, -0.3])
    run = simulate(robot, q0, [0.0, 0.0], 1.2, 2e-3, torque=ComputedTorque(robot, kp, kd, q_d))
    for j in range(2):
        step = q_d[j] - q0[j]
        expected = closed_loop_step_response(1.0, 0.0, 0.0, run.t, kp=kp, kv=kd, x_desired=step)
        assert run.q[:, j] - q0[j] == pytest.approx(expected, abs=1e-9)
        overshoot = 100.0 * (np.abs(run.q[:, j] - q0[j]).max() / abs(step) - 1.0)
        assert overshoot == pytest.approx(percent_overshoot(0.5), abs=0.01)  # 16.3 %


def puma_quintic():
    q0 = np.array([0.0, -0.6, 0.3, 0.2, -0.5, 0.1])
    qf = np.array([0.8, 0.2, -0.4, -0.6, 0.7, 1.2])
    return q0, qf, quintic_coefficients(q0, qf, duration=1.0)


def test_computed_torque_tracks_a_quintic_on_the_puma():
    robot = puma560()
    q0, qf, a = puma_quintic()
    reference = lambda t: polynomial_trajectory(a, min(t, 1.0))
    law = ComputedTorque(robot, *unit_mass_gains(10.0, 1.0), reference=reference)
    run = simulate(robot, q0, np.zeros(6), 1.2, 4e-3, torque=law)
    desired = polynomial_trajectory(a, np.minimum(run.t, 1.0))
    assert np.abs(run.q - desired.q).max() < 1e-8
    assert run.q[-1] == pytest.approx(qf, abs=1e-8)
    assert run.qdd == pytest.approx(desired.qdd, abs=1e-5)


def test_computed_torque_with_wrong_masses_has_a_bounded_error():
    robot = puma560()
    model = replace(
        robot,
        links=tuple(
            replace(link, mass=1.2 * link.mass, inertia=1.2 * link.inertia) for link in robot.links
        ),
    )
    q0, _, a = puma_quintic()
    omega = 10.0
    reference = lambda t: polynomial_trajectory(a, min(t, 1.0))
    law = ComputedTorque(robot, *unit_mass_gains(omega, 1.0), reference=reference, model=model)
    run = simulate(robot, q0, np.zeros(6), 1.2, 4e-3, torque=law)
    error = polynomial_trajectory(a, np.minimum(run.t, 1.0)).q - run.q
    # e'' + Kd e' + Kp e = n_d with n_d = Mhat^-1 (tau(q, qd, qdd) - tau_hat(q, qd, qdd))
    # (Duysinx-Geradin 3.10.3-3.10.4); from rest, |e| <= max|n_d| / omega^2 (impulse t e^-wt).
    difference = inverse_dynamics(robot, run.q, run.qd, run.qdd) - inverse_dynamics(
        model, run.q, run.qd, run.qdd
    )
    n_d = np.linalg.solve(mass_matrix(model, run.q), difference[..., None])[..., 0]
    bound = np.abs(n_d).max(axis=0) / omega**2
    assert np.all(np.abs(error).max(axis=0) <= 1.02 * bound)
    assert np.abs(error).max() > 1e-3  # the mismatch shows
    # all inertial parameters scaled by 1.2: tau_hat = 1.2 tau
    assert difference == pytest.approx(
        -0.2 * inverse_dynamics(robot, run.q, run.qd, run.qdd), abs=1e-9
    )


# --- Cartesian laws ------------------------------------------------------------------------


def rod_3r():
    """Craig's planar 3R with rods L = (4, 3, 2) m of 1 kg/m (modified DH: rods along x_i)."""
    robot = planar_3r()
    lengths = (4.0, 3.0, 2.0)
    links = tuple(
        replace(link, mass=L, com=(L / 2, 0.0, 0.0), inertia=np.diag([0.0, L**3 / 12, L**3 / 12]))
        for link, L in zip(robot.links, lengths, strict=True)
    )
    return replace(robot, links=links)


def test_cartesian_computed_torque_step_is_critically_damped_in_task_space():
    robot = two_link_uniform_rods()
    q0 = np.array([0.3, 1.2])
    x0, x_d = tip_2r(q0), np.array([1.2, 0.9])
    law = CartesianComputedTorque(robot, 64.0, 16.0, reference=x_d, rows=(0, 1))
    run = simulate(robot, q0, [0.0, 0.0], 1.0, 5e-3, torque=law)
    error = x_d - tip_2r(run.q)
    assert error == pytest.approx(critically_damped_error(x_d - x0, 8.0, run.t), abs=3e-8)


def test_cartesian_computed_torque_on_the_3r_arm_controls_x_y_and_phi():
    robot = rod_3r()
    q0 = np.deg2rad([10.0, 20.0, 30.0])
    x0 = np.array([7.537307, 3.926644, 60 * DEG])  # Craig MATLAB Exercise 5, X_0
    x_d = x0 + [0.3, -0.4, -0.5]
    law = CartesianComputedTorque(robot, 25.0, 10.0, reference=x_d, rows=(0, 1, 5))
    run = simulate(robot, q0, np.zeros(3), 1.0, 1e-2, torque=law)
    c1, c12, c123 = (np.cos(np.cumsum(run.q, axis=1)[:, k]) for k in range(3))
    s1, s12, s123 = (np.sin(np.cumsum(run.q, axis=1)[:, k]) for k in range(3))
    x = np.stack(
        [4 * c1 + 3 * c12 + 2 * c123, 4 * s1 + 3 * s12 + 2 * s123, run.q.sum(axis=1)], axis=1
    )
    assert x[0] == pytest.approx(x0, abs=1e-6)
    assert x_d - x == pytest.approx(critically_damped_error(x_d - x0, 5.0, run.t), abs=1e-6)


def test_cartesian_computed_torque_tracks_a_straight_line():
    robot = two_link_uniform_rods(m1=1.0, m2=2.0, l1=1.0, l2=0.8)
    q0 = np.array([0.2, 1.4])
    x0 = tip_2r(q0, 1.0, 0.8)
    a = quintic_coefficients(x0, x0 + [-0.3, 0.2], duration=1.0)
    reference = lambda t: polynomial_trajectory(a, min(t, 1.0))
    law = CartesianComputedTorque(robot, 100.0, 20.0, reference=reference, rows=(0, 1))
    run = simulate(robot, q0, [0.0, 0.0], 1.0, 5e-3, torque=law)
    assert np.abs(tip_2r(run.q, 1.0, 0.8) - polynomial_trajectory(a, run.t).q).max() < 1e-8


def test_transpose_jacobian_law_by_hand_and_in_closed_loop():
    robot = two_link_point_masses(m1=1.0, m2=2.0, l1=1.0, l2=0.8)
    kp, kd, x_d = np.array([300.0, 200.0]), np.array([30.0, 25.0]), np.array([1.1, 0.9])
    law = TransposeJacobianControl(robot, kp, kd, reference=x_d, rows=(0, 1))
    rng = np.random.default_rng(3)
    for q, qd in rng.uniform(-1.5, 1.5, (5, 2, 2)):
        c1, s1, c12, s12 = np.cos(q[0]), np.sin(q[0]), np.cos(q.sum()), np.sin(q.sum())
        J = np.array([[-s1 - 0.8 * s12, -0.8 * s12], [c1 + 0.8 * c12, 0.8 * c12]])
        g = G * np.array([3.0 * c1 + 1.6 * c12, 1.6 * c12])  # Craig (6.62)
        expected = J.T @ (kp * (x_d - tip_2r(q, 1.0, 0.8)) - kd * (J @ qd)) + g
        assert law(0.0, q, qd) == pytest.approx(expected, abs=1e-10)
    run = simulate(robot, [0.3, 1.2], [0.0, 0.0], 5.0, 0.5, torque=law, method="adaptive")
    assert tip_2r(run.q[-1], 1.0, 0.8) == pytest.approx(x_d, abs=1e-6)
    assert np.abs(run.qd[-1]).max() < 1e-5


@pytest.mark.parametrize(
    "robot",
    [
        puma560(),
        puma560_craig(),
        stanford_arm(),
        convert_dh(stanford_arm(), "modified"),
        planar_3r(),
    ],
    ids=lambda r: r.label,
)
def test_task_kinematics_match_the_geometric_jacobian_and_finite_differences(robot):
    rng = np.random.default_rng(7)
    n = robot.n_joints
    for _ in range(3):
        q, qd = rng.uniform(-1.0, 1.0, (2, n))
        _, J, Jdot_qd = _task_kinematics(robot, q, qd, range(6))
        assert pytest.approx(geometric_jacobian(robot, q), abs=1e-12) == J
        h = 1e-6
        dJ = (geometric_jacobian(robot, q + h * qd) - geometric_jacobian(robot, q - h * qd)) / (
            2 * h
        )
        assert Jdot_qd == pytest.approx(dJ @ qd, abs=1e-7)


# --- resolved-rate control: Craig's MATLAB Exercise 5 -----------------------------------

# t, theta (deg), theta_dot (rad/s), x, y, phi, |J|, tau (craig-ch5-ch6 digest, section 4)
# fmt: off
CRAIG_TABLE = [
    (0.0, 10.0000, 20.0000, 30.0000, -0.1292, 0.2867, -0.3574, 7.5373, 3.9266, 1.0472, 4.1042, 14.1480, 6.9641, 3.2679),
    (0.5, 6.9754, 26.7302, 20.5648, -0.0782, 0.1759, -0.2977, 7.6340, 3.7741, 0.9472, 5.3975, 14.4939, 7.0389, 3.7123),
    (1.0, 5.0936, 31.0210, 12.4262, -0.0492, 0.1155, -0.2663, 7.7319, 3.6222, 0.8472, 6.1842, 14.8416, 7.2283, 4.1495),
    (1.5, 3.9458, 33.7929, 5.0726, -0.0273, 0.0706, -0.2432, 7.8301, 3.4706, 0.7472, 6.6743, 15.1897, 7.4839, 4.5752),
    (2.0, 3.3809, 35.3614, -1.6606, -0.0087, 0.0317, -0.2230, 7.9285, 3.3193, 0.6472, 6.9448, 15.5377, 7.7876, 4.9852),
    (2.5, 3.3306, 35.8457, -7.8243, 0.0085, -0.0053, -0.2032, 8.0268, 3.1681, 0.5472, 7.0273, 15.8855, 8.1315, 5.3754),
    (3.0, 3.7699, 35.2623, -13.4096, 0.0256, -0.0435, -0.1821, 8.1250, 3.0171, 0.4472, 6.9278, 16.2329, 8.5133, 5.7418),
    (3.5, 4.7100, 33.5417, -18.3587, 0.0440, -0.0862, -0.1578, 8.2231, 2.8663, 0.3472, 6.6305, 16.5798, 8.9352, 6.0808),
    (4.0, 6.2122, 30.4992, -22.5480, 0.0662, -0.1391, -0.1271, 8.3207, 2.7156, 0.2472, 6.0903, 16.9258, 9.4056, 6.3890),
    (4.5, 8.4404, 25.7142, -25.7208, 0.0983, -0.2165, -0.0818, 8.4176, 2.5647, 0.1472, 5.2066, 17.2705, 9.9443, 6.6634),
    (5.0, 11.8811, 18.0197, -27.1966, 0.1670, -0.3801, 0.0131, 8.5128, 2.4134, 0.0472, 3.7121, 17.6121, 10.6070, 6.9012),
]
# fmt: on


@pytest.fixture(scope="module")
def craig_run():
    return resolved_rate(
        planar_3r(),
        np.deg2rad([10.0, 20.0, 30.0]),
        [0.2, -0.3, -0.2],
        5.0,
        0.1,
        rows=(0, 1, 5),
        wrench=[1.0, 2.0, 3.0],
    )


def test_resolved_rate_reproduces_craig_matlab_exercise_5_table(craig_run):
    run = craig_run
    assert isinstance(run, ResolvedRate) and run.t.shape == (51,) and run.q.shape == (51, 3)
    for row in CRAIG_TABLE:
        k = round(row[0] / 0.1)
        assert run.t[k] == pytest.approx(row[0])
        assert np.rad2deg(run.q[k]) == pytest.approx(row[1:4], abs=5.1e-5)
        assert run.qd[k] == pytest.approx(row[4:7], abs=5.1e-5)
        assert run.x[k] == pytest.approx(row[7:10], abs=5.1e-5)
        assert run.jacobian_determinant[k] == pytest.approx(row[10], abs=5.1e-5)
        assert run.tau[k] == pytest.approx(row[11:14], abs=5.1e-5)
    assert np.all(np.diff(run.tau, axis=0) > 0)  # "all torques increase monotonically"


def test_resolved_rate_end_points_and_determinant_extremes(craig_run):
    run = craig_run
    J0 = [[-3.926644, -3.232051, -1.732051], [7.537307, 3.598076, 1.0], [1.0, 1.0, 1.0]]
    J5 = [[-2.413383, -1.589859, -0.094360], [8.512751, 4.598442, 1.997773], [1.0, 1.0, 1.0]]
    assert run.jacobian[0] == pytest.approx(np.array(J0), abs=5e-7)
    assert run.jacobian[-1] == pytest.approx(np.array(J5), abs=5e-7)
    assert run.jacobian_determinant[0] == pytest.approx(4.104242, abs=5e-7)
    assert run.x[0] == pytest.approx([7.537307, 3.926644, 1.047198], abs=5e-7)
    assert run.qd[0] == pytest.approx([-0.129228, 0.286676, -0.357448], abs=5e-7)
    assert run.tau[0] == pytest.approx([14.147971, 6.964102, 3.267949], abs=5e-7)
    assert run.q[-1] == pytest.approx([0.207364, 0.314503, -0.474670], abs=5e-7)
    assert run.qd[-1] == pytest.approx([0.167003, -0.380082, 0.013079], abs=5e-7)
    assert run.tau[-1] == pytest.approx([17.612118, 10.607026, 6.901186], abs=5e-7)
    assert run.x[-1] == pytest.approx([8.512751, 2.413383, 0.047198], abs=5e-7)
    det = run.jacobian_determinant
    assert det.min() == pytest.approx(3.712131, abs=5e-7) and run.t[det.argmin()] == pytest.approx(
        5.0
    )
    assert det.max() == pytest.approx(7.027259, abs=5e-7) and run.t[det.argmax()] == pytest.approx(
        2.5
    )
    assert det == pytest.approx(12.0 * np.sin(run.q[:, 1]), abs=1e-12)  # L1 L2 sin(theta2)
    assert repr(run) == "ResolvedRate(51 samples from 0 to 5 s)"


def test_resolved_rate_accepts_a_time_varying_command():
    run = resolved_rate(
        planar_2r(),
        [0.3, 1.2],
        lambda t: [0.1 * np.cos(t), 0.1 * np.sin(t)],
        1.0,
        0.01,
        rows=(0, 1),
    )
    assert run.tau is None
    # Euler is first order: the tip follows the integral of the command to O(dt)
    expected = tip_2r([0.3, 1.2]) + 0.1 * np.array([np.sin(1.0), 1.0 - np.cos(1.0)])
    assert run.x[-1] == pytest.approx(expected, abs=2e-3)


# --- errors ----------------------------------------------------------------------------------


def test_controllers_print_their_gains():
    law = JointPD(two_link_uniform_rods(), kp=[100.0, 50.0], kd=20.0, reference=[0.1, 0.2])
    text = repr(law)
    assert "kp=array([100.,  50.])" in text and "kd=array([20., 20.])" in text


@pytest.mark.parametrize(
    ("build", "error", "message"),
    [
        (
            lambda: JointPD(two_link_uniform_rods(), -1.0, 1.0, [0, 0]),
            ValueError,
            r"kp must be >= 0",
        ),
        (
            lambda: JointPD(two_link_uniform_rods(), [1, 2, 3], 1.0, [0, 0]),
            ValueError,
            r"kp must be one number or one per axis \(2\), got shape \(3,\)",
        ),
        (
            lambda: JointPID(two_link_uniform_rods(), 1.0, "a", 1.0, [0, 0]),
            TypeError,
            r"ki must be numeric",
        ),
        (
            lambda: JointPD(two_link_uniform_rods(), 1.0, 1.0, [0, 0, 0]),
            ValueError,
            r"reference must be a set point of shape \(2,\) or a function of t",
        ),
        (
            lambda: JointPD(planar_2r(), 1.0, 1.0, [0, 0], gravity_compensation=True),
            ValueError,
            r"gravity compensation needs a model with mass data",
        ),
        (
            lambda: ComputedTorque(two_link_uniform_rods(), 1.0, 1.0, [0, 0], model=planar_2r()),
            ValueError,
            r"computed-torque control needs a model with mass data, but some links of model \(planar 2R\)",
        ),
        (
            lambda: ComputedTorque(two_link_uniform_rods(), 1.0, 1.0, [0, 0], model=puma560()),
            ValueError,
            r"model must have as many joints as robot \(2\), got 6",
        ),
        (
            lambda: CartesianComputedTorque(
                two_link_uniform_rods(), 1.0, 1.0, [0, 0, 0], rows=(0, 1, 5)
            ),
            ValueError,
            r"needs a square Jacobian: rows must pick 2 rows .* got 3 rows",
        ),
        (
            lambda: TransposeJacobianControl(
                two_link_uniform_rods(), 1.0, 1.0, [0, 0], rows=(0, 7)
            ),
            ValueError,
            r"rows must be distinct row numbers",
        ),
        (
            lambda: resolved_rate(planar_3r(), [0.1, 0.2, 0.3], [0.1, 0.0, 0.0], 1.0, 0.1),
            ValueError,
            r"resolved-rate control needs a square Jacobian: rows must pick 3 rows",
        ),
        (
            lambda: resolved_rate(
                planar_3r(), [0.1, 0.0, 0.3], [0.1, 0.0, 0.0], 1.0, 0.1, rows=(0, 1, 5)
            ),
            ValueError,
            r"Jacobian rows \[vx, vy, wz\] are singular at t = 0 s",
        ),
        (
            lambda: resolved_rate(
                planar_3r(), [0.1, 0.2, 0.3], [0.1, 0.0], 1.0, 0.1, rows=(0, 1, 5)
            ),
            ValueError,
            r"xdot must have one value per task row, shape \(3,\), got shape \(2,\)",
        ),
        (
            lambda: resolved_rate(
                planar_3r(), [0.1, 0.2, 0.3], [0.1, 0, 0], 1.0, 0.3, rows=(0, 1, 5)
            ),
            ValueError,
            r"t_final must be a whole number of steps dt",
        ),
    ],
)
def test_bad_construction_is_explained(build, error, message):
    with pytest.raises(error, match=message):
        build()


def test_bad_references_are_explained_at_the_time_they_happen():
    robot = two_link_uniform_rods()
    law = ComputedTorque(robot, 1.0, 1.0, reference=lambda t: [0.0, 0.0])
    with pytest.raises(
        ValueError, match=r"reference\(t\) must return \(position, velocity, acceleration\)"
    ):
        simulate(robot, [0.0, 0.0], [0.0, 0.0], 1.0, 0.1, torque=law)
    short = JointPD(robot, 1.0, 1.0, reference=lambda t: (np.zeros(2), np.zeros(3), np.zeros(2)))
    with pytest.raises(
        ValueError,
        match=r"velocitys? of shape \(2,\), but at t = 0 s its velocity has shape \(3,\)",
    ):
        short(0.0, [0.0, 0.0], [0.0, 0.0])
    straight = CartesianComputedTorque(robot, 1.0, 1.0, reference=[2.0, 0.0], rows=(0, 1))
    with pytest.raises(ValueError, match=r"singular at t = 0.5 s"):
        straight(0.5, [0.0, 0.0], [0.0, 0.0])
