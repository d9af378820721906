"""Tests of coursekit.lagrange, the symbolic Lagrange equations of motion.

Independent references:
* the numeric dynamics of coursekit (composite rigid body M, Newton-Euler torques,
  complex-step Christoffel symbols): another method on other code;
* closed forms printed in the books, typed in here by hand: Craig (6.58), (6.60)-(6.62)
  (2R point masses) and (6.89) (RP arm); the Modern Robotics notes' 2R arm and particle
  (dynamics-notes Part 3.2); the uniform-rod 2R forms and Mdot - 2C of dynamics-notes
  Part 6 A; Duysinx-Geradin (3.4.6) with erratum E11, and (6.4.18) for erratum E42;
* the reference numbers of dynamics-notes Part 6 G and duysinx-geradin.md section 3.3;
* sympy's own differentiation of functions of time for time_derivative.
"""

from dataclasses import replace
from functools import cache

import numpy as np
import pytest
import sympy as sp
from hypothesis import given, settings
from hypothesis import strategies as st

import coursekit as ck
from coursekit import lagrange as L
from coursekit import models
from coursekit.robot import Link, SerialRobot
from tests.robots_with_masses import planar_3r_with_masses, scara_with_masses


def S(name):
    return sp.Symbol(name, real=True)


q1, q2, qd1, qd2, qdd1, qdd2 = map(S, ["q1", "q2", "qd1", "qd2", "qdd1", "qdd2"])
m1, m2, a1, a2, g = map(S, ["m1", "m2", "a1", "a2", "g"])
s1, c1, s2, c2 = sp.sin(q1), sp.cos(q1), sp.sin(q2), sp.cos(q2)
s12, c12 = sp.sin(q1 + q2), sp.cos(q1 + q2)


def is_zero(expr):
    """Independent of coursekit's own simplifier: sympy's expand_trig, then simplify if needed.

    A nonzero value at a random point proves a difference nonzero without simplify.
    """
    entries = list(expr) if isinstance(expr, (sp.MatrixBase, list)) else [expr]
    rng = np.random.default_rng(0)
    for e in entries:
        e = sp.expand(sp.expand_trig(e))
        if e == 0:
            continue
        point = {x: rng.uniform(0.5, 2.0) for x in e.free_symbols}
        if abs(complex(e.evalf(subs=point))) > 1e-9 or sp.simplify(e) != 0:
            return False
    return True






ROBOTS = {
    "2r_point_masses": models.two_link_point_masses,
    "2r_uniform_rods": lambda: models.two_link_uniform_rods(1.0, 2.0, 1.0, 0.5),
    "planar_3r_craig": planar_3r_with_masses,
    "scara_rrpr": scara_with_masses,
}


@cache
def derived(key, symbolic_parameters=False):
    robot = ROBOTS[key]()
    dyn = L.robot_dynamics(robot, symbolic_parameters=symbolic_parameters)
    return robot, dyn, L.dynamics_functions(dyn)


# --- lambdified M, C, g, tau equal the numeric (Newton-Euler, CRBA) dynamics ---------------


@pytest.mark.parametrize("key", ROBOTS)
def test_lambdified_dynamics_equal_numeric_dynamics(key):
    robot, _, f = derived(key)
    rng = np.random.default_rng(11)
    for q, qd, qdd in rng.uniform(-2.0, 2.0, (4, 3, robot.n_joints)):
        assert f.mass_matrix(q) == pytest.approx(ck.mass_matrix(robot, q), rel=1e-10, abs=1e-10)
        assert f.coriolis_matrix(q, qd) == pytest.approx(
            ck.coriolis_matrix(robot, q, qd), rel=1e-10, abs=1e-10
        )
        assert f.gravity_torques(q) == pytest.approx(
            ck.gravity_torques(robot, q), rel=1e-10, abs=1e-10
        )
        tau = ck.inverse_dynamics(robot, q, qd, qdd)
        assert f.inverse_dynamics(q, qd, qdd) == pytest.approx(tau, rel=1e-10, abs=1e-10)


@pytest.mark.parametrize("key", ["2r_uniform_rods", "planar_3r_craig"])
def test_symbolic_parameters_take_the_robot_numbers_back(key):
    robot, dyn, f = derived(key, symbolic_parameters=True)
    # planar arms turn about z only: Iyy appears in the parameters but not in the torques
    assert dyn.torques.free_symbols - set(dyn.q + dyn.qd + dyn.qdd) <= set(dyn.parameters)
    assert {S("m1"), S("cx1"), S("Izz1"), S("a1"), S("g")} <= dyn.torques.free_symbols
    q, qd, qdd = np.random.default_rng(12).uniform(-2.0, 2.0, (3, robot.n_joints))
    assert f.inverse_dynamics(q, qd, qdd) == pytest.approx(
        ck.inverse_dynamics(robot, q, qd, qdd), rel=1e-10
    )


