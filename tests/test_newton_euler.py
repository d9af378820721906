"""Recursive Newton-Euler inverse dynamics, checked against Lagrangians derived here with
sympy, the textbooks' closed forms and worked numbers, and Pinocchio (the Robotics Toolbox
cross-checks are in test_dynamics.py, with the other dynamics terms)."""

from dataclasses import replace

import numpy as np
import pytest
import sympy as sp
from hypothesis import given, settings
from hypothesis import strategies as st

from coursekit.dh_conversion import convert_dh
from coursekit.jacobians import geometric_jacobian
from coursekit.models import (
    puma560,
    puma560_craig,
    puma560_duysinx,
    scara,
    two_link_point_masses,
    two_link_uniform_rods,
)
from coursekit.newton_euler import (
    inverse_dynamics,
    inverse_dynamics_craig,
    inverse_dynamics_luh_walker_paul,
)
from coursekit.robot import Link, SerialRobot
from coursekit.rotations import rotation_from_rotation_vector
from coursekit.transforms import transform
from tests.peer_models import pinocchio_model
from tests.random_robots import random_inertia, random_robot, random_state

DEG = np.pi / 180





# --- Lagrange, derived here with sympy -------------------------------------------------


def _equations_of_motion(lagrangian, q, qd, qdd):
    """d/dt dL/dqd_i - dL/dq_i, with d/dt expanded by the chain rule."""
    rows = []
    for q_i, qd_i in zip(q, qd):
        p = sp.diff(lagrangian, qd_i)
        d_dt = sum(sp.diff(p, a) * b for a, b in zip(q, qd)) + sum(
            sp.diff(p, a) * b for a, b in zip(qd, qdd)
        )
        rows.append(d_dt - sp.diff(lagrangian, q_i))
    return rows


@pytest.fixture(scope="module")
def planar_2r_lagrange():
    """tau(q, qd, qdd, m1, m2, l1, l2, lc1, lc2, I1, I2) for a vertical 2R arm, gravity along -y."""
    q = sp.symbols("q1 q2")
    qd = sp.symbols("qd1 qd2")
    qdd = sp.symbols("qdd1 qdd2")
    m1, m2, l1, l2, lc1, lc2, I1, I2, g = sp.symbols("m1 m2 l1 l2 lc1 lc2 I1 I2 g")
    x1, y1 = lc1 * sp.cos(q[0]), lc1 * sp.sin(q[0])
    x2 = l1 * sp.cos(q[0]) + lc2 * sp.cos(q[0] + q[1])
    y2 = l1 * sp.sin(q[0]) + lc2 * sp.sin(q[0] + q[1])

    def rate(f):
        return sum(sp.diff(f, a) * b for a, b in zip(q, qd))

    K = (
        m1 * (rate(x1) ** 2 + rate(y1) ** 2) / 2
        + m2 * (rate(x2) ** 2 + rate(y2) ** 2) / 2
        + I1 * qd[0] ** 2 / 2
        + I2 * (qd[0] + qd[1]) ** 2 / 2
    )
    U = m1 * g * y1 + m2 * g * y2
    tau = _equations_of_motion(K - U, q, qd, qdd)
    args = [*q, *qd, *qdd, m1, m2, l1, l2, lc1, lc2, I1, I2, g]
    return sp.lambdify(args, tau, "numpy")


def test_point_mass_arm_equals_lagrange(planar_2r_lagrange):
    rng = np.random.default_rng(1)
    for _ in range(20):
        m1, m2, l1, l2 = rng.uniform(0.3, 3.0, 4)
        robot = two_link_point_masses(m1, m2, l1, l2)
        q, qd, qdd = random_state(rng, 2)
        expected = planar_2r_lagrange(*q, *qd, *qdd, m1, m2, l1, l2, l1, l2, 0.0, 0.0, 9.81)
        assert inverse_dynamics(robot, q, qd, qdd) == pytest.approx(expected, rel=1e-10, abs=1e-10)


def test_uniform_rod_arm_equals_lagrange(planar_2r_lagrange):
    rng = np.random.default_rng(2)
    for _ in range(20):
        m1, m2, l1, l2 = rng.uniform(0.3, 3.0, 4)
        robot = two_link_uniform_rods(m1, m2, l1, l2)
        q, qd, qdd = random_state(rng, 2)
        I1, I2 = m1 * l1**2 / 12, m2 * l2**2 / 12
        expected = planar_2r_lagrange(*q, *qd, *qdd, m1, m2, l1, l2, l1 / 2, l2 / 2, I1, I2, 9.81)
        assert inverse_dynamics(robot, q, qd, qdd) == pytest.approx(expected, rel=1e-10, abs=1e-10)


