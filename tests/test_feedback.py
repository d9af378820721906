"""Tests of coursekit.feedback, the checks of the exercise test cells.

Each diagnosis is triggered by a wrong answer built by hand from the textbook slip it
names (a transpose, an inverse, degrees...), and must stay silent on a correct answer
and on unrelated wrong answers. The expected messages follow code-style.md section 7.8.
"""

import numpy as np
import pytest
import sympy as sp

import coursekit as ck
from coursekit import feedback

R = ck.rot_z(0.7) @ ck.rot_x(0.3)
P = np.array([0.4, -1.2, 0.9])
T = ck.transform(R, P)
J = np.arange(18.0).reshape(6, 3) / 7.0 - 1.0  # a (6, 3) array with distinct rows
Q = np.array([0.3, -1.1, 2.0])  # joint angles in radians


def failure(check, *args, **kwargs) -> str:
    """The AssertionError message of a check that must fail."""
    with pytest.raises(AssertionError) as info:
        check(*args, **kwargs)
    return str(info.value)


def hint_of(message: str) -> str | None:
    lines = [line for line in message.splitlines() if line.startswith("Hint: ")]
    return lines[0] if lines else None


# --- success --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("check", "args"),
    [
        (ck.check_close, (Q.tolist(), Q)),
        (ck.check_rotation, (R.copy(), R)),
        (ck.check_transform, (T.copy(), T)),
        (ck.check_dh_transform, (ck.dh_transform(0.5, 0.3, 0.2, 1.1), 0.5, 0.3, 0.2, 1.1)),
        (ck.check_true, (bool(np.allclose(R.T @ R, np.eye(3))),)),
        (ck.check_raises, (lambda: ck.rot_z("x"), TypeError)),
        (ck.check_symbolic_equal, (sp.cos(sp.Symbol("x")) ** 2, 1 - sp.sin(sp.Symbol("x")) ** 2)),
    ],
    ids=lambda x: getattr(x, "__name__", ""),
)
def test_a_correct_answer_prints_exactly_one_check_line(check, args, capsys):
    check(*args, name="the answer")
    assert capsys.readouterr().out == "✓ the answer is correct.\n"


def test_answers_within_tolerance_pass_and_just_outside_fail(capsys):
    ck.check_close(1.0 + 5e-7, 1.0, name="x")
    assert failure(ck.check_close, 1.0 + 5e-6, 1.0, name="x").startswith("x is not correct.")
    ck.check_close(1.0 + 5e-3, 1.0, name="y", atol=1e-2)
    assert capsys.readouterr().out.count("✓") == 2


# --- message layout -------------------------------------------------------------------


def test_failure_message_names_the_check_and_shows_expected_got_and_difference():
    message = failure(ck.check_close, [1.0, 2.0, 3.0], [1.0, 2.0, 1.0 / 3.0], name="p_0")
    lines = message.splitlines()
    assert lines[0] == "p_0 is not correct."
    assert lines[1:5] == ["Expected:", "[1.     2.     0.3333]", "Got:", "[1. 2. 3.]"]
    assert "Largest difference: 2.667 at entry [2] (1 of 3 differ)." in message


def test_small_numbers_print_as_zero():
    message = failure(ck.check_close, [1.0, 1e-17], [0.0, 1e-17], name="v")
    assert "[0. 0.]" in message


def test_author_hint_replaces_the_diagnosis():
    message = failure(ck.check_rotation, R.T, R, name="R", hint="Read section 2.3 again.")
    assert hint_of(message) == "Hint: Read section 2.3 again."


# --- each diagnosis triggers on its slip ------------------------------------------------

flipped_column = R.copy()
flipped_column[:, 1] *= -1
wrong_translation = T.copy()
wrong_translation[:3, 3] = [1.0, 2.0, 3.0]
negated_translation = T.copy()
negated_translation[:3, 3] *= -1
transposed_rotation = T.copy()
transposed_rotation[:3, :3] = R.T
bad_bottom_row = T.copy()
bad_bottom_row[3] = [0.0, 0.0, 1.0, 1.0]
one_extra_turn = Q + [0.0, 2 * np.pi, 0.0]