def test_products_of_inertia_keep_their_sign():
    """A spatial arm whose inertias have off-diagonal entries: Ixy = -I[0, 1] as in Craig (6.16)."""
    puma = models.puma560()
    inertia = np.array([[0.13, 0.01, -0.02], [0.01, 0.524, 0.03], [-0.02, 0.03, 0.539]])
    links = (puma.links[0], replace(puma.links[1], inertia=inertia))
    robot = replace(puma, links=links, name="PUMA shoulder")
    dyn = L.robot_dynamics(robot, symbolic_parameters=True)
    assert dyn.parameters[S("Ixy2")] == pytest.approx(-0.01) and dyn.parameters[
        S("Iyz2")
    ] == pytest.approx(-0.03)
    f = L.dynamics_functions(dyn)
    for q, qd, qdd in np.random.default_rng(13).uniform(-2.0, 2.0, (3, 3, 2)):
        assert f.inverse_dynamics(q, qd, qdd) == pytest.approx(
            ck.inverse_dynamics(robot, q, qd, qdd), rel=1e-10
        )


@cache
def rod_torques_of_parameters():
    """tau(q, qd, qdd, parameters) of the 2R rods, lambdified once for the property test."""
    _, dyn, _ = derived("2r_uniform_rods", symbolic_parameters=True)
    parameters = sorted(dyn.parameters, key=str)
    f = sp.lambdify([dyn.q, dyn.qd, dyn.qdd, parameters], dyn.torques, cse=True)
    return parameters, f


@settings(max_examples=30, deadline=None)
@given(st.lists(st.floats(0.1, 5.0), min_size=4, max_size=4), st.integers(0, 2**32 - 1))
def test_parameter_values_of_any_rod_arm_give_its_torques(numbers, seed):
    parameters, f = rod_torques_of_parameters()
    robot = models.two_link_uniform_rods(*numbers)
    values = L.parameter_values(robot)
    q, qd, qdd = np.random.default_rng(seed).uniform(-3.0, 3.0, (3, 2))
    tau = np.array(f(q, qd, qdd, [values[p] for p in parameters]), dtype=float).ravel()
    assert tau == pytest.approx(ck.inverse_dynamics(robot, q, qd, qdd), rel=1e-9, abs=1e-9)


def test_dynamics_functions_take_other_parameter_values():
    _, dyn, _ = derived("2r_point_masses", symbolic_parameters=True)
    f = L.dynamics_functions(dyn, {sp.Symbol("m2"): 3.0, "a1": 0.5})  # matched by name
    robot = models.two_link_point_masses(m1=1.0, m2=3.0, l1=0.5, l2=0.8)
    q, qd, qdd = np.random.default_rng(15).uniform(-2.0, 2.0, (3, 2))
    assert f.inverse_dynamics(q, qd, qdd) == pytest.approx(
        ck.inverse_dynamics(robot, q, qd, qdd), rel=1e-10
    )


# --- closed forms from the books ---------------------------------------------------------------


def test_craig_2r_point_masses_equations_6_58_to_6_62():
    dyn = derived("2r_point_masses", symbolic_parameters=True)[1]
    l1, l2 = a1, a2  # frame {i} of the standard-DH model sits on the point mass at l_i
    M = sp.Matrix(
        [
            [
                l2**2 * m2 + 2 * l1 * l2 * m2 * c2 + l1**2 * (m1 + m2),
                l2**2 * m2 + l1 * l2 * m2 * c2,
            ],
            [l2**2 * m2 + l1 * l2 * m2 * c2, l2**2 * m2],
        ]
    )  # (6.60)
    V = sp.Matrix(
        [
            -m2 * l1 * l2 * s2 * qd2**2 - 2 * m2 * l1 * l2 * s2 * qd1 * qd2,
            m2 * l1 * l2 * s2 * qd1**2,
        ]
    )  # (6.61)
    G = sp.Matrix([m2 * l2 * g * c12 + (m1 + m2) * l1 * g * c1, m2 * l2 * g * c12])  # (6.62)
    tau = sp.Matrix(
        [
            m2 * l2**2 * (qdd1 + qdd2)
            + m2 * l1 * l2 * c2 * (2 * qdd1 + qdd2)
            + (m1 + m2) * l1**2 * qdd1
            - m2 * l1 * l2 * s2 * qd2**2
            - 2 * m2 * l1 * l2 * s2 * qd1 * qd2
            + m2 * l2 * g * c12
            + (m1 + m2) * l1 * g * c1,
            m2 * l1 * l2 * c2 * qdd1
            + m2 * l1 * l2 * s2 * qd1**2
            + m2 * l2 * g * c12
            + m2 * l2**2 * (qdd1 + qdd2),
        ]
    )  # (6.58)
    assert is_zero(dyn.mass_matrix - M)
    assert is_zero(dyn.coriolis_matrix * sp.Matrix([qd1, qd2]) - V)
    assert is_zero(dyn.gravity_torques - G)
    assert is_zero(dyn.torques - tau)


