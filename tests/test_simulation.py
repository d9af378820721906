"""simulate(): checked against hand-integrated steps (Craig 6.117), exact solutions
(constant torque, the large-amplitude pendulum period through the elliptic integral),
energy conservation and dissipation, the digest's energy value, and an independent
integration of Pinocchio's forward dynamics with scipy."""

import numpy as np
import pytest

from coursekit.controllers import JointPD
from coursekit.dynamics import kinetic_energy
from coursekit.models import planar_2r, puma560, two_link_uniform_rods
from coursekit.robot import Link, SerialRobot
from coursekit.simulation import Simulation, simulate
from tests.peer_models import pinocchio_model

G = 9.81


def one_link_rod(m=2.0, length=0.5, gravity=(0.0, -G, 0.0)):
    """A uniform rod on a revolute joint; with gravity along z it moves in a horizontal plane."""
    inertia = np.diag([0.0, m * length**2 / 12, m * length**2 / 12])
    link = Link(a=length, alpha=0.0, mass=m, com=(-length / 2, 0.0, 0.0), inertia=inertia)
    return SerialRobot((link,), gravity=gravity, name="rod pendulum")


def rod_acceleration(q, tau, m=2.0, length=0.5):
    """Hand derivation: (m L^2 / 3) qdd = tau - m g (L/2) cos q, gravity along -y."""
    return (tau - m * G * length / 2 * np.cos(q)) / (m * length**2 / 3)


def test_euler_steps_are_craig_6_117_by_hand():
    dt, tau = 0.05, 1.5
    run = simulate(one_link_rod(), [0.4], [0.3], t_final=0.1, dt=dt, torque=[tau], method="euler")
    q, qd = 0.4, 0.3
    for k in range(3):
        qdd = rod_acceleration(q, tau)
        assert run.t[k] == pytest.approx(k * dt)
        assert run.q[k, 0] == pytest.approx(q, abs=1e-14)
        assert run.qd[k, 0] == pytest.approx(qd, abs=1e-14)
        assert run.qdd[k, 0] == pytest.approx(qdd, abs=1e-12)
        q, qd = q + qd * dt + 0.5 * qdd * dt**2, qd + qdd * dt
    assert run.tau[:, 0] == pytest.approx([tau] * 3)


@pytest.mark.parametrize("method", ["euler", "rk4", "adaptive"])
def test_constant_torque_in_a_horizontal_plane_gives_a_parabola(method):
    m, length, tau, q0, qd0 = 2.0, 0.5, 0.8, 0.2, -0.5
    robot = one_link_rod(m, length, gravity=(0.0, 0.0, -G))  # gravity along the joint axis
    run = simulate(robot, [q0], [qd0], t_final=1.0, dt=0.1, torque=[tau], method=method)
    a = tau / (m * length**2 / 3)
    t = np.linspace(0.0, 1.0, 11)
    assert run.q[:, 0] == pytest.approx(q0 + qd0 * t + 0.5 * a * t**2, abs=1e-12)
    assert run.qd[:, 0] == pytest.approx(qd0 + a * t, abs=1e-12)
    assert run.qdd[:, 0] == pytest.approx(np.full(11, a), abs=1e-12)


@pytest.mark.parametrize("method", ["rk4", "adaptive"])
def test_large_pendulum_swings_to_the_other_side_in_half_a_period(method):
    from scipy.special import ellipk

    m, length, theta0 = 2.0, 0.5, np.deg2rad(120.0)
    # physical pendulum: omega0^2 = m g (L/2) / (m L^2 / 3); T = 4 K(k^2) / omega0, k = sin(theta0/2)
    omega0 = np.sqrt(1.5 * G / length)
    half_period = 2.0 * ellipk(np.sin(theta0 / 2) ** 2) / omega0
    hanging = -np.pi / 2
    run = simulate(
        one_link_rod(m, length),
        [hanging + theta0],
        [0.0],
        t_final=half_period,
        dt=half_period / 400,
        method=method,
        rtol=1e-11,
        atol=1e-12,
    )
    assert run.q[-1, 0] == pytest.approx(hanging - theta0, abs=1e-8)
    assert run.qd[-1, 0] == pytest.approx(0.0, abs=1e-7)


def test_rod_arm_energy_matches_the_digest_and_is_conserved():
    robot = two_link_uniform_rods()
    for method, dt in (("rk4", 1e-3), ("adaptive", 1e-2)):
        run = simulate(
            robot, [0.3, 1.0], [0.0, 0.0], 1.0, dt, method=method, rtol=1e-11, atol=1e-12
        )
        energy = run.energy()
        assert energy[0] == pytest.approx(9.0748, abs=5e-5)  # dynamics-notes Part 7, D6.30
        assert np.abs(energy - energy[0]).max() < 1e-7 * abs(energy[0])
        assert np.abs(run.qd).max() > 3.0  # it really moved


