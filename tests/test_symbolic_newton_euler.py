"""Tests of coursekit.symbolic_newton_euler, recursive Newton-Euler in sympy.

Independent references:
* Craig section 6.7: the closed form (6.58) of the 2R arm with point masses, and the
  intermediate acceleration of frame {2} (6.55), re-derived by hand in the test below;
* Duysinx-Geradin (3.4.6) with erratum E11, and the reference torques of
  duysinx-geradin.md section 3.3;
* the symbolic Lagrange equations of coursekit.lagrange (another method): equal after
  sympy's simplify, for the 2R arms in both DH conventions;
* the numeric coursekit.inverse_dynamics (another implementation) for a SCARA with masses
  and Craig's planar 3R;
* statics: the force the base exerts on link 1 carries the whole weight.
"""

from dataclasses import replace
from functools import cache

import numpy as np
import pytest
import sympy as sp

import coursekit as ck
from coursekit import lagrange as L
from coursekit import models
from coursekit import symbolic_newton_euler as sne
from tests.robots_with_masses import craig_2r, planar_3r_with_masses, scara_with_masses


def S(name):
    return sp.Symbol(name, real=True)


q1, q2, qd1, qd2, qdd1, qdd2 = map(S, ["q1", "q2", "qd1", "qd2", "qdd1", "qdd2"])
m1, m2, a1, a2, g = map(S, ["m1", "m2", "a1", "a2", "g"])
s1, c1, s2, c2 = sp.sin(q1), sp.cos(q1), sp.sin(q2), sp.cos(q2)
s12, c12 = sp.sin(q1 + q2), sp.cos(q1 + q2)


def is_zero(expr):
    entries = list(expr) if isinstance(expr, sp.MatrixBase) else [expr]
    return all(sp.expand(sp.expand_trig(e)) == 0 or sp.simplify(e) == 0 for e in entries)








@cache
def craig_steps():
    return sne.newton_euler_steps(craig_2r(), symbolic_parameters=True)


def test_craig_closed_form_6_58():
    tau = craig_steps().torques.xreplace({S("cx1"): a1, S("cx2"): S("l2")})
    l1, l2 = a1, S("l2")  # Craig's link 1 length is the modified-DH a1
    expected = sp.Matrix(
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
    )
    assert is_zero(tau - expected)


def test_craig_intermediate_accelerations():
    """Frame {1}: base acceleration g Y0 rotated in; frame {2}: (6.55) by hand."""
    steps = craig_steps()
    l1 = a1
    assert is_zero(
        steps.com_accelerations[0]
        - sp.Matrix([-S("cx1") * qd1**2 + g * s1, S("cx1") * qdd1 + g * c1, 0])
    )
    assert is_zero(steps.inertial_forces[0] - m1 * steps.com_accelerations[0])
    # dv_2 = R_2_1 (dw_1 x P_2 + w_1 x (w_1 x P_2) + dv_1), P_2 = (l1, 0, 0)
    dv_1 = sp.Matrix([g * s1, g * c1, 0])
    inner = dv_1 + sp.Matrix([0, l1 * qdd1, 0]) + sp.Matrix([-l1 * qd1**2, 0, 0])
    R_2_1 = sp.Matrix([[c2, s2, 0], [-s2, c2, 0], [0, 0, 1]])
    assert is_zero(steps.linear_accelerations[1] - R_2_1 * inner)
    assert is_zero(steps.angular_velocities[1] - sp.Matrix([0, 0, qd1 + qd2]))