def test_modern_robotics_2r_example_and_its_printed_gravity_error():
    """dynamics-notes 3.2: the notes print (m2 + m2) L1 g c1 + m2 L2 c12; (m1 + m2) and a g are right."""
    dyn = derived("2r_point_masses", symbolic_parameters=True)[1]
    L1, L2 = a1, a2
    c = sp.Matrix([-m2 * L1 * L2 * s2 * (2 * qd1 * qd2 + qd2**2), m2 * L1 * L2 * qd1**2 * s2])
    repaired = sp.Matrix([(m1 + m2) * L1 * g * c1 + m2 * g * L2 * c12, m2 * g * L2 * c12])
    printed = sp.Matrix([(m2 + m2) * L1 * g * c1 + m2 * L2 * c12, m2 * g * L2 * c12])
    assert is_zero(dyn.coriolis_matrix * sp.Matrix([qd1, qd2]) - c)
    assert is_zero(dyn.gravity_torques - repaired)
    assert not is_zero(dyn.gravity_torques - printed)


@pytest.mark.parametrize(
    ("key", "q", "qd", "qdd", "M", "c", "gravity", "tau"),
    [  # dynamics-notes Part 6 G
        (
            "point",
            (0, np.pi / 2),
            (1, 1),
            (0, 0),
            [[3, 1], [1, 1]],
            [-3, 1],
            [19.62, 0],
            [16.62, 1],
        ),
        ("point", (0, 0), (0, 0), (0, 0), [[5, 2], [2, 1]], [0, 0], [29.43, 9.81], [29.43, 9.81]),
        (
            "rod",
            (0, np.pi / 2),
            (1, 1),
            (0, 0),
            [[1.666667, 0.333333], [0.333333, 0.333333]],
            [-1.5, 0.5],
            [14.715, 0],
            [13.215, 0.5],
        ),
        (
            "rod2",
            (0.3, 0.7),
            (0.5, -1.2),
            (1, 2),
            [[2.132421, 0.274544], [0.274544, 0.083333]],
            [-0.038653, 0.040264],
            [20.068793, 1.325091],
            [22.711649, 1.806566],
        ),
    ],
)
def test_reference_values_of_the_dynamics_notes(key, q, qd, qdd, M, c, gravity, tau):
    robot = {
        "point": models.two_link_point_masses(1.0, 1.0, 1.0, 1.0),
        "rod": models.two_link_uniform_rods(1.0, 1.0, 1.0, 1.0),
        "rod2": models.two_link_uniform_rods(2.0, 1.0, 1.0, 0.5),
    }[key]
    f = L.dynamics_functions(L.robot_dynamics(robot))
    assert f.mass_matrix(q) == pytest.approx(np.array(M), abs=1e-6)
    assert f.coriolis_matrix(q, qd) @ np.array(qd, float) == pytest.approx(c, abs=1e-6)
    assert f.gravity_torques(q) == pytest.approx(gravity, abs=1e-6)
    assert f.inverse_dynamics(q, qd, qdd) == pytest.approx(tau, abs=1e-6)


