"""Terms of the equations of motion, forward dynamics, energies, task-space inertia and
friction, checked against the digests' worked numbers, closed forms of Craig and the Modern
Robotics notes, structural properties, Pinocchio and the Robotics Toolbox."""

import warnings
from dataclasses import replace

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from coursekit.coriolis import (
    centrifugal_and_coriolis_matrices,
    christoffel_symbols,
    coriolis_matrix,
)
from coursekit.dynamics import (
    coriolis_vector,
    forward_dynamics,
    friction_torques,
    gravity_torques,
    kinetic_energy,
    mass_matrix,
    potential_energy,
)
from coursekit.models import (
    puma560,
    puma560_craig,
    puma560_duysinx,
    two_link_point_masses,
    two_link_uniform_rods,
)
from coursekit.newton_euler import inverse_dynamics
from coursekit.robot import Link, SerialRobot
from coursekit.task_space import task_space_inertia
from tests.peer_models import pinocchio_model, rtb_robot
from tests.random_robots import random_robot, random_state

DEG = np.pi / 180





def _duysinx_arm():
    # duysinx-geradin.md 3.3/6.3: angles from the downward vertical = gravity along +x_0
    return replace(two_link_point_masses(1.0, 2.0, 1.0, 0.8), gravity=(9.81, 0.0, 0.0))


# --- worked numbers from the digests -----------------------------------------------------------


def test_duysinx_two_link_mass_matrix_gravity_and_forward_dynamics():
    robot = _duysinx_arm()
    q, qd = np.array([30.0, 45.0]) * DEG, np.array([1.0, -0.5])
    M = mass_matrix(robot, q)
    assert M == pytest.approx(np.array([[6.542742, 2.411371], [2.411371, 1.28]]), abs=1e-6)
    # the printed coupling term m12 = m2 l1 l2 cos(theta2) (erratum E11) is not what we get
    assert M[0, 1] != pytest.approx(2.0 * 1.0 * 0.8 * np.cos(45 * DEG), abs=1e-3)
    assert gravity_torques(robot, q) == pytest.approx([29.876172, 15.161172], abs=1e-6)
    assert coriolis_vector(robot, q, qd) == pytest.approx([0.848528, 1.131371], abs=1e-6)
    qdd = forward_dynamics(robot, q, qd, [0.0, 0.0])
    assert qdd == pytest.approx([-0.015724, -12.698927], abs=1e-6)


# dynamics-notes.md Part 6.G: (model, m, L, q, qd, qdd, M, C qd, g, tau), gravity along -y
TABLE_6G = [
    ("point", (1, 1), (1, 1), (0, np.pi / 2), (1, 1), (0, 0),
     [[3, 1], [1, 1]], [-3, 1], [19.62, 0], [16.62, 1]),
    ("point", (1, 1), (1, 1), (0, 0), (0, 0), (0, 0),
     [[5, 2], [2, 1]], [0, 0], [29.43, 9.81], [29.43, 9.81]),
    ("point", (2, 1), (1, 0.5), (0.3, 0.7), (0.5, -1.2), (1, 2),
     [[4.014842, 0.632421], [0.632421, 0.25]], [-0.077306, 0.080527], [30.765736, 2.650183],
     [35.968114, 3.863131]),
    ("rod", (1, 1), (1, 1), (0, np.pi / 2), (1, 1), (0, 0),
     [[1.666667, 0.333333], [0.333333, 0.333333]], [-1.5, 0.5], [14.715, 0], [13.215, 0.5]),
    ("rod", (2, 1), (1, 0.5), (0.3, 0.7), (0.5, -1.2), (1, 2),
     [[2.132421, 0.274544], [0.274544, 0.083333]], [-0.038653, 0.040264], [20.068793, 1.325091],
     [22.711649, 1.806566]),
]  # fmt: skip


