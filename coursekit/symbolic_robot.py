"""A robot's symbols and mass parameters, and the exact polynomial algebra of symbolic dynamics.

Shared by :mod:`coursekit.lagrange`, :mod:`coursekit.symbolic_newton_euler` and
:mod:`coursekit.recursive_lagrange` (sympy; imported only when one of them is).
Entries are polynomials in the sine and cosine of each joint angle; expanding and
replacing ``sin(x)**2`` by ``1 - cos(x)**2`` gives each one a unique form, so equal
expressions compare equal without ``sp.simplify``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import sympy as sp
from sympy.simplify.fu import TR10i

from . import symbolic as sym
from .kinematics import _check_robot
from .robot import SerialRobot

_INERTIA_NAMES = (
    ("xx", 0, 0),
    ("yy", 1, 1),
    ("zz", 2, 2),
    ("xy", 0, 1),
    ("xz", 0, 2),
    ("yz", 1, 2),
)


# --- exact simplification -----------------------------------------------------------------


def _expanded_normal_form(expr: sp.Expr) -> sp.Expr:
    """The normal form by plain expansion, for what is not a polynomial (``sqrt(m)``, ...)."""
    expr = sp.expand(expr)
    rule = {}
    for p in expr.atoms(sp.Pow):
        if isinstance(p.base, sp.sin) and p.exp.is_Integer and p.exp > 1:
            c = sp.cos(p.base.args[0])
            rule[p] = (1 - c**2) ** (int(p.exp) // 2) * p.base ** (int(p.exp) % 2)
    return sp.expand(expr.xreplace(rule)) if rule else expr


@dataclass(frozen=True, eq=False)
class _Polynomials:
    """Sparse polynomials in sin(x), cos(x) of some angles x and in other symbols.

    With each sin(x) ordered before its cos(x), the polynomials sin(x)**2 + cos(x)**2 - 1
    form a Groebner basis (their leading terms sin(x)**2 are coprime), so the remainder of
    the division by them is unique: exactly "replace sin(x)**2 by 1 - cos(x)**2".
    Arithmetic here is ten to thirty times faster than ``sp.expand`` on expressions.
    """

    ring: Any
    generators: dict[sp.Expr, sp.Dummy]  # sin(x), cos(x) -> generator
    angles: tuple[sp.Expr, ...]
    basis: tuple[Any, ...]

    def poly(self, expr: Any) -> Any:
        return self.ring.from_expr(sp.sympify(expr).xreplace(self.generators))

    def expr(self, p: Any) -> sp.Expr:
        p = p.rem(list(self.basis)) if self.basis else p
        return p.as_expr().xreplace({v: k for k, v in self.generators.items()})

    def reduce(self, p: Any) -> Any:
        return p.rem(list(self.basis)) if self.basis else p

    def derivative(self, p: Any, q: sp.Symbol) -> Any:
        """Partial derivative along q (a generator, or inside angles q + constant)."""
        gens = dict(zip(self.ring.symbols, self.ring.gens, strict=True))
        result = p.diff(gens[q]) if q in gens else self.ring.zero
        for x in self.angles:
            rate = sp.diff(x, q)
            if rate != 0:
                s, c = gens[self.generators[sp.sin(x)]], gens[self.generators[sp.cos(x)]]
                result += self.poly(rate) * (c * p.diff(s) - s * p.diff(c))
        return self.reduce(result)


def _polynomials(
    entries: Sequence[sp.Expr], symbols: Sequence[sp.Symbol] = ()
) -> _Polynomials | None:
    """The ring that holds all ``entries`` (and ``symbols``), or None if one is no polynomial."""
    atoms = set().union(*(e.atoms(sp.sin, sp.cos) for e in entries))
    angles = tuple(sorted({a.args[0] for a in atoms}, key=sp.default_sort_key))
    generators: dict[sp.Expr, sp.Dummy] = {}
    for x in angles:
        generators[sp.sin(x)], generators[sp.cos(x)] = sp.Dummy("s"), sp.Dummy("c")
    replaced = [e.xreplace(generators) for e in entries]
    if any(e.has(sp.sin, sp.cos) for e in replaced):  # trigonometric functions of trig
        return None
    others = set(symbols).union(*(e.free_symbols for e in replaced)) - set(generators.values())
    # Floats that did not become exact fractions stay floats (RR); sqrt(2) and such need EX.
    for domain in (sp.RR if any(e.has(sp.Float) for e in replaced) else sp.QQ, sp.EX):
        ring = sp.polys.rings.ring([*generators.values(), *sorted(others, key=str)], domain)[0]
        try:
            for e in replaced:
                ring.from_expr(e)
        except ValueError:  # not a polynomial over this domain
            continue
        basis = tuple(
            ring(generators[sp.sin(x)]) ** 2 + ring(generators[sp.cos(x)]) ** 2 - 1 for x in angles
        )
        return _Polynomials(ring, generators, angles, basis)
    return None


def _normal_forms(entries: list[sp.Expr]) -> list[sp.Expr]:
    P = _polynomials(entries)
    if P is None:
        return [_expanded_normal_form(e) for e in entries]
    return [P.expr(P.poly(e)) for e in entries]


def normal_form(expr: Any, *, trig: bool = True) -> Any:
    """The unique expanded form of a polynomial in sines and cosines: no ``sin(x)**2`` is left.

    ``trig=True`` first expands ``cos(q2 + q3)`` and the like into products. Works entry by
    entry on a matrix or array. Two such polynomials are equal exactly when their forms are.

    >>> x = sp.Symbol("x")
    >>> normal_form(sp.sin(x) ** 2 + sp.cos(x) ** 2 + sp.cos(2 * x))
    2*cos(x)**2
    """
    if isinstance(expr, (sp.MatrixBase, sp.NDimArray)):
        entries = [sp.expand_trig(e) if trig else e for e in expr]
        forms = _normal_forms(entries)
        if isinstance(expr, sp.MatrixBase):
            return sp.Matrix(*expr.shape, forms)
        return sp.Array(forms, expr.shape)
    expr = sp.sympify(expr)
    return _normal_forms([sp.expand_trig(expr) if trig else expr])[0]


def _fold(expr: sp.Expr) -> sp.Expr:
    # TR10i compares terms pairwise, so it is fed the trigonometric parts that share one
    # factor of masses, lengths and rates (only those can fold), not the whole sum.
    groups: dict[sp.Expr, list[sp.Expr]] = {}
    for term in sp.Add.make_args(expr):
        coefficient, factors = term.as_coeff_mul()
        trig = [f for f in factors if f.has(sp.sin, sp.cos)]
        rest = sp.Mul(*[f for f in factors if not f.has(sp.sin, sp.cos)])
        groups.setdefault(rest, []).append(coefficient * sp.Mul(*trig))
    return sp.expand(sp.Add(*[rest * TR10i(sp.Add(*trig)) for rest, trig in groups.items()]))


def tidy(expr: Any) -> Any:
    """:func:`normal_form` form with ``cos(a) cos(b) - sin(a) sin(b)`` folded into ``cos(a + b)``.

    >>> a, b = sp.symbols("a b")
    >>> tidy(sp.cos(a) * sp.cos(b) - sp.sin(a) * sp.sin(b) + sp.sin(a) ** 2)
    -cos(a)**2 + cos(a + b) + 1
    """
    if isinstance(expr, (sp.MatrixBase, sp.NDimArray)):
        return normal_form(expr).applyfunc(_fold)
    return _fold(normal_form(expr))


# --- symbols and parameters ---------------------------------------------------------------


def state_symbols(robot: SerialRobot) -> tuple[tuple[sp.Symbol, ...], ...]:
    """Joint positions, rates and accelerations ``(q, qd, qdd)`` of ``robot``: real symbols.

    >>> from coursekit.models import planar_2r
    >>> state_symbols(planar_2r())
    ((q1, q2), (qd1, qd2), (qdd1, qdd2))
    """
    n = _check_robot(robot).n_joints
    return tuple(tuple(sp.symbols(f"{name}1:{n + 1}", real=True)) for name in ("q", "qd", "qdd"))


def joint_state(
    robot: SerialRobot, q: Any = None, qd: Any = None, qdd: Any = None
) -> tuple[list[sp.Expr], list[sp.Expr], list[sp.Expr]]:
    """``(q, qd, qdd)`` as lists of sympy scalars: the given values, or the symbols where None.

    >>> from coursekit.models import planar_2r
    >>> joint_state(planar_2r(), qd=[0, 0])
    ([q1, q2], [0, 0], [qdd1, qdd2])
    """
    robot = _check_robot(robot)
    n = robot.n_joints
    state = []
    for value, name, default in zip(
        (q, qd, qdd), ("q", "qd", "qdd"), state_symbols(robot), strict=True
    ):
        if value is None:
            state.append(list(default))
            continue
        if isinstance(value, (str, bytes)) or not hasattr(value, "__len__"):
            kind = type(value).__name__
            msg = f"{name} must be a sequence of one symbol or number per joint, got {kind}."
            raise TypeError(msg)
        if len(value) != n:
            msg = (
                f"{name} needs one value per joint: {robot.label} has {n} joints, "
                f"got {len(value)} values."
            )
            raise ValueError(msg)
        state.append([sym._scalar(v, f"{name}[{i}]") for i, v in enumerate(value)])
    return state[0], state[1], state[2]


def _symbol(name: str, i: int) -> sp.Symbol:
    return sp.Symbol(f"{name}{i}", real=True)


def mass_properties(
    robot: SerialRobot, *, symbolic_parameters: bool = False
) -> list[tuple[sp.Expr, sp.Matrix, sp.Matrix]]:
    """Each link's ``(mass, com, inertia)`` as sympy objects (com 3x1, inertia 3x3 about the com).

    Numbers are made exact (``0.4318 -> 2159/5000``); ``symbolic_parameters=True`` puts a
    symbol in place of every nonzero one (the inertia tensor holds ``-Ixy1`` off the diagonal).

    >>> from coursekit.models import two_link_uniform_rods
    >>> m, com, inertia = mass_properties(two_link_uniform_rods(), symbolic_parameters=True)[1]
    >>> m, com.T, inertia.diagonal()
    (m2, Matrix([[cx2, 0, 0]]), Matrix([[0, Iyy2, Izz2]]))
    """
    properties = []
    for i, link in enumerate(_check_robot(robot).links, start=1):
        mass = sym._exact_length(link.mass, "mass")
        com = sp.Matrix([sym._exact_length(x, "com") for x in link.com])
        inertia = sp.Matrix(3, 3, [sym._exact_length(x, "inertia") for x in link.inertia.ravel()])
        if symbolic_parameters:
            mass = _symbol("m", i) if link.mass != 0.0 else mass
            for axis, name in enumerate("xyz"):
                com[axis] = _symbol(f"c{name}", i) if link.com[axis] != 0.0 else 0
            for name, r, c in _INERTIA_NAMES:
                if link.inertia[r, c] != 0.0:
                    value = _symbol(f"I{name}", i) * (1 if r == c else -1)
                    inertia[r, c] = inertia[c, r] = value
        properties.append((mass, com, inertia))
    return properties


def parameter_values(robot: SerialRobot) -> dict[sp.Symbol, float]:
    """The numbers behind the symbols of ``symbolic_parameters=True``, ``{m1: 1.0, g: 9.81, ...}``.

    >>> from coursekit.models import two_link_point_masses
    >>> parameter_values(two_link_point_masses())
    {a1: 1.0, a2: 0.8, m1: 1.0, m2: 2.0, g: 9.81}
    """
    values = sym.length_values(_check_robot(robot))
    for i, link in enumerate(robot.links, start=1):
        if link.mass != 0.0:
            values[_symbol("m", i)] = float(link.mass)
        for axis, name in enumerate("xyz"):
            if link.com[axis] != 0.0:
                values[_symbol(f"c{name}", i)] = float(link.com[axis])
        for name, r, c in _INERTIA_NAMES:
            if link.inertia[r, c] != 0.0:
                values[_symbol(f"I{name}", i)] = float(link.inertia[r, c]) * (1 if r == c else -1)
    if np.any(robot.gravity != 0.0):
        values[sp.Symbol("g", real=True)] = float(np.linalg.norm(robot.gravity))
    return values


def gravity_vector(robot: SerialRobot, *, symbolic_parameters: bool = False) -> sp.Matrix:
    """The gravitational acceleration in {0} (3x1): ``robot.gravity``, or ``g`` along it.

    >>> from coursekit.models import planar_2r
    >>> gravity_vector(planar_2r()).T, gravity_vector(planar_2r(), symbolic_parameters=True).T
    (Matrix([[0, -981/100, 0]]), Matrix([[0, -g, 0]]))
    """
    gravity = _check_robot(robot).gravity
    norm = float(np.linalg.norm(gravity))
    if not symbolic_parameters or norm == 0.0:
        return sp.Matrix([sym._exact_length(x, "gravity") for x in gravity])
    g = sp.Symbol("g", real=True)
    return sp.Matrix([g * sym._exact_length(x / norm, "gravity") for x in gravity])



@dataclass(frozen=True, eq=False)
class _RobotPolynomials:
    """A robot's DH transforms, mass data, gravity and state as polynomials of one ring.

    Matrices are nested lists (``A[i][r][c]``); the sympy state is kept in ``state``.
    """

    polynomials: _Polynomials
    state: tuple[list[sp.Expr], list[sp.Expr], list[sp.Expr]]
    qd: list[Any]
    qdd: list[Any]
    A: list[list[list[Any]]]  # T_{i-1}_{i}, one per joint
    masses: list[Any]
    coms: list[list[Any]]
    inertias: list[list[list[Any]]]
    gravity: list[Any]

    def constant(self, value: Any) -> Any:
        return self.polynomials.poly(value)

    def fold(self, p: Any) -> sp.Expr:
        return _fold(self.polynomials.expr(p))

    def matrix(self, rows: list[list[Any]]) -> sp.Matrix:
        return sp.Matrix([[self.fold(p) for p in row] for row in rows])


def _robot_polynomials(
    robot: SerialRobot,
    q: Any = None,
    qd: Any = None,
    qdd: Any = None,
    *,
    symbolic_parameters: bool = False,
) -> _RobotPolynomials:
    robot = _check_robot(robot)
    state = joint_state(robot, q, qd, qdd)
    properties = mass_properties(robot, symbolic_parameters=symbolic_parameters)
    A = sym.link_transforms(robot, state[0], symbolic_lengths=symbolic_parameters)
    g_vec = gravity_vector(robot, symbolic_parameters=symbolic_parameters)
    entries = [*g_vec, *state[1], *state[2], *(x for a in A for x in a)]
    for m, com, inertia in properties:
        entries += [m, *com, *inertia]
    P = _polynomials(entries, set().union(*(x.free_symbols for x in state[0])))
    if P is None:
        msg = "q, qd and qdd must be numbers, symbols or polynomials in symbols."
        raise ValueError(msg)
    rows = lambda M: [[P.poly(x) for x in M.row(r)] for r in range(M.rows)]
    return _RobotPolynomials(
        P,
        state,
        [P.poly(x) for x in state[1]],
        [P.poly(x) for x in state[2]],
        [rows(a) for a in A],
        [P.poly(m) for m, _, _ in properties],
        [[P.poly(x) for x in com] for _, com, _ in properties],
        [rows(inertia) for _, _, inertia in properties],
        [P.poly(x) for x in g_vec],
    )


def _matmul(X: list[list[Any]], Y: list[list[Any]]) -> list[list[Any]]:
    zero = X[0][0].ring.zero
    return [
        [sum((X[r][k] * Y[k][c] for k in range(len(Y))), zero) for c in range(len(Y[0]))]
        for r in range(len(X))
    ]