def test_puma_energy_is_conserved_by_rk4_and_adaptive_and_grows_under_euler():
    robot = puma560()
    q0 = np.array([0.2, -0.5, 0.4, 0.3, -0.6, 0.8])
    drift = {}
    for method, dt in (("rk4", 2e-3), ("adaptive", 2e-2), ("euler", 2e-3)):
        run = simulate(robot, q0, np.zeros(6), 1.0, dt, method=method, rtol=1e-11, atol=1e-12)
        energy = run.energy()
        assert kinetic_energy(robot, run.q, run.qd).max() > 10.0  # it fell through ~10 J
        drift[method] = (energy - energy[0]) / abs(energy[0])
    assert np.abs(drift["rk4"]).max() < 1e-7
    assert np.abs(drift["adaptive"]).max() < 1e-7
    # Euler (6.117) feeds energy in: the teaching point of the notebook.
    assert drift["euler"][-1] > 1e-3
    assert drift["euler"][-1] > 1e4 * np.abs(drift["rk4"]).max()


def test_euler_energy_error_halves_with_the_step():
    robot = two_link_uniform_rods()
    gains = []
    for dt in (4e-3, 2e-3):
        energy = simulate(robot, [0.3, 1.0], [0.0, 0.0], 0.4, dt, method="euler").energy()
        gains.append(energy[-1] - energy[0])
    assert gains[0] > 0 and gains[1] > 0
    assert gains[0] / gains[1] == pytest.approx(2.0, rel=0.1)  # first order


def test_friction_dissipates_energy():
    robot = two_link_uniform_rods()
    for friction in ({"viscous": 0.2}, lambda qd: 0.2 * qd, {"viscous": 0.1, "coulomb": 0.05}):
        run = simulate(robot, [0.3, 1.0], [0.0, 0.0], 1.5, 5e-3, friction=friction)
        energy = run.energy()
        assert np.all(np.diff(energy) < 1e-7)
        assert energy[-1] < energy[0] - 0.5


def test_a_tip_force_balanced_by_the_torques_keeps_the_arm_still():
    robot = two_link_uniform_rods(m1=1.0, m2=2.0, l1=1.0, l2=0.8)
    q = np.array([0.3, 0.9])
    f_tool = np.array([2.0, -1.0, 0.0, 0.0, 0.0, 0.0])  # tool frame = frame {2}
    c1, s1 = np.cos(q[0]), np.sin(q[0])
    c12, s12 = np.cos(q.sum()), np.sin(q.sum())
    # by hand: gravity of the rods, and J_v^T of the tip times the force in base axes
    g = G * np.array([(1.0 / 2 + 2.0) * c1 + 2.0 * 0.4 * c12, 2.0 * 0.4 * c12])
    J_v = np.array([[-s1 - 0.8 * s12, -0.8 * s12], [c1 + 0.8 * c12, 0.8 * c12]])
    R = np.array([[c12, -s12], [s12, c12]])
    tau = g + J_v.T @ (R @ f_tool[:2])
    run = simulate(robot, q, [0.0, 0.0], 0.5, 0.01, torque=tau, f_tip=f_tool)
    assert np.abs(run.q - q).max() < 1e-12
    moving = simulate(
        robot, q, [0.0, 0.0], 0.5, 0.01, torque=tau, f_tip=lambda t, q, qd: 2 * f_tool
    )
    assert np.abs(moving.q[-1] - q).max() > 1e-2


def test_rk4_agrees_with_scipy_on_pinocchios_forward_dynamics():
    import pinocchio as pin
    from scipy.integrate import solve_ivp

    robot = puma560()
    model = pinocchio_model(robot)
    data = model.createData()
    q0 = np.array([0.1, -0.4, 0.5, -0.2, 0.7, 0.3])
    qd0 = np.array([0.5, -0.3, 0.2, 1.0, -0.5, 0.8])
    tau = np.array([5.0, 60.0, 10.0, 0.1, 0.2, -0.05])

    def rhs(t, x):
        return np.concatenate([x[6:], pin.aba(model, data, x[:6], x[6:], tau)])

    reference = solve_ivp(
        rhs,
        (0.0, 0.5),
        np.concatenate([q0, qd0]),
        method="DOP853",
        t_eval=np.linspace(0.0, 0.5, 6),
        rtol=1e-11,
        atol=1e-12,
    )
    run = simulate(robot, q0, qd0, 0.5, 0.1, torque=tau, method="adaptive", rtol=1e-11, atol=1e-12)
    assert run.q == pytest.approx(reference.y[:6].T, abs=1e-8)
    assert run.qd == pytest.approx(reference.y[6:].T, abs=1e-7)
    fine = simulate(robot, q0, qd0, 0.5, 2.5e-3, torque=tau)  # the wrist whirls: RK4 error ~1e-5
    assert fine.q[::40] == pytest.approx(reference.y[:6].T, abs=1e-4)


