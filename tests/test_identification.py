"""The 2R regressor and least-squares identification: checked against the digest's worked
numbers, an independent sympy Lagrange derivation for a generic link, the recursive
Newton-Euler torques of the rod and point-mass models, and the statistics of least
squares under seeded noise."""

import numpy as np
import pytest
import sympy as sp

from coursekit.identification import (
    Identification,
    base_parameters_2r,
    identify_parameters,
    regressor_2r,
)
from coursekit.models import two_link_point_masses, two_link_uniform_rods
from coursekit.newton_euler import inverse_dynamics

G = 9.81


def rod_parameters(m1, m2, l1, l2):
    return base_parameters_2r(m1, m2, l1, l1 / 2, l2 / 2, m1 * l1**2 / 12, m2 * l2**2 / 12)


def point_parameters(m1, m2, l1, l2):
    return base_parameters_2r(m1, m2, l1, l1, l2, 0.0, 0.0)


def test_base_parameters_of_the_digest_example():
    # dynamics-notes Part 7, exercise D4.25
    pi = base_parameters_2r(m1=1.3, m2=0.8, l1=0.9, lc1=0.4, lc2=0.3, i1=0.05, i2=0.02)
    assert pi == pytest.approx([0.906, 0.092, 0.216, 1.24, 0.24], abs=1e-12)


@pytest.mark.parametrize(
    ("kind", "m", "L", "q", "qd", "qdd", "tau"),
    [  # dynamics-notes Part 6.G
        ("point", (1, 1), (1, 1), (0, np.pi / 2), (1, 1), (0, 0), (16.62, 1.0)),
        ("point", (2, 1), (1, 0.5), (0.3, 0.7), (0.5, -1.2), (1, 2), (35.968114, 3.863131)),
        ("rod", (1, 1), (1, 1), (0, np.pi / 2), (1, 1), (0, 0), (13.215, 0.5)),
        ("rod", (2, 1), (1, 0.5), (0.3, 0.7), (0.5, -1.2), (1, 2), (22.711649, 1.806566)),
    ],
)
def test_regressor_reproduces_the_digest_torques(kind, m, L, q, qd, qdd, tau):
    pi = (point_parameters if kind == "point" else rod_parameters)(*m, *L)
    assert regressor_2r(q, qd, qdd, l1=L[0]) @ pi == pytest.approx(tau, abs=1e-6)


def test_regressor_matches_lagrange_for_a_generic_link():
    """Lagrange's equations, derived here with sympy, for arbitrary centres of mass and inertias."""
    t = sp.symbols("t")
    m1, m2, l1, lc1, lc2, I1, I2, g = sp.symbols("m1 m2 l1 lc1 lc2 I1 I2 g", positive=True)
    q1, q2 = sp.Function("q1")(t), sp.Function("q2")(t)
    p1 = sp.Matrix([lc1 * sp.cos(q1), lc1 * sp.sin(q1)])
    p2 = sp.Matrix(
        [l1 * sp.cos(q1) + lc2 * sp.cos(q1 + q2), l1 * sp.sin(q1) + lc2 * sp.sin(q1 + q2)]
    )
    v1, v2 = p1.diff(t), p2.diff(t)
    kinetic = (
        m1 * v1.dot(v1) + m2 * v2.dot(v2) + I1 * q1.diff(t) ** 2 + I2 * (q1 + q2).diff(t) ** 2
    ) / 2
    potential = g * (m1 * p1[1] + m2 * p2[1])  # gravity along -y
    lagrangian = kinetic - potential
    taus = [sp.diff(lagrangian.diff(qi.diff(t)), t) - lagrangian.diff(qi) for qi in (q1, q2)]
    s = sp.symbols("a1 a2 v1 v2 x1 x2")
    replacements = {q1.diff(t, 2): s[0], q2.diff(t, 2): s[1], q1.diff(t): s[2], q2.diff(t): s[3]}
    replacements_q = {q1: s[4], q2: s[5]}
    exprs = [tau.subs(replacements).subs(replacements_q) for tau in taus]
    f = sp.lambdify((*s, m1, m2, l1, lc1, lc2, I1, I2, g), exprs, "numpy")
    rng = np.random.default_rng(11)
    for _ in range(5):
        params = rng.uniform(0.2, 2.0, 7)
        q, qd, qdd = rng.uniform(-2.0, 2.0, (3, 2))
        expected = np.array(f(*qdd, *qd, *q, *params, G), dtype=float)
        Y = regressor_2r(q, qd, qdd, l1=params[2])
        assert Y @ base_parameters_2r(*params) == pytest.approx(expected, rel=1e-12, abs=1e-12)


@pytest.mark.parametrize("kind", ["rod", "point"])
def test_regressor_times_parameters_is_the_newton_euler_torque(kind):
    rng = np.random.default_rng(5)
    for _ in range(3):
        m1, m2, l1, l2 = rng.uniform(0.3, 2.0, 4)
        if kind == "rod":
            robot, pi = two_link_uniform_rods(m1, m2, l1, l2), rod_parameters(m1, m2, l1, l2)
        else:
            robot, pi = two_link_point_masses(m1, m2, l1, l2), point_parameters(m1, m2, l1, l2)
        q, qd, qdd = rng.uniform(-3.0, 3.0, (3, 20, 2))
        Y = regressor_2r(q, qd, qdd, l1=l1)
        assert Y.shape == (20, 2, 5)
        assert Y @ pi == pytest.approx(inverse_dynamics(robot, q, qd, qdd), rel=1e-12, abs=1e-12)