SLIPS = [
    ("rotation transposed", ck.check_rotation, R.T, R, "You returned the transpose. Did you build R_b_a"),
    ("transform transposed", ck.check_close, T.T, T, "You returned the transpose"),
    ("inverse transform", ck.check_transform, ck.invert_transform(T), T, "the inverse transform: T_b_a"),
    ("all signs", ck.check_close, -Q, Q, "Every entry has the opposite sign."),
    ("degrees", ck.check_close, np.rad2deg(Q), Q, "look like degrees, but radians were expected"),
    ("radians", ck.check_close, Q, np.rad2deg(Q), "look like radians, but degrees were expected"),
    ("whole turn", ck.check_close, one_extra_turn, Q, "by whole turns (2 pi)"),
    ("[w; v] rows", ck.check_close, np.vstack([J[3:], J[:3]]), J, "([w; v] instead of [v; w]"),
    ("one column sign", ck.check_rotation, flipped_column, R, "Column 2 has the opposite sign"),
    ("translation wrong", ck.check_transform, wrong_translation, T, "rotation part (T[:3, :3]) is right"),
    ("translation sign", ck.check_transform, negated_translation, T, "translation has the opposite sign"),
    ("rotation wrong", ck.check_transform, transposed_rotation, T, "translation (T[:3, 3]) is right"),
    ("bottom row", ck.check_close, bad_bottom_row, T, "bottom row of a homogeneous transform"),
]


SLIP_FIELDS = ("label", "check", "wrong", "expected", "hint")


@pytest.mark.parametrize(SLIP_FIELDS, SLIPS, ids=[s[0] for s in SLIPS])
def test_each_slip_is_diagnosed(label, check, wrong, expected, hint):
    message = failure(check, wrong, expected, name=label)
    assert hint in hint_of(message)


def test_rotation_part_diagnosis_goes_into_detail():
    message = failure(ck.check_transform, transposed_rotation, T, name="T")
    assert "In the rotation part: You returned the transpose" in message


@pytest.mark.parametrize(SLIP_FIELDS, SLIPS, ids=[s[0] for s in SLIPS])
def test_no_hint_on_an_unrelated_wrong_answer(label, check, wrong, expected, hint):
    rng = np.random.default_rng(abs(hash(label)) % 1000)
    shift = rng.uniform(0.5, 1.0, expected.shape) * rng.choice([-1, 1], expected.shape)
    unrelated = expected + shift
    if expected.shape == (4, 4):
        unrelated[3] = [0, 0, 0, 1]  # keep the bottom row, as a student would
    assert hint_of(failure(ck.check_close, unrelated, expected, name=label)) is None


def test_no_false_transpose_or_sign_hint_when_the_slip_changes_nothing():
    symmetric = np.array([[2.0, 1.0], [1.0, 3.0]])
    assert hint_of(failure(ck.check_close, symmetric + 1e-3, symmetric, name="S")) is None
    assert hint_of(failure(ck.check_close, [0.0, 1e-3], [0.0, 0.0], name="zero")) is None


def test_a_matrix_that_is_no_rotation_is_called_so():
    not_orthonormal = R + 0.2
    assert "is not a rotation: its columns are not unit vectors" in failure(
        ck.check_rotation, not_orthonormal, R, name="R"
    )
    reflection = np.diag([1.0, 1.0, -1.0])
    message = failure(ck.check_rotation, reflection, ck.rot_z(0.4), name="R")
    assert "determinant -1: a reflection" in message


# --- answers that are not arrays of the expected shape ---------------------------------


class AlwaysEqual:
    """An answer whose == claims to equal everything."""

    def __eq__(self, other):
        return True

    __hash__ = object.__hash__