def test_duysinx_two_link_model_and_reference_torques():
    robot = replace(models.two_link_point_masses(), gravity=(9.81, 0.0, 0.0))
    tau = sne.inverse_dynamics(robot, symbolic_parameters=True)
    l1, l2 = a1, a2
    m11 = m1 * l1**2 + m2 * (l1**2 + l2**2 + 2 * l1 * l2 * c2)
    m12 = m2 * (l2**2 + l1 * l2 * c2)  # erratum E11
    expected = sp.Matrix(
        [
            m11 * qdd1
            + m12 * qdd2
            - m2 * l1 * l2 * s2 * qd2**2
            - 2 * m2 * l1 * l2 * s2 * qd1 * qd2
            + (m1 + m2) * g * l1 * s1
            + m2 * g * l2 * s12,
            m12 * qdd1 + m2 * l2**2 * qdd2 + m2 * l1 * l2 * s2 * qd1**2 + m2 * g * l2 * s12,
        ]
    )
    assert is_zero(tau - expected)
    # duysinx-geradin.md 3.3: the state given as numbers, the torques come out as numbers
    numeric = sne.inverse_dynamics(robot, np.deg2rad([30.0, 45.0]), [1.0, -0.5], [0.2, 0.3])
    assert np.array(numeric, dtype=float).ravel() == pytest.approx([32.756660, 17.158817], abs=1e-6)


@pytest.mark.parametrize(
    "robot",
    [models.two_link_point_masses(), models.two_link_uniform_rods(), craig_2r()],
    ids=["point_masses", "uniform_rods", "craig_frames"],
)
def test_newton_euler_equals_lagrange_symbolically(robot):
    tau = sne.inverse_dynamics(robot, symbolic_parameters=True)
    lagrange = L.robot_dynamics(robot, symbolic_parameters=True).torques
    assert is_zero(tau - lagrange)


@pytest.mark.parametrize("make", [scara_with_masses, planar_3r_with_masses, models.puma560])
def test_newton_euler_equals_numeric_inverse_dynamics(make):
    robot = make()
    rng = np.random.default_rng(21)
    if robot.n_joints <= 4:  # symbols, then lambdify
        q, qd, qdd = L.state_symbols(robot)
        f = sp.lambdify([q, qd, qdd], sne.inverse_dynamics(robot))
        for state in rng.uniform(-2.0, 2.0, (3, 3, robot.n_joints)):
            tau = np.array(f(*state), dtype=float).ravel()
            assert tau == pytest.approx(ck.inverse_dynamics(robot, *state), rel=1e-10, abs=1e-10)
    # numbers in, numbers out (a 6-joint arm as well)
    state = rng.uniform(-2.0, 2.0, (3, robot.n_joints))
    tau = np.array(sne.inverse_dynamics(robot, *state), dtype=float).ravel()
    assert tau == pytest.approx(ck.inverse_dynamics(robot, *state), rel=1e-10, abs=1e-10)


def test_the_base_carries_the_whole_weight_at_rest():
    """Statics: the force of the base on link 1, seen in {0}, is minus the total weight."""
    robot = scara_with_masses()
    q = [0.3, -0.7, 0.1, 1.2]
    steps = sne.newton_euler_steps(robot, q, [0] * 4, [0] * 4)
    R_0_1 = sp.Matrix(ck.link_frames(robot, q)[1][:3, :3])
    total_mass = sum(link.mass for link in robot.links)
    expected = -total_mass * np.array(robot.gravity)
    assert np.array(R_0_1 * steps.forces[0], dtype=float).ravel() == pytest.approx(
        expected, abs=1e-10
    )


def test_bad_states_are_named():
    robot = models.two_link_point_masses()
    with pytest.raises(
        ValueError,
        match="qdd needs one value per joint: 2-link arm, point masses has 2 joints, got 1",
    ):
        sne.inverse_dynamics(robot, qdd=[0])
    with pytest.raises(
        TypeError, match="q must be a sequence of one symbol or number per joint, got float"
    ):
        sne.inverse_dynamics(robot, q=0.5)
    with pytest.raises(TypeError, match="must be a number or a sympy expression, got the string"):
        sne.inverse_dynamics(robot, qd=["a", "b"])
    with pytest.raises(TypeError, match="robot must be a coursekit SerialRobot"):
        sne.newton_euler_steps(None)