def test_regressor_broadcasts_and_scales_gravity():
    q = np.random.default_rng(2).uniform(-1, 1, (4, 3, 2))
    Y = regressor_2r(q, [0.5, -0.5], np.zeros(2), l1=1.0, g=3.0)
    assert Y.shape == (4, 3, 2, 5)
    assert Y[..., 0, 3] == pytest.approx(3.0 * np.cos(q[..., 0]))
    assert np.all(Y[..., 1, [0, 3]] == 0.0)


def sinusoid_samples(robot, l1, count=200, noise=0.0, seed=0):
    """Torques along a sum of sinusoids (a common exciting trajectory), with seeded noise."""
    rng = np.random.default_rng(seed)
    t = np.linspace(0.0, 10.0, count)[:, None, None]
    amplitude = np.array([[0.8, 0.5, 0.3], [1.0, 0.4, 0.2]]).T  # (harmonic, joint)
    omega = np.array([0.7, 1.9, 3.1])[:, None]
    phase = rng.uniform(0, 2 * np.pi, (3, 2))
    angle = omega * t + phase
    q = np.sum(amplitude * np.sin(angle), axis=1)
    qd = np.sum(amplitude * omega * np.cos(angle), axis=1)
    qdd = -np.sum(amplitude * omega**2 * np.sin(angle), axis=1)
    tau = inverse_dynamics(robot, q, qd, qdd) + noise * rng.standard_normal((count, 2))
    return regressor_2r(q, qd, qdd, l1=l1), tau


def test_identification_recovers_the_parameters_exactly_without_noise():
    robot, pi_true = two_link_uniform_rods(1.3, 0.8, 0.9, 0.6), rod_parameters(1.3, 0.8, 0.9, 0.6)
    Y, tau = sinusoid_samples(robot, l1=0.9)
    result = identify_parameters(Y, tau)
    assert isinstance(result, Identification)
    assert result.parameters == pytest.approx(pi_true, abs=1e-12)
    assert result.residual_rms < 1e-12
    assert result.condition_number == pytest.approx(np.linalg.cond(Y.reshape(-1, 5)), rel=1e-9)


def test_identification_with_noise_stays_within_the_least_squares_bound():
    robot, pi_true = two_link_uniform_rods(1.3, 0.8, 0.9, 0.6), rod_parameters(1.3, 0.8, 0.9, 0.6)
    sigma = 0.05
    Y, tau = sinusoid_samples(robot, l1=0.9, count=400, noise=sigma, seed=4)
    result = identify_parameters(Y, tau)
    A = Y.reshape(-1, 5)
    standard_error = sigma * np.sqrt(
        np.diag(np.linalg.inv(A.T @ A))
    )  # covariance sigma^2 (A^T A)^-1
    assert np.all(np.abs(result.parameters - pi_true) < 5.0 * standard_error)
    assert np.any(np.abs(result.parameters - pi_true) > 0.1 * standard_error)  # noise did act
    assert result.residual_rms == pytest.approx(sigma, rel=0.15)


def test_poor_excitation_is_refused():
    robot = two_link_uniform_rods()
    q = np.random.default_rng(1).uniform(-1, 1, (30, 2))
    static = regressor_2r(q, np.zeros(2), np.zeros(2), l1=1.0)  # only the gravity columns move
    with pytest.raises(
        ValueError,
        match=r"excitation is too poor to identify 5 parameters: .*\(60 equations\) has rank 2",
    ):
        identify_parameters(static, inverse_dynamics(robot, q, np.zeros(2), np.zeros(2)))
    Y, tau = sinusoid_samples(robot, l1=1.0)
    with pytest.raises(ValueError, match=r"has rank 2 and condition number inf"):
        identify_parameters(Y[:1], tau[:1])
    weightless = regressor_2r(
        q, q[::-1], q[:, ::-1], l1=1.0, g=0.0
    )  # no gravity: pi_4, pi_5 unseen
    with pytest.raises(ValueError, match=r"rank 3"):
        identify_parameters(weightless, np.zeros((30, 2)))


@pytest.mark.parametrize(
    ("call", "error", "message"),
    [
        (
            lambda: regressor_2r([0.0, 0.0, 0.0], [0, 0], [0, 0], 1.0),
            ValueError,
            r"q must have shape \(\.\.\., 2\)",
        ),
        (
            lambda: regressor_2r([0, 0], np.zeros((3, 2)), np.zeros((4, 2)), 1.0),
            ValueError,
            r"must broadcast together",
        ),
        (
            lambda: regressor_2r([0, 0], [0, 0], [0, 0], l1=-1.0),
            ValueError,
            r"l1 must be > 0, got -1.0",
        ),
        (lambda: regressor_2r([0, 0], [0, np.nan], [0, 0], 1.0), ValueError, r"qd must be finite"),
        (lambda: base_parameters_2r(-1.0, 1, 1, 0.5, 0.5, 0, 0), ValueError, r"m1 must be >= 0"),
        (
            lambda: identify_parameters(np.zeros((10, 2, 5)), np.zeros((10, 3))),
            ValueError,
            r"tau_stack its leading shape \(\.\.\.\), got shapes \(10, 2, 5\) and \(10, 3\)",
        ),
        (lambda: identify_parameters("Y", [1.0]), TypeError, r"Y_stack must be numeric"),
    ],
)
def test_bad_input_is_explained(call, error, message):
    with pytest.raises(error, match=message):
        call()
