"""Checks for the exercise test cells: one ✓ line when an answer is right, a diagnosis when not.

Each ``check_*`` prints exactly ``✓ <name> is correct.`` on success. On failure it raises
``AssertionError`` with what was checked, the expected and the received value, and a
``Hint:`` naming the usual slip when it recognises one (a transpose, an inverse transform,
degrees for radians, the other DH convention, a forgotten ``return``...). An exercise
author may replace the automatic hint on a wrong value with ``hint="..."``; problems of
type, shape or NaN keep their own hint.

Answers are read with ``np.asarray(got, dtype=float)``, so only real numbers pass: an
object whose ``==`` always says True, a string or a sympy expression does not.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any, NoReturn

import numpy as np
from numpy.typing import ArrayLike

from ._validation import FloatArray, as_array, as_choice, as_float_array, as_rotation, as_transform
from .dh import dh_transform, modified_dh_transform

#: Default absolute and relative tolerances of the numeric checks.
ATOL = 1e-6
RTOL = 1e-6
# Looser tolerance to recognise a slip in an answer that is also a little inaccurate.
_SLIP_TOL = 1e-4
_NONE_HINT = "Your function returned None: did you forget `return`?"
_STANDARD_DH = "standard DH transform Rz(theta) Tz(d) Tx(a) Rx(alpha)"
_MODIFIED_DH = "modified (Craig) DH transform Rx(alpha) Tx(a) Rz(theta) Tz(d)"


def _format(value: Any) -> str:
    if isinstance(value, np.ndarray):
        return np.array2string(value, precision=4, suppress_small=True)
    text = repr(value)
    return text if len(text) <= 300 else text[:300] + " ..."


def _fail(
    name: str, expected: Any, got: Any, hint: str | None, detail: str = "", *, plain: bool = False
) -> NoReturn:
    show = str if plain else _format  # plain: expected and got are already sentences
    lines = [f"{name} is not correct.", "Expected:", show(expected), "Got:", show(got)]
    lines += [detail] if detail else []
    lines += [f"Hint: {hint}"] if hint else []
    raise AssertionError("\n".join(lines))


def _passed(name: str) -> None:
    print(f"✓ {name} is correct.")


def _numbers(got: Any, expected: FloatArray, name: str) -> FloatArray:
    """The answer as a finite float array of the expected shape, or a failure that explains."""
    unreadable = f"Your answer (a {type(got).__name__}) cannot be read as an array of numbers."
    if got is None:
        _fail(name, expected, got, _NONE_HINT)
    if callable(got) and not hasattr(got, "__array__"):
        _fail(name, expected, got, "You gave the function itself: call it, with (...).")
    try:
        raw = np.asarray(got)
    except (TypeError, ValueError):
        _fail(name, expected, got, unreadable)
    entries = [got, *raw.ravel()[:100]]
    if any(isinstance(x, (str, bytes)) for x in entries):
        _fail(name, expected, got, "You returned text (a string); return numbers instead.")
    sympy_parts = [x for x in entries if type(x).__module__.startswith("sympy")]
    if sympy_parts:
        names = sorted({str(s) for x in sympy_parts for s in getattr(x, "free_symbols", ())})
        still = f" that still contains {', '.join(names)}" if names else ""
        _fail(name, expected, got, (
            f"You returned a sympy object{still}, but numbers were expected: substitute values "
            "with .subs(...) or use sp.lambdify, then convert with np.array(..., dtype=float)."
        ))  # fmt: skip
    if raw.dtype.kind == "c":
        if np.any(raw.imag != 0):
            _fail(name, expected, got, (
                "Your answer has complex numbers: a square root or arccos of a value outside "
                "its domain (for instance a target out of reach)?"
            ))  # fmt: skip
        raw = raw.real
    try:
        array = np.asarray(raw, dtype=float)
    except (TypeError, ValueError):
        _fail(name, expected, got, unreadable)
    if array.shape != expected.shape:
        _fail(name, expected, array, _shape_hint(array, expected))
    bad = ~np.isfinite(array) & np.isfinite(expected)
    if np.any(bad):
        where = ", ".join(str(index) for index in np.argwhere(bad)[:3].tolist())
        where = f" at entry {where}" if array.ndim else ""
        _fail(name, expected, array, (
            f"Your answer contains nan or inf{where}: a division by zero, or arccos, arcsin "
            "or sqrt of a value outside its domain?"
        ))  # fmt: skip
    return array


def _shape_hint(got: FloatArray, expected: FloatArray) -> str:
    text = f"Your answer has shape {got.shape}, but shape {expected.shape} was expected."
    if got.size == expected.size and _close(got.ravel(), expected.ravel()):
        return text + " The numbers are right: reshape it (np.ravel, np.reshape)."
    if got.ndim == 2 and got.shape == expected.shape[::-1] and _close(got, expected.T):
        return text + " It is the transpose of the expected array."
    if got.shape == (4, 4) and expected.shape == (3, 3):
        return text + " That is a whole transform T; its rotation is the block T[:3, :3]."
    if got.shape == (3, 3) and expected.shape == (4, 4):
        return text + " A homogeneous transform is 4x4: [[R, p], [0, 0, 0, 1]]."
    if got.shape == (3, 4) and expected.shape == (4, 4):
        return text + " The bottom row [0, 0, 0, 1] is missing."
    return text


def _close(a: FloatArray, b: FloatArray) -> bool:
    return a.shape == b.shape and bool(np.allclose(a, b, atol=_SLIP_TOL, rtol=_SLIP_TOL))


def _diagnose(got: FloatArray, expected: FloatArray) -> str | None:
    """Name the usual slip that turns ``expected`` into ``got``, if there is one."""

    def explains(slip: FloatArray) -> bool:
        # A slip explains the answer only if it really changes the expected value.
        return _close(got, slip) and not _close(slip, expected)

    if got.shape == (4, 4) and abs(np.linalg.det(expected)) > 1e-9:
        if explains(np.linalg.inv(expected)):
            return "You returned the inverse transform: T_b_a instead of T_a_b?"
    if got.ndim == 2 and got.shape[0] == got.shape[1] and explains(expected.T):
        return (
            "You returned the transpose. Did you build R_b_a instead of R_a_b, "
            "or fill rows where columns were meant?"
        )
    if explains(-expected):
        return "Every entry has the opposite sign."
    if got.shape[:1] == (6,) and explains(np.concatenate([expected[3:], expected[:3]])):
        return (
            "The top three and bottom three rows are swapped: linear and angular parts in "
            "the other order ([w; v] instead of [v; w], or the reverse)."
        )
    if explains(np.rad2deg(expected)):
        return "The values look like degrees, but radians were expected: use np.deg2rad."
    if explains(np.deg2rad(expected)):
        return "The values look like radians, but degrees were expected: use np.rad2deg."
    full_turns = 2 * np.pi * np.round((got - expected) / (2 * np.pi))
    if got.ndim <= 1 and explains(expected + full_turns):
        return (
            "Some angles differ from the expected ones by whole turns (2 pi): wrap them "
            "into (-pi, pi], e.g. with np.arctan2(np.sin(q), np.cos(q))."
        )
    if got.shape == (4, 4):
        return _diagnose_transform(got, expected)
    for axis, word in ((1, "Column"), (0, "Row")) if got.ndim == 2 else ():
        for k in range(got.shape[axis]):
            flipped = expected.copy()
            flipped[(slice(None), k) if axis == 1 else (k, slice(None))] *= -1
            if explains(flipped):
                return f"{word} {k + 1} has the opposite sign; the rest is right."
    return None


def _diagnose_transform(got: FloatArray, expected: FloatArray) -> str | None:
    if not _close(got[3], expected[3]):
        return "The bottom row of a homogeneous transform must be [0, 0, 0, 1]."
    rotation_ok = _close(got[:3, :3], expected[:3, :3])
    if rotation_ok and _close(got[:3, 3], expected[:3, 3]):
        return None
    if rotation_ok and _close(got[:3, 3], -expected[:3, 3]):
        return "The rotation part is right, but the translation has the opposite sign."
    if rotation_ok:
        return "The rotation part (T[:3, :3]) is right, but the translation (T[:3, 3]) is wrong."
    if _close(got[:3, 3], expected[:3, 3]):
        inner = _diagnose(got[:3, :3], expected[:3, :3])
        text = "The translation (T[:3, 3]) is right, but the rotation part (T[:3, :3]) is wrong."
        return f"{text} In the rotation part: {inner}" if inner else text
    return None


def _rotation_hint(R: FloatArray) -> str | None:
    """Say why a 3x3 answer is not a rotation matrix at all, if it is not."""
    error = float(np.abs(R.T @ R - np.eye(3)).max())
    if error > 1e-3:
        return (
            "Your matrix is not a rotation: its columns are not unit vectors at right angles "
            f"(R.T @ R differs from I by up to {error:.2g}). Check where sin and cos go."
        )
    if np.linalg.det(R) < 0:
        return "Your matrix has determinant -1: a reflection, not a rotation. Check the signs."
    return None


def _difference(got: FloatArray, expected: FloatArray) -> str:
    error = np.abs(got - expected)
    if got.ndim == 0:
        return f"Difference: {float(error):.4g}."
    worst = [int(i) for i in np.unravel_index(np.argmax(error), error.shape)]
    wrong = int(np.sum(~np.isclose(got, expected, atol=ATOL, rtol=RTOL)))
    return f"Largest difference: {error.max():.4g} at entry {worst} ({wrong} of {got.size} differ)."


def _compare(
    got: Any,
    expected: FloatArray,
    name: str,
    hint: str | None,
    *,
    atol: float = ATOL,
    rtol: float = RTOL,
    slips: Sequence[tuple[FloatArray, str]] = (),
    rotation_of: Callable[[FloatArray], FloatArray] | None = None,
) -> None:
    """Pass, or fail with the first hint that applies: the author's, a known slip, a diagnosis."""
    array = _numbers(got, expected, name)
    if np.allclose(array, expected, atol=atol, rtol=rtol):
        _passed(name)
        return
    if hint is None:
        known = [text for slip, text in slips if _close(array, slip) and not _close(slip, expected)]
        hint = known[0] if known else _diagnose(array, expected)
    if hint is None and rotation_of is not None:
        hint = _rotation_hint(rotation_of(array))
    _fail(name, expected, array, hint, _difference(array, expected))