def _symbolic_dh(a, alpha, d, theta):
    """Standard DH row Rz(theta) Tz(d) Tx(a) Rx(alpha), written out here with sympy."""
    ct, st, ca, sa = sp.cos(theta), sp.sin(theta), sp.cos(alpha), sp.sin(alpha)
    return sp.Matrix(
        [
            [ct, -st * ca, st * sa, a * ct],
            [st, ct * ca, -ct * sa, a * st],
            [0, sa, ca, d],
            [0, 0, 0, 1],
        ]
    )


def _scara_with_masses(rng):
    robot = scara()
    links = [
        replace(
            link,
            mass=rng.uniform(0.5, 4.0),
            com=rng.uniform(-0.15, 0.15, 3),
            inertia=random_inertia(rng),
        )
        for link in robot.links
    ]
    return replace(robot, links=tuple(links))


def test_scara_rrpr_equals_a_symbolic_lagrangian():
    # L = K - U of the SCARA with random mass properties, differentiated by sympy. Each link's
    # kinetic energy is (1/2) m v_c.v_c + (1/2) w.I w, with v_c the time derivative of its
    # centre of mass and w the sum of the revolute axes z_{j-1} qd_j before it (Bona (K2)).
    rng = np.random.default_rng(3)
    robot = _scara_with_masses(rng)
    q = sp.symbols("q1:5")
    qd = sp.symbols("qd1:5")
    qdd = sp.symbols("qdd1:5")
    T = sp.eye(4)
    w = sp.zeros(3, 1)
    K, U = 0, 0
    g = sp.Matrix(robot.gravity)
    alphas = [0, sp.pi, 0, 0]  # scara(): link 2 has alpha = pi
    for i, link in enumerate(robot.links):
        if link.is_revolute:
            w += T[:3, 2] * qd[i]
        theta = link.theta + (q[i] if link.is_revolute else 0)
        d = link.d + (0 if link.is_revolute else q[i])
        T = T * _symbolic_dh(link.a, alphas[i], d, theta)
        R, p_c = T[:3, :3], T[:3, :3] * sp.Matrix(link.com) + T[:3, 3]
        v = p_c.jacobian(q) * sp.Matrix(qd)
        w_link = R.T * w  # in link axes, where the inertia is given
        K += link.mass * (v.T * v)[0] / 2 + (w_link.T * sp.Matrix(link.inertia) * w_link)[0] / 2
        U += -link.mass * (g.T * p_c)[0]
    tau = sp.lambdify([*q, *qd, *qdd], _equations_of_motion(K - U, q, qd, qdd), "numpy", cse=True)
    for _ in range(5):
        state = random_state(rng, 4)
        expected = np.array(tau(*state.ravel()), dtype=float)
        assert inverse_dynamics(robot, *state) == pytest.approx(expected, rel=1e-10, abs=1e-10)
        textbook = inverse_dynamics_luh_walker_paul(robot, *state)
        assert textbook == pytest.approx(expected, rel=1e-10, abs=1e-10)


# --- textbook closed forms and worked numbers ------------------------------------------------


def test_duysinx_two_link_worked_numbers():
    # duysinx-geradin.md 3.3: angles from the downward vertical, so gravity (+9.81 m/s^2)
    # points along x_0 of the book's DH frame (digest 6.3); theta = (30, 45) deg.
    robot = replace(two_link_point_masses(1.0, 2.0, 1.0, 0.8), gravity=(9.81, 0.0, 0.0))
    q, qd, qdd = np.array([30.0, 45.0]) * DEG, np.array([1.0, -0.5]), np.array([0.2, 0.3])
    tau = inverse_dynamics(robot, q, qd, qdd)
    assert tau == pytest.approx([32.756660, 17.158817], abs=1e-6)
    assert tau != pytest.approx([32.37266, 16.902817], abs=1e-3)  # the printed m12 (erratum E11)
    zero = np.zeros(2)
    assert inverse_dynamics(robot, q, zero, zero) == pytest.approx([29.876172, 15.161172], abs=1e-6)
    velocity_terms = inverse_dynamics(robot, q, qd, zero, gravity=np.zeros(3))
    assert velocity_terms == pytest.approx([0.848528, 1.131371], abs=1e-6)
    assert inverse_dynamics_luh_walker_paul(robot, q, qd, qdd) == pytest.approx(tau, abs=1e-12)


