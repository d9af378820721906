"""Tests of coursekit.symbolic, the sympy twins of the numeric kinematics.

Independent references: the numeric coursekit functions (a separate implementation,
itself tested against Pinocchio/robotics-toolbox), symbolic differentiation of the
forward kinematics (a second method for the Jacobian), Craig (5.66)/(5.67) for the
planar 2R, and Duysinx-Geradin's closed-form PUMA kinematics (5.4.9) and reference
configuration (digest duysinx-geradin.md section 5.3), with errata E26/E27 corrected.
"""

import subprocess
import sys
from functools import cache

import numpy as np
import pytest
import sympy as sp

import coursekit as ck
from coursekit import models
from coursekit import symbolic as sym

ROBOTS = {
    "puma_duysinx": models.puma560_duysinx,
    "stanford": models.stanford_arm,
    "scara": models.scara,
    "planar_3r_craig": models.planar_3r,
    "planar_3r_duysinx_base": models.planar_3r_duysinx,
    "rp_arm_prismatic": models.rp_arm,
}
# The PUMA tool-frame Jacobians take a second each to build; the others cover that option.
TOOL_FRAME_ROBOTS = {
    "stanford", "scara", "planar_3r_craig", "planar_3r_duysinx_base", "rp_arm_prismatic"
}


@cache
def symbolic_kinematics(key: str) -> dict:
    """Link transforms, FK and Jacobians of one catalogue robot, built and lambdified once."""
    robot = ROBOTS[key]()
    q = sym.joint_symbols(robot)
    k = {"robot": robot, "q": q, "A": sym.link_transforms(robot)}
    k["T"], k["J"] = sym.forward_kinematics(robot), sym.geometric_jacobian(robot)
    tool = sym.geometric_jacobian(robot, frame="tool") if key in TOOL_FRAME_ROBOTS else None
    f = sp.lambdify([q], [k["A"], k["T"], k["J"], tool if tool is not None else sp.zeros(1)])
    k["numeric"] = lambda q_: [np.array(x, dtype=float) for x in f(q_)]
    return k


def random_configurations(robot, count=3, seed=0):
    return np.random.default_rng(seed).uniform(-2.0, 2.0, (count, robot.n_joints))


# --- elementary twins equal the numeric functions --------------------------------------


@pytest.mark.parametrize("name", ["rot_x", "rot_y", "rot_z"])
def test_elementary_rotations_equal_numeric(name):
    t = sp.Symbol("t", real=True)
    f = sp.lambdify(t, getattr(sym, name)(t))
    for angle in np.random.default_rng(1).uniform(-4.0, 4.0, 5):
        assert np.array(f(angle), dtype=float) == pytest.approx(getattr(ck, name)(angle), abs=1e-14)


def test_skew_equals_numeric_and_is_the_cross_product():
    w, v = sp.Matrix(sp.symbols("w1:4", real=True)), sp.Matrix(sp.symbols("v1:4", real=True))
    assert sym.skew(w) * v == w.cross(v)
    f = sp.lambdify([list(w)], sym.skew(w))
    for w_ in np.random.default_rng(2).normal(size=(3, 3)):
        assert np.array(f(w_), dtype=float) == pytest.approx(ck.skew(w_))


def test_transform_equals_numeric():
    t, u, x, y, z = sp.symbols("t u x y z", real=True)
    T = sym.transform(sym.rot_z(t) * sym.rot_x(u), [x, y, z])
    f = sp.lambdify([t, u, x, y, z], T)
    for t_, u_, *p in np.random.default_rng(3).uniform(-2.0, 2.0, (4, 5)):
        expected = ck.transform(ck.rot_z(t_) @ ck.rot_x(u_), p)
        assert np.array(f(t_, u_, *p), dtype=float) == pytest.approx(expected)


@pytest.mark.parametrize("name", ["dh_transform", "modified_dh_transform"])
def test_dh_transforms_equal_numeric(name):
    a, alpha, d, theta = sp.symbols("a alpha d theta", real=True)
    f = sp.lambdify([a, alpha, d, theta], getattr(sym, name)(a, alpha, d, theta))
    for row in np.random.default_rng(4).uniform(-2.0, 2.0, (5, 4)):
        assert np.array(f(*row), dtype=float) == pytest.approx(getattr(ck, name)(*row))


# --- robots: link transforms, FK and Jacobians equal the numeric functions ---------------


