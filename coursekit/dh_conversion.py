"""Standard <-> modified DH conversion, and the product-of-exponentials form of a robot.

Both DH conventions describe the same chain
``Rz(theta_1) Tz(d_1) [Tx(a_1) Rx(alpha_1)] Rz(theta_2) Tz(d_2) ... [Tx(a_n) Rx(alpha_n)]``;
they only cut it into rows at different places (after or before each
``Tx(a) Rx(alpha)`` pair, which commute). So converting re-indexes a and alpha,
moves the pair left over at one end into the tool or the base, and moves each
link frame within its link, which changes the link's ``com`` and ``inertia``
coordinates. See CONVENTIONS.md and :mod:`coursekit.dh`.
"""

from __future__ import annotations

import re
from dataclasses import replace

import numpy as np
from numpy.typing import ArrayLike

from ._validation import FloatArray, as_array, as_batch, as_choice, as_transform
from .dh import dh_transform
from .jacobians import joint_axes_and_origins
from .kinematics import _check_robot, forward_kinematics
from .robot import CONVENTIONS, Link, SerialRobot
from .screws import TWIST_ORDERS, adjoint, screw_axis, transform_from_twist
from .transforms import invert_transform

POE_FRAMES = ("space", "body")
_SUFFIX = re.compile(r" \(converted to (standard|modified) DH\)$")


def _x_pair(a: float, alpha: float) -> FloatArray:
    """``Tx(a) Rx(alpha)`` (= ``Rx(alpha) Tx(a)``): the part of a DH row along the common normal."""
    return dh_transform(a, alpha, 0.0, 0.0)


def _reframed_link(link: Link, a: float, alpha: float, T_new_old: FloatArray) -> Link:
    """``link`` with a new (a, alpha) and its mass properties moved from frame {old} to {new}."""
    R = T_new_old[:3, :3]
    com = R @ link.com + T_new_old[:3, 3]
    inertia = R @ link.inertia @ R.T
    return replace(link, a=a, alpha=alpha, com=com, inertia=(inertia + inertia.T) / 2.0)


def convert_dh(robot: SerialRobot, to: str) -> SerialRobot:
    r"""The same robot described in the other DH convention (``to="standard"`` or ``"modified"``).

    The new robot has the same tool pose in the world for every ``q``, the same
    joint variables, types, offsets and limits, and the same physical links:

    * standard -> modified: modified row i takes a, alpha from standard row
      i-1 (row 1 gets 0, 0); the leftover :math:`T_x(a_n) R_x(\alpha_n)` joins
      the tool (``tool_new = Tx(a_n) Rx(alpha_n) @ tool``).
    * modified -> standard: standard row i takes a, alpha from modified row
      i+1 (the last row gets 0, 0); the leftover :math:`R_x(\alpha_0) T_x(a_0)`
      joins the base (``base_new = base @ Tx(a_0) Rx(alpha_0)``), and gravity,
      a vector in {0}, is re-expressed in the new {0}.

    Both link frames {i} are fixed to link i; with standard row i's values,
    :math:`{}^{mod\,i}T_{std\,i} = T_x(a_i) R_x(\alpha_i)`. Each ``com`` and
    ``inertia`` is re-expressed accordingly, so centres of mass and inertia
    tensors stay the same in the world. Converting back gives the original table
    when the leftover pair is zero (a_n = alpha_n = 0 in standard DH, a_0 =
    alpha_0 = 0 in modified DH, as for most arms); otherwise it stays in the
    tool (base). The name gets the suffix " (converted to ... DH)", which
    converting back removes.

    Parameters
    ----------
    robot : SerialRobot
    to : {"standard", "modified"}
        The convention wanted. The robot's own convention returns ``robot`` itself.

    Returns
    -------
    SerialRobot

    Examples
    --------
    >>> from coursekit.models import planar_2r
    >>> print(convert_dh(planar_2r(1.0, 0.8), "modified"))
    planar 2R (converted to modified DH): 2 joints, modified (Craig, proximal) DH; ...
    joint  type         a_{i-1}  alpha_{i-1}             d_i         theta_i
        1  revolute           0            0               0              q1
        2  revolute           1            0               0              q2
    >>> convert_dh(planar_2r(1.0, 0.8), "modified").tool[:3, 3]
    array([0.8, 0. , 0. ])
    """
    robot = _check_robot(robot)
    as_choice(to, CONVENTIONS, "to")
    if to == robot.convention:
        return robot
    links, n = robot.links, robot.n_joints
    base, tool, gravity = robot.base, robot.tool, robot.gravity
    new_links = []
    if to == "modified":
        for i, link in enumerate(links):
            a, alpha = (links[i - 1].a, links[i - 1].alpha) if i > 0 else (0.0, 0.0)
            new_links.append(_reframed_link(link, a, alpha, _x_pair(link.a, link.alpha)))
        tool = _x_pair(links[-1].a, links[-1].alpha) @ tool
    else:
        for i, link in enumerate(links):
            a, alpha = (links[i + 1].a, links[i + 1].alpha) if i < n - 1 else (0.0, 0.0)
            T_std_mod = invert_transform(_x_pair(a, alpha))
            new_links.append(_reframed_link(link, a, alpha, T_std_mod))
        T_0mod_0std = _x_pair(links[0].a, links[0].alpha)
        base = base @ T_0mod_0std
        gravity = T_0mod_0std[:3, :3].T @ gravity
    # Converting back restores the original name; converting once tags it.
    name = _SUFFIX.sub("", robot.name)
    if name == robot.name and name:
        name = f"{name} (converted to {to} DH)"
    return SerialRobot(
        tuple(new_links), convention=to, gravity=gravity, base=base, tool=tool, name=name
    )