def test_craig_example_6_3_closed_form():
    # Craig (6.58): 2R arm, point masses at the link ends, gravity along -Y_0
    rng = np.random.default_rng(4)
    m1, m2, l1, l2, g = 1.3, 0.7, 0.9, 0.6, 9.81
    robot = two_link_point_masses(m1, m2, l1, l2)
    for _ in range(10):
        (t1, t2), (d1, d2), (a1, a2) = random_state(rng, 2)
        c1, c2, s2, c12 = np.cos(t1), np.cos(t2), np.sin(t2), np.cos(t1 + t2)
        tau1 = (
            m2 * l2**2 * (a1 + a2)
            + m2 * l1 * l2 * c2 * (2 * a1 + a2)
            + (m1 + m2) * l1**2 * a1
            - m2 * l1 * l2 * s2 * d2**2
            - 2 * m2 * l1 * l2 * s2 * d1 * d2
            + m2 * l2 * g * c12
            + (m1 + m2) * l1 * g * c1
        )
        tau2 = (
            m2 * l1 * l2 * c2 * a1
            + m2 * l1 * l2 * s2 * d1**2
            + m2 * l2 * g * c12
            + m2 * l2**2 * (a1 + a2)
        )
        got = inverse_dynamics(robot, [t1, t2], [d1, d2], [a1, a2])
        assert got == pytest.approx([tau1, tau2], rel=1e-12, abs=1e-12)


def _craig_rp_arm(m1, m2, l1, Izz1, Izz2):
    """Craig Example 6.5: joint 1 turns a vertical plane, joint 2 slides radially (modified DH)."""
    # frame {1}: y_1 points along the arm (theta offset -90 deg), so the centre of mass is l1 y_1
    link1 = Link(
        a=0.0,
        alpha=0.0,
        theta=-np.pi / 2,
        mass=m1,
        com=(0.0, l1, 0.0),
        inertia=np.diag([0.2, 0.3, Izz1]),
    )
    # frame {2}: z_2 = y_1 (the slide), y_2 = -z_1, so Izz2 (about z_1) is frame 2's Iyy
    link2 = Link(
        a=0.0, alpha=-np.pi / 2, joint="prismatic", mass=m2, inertia=np.diag([0.25, Izz2, 0.1])
    )
    return SerialRobot(
        (link1, link2), convention="modified", gravity=(0.0, -9.81, 0.0), name="Craig RP arm"
    )


def test_craig_example_6_5_rp_arm():
    m1, m2, l1, Izz1, Izz2, g = 2.0, 1.5, 0.4, 0.12, 0.08, 9.81
    robot = _craig_rp_arm(m1, m2, l1, Izz1, Izz2)
    rng = np.random.default_rng(5)
    for _ in range(10):
        (t1, d2), (w1, v2), (a1, a2) = random_state(rng, 2)
        tau1 = (
            (m1 * l1**2 + Izz1 + Izz2 + m2 * d2**2) * a1
            + 2 * m2 * d2 * w1 * v2
            + (m1 * l1 + m2 * d2) * g * np.cos(t1)
        )
        tau2 = m2 * a2 - m2 * d2 * w1**2 + m2 * g * np.sin(t1)
        for solve in (inverse_dynamics, inverse_dynamics_craig):
            got = solve(robot, [t1, d2], [w1, v2], [a1, a2])
            assert got == pytest.approx([tau1, tau2], rel=1e-12, abs=1e-12)


def test_no_motion_and_no_gravity_needs_no_torque():
    robot = puma560()
    q = np.array([0.0, 45.0, -90.0, 0.0, 30.0, 0.0]) * DEG
    zero = np.zeros(6)
    assert inverse_dynamics(robot, q, zero, zero, gravity=np.zeros(3)) == pytest.approx(zero)


# --- the three forms agree; invariances --------------------------------------------------------