def check_close(
    got: Any,
    expected: ArrayLike,
    *,
    name: str,
    atol: float = ATOL,
    rtol: float = RTOL,
    hint: str | None = None,
) -> None:
    """Check that a numeric answer equals ``expected``: same shape, entries within tolerance.

    >>> check_close(np.sin(np.pi / 6), 0.5, name="sin(30 deg)")
    ✓ sin(30 deg) is correct.
    >>> check_close(30.0, np.pi / 6, name="the angle")
    Traceback (most recent call last):
    ...
    AssertionError: the angle is not correct.
    ...
    Hint: The values look like degrees, but radians were expected: use np.deg2rad.
    """
    _compare(got, as_float_array(expected, "expected"), name, hint, atol=atol, rtol=rtol)


def check_rotation(got: Any, expected: ArrayLike, *, name: str, hint: str | None = None) -> None:
    """Check a 3x3 rotation matrix answer; also says when the answer is no rotation at all.

    >>> from coursekit.rotations import rot_z
    >>> check_rotation(rot_z(0.3), rot_z(0.3), name="R_0_1")
    ✓ R_0_1 is correct.
    """
    _compare(got, as_rotation(expected, "expected"), name, hint, rotation_of=lambda R: R)


def check_transform(got: Any, expected: ArrayLike, *, name: str, hint: str | None = None) -> None:
    """Check a 4x4 homogeneous transform answer, part by part when it is wrong.

    >>> from coursekit.transforms import translation
    >>> check_transform(translation([1, 2, 3]), translation([1, 2, 3]), name="T_a_b")
    ✓ T_a_b is correct.
    """
    expected = as_transform(expected, "expected")
    _compare(got, expected, name, hint, rotation_of=lambda T: T[:3, :3])