@pytest.mark.parametrize(("kind", "m", "L", "q", "qd", "qdd", "M", "c", "g", "tau"), TABLE_6G)
def test_reference_table_of_the_dynamics_notes(kind, m, L, q, qd, qdd, M, c, g, tau):
    make = two_link_point_masses if kind == "point" else two_link_uniform_rods
    robot = make(m[0], m[1], L[0], L[1])
    assert mass_matrix(robot, q) == pytest.approx(np.array(M), abs=1e-6)
    assert coriolis_vector(robot, q, qd) == pytest.approx(c, abs=1e-6)
    assert gravity_torques(robot, q) == pytest.approx(g, abs=1e-6)
    assert inverse_dynamics(robot, q, qd, qdd) == pytest.approx(tau, abs=1e-6)
    assert coriolis_matrix(robot, q, qd) @ qd == pytest.approx(c, abs=1e-6)


def test_modern_robotics_torque_and_mass_ellipsoids():
    # dynamics-notes 3.3 / 7.2 ex. 26-27: point masses, L1 = L2 = m1 = m2 = 1
    robot = two_link_point_masses(1.0, 1.0, 1.0, 1.0)
    eigenvalues = np.linalg.eigvalsh(mass_matrix(robot, [0, 90 * DEG]))
    assert eigenvalues == pytest.approx([0.5858, 3.4142], abs=1e-4)
    eigenvalues = np.linalg.eigvalsh(mass_matrix(robot, [0, 150 * DEG]))
    assert eigenvalues == pytest.approx([0.9445, 1.3234], abs=1e-4)
    Lam = task_space_inertia(robot, [0, 90 * DEG], rows=(0, 1))
    assert Lam == pytest.approx(np.diag([1.0, 2.0]))  # 1 kg along x, m1 + m2 = 2 kg along y
    Lam = task_space_inertia(robot, [0, 150 * DEG], rows=(0, 1))
    assert Lam == pytest.approx(np.array([[4, -np.sqrt(3)], [-np.sqrt(3), 2]]))
    assert np.linalg.eigvalsh(Lam) == pytest.approx([1.0, 5.0])
    assert np.linalg.solve(Lam, [1.0, 0.0]) == pytest.approx([0.4, 0.3464], abs=1e-4)


def test_craig_example_6_6_cartesian_mass_matrix_in_the_tip_frame():
    m1, m2, l1, l2 = 1.5, 0.8, 0.7, 0.5
    robot = two_link_point_masses(m1, m2, l1, l2)
    for q2 in (0.4, 1.2, 2.5):
        s2 = np.sin(q2)
        expected = np.array([[m2 + m1 / s2**2, 0.0], [0.0, m2]])
        Lam = task_space_inertia(robot, [0.3, q2], rows=(0, 1), frame="tool")
        assert Lam == pytest.approx(expected)


def test_craig_example_6_4_centrifugal_and_coriolis_matrices():
    m1, m2, l1, l2 = 1.5, 0.8, 0.7, 0.5
    robot = two_link_point_masses(m1, m2, l1, l2)
    q = np.array([0.3, 1.1])
    h = m2 * l1 * l2 * np.sin(q[1])
    C, B = centrifugal_and_coriolis_matrices(robot, q)
    assert C == pytest.approx(np.array([[0.0, -h], [h, 0.0]]), abs=1e-12)
    assert B == pytest.approx(np.array([[-2 * h], [0.0]]), abs=1e-12)
    qd = np.array([0.7, -1.3])
    expected = coriolis_vector(robot, q, qd)
    assert C @ qd**2 + B @ [qd[0] * qd[1]] == pytest.approx(expected, abs=1e-12)


def test_craig_split_of_a_six_joint_arm_reproduces_the_velocity_terms():
    robot = puma560()
    rng = np.random.default_rng(20)
    q, qd, _ = random_state(rng, 6)
    C, B = centrifugal_and_coriolis_matrices(robot, q)
    assert C.shape == (6, 6) and B.shape == (6, 15)
    j, k = np.triu_indices(6, 1)
    expected = coriolis_vector(robot, q, qd)
    assert C @ qd**2 + B @ (qd[j] * qd[k]) == pytest.approx(expected, rel=1e-9, abs=1e-12)


