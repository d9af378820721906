"""The robot recast for the dynamics algorithms: one "joint frame" per joint (private module).

Both DH conventions cut the chain into rows differently, but every row can be
written ``T_{i-1}_{i}(q_i) = Pre_i @ Screw_z(q_i) @ Post_i`` with constant
``Pre_i``, ``Post_i`` and ``Screw_z`` a rotation about (revolute) or a
translation along (prismatic) a z-axis. The frame just after ``Screw_z`` is the
*joint frame* F_i: its z-axis is joint i's axis and its origin lies on it, so
Craig's link-frame iteration (6.45)-(6.53) applies to F_1 ... F_n of any robot.

* standard DH: ``Pre_i = I``, ``Post_i = Rz(theta_i) Tz(d_i) Tx(a_i) Rx(alpha_i)``
  (F_i is {i-1} moved by the joint);
* modified DH: ``Pre_i = Rx(alpha_{i-1}) Tx(a_{i-1}) Rz(theta_i)`` (with ``Tz(d_i)``
  too for a prismatic joint), ``Post_i = Tz(d_i)`` for a revolute joint.

The pose of F_i in F_{i-1} is then ``X_i @ Screw_z(q_i)`` with the constant
``X_i = Post_{i-1} @ Pre_i`` (``Post_0 = I``, F_0 = {0}). Each link's mass
properties are moved once from {i} into F_i, and the tool frame is ``Post_n @ tool``
in F_n. The model is computed once per robot and cached (robots are immutable).
"""

from __future__ import annotations

import math
import weakref
from dataclasses import dataclass

import numpy as np

from ._validation import FloatArray
from .dh import dh_transform, modified_dh_transform
from .kinematics import _check_robot
from .robot import SerialRobot

_CACHE: weakref.WeakKeyDictionary[SerialRobot, JointFrameModel] = weakref.WeakKeyDictionary()


@dataclass(frozen=True, eq=False)
class JointFrameModel:
    """Constants of a robot in joint frames (see the module docstring); arrays are read-only."""

    label: str
    n: int
    revolute: tuple[bool, ...]
    revolute_mask: FloatArray  # (n,) 1.0 for revolute joints
    X_R: FloatArray  # (n, 3, 3) rotation of X_i
    X_p: FloatArray  # (n, 3) translation of X_i
    mass: FloatArray  # (n,)
    com: FloatArray  # (n, 3) centre of mass in F_i
    inertia: FloatArray  # (n, 3, 3) about the centre of mass, F_i axes
    tool_R: FloatArray  # (3, 3) tool frame in F_n
    tool_p: FloatArray  # (3,)
    gravity: FloatArray  # (3,) in {0} = F_0
    massless_from: int | None  # first link k such that links k.. have no mass at all
    upper: FloatArray  # (n, n) 1.0 on and above the diagonal
    strictly_upper: FloatArray  # (n, n) 1.0 above the diagonal
    rows: tuple[tuple[float | bool, ...], ...]  # per joint, for the scalar kernel


def _split_row(robot: SerialRobot, i: int) -> tuple[FloatArray, FloatArray]:
    """``(Pre_i, Post_i)`` of link i (0-based), see the module docstring."""
    link = robot.links[i]
    if robot.convention == "standard":
        return np.eye(4), dh_transform(link.a, link.alpha, link.d, link.theta)
    if link.is_revolute:
        return (
            modified_dh_transform(link.a, link.alpha, 0.0, link.theta),
            modified_dh_transform(0.0, 0.0, link.d, 0.0),
        )
    return modified_dh_transform(link.a, link.alpha, link.d, link.theta), np.eye(4)


def _readonly(array: FloatArray) -> FloatArray:
    array = np.array(array, dtype=np.float64)
    array.flags.writeable = False
    return array


def chain_model(robot: SerialRobot) -> JointFrameModel:
    """The :class:`JointFrameModel` of ``robot`` (computed once, then cached)."""
    robot = _check_robot(robot)
    model = _CACHE.get(robot)
    if model is None:
        model = _build(robot)
        _CACHE[robot] = model
    return model