@pytest.mark.parametrize(
    ("wrong", "expected", "hint"),
    [
        (None, T, "Your function returned None: did you forget `return`?"),
        ("0.5", 0.5, "You returned text (a string)"),
        (["1", "2"], [1.0, 2.0], "You returned text (a string)"),
        (AlwaysEqual(), T, "cannot be read as an array of numbers"),
        ([[1.0, 2.0], [3.0]], np.eye(2), "cannot be read as an array of numbers"),
        (np.sin, 0.5, "You gave the function itself: call it"),
        (sp.cos(sp.Symbol("q1")), 1.0, "a sympy object that still contains q1, but numbers were expected"),
        (sp.Matrix([1, 0, 0]), [1.0, 0.0, 0.0], "You returned a sympy object, but numbers"),
        (np.array([1.0, np.nan, 0.0]), [1.0, 0.0, 0.0], "contains nan or inf at entry [1]"),
        (np.array([1.0 + 2j, 0.0]), [1.0, 0.0], "complex numbers"),
        (np.zeros(3), T, "shape (3,), but shape (4, 4) was expected"),
        (P.reshape(3, 1), P, "The numbers are right: reshape it"),
        (J.T, J, "It is the transpose of the expected array"),
        (T, R, "its rotation is the block T[:3, :3]"),
        (R, T, "A homogeneous transform is 4x4"),
        (T[:3], T, "The bottom row [0, 0, 0, 1] is missing"),
    ],
    ids=lambda x: type(x).__name__,
)
def test_unusable_answers_get_a_plain_explanation(wrong, expected, hint):
    assert hint in hint_of(failure(ck.check_close, wrong, expected, name="the answer"))


def test_an_object_with_a_lying_eq_is_rejected():
    liar = AlwaysEqual()
    assert liar == T  # the trap: a naive `got == expected` check would pass it
    message = failure(ck.check_transform, liar, T, name="T_0_1")
    assert message.startswith("T_0_1 is not correct.")


def test_complex_numbers_with_zero_imaginary_part_are_read_as_numbers(capsys):
    ck.check_close(np.array([1.0 + 0j, 2.0]), [1.0, 2.0], name="z")
    assert capsys.readouterr().out == "✓ z is correct.\n"


def test_sympy_numbers_inside_a_list_are_pointed_out():
    message = failure(ck.check_close, [sp.Float(1.0), 2], [1.0, 2.0], name="mixed")
    assert "You returned a sympy object, but numbers were expected" in message


def test_the_author_gets_a_clear_error_for_a_bad_expected_value():
    with pytest.raises(ValueError, match="expected has determinant -1"):
        ck.check_rotation(np.eye(3), np.diag([1.0, 1.0, -1.0]), name="R")
    with pytest.raises(TypeError, match="expected must be numeric"):
        ck.check_close(1.0, "one", name="x")


# --- check_dh_transform ----------------------------------------------------------------

ROW = (0.5, 0.3, 0.2, 1.1)  # a, alpha, d, theta: all different, so every swap shows
DEG2RAD = np.pi / 180


@pytest.mark.parametrize(
    ("convention", "wrong", "hint"),
    [
        ("standard", ck.modified_dh_transform(*ROW), "This is the modified (Craig) DH transform"),
        ("modified", ck.dh_transform(*ROW), "This is the standard DH transform"),
        ("standard", ck.dh_transform(0.5, 1.1, 0.2, 0.3), "theta and alpha are swapped"),
        ("modified", ck.modified_dh_transform(0.2, 0.3, 0.5, 1.1), "a and d are swapped"),
        ("standard", ck.dh_transform(0.5, DEG2RAD * 0.3, 0.2, DEG2RAD * 1.1), "angles as degrees"),
        ("standard", ck.dh_transform(0.5, 0.3 / DEG2RAD, 0.2, 1.1 / DEG2RAD), "into degrees before"),
    ],
)
def test_dh_slips_are_diagnosed(convention, wrong, hint):
    message = failure(ck.check_dh_transform, wrong, *ROW, name="A_1", convention=convention)
    assert hint in hint_of(message)


