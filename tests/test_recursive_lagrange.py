"""Tests of coursekit.recursive_lagrange, Hollerbach's recursive Lagrangian (Duysinx-Geradin 6.5).

Independent references:
* the pseudo-inertia against its definition, integrated by sympy over Craig's box
  (Examples 6.1, 6.2), and against (6.5.15)'s entries;
* the transform derivatives against sympy's own differentiation along a path q(t);
* the symbolic Lagrange equations of coursekit.lagrange (Jacobian form, another method):
  equal for 2R arms (symbolic parameters, both DH conventions) and Craig's planar 3R;
* the numeric coursekit.inverse_dynamics and kinetic_energy (Newton-Euler, link velocities);
* Duysinx-Geradin's reference torques (duysinx-geradin.md section 3.3) and erratum E44.
"""

from dataclasses import replace

import numpy as np
import pytest
import sympy as sp

import coursekit as ck
from coursekit import lagrange as L
from coursekit import models
from coursekit import recursive_lagrange as rl
from tests.robots_with_masses import craig_2r, planar_3r_with_masses, scara_with_masses


def is_zero(expr):
    entries = list(expr) if isinstance(expr, sp.MatrixBase) else [expr]
    return all(sp.expand(sp.expand_trig(e)) == 0 or sp.simplify(e) == 0 for e in entries)


# --- pseudo-inertia ------------------------------------------------------------------------------


def test_pseudo_inertia_of_a_box_is_its_second_moment():
    """Craig Example 6.1/6.2: a box w x l x h with frame {A} at a corner."""
    m, w, l, h = sp.symbols("m w l h", positive=True)
    x, y, z = sp.symbols("x y z")
    rho = m / (w * l * h)
    p = sp.Matrix([x, y, z, 1])
    by_definition = (rho * p * p.T).applyfunc(
        lambda e: sp.integrate(e, (x, 0, w), (y, 0, l), (z, 0, h))
    )
    I_c = sp.diag(m * (h**2 + l**2), m * (w**2 + h**2), m * (l**2 + w**2)) / 12  # Example 6.2
    J = rl.pseudo_inertia(m, [w / 2, l / 2, h / 2], I_c)
    assert sp.simplify(J - by_definition) == sp.zeros(4, 4)
    # (6.5.15): (-Ixx + Iyy + Izz) / 2 and +Ixy with Craig's Example 6.1 moments about {A}
    Ixx, Iyy, Izz = m * (l**2 + h**2) / 3, m * (w**2 + h**2) / 3, m * (l**2 + w**2) / 3
    assert sp.simplify(J[0, 0] - (-Ixx + Iyy + Izz) / 2) == 0
    assert sp.simplify(J[0, 1] - m * w * l / 4) == 0


def test_pseudo_inertia_of_a_point_mass():
    m, px, py, pz = sp.symbols("m px py pz")
    p = sp.Matrix([px, py, pz, 1])
    assert sp.expand(rl.pseudo_inertia(m, [px, py, pz], sp.zeros(3, 3)) - m * p * p.T) == sp.zeros(
        4, 4
    )


# --- forward recursion ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "make", [scara_with_masses, planar_3r_with_masses], ids=["scara_standard", "craig_modified"]
)
def test_transform_derivatives_equal_finite_differences_along_a_path(make):
    """(6.5.6), (6.5.8) with erratum E43, against central differences of the numeric link frames."""
    robot = make()
    n = robot.n_joints
    a, b, c = np.random.default_rng(30).uniform(-1.0, 1.0, (3, n))

    def frames(t):  # q(t) = a + b t + c t^2, frames {1} ... {n}
        return ck.link_frames(robot, a + b * t + c * t**2)[1:]

    t, h = 0.4, 1e-4
    q, qd, qdd = a + b * t + c * t**2, b + 2 * c * t, 2 * c
    _, rates, accelerations = rl.transform_derivatives(robot, q, qd, qdd)
    rate_fd = (frames(t + h) - frames(t - h)) / (2 * h)
    acceleration_fd = (frames(t + h) - 2 * frames(t) + frames(t - h)) / h**2
    assert np.array([np.array(T, dtype=float) for T in rates]) == pytest.approx(rate_fd, abs=1e-7)
    assert np.array([np.array(T, dtype=float) for T in accelerations]) == pytest.approx(
        acceleration_fd, abs=1e-5
    )