def check_dh_transform(
    got: Any,
    a: float,
    alpha: float,
    d: float,
    theta: float,
    *,
    name: str,
    convention: str = "standard",
    hint: str | None = None,
) -> None:
    """Check an answer for the transform of one DH row (a, alpha, d, theta), angles in radians.

    The check computes the expected transform itself, so it recognises the other DH
    convention, swapped parameters and degree/radian mix-ups. For
    ``convention="modified"``, ``a`` and ``alpha`` are Craig's a_{i-1} and alpha_{i-1}.

    >>> check_dh_transform(dh_transform(0.5, 0.0, 0.0, 0.3), 0.5, 0.0, 0.0, 0.3, name="A_1")
    ✓ A_1 is correct.
    """
    standard = as_choice(convention, ("standard", "modified"), "convention") == "standard"
    a, alpha, d, theta = (
        float(as_array(value, (), label))
        for value, label in zip((a, alpha, d, theta), ("a", "alpha", "d", "theta"))
    )
    row = dh_transform if standard else modified_dh_transform
    other = modified_dh_transform if standard else dh_transform
    wanted, unwanted = (_STANDARD_DH, _MODIFIED_DH) if standard else (_MODIFIED_DH, _STANDARD_DH)
    slips = [
        (
            other(a, alpha, d, theta),
            f"This is the {unwanted}, the same four factors in the reverse order. "
            f"The exercise asks for the {wanted}.",
        ),
        (row(a, theta, d, alpha), "theta and alpha are swapped: theta turns about z, alpha x."),
        (row(d, alpha, a, theta), "a and d are swapped: d is the offset along z, a along x."),
        (
            row(a, np.deg2rad(alpha), d, np.deg2rad(theta)),
            "Your function treats the angles as degrees (np.deg2rad inside?); they are radians.",
        ),
        (
            row(a, np.rad2deg(alpha), d, np.rad2deg(theta)),
            "Your function turns the angles into degrees before cos and sin, which take radians.",
        ),
    ]
    expected = row(a, alpha, d, theta)
    _compare(got, expected, name, hint, slips=slips, rotation_of=lambda T: T[:3, :3])