def test_dh_message_says_which_convention_is_asked_for():
    message = failure(ck.check_dh_transform, ck.modified_dh_transform(*ROW), *ROW, name="A_1")
    assert "The exercise asks for the standard DH transform Rz(theta) Tz(d) Tx(a) Rx(alpha)." in message


def test_dh_check_gives_no_swap_hint_when_the_swap_changes_nothing():
    a, angle, d = 0.5, 0.4, 0.5  # alpha == theta and a == d
    wrong = ck.dh_transform(a, angle, d, angle)
    wrong[:3, 3] += [0.3, -0.2, 0.1]
    message = failure(ck.check_dh_transform, wrong, a, angle, d, angle, name="A")
    assert "swapped" not in message
    assert "rotation part (T[:3, :3]) is right" in hint_of(message)


def test_dh_check_falls_back_on_the_general_diagnoses():
    wrong = ck.dh_transform(*ROW).T
    assert "You returned the transpose" in hint_of(failure(ck.check_dh_transform, wrong, *ROW, name="A"))


def test_dh_check_rejects_a_bad_convention():
    with pytest.raises(ValueError, match="convention must be one of 'standard', 'modified', got 'craig'"):
        ck.check_dh_transform(np.eye(4), *ROW, name="A", convention="craig")


# --- check_true and check_raises -------------------------------------------------------


def test_check_true():
    assert hint_of(failure(ck.check_true, False, name="is_rotation(R)", hint="Test det(R).")) == (
        "Hint: Test det(R)."
    )
    assert "did you forget `return`" in failure(ck.check_true, None, name="b")
    assert "use np.all(...) or np.allclose(...)" in failure(ck.check_true, np.array([True, True]), name="b")
    ck.check_true(np.bool_(True), name="numpy bool")


def raises_value_error(message="q must have 6 entries."):
    raise ValueError(message)


def not_written_yet():
    raise NotImplementedError()


def test_check_raises(capsys):
    ck.check_raises(raises_value_error, ValueError, name="bad q", match="6 entries")
    ck.check_raises(raises_value_error, (TypeError, ValueError), name="either")
    assert capsys.readouterr().out.count("✓") == 2
    message = failure(ck.check_raises, lambda: 3.0, ValueError, name="bad q")
    assert "Expected:\nValueError\nGot:\nno error; the call returned 3.0\n" in message
    assert "raise ValueError(...) when it is invalid" in message
    wrong_message = lambda: raises_value_error("oops")  # noqa: E731
    message = failure(ck.check_raises, wrong_message, ValueError, name="q", match="entries")
    assert "its message should mention 'entries'" in message
    message = failure(ck.check_raises, lambda: [][1], ValueError, name="q")
    assert "IndexError" in message and 'Raise ValueError here: raise ValueError("...")' in message
    assert "not written yet" in failure(ck.check_raises, not_written_yet, ValueError, name="q")
    with pytest.raises(TypeError, match="func must be a function to call without arguments"):
        ck.check_raises(3.0, ValueError, name="q")


# --- check_symbolic_equal --------------------------------------------------------------

q1, q2, t = sp.symbols("q1 q2 t", real=True)
l1, l2 = sp.symbols("l1 l2", positive=True)
X_2R = l1 * sp.cos(q1) + l2 * sp.cos(q1 + q2)


def test_equal_expressions_in_other_forms_pass(capsys):
    expanded = l1 * sp.cos(q1) + l2 * (sp.cos(q1) * sp.cos(q2) - sp.sin(q1) * sp.sin(q2))
    ck.check_symbolic_equal(expanded, X_2R, name="x")
    ck.check_symbolic_equal([X_2R, 0], sp.Matrix([expanded, 0]), name="column")
    assert capsys.readouterr().out.count("✓") == 2


def test_identities_simplify_cannot_show_are_settled_numerically(capsys):
    x = sp.Symbol("x", positive=True)
    assert sp.simplify(sp.atan(x) + sp.atan(1 / x) - sp.pi / 2) != 0
    ck.check_symbolic_equal(sp.atan(x) + sp.atan(1 / x), sp.pi / 2, name="arctangents")
    ck.check_symbolic_equal(sp.asin(t / sp.sqrt(1 + t**2)), sp.atan(t), name="asin")
    assert capsys.readouterr().out.count("✓") == 2