@pytest.mark.parametrize("key", ROBOTS)
def test_link_transforms_kinematics_and_jacobians_equal_numeric(key):
    k = symbolic_kinematics(key)
    robot = k["robot"]
    for q in random_configurations(robot):
        A, T, J, J_tool = k["numeric"](q)
        assert A == pytest.approx(ck.link_transforms(robot, q), abs=1e-12)
        assert T == pytest.approx(ck.forward_kinematics(robot, q), abs=1e-12)
        assert J == pytest.approx(ck.geometric_jacobian(robot, q), abs=1e-12)
        if key in TOOL_FRAME_ROBOTS:
            assert J_tool == pytest.approx(ck.geometric_jacobian(robot, q, frame="tool"), abs=1e-12)


@pytest.mark.parametrize("key", ["puma_duysinx", "stanford", "scara", "planar_3r_craig"])
def test_jacobian_equals_time_derivative_of_symbolic_forward_kinematics(key):
    """Second method: v = dp/dq qd and skew(w) = dR/dt R^T, by sympy differentiation."""
    k = symbolic_kinematics(key)
    q, T = sp.Matrix(k["q"]), k["T"]
    qd = sp.Matrix(sp.symbols(f"qd1:{len(q) + 1}", real=True))
    p_dot = T[:3, 3].jacobian(q) * qd
    R_dot = sum((sp.diff(T[:3, :3], q_i) * qd_i for q_i, qd_i in zip(q, qd)), sp.zeros(3, 3))
    f = sp.lambdify([list(q), list(qd)], [p_dot, R_dot])
    rng = np.random.default_rng(6)
    for _ in range(3):
        q_, qd_ = rng.uniform(-2.0, 2.0, (2, len(q)))
        v, R_dot_ = (np.array(x, dtype=float) for x in f(q_, qd_))
        _, T_, J_, _ = k["numeric"](q_)
        twist = J_ @ qd_
        assert twist[:3] == pytest.approx(v.ravel(), abs=1e-12)
        assert twist[3:] == pytest.approx(ck.unskew(R_dot_ @ T_[:3, :3].T), abs=1e-12)


@pytest.mark.parametrize("key", ["puma_duysinx", "planar_3r_craig"])
def test_symbolic_lengths_give_the_numeric_robot_back(key):
    robot = ROBOTS[key]()
    q = sym.joint_symbols(robot)
    values = sym.length_values(robot)
    assert values, "every robot here has nonzero lengths"
    T = sym.forward_kinematics(robot, symbolic_lengths=True)
    J = sym.geometric_jacobian(robot, symbolic_lengths=True)
    assert set(values) <= T.free_symbols | J.free_symbols
    f = sp.lambdify([q], [T.subs(values), J.subs(values)])
    for q_ in random_configurations(robot, count=3, seed=7):
        T_, J_ = (np.array(x, dtype=float) for x in f(q_))
        assert T_ == pytest.approx(ck.forward_kinematics(robot, q_), abs=1e-12)
        assert J_ == pytest.approx(ck.geometric_jacobian(robot, q_), abs=1e-12)


def test_modified_robot_lengths_are_named_with_craigs_indices():
    names = {str(s) for s in sym.length_values(models.planar_3r())}
    assert names == {"a1", "a2"}  # rows 2 and 3 hold a_{1} and a_{2}
    names = {str(s) for s in sym.length_values(models.puma560_craig())}
    assert names == {"a2", "a3", "d2", "d3", "d4"}


def test_simplify_false_gives_the_same_matrix_unsimplified():
    robot = models.planar_3r()
    raw = sym.forward_kinematics(robot, simplify=False)
    tidy = symbolic_kinematics("planar_3r_craig")["T"]
    assert sp.count_ops(raw) > sp.count_ops(tidy)
    assert (raw - tidy).applyfunc(lambda e: sp.expand(sp.expand_trig(e))) == sp.zeros(4, 4)


# --- hand-derived and textbook expressions ---------------------------------------------


def planar_2r_in_l1_l2():
    """Planar 2R FK and Jacobians with the lengths renamed to Craig's l1, l2."""
    robot = models.planar_2r()
    a1, a2 = sym.length_values(robot)
    l1, l2 = sp.symbols("l1 l2", positive=True)
    rename = {a1: l1, a2: l2}
    T = sym.forward_kinematics(robot, symbolic_lengths=True).subs(rename)
    J = sym.geometric_jacobian(robot, symbolic_lengths=True).subs(rename)
    J_tool = sym.geometric_jacobian(robot, frame="tool", symbolic_lengths=True).subs(rename)
    return T, J, J_tool, l1, l2