def check_true(condition: Any, *, name: str, hint: str | None = None) -> None:
    """Check that a yes/no answer is True (a bool, not an array or None).

    >>> check_true(2 > 1, name="2 > 1")
    ✓ 2 > 1 is correct.
    """
    if condition is None:
        _fail(name, True, None, _NONE_HINT)
    if not isinstance(condition, (bool, np.bool_)):
        kind = type(condition).__name__
        _fail(name, True, condition, (
            f"The answer must be True or False, got a {kind}. "
            "For arrays use np.all(...) or np.allclose(...)."
        ))  # fmt: skip
    if not condition:
        _fail(name, True, False, hint)
    _passed(name)


def check_raises(
    func: Callable[[], Any],
    exception: type[BaseException] | tuple[type[BaseException], ...],
    *,
    name: str,
    match: str | None = None,
) -> None:
    """Check that ``func()`` raises ``exception``, with a message matching the regex ``match``.

    >>> check_raises(lambda: int("seven"), ValueError, name="int('seven')")
    ✓ int('seven') is correct.
    """
    if not callable(func):
        msg = f"func must be a function to call without arguments, got {type(func).__name__}."
        raise TypeError(msg)
    types = exception if isinstance(exception, tuple) else (exception,)
    wanted = " or ".join(t.__name__ for t in types)
    expected = wanted + (f" with a message matching {match!r}" if match else "")
    try:
        result = func()
    except types as error:
        if match is not None and not re.search(match, str(error)):
            hint = f"The error type is right, but its message should mention {match!r}."
            _fail(name, expected, repr(error), hint, plain=True)
        _passed(name)
        return
    except NotImplementedError as error:
        hint = "This part is not written yet: replace `raise NotImplementedError()` with code."
        _fail(name, expected, repr(error), hint, plain=True)
    except Exception as error:  # noqa: BLE001 - any other error is the answer being graded
        hint = f'Raise {types[0].__name__} here: raise {types[0].__name__}("...").'
        _fail(name, expected, repr(error), hint, plain=True)
    got = f"no error; the call returned {_format(result)}"
    hint = f"Check the input and raise {types[0].__name__}(...) when it is invalid."
    _fail(name, expected, got, hint, plain=True)


def check_symbolic_equal(got: Any, expected: Any, *, name: str, symbols: Any = None) -> None:
    """Check that a sympy answer (an expression or a Matrix) equals ``expected`` identically.

    The answer is right when ``got - expected`` vanishes identically. To keep test cells
    fast, the difference is evaluated at 8 seeded random points (positive symbols get
    positive values), which settles it even where ``sp.simplify`` cannot; a wrong answer
    fails with one point as evidence. ``sp.simplify(got - expected) == 0`` decides only
    where fewer than 3 points can be evaluated. ``symbols`` are the variables the answer
    may use (default: those of ``expected``). Functions of time such as ``q1(t)`` and
    their derivatives count as variables.

    >>> import sympy as sp
    >>> x = sp.Symbol("x", real=True)
    >>> check_symbolic_equal(sp.sin(2 * x), 2 * sp.sin(x) * sp.cos(x), name="sin(2x)")
    ✓ sin(2x) is correct.
    """
    import sympy as sp

    expected_value = _sympy_value(expected)
    if expected_value is None:
        msg = f"expected must be a sympy expression or Matrix, got {type(expected).__name__}."
        raise TypeError(msg)
    if got is None:
        _fail(name, expected_value, got, _NONE_HINT)
    if isinstance(got, (str, bytes)):
        _fail(name, expected_value, got, "You returned text (a string); return a sympy expression.")
    answer = _sympy_value(got)
    if answer is None:
        kind = type(got).__name__
        _fail(name, expected_value, got, f"Your answer (a {kind}) is not a sympy expression.")

    def shape(value: Any) -> tuple[int, ...]:
        return tuple(value.shape) if isinstance(value, sp.MatrixBase) else ()

    if shape(answer) != shape(expected_value):
        hint = f"Your answer has shape {shape(answer)}, but {shape(expected_value)} was expected."
        _fail(name, expected_value, answer, hint + " (() is a single expression.)")
    evidence = _symbolic_mismatch(answer, expected_value)
    if evidence is None:
        _passed(name)
        return
    hint = _symbolic_hint(answer, expected_value, symbols)
    _fail(name, expected_value, answer, hint, evidence)