def _build(robot: SerialRobot) -> JointFrameModel:
    n = robot.n_joints
    X = np.empty((n, 4, 4))
    com = np.empty((n, 3))
    inertia = np.empty((n, 3, 3))
    post_previous = np.eye(4)
    for i, link in enumerate(robot.links):
        pre, post = _split_row(robot, i)
        X[i] = post_previous @ pre
        R_post = post[:3, :3]
        com[i] = R_post @ link.com + post[:3, 3]
        inertia[i] = R_post @ link.inertia @ R_post.T
        post_previous = post
    tool = post_previous @ robot.tool
    mass = np.array([link.mass for link in robot.links])
    has_mass = [link.mass > 0 or bool(np.any(link.inertia)) for link in robot.links]
    massless_from = None
    for k in range(n - 1, -1, -1):
        if has_mass[k]:
            break
        massless_from = k
    revolute = tuple(link.is_revolute for link in robot.links)
    rows = tuple(
        (revolute[i], *X[i, :3, :3].ravel().tolist(), *X[i, :3, 3].tolist(), float(mass[i]),
         *com[i].tolist(), *inertia[i].ravel().tolist())
        for i in range(n)
    )  # fmt: skip
    return JointFrameModel(
        label=robot.label,
        n=n,
        revolute=revolute,
        revolute_mask=_readonly(np.array(revolute, dtype=float)),
        X_R=_readonly(X[:, :3, :3]),
        X_p=_readonly(X[:, :3, 3]),
        mass=_readonly(mass),
        com=_readonly(com),
        inertia=_readonly(inertia),
        tool_R=_readonly(tool[:3, :3]),
        tool_p=_readonly(tool[:3, 3]),
        gravity=_readonly(robot.gravity),
        massless_from=massless_from,
        upper=_readonly(np.triu(np.ones((n, n)))),
        strictly_upper=_readonly(np.triu(np.ones((n, n)), 1)),
        rows=rows,
    )


def local_joint_transforms(model: JointFrameModel, q: np.ndarray) -> np.ndarray:
    """Pose of every joint frame F_i in F_{i-1} at ``q``: shape (..., n, 4, 4).

    Works for any dtype of ``q``, complex included (used for complex-step derivatives).
    """
    rev = model.revolute_mask
    c = (rev * np.cos(q) + (1.0 - rev))[..., None]
    s = (rev * np.sin(q))[..., None]
    x0, x1, x2 = model.X_R[..., 0], model.X_R[..., 1], model.X_R[..., 2]
    A = np.empty((*q.shape, 4, 4), dtype=np.result_type(q, 1.0))
    # X @ Screw_z(q): the first two columns of X_R turn about z, the third stays;
    # a prismatic joint moves the origin along that third column.
    A[..., :3, 0] = c * x0 + s * x1
    A[..., :3, 1] = c * x1 - s * x0
    A[..., :3, 2] = x2
    A[..., :3, 3] = model.X_p + ((1.0 - rev) * q)[..., None] * x2
    A[..., 3, :] = (0.0, 0.0, 0.0, 1.0)
    return A


def joint_frames_in_base(model: JointFrameModel, q: np.ndarray) -> np.ndarray:
    """Pose of every joint frame F_i in {0}: shape (..., n, 4, 4)."""
    A = local_joint_transforms(model, q)
    T = np.empty_like(A)
    T_0_i = T[..., 0, :, :] = A[..., 0, :, :]
    for i in range(1, model.n):
        T_0_i = T[..., i, :, :] = T_0_i @ A[..., i, :, :]
    return T