def test_planar_2r_forward_kinematics_is_the_clean_hand_derived_expression():
    T, _, _, l1, l2 = planar_2r_in_l1_l2()
    q1, q2 = sym.joint_symbols(models.planar_2r())
    x = l1 * sp.cos(q1) + l2 * sp.cos(q1 + q2)
    y = l1 * sp.sin(q1) + l2 * sp.sin(q1 + q2)
    assert sp.simplify(T[0, 3] - x) == 0 and sp.simplify(T[1, 3] - y) == 0
    # ... and it is printed in exactly that form, not as a product of sines and cosines.
    assert T[:2, 3] == sp.Matrix([x, y])
    assert T[:3, :3] == sym.rot_z(q1 + q2)
    assert T[2, 3] == 0


def test_planar_2r_with_decimal_lengths_has_exact_rational_coefficients():
    q1, q2 = sym.joint_symbols(models.planar_2r())
    T = sym.forward_kinematics(models.planar_2r(1.0, 0.8))
    assert T[0, 3] == sp.cos(q1) + sp.Rational(4, 5) * sp.cos(q1 + q2)


def test_planar_2r_jacobians_equal_craig_5_66_and_5_67():
    _, J, J_tool, l1, l2 = planar_2r_in_l1_l2()
    q1, q2 = sym.joint_symbols(models.planar_2r())
    s1, c1, s12, c12 = sp.sin(q1), sp.cos(q1), sp.sin(q1 + q2), sp.cos(q1 + q2)
    craig_5_67 = sp.Matrix([[-l1 * s1 - l2 * s12, -l2 * s12], [l1 * c1 + l2 * c12, l2 * c12]])
    # Craig's {3} is the 2R's frame {2} (same orientation), so the tool frame gives (5.66).
    craig_5_66 = sp.Matrix([[l1 * sp.sin(q2), 0], [l1 * sp.cos(q2) + l2, l2]])
    assert J[:2, :] == craig_5_67  # the same expressions, term by term
    assert (J_tool[:2, :] - craig_5_66).applyfunc(sp.trigsimp) == sp.zeros(2, 2)
    assert J[2:5, :] == sp.zeros(3, 2)
    assert J[5, :] == sp.Matrix([[1, 1]])


def test_puma_duysinx_rx_equals_closed_form_5_4_9_with_errata_corrected():
    robot = models.puma560_duysinx()
    T = sym.forward_kinematics(robot, symbolic_lengths=True)
    q = sym.joint_symbols(robot)
    C = {i: sp.cos(q[i - 1]) for i in range(1, 7)}
    S = {i: sp.sin(q[i - 1]) for i in range(1, 7)}
    C23, S23 = sp.cos(q[1] + q[2]), sp.sin(q[1] + q[2])
    a2, d2, d4, d6 = sp.symbols("a2 d2 d4 d6", real=True)
    # (5.4.9) as corrected in the digest: the a2 C2 term belongs in r_x (E27).
    r_x = C[1] * (C23 * C[4] * S[5] * d6 + S23 * (d4 + C[5] * d6) + a2 * C[2]) - S[1] * (
        S[4] * S[5] * d6 + d2
    )
    assert sp.simplify(T[0, 3] - r_x) == 0
    book = {
        (0, 0): C[1] * (C23 * (C[4] * C[5] * C[6] - S[4] * S[6]) - S23 * S[5] * C[6])
        - S[1] * (S[4] * C[5] * C[6] + C[4] * S[6]),
        (2, 0): -S23 * (C[4] * C[5] * C[6] - S[4] * S[6]) - C23 * S[5] * C[6],
        (1, 1): S[1] * (-C23 * (C[4] * C[5] * S[6] + S[4] * C[6]) + S23 * S[5] * S[6])
        - C[1] * (S[4] * C[5] * S[6] - C[4] * C[6]),
        (0, 2): C[1] * (C23 * C[4] * S[5] + S23 * C[5]) - S[1] * S[4] * S[5],
        (2, 2): -S23 * C[4] * S[5] + C23 * C[5],
        (1, 3): S[1] * (C23 * C[4] * S[5] * d6 + S23 * (d4 + C[5] * d6) + a2 * C[2])
        + C[1] * (S[4] * S[5] * d6 + d2),
        (2, 3): (-S23 * C[4] * S[5] + C23 * C[5]) * d6 + C23 * d4 - a2 * S[2],
    }
    for (i, j), entry in book.items():
        assert sp.expand(sp.expand_trig(T[i, j] - entry)) == 0, (i, j)


def test_puma_duysinx_wrist_product_has_the_corrected_sign_of_erratum_e26():
    robot = models.puma560_duysinx()
    A = sym.link_transforms(robot, symbolic_lengths=True)
    T_4_6 = A[4] * A[5]
    q5, d6 = sym.joint_symbols(robot)[4], sp.Symbol("d6", real=True)
    assert T_4_6[1, 2] == -sp.cos(q5)  # the book prints +C5
    assert T_4_6[1, 3] == -d6 * sp.cos(q5)