def test_functions_of_time_and_their_derivatives_are_compared():
    q = sp.Function("q")(t)
    m, l = sp.symbols("m l", positive=True)
    energy = m * l**2 * q.diff(t) ** 2 / 2
    ck.check_symbolic_equal(sp.expand(energy * 2) / 2, energy, name="T")
    message = failure(ck.check_symbolic_equal, m * l * q.diff(t) ** 2 / 2, energy, name="T")
    assert "For example, at " in message


def test_a_wrong_expression_fails_with_a_point_as_evidence():
    wrong = l1 * sp.cos(q1) + l2 * sp.sin(q1 + q2)
    message = failure(ck.check_symbolic_equal, wrong, X_2R, name="x")
    assert message.startswith("x is not correct.\nExpected:\nl1*cos(q1) + l2*cos(q1 + q2)\nGot:")
    assert "For example, at l1 = " in message and "yours gives" in message
    assert hint_of(message) is None


@pytest.mark.parametrize(
    ("wrong", "expected", "hint"),
    [
        (-X_2R, X_2R, "opposite sign"),
        (sp.Symbol("q1") + q2, q1 + q2, "Your q1 print like the exercise's symbols but are other"),
        (q1 + sp.Symbol("z"), q1, "Your answer contains z, which the expected one does not use"),
        (sp.Integer(2), 2 * sp.cos(q1), "You returned a constant"),
        (sp.Matrix([[q1, q2], [0, 1]]), sp.Matrix([[q1, 0], [q2, 1]]), "You returned the transpose"),
        (sp.Matrix([q1, q2]), q1, "Your answer has shape (2, 1), but () was expected"),
        (None, q1, "did you forget `return`"),
        ("q1 + q2", q1 + q2, "return a sympy expression"),
        (object(), q1, "is not a sympy expression"),
    ],
    ids=lambda x: type(x).__name__,
)
def test_symbolic_slips_are_diagnosed(wrong, expected, hint):
    assert hint in hint_of(failure(ck.check_symbolic_equal, wrong, expected, name="e"))


def test_symbols_argument_lists_the_allowed_variables():
    message = failure(ck.check_symbolic_equal, q1 + l1, q1, name="e", symbols=[q1, q2])
    assert "contains l1, which the expected one does not use" in message


def test_symbolic_check_is_quick_on_a_wrong_puma_entry():
    """A wrong big answer fails on the numeric points, without waiting for simplify."""
    from coursekit import symbolic as sym
    from coursekit.models import puma560_duysinx

    T = sym.forward_kinematics(puma560_duysinx(), symbolic_lengths=True)
    wrong = T.copy()
    wrong[0, 3] = T[0, 3].subs(sp.Symbol("a2", real=True), 0)
    message = failure(ck.check_symbolic_equal, wrong, T, name="T_0_6")
    assert "For example in entry [0, 3], at " in message


def test_diagnose_is_silent_on_correct_answers():
    for expected in (R, T, J, Q, np.array(0.5)):
        assert feedback._diagnose(expected.copy(), expected) is None


def test_simplify_decides_where_no_point_can_be_evaluated(capsys):
    """gamma(-n) is infinite at every sampled integer n, so sympy's simplify must decide."""
    n, y = sp.Symbol("n", integer=True, positive=True), sp.Symbol("y", real=True)
    ck.check_symbolic_equal(sp.gamma(-n) * (sp.sin(y) ** 2 + sp.cos(y) ** 2), sp.gamma(-n), name="g")
    assert capsys.readouterr().out == "✓ g is correct.\n"
    message = failure(ck.check_symbolic_equal, 2 * sp.gamma(-n), sp.gamma(-n), name="g")
    assert "sympy cannot show that they are equal." in message