def scalar_inverse_dynamics(
    model: JointFrameModel,
    q: list[float],
    qd: list[float],
    qdd: list[float],
    gravity: tuple[float, float, float] | FloatArray,
    f_tip: list[float] | None,
) -> list[float]:
    """Craig's iteration (6.45)-(6.53) on the joint frames, written with Python floats.

    The same algorithm as :func:`coursekit.newton_euler.inverse_dynamics_craig`,
    unrolled into scalar arithmetic for one state: numpy's per-call overhead on
    3-vectors would cost several times more than the arithmetic itself.
    Frame F_{i-1} quantities: ``w`` angular velocity, ``dw`` angular acceleration,
    ``dv`` acceleration of the origin (minus gravity: the base accelerates upwards,
    Craig section 6.5).
    """
    cos, sin = math.cos, math.sin
    wx = wy = wz = 0.0
    ax = ay = az = 0.0  # angular acceleration
    vx, vy, vz = -float(gravity[0]), -float(gravity[1]), -float(gravity[2])
    stash = []
    for row, qi, qdi, qddi in zip(model.rows, q, qd, qdd):
        (rev, x00, x01, x02, x10, x11, x12, x20, x21, x22, px, py, pz,
         m, cx, cy, cz, i00, i01, i02, i10, i11, i12, i20, i21, i22) = row  # fmt: skip
        if rev:
            cq, sq = cos(qi), sin(qi)
            r00, r01 = x00 * cq + x01 * sq, x01 * cq - x00 * sq
            r10, r11 = x10 * cq + x11 * sq, x11 * cq - x10 * sq
            r20, r21 = x20 * cq + x21 * sq, x21 * cq - x20 * sq
        else:
            r00, r01, r10, r11, r20, r21 = x00, x01, x10, x11, x20, x21
            px, py, pz = px + x02 * qi, py + x12 * qi, pz + x22 * qi
        # (6.47) before the rotation: dv + dw x p + w x (w x p), in F_{i-1}
        ux, uy, uz = wy * pz - wz * py, wz * px - wx * pz, wx * py - wy * px
        tx = vx + ay * pz - az * py + wy * uz - wz * uy
        ty = vy + az * px - ax * pz + wz * ux - wx * uz
        tz = vz + ax * py - ay * px + wx * uy - wy * ux
        # rotate w, dw and that acceleration into F_i (multiply by R^T)
        w0, w1 = r00 * wx + r10 * wy + r20 * wz, r01 * wx + r11 * wy + r21 * wz
        w2 = x02 * wx + x12 * wy + x22 * wz
        a0, a1 = r00 * ax + r10 * ay + r20 * az, r01 * ax + r11 * ay + r21 * az
        a2 = x02 * ax + x12 * ay + x22 * az
        vx, vy = r00 * tx + r10 * ty + r20 * tz, r01 * tx + r11 * ty + r21 * tz
        vz = x02 * tx + x12 * ty + x22 * tz
        wx, wy, wz = w0, w1, w2
        if rev:  # (6.45), (6.46)
            wz = w2 + qdi
            ax, ay, az = a0 + w1 * qdi, a1 - w0 * qdi, a2 + qddi
        else:  # (6.33), (6.35)
            ax, ay, az = a0, a1, a2
            vx, vy, vz = vx + 2.0 * wy * qdi, vy - 2.0 * wx * qdi, vz + qddi
        # (6.48)-(6.50), and the moment of the inertial force about the origin of F_i
        ux, uy, uz = wy * cz - wz * cy, wz * cx - wx * cz, wx * cy - wy * cx
        Fx = m * (vx + ay * cz - az * cy + wy * uz - wz * uy)
        Fy = m * (vy + az * cx - ax * cz + wz * ux - wx * uz)
        Fz = m * (vz + ax * cy - ay * cx + wx * uy - wy * ux)
        hx = i00 * wx + i01 * wy + i02 * wz
        hy = i10 * wx + i11 * wy + i12 * wz
        hz = i20 * wx + i21 * wy + i22 * wz
        Mx = i00 * ax + i01 * ay + i02 * az + wy * hz - wz * hy + cy * Fz - cz * Fy
        My = i10 * ax + i11 * ay + i12 * az + wz * hx - wx * hz + cz * Fx - cx * Fz
        Mz = i20 * ax + i21 * ay + i22 * az + wx * hy - wy * hx + cx * Fy - cy * Fx
        stash.append((rev, r00, r01, x02, r10, r11, x12, r20, r21, x22, px, py, pz,
                      Fx, Fy, Fz, Mx, My, Mz))  # fmt: skip
    fx = fy = fz = nx = ny = nz = 0.0
    if f_tip is not None:  # the wrench on the environment, moved from the tool frame to F_n
        (t00, t01, t02), (t10, t11, t12), (t20, t21, t22) = model.tool_R.tolist()
        tpx, tpy, tpz = model.tool_p.tolist()
        f0, f1, f2, n0, n1, n2 = f_tip
        fx = t00 * f0 + t01 * f1 + t02 * f2
        fy = t10 * f0 + t11 * f1 + t12 * f2
        fz = t20 * f0 + t21 * f1 + t22 * f2
        nx = t00 * n0 + t01 * n1 + t02 * n2 + tpy * fz - tpz * fy
        ny = t10 * n0 + t11 * n1 + t12 * n2 + tpz * fx - tpx * fz
        nz = t20 * n0 + t21 * n1 + t22 * n2 + tpx * fy - tpy * fx
    tau = []
    for (rev, r00, r01, r02, r10, r11, r12, r20, r21, r22, px, py, pz,
         Fx, Fy, Fz, Mx, My, Mz) in reversed(stash):  # fmt: skip
        # (6.51), (6.52) in F_i, then (6.53)
        fx, fy, fz = fx + Fx, fy + Fy, fz + Fz
        nx, ny, nz = nx + Mx, ny + My, nz + Mz
        tau.append(nz if rev else fz)
        # the wrench link i receives from link i-1, seen in F_{i-1} about its origin
        fx, fy, fz = (r00 * fx + r01 * fy + r02 * fz, r10 * fx + r11 * fy + r12 * fz,
                      r20 * fx + r21 * fy + r22 * fz)  # fmt: skip
        mx = r00 * nx + r01 * ny + r02 * nz
        my = r10 * nx + r11 * ny + r12 * nz
        mz = r20 * nx + r21 * ny + r22 * nz
        nx, ny, nz = mx + py * fz - pz * fy, my + pz * fx - px * fz, mz + px * fy - py * fx
    tau.reverse()
    return tau