def test_christoffel_symbols_and_coriolis_matrix_of_the_2r_arm():
    # dynamics-notes 7.2 ex. 13, 14, 23: h = m2 L1 L2 sin(q2)
    m2, l1, l2 = 0.8, 0.7, 0.5
    robot = two_link_point_masses(1.5, m2, l1, l2)
    q, qd = np.array([0.3, 1.1]), np.array([0.7, -1.3])
    h = m2 * l1 * l2 * np.sin(q[1])
    Gamma = np.zeros((2, 2, 2))
    Gamma[0, 0, 1] = Gamma[0, 1, 0] = Gamma[0, 1, 1] = -h
    Gamma[1, 0, 0] = h
    assert christoffel_symbols(robot, q) == pytest.approx(Gamma, abs=1e-12)
    C = coriolis_matrix(robot, q, qd)
    assert C == pytest.approx(h * np.array([[-qd[1], -(qd[0] + qd[1])], [qd[0], 0.0]]), abs=1e-12)
    M_dot = -2 * m2 * l1 * l2 * np.sin(q[1]) * qd[1] * np.array([[1.0, 0.5], [0.5, 0.0]])  # by hand
    N = M_dot - 2 * C
    N12 = h * (2 * qd[0] + qd[1])
    assert N == pytest.approx(N12 * np.array([[0.0, 1.0], [-1.0, 0.0]]), abs=1e-12)


def test_energy_of_the_rod_arm_and_its_conservation():
    # dynamics-notes 7.2 ex. 30: rods m = L = 1 from q = (0.3, 1.0) at rest, E0 = 9.0748 J
    robot = two_link_uniform_rods(1.0, 1.0, 1.0, 1.0)

    def energy(x):
        return float(kinetic_energy(robot, x[:2], x[2:]) + potential_energy(robot, x[:2]))

    def simulate(x, steps, dt, viscous):
        def f(x):
            tau = -friction_torques(x[2:], viscous=viscous)
            return np.concatenate([x[2:], forward_dynamics(robot, x[:2], x[2:], tau)])

        energies = [energy(x)]
        for _ in range(steps):  # classic Runge-Kutta 4
            k1 = f(x)
            k2 = f(x + dt / 2 * k1)
            k3 = f(x + dt / 2 * k2)
            k4 = f(x + dt * k3)
            x = x + dt / 6 * (k1 + 2 * k2 + 2 * k3 + k4)
            energies.append(energy(x))
        return np.array(energies)

    x0 = np.array([0.3, 1.0, 0.0, 0.0])
    assert energy(x0) == pytest.approx(9.0748, abs=1e-4)
    free = simulate(x0, 250, 2e-3, 0.0)
    assert np.abs(free - free[0]).max() < 1e-7 * free[0]
    damped = simulate(x0, 250, 2e-3, 0.2)
    assert np.all(np.diff(damped) <= 1e-9)
    assert damped[-1] < damped[0] - 1e-3


