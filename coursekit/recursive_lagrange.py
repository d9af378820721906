r"""Hollerbach's recursive Lagrangian with 4x4 matrices (Duysinx-Geradin section 6.5), in sympy.

Each link's pose :math:`T_i = {}^0T_i` and its first and second time derivatives are
carried from the base outwards; the mass of link i enters through its 4x4 pseudo-inertia
:math:`J_i = \int \bar p\,\bar p^T dm` (homogeneous points in frame {i}), so that its
kinetic energy is :math:`K_i = \tfrac12\,\mathrm{trace}(\dot T_i J_i \dot T_i^T)`
(the book drops the last transpose, erratum E44). The joint torques are

.. math:: Q_k = \mathrm{trace}\Big(\frac{\partial T_k}{\partial q_k} D_k\Big)
          - g^T \frac{\partial T_k}{\partial q_k} c_k,\qquad
          D_k = J_k \ddot T_k^T + A_{k+1} D_{k+1},\quad
          c_k = m_k \bar p_{c_k} + A_{k+1} c_{k+1}

with :math:`A_{k+1} = {}^kT_{k+1}`, g the gravitational acceleration (fourth entry 0) and
:math:`\bar p_{c_k}` the centre of mass of link k in frame {k}: one backward sweep, O(n).
A joint's motion is the 4x4 matrix :math:`\Delta` (:func:`joint_generator`):
:math:`\partial A_k/\partial q_k = \Delta A_k` in standard DH (the book's convention),
:math:`A_k \Delta` in Craig's modified DH, where the joint axis is z of frame {k} itself.
Parameters as in :mod:`coursekit.lagrange`.
"""

from __future__ import annotations

from typing import Any

import sympy as sp

from . import symbolic as sym
from .kinematics import _check_robot
from .symbolic_robot import _matmul, _robot_polynomials, _RobotPolynomials, mass_properties
from .robot import SerialRobot


def joint_generator(revolute: bool) -> sp.Matrix:
    r"""The 4x4 matrix :math:`\Delta` of a unit joint motion about or along z.

    :math:`[[\tilde k, 0], [0, 0]]` for a revolute joint, :math:`[[0, k], [0, 0]]` for a
    prismatic one, with :math:`k = (0, 0, 1)`; then
    :math:`\frac{d}{dq}\mathrm{Rot}(z, q) = \Delta\,\mathrm{Rot}(z, q)`.

    References: Duysinx-Geradin (6.5.7), (6.5.27).

    >>> joint_generator(True)[:3, :3]
    Matrix([
    [0, -1, 0],
    [1,  0, 0],
    [0,  0, 0]])
    """
    Delta = sp.zeros(4, 4)
    if revolute:
        Delta[0, 1], Delta[1, 0] = -1, 1
    else:
        Delta[2, 3] = 1
    return Delta


def pseudo_inertia(mass: Any, com: Any, inertia: Any) -> sp.Matrix:
    r"""The 4x4 pseudo-inertia :math:`J = \int \bar p\,\bar p^T dm` of a body, in its own frame.

    From the mass, the centre of mass ``com`` (3) and the inertia tensor ``inertia`` (3x3)
    about the centre of mass: Steiner moves the tensor to the frame origin,
    :math:`I_o = I_c + m(c^Tc\,1 - cc^T)`, and then

    .. math:: J = \begin{bmatrix} \tfrac12\mathrm{trace}(I_o)\,1 - I_o & m c \\
              m c^T & m \end{bmatrix}

    whose diagonal is :math:`(-I_{xx} + I_{yy} + I_{zz})/2, \dots` about the origin.

    References: Duysinx-Geradin (6.5.14)-(6.5.15); Craig (6.26) (Steiner).

    >>> m, l = sp.symbols("m l", positive=True)
    >>> pseudo_inertia(m, [-l / 2, 0, 0], sp.diag(0, m * l**2 / 12, m * l**2 / 12))
    Matrix([
    [l**2*m/3, 0, 0, -l*m/2],
    [       0, 0, 0,      0],
    [       0, 0, 0,      0],
    [  -l*m/2, 0, 0,      m]])
    """
    mass = sym._scalar(mass, "mass")
    com = sp.Matrix(sym._vector(com, 3, "com"))
    inertia = sp.Matrix(inertia)
    if inertia.shape != (3, 3):
        msg = f"inertia must be a 3x3 matrix, got shape {inertia.shape}."
        raise ValueError(msg)
    I_o = inertia + mass * ((com.T * com)[0, 0] * sp.eye(3) - com * com.T)
    J = sp.zeros(4, 4)
    J[:3, :3] = I_o.trace() / 2 * sp.eye(3) - I_o
    J[:3, 3] = mass * com
    J[3, :3] = (mass * com).T
    J[3, 3] = mass
    return J.applyfunc(sp.expand)


