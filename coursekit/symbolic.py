"""SymPy twins of the kinematics functions: same names and argument order, ``sp.Matrix`` out.

Use them to see the formulas the numeric functions evaluate:
``from coursekit import symbolic as sym``, then ``sym.forward_kinematics(robot)``.
Joint variables are the symbols ``q1 ... qn`` (``real=True``) unless you pass your own.

Floats become exact where that is safe, so that ``cos(pi/2)`` is 0 and not 6e-17:

* an angle within 1e-12 rad of a multiple of pi/12 (15 degrees) becomes that exact
  multiple of ``sp.pi``; other angles stay floats;
* a length becomes the nearest rational with a denominator of at most 10**6
  (``sp.Rational(x).limit_denominator(10**6)``) when that is within 1e-12 * max(1, |x|)
  of it (0.432 -> 54/125); otherwise it stays a float.

``symbolic_lengths=True`` replaces each nonzero a and d of the DH table by a real symbol
named after its textbook index (``a2``, ``d4``; Craig's ``a0``, ``a1``... for a
modified-DH robot); :func:`length_values` gives their numbers back.

Simplification is structured, not a general ``sp.simplify``: each entry is expanded and
passed through ``TR10i`` of Fu's algorithm (``sympy.simplify.fu``), which turns
``cos(q2) cos(q3) - sin(q2) sin(q3)`` into ``cos(q2 + q3)`` (``trigsimp`` takes seconds
per PUMA entry). Kinematics entries are linear in the sine and cosine of each joint
angle, and the Jacobian is built so that it stays so, so no ``sin**2 + cos**2`` is left.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import sympy as sp
from sympy.simplify.fu import TR10i

from .kinematics import _check_robot
from .robot import SerialRobot

JACOBIAN_FRAMES = ("base", "tool")
_ANGLE_STEP = sp.pi / 12
_ANGLE_TOL = 1e-12
_LENGTH_TOL = 1e-12
_MAX_DENOMINATOR = 10**6


def _is_float(value: object) -> bool:
    return isinstance(value, (float, np.floating, sp.Float))


def _scalar(value: Any, name: str) -> sp.Expr:
    """``value`` as a sympy scalar, or a TypeError naming ``name``."""
    if isinstance(value, (str, bytes)):
        msg = (
            f"{name} must be a number or a sympy expression, got the string {value!r}. "
            f"Make a symbol with sp.Symbol({value!r})."
        )
        raise TypeError(msg)
    if isinstance(value, np.ndarray) and value.ndim == 0:
        value = value.item()
    try:
        expr = sp.sympify(value, strict=True)
    except sp.SympifyError:
        msg = f"{name} must be a number or a sympy expression, got {type(value).__name__}."
        raise TypeError(msg) from None
    if not isinstance(expr, sp.Expr) or expr.is_Matrix:
        msg = f"{name} must be a scalar, got a {type(value).__name__}."
        raise TypeError(msg)
    if expr.is_number and expr.has(sp.nan, sp.oo, -sp.oo, sp.zoo):
        msg = f"{name} must be finite, got {expr}."
        raise ValueError(msg)
    return expr


def _exact_angle(value: Any, name: str = "theta") -> sp.Expr:
    expr = _scalar(value, name)
    if not _is_float(value):
        return expr
    steps = round(float(value) / (np.pi / 12))
    if abs(float(value) - steps * np.pi / 12) <= _ANGLE_TOL:
        return steps * _ANGLE_STEP
    return expr


def _exact_length(value: Any, name: str = "a") -> sp.Expr:
    expr = _scalar(value, name)
    if not _is_float(value):
        return expr
    x = float(value)
    # nsimplify(x, rational=True, tolerance=...) can give 526750233914/784052861459 for 0.67183.
    rational = sp.Rational(x).limit_denominator(_MAX_DENOMINATOR)
    if abs(float(rational) - x) <= _LENGTH_TOL * max(1.0, abs(x)):
        return rational
    return expr


def _vector(value: Any, size: int, name: str) -> list[sp.Expr]:
    if isinstance(value, np.ndarray):
        entries = list(value.ravel())
    elif isinstance(value, (sp.MatrixBase, list, tuple)):
        entries = list(value)
    else:
        kind = type(value).__name__
        msg = f"{name} must be a list, array or sympy Matrix of {size} entries, got {kind}."
        raise TypeError(msg)
    if len(entries) != size:
        msg = f"{name} must have {size} entries, got {len(entries)}."
        raise ValueError(msg)
    return [_scalar(entry, f"{name}[{i}]") for i, entry in enumerate(entries)]


def _tidy(M: sp.Matrix) -> sp.Matrix:
    return M.applyfunc(lambda entry: TR10i(sp.expand(entry)))


def _elementary(theta: Any, axis: int) -> sp.Matrix:
    angle = _exact_angle(theta)
    c, s = sp.cos(angle), sp.sin(angle)
    R = sp.eye(3)
    i, j = (axis + 1) % 3, (axis + 2) % 3  # the other two axes, in cyclic order
    R[i, i], R[j, j], R[j, i], R[i, j] = c, c, s, -s
    return R


def rot_x(theta: Any) -> sp.Matrix:
    """Rotation by ``theta`` about the x-axis, as a 3x3 ``sp.Matrix``.

    References: Duysinx-Geradin (4.5.5); Craig (2.77).

    >>> rot_x(sp.Symbol("t"))[1:, 1:]
    Matrix([
    [cos(t), -sin(t)],
    [sin(t),  cos(t)]])
    """
    return _elementary(theta, 0)


def rot_y(theta: Any) -> sp.Matrix:
    """Rotation by ``theta`` about the y-axis, as a 3x3 ``sp.Matrix``.

    >>> rot_y(np.pi / 2)[0, :]  # the float pi/2 becomes the exact sp.pi/2
    Matrix([[0, 0, 1]])
    """
    return _elementary(theta, 1)


def rot_z(theta: Any) -> sp.Matrix:
    """Rotation by ``theta`` about the z-axis, as a 3x3 ``sp.Matrix``.

    >>> (rot_z(sp.pi / 2) * sp.Matrix([1, 0, 0])).T
    Matrix([[0, 1, 0]])
    """
    return _elementary(theta, 2)


def skew(w: Any) -> sp.Matrix:
    """Skew-symmetric matrix of ``w`` (3 entries): ``skew(w) * v == w.cross(v)``.

    References: Duysinx-Geradin (A.2.19); Craig (5.23).

    >>> x, y, z = sp.symbols("x y z")
    >>> skew([x, y, z]) * sp.Matrix([1, 0, 0]) == sp.Matrix([x, y, z]).cross(sp.Matrix([1, 0, 0]))
    True
    """
    x, y, z = _vector(w, 3, "w")
    return sp.Matrix([[0, -z, y], [z, 0, -x], [-y, x, 0]])


def transform(R: Any, p: Any) -> sp.Matrix:
    """4x4 homogeneous transform with rotation ``R`` (3x3) and translation ``p`` (3 entries).

    >>> transform(rot_z(sp.Symbol("t")), [1, 0, 0])[:, 3].T
    Matrix([[1, 0, 0, 1]])
    """
    try:
        R = sp.Matrix(R)
    except (TypeError, ValueError, sp.SympifyError):
        msg = f"R must be a 3x3 matrix, got {type(R).__name__}."
        raise TypeError(msg) from None
    if R.shape != (3, 3):
        msg = f"R must be a 3x3 matrix, got shape {R.shape}."
        raise ValueError(msg)
    T = sp.eye(4)
    T[:3, :3] = R.applyfunc(lambda entry: _exact_length(entry, "R"))
    T[:3, 3] = sp.Matrix([_exact_length(x, "p") for x in _vector(p, 3, "p")])
    return T


def dh_transform(a: Any, alpha: Any, d: Any, theta: Any) -> sp.Matrix:
    """Pose of {i} in {i-1} for one standard (distal) DH row, Rz(theta) Tz(d) Tx(a) Rx(alpha).

    References: Duysinx-Geradin (5.2.2).

    >>> dh_transform(sp.Symbol("a"), np.pi / 2, 0, sp.Symbol("t"))[:3, :]
    Matrix([
    [cos(t), 0,  sin(t), a*cos(t)],
    [sin(t), 0, -cos(t), a*sin(t)],
    [     0, 1,       0,        0]])
    """
    a, d = _exact_length(a, "a"), _exact_length(d, "d")
    alpha, theta = _exact_angle(alpha, "alpha"), _exact_angle(theta, "theta")
    ct, st, ca, sa = sp.cos(theta), sp.sin(theta), sp.cos(alpha), sp.sin(alpha)
    return sp.Matrix(
        [
            [ct, -st * ca, st * sa, a * ct],
            [st, ct * ca, -ct * sa, a * st],
            [0, sa, ca, d],
            [0, 0, 0, 1],
        ]
    )


def modified_dh_transform(a: Any, alpha: Any, d: Any, theta: Any) -> sp.Matrix:
    """Pose of {i} in {i-1} for Craig's modified DH, Rx(alpha_{i-1}) Tx(a_{i-1}) Rz(theta) Tz(d).

    References: Craig (3.6).

    >>> modified_dh_transform(0, -np.pi / 2, sp.Symbol("d"), 0)[:3, :]
    Matrix([
    [1,  0, 0, 0],
    [0,  0, 1, d],
    [0, -1, 0, 0]])
    """
    a, d = _exact_length(a, "a"), _exact_length(d, "d")
    alpha, theta = _exact_angle(alpha, "alpha"), _exact_angle(theta, "theta")
    ct, st, ca, sa = sp.cos(theta), sp.sin(theta), sp.cos(alpha), sp.sin(alpha)
    return sp.Matrix(
        [
            [ct, -st, 0, a],
            [st * ca, ct * ca, -sa, -sa * d],
            [st * sa, ct * sa, ca, ca * d],
            [0, 0, 0, 1],
        ]
    )


def joint_symbols(robot: SerialRobot) -> tuple[sp.Symbol, ...]:
    """The default joint variables ``q1 ... qn`` of ``robot``, real sympy symbols.

    >>> from coursekit.models import scara
    >>> joint_symbols(scara())
    (q1, q2, q3, q4)
    """
    n = _check_robot(robot).n_joints
    return tuple(sp.symbols(f"q1:{n + 1}", real=True))


def _length_names(robot: SerialRobot) -> list[tuple[str, str]]:
    # Craig's modified table stores a_{i-1} in row i.
    shift = 1 if robot.convention == "modified" else 0
    return [(f"a{i - shift}", f"d{i}") for i in range(1, robot.n_joints + 1)]


def length_values(robot: SerialRobot) -> dict[sp.Symbol, float]:
    """The numbers behind the symbols of ``symbolic_lengths=True``: ``{a2: 0.432, ...}``.

    Use ``expr.subs(length_values(robot))`` to put the robot's dimensions back.

    >>> from coursekit.models import puma560_duysinx
    >>> length_values(puma560_duysinx())
    {a2: 0.432, d2: 0.1495, d4: 0.432, d6: 0.0565}
    """
    values = {}
    for link, (a_name, d_name) in zip(_check_robot(robot).links, _length_names(robot)):
        for name, value in ((a_name, link.a), (d_name, link.d)):
            if value != 0.0:
                values[sp.Symbol(name, real=True)] = value
    return values


def _joint_vector(robot: SerialRobot, q: Any) -> list[sp.Expr]:
    if q is None:
        return list(joint_symbols(robot))
    if isinstance(q, (str, bytes)) or not hasattr(q, "__len__"):
        msg = f"q must be a sequence of one symbol or number per joint, got {type(q).__name__}."
        raise TypeError(msg)
    if len(q) != robot.n_joints:
        n = robot.n_joints
        msg = f"q needs one value per joint: {robot.label} has {n} joints, got {len(q)} values."
        raise ValueError(msg)
    return _vector(q, robot.n_joints, "q")


def link_transforms(
    robot: SerialRobot, q: Any = None, *, symbolic_lengths: bool = False
) -> list[sp.Matrix]:
    """Each joint's transform ``T_{i-1}_{i}(q_i)`` in the robot's DH convention: n 4x4 matrices.

    >>> from coursekit.models import planar_2r
    >>> link_transforms(planar_2r(1.0, 0.5))[1][:2, 3]
    Matrix([
    [cos(q2)/2],
    [sin(q2)/2]])
    """
    robot = _check_robot(robot)
    q = _joint_vector(robot, q)
    one_link = modified_dh_transform if robot.convention == "modified" else dh_transform
    transforms = []
    for link, q_i, (a_name, d_name) in zip(robot.links, q, _length_names(robot)):
        a, d = _exact_length(link.a), _exact_length(link.d)
        if symbolic_lengths:
            a = sp.Symbol(a_name, real=True) if link.a != 0.0 else a
            d = sp.Symbol(d_name, real=True) if link.d != 0.0 else d
        if link.is_revolute:
            transforms.append(one_link(a, link.alpha, d, _exact_angle(link.theta) + q_i))
        else:
            transforms.append(one_link(a, link.alpha, d + q_i, link.theta))
    return transforms


def _exact_matrix(T: np.ndarray) -> sp.Matrix:
    return sp.Matrix(T.tolist()).applyfunc(_exact_length)


def link_frames(
    robot: SerialRobot, q: Any = None, *, simplify: bool = True, symbolic_lengths: bool = False
) -> list[sp.Matrix]:
    """Poses ``[T_w_0, ..., T_w_n]`` of the link frames in the world, ``robot.base`` included.

    >>> from coursekit.models import planar_2r
    >>> link_frames(planar_2r())[2][0, 3]
    cos(q1) + cos(q1 + q2)
    """
    A = link_transforms(robot, q, symbolic_lengths=symbolic_lengths)
    return _frames(robot, A, _tidy if simplify else sp.Matrix)


def _frames(robot: SerialRobot, A: list[sp.Matrix], tidy: Any) -> list[sp.Matrix]:
    frames = [_exact_matrix(robot.base)]
    for A_i in A:
        frames.append(tidy(frames[-1] * A_i))
    return frames


def forward_kinematics(
    robot: SerialRobot, q: Any = None, *, simplify: bool = True, symbolic_lengths: bool = False
) -> sp.Matrix:
    """Pose of the tool in the world, ``base * T_0_n(q) * tool``, as a 4x4 ``sp.Matrix``.

    References: Duysinx-Geradin (5.3.5); Craig (3.64).

    >>> from coursekit.models import planar_2r
    >>> forward_kinematics(planar_2r(), symbolic_lengths=True)[:2, 3]
    Matrix([
    [a1*cos(q1) + a2*cos(q1 + q2)],
    [a1*sin(q1) + a2*sin(q1 + q2)]])
    """
    T = link_frames(robot, q, simplify=simplify, symbolic_lengths=symbolic_lengths)[-1]
    T = T * _exact_matrix(robot.tool)
    return _tidy(T) if simplify else T


def geometric_jacobian(
    robot: SerialRobot,
    q: Any = None,
    frame: str = "base",
    *,
    simplify: bool = True,
    symbolic_lengths: bool = False,
) -> sp.Matrix:
    r"""Geometric Jacobian of the tool origin, a 6 x n ``sp.Matrix`` with rows ``[v; w]``.

    A revolute column is :math:`[z_j \times (p - o_j);\ z_j]`, a prismatic one
    :math:`[z_j;\ 0]`. The cross product is taken in the joint's own frame {j},
    :math:`R_{0j}(e_z \times {}^{j}p)`, with :math:`{}^{j}p` from the product of the
    remaining links: each entry then stays linear in the sine and cosine of every
    joint angle, and no :math:`\sin^2 + \cos^2` is left to simplify.
    ``frame="tool"`` expresses both halves in the tool frame.

    References: Duysinx-Geradin (5.14.2) (rows [w; v] there); Craig (5.67).

    >>> from coursekit.models import planar_2r
    >>> geometric_jacobian(planar_2r())[[0, 1, 5], :]
    Matrix([
    [-sin(q1) - sin(q1 + q2), -sin(q1 + q2)],
    [ cos(q1) + cos(q1 + q2),  cos(q1 + q2)],
    [                      1,             1]])
    """
    robot = _check_robot(robot)
    if frame not in JACOBIAN_FRAMES:
        msg = f"frame must be one of 'base', 'tool', got {frame!r}."
        raise ValueError(msg)
    tidy = _tidy if simplify else sp.Matrix
    A = link_transforms(robot, q, symbolic_lengths=symbolic_lengths)
    frames = _frames(robot, A, tidy)
    # to_tool[j] = T_j_tool, built from the tool end so that it involves q_{j+1}..q_n only.
    to_tool = [_exact_matrix(robot.tool)]
    for A_i in reversed(A):
        to_tool.insert(0, tidy(A_i * to_tool[0]))
    # Joint i turns about z_{i-1} (standard DH) or z_i (Craig's modified DH).
    shift = 1 if robot.convention == "modified" else 0
    columns = []
    for i, link in enumerate(robot.links):
        j = i + shift
        p_j = to_tool[j][:3, 3]  # tool origin seen from the joint frame {j}
        e_z = sp.Matrix([0, 0, 1])
        linear_j = e_z.cross(p_j) if link.is_revolute else e_z
        angular_j = e_z if link.is_revolute else sp.zeros(3, 1)
        # Express in the base (R_w_j) or in the tool frame (R_tool_j = R_j_tool^T).
        R = frames[j][:3, :3] if frame == "base" else to_tool[j][:3, :3].T
        columns.append(sp.Matrix.vstack(R * linear_j, R * angular_j))
    return tidy(sp.Matrix.hstack(*columns))