def scalar_mass_matrix(model: JointFrameModel, q: list[float]) -> list[list[float]]:
    """Composite rigid body algorithm for one state, written with Python floats.

    The same algorithm as :func:`coursekit.dynamics.mass_matrix` (every body's
    inertia about the origin of {0}, summed from the tip, then
    ``M_jk = S_j . I^C_k S_k``), unrolled for speed like
    :func:`scalar_inverse_dynamics`.
    """
    cos, sin = math.cos, math.sin
    R00 = R11 = R22 = 1.0
    R01 = R02 = R10 = R12 = R20 = R21 = 0.0
    ox = oy = oz = 0.0
    twists = []  # (s_w, s_v) of each joint, at the origin of {0}
    bodies = []  # (m, h, J) of each link: mass, first moment, inertia about the origin of {0}
    for row, qi in zip(model.rows, q):
        (rev, x00, x01, x02, x10, x11, x12, x20, x21, x22, px, py, pz,
         m, cx, cy, cz, i00, i01, i02, _, i11, i12, _, _, i22) = row  # fmt: skip
        if rev:
            cq, sq = cos(qi), sin(qi)
            x00, x01 = x00 * cq + x01 * sq, x01 * cq - x00 * sq
            x10, x11 = x10 * cq + x11 * sq, x11 * cq - x10 * sq
            x20, x21 = x20 * cq + x21 * sq, x21 * cq - x20 * sq
        else:
            px, py, pz = px + x02 * qi, py + x12 * qi, pz + x22 * qi
        # origin and axes of F_i in {0}
        ox, oy, oz = (ox + R00 * px + R01 * py + R02 * pz, oy + R10 * px + R11 * py + R12 * pz,
                      oz + R20 * px + R21 * py + R22 * pz)  # fmt: skip
        R00, R01, R02, R10, R11, R12, R20, R21, R22 = (
            R00 * x00 + R01 * x10 + R02 * x20, R00 * x01 + R01 * x11 + R02 * x21,
            R00 * x02 + R01 * x12 + R02 * x22, R10 * x00 + R11 * x10 + R12 * x20,
            R10 * x01 + R11 * x11 + R12 * x21, R10 * x02 + R11 * x12 + R12 * x22,
            R20 * x00 + R21 * x10 + R22 * x20, R20 * x01 + R21 * x11 + R22 * x21,
            R20 * x02 + R21 * x12 + R22 * x22,
        )  # fmt: skip
        if rev:  # s_w = z, s_v = o x z
            twists.append((R02, R12, R22, oy * R22 - oz * R12, oz * R02 - ox * R22,
                           ox * R12 - oy * R02))  # fmt: skip
        else:
            twists.append((0.0, 0.0, 0.0, R02, R12, R22))
        # centre of mass, and R I R^T + m (|c|^2 1 - c c^T)
        c0 = ox + R00 * cx + R01 * cy + R02 * cz
        c1 = oy + R10 * cx + R11 * cy + R12 * cz
        c2 = oz + R20 * cx + R21 * cy + R22 * cz
        a00 = R00 * i00 + R01 * i01 + R02 * i02  # A = R I (I symmetric)
        a01 = R00 * i01 + R01 * i11 + R02 * i12
        a02 = R00 * i02 + R01 * i12 + R02 * i22
        a10 = R10 * i00 + R11 * i01 + R12 * i02
        a11 = R10 * i01 + R11 * i11 + R12 * i12
        a12 = R10 * i02 + R11 * i12 + R12 * i22
        a20 = R20 * i00 + R21 * i01 + R22 * i02
        a21 = R20 * i01 + R21 * i11 + R22 * i12
        a22 = R20 * i02 + R21 * i12 + R22 * i22
        mc0, mc1, mc2 = m * c0, m * c1, m * c2
        bodies.append((
            m, mc0, mc1, mc2,
            a00 * R00 + a01 * R01 + a02 * R02 + mc1 * c1 + mc2 * c2,
            a00 * R10 + a01 * R11 + a02 * R12 - mc0 * c1,
            a00 * R20 + a01 * R21 + a02 * R22 - mc0 * c2,
            a10 * R10 + a11 * R11 + a12 * R12 + mc0 * c0 + mc2 * c2,
            a10 * R20 + a11 * R21 + a12 * R22 - mc1 * c2,
            a20 * R20 + a21 * R21 + a22 * R22 + mc0 * c0 + mc1 * c1,
        ))  # fmt: skip
    n = model.n
    M = [[0.0] * n for _ in range(n)]
    mC = h0 = h1 = h2 = j00 = j01 = j02 = j11 = j12 = j22 = 0.0
    for k in range(n - 1, -1, -1):
        m, b0, b1, b2, b00, b01, b02, b11, b12, b22 = bodies[k]
        mC, h0, h1, h2 = mC + m, h0 + b0, h1 + b1, h2 + b2
        j00, j01, j02 = j00 + b00, j01 + b01, j02 + b02
        j11, j12, j22 = j11 + b11, j12 + b12, j22 + b22
        w0, w1, w2, v0, v1, v2 = twists[k]
        # momentum of links k..n moving with joint k's unit twist: (J w + h x v, m v - h x w)
        fw0 = j00 * w0 + j01 * w1 + j02 * w2 + h1 * v2 - h2 * v1
        fw1 = j01 * w0 + j11 * w1 + j12 * w2 + h2 * v0 - h0 * v2
        fw2 = j02 * w0 + j12 * w1 + j22 * w2 + h0 * v1 - h1 * v0
        fv0 = mC * v0 - h1 * w2 + h2 * w1
        fv1 = mC * v1 - h2 * w0 + h0 * w2
        fv2 = mC * v2 - h0 * w1 + h1 * w0
        for j in range(k + 1):
            s = twists[j]
            M[j][k] = M[k][j] = (s[0] * fw0 + s[1] * fw1 + s[2] * fw2
                                 + s[3] * fv0 + s[4] * fv1 + s[5] * fv2)  # fmt: skip
    return M