# --- structural properties --------------------------------------------------------------------


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), convention=st.sampled_from(["standard", "modified"]))
def test_structure_of_the_equations_of_motion(seed, convention):
    rng = np.random.default_rng(seed)
    n = int(rng.integers(2, 7))
    robot = random_robot(rng, convention, joints="".join(rng.choice(["R", "P"], n)))
    q, qd, qdd = random_state(rng, n)
    M = mass_matrix(robot, q)
    assert M == pytest.approx(M.T, abs=1e-12)
    assert np.linalg.eigvalsh(M)[0] > 0
    # M columns are inverse dynamics with qd = 0 and no gravity
    columns = inverse_dynamics(robot, q, np.zeros(n), np.eye(n), gravity=np.zeros(3))
    assert columns.T == pytest.approx(M, rel=1e-10, abs=1e-12)
    # kinetic energy from the link velocities equals (1/2) qd M qd
    assert kinetic_energy(robot, q, qd) == pytest.approx(0.5 * qd @ M @ qd, rel=1e-10)
    # Mdot - 2C is skew-symmetric; Mdot by central differences along qd
    h = 1e-6
    M_dot = (mass_matrix(robot, q + h * qd) - mass_matrix(robot, q - h * qd)) / (2 * h)
    C = coriolis_matrix(robot, q, qd)
    N = M_dot - 2 * C
    assert N + N.T == pytest.approx(np.zeros((n, n)), abs=1e-6 * max(1.0, np.abs(M_dot).max()))
    assert C @ qd == pytest.approx(coriolis_vector(robot, q, qd), rel=1e-9, abs=1e-10)
    Gamma = christoffel_symbols(robot, q)
    assert Gamma == pytest.approx(np.swapaxes(Gamma, -1, -2), abs=1e-12)
    # gravity torques are the gradient of the potential energy
    dU = [
        (potential_energy(robot, q + h * e) - potential_energy(robot, q - h * e)) / (2 * h)
        for e in np.eye(n)
    ]
    assert gravity_torques(robot, q) == pytest.approx(dU, rel=1e-6, abs=1e-7)
    # forward dynamics undoes inverse dynamics, tip wrench included
    f_tip = rng.normal(size=6)
    tau = inverse_dynamics(robot, q, qd, qdd, f_tip)
    assert forward_dynamics(robot, q, qd, tau, f_tip) == pytest.approx(qdd, rel=1e-8, abs=1e-8)


def test_christoffel_symbols_match_finite_differences_of_m():
    robot = puma560()
    q = np.array([0.3, -0.7, 0.4, 1.1, -0.6, 0.2])
    h = 1e-5
    dM = np.array(
        [
            (mass_matrix(robot, q + h * e) - mass_matrix(robot, q - h * e)) / (2 * h)
            for e in np.eye(6)
        ]
    )
    d = np.moveaxis(dM, 0, -1)  # d[i, j, k] = dM_ij / dq_k
    expected = 0.5 * (d + np.swapaxes(d, 1, 2) - np.transpose(d, (2, 0, 1)))
    assert christoffel_symbols(robot, q) == pytest.approx(expected, abs=1e-9)


@pytest.mark.parametrize("convention", ["standard", "modified"])
def test_batches_equal_loops_of_single_calls(convention):
    # single states run scalar code, batches numpy code: two implementations checked here
    rng = np.random.default_rng(21)
    robot = random_robot(rng, convention)
    q, qd, tau = random_state(rng, 6, size=(3, 2))
    results = {
        "M": mass_matrix(robot, q),
        "g": gravity_torques(robot, q),
        "c": coriolis_vector(robot, q, qd),
        "C": coriolis_matrix(robot, q, qd),
        "qdd": forward_dynamics(robot, q, qd, tau),
        "K": kinetic_energy(robot, q, qd),
        "U": potential_energy(robot, q),
        "Lambda": task_space_inertia(robot, q),
    }
    assert results["M"].shape == (3, 2, 6, 6) and results["K"].shape == (3, 2)
    for i in range(3):
        for j in range(2):
            single = {
                "M": mass_matrix(robot, q[i, j]),
                "g": gravity_torques(robot, q[i, j]),
                "c": coriolis_vector(robot, q[i, j], qd[i, j]),
                "C": coriolis_matrix(robot, q[i, j], qd[i, j]),
                "qdd": forward_dynamics(robot, q[i, j], qd[i, j], tau[i, j]),
                "K": kinetic_energy(robot, q[i, j], qd[i, j]),
                "U": potential_energy(robot, q[i, j]),
                "Lambda": task_space_inertia(robot, q[i, j]),
            }
            for key, value in single.items():
                # Lambda inverts J M^-1 J^T: near a singularity it amplifies rounding by cond(J)^2
                rel = 1e-6 if key == "Lambda" else 1e-10
                assert results[key][i, j] == pytest.approx(value, rel=rel, abs=1e-10), key
    # one tau for a batch of states
    assert forward_dynamics(robot, q, qd, tau[0, 0])[1, 1] == pytest.approx(
        forward_dynamics(robot, q[1, 1], qd[1, 1], tau[0, 0]), rel=1e-10
    )