@pytest.mark.parametrize("seed", range(4))
def test_textbook_forms_agree_with_inverse_dynamics(seed):
    rng = np.random.default_rng(seed)
    forms = {"standard": inverse_dynamics_luh_walker_paul, "modified": inverse_dynamics_craig}
    for convention, textbook in forms.items():
        robot = random_robot(rng, convention)
        q, qd, qdd = random_state(rng, 6)
        f_tip = rng.normal(size=6)
        expected = inverse_dynamics(robot, q, qd, qdd, f_tip)
        assert textbook(robot, q, qd, qdd, f_tip) == pytest.approx(expected, rel=1e-10, abs=1e-10)
        # the same physical robot in the other convention needs the same torques
        other = convert_dh(robot, "modified" if convention == "standard" else "standard")
        converted = inverse_dynamics(other, q, qd, qdd, f_tip)
        assert converted == pytest.approx(expected, rel=1e-10, abs=1e-10)
        converted = forms[other.convention](other, q, qd, qdd, f_tip)
        assert converted == pytest.approx(expected, rel=1e-10, abs=1e-10)


def test_base_pose_does_not_change_the_torques():
    # gravity is given in {0}, so moving or turning {0} in the world changes nothing
    rng = np.random.default_rng(8)
    robot = random_robot(rng, "standard")
    q, qd, qdd = random_state(rng, 6)
    base = transform(rotation_from_rotation_vector([0.3, -1.2, 0.4]), [1.0, 2.0, 3.0])
    moved = robot.with_base(base)
    expected = inverse_dynamics(robot, q, qd, qdd)
    assert inverse_dynamics(moved, q, qd, qdd) == pytest.approx(expected, abs=1e-12)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), convention=st.sampled_from(["standard", "modified"]))
def test_tip_wrench_costs_jacobian_transpose_times_wrench(seed, convention):
    rng = np.random.default_rng(seed)
    robot = random_robot(rng, convention, joints="".join(rng.choice(["R", "P"], 5)))
    q, qd, qdd = random_state(rng, 5)
    f_tip = rng.normal(size=6) * 10
    J_tool = geometric_jacobian(robot, q, frame="tool")
    extra = inverse_dynamics(robot, q, qd, qdd, f_tip) - inverse_dynamics(robot, q, qd, qdd)
    assert extra == pytest.approx(J_tool.T @ f_tip, rel=1e-9, abs=1e-9)


def test_batch_equals_a_loop_of_single_calls():
    rng = np.random.default_rng(9)
    robot = random_robot(rng, "modified")
    q, qd, qdd = random_state(rng, 6, size=(4, 3))
    f_tip = rng.normal(size=(3, 6))  # broadcasts over the first batch axis
    batch = inverse_dynamics(robot, q, qd, qdd, f_tip)
    assert batch.shape == (4, 3, 6)
    for i in range(4):
        for j in range(3):
            single = inverse_dynamics(robot, q[i, j], qd[i, j], qdd[i, j], f_tip[j])
            assert batch[i, j] == pytest.approx(single, rel=1e-12, abs=1e-12)
    # a single qd and qdd broadcast against a batch of q
    assert inverse_dynamics(robot, q, qd[0, 0], qdd[0, 0])[2, 1] == pytest.approx(
        inverse_dynamics(robot, q[2, 1], qd[0, 0], qdd[0, 0]), rel=1e-12, abs=1e-12
    )
    textbook = inverse_dynamics_craig(robot, q, qd, qdd, f_tip)
    assert textbook == pytest.approx(batch, rel=1e-10, abs=1e-10)
    # one state pushing with three different wrenches
    state = q[0, 0], qd[0, 0], qdd[0, 0]
    pushes = inverse_dynamics(robot, *state, f_tip)
    assert pushes.shape == (3, 6)
    assert pushes[2] == pytest.approx(inverse_dynamics(robot, *state, f_tip[2]))
    standard = random_robot(rng, "standard")
    pushes = inverse_dynamics_luh_walker_paul(standard, *state, f_tip)
    assert pushes == pytest.approx(inverse_dynamics(standard, *state, f_tip))


def test_lists_tuples_and_arrays_give_the_same_torques():
    robot = puma560()
    q = [0.1, -0.4, 0.3, 1.0, 0.5, -0.2]
    expected = inverse_dynamics(robot, np.array(q), np.zeros(6), np.ones(6))
    assert inverse_dynamics(robot, q, [0] * 6, (1, 1, 1, 1, 1, 1)) == pytest.approx(expected)
    single = np.array(q, dtype=np.float32)
    tau = inverse_dynamics(robot, single, [0.0] * 6, [1.0] * 6)
    assert tau == pytest.approx(expected, rel=1e-6)
    as_numpy_numbers = [np.float64(x) for x in q]
    assert inverse_dynamics(robot, as_numpy_numbers, [0] * 6, [1] * 6) == pytest.approx(expected)