def test_uniform_rods_closed_forms_of_the_dynamics_notes():
    """dynamics-notes Part 6 A, uniform rods: the symbolic centre of mass -L/2 and I = m L^2 / 12."""
    dyn = derived("2r_uniform_rods", symbolic_parameters=True)[1]
    rods = {
        S("cx1"): -a1 / 2,
        S("cx2"): -a2 / 2,
        S("Izz1"): m1 * a1**2 / 12,
        S("Izz2"): m2 * a2**2 / 12,
        S("Iyy1"): m1 * a1**2 / 12,
        S("Iyy2"): m2 * a2**2 / 12,
    }
    M = sp.Matrix(
        [
            [
                (m1 * a1**2 + 3 * m2 * a1**2 + 3 * m2 * a1 * a2 * c2 + m2 * a2**2) / 3,
                m2 * a2 * (3 * a1 * c2 + 2 * a2) / 6,
            ],
            [m2 * a2 * (3 * a1 * c2 + 2 * a2) / 6, m2 * a2**2 / 3],
        ]
    )
    C = m2 * a1 * a2 * s2 / 2 * sp.Matrix([[-qd2, -(qd1 + qd2)], [qd1, 0]])
    G = sp.Matrix(
        [g * (m1 * a1 * c1 + 2 * m2 * a1 * c1 + m2 * a2 * c12) / 2, m2 * g * a2 * c12 / 2]
    )
    assert is_zero(dyn.mass_matrix.xreplace(rods) - M)
    assert is_zero(dyn.coriolis_matrix.xreplace(rods) - C)
    assert is_zero(dyn.gravity_torques.xreplace(rods) - G)


def test_duysinx_two_link_model_with_erratum_e11():
    """Duysinx-Geradin (3.4.6): angles from the downward vertical, so gravity is +x of {0}."""
    robot = replace(models.two_link_point_masses(), gravity=(9.81, 0.0, 0.0))
    dyn = L.robot_dynamics(robot, symbolic_parameters=True)
    l1, l2 = a1, a2
    m11 = m1 * l1**2 + m2 * (l1**2 + l2**2 + 2 * l1 * l2 * c2)
    m12 = m2 * (l2**2 + l1 * l2 * c2)  # corrected (E11); printed: m2 l1 l2 cos(t2)
    m22 = m2 * l2**2
    b122, b211, b112 = -m2 * l1 * l2 * s2, m2 * l1 * l2 * s2, -2 * m2 * l1 * l2 * s2
    g1 = (m1 + m2) * g * l1 * s1 + m2 * g * l2 * s12
    g2 = m2 * g * l2 * s12
    tau = sp.Matrix(
        [
            m11 * qdd1 + m12 * qdd2 + b122 * qd2**2 + b112 * qd1 * qd2 + g1,
            m12 * qdd1 + m22 * qdd2 + b211 * qd1**2 + g2,
        ]
    )
    assert is_zero(dyn.mass_matrix - sp.Matrix([[m11, m12], [m12, m22]]))
    assert is_zero(dyn.torques - tau)
    printed = sp.Matrix([[m11, m2 * l1 * l2 * c2], [m2 * l1 * l2 * c2, m22]])
    assert not is_zero(dyn.mass_matrix - printed)
    # duysinx-geradin.md 3.3: m = (1, 2), l = (1, 0.8), t = (30, 45) deg, td = (1, -0.5), tdd = (0.2, 0.3)
    f = L.dynamics_functions(dyn)
    q, qd, qdd = np.deg2rad([30.0, 45.0]), [1.0, -0.5], [0.2, 0.3]
    assert f.mass_matrix(q) == pytest.approx(
        np.array([[6.542742, 2.411371], [2.411371, 1.28]]), abs=1e-6
    )
    assert f.inverse_dynamics(q, qd, qdd) == pytest.approx([32.756660, 17.158817], abs=1e-6)


def test_craig_rp_arm_example_6_5():
    """Craig (6.89): a revolute joint and a radial slider; link 1's centre of mass at l1 on the arm."""
    links = (
        Link(
            0.0,
            np.pi / 2,
            theta=np.pi / 2,
            mass=1.0,
            com=(0, 0, 0.5),
            inertia=np.diag([1.0, 2.0, 3.0]),
        ),
        Link(0.0, 0.0, joint="prismatic", mass=1.0, inertia=np.diag([1.0, 2.0, 3.0])),
    )
    robot = SerialRobot(links, gravity=(0.0, -9.81, 0.0), name="RP arm")
    dyn = L.robot_dynamics(robot, symbolic_parameters=True)
    l1, Izz1, Izz2 = S("cz1"), S("Iyy1"), S("Iyy2")  # y of frames {1}, {2} is the vertical axis
    d2, dd2, ddd2 = q2, qd2, qdd2
    tau = sp.Matrix(
        [
            (m1 * l1**2 + Izz1 + Izz2 + m2 * d2**2) * qdd1
            + 2 * m2 * d2 * qd1 * dd2
            + (m1 * l1 + m2 * d2) * g * c1,
            m2 * ddd2 - m2 * d2 * qd1**2 + m2 * g * s1,
        ]
    )
    assert is_zero(dyn.torques - tau)