def test_task_space_inertia_keeps_the_kinetic_energy():
    # (1/2) qd M qd = (1/2) xd Lambda xd for a square Jacobian (dynamics-notes E, "KE invariance")
    from coursekit.jacobians import geometric_jacobian

    robot = puma560()
    rng = np.random.default_rng(22)
    q, qd, _ = random_state(rng, 6)
    xd = geometric_jacobian(robot, q) @ qd
    energy = float(kinetic_energy(robot, q, qd))
    assert 0.5 * xd @ task_space_inertia(robot, q) @ xd == pytest.approx(energy, rel=1e-9)


def test_friction_torques_by_hand():
    qd = np.array([[2.0, -1.0, 0.0], [-0.5, 0.0, 3.0]])
    expected = np.array([[0.5 * 2 + 0.1, -0.5 - 0.2, 0.0], [-0.25 - 0.1, 0.0, 1.5 + 0.3]])
    assert friction_torques(qd, viscous=0.5, coulomb=[0.1, 0.2, 0.3]) == pytest.approx(expected)
    assert friction_torques([1.0, -2.0]) == pytest.approx([0.0, 0.0])


# --- peer libraries as oracles ----------------------------------------------------------------


PEER_ROBOTS = [
    puma560(),
    puma560_craig(),
    random_robot(np.random.default_rng(30), "standard"),
    random_robot(np.random.default_rng(31), "modified"),
]


@pytest.mark.parametrize("robot", PEER_ROBOTS, ids=lambda robot: robot.label)
def test_agrees_with_pinocchio(robot):
    import pinocchio as pin

    model = pinocchio_model(robot)
    data = model.createData()
    rng = np.random.default_rng(32)
    q0 = random_state(rng, robot.n_joints)[0]
    for _ in range(3):
        q, qd, tau = random_state(rng, robot.n_joints)
        assert mass_matrix(robot, q) == pytest.approx(pin.crba(model, data, q), rel=1e-9, abs=1e-9)
        assert gravity_torques(robot, q) == pytest.approx(
            pin.computeGeneralizedGravity(model, data, q), rel=1e-9, abs=1e-9
        )
        # Pinocchio's C is Christoffel-consistent too (Mdot - 2C skew): whole matrices agree
        assert coriolis_matrix(robot, q, qd) == pytest.approx(
            pin.computeCoriolisMatrix(model, data, q, qd), rel=1e-9, abs=1e-9
        )
        expected = pin.aba(model, data, q, qd, tau)
        assert forward_dynamics(robot, q, qd, tau) == pytest.approx(expected, rel=1e-9, abs=1e-9)
        expected = pin.computeKineticEnergy(model, data, q, qd)
        assert kinetic_energy(robot, q, qd) == pytest.approx(expected, rel=1e-9)
        # Pinocchio measures U in the world frame, we from {0}: compare differences
        dU = potential_energy(robot, q) - potential_energy(robot, q0)
        dU_pin = pin.computePotentialEnergy(model, data, q)
        dU_pin -= pin.computePotentialEnergy(model, data, q0)
        assert dU == pytest.approx(dU_pin, rel=1e-9, abs=1e-9)


RTB_ROBOTS = [
    puma560(),
    random_robot(np.random.default_rng(33), "standard"),
    random_robot(np.random.default_rng(34), "modified", joints="RRRRRR"),
]