def test_puma_duysinx_reference_configuration_is_exact():
    """Digest section 5.3: q = (pi/2, 0, pi/2, 0, 0, 0) stretches the arm along +y0."""
    robot = models.puma560_duysinx()
    T = symbolic_kinematics("puma_duysinx")["T"]
    q = sym.joint_symbols(robot)
    at_reference = T.subs(dict(zip(q, [sp.pi / 2, 0, sp.pi / 2, 0, 0, 0])))
    mm = sp.Rational(1, 1000)
    expected = sp.Matrix(
        [[0, -1, 0, -sp.Rational(1495, 10) * mm], [0, 0, 1, sp.Rational(9205, 10) * mm],
         [-1, 0, 0, 0], [0, 0, 0, 1]]
    )  # fmt: skip
    assert at_reference == expected


# --- exact numbers ---------------------------------------------------------------------


def test_multiples_of_pi_over_2_become_exact():
    q = sp.Symbol("q", real=True)
    T = sym.dh_transform(0.0, np.pi / 2, 0.0, q)
    assert T.atoms(sp.Float) == set()
    assert T[2, 2] == 0 and T[2, 1] == 1
    assert sym.rot_z(np.pi / 4)[0, 0] == sp.sqrt(2) / 2  # pi/12 multiples are exact too
    assert symbolic_kinematics("stanford")["T"].atoms(sp.Float) == set()  # theta = -pi/2 offset
    assert symbolic_kinematics("puma_duysinx")["T"].atoms(sp.Float) == set()


def test_lengths_become_simple_rationals_and_other_floats_stay_floats():
    T = sym.transform(np.eye(3), [0.67183, 0.432, 12 * 0.0254])
    # 0.67183: sp.nsimplify(..., rational=True, tolerance=...) would give a 12-digit fraction.
    exact = [sp.Rational(67183, 100000), sp.Rational(54, 125), sp.Rational(381, 1250)]
    assert T[:3, 3] == sp.Matrix(exact)
    assert isinstance(sym.transform(np.eye(3), [np.sqrt(2), 0, 0])[0, 3], sp.Float)
    assert sym.rot_z(0.3).atoms(sp.Float)  # an angle that is no multiple of pi/12


def test_numbers_for_q_give_exact_poses():
    T = sym.forward_kinematics(models.planar_2r(), [0, np.pi / 2])
    assert T[:3, 3] == sp.Matrix([1, 1, 0])


def test_custom_joint_symbols_are_used():
    a, b = sp.symbols("alpha beta")
    T = sym.forward_kinematics(models.planar_2r(), [a, b])
    assert T[0, 3] == sp.cos(a) + sp.cos(a + b)


# --- errors ----------------------------------------------------------------------------


def test_bad_inputs_get_clear_errors():
    robot = models.puma560_duysinx()
    with pytest.raises(TypeError, match="theta must be a number or a sympy expression, got the string 't'"):
        sym.rot_z("t")
    with pytest.raises(ValueError, match=r"theta must be finite, got nan"):
        sym.rot_x(float("nan"))
    with pytest.raises(ValueError, match=r"w must have 3 entries, got 2\."):
        sym.skew([1, 2])
    with pytest.raises(TypeError, match="w must be a list, array or sympy Matrix of 3 entries, got int"):
        sym.skew(5)
    with pytest.raises(ValueError, match=r"R must be a 3x3 matrix, got shape \(4, 4\)\."):
        sym.transform(np.eye(4), [0, 0, 0])
    with pytest.raises(TypeError, match=r"R must be a 3x3 matrix, got int\."):
        sym.transform(5, [0, 0, 0])
    with pytest.raises(TypeError, match=r"theta must be a scalar, got a MutableDenseMatrix\."):
        sym.rot_y(sp.Matrix([1, 2]))
    too_few = r"q needs one value per joint: PUMA 560 \(Duysinx-Geradin\) has 6 joints, got 2 values\."
    with pytest.raises(ValueError, match=too_few):
        sym.forward_kinematics(robot, sp.symbols("a b"))
    with pytest.raises(TypeError, match="robot must be a coursekit SerialRobot, got str"):
        sym.forward_kinematics("PUMA")
    with pytest.raises(ValueError, match="frame must be one of 'base', 'tool', got 'world'"):
        sym.geometric_jacobian(robot, frame="world")


# --- package integration ---------------------------------------------------------------


def test_symbolic_is_reachable_as_ck_symbolic_but_not_mixed_into_the_top_level():
    assert ck.symbolic is sym
    assert ck.rot_z is ck.rotations.rot_z  # the top-level names stay numeric


def test_import_coursekit_does_not_import_sympy():
    code = "import sys, coursekit; print('sympy' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
