r"""Recursive Newton-Euler inverse dynamics in sympy: the textbook iterations, symbol by symbol.

Velocities and accelerations go out from the base, forces and moments come back from the
tip; the result is each joint's torque as an expression. Each convention has its book:

* Craig's modified DH: the iteration (6.45)-(6.53) in Craig's link frames, where frame
  {i} sits on joint axis i;
* standard DH: Duysinx-Geradin's body-frame form (6.3.5)-(6.3.13) (Luh, Walker and Paul),
  where joint i turns about z_{i-1}, with the book's errata E39 and E40 corrected.

Gravity enters as an upward acceleration of the base, :math:`\dot v_0 = -g_{vec}`.
The parameters follow :mod:`coursekit.lagrange` (``symbolic_parameters=True`` for symbols),
and the torques equal its Lagrange equations of motion. The tool exerts no force here
(free motion); for a tip wrench use the numeric :func:`coursekit.inverse_dynamics`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import sympy as sp

from .kinematics import _check_robot
from .symbolic_robot import _robot_polynomials, _RobotPolynomials
from .robot import SerialRobot


@dataclass(frozen=True, eq=False)
class NewtonEulerSteps:
    r"""Every intermediate vector of one recursive Newton-Euler run, one 3x1 entry per link.

    All in the axes of link frame {i} (Craig's :math:`{}^{i}\omega_i`, ...):
    ``angular_velocities``, ``angular_accelerations``, ``linear_accelerations`` (of the
    origin of {i}), ``com_accelerations``; the inertial force ``m a_c`` and moment
    :math:`I\dot\omega + \omega\times I\omega` (``inertial_forces``, ``inertial_moments``);
    the force and moment that link i-1 exerts on link i (``forces``, ``moments``; about
    the origin of {i} for Craig, of {i-1} for the standard-DH form); and the ``torques`` (n x 1).
    """

    angular_velocities: list[sp.Matrix]
    angular_accelerations: list[sp.Matrix]
    linear_accelerations: list[sp.Matrix]
    com_accelerations: list[sp.Matrix]
    inertial_forces: list[sp.Matrix]
    inertial_moments: list[sp.Matrix]
    forces: list[sp.Matrix]
    moments: list[sp.Matrix]
    torques: sp.Matrix


# Vectors are lists of 3 polynomials (see coursekit.lagrange); R is a nested 3x3 list.
def _cross(a: list[Any], b: list[Any]) -> list[Any]:
    return [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]]


def _rotate(R: list[list[Any]], v: list[Any]) -> list[Any]:
    return [R[r][0] * v[0] + R[r][1] * v[1] + R[r][2] * v[2] for r in range(3)]


def _rotate_back(R: list[list[Any]], v: list[Any]) -> list[Any]:
    """R^T v."""
    return [R[0][r] * v[0] + R[1][r] * v[1] + R[2][r] * v[2] for r in range(3)]


def _add(*vectors: list[Any]) -> list[Any]:
    return [sum(entries[1:], entries[0]) for entries in zip(*vectors, strict=True)]


def _scale(c: Any, v: list[Any]) -> list[Any]:
    return [c * x for x in v]


_Passes = tuple[dict[str, list[list[Any]]], list[list[Any]], list[list[Any]], list[Any]]


def _craig(robot: SerialRobot, data: _RobotPolynomials) -> _Passes:
    """Craig (6.45)-(6.53); frame {i} holds joint i's axis as z and link i's mass properties."""
    P, n = data.polynomials, robot.n_joints
    zero = [P.ring.zero] * 3
    reduce = lambda v: [P.reduce(x) for x in v]
    w, dw, dv = zero, zero, _scale(-P.ring.one, data.gravity)  # gravity: upward base acceleration
    out: dict[str, list[list[Any]]] = {k: [] for k in ("w", "dw", "dv", "dv_c", "F", "N")}
    for i, link in enumerate(robot.links):
        R, p = [row[:3] for row in data.A[i][:3]], [row[3] for row in data.A[i][:3]]
        qd_z, qdd_z = (
            [P.ring.zero, P.ring.zero, data.qd[i]],
            [P.ring.zero, P.ring.zero, data.qdd[i]],
        )
        dv = reduce(_rotate_back(R, _add(_cross(dw, p), _cross(w, _cross(w, p)), dv)))  # (6.47)
        w_in, dw = reduce(_rotate_back(R, w)), reduce(_rotate_back(R, dw))
        if link.is_revolute:
            w = _add(w_in, qd_z)  # (6.45)
            dw = reduce(_add(dw, _cross(w_in, qd_z), qdd_z))  # (6.46)
        else:
            w = w_in  # (6.33)
            dv = reduce(_add(dv, _scale(P.poly(2), _cross(w, qd_z)), qdd_z))  # (6.35)
        com, inertia = data.coms[i], data.inertias[i]
        dv_c = reduce(_add(_cross(dw, com), _cross(w, _cross(w, com)), dv))  # (6.48)
        for key, value in (("w", w), ("dw", dw), ("dv", dv), ("dv_c", dv_c)):
            out[key].append(value)
        out["F"].append(_scale(data.masses[i], dv_c))  # (6.49)
        out["N"].append(
            reduce(_add(_rotate(inertia, dw), _cross(w, _rotate(inertia, w))))
        )  # (6.50)
    forces, moments, tau = [zero] * n, [zero] * n, [P.ring.zero] * n
    f_next, n_next = zero, zero  # free motion: nothing at the tip
    R_next = [[P.ring.one if r == c else P.ring.zero for c in range(3)] for r in range(3)]
    p_next = zero
    for i in reversed(range(n)):
        f_child = _rotate(R_next, f_next)
        f_i = reduce(_add(f_child, out["F"][i]))  # (6.51)
        n_i = reduce(
            _add(
                out["N"][i],
                _rotate(R_next, n_next),
                _cross(data.coms[i], out["F"][i]),
                _cross(p_next, f_child),
            )
        )  # (6.52)
        tau[i] = n_i[2] if robot.links[i].is_revolute else f_i[2]  # (6.53), (6.44)
        forces[i], moments[i] = f_i, n_i
        f_next, n_next = f_i, n_i
        R_next, p_next = [row[:3] for row in data.A[i][:3]], [row[3] for row in data.A[i][:3]]
    return out, forces, moments, tau


def _luh_walker_paul(robot: SerialRobot, data: _RobotPolynomials) -> _Passes:
    """Duysinx-Geradin (6.3.5)-(6.3.13): joint i turns about k = z of frame {i-1}."""
    P, n = data.polynomials, robot.n_joints
    zero = [P.ring.zero] * 3
    reduce = lambda v: [P.reduce(x) for x in v]
    w, dw, a = zero, zero, _scale(-P.ring.one, data.gravity)  # a'_0 = -g (erratum E46)
    out: dict[str, list[list[Any]]] = {k: [] for k in ("w", "dw", "dv", "dv_c", "F", "N", "d")}
    for i, link in enumerate(robot.links):
        R, d_star = [row[:3] for row in data.A[i][:3]], [row[3] for row in data.A[i][:3]]
        qd_k, qdd_k = (
            [P.ring.zero, P.ring.zero, data.qd[i]],
            [P.ring.zero, P.ring.zero, data.qdd[i]],
        )
        if link.is_revolute:
            w_star = _add(w, qd_k)
            dw_star = _add(dw, _cross(w, qd_k), qdd_k)
        else:
            w_star, dw_star = w, dw
        # (~dw* + ~w* ~w*) d*: the book prints a minus (erratum E39)
        a_star = _add(a, _cross(dw_star, d_star), _cross(w_star, _cross(w_star, d_star)))
        if not link.is_revolute:
            a_star = _add(a_star, _scale(P.poly(2), _cross(w, qd_k)), qdd_k)
        w, dw, a = (reduce(_rotate_back(R, v)) for v in (w_star, dw_star, a_star))
        com, inertia = data.coms[i], data.inertias[i]
        a_c = reduce(_add(a, _cross(dw, com), _cross(w, _cross(w, com))))  # (6.3.8)
        for key, value in (
            ("w", w),
            ("dw", dw),
            ("dv", a),
            ("dv_c", a_c),
            ("d", reduce(_rotate_back(R, d_star))),
        ):
            out[key].append(value)
        out["F"].append(_scale(data.masses[i], a_c))  # (6.3.10)
        out["N"].append(reduce(_add(_rotate(inertia, dw), _cross(w, _rotate(inertia, w)))))
    forces, moments, tau = [zero] * n, [zero] * n, [P.ring.zero] * n
    f_star, n_star = zero, zero
    for i in reversed(range(n)):
        F, N, d = out["F"][i], out["N"][i], out["d"][i]
        f_i = reduce(_add(F, f_star))
        # the inertial force acts at the centre of mass, d'_i + g'_i from O_{i-1} (erratum E40)
        n_i = reduce(_add(N, n_star, _cross(_add(d, data.coms[i]), F), _cross(d, f_star)))
        R = [row[:3] for row in data.A[i][:3]]
        f_star, n_star = reduce(_rotate(R, f_i)), reduce(_rotate(R, n_i))
        tau[i] = n_star[2] if robot.links[i].is_revolute else f_star[2]
        forces[i], moments[i] = f_i, n_i
    return out, forces, moments, tau


def newton_euler_steps(
    robot: SerialRobot,
    q: Any = None,
    qd: Any = None,
    qdd: Any = None,
    *,
    symbolic_parameters: bool = False,
) -> NewtonEulerSteps:
    r"""All the intermediate vectors of symbolic recursive Newton-Euler, link by link.

    ``q``, ``qd``, ``qdd`` default to the symbols ``q1 ...``, ``qd1 ...``, ``qdd1 ...``;
    numbers or other expressions may be given instead (``qd=[0, 0]`` for the statics).
    Craig's iteration runs for a modified-DH robot, Duysinx-Geradin's for a standard one
    (see the module docstring). Entries are tidied as by :func:`coursekit.lagrange.tidy`.

    References: Craig (6.45)-(6.53), (6.54)-(6.57); Duysinx-Geradin (6.3.5)-(6.3.13)
    with errata E39, E40, E46.

    Examples
    --------
    Craig section 6.7: the 2R arm with point masses at the link ends, in Craig's frames
    (the masses sit at cx1 = l1 and cx2 = l2 on the x-axes). The acceleration of frame {2}
    is Craig's (6.55), with a1 = l1:

    >>> from coursekit.robot import Link, SerialRobot
    >>> links = [Link(0, 0, mass=1, com=(1, 0, 0)), Link(1, 0, mass=1, com=(1, 0, 0))]
    >>> arm = SerialRobot(links, convention="modified", gravity=(0, -9.81, 0))
    >>> steps = newton_euler_steps(arm, symbolic_parameters=True)
    >>> steps.linear_accelerations[1]
    Matrix([
    [-a1*qd1**2*cos(q2) + a1*qdd1*sin(q2) + g*sin(q1 + q2)],
    [ a1*qd1**2*sin(q2) + a1*qdd1*cos(q2) + g*cos(q1 + q2)],
    [                                                    0]])
    """
    robot = _check_robot(robot)
    data = _robot_polynomials(robot, q, qd, qdd, symbolic_parameters=symbolic_parameters)
    out, forces, moments, tau = _passes(robot, data)

    def column(v: list[Any]) -> sp.Matrix:
        return data.matrix([[x] for x in v])

    lists = [[column(v) for v in out[key]] for key in ("w", "dw", "dv", "dv_c", "F", "N")]
    return NewtonEulerSteps(
        *lists, [column(f) for f in forces], [column(n) for n in moments], column(tau)
    )


def _passes(robot: SerialRobot, data: _RobotPolynomials) -> _Passes:
    return (_craig if robot.convention == "modified" else _luh_walker_paul)(robot, data)


def inverse_dynamics(
    robot: SerialRobot,
    q: Any = None,
    qd: Any = None,
    qdd: Any = None,
    *,
    symbolic_parameters: bool = False,
) -> sp.Matrix:
    r"""Joint torques of ``robot`` as sympy expressions (n x 1), by recursive Newton-Euler.

    The symbolic twin of :func:`coursekit.inverse_dynamics`; see :func:`newton_euler_steps`
    for the arguments and the intermediate vectors.

    References: Craig section 6.5 and (6.58); Duysinx-Geradin section 6.3.

    Examples
    --------
    Duysinx-Geradin's two-link arm of section 3.4 (point masses, angles from the downward
    vertical, so gravity is +x of {0}), all parameters symbols; the elbow torque (3.4.6):

    >>> from dataclasses import replace
    >>> from coursekit.lagrange import state_symbols
    >>> from coursekit.models import two_link_point_masses
    >>> robot = replace(two_link_point_masses(), gravity=(9.81, 0, 0))
    >>> tau = inverse_dynamics(robot, symbolic_parameters=True)
    >>> q, qd, qdd = state_symbols(robot)
    >>> tau[1].coeff(qdd[0]), tau.subs(dict.fromkeys(qd + qdd, 0))[1]
    (a1*a2*m2*cos(q2) + a2**2*m2, a2*g*m2*sin(q1 + q2))
    """
    robot = _check_robot(robot)
    data = _robot_polynomials(robot, q, qd, qdd, symbolic_parameters=symbolic_parameters)
    return data.matrix([[x] for x in _passes(robot, data)[3]])