@pytest.mark.parametrize("robot", RTB_ROBOTS, ids=lambda robot: robot.label)
def test_agrees_with_the_robotics_toolbox(robot):
    # The toolbox robot is built from our own table with Jm = B = Tc = 0 and G = 1 (peer_models);
    # its gravity is a vector like ours (a +9.81 habit would flip every gravity torque).
    # Modified-DH robots with prismatic joints are left to Pinocchio (test above): the rne of
    # roboticstoolbox 1.5.0 was found to give wrong torques for prismatic joints of modified-DH
    # robots (disagreeing with Pinocchio and with finite differences of the potential energy),
    # so the course does not use it as the oracle there.
    peer = rtb_robot(robot)
    rng = np.random.default_rng(35)
    for _ in range(3):
        q, qd, qdd = random_state(rng, robot.n_joints)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            expected = {
                "rne": peer.rne(q, qd, qdd),
                "inertia": peer.inertia(q),
                "gravload": peer.gravload(q),
                "coriolis": peer.coriolis(q, qd),
                "accel": peer.accel(q, qd, qdd),
            }
        ours = {
            "rne": inverse_dynamics(robot, q, qd, qdd),
            "inertia": mass_matrix(robot, q),
            "gravload": gravity_torques(robot, q),
            "coriolis": coriolis_matrix(robot, q, qd),
            "accel": forward_dynamics(robot, q, qd, qdd),
        }
        for key, value in ours.items():
            assert value == pytest.approx(expected[key], rel=1e-9, abs=1e-9), key


# --- errors -------------------------------------------------------------------------------------


def _massless_tail():
    links = [
        replace(link, mass=0.0, inertia=np.zeros((3, 3))) if i >= 4 else link
        for i, link in enumerate(puma560().links)
    ]
    return replace(puma560(), links=tuple(links), name="PUMA without a wrist")


def _mass_on_the_last_axis():
    # link 2's point mass sits at frame {2} - (l2, 0, 0): on joint 2's own axis
    return SerialRobot(
        (Link(a=1.0, alpha=0.0, mass=1.0), Link(a=0.5, alpha=0.0, mass=1.0, com=(-0.5, 0.0, 0.0))),
        gravity=(0.0, -9.81, 0.0),
        name="2R with its mass on an axis",
    )


def _zeros(n=6):
    return np.zeros(n)