def product_of_exponentials(
    robot: SerialRobot, frame: str = "space", order: str = "vw"
) -> tuple[FloatArray, FloatArray]:
    r"""Home pose ``M`` and screw axes of a DH robot, for :func:`forward_kinematics_poe`.

    ``M`` is the tool pose in the world at zero joint variables (the stored
    theta and d offsets are part of it). Space axes :math:`S_i` are the joint
    screws in the world frame at that pose: :math:`[-z_i \times o_i;\ z_i]` for a
    revolute joint, :math:`[z_i;\ 0]` for a prismatic one. Body axes are
    :math:`B_i = [\mathrm{Ad}_{M^{-1}}] S_i`, the same screws seen from the tool frame.

    The joint axes come from :func:`~coursekit.jacobians.joint_axes_and_origins`,
    so both DH conventions give the same ``M`` and axes.
    References: Lynch & Park (4.13)-(4.16).

    Parameters
    ----------
    robot : SerialRobot
    frame : {"space", "body"}
    order : {"vw", "wv"}
        Twist order of the columns; ``"wv"`` gives Modern Robotics' Slist/Blist.

    Returns
    -------
    M : (4, 4) ndarray
    screw_axes : (6, n) ndarray
        One unit screw axis per column.

    Examples
    --------
    >>> from coursekit.models import planar_2r
    >>> M, S = product_of_exponentials(planar_2r(1.0, 0.8))
    >>> M[:3, 3]
    array([1.8, 0. , 0. ])
    >>> S[:, 1]
    array([ 0., -1.,  0.,  0.,  0.,  1.])
    """
    robot = _check_robot(robot)
    as_choice(frame, POE_FRAMES, "frame")
    as_choice(order, TWIST_ORDERS, "order")
    q_home = np.zeros(robot.n_joints)
    M = forward_kinematics(robot, q_home)
    axes, points = joint_axes_and_origins(robot, q_home)
    pitches = [0.0 if link.is_revolute else np.inf for link in robot.links]
    S = np.stack(
        [screw_axis(z, o, h, order) for z, o, h in zip(axes, points, pitches, strict=True)], axis=1
    )
    if frame == "body":
        S = adjoint(invert_transform(M), order) @ S
    return M, S


def forward_kinematics_poe(
    M: ArrayLike, screw_axes: ArrayLike, q: ArrayLike, frame: str = "space", order: str = "vw"
) -> FloatArray:
    r"""Tool pose from the product of exponentials: shape (4, 4), or (..., 4, 4) for a batch ``q``.

    .. math:: T(q) = e^{[S_1]q_1} \cdots e^{[S_n]q_n} M \quad\text{(space)},\qquad
              T(q) = M e^{[B_1]q_1} \cdots e^{[B_n]q_n} \quad\text{(body)}

    References: Lynch & Park (4.14), (4.16).

    Parameters
    ----------
    M : (4, 4) array_like
        Home pose of the tool.
    screw_axes : (6, n) array_like
        Screw axes as columns, in ``frame`` and in ``order``.
    q : (n,) or (..., n) array_like
        Joint variables [rad or m].

    Examples
    --------
    >>> from coursekit.models import planar_2r
    >>> M, S = product_of_exponentials(planar_2r())
    >>> forward_kinematics_poe(M, S, [0.0, np.pi / 2])[:3, 3].round(12)
    array([1., 1., 0.])
    """
    M = as_transform(M, "M")
    S = as_array(screw_axes, (6, None), "screw_axes")
    as_choice(frame, POE_FRAMES, "frame")
    as_choice(order, TWIST_ORDERS, "order")
    n = S.shape[1]
    try:
        q = as_batch(q, (n,), "q")
    except ValueError as error:
        if "finite" in str(error):
            raise
        msg = (
            f"q needs one value per screw axis: screw_axes has {n} columns, "
            f"got shape {np.shape(q)}."
        )
        raise ValueError(msg) from None
    flat = q.reshape(-1, n)
    poses = np.empty((len(flat), 4, 4))
    for k, q_k in enumerate(flat):
        T = np.eye(4)
        for i in range(n):
            T = T @ transform_from_twist(S[:, i], q_k[i], order)
        poses[k] = T @ M if frame == "space" else M @ T
    return poses.reshape(*q.shape[:-1], 4, 4)
