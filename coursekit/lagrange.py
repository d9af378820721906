r"""Symbolic equations of motion by Lagrange's method (sympy): hand-written systems and robots.

Two levels:

* the generic tools for a Lagrangian written by hand: :func:`time_derivative` and
  :func:`equations_of_motion`,
  :math:`\tau = \frac{d}{dt}\partial L/\partial\dot q - \partial L/\partial q`;
* the structured derivation for a :class:`~coursekit.robot.SerialRobot`, link by link:

  .. math:: M(q) = \sum_i m_i J_{v_i}^T J_{v_i} + J_{\omega_i}^T R_i I_i R_i^T J_{\omega_i},
            \qquad g(q) = -\sum_i m_i J_{v_i}^T g_{vec}

  with the Jacobians of the centres of mass, then the Christoffel symbols of M and
  :math:`C(q, \dot q)`, in :func:`robot_dynamics`; :func:`dynamics_functions` turns the
  result into numpy functions.

The joint variables are ``q1 ... qn``, their rates ``qd1 ...`` and ``qdd1 ...`` (real
symbols, :func:`state_symbols`). Masses, centres of mass and inertias come from the robot
(made exact, as in :mod:`coursekit.symbolic`), or with ``symbolic_parameters=True`` become
symbols ``m1, cx1, cy1, cz1, Ixx1, Iyy1, Izz1, Ixy1, Ixz1, Iyz1`` (only those that are
nonzero in the robot), the lengths become ``a1, d1, ...`` and gravity ``g`` times the
robot's gravity direction; :func:`parameter_values` gives the numbers back. As in Craig
(6.16), ``Ixy = -I[0, 1]`` is the product of inertia, not the tensor entry.

Simplification is exact and cheap, no ``sp.simplify``: the entries are polynomials in the
sine and cosine of each joint angle, and ``sin(x)**2 -> 1 - cos(x)**2`` after expanding
gives each one a unique form (so equal expressions compare equal); ``TR10i`` then folds
``cos(q2) cos(q3) - sin(q2) sin(q3)`` into ``cos(q2 + q3)`` for reading. The Jacobian of
link i is built in frame {i}, where it does not depend on q1 at all.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple

import numpy as np
import sympy as sp

from ._validation import FloatArray
from .kinematics import _check_robot
from .robot import SerialRobot
# Re-exported: the symbols and parameters are part of this module's interface.
from .symbolic_robot import (  # noqa: F401
    _matmul,
    _robot_polynomials,
    _RobotPolynomials,
    gravity_vector,
    joint_state,
    mass_properties,
    normal_form,
    parameter_values,
    state_symbols,
    tidy,
)

# --- the generic Lagrange equations -------------------------------------------------------


def _symbols(values: Any, name: str, n: int | None = None) -> list[sp.Symbol]:
    if isinstance(values, (str, bytes)) or not hasattr(values, "__len__"):
        msg = f"{name} must be a sequence of sympy symbols, got {type(values).__name__}."
        raise TypeError(msg)
    values = list(values)
    if n is not None and len(values) != n:
        msg = f"{name} must have {n} symbols, one per coordinate, got {len(values)}."
        raise ValueError(msg)
    for value in values:
        if not isinstance(value, sp.Symbol):
            msg = f"{name} must hold sympy symbols (sp.symbols(...)), got {value!r}."
            raise TypeError(msg)
    return values


def time_derivative(
    expr: Any, q: Sequence[sp.Symbol], qd: Sequence[sp.Symbol], qdd: Sequence[sp.Symbol]
) -> Any:
    r"""Time derivative of an expression (or matrix) of ``q`` and ``qd``, by the chain rule.

    .. math:: \frac{d f}{dt} = \sum_i \frac{\partial f}{\partial q_i}\dot q_i
              + \frac{\partial f}{\partial \dot q_i}\ddot q_i

    References: Lynch & Park section 8.1.1; Craig (6.76).

    >>> x, xd, xdd = sp.symbols("x xd xdd")
    >>> time_derivative(x**2 * xd, [x], [xd], [xdd])
    x**2*xdd + 2*x*xd**2
    """
    q = _symbols(q, "q")
    qd, qdd = _symbols(qd, "qd", len(q)), _symbols(qdd, "qdd", len(q))
    return sum(
        (
            sp.diff(expr, q_i) * qd_i + sp.diff(expr, qd_i) * qdd_i
            for q_i, qd_i, qdd_i in zip(q, qd, qdd, strict=True)
        ),
        sp.S.Zero * expr,
    )


def equations_of_motion(
    lagrangian: Any, q: Sequence[sp.Symbol], qd: Sequence[sp.Symbol], qdd: Sequence[sp.Symbol]
) -> sp.Matrix:
    r"""Generalised forces of a Lagrangian, one per coordinate, as an n x 1 ``sp.Matrix``.

    .. math:: f_i = \frac{d}{dt}\frac{\partial L}{\partial \dot q_i}
              - \frac{\partial L}{\partial q_i}

    References: Lynch & Park section 8.1.1; Craig (6.76); Bona slide 11;
    Duysinx-Geradin (6.4.3).

    Examples
    --------
    A particle of mass m on a vertical line, height x (Lynch & Park Example 8.1):

    >>> x, xd, xdd, m, g = sp.symbols("x xd xdd m g")
    >>> equations_of_motion(m * xd**2 / 2 - m * g * x, [x], [xd], [xdd])
    Matrix([[g*m + m*xdd]])
    """
    L = sp.sympify(lagrangian)
    q = _symbols(q, "q")
    qd, qdd = _symbols(qd, "qd", len(q)), _symbols(qdd, "qdd", len(q))
    return sp.Matrix(
        [
            sp.expand(time_derivative(sp.diff(L, qd_i), q, qd, qdd) - sp.diff(L, q_i))
            for q_i, qd_i in zip(q, qd, strict=True)
        ]
    )


def _square_matrix(M: Any, n: int) -> sp.Matrix:
    if not isinstance(M, sp.MatrixBase):
        msg = f"M must be a sympy Matrix, got {type(M).__name__}."
        raise TypeError(msg)
    if M.shape != (n, n):
        msg = f"M must be {n}x{n}, one row and column per coordinate in q, got shape {M.shape}."
        raise ValueError(msg)
    return M


def _mass_matrix_derivatives(M: Any, q: Sequence[sp.Symbol]) -> list[sp.Matrix]:
    q = _symbols(q, "q")
    M = _square_matrix(M, len(q))
    return [normal_form(M.diff(q_k)) for q_k in q]


def christoffel_symbols(M: Any, q: Sequence[sp.Symbol]) -> sp.Array:
    r"""Christoffel symbols of the first kind of a mass matrix, an n x n x n ``sp.Array``.

    .. math:: \Gamma_{ijk} = \tfrac12\Big(\frac{\partial M_{ij}}{\partial q_k}
              + \frac{\partial M_{ik}}{\partial q_j} - \frac{\partial M_{jk}}{\partial q_i}\Big)

    Indexed ``[i, j, k]`` like :func:`coursekit.christoffel_symbols`.

    References: Bona slide 23 (dynamics-notes (D1)); Lynch & Park (8.11).

    >>> q1, q2 = sp.symbols("q1 q2")
    >>> M = sp.Matrix([[3 + 2 * sp.cos(q2), 1 + sp.cos(q2)], [1 + sp.cos(q2), 1]])
    >>> christoffel_symbols(M, [q1, q2])[0, 0, 1]
    -sin(q2)
    """
    dM = _mass_matrix_derivatives(M, q)
    n = len(dM)
    return sp.Array(
        [
            [
                [tidy((dM[k][i, j] + dM[j][i, k] - dM[i][j, k]) / 2) for k in range(n)]
                for j in range(n)
            ]
            for i in range(n)
        ]
    )


def _coriolis_from_christoffel(Gamma: sp.Array, qd: Sequence[sp.Symbol]) -> sp.Matrix:
    n = len(qd)
    return sp.Matrix(n, n, lambda i, j: tidy(sum(Gamma[i, j, k] * qd[k] for k in range(n))))


def coriolis_matrix(M: Any, q: Sequence[sp.Symbol], qd: Sequence[sp.Symbol]) -> sp.Matrix:
    r"""Coriolis matrix in Christoffel form, :math:`C_{ij} = \sum_k \Gamma_{ijk}\dot q_k`.

    The factorisation of the velocity terms for which :math:`\dot M - 2C` is skew-symmetric.

    References: Lynch & Park (8.12), Proposition 8.1; Duysinx-Geradin (6.4.18) corrected
    (erratum E42).

    >>> q1, q2, qd1, qd2 = sp.symbols("q1 q2 qd1 qd2")
    >>> M = sp.Matrix([[3 + 2 * sp.cos(q2), 1 + sp.cos(q2)], [1 + sp.cos(q2), 1]])
    >>> coriolis_matrix(M, [q1, q2], [qd1, qd2])
    Matrix([
    [-qd2*sin(q2), -qd1*sin(q2) - qd2*sin(q2)],
    [ qd1*sin(q2),                          0]])
    """
    qd = _symbols(qd, "qd", len(q))
    return _coriolis_from_christoffel(christoffel_symbols(M, q), qd)


def coriolis_matrix_duysinx(M: Any, q: Sequence[sp.Symbol], qd: Sequence[sp.Symbol]) -> sp.Matrix:
    r"""Duysinx-Geradin's printed Coriolis matrix (6.4.18), not the Christoffel form.

    .. math:: c_{kj} = \sum_l \Big(\frac{\partial m_{kj}}{\partial q_l}
              - \tfrac12 \frac{\partial m_{lj}}{\partial q_k}\Big)\dot q_l

    Its product :math:`C\dot q` is right, but :math:`\dot M - 2C` is not skew-symmetric
    (only :math:`\dot q^T(\dot M - 2C)\dot q = 0` holds), although the book claims it is
    (erratum E42). Kept to show the difference; use :func:`coriolis_matrix`.

    >>> q1, q2, qd1, qd2 = sp.symbols("q1 q2 qd1 qd2")
    >>> M = sp.Matrix([[3 + 2 * sp.cos(q2), 1 + sp.cos(q2)], [1 + sp.cos(q2), 1]])
    >>> coriolis_matrix_duysinx(M, [q1, q2], [qd1, qd2])
    Matrix([
    [             -2*qd2*sin(q2),  -qd2*sin(q2)],
    [qd1*sin(q2) - qd2*sin(q2)/2, qd1*sin(q2)/2]])
    """
    dM = _mass_matrix_derivatives(M, q)
    qd = _symbols(qd, "qd", len(dM))
    n = len(dM)
    return sp.Matrix(
        n, n, lambda k, j: tidy(sum((dM[l][k, j] - dM[k][l, j] / 2) * qd[l] for l in range(n)))
    )


# --- the structured derivation for a robot ------------------------------------------------


@dataclass(frozen=True, eq=False)
class _Derivation:
    """M(q), g(q) and P(q) of a robot as polynomials (nested lists for the matrices)."""

    data: _RobotPolynomials
    M: list[list[Any]]
    g: list[Any]
    potential: Any


def _derivation(robot: SerialRobot, symbolic_parameters: bool) -> _Derivation:
    """Sum M, g and P link by link from the Jacobians of the centres of mass, in frame {i}."""
    robot = _check_robot(robot)
    if all(link.mass == 0.0 and not link.inertia.any() for link in robot.links):
        msg = (
            f"{robot.label} has no mass data: every link has mass 0 and no inertia, so every "
            "term of its dynamics is 0. Give the links mass, com and inertia "
            "(dataclasses.replace), or use a model such as models.two_link_uniform_rods()."
        )
        raise ValueError(msg)
    data = _robot_polynomials(robot, symbolic_parameters=symbolic_parameters)
    P, A, n = data.polynomials, data.A, robot.n_joints
    zero, one = P.ring.zero, P.ring.one
    # T[k][i] = T_k_i; built from the distal end, so it holds joints k+1 .. i only.
    identity = [[one if r == c else zero for c in range(4)] for r in range(4)]
    T = [[identity] * (n + 1) for _ in range(n + 1)]
    for i in range(n + 1):
        for k in range(i - 1, -1, -1):
            T[k][i] = _matmul(A[k], T[k + 1][i])
    shift = 1 if robot.convention == "modified" else 0  # joint j turns about z of frame j-1+shift
    M = [[zero] * n for _ in range(n)]
    g, potential = [zero] * n, zero
    for i in range(1, n + 1):
        m, com_h, I = (
            data.masses[i - 1],
            [[x] for x in [*data.coms[i - 1], one]],
            data.inertias[i - 1],
        )
        J_v, J_w = [[zero] * n for _ in range(3)], [[zero] * n for _ in range(3)]
        for j in range(1, i + 1):
            T_a_i = T[j - 1 + shift][i]  # joint j's axis is z of frame {a}
            p = _matmul(T_a_i, com_h)  # centre of mass of link i in {a}
            for r in range(3):  # columns R_i_a (z x p) and R_i_a z, or R_i_a z (prismatic)
                if robot.links[j - 1].is_revolute:
                    J_v[r][j - 1] = T_a_i[1][r] * p[0][0] - T_a_i[0][r] * p[1][0]
                    J_w[r][j - 1] = T_a_i[2][r]
                else:
                    J_v[r][j - 1] = T_a_i[2][r]
        # In frame {i} the inertia is constant, and J_v^T J_v is the same as in {0}.
        I_J_w = _matmul(I, J_w)
        for a in range(i):
            for b in range(a, i):
                M[a][b] += sum(
                    (m * J_v[r][a] * J_v[r][b] + J_w[r][a] * I_J_w[r][b] for r in range(3)), zero
                )
        g_i = [sum((T[0][i][k][r] * data.gravity[k] for k in range(3)), zero) for r in range(3)]
        for a in range(i):
            g[a] -= m * sum((J_v[r][a] * g_i[r] for r in range(3)), zero)
        p_0 = _matmul(T[0][i], com_h)
        potential -= m * sum((data.gravity[r] * p_0[r][0] for r in range(3)), zero)
    M = [[P.reduce(M[min(a, b)][max(a, b)]) for b in range(n)] for a in range(n)]
    return _Derivation(data, M, [P.reduce(x) for x in g], P.reduce(potential))


def mass_matrix(robot: SerialRobot, *, symbolic_parameters: bool = False) -> sp.Matrix:
    r"""Mass matrix of ``robot`` (n x n) from the Jacobians of the centres of mass.

    .. math:: M(q) = \sum_i m_i J_{v_i}^T J_{v_i} + J_{\omega_i}^T R_i I_i R_i^T J_{\omega_i}

    References: Bona slides 15-16 (dynamics-notes (K3)); Craig (6.71);
    Duysinx-Geradin (6.4.7).

    >>> from coursekit.models import two_link_point_masses
    >>> mass_matrix(two_link_point_masses(), symbolic_parameters=True)[1, :]
    Matrix([[a1*a2*m2*cos(q2) + a2**2*m2, a2**2*m2]])
    """
    derivation = _derivation(robot, symbolic_parameters)
    return derivation.data.matrix(derivation.M)


def gravity_torques(robot: SerialRobot, *, symbolic_parameters: bool = False) -> sp.Matrix:
    r"""Gravity torques :math:`g(q) = -\sum_i m_i J_{v_i}^T g_{vec} = \partial P / \partial q`.

    References: Bona slide 19 (dynamics-notes (P2)); Craig (6.62); Duysinx-Geradin (6.4.21).

    >>> from coursekit.models import two_link_point_masses
    >>> gravity_torques(two_link_point_masses(), symbolic_parameters=True)[1]
    a2*g*m2*cos(q1 + q2)
    """
    derivation = _derivation(robot, symbolic_parameters)
    return derivation.data.matrix([[x] for x in derivation.g])


def potential_energy(robot: SerialRobot, *, symbolic_parameters: bool = False) -> sp.Expr:
    r"""Potential energy :math:`P(q) = -\sum_i m_i g_{vec}^T p_{c_i}(q)`, zero at the {0} origin.

    References: Bona slide 19; Craig (6.73); Duysinx-Geradin (6.5.17) (erratum E46).

    >>> from coursekit.models import two_link_point_masses
    >>> potential_energy(two_link_point_masses())
    2943*sin(q1)/100 + 1962*sin(q1 + q2)/125
    """
    derivation = _derivation(robot, symbolic_parameters)
    return derivation.data.fold(derivation.potential)


def kinetic_energy(robot: SerialRobot, *, symbolic_parameters: bool = False) -> sp.Expr:
    r"""Kinetic energy :math:`K = \tfrac12 \dot q^T M(q) \dot q`.

    References: Craig (6.71); Lynch & Park (8.9).

    >>> from coursekit.models import two_link_point_masses
    >>> kinetic_energy(two_link_point_masses(1.0, 1.0, 1.0, 1.0))
    qd1**2*cos(q2) + 3*qd1**2/2 + qd1*qd2*cos(q2) + qd1*qd2 + qd2**2/2
    """
    derivation = _derivation(robot, symbolic_parameters)
    return derivation.data.fold(_kinetic_energy(derivation))


def _kinetic_energy(derivation: _Derivation) -> Any:
    qd, M = derivation.data.qd, derivation.M
    n = len(qd)
    K = sum((M[i][j] * qd[i] * qd[j] for i in range(n) for j in range(n)), qd[0].ring.zero)
    return K * derivation.data.constant(sp.Rational(1, 2))


@dataclass(frozen=True, eq=False)
class RobotDynamics:
    r"""The symbolic equations of motion :math:`\tau = M\ddot q + C\dot q + g` of one robot.

    Expressions in the symbols ``q``, ``qd``, ``qdd`` (tuples) and, when derived with
    ``symbolic_parameters=True``, in the parameter symbols whose numbers are in ``parameters``.
    """

    robot: SerialRobot
    q: tuple[sp.Symbol, ...]
    qd: tuple[sp.Symbol, ...]
    qdd: tuple[sp.Symbol, ...]
    mass_matrix: sp.Matrix
    christoffel_symbols: sp.Array
    coriolis_matrix: sp.Matrix
    gravity_torques: sp.Matrix
    torques: sp.Matrix
    kinetic_energy: sp.Expr
    potential_energy: sp.Expr
    parameters: dict[sp.Symbol, float] = field(default_factory=dict)


def robot_dynamics(robot: SerialRobot, *, symbolic_parameters: bool = False) -> RobotDynamics:
    r"""Symbolic M(q), Christoffel symbols, C(q, qd), g(q), torques and energies of ``robot``.

    M and g come link by link from the Jacobians of the centres of mass (see the module
    docstring), C from the Christoffel symbols of M, and the torques are
    :math:`\tau = M\ddot q + C\dot q + g`. A planar 3R arm takes about half a second.

    References: Bona slides 13-24 (dynamics-notes (K3), (P2), (D1)); Lynch & Park
    section 8.1.2; Craig section 6.9; Duysinx-Geradin section 6.4 (erratum E42).

    Raises
    ------
    ValueError
        If no link of ``robot`` has mass or inertia.

    Examples
    --------
    Craig's 2R arm with point masses at the link ends (Example 6.3), all parameters symbols:

    >>> from coursekit.models import two_link_point_masses
    >>> dyn = robot_dynamics(two_link_point_masses(), symbolic_parameters=True)
    >>> dyn.mass_matrix[0, 1], dyn.coriolis_matrix[1, 0]
    (a1*a2*m2*cos(q2) + a2**2*m2, a1*a2*m2*qd1*sin(q2))
    """
    derivation = _derivation(robot, symbolic_parameters)
    data, M, n = derivation.data, derivation.M, robot.n_joints
    P, half, (q, _, _) = data.polynomials, data.constant(sp.Rational(1, 2)), data.state
    qd, qdd = data.qd, data.qdd
    dM = [[[P.derivative(M[i][j], q_k) for j in range(n)] for i in range(n)] for q_k in q]
    Gamma = [
        [[(dM[k][i][j] + dM[j][i][k] - dM[i][j][k]) * half for k in range(n)] for j in range(n)]
        for i in range(n)
    ]
    C = [
        [sum((Gamma[i][j][k] * qd[k] for k in range(n)), P.ring.zero) for j in range(n)]
        for i in range(n)
    ]
    g = derivation.g
    tau = [[sum((M[i][j] * qdd[j] + C[i][j] * qd[j] for j in range(n)), g[i])] for i in range(n)]
    q, qd, qdd = (tuple(x) for x in data.state)
    return RobotDynamics(
        robot=robot,
        q=q,
        qd=qd,
        qdd=qdd,
        mass_matrix=data.matrix(M),
        christoffel_symbols=sp.Array([data.matrix(Gamma_i).tolist() for Gamma_i in Gamma]),
        coriolis_matrix=data.matrix(C),
        gravity_torques=data.matrix([[x] for x in g]),
        torques=data.matrix(tau),
        kinetic_energy=data.fold(_kinetic_energy(derivation)),
        potential_energy=data.fold(derivation.potential),
        parameters=parameter_values(robot) if symbolic_parameters else {},
    )


class DynamicsFunctions(NamedTuple):
    """Numpy functions of one state: ``mass_matrix(q)``, ``coriolis_matrix(q, qd)``, ..."""

    mass_matrix: Callable[[Any], FloatArray]
    coriolis_matrix: Callable[[Any, Any], FloatArray]
    gravity_torques: Callable[[Any], FloatArray]
    inverse_dynamics: Callable[[Any, Any, Any], FloatArray]


def _numeric(
    robot: SerialRobot, expr: sp.Matrix, args: list[tuple[sp.Symbol, ...]], names: tuple[str, ...]
) -> Callable[..., FloatArray]:
    f = sp.lambdify(args, expr, modules="numpy", cse=True)
    shape = (expr.shape[0],) if expr.shape[1] == 1 else expr.shape

    def evaluate(*values: Any) -> FloatArray:
        states = [robot.as_joint_vector(v, name) for v, name in zip(values, names, strict=True)]
        for state, name in zip(states, names, strict=True):
            if state.ndim != 1:
                n, got = robot.n_joints, state.shape
                msg = f"{name} must be one state of shape ({n},), got shape {got}."
                raise ValueError(msg)
        return np.array(f(*states), dtype=np.float64).reshape(shape)

    return evaluate


def dynamics_functions(
    dynamics: RobotDynamics, values: dict[Any, float] | None = None
) -> DynamicsFunctions:
    """Numpy functions M(q), C(q, qd), g(q) and tau(q, qd, qdd), by ``sp.lambdify`` with ``cse``.

    Parameter symbols take the robot's numbers (``dynamics.parameters``), or those in
    ``values`` (``{sp.Symbol("m2", real=True): 3.0}``) where given.

    Raises
    ------
    ValueError
        If a symbol other than the state has no number.

    Examples
    --------
    >>> from coursekit.models import two_link_point_masses
    >>> dyn = robot_dynamics(two_link_point_masses(1.0, 1.0, 1.0, 1.0), symbolic_parameters=True)
    >>> f = dynamics_functions(dyn)
    >>> f.mass_matrix([0.0, np.pi / 2]).round(12)
    array([[3., 1.],
           [1., 1.]])
    >>> f.inverse_dynamics([0.0, np.pi / 2], [1.0, 1.0], [0.0, 0.0]).round(12)
    array([16.62,  1.  ])
    """
    if not isinstance(dynamics, RobotDynamics):
        kind = type(dynamics).__name__
        msg = f"dynamics must be the RobotDynamics of robot_dynamics(), got {kind}."
        raise TypeError(msg)
    # matched by name, so that sp.Symbol("m2") and the real m2 of the derivation both work
    numbers = {str(k): v for k, v in {**dynamics.parameters, **(values or {})}.items()}
    for name, value in numbers.items():
        if not isinstance(value, (int, float, np.integer, np.floating)) or isinstance(value, bool):
            msg = f"values[{name!r}] must be a number, got {value!r}."
            raise TypeError(msg)
    q, qd, qdd = dynamics.q, dynamics.qd, dynamics.qdd
    terms = [
        dynamics.mass_matrix,
        dynamics.coriolis_matrix,
        dynamics.gravity_torques,
        dynamics.torques,
    ]
    symbols = set().union(*(term.free_symbols for term in terms)) - set(q + qd + qdd)
    unknown = sorted(str(s) for s in symbols if str(s) not in numbers)
    if unknown:
        msg = (
            f"values must give a number for every parameter symbol; missing: {', '.join(unknown)}."
        )
        raise ValueError(msg)
    rule = {s: sp.Float(numbers[str(s)]) for s in symbols}
    terms = [term.xreplace(rule) for term in terms]
    robot = dynamics.robot
    return DynamicsFunctions(
        _numeric(robot, terms[0], [q], ("q",)),
        _numeric(robot, terms[1], [q, qd], ("q", "qd")),
        _numeric(robot, terms[2], [q], ("q",)),
        _numeric(robot, terms[3], [q, qd, qdd], ("q", "qd", "qdd")),
    )