def test_the_result_is_a_read_only_record_on_the_grid():
    run = simulate(two_link_uniform_rods(), [0.3, 1.0], [0.0, 0.0], t_final=5.0, dt=0.1)
    assert isinstance(run, Simulation)
    assert run.t.shape == (51,) and run.q.shape == run.qdd.shape == run.tau.shape == (51, 2)
    assert run.t == pytest.approx(np.linspace(0.0, 5.0, 51))
    assert run.integral is None
    with pytest.raises(ValueError, match="read-only"):
        run.q[0, 0] = 1.0
    assert (
        repr(run) == "Simulation(2-link arm, uniform rods, method='rk4', 51 samples from 0 to 5 s)"
    )
    still = simulate(two_link_uniform_rods(), [0.3, 1.0], [0.0, 0.0], t_final=0.0, dt=0.1)
    assert still.t.shape == (1,) and still.q[0] == pytest.approx([0.3, 1.0])
    assert still.qdd[0] == pytest.approx(
        simulate(two_link_uniform_rods(), [0.3, 1.0], [0, 0], 0.1, 0.1).qdd[0]
    )


def test_closed_loop_torques_are_recorded():
    robot = two_link_uniform_rods()
    law = JointPD(robot, kp=50.0, kd=10.0, reference=[0.5, 0.5], gravity_compensation=True)
    run = simulate(robot, [0.0, 0.0], [0.0, 0.0], 1.0, 0.01, torque=law)
    for k in (0, 37, 100):
        assert run.tau[k] == pytest.approx(law(run.t[k], run.q[k], run.qd[k]))


def unstable_law(t, q, qd):
    return -1e6 * q


@pytest.mark.parametrize(
    ("kwargs", "error", "message"),
    [
        ({"dt": 0.0}, ValueError, r"dt must be > 0, got 0.0"),
        ({"dt": -0.1}, ValueError, r"dt must be > 0"),
        ({"t_final": -1.0}, ValueError, r"t_final must be >= 0, got -1.0"),
        ({"t_final": 1.0, "dt": 0.3}, ValueError, r"whole number of steps dt.*3\.33333"),
        (
            {"q0": [0.1]},
            ValueError,
            r"q0 needs one value per joint: .* has 2 joints, got shape \(1,\)",
        ),
        ({"qd0": [[0.0, 0.0]]}, ValueError, r"qd0 must be one state of shape \(2,\), got a batch"),
        ({"q0": [0.1, np.nan]}, ValueError, r"q0 must be finite"),
        ({"torque": [1.0, 2.0, 3.0]}, ValueError, r"torque needs one value per joint"),
        ({"torque": "zero"}, TypeError, r"torque must be numeric"),
        (
            {"torque": lambda t, q, qd: np.zeros(3)},
            ValueError,
            r"torque\(t, q, qd\) must return an array of shape \(2,\), but at t = 0 s it returned shape \(3,\)",
        ),
        (
            {"torque": lambda t, q, qd: np.full(2, np.nan) if t > 0.25 else np.zeros(2)},
            ValueError,
            r"torque\(t, q, qd\) returned a value that is not finite at t = 0.3 s",
        ),
        (
            {"method": "rk45"},
            ValueError,
            r"method must be one of 'rk4', 'euler', 'adaptive', got 'rk45'",
        ),
        ({"friction": 0.2}, TypeError, r"friction must be None, a dict"),
        (
            {"friction": {"viscous": -1.0}},
            ValueError,
            r"viscous friction coefficients must be >= 0",
        ),
        (
            {"friction": {"damping": 1.0}},
            ValueError,
            r"keys 'viscous' and 'coulomb' .* got \['damping'\]",
        ),
        ({"f_tip": [1.0, 2.0]}, ValueError, r"f_tip must have shape \(6,\)"),
        (
            {"torque": unstable_law, "method": "euler", "dt": 0.01},
            ValueError,
            r"blew up at t = 0\.\d+ s.*method='euler', dt = 0.01 s.*try a smaller dt",
        ),
        (
            {"torque": unstable_law, "method": "rk4", "dt": 0.05},
            ValueError,
            r"blew up at t = .* s.*try a smaller dt",
        ),
    ],
)
def test_bad_input_is_explained(kwargs, error, message):
    arguments = {
        "robot": two_link_uniform_rods(),
        "q0": [0.3, 1.0],
        "qd0": [0.0, 0.0],
        "t_final": 1.0,
        "dt": 0.1,
    }
    arguments.update(kwargs)
    with pytest.raises(error, match=message):
        simulate(**arguments)


def test_a_robot_without_mass_cannot_be_simulated():
    with pytest.raises(ValueError, match=r"needs mass data: every link of planar 2R has mass 0"):
        simulate(planar_2r(), [0.0, 0.0], [0.0, 0.0], 1.0, 0.1)