def test_link_poses_equal_the_numeric_link_frames():
    robot = scara_with_masses()
    q = [0.3, -1.1, 0.05, 2.0]
    poses, _, _ = rl.transform_derivatives(robot, q, [0] * 4, [0] * 4)
    frames = ck.link_frames(robot, q)
    for T, expected in zip(poses, frames[1:], strict=True):
        assert np.array(T, dtype=float) == pytest.approx(expected, abs=1e-12)


# --- kinetic energy in trace form ----------------------------------------------------------------


def test_trace_form_kinetic_energy_equals_half_qd_m_qd():
    robot = models.two_link_uniform_rods()
    K = rl.kinetic_energy(robot, symbolic_parameters=True)
    expected = L.robot_dynamics(robot, symbolic_parameters=True).kinetic_energy
    assert is_zero(K - expected)


def test_trace_form_kinetic_energy_equals_numeric_and_needs_the_transpose():
    """Erratum E44: trace(Td J Td) without the transpose is not the kinetic energy."""
    robot = scara_with_masses()
    q, qd = np.random.default_rng(31).uniform(-2.0, 2.0, (2, 4))
    K = float(rl.kinetic_energy(robot, q, qd))
    assert pytest.approx(float(ck.kinetic_energy(robot, q, qd)), rel=1e-12) == K
    _, rates, _ = rl.transform_derivatives(robot, q, qd, [0] * 4)
    printed = sum(
        (T_dot * rl.pseudo_inertia(*props) * T_dot).trace() / 2
        for T_dot, props in zip(rates, L.mass_properties(robot), strict=True)
    )
    assert abs(float(printed) - K) > 1e-3


# --- the equations of motion ---------------------------------------------------------------------


@pytest.mark.parametrize(
    "robot",
    [models.two_link_point_masses(), models.two_link_uniform_rods(), craig_2r()],
    ids=["point_masses", "uniform_rods", "craig_frames"],
)
def test_recursive_lagrange_equals_lagrange_for_2r(robot):
    tau = rl.inverse_dynamics(robot, symbolic_parameters=True)
    assert is_zero(tau - L.robot_dynamics(robot, symbolic_parameters=True).torques)


def test_recursive_lagrange_equals_lagrange_for_planar_3r():
    robot = planar_3r_with_masses()
    tau = rl.inverse_dynamics(robot)
    assert is_zero(tau - L.robot_dynamics(robot).torques)


@pytest.mark.parametrize(
    "make", [scara_with_masses, planar_3r_with_masses, models.puma560, models.puma560_craig]
)
def test_recursive_lagrange_equals_numeric_inverse_dynamics(make):
    robot = make()
    for state in np.random.default_rng(32).uniform(-2.0, 2.0, (2, 3, robot.n_joints)):
        tau = np.array(rl.inverse_dynamics(robot, *state), dtype=float).ravel()
        assert tau == pytest.approx(ck.inverse_dynamics(robot, *state), rel=1e-10, abs=1e-10)


def test_duysinx_reference_torques():
    """duysinx-geradin.md 3.3: the two-link arm, x of {0} pointing down (gravity +x)."""
    robot = replace(models.two_link_point_masses(), gravity=(9.81, 0.0, 0.0))
    tau = rl.inverse_dynamics(robot, np.deg2rad([30.0, 45.0]), [1.0, -0.5], [0.2, 0.3])
    assert np.array(tau, dtype=float).ravel() == pytest.approx([32.756660, 17.158817], abs=1e-6)


def test_joint_generator_differentiates_the_joint_motion():
    q = sp.Symbol("q")
    rotation = sp.Matrix(sp.BlockDiagMatrix(sp.rot_axis3(q).T, sp.eye(1)))  # Rot(z, q)
    assert sp.simplify(rotation.diff(q) - rl.joint_generator(True) * rotation) == sp.zeros(4, 4)
    slide = sp.eye(4)
    slide[2, 3] = q
    assert slide.diff(q) == rl.joint_generator(False) * slide


def test_bad_arguments_are_named():
    with pytest.raises(ValueError, match=r"inertia must be a 3x3 matrix, got shape \(2, 2\)"):
        rl.pseudo_inertia(1, [0, 0, 0], sp.eye(2))
    with pytest.raises(ValueError, match="com must have 3 entries, got 2"):
        rl.pseudo_inertia(1, [0, 0], sp.eye(3))
    with pytest.raises(TypeError, match="robot must be a coursekit SerialRobot"):
        rl.inverse_dynamics("planar 2R")
    with pytest.raises(
        ValueError, match="q needs one value per joint: planar 2R has 2 joints, got 3"
    ):
        rl.kinetic_energy(models.planar_2r(), q=[0, 0, 0])