# --- peer libraries as oracles -----------------------------------------------------------------


def _pin_rnea(robot, q, qd, qdd):
    import pinocchio as pin

    model = pinocchio_model(robot)
    return pin.rnea(model, model.createData(), q, qd, qdd)


PIN_ROBOTS = [
    puma560(),
    puma560_craig(),
    random_robot(np.random.default_rng(10), "standard"),
    random_robot(np.random.default_rng(11), "modified"),
]


@pytest.mark.parametrize("robot", PIN_ROBOTS, ids=lambda robot: robot.label)
def test_agrees_with_pinocchio(robot):
    rng = np.random.default_rng(12)
    for _ in range(5):
        q, qd, qdd = random_state(rng, robot.n_joints)
        expected = _pin_rnea(robot, q, qd, qdd)
        assert inverse_dynamics(robot, q, qd, qdd) == pytest.approx(expected, rel=1e-9, abs=1e-9)


# --- errors ------------------------------------------------------------------------------------


def _zeros(n=6):
    return np.zeros(n)


BAD_CALLS = [
    (
        lambda: inverse_dynamics(puma560(), _zeros(5), _zeros(), _zeros()),
        ValueError,
        r"q needs one value per joint: PUMA 560 \(Corke\) has 6 joints, got shape \(5,\)",
    ),
    (
        lambda: inverse_dynamics(puma560(), _zeros(), [0.0] * 6, [1.0, 2.0]),
        ValueError,
        r"qdd needs one value per joint",
    ),
    (
        lambda: inverse_dynamics(puma560(), [0.0, 0, 0, np.nan, 0, 0], _zeros(), _zeros()),
        ValueError,
        r"q must be finite",
    ),
    (
        lambda: inverse_dynamics(puma560(), _zeros(), np.full(6, np.inf), _zeros()),
        ValueError,
        r"qd must be finite",
    ),
    (
        lambda: inverse_dynamics(puma560(), _zeros(), _zeros(), _zeros(), f_tip=[1, 2, 3]),
        ValueError,
        r"f_tip must have shape \(\.\.\., 6\), got shape \(3,\)",
    ),
    (
        lambda: inverse_dynamics(puma560(), np.zeros((2, 6)), np.zeros((3, 6)), _zeros()),
        ValueError,
        r"q, qd, qdd must have batch shapes that broadcast together, got \[\(2,\), \(3,\), \(\)\]",
    ),
    (
        lambda: inverse_dynamics(puma560(), _zeros(), _zeros(), _zeros(), gravity=[0, 9.81]),
        ValueError,
        r"gravity must have shape \(3,\), got shape \(2,\)",
    ),
    (
        lambda: inverse_dynamics("puma", _zeros(), _zeros(), _zeros()),
        TypeError,
        r"robot must be a coursekit SerialRobot, got str",
    ),
    (
        lambda: inverse_dynamics(puma560(), ["a"] * 6, _zeros(), _zeros()),
        TypeError,
        r"q must be numeric",
    ),
    (
        lambda: inverse_dynamics(puma560(), np.full(6, 1e300), np.full(6, 1e300), _zeros()),
        ValueError,
        r"the torques of PUMA 560 \(Corke\) overflowed",
    ),
    (
        lambda: inverse_dynamics_craig(puma560(), _zeros(), _zeros(), _zeros()),
        ValueError,
        r"inverse_dynamics_craig works in Craig's modified-DH link frames, but PUMA 560 "
        r"\(Corke\) uses standard DH: convert it with convert_dh\(robot, 'modified'\)",
    ),
    (
        lambda: inverse_dynamics_luh_walker_paul(puma560_craig(), _zeros(), _zeros(), _zeros()),
        ValueError,
        r"uses modified DH: convert it with convert_dh\(robot, 'standard'\)",
    ),
]


@pytest.mark.parametrize(("call", "error", "message"), BAD_CALLS)
def test_bad_input_is_explained(call, error, message):
    with pytest.raises(error, match=message):
        call()


def test_a_robot_without_mass_needs_no_torque():
    # kinematics-only models have zero mass: inverse dynamics is defined (all zero)
    tau = inverse_dynamics(puma560_duysinx(), np.ones(6), np.ones(6), np.ones(6))
    assert tau == pytest.approx(np.zeros(6))