Matrix4 = list[list[Any]]  # a 4x4 matrix of polynomials (see coursekit.lagrange)


def _transform_derivatives(
    robot: SerialRobot, data: _RobotPolynomials
) -> tuple[list[Matrix4], ...]:
    P = data.polynomials
    zero, one = P.ring.zero, P.ring.one
    T = [[one if r == c else zero for c in range(4)] for r in range(4)]
    T_dot = T_ddot = [[zero] * 4 for _ in range(4)]

    def add(*Xs: Matrix4) -> Matrix4:
        return [[P.reduce(sum((X[r][c] for X in Xs), zero)) for c in range(4)] for r in range(4)]

    def scale(k: Any, X: Matrix4) -> Matrix4:
        return [[k * x for x in row] for row in X]

    poses, rates, accelerations = [], [], []
    for A_i, link, qd_i, qdd_i in zip(data.A, robot.links, data.qd, data.qdd, strict=True):
        Delta = [[P.poly(x) for x in row] for row in joint_generator(link.is_revolute).tolist()]
        Delta_dot = scale(qd_i, Delta)
        Delta_ddot = add(scale(qdd_i, Delta), scale(qd_i**2, _matmul(Delta, Delta)))
        if robot.convention == "standard":
            # (6.5.8), (6.5.6), with the joint indices of erratum E43
            inner = add(T_ddot, scale(P.poly(2), _matmul(T_dot, Delta_dot)), _matmul(T, Delta_ddot))
            T_ddot = add(_matmul(inner, A_i))
            T_dot = add(_matmul(add(T_dot, _matmul(T, Delta_dot)), A_i))
            T = add(_matmul(T, A_i))
        else:
            T_new = add(_matmul(T, A_i))
            T_ddot = add(
                _matmul(T_ddot, A_i),
                scale(P.poly(2), _matmul(_matmul(T_dot, A_i), Delta_dot)),
                _matmul(T_new, Delta_ddot),
            )
            T_dot = add(_matmul(T_dot, A_i), _matmul(T_new, Delta_dot))
            T = T_new
        poses.append(T)
        rates.append(T_dot)
        accelerations.append(T_ddot)
    return poses, rates, accelerations


def transform_derivatives(
    robot: SerialRobot,
    q: Any = None,
    qd: Any = None,
    qdd: Any = None,
    *,
    symbolic_lengths: bool = False,
) -> tuple[list[sp.Matrix], list[sp.Matrix], list[sp.Matrix]]:
    r"""Link poses :math:`T_i = {}^0T_i` and their time derivatives, by the forward recursion.

    Standard DH (the book's (6.5.6), (6.5.8), indices corrected by erratum E43):

    .. math:: \dot T_i = (\dot T_{i-1} + T_{i-1}\Delta\dot q_i) A_i,\qquad
              \ddot T_i = (\ddot T_{i-1} + 2\dot T_{i-1}\Delta\dot q_i
              + T_{i-1}(\Delta\ddot q_i + \Delta^2\dot q_i^2)) A_i

    and in Craig's modified DH, where :math:`\partial A_i/\partial q_i = A_i\Delta`,
    :math:`\dot T_i = \dot T_{i-1}A_i + T_i\Delta\dot q_i` and
    :math:`\ddot T_i = \ddot T_{i-1}A_i + 2\dot T_{i-1}A_i\Delta\dot q_i
    + T_i(\Delta\ddot q_i + \Delta^2\dot q_i^2)`.
    Returns three lists of n 4x4 matrices (frames {1} ... {n} in {0}; ``robot.base`` left out).

    References: Duysinx-Geradin (6.5.5)-(6.5.9).

    >>> from coursekit.models import planar_2r
    >>> T, T_dot, T_ddot = transform_derivatives(planar_2r(), qd=[1, 0], qdd=[0, 0])
    >>> T_dot[0][:2, 3].T  # velocity of the elbow
    Matrix([[-sin(q1), cos(q1)]])
    """
    robot = _check_robot(robot)
    data = _robot_polynomials(robot, q, qd, qdd, symbolic_parameters=symbolic_lengths)
    poses, rates, accelerations = _transform_derivatives(robot, data)
    return (
        [data.matrix(T) for T in poses],
        [data.matrix(T) for T in rates],
        [data.matrix(T) for T in accelerations],
    )


def _pseudo_inertias(
    robot: SerialRobot, data: _RobotPolynomials, symbolic_parameters: bool
) -> list[Matrix4]:
    return [
        [[data.polynomials.poly(x) for x in row] for row in pseudo_inertia(*properties).tolist()]
        for properties in mass_properties(robot, symbolic_parameters=symbolic_parameters)
    ]


