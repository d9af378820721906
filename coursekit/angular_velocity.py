"""Angular velocity from the rates of a rotation matrix, of Euler angles, of a quaternion.

The angular velocity ``w`` of a moving frame is expressed either in the fixed
frame (``frame="space"``, Duysinx-Geradin's global components, ``skew(w) = R_dot R^T``)
or in the moving frame itself (``frame="body"``, ``skew(w') = R^T R_dot``), with
``w = R @ w'``. See CONVENTIONS.md.
"""

from __future__ import annotations

from typing import Literal

import numpy as np
from numpy.typing import ArrayLike

from ._validation import ORTHONORMAL_TOL, FloatArray, as_array, as_batch, as_choice, as_rotation
from .euler_angles import _axes_of
from .quaternions import as_unit_quaternion
from .rotations import rot_x, rot_y, rot_z, skew, unskew

ANGULAR_VELOCITY_FRAMES = ("space", "body")
_ELEMENTARY = (rot_x, rot_y, rot_z)


def euler_rate_matrix(
    angles: ArrayLike,
    sequence: str,
    extrinsic: bool = False,
    frame: Literal["space", "body"] = "space",
) -> FloatArray:
    r"""Matrix ``E`` that turns angle rates into angular velocity: ``w = E @ angle_rates``.

    Each angle rate spins the body about its own axis, as placed by the rotations
    applied before it. For moving axes,
    :math:`\omega = \dot t_1 a_1 + \dot t_2 R_{a_1}(t_1) a_2 + \dot t_3 R_{a_1}(t_1)
    R_{a_2}(t_2) a_3`, so the columns of ``E`` are those three unit vectors. For fixed
    axes the same holds for the reversed sequence. ``frame="body"`` gives ``R.T @ E``.
    ``E`` is singular exactly at the singularity of the set (see
    :func:`coursekit.is_gimbal_lock`).

    Parameters
    ----------
    angles : array_like, shape (3,) or (..., 3)
        The angles in radians, as for :func:`coursekit.rotation_from_euler`.
    sequence : str
        One of the 12 sequences, e.g. ``"zyz"``.
    extrinsic : bool
        False: moving axes; True: fixed axes.
    frame : {"space", "body"}
        Express ``w`` in the fixed frame or in the rotated frame.

    Returns
    -------
    ndarray, shape (3, 3) or (..., 3, 3)

    References: Craig (5.41), (5.42) (Z-Y-Z); Duysinx-Geradin (4.15.2) (z-x-z),
    (4.15.3) (Bryant z-y-x).

    Examples
    --------
    Craig's Z-Y-Z matrix at alpha = beta = gamma = 0 (a singular one: beta = 0):

    >>> euler_rate_matrix([0.0, 0.0, 0.0], "zyz")
    array([[0., 0., 0.],
           [0., 1., 0.],
           [1., 0., 1.]])
    """
    axes = _axes_of(sequence)
    t = as_batch(angles, (3,), "angles")
    as_choice(frame, ANGULAR_VELOCITY_FRAMES, "frame")
    # Fixed axes a1, a2, a3 are the moving axes a3, a2, a1 with the angles reversed.
    moving_axes = axes[::-1] if extrinsic else axes
    moving_angles = t[..., ::-1] if extrinsic else t
    R_before = np.broadcast_to(np.eye(3), (*t.shape[:-1], 3, 3))
    columns = []
    for n, axis in enumerate(moving_axes):
        columns.append(R_before[..., :, axis])  # the axis as placed by the earlier rotations
        R_before = R_before @ _ELEMENTARY[axis](moving_angles[..., n])
    E = np.stack(columns[::-1] if extrinsic else columns, axis=-1)
    if frame == "body":
        # R_before is now the whole rotation R; w' = R.T w.
        return np.swapaxes(R_before, -1, -2) @ E
    return E


def angular_velocity_from_rotation_rate(
    R: ArrayLike, R_dot: ArrayLike, frame: Literal["space", "body"] = "space"
) -> FloatArray:
    """Angular velocity ``w`` of a frame from its rotation ``R`` and the rate ``R_dot``.

    ``frame="space"``: ``skew(w) = R_dot @ R.T`` (fixed-frame components);
    ``frame="body"``: ``skew(w') = R.T @ R_dot`` (moving-frame components). The
    product must be skew-symmetric, which holds whenever ``R_dot`` is the derivative
    of a rotation matrix.
    References: Duysinx-Geradin (4.14.9), (B.5.14); Craig (5.36).

    >>> R_dot = np.array([[0.0, -2.0, 0.0], [2.0, 0.0, 0.0], [0.0, 0.0, 0.0]])
    >>> angular_velocity_from_rotation_rate(np.eye(3), R_dot)  # 2 rad/s about z
    array([0., 0., 2.])
    """
    R = as_rotation(R)
    R_dot = as_array(R_dot, (3, 3), "R_dot")
    as_choice(frame, ANGULAR_VELOCITY_FRAMES, "frame")
    W = R_dot @ R.T if frame == "space" else R.T @ R_dot
    product = "R_dot @ R.T" if frame == "space" else "R.T @ R_dot"
    asymmetry = float(np.abs(W + W.T).max())
    if asymmetry > ORTHONORMAL_TOL * max(1.0, float(np.abs(W).max())):
        msg = (
            f"R_dot must be the rate of change of the rotation R, so {product} must be "
            f"skew-symmetric, but its symmetric part has entries up to {asymmetry / 2:.2g}."
        )
        raise ValueError(msg)
    return unskew(W)


def quaternion_rate_matrix(
    e: ArrayLike, frame: Literal["space", "body"] = "space"
) -> FloatArray:
    r"""The 3x4 matrix that turns quaternion rates into angular velocity: ``w = 2 E @ e_dot``.

    ``frame="space"``: :math:`E = [-\vec e,\; e_0 I + \tilde e]`, and
    ``w = 2 E @ e_dot`` in the fixed frame; ``frame="body"``:
    :math:`G = [-\vec e,\; e_0 I - \tilde e]`, and ``w' = 2 G @ e_dot`` in the moving
    frame. They also satisfy ``R = E @ G.T``, ``E @ E.T = I`` and ``E @ e = 0``.
    ``e`` must be a unit quaternion, scalar first.

    References: Duysinx-Geradin (4.15.4), (B.4.4)-(B.4.6), (B.6.1)-(B.6.4).

    >>> quaternion_rate_matrix([1.0, 0.0, 0.0, 0.0])
    array([[0., 1., 0., 0.],
           [0., 0., 1., 0.],
           [0., 0., 0., 1.]])
    """
    e = as_unit_quaternion(e)
    if e.ndim != 1:
        msg = f"e must have shape (4,), got shape {e.shape}."
        raise ValueError(msg)
    as_choice(frame, ANGULAR_VELOCITY_FRAMES, "frame")
    e0, v = e[0], e[1:]
    sign = 1.0 if frame == "space" else -1.0
    # 0.0 - v rather than -v, so that a zero part prints as 0. and not -0.
    return np.column_stack([0.0 - v, e0 * np.eye(3) + sign * skew(v)])