BAD_CALLS = [
    (
        lambda: forward_dynamics(puma560_duysinx(), _zeros(), _zeros(), _zeros()),
        ValueError,
        r"forward dynamics needs mass data: every link of PUMA 560 \(Duysinx-Geradin\) has "
        r"mass 0 and no inertia, so M\(q\) is singular",
    ),
    (
        lambda: forward_dynamics(_massless_tail(), _zeros(), _zeros(), _zeros()),
        ValueError,
        r"forward dynamics needs mass data: link 5 of PUMA without a wrist has mass 0 and "
        r"no inertia",
    ),
    (
        lambda: forward_dynamics(_mass_on_the_last_axis(), [0.1, 0.2], [0, 0], [0, 0]),
        ValueError,
        r"M\(q\) of 2R with its mass on an axis is singular: joint 2 moves no mass",
    ),
    (
        lambda: task_space_inertia(puma560_duysinx(), _zeros()),
        ValueError,
        r"forward dynamics needs mass data",
    ),
    (
        lambda: forward_dynamics(puma560(), _zeros(), _zeros(), _zeros(5)),
        ValueError,
        r"tau needs one value per joint: PUMA 560 \(Corke\) has 6 joints, got shape \(5,\)",
    ),
    (
        lambda: forward_dynamics(puma560(), _zeros(), [np.nan] * 6, _zeros()),
        ValueError,
        r"qd must be finite",
    ),
    (
        lambda: mass_matrix(puma560(), np.zeros((2, 5))),
        ValueError,
        r"q needs one value per joint: PUMA 560 \(Corke\) has 6 joints, got shape \(2, 5\)",
    ),
    (
        lambda: coriolis_matrix(puma560(), _zeros(), _zeros(3)),
        ValueError,
        r"qd needs one value per joint",
    ),
    (
        lambda: mass_matrix(None, _zeros()),
        TypeError,
        r"robot must be a coursekit SerialRobot, got NoneType",
    ),
    (
        lambda: task_space_inertia(two_link_point_masses(), [0.3, 0.0], rows=(0, 1)),
        ValueError,
        r"the task rows \[vx, vy\] are singular at this q \(a kinematic singularity\)",
    ),
    (
        lambda: task_space_inertia(two_link_point_masses(), [0.3, 1.0]),
        ValueError,
        r"2-link arm, point masses has only 2 joints: pick at most 2 rows",
    ),
    (
        lambda: task_space_inertia(two_link_point_masses(), [0.3, 1.0], rows=(0, 7)),
        ValueError,
        r"rows must be distinct row numbers of the Jacobian \[vx, vy, vz, wx, wy, wz\] "
        r"\(0 to 5\), got \(0, 7\)",
    ),
    (
        lambda: task_space_inertia(two_link_point_masses(), [0.3, 1.0], frame="world"),
        ValueError,
        r"frame must be one of 'base', 'tool', got 'world'",
    ),
    (
        lambda: friction_torques([1.0, 2.0], viscous=-0.1),
        ValueError,
        r"viscous friction coefficients must be >= 0",
    ),
    (
        lambda: friction_torques([1.0, 2.0], coulomb=[0.1, 0.2, 0.3]),
        ValueError,
        r"coulomb must be one number or one per joint \(2\), got shape \(3,\)",
    ),
    (lambda: friction_torques([1.0, np.nan]), ValueError, r"qd must be finite"),
    (lambda: friction_torques(1.0), ValueError, r"qd must be an array of joint velocities"),
    (lambda: friction_torques(["fast"]), TypeError, r"qd must be numeric"),
]


@pytest.mark.parametrize(("call", "error", "message"), BAD_CALLS)
def test_bad_input_is_explained(call, error, message):
    with pytest.raises(error, match=message):
        call()


def test_mass_ellipsoids_of_the_modern_robotics_2r_arm():
    # Lynch & Park Figs. 8.3-8.4, numbers in the dynamics digest Part 3.3 (L = m = 1).
    from coursekit.task_space import mass_ellipsoid

    robot = two_link_point_masses(m1=1.0, m2=1.0, l1=1.0, l2=1.0)
    _, torque_axes = mass_ellipsoid(mass_matrix(robot, [0.0, np.pi / 2]))
    assert torque_axes == pytest.approx([2 + np.sqrt(2), 2 - np.sqrt(2)])
    _, torque_axes = mass_ellipsoid(mass_matrix(robot, [0.0, 150 * DEG]))
    assert torque_axes == pytest.approx([1.3234, 0.9445], abs=1e-4)
    axes, hand_masses = mass_ellipsoid(task_space_inertia(robot, [0.0, 150 * DEG], rows=(0, 1)))
    assert hand_masses == pytest.approx([5.0, 1.0])
    # The heaviest direction is the eigenvector of Lambda = [[4, -sqrt3], [-sqrt3, 2]] for 5.
    Lambda = np.array([[4.0, -np.sqrt(3)], [-np.sqrt(3), 2.0]])
    assert Lambda @ axes[:, 0] == pytest.approx(5.0 * axes[:, 0])


def test_mass_ellipsoid_refuses_what_is_not_a_mass_matrix():
    from coursekit.task_space import mass_ellipsoid

    with pytest.raises(ValueError, match="inertia must be symmetric"):
        mass_ellipsoid([[1.0, 2.0], [0.0, 1.0]])
    with pytest.raises(ValueError, match="inertia must be positive definite"):
        mass_ellipsoid([[1.0, 0.0], [0.0, 0.0]])
    with pytest.raises(ValueError, match=r"inertia must be a square matrix"):
        mass_ellipsoid([1.0, 2.0])