def test_particle_on_a_vertical_line():
    """Modern Robotics Example 8.1: Newton's m xdd = f - m g."""
    x, xd, xdd, m, f = sp.symbols("x xd xdd m f")
    lagrangian = m * xd**2 / 2 - m * g * x
    (force,) = L.equations_of_motion(lagrangian, [x], [xd], [xdd])
    assert sp.expand(sp.solve(sp.Eq(m * xdd, f - m * g), f)[0] - force) == 0


def test_time_derivative_equals_sympy_derivative_along_a_path():
    t = sp.Symbol("t")
    x, y = sp.Function("x")(t), sp.Function("y")(t)
    expr = sp.sin(q1) * qd2**2 + q2 * qd1 * sp.cos(q1 + q2)
    along = {q1: x, q2: y, qd1: x.diff(t), qd2: y.diff(t), qdd1: x.diff(t, 2), qdd2: y.diff(t, 2)}
    ours = L.time_derivative(expr, [q1, q2], [qd1, qd2], [qdd1, qdd2]).subs(along)
    assert sp.simplify(ours - sp.diff(expr.subs(along), t)) == 0


# --- structure: energies, Christoffel symbols, skew-symmetry, erratum E42 ----------------------


def test_torques_equal_euler_lagrange_of_the_energies():
    dyn = derived("2r_uniform_rods", symbolic_parameters=True)[1]
    lagrangian = dyn.kinetic_energy - dyn.potential_energy
    assert is_zero(L.equations_of_motion(lagrangian, dyn.q, dyn.qd, dyn.qdd) - dyn.torques)
    dP = sp.Matrix([dyn.potential_energy.diff(q_i) for q_i in dyn.q])
    assert is_zero(dP - dyn.gravity_torques)


def test_mdot_minus_2c_is_skew_for_the_2r_arm():
    """Lynch & Park Prop. 8.1; dynamics-notes 3.2: Mdot - 2C = h (2 qd1 + qd2) [[0, 1], [-1, 0]]."""
    dyn = derived("2r_uniform_rods", symbolic_parameters=True)[1]
    Mdot = L.time_derivative(dyn.mass_matrix, dyn.q, dyn.qd, dyn.qdd)
    N = Mdot - 2 * dyn.coriolis_matrix
    assert is_zero(N + N.T)
    h = m2 * a1 * (a2 + S("cx2")) * s2  # m2 L1 l_c2 sin q2, l_c2 measured from joint 2
    assert is_zero(N - h * (2 * qd1 + qd2) * sp.Matrix([[0, 1], [-1, 0]]))


def test_duysinx_printed_coriolis_matrix_erratum_e42():
    """(6.4.18) gives the right C qd, but Mdot - 2C is not skew; only qd^T (Mdot - 2C) qd = 0."""
    dyn = derived("2r_point_masses", symbolic_parameters=True)[1]
    q, qd = dyn.q, sp.Matrix(dyn.qd)
    M = dyn.mass_matrix
    Mdot = L.time_derivative(M, q, dyn.qd, dyn.qdd)
    printed = L.coriolis_matrix_duysinx(M, q, dyn.qd)
    # the book's c_kj, typed in from (6.4.18)
    by_hand = sp.Matrix(
        2,
        2,
        lambda k, j: sum((M[k, j].diff(q[l]) - M[l, j].diff(q[k]) / 2) * qd[l] for l in range(2)),
    )
    assert is_zero(printed - by_hand)
    assert is_zero(printed * qd - dyn.coriolis_matrix * qd)
    assert not is_zero((Mdot - 2 * printed) + (Mdot - 2 * printed).T)
    assert is_zero((qd.T * (Mdot - 2 * printed) * qd)[0, 0])
    christoffel = L.coriolis_matrix(M, q, dyn.qd)
    assert is_zero(christoffel - dyn.coriolis_matrix)
    assert is_zero((Mdot - 2 * christoffel) + (Mdot - 2 * christoffel).T)


def test_christoffel_symbols_are_symmetric_and_match_the_numeric_ones():
    robot, dyn, _ = derived("planar_3r_craig")
    Gamma = dyn.christoffel_symbols
    n = robot.n_joints
    assert all(
        sp.expand(Gamma[i, j, k] - Gamma[i, k, j]) == 0
        for i in range(n)
        for j in range(n)
        for k in range(n)
    )
    f = sp.lambdify([dyn.q], Gamma)
    q = np.random.default_rng(14).uniform(-2, 2, n)
    assert np.array(f(q), dtype=float) == pytest.approx(ck.christoffel_symbols(robot, q), abs=1e-10)