def _sympy_value(value: Any) -> Any:
    """``value`` as a sympy Expr or Matrix, or None if it is neither."""
    import sympy as sp

    try:
        if isinstance(value, (sp.MatrixBase, list, tuple, np.ndarray)):
            return sp.Matrix(value)
        result = sp.sympify(value, strict=True)
    except (TypeError, ValueError, sp.SympifyError):
        return None
    return result if isinstance(result, sp.Expr) else None


def _symbolic_mismatch(got: Any, expected: Any) -> str | None:
    """None if ``got - expected`` is identically zero, else a sentence with the evidence."""
    import sympy as sp
    from sympy.core.function import AppliedUndef

    is_matrix = isinstance(got, sp.MatrixBase)
    pairs = zip(got, expected) if is_matrix else [(got, expected)]
    for k, (g, e) in enumerate(pairs):
        # Derivatives (highest order first) and functions of time become plain variables.
        atoms = sorted((g - e).atoms(sp.Derivative), key=lambda x: -x.derivative_count)
        atoms += sorted((g - e).atoms(AppliedUndef), key=str)
        plain = {atom: sp.Dummy(str(atom)) for atom in atoms}
        g, e = g.xreplace(plain), e.xreplace(plain)
        if sp.expand(g - e) == 0:
            continue
        where = f" in entry {list(map(int, np.unravel_index(k, got.shape)))}" if is_matrix else ""
        rng = np.random.default_rng(2024)
        evaluated = 0
        for _ in range(8):
            point = {s: _sample(s, rng) for s in sorted(g.free_symbols | e.free_symbols, key=str)}
            try:
                g_value, e_value = complex(g.evalf(subs=point)), complex(e.evalf(subs=point))
            except (TypeError, ValueError):
                continue
            if not (np.isfinite(g_value) and np.isfinite(e_value)):
                continue
            evaluated += 1
            if not np.isclose(g_value, e_value, rtol=1e-8, atol=1e-10):
                at = ", ".join(f"{s} = {v:.3g}" for s, v in point.items()) or "any point"
                return (
                    f"For example{where}, at {at} yours gives {_number(g_value)} "
                    f"but the expected one gives {_number(e_value)}."
                )
        if evaluated < 3 and sp.simplify(g - e) != 0:
            return f"sympy cannot show that they are equal{where}."
    return None


def _sample(symbol: Any, rng: np.random.Generator) -> float:
    if symbol.is_integer:
        return float(rng.integers(1, 5))
    if symbol.is_nonnegative:
        return float(rng.uniform(0.5, 2.0))
    return float(rng.uniform(-2.0, 2.0))


def _number(z: complex) -> str:
    return f"{z.real:.6g}" if abs(z.imag) < 1e-12 else f"{z:.6g}"


def _symbolic_hint(got: Any, expected: Any, symbols: Any) -> str | None:
    import sympy as sp

    allowed = set(symbols) if symbols is not None else expected.free_symbols
    extra = got.free_symbols - allowed
    look_alikes = sorted(str(s) for s in extra if str(s) in {str(a) for a in allowed})
    if look_alikes:
        return (
            f"Your {', '.join(look_alikes)} print like the exercise's symbols but are other "
            "sympy symbols (made with other assumptions, e.g. without real=True): use the "
            "symbols the exercise defines."
        )
    if extra:
        names = ", ".join(sorted(map(str, extra)))
        return f"Your answer contains {names}, which the expected one does not use."
    if not got.free_symbols and expected.free_symbols:
        return "You returned a constant; an expression in the variables was expected."
    if _symbolic_mismatch(-got, expected) is None:
        return "Your expression has the opposite sign."
    square = isinstance(got, sp.MatrixBase) and got.shape[0] == got.shape[1]
    if square and _symbolic_mismatch(got.T, expected) is None:
        return "You returned the transpose."
    return None