def kinetic_energy(
    robot: SerialRobot, q: Any = None, qd: Any = None, *, symbolic_parameters: bool = False
) -> sp.Expr:
    r"""Kinetic energy in trace form, :math:`\tfrac12\sum_i \mathrm{tr}(\dot T_i J_i \dot T_i^T)`.

    The book prints :math:`\mathrm{trace}(\dot T J \dot T)` without the transpose (erratum E44).

    References: Duysinx-Geradin (6.5.11)-(6.5.13).

    >>> from coursekit.models import two_link_point_masses
    >>> kinetic_energy(two_link_point_masses(), qd=[1, 0])
    8*cos(q2)/5 + 107/50
    """
    robot = _check_robot(robot)
    data = _robot_polynomials(robot, q, qd, None, symbolic_parameters=symbolic_parameters)
    _, rates, _ = _transform_derivatives(robot, data)
    K = data.polynomials.ring.zero
    for T_dot, J in zip(rates, _pseudo_inertias(robot, data, symbolic_parameters), strict=True):
        T_dot_J = _matmul(T_dot, J)
        K += sum(
            (T_dot_J[r][k] * T_dot[r][k] for r in range(4) for k in range(4)), K.ring.zero
        )  # [E44]
    return data.fold(data.polynomials.reduce(K * data.constant(sp.Rational(1, 2))))


def inverse_dynamics(
    robot: SerialRobot,
    q: Any = None,
    qd: Any = None,
    qdd: Any = None,
    *,
    symbolic_parameters: bool = False,
) -> sp.Matrix:
    r"""Joint torques (n x 1) by the recursive Lagrangian, backward form (6.5.30)-(6.5.32).

    See the module docstring for the recursion; ``q``, ``qd``, ``qdd`` default to the symbols
    ``q1 ...``, ``qd1 ...``, ``qdd1 ...`` and may be numbers or other expressions.

    References: Duysinx-Geradin (6.5.26)-(6.5.32) (errata E43, E44); Hollerbach (1980).

    Examples
    --------
    Duysinx-Geradin's two-link arm (section 3.4) at rest and straight down (gravity +x of
    {0}): nothing to hold.

    >>> from dataclasses import replace
    >>> from coursekit.models import two_link_point_masses
    >>> robot = replace(two_link_point_masses(), gravity=(9.81, 0, 0))
    >>> inverse_dynamics(robot, q=[0, 0], qd=[0, 0], qdd=[0, 0]).T
    Matrix([[0, 0]])
    >>> inverse_dynamics(robot, qd=[0, 0], qdd=[0, 0], symbolic_parameters=True)[1]
    a2*g*m2*sin(q1 + q2)
    """
    robot = _check_robot(robot)
    data = _robot_polynomials(robot, q, qd, qdd, symbolic_parameters=symbolic_parameters)
    P, n = data.polynomials, robot.n_joints
    zero, one = P.ring.zero, P.ring.one
    poses, _, accelerations = _transform_derivatives(robot, data)
    J = _pseudo_inertias(robot, data, symbolic_parameters)
    g = [*data.gravity, zero]
    tau = [zero] * n
    D, c = None, None
    for k in reversed(range(n)):
        T_ddot_t = [list(row) for row in zip(*accelerations[k], strict=True)]
        D_k = _matmul(J[k], T_ddot_t)  # (6.5.30)
        c_k = [[data.masses[k] * x] for x in [*data.coms[k], one]]  # (6.5.31)
        if D is not None:
            A_D, A_c = _matmul(data.A[k + 1], D), _matmul(data.A[k + 1], c)
            D_k = [[D_k[r][s] + A_D[r][s] for s in range(4)] for r in range(4)]
            c_k = [[c_k[r][0] + A_c[r][0]] for r in range(4)]
        D = [[P.reduce(x) for x in row] for row in D_k]
        c = [[P.reduce(row[0])] for row in c_k]
        Delta = [
            [P.poly(x) for x in row] for row in joint_generator(robot.links[k].is_revolute).tolist()
        ]
        if robot.convention == "standard":
            T_before = (
                poses[k - 1]
                if k > 0
                else [[one if r == s else zero for s in range(4)] for r in range(4)]
            )
            dT_dq = _matmul(_matmul(T_before, Delta), data.A[k])  # (6.5.27)
        else:
            dT_dq = _matmul(poses[k], Delta)
        dT_D, dT_c = _matmul(dT_dq, D), _matmul(dT_dq, c)
        trace = sum((dT_D[r][r] for r in range(4)), zero)
        tau[k] = P.reduce(trace - sum((g[r] * dT_c[r][0] for r in range(4)), zero))  # (6.5.32)
    return data.matrix([[x] for x in tau])