def test_mdot_minus_2c_is_skew_for_the_planar_3r():
    dyn = derived("planar_3r_craig", symbolic_parameters=True)[1]
    N = L.time_derivative(dyn.mass_matrix, dyn.q, dyn.qd, dyn.qdd) - 2 * dyn.coriolis_matrix
    assert L.normal_form(N + N.T) == sp.zeros(3, 3)


def test_mass_matrix_of_link_frames_does_not_depend_on_q1():
    dyn = derived("scara_rrpr")[1]
    assert dyn.q[0] not in dyn.mass_matrix.free_symbols
    assert dyn.mass_matrix == dyn.mass_matrix.T


def test_single_term_functions_equal_robot_dynamics():
    robot, dyn, _ = derived("2r_uniform_rods")
    assert L.mass_matrix(robot) == dyn.mass_matrix
    assert L.gravity_torques(robot) == dyn.gravity_torques
    assert L.kinetic_energy(robot) == dyn.kinetic_energy
    assert L.potential_energy(robot) == dyn.potential_energy


def test_canonical_form_identifies_trig_identities():
    x, y = sp.symbols("x y")
    assert L.normal_form(sp.sin(x) ** 4 - sp.cos(x) ** 4 + sp.cos(2 * x)) == 0
    assert L.normal_form(sp.cos(x + y) - sp.cos(x) * sp.cos(y) + sp.sin(x) * sp.sin(y)) == 0
    assert L.tidy(sp.sin(x) * sp.cos(y) + sp.cos(x) * sp.sin(y)) == sp.sin(x + y)


# --- errors ------------------------------------------------------------------------------------


def test_a_robot_without_mass_is_refused():
    with pytest.raises(ValueError, match="planar 2R has no mass data: every link has mass 0"):
        L.robot_dynamics(models.planar_2r())


def test_bad_arguments_are_named():
    x, xd = sp.symbols("x xd")
    with pytest.raises(TypeError, match="robot must be a coursekit SerialRobot, got str"):
        L.mass_matrix("PUMA")
    with pytest.raises(ValueError, match="qd must have 1 symbols, one per coordinate, got 2"):
        L.equations_of_motion(xd**2, [x], [xd, x], [x])
    with pytest.raises(TypeError, match="q must hold sympy symbols"):
        L.time_derivative(x, [x + 1], [xd], [xd])
    with pytest.raises(TypeError, match="q must be a sequence of sympy symbols, got Symbol"):
        L.time_derivative(x, x, [xd], [xd])
    with pytest.raises(ValueError, match="M must be 2x2, one row and column per coordinate in q"):
        L.christoffel_symbols(sp.eye(3), [q1, q2])
    with pytest.raises(TypeError, match="M must be a sympy Matrix, got ndarray"):
        L.coriolis_matrix(np.eye(2), [q1, q2], [qd1, qd2])
    with pytest.raises(
        ValueError, match="qd needs one value per joint: planar 2R has 2 joints, got 3 values"
    ):
        L.joint_state(models.planar_2r(), qd=[0, 0, 0])


def test_dynamics_functions_check_their_inputs():
    _robot, dyn, f = derived("2r_point_masses", symbolic_parameters=True)
    with pytest.raises(
        ValueError, match="values must give a number for every parameter symbol; missing: m2"
    ):
        L.dynamics_functions(
            replace(dyn, parameters={k: v for k, v in dyn.parameters.items() if str(k) != "m2"})
        )
    with pytest.raises(
        ValueError, match="q needs one value per joint: 2-link arm, point masses has 2 joints"
    ):
        f.mass_matrix([0.0, 0.0, 0.0])
    with pytest.raises(
        ValueError, match=r"qd must be one state of shape \(2,\), got shape \(3, 2\)"
    ):
        f.coriolis_matrix([0.0, 0.0], np.zeros((3, 2)))
    with pytest.raises(TypeError, match=r"values\['m1'\] must be a number, got 'heavy'"):
        L.dynamics_functions(dyn, {"m1": "heavy"})
    with pytest.raises(TypeError, match="dynamics must be the RobotDynamics of robot_dynamics"):
        L.dynamics_functions(dyn.mass_matrix)
