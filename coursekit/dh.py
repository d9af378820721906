"""One Denavit-Hartenberg link transform, in either convention.

*Standard* (distal) DH, as in Duysinx-Geradin, Bona, Spong and Corke:
``T_{i-1}_{i} = Rz(theta_i) Tz(d_i) Tx(a_i) Rx(alpha_i)``; frame {i} sits at the
far end of link i and joint i moves about z_{i-1}.

Craig's *modified* (proximal) DH:
``T_{i-1}_{i} = Rx(alpha_{i-1}) Tx(a_{i-1}) Rz(theta_i) Tz(d_i)``; frame {i} sits
on joint axis i and joint i moves about z_i.

Both accept arrays (broadcast together) and then return stacks of shape (..., 4, 4).
"""

from __future__ import annotations

import numpy as np
from numpy.typing import ArrayLike

from ._validation import FloatArray, as_float_array, check_finite


def _parameters(a: ArrayLike, alpha: ArrayLike, d: ArrayLike, theta: ArrayLike) -> list[FloatArray]:
    values = [
        check_finite(as_float_array(value, name), name)
        for value, name in ((a, "a"), (alpha, "alpha"), (d, "d"), (theta, "theta"))
    ]
    try:
        return list(np.broadcast_arrays(*values))
    except ValueError:
        shapes = ", ".join(f"{n} {v.shape}" for n, v in zip(("a", "alpha", "d", "theta"), values))
        msg = f"a, alpha, d and theta must broadcast to one shape, got {shapes}."
        raise ValueError(msg) from None


def dh_transform(a: ArrayLike, alpha: ArrayLike, d: ArrayLike, theta: ArrayLike) -> FloatArray:
    r"""Pose of frame {i} in frame {i-1} for one standard (distal) DH row.

    .. math::
        {}^{i-1}T_i = \begin{bmatrix}
        c\theta & -s\theta c\alpha & s\theta s\alpha & a c\theta \\
        s\theta & c\theta c\alpha & -c\theta s\alpha & a s\theta \\
        0 & s\alpha & c\alpha & d \\ 0 & 0 & 0 & 1 \end{bmatrix}

    References: Duysinx-Geradin (5.2.2).

    >>> dh_transform(a=0.5, alpha=0.0, d=0.0, theta=np.pi / 2)[:3, 3].round(12)
    array([0. , 0.5, 0. ])
    """
    return standard_dh_stack(*_parameters(a, alpha, d, theta))


def modified_dh_transform(
    a: ArrayLike, alpha: ArrayLike, d: ArrayLike, theta: ArrayLike
) -> FloatArray:
    r"""Pose of frame {i} in frame {i-1} for one row of Craig's modified (proximal) DH table.

    Here ``a`` and ``alpha`` are Craig's :math:`a_{i-1}` and :math:`\alpha_{i-1}`:

    .. math::
        {}^{i-1}T_i = \begin{bmatrix}
        c\theta & -s\theta & 0 & a \\
        s\theta c\alpha & c\theta c\alpha & -s\alpha & -s\alpha d \\
        s\theta s\alpha & c\theta s\alpha & c\alpha & c\alpha d \\ 0 & 0 & 0 & 1 \end{bmatrix}

    References: Craig (3.6).

    >>> modified_dh_transform(a=0.5, alpha=np.pi / 2, d=0.2, theta=0.0)[:3, 3].round(12)
    array([ 0.5, -0.2,  0. ])
    """
    return modified_dh_stack(*_parameters(a, alpha, d, theta))


def standard_dh_stack(a: FloatArray, alpha: FloatArray, d: FloatArray, theta: FloatArray) -> FloatArray:
    """Standard DH transforms for already-checked arrays of one shape: (..., 4, 4), no validation.

    The unchecked core of :func:`dh_transform`, for vectorised kinematics.
    """
    ct, st = np.cos(theta), np.sin(theta)
    ca, sa = np.cos(alpha), np.sin(alpha)
    T = np.zeros((*theta.shape, 4, 4))
    T[..., 0, 0], T[..., 0, 1], T[..., 0, 2], T[..., 0, 3] = ct, -st * ca, st * sa, a * ct
    T[..., 1, 0], T[..., 1, 1], T[..., 1, 2], T[..., 1, 3] = st, ct * ca, -ct * sa, a * st
    T[..., 2, 1], T[..., 2, 2], T[..., 2, 3] = sa, ca, d
    T[..., 3, 3] = 1.0
    return T


def modified_dh_stack(a: FloatArray, alpha: FloatArray, d: FloatArray, theta: FloatArray) -> FloatArray:
    """Modified DH transforms for already-checked arrays of one shape: (..., 4, 4), no validation.

    The unchecked core of :func:`modified_dh_transform`, for vectorised kinematics.
    """
    ct, st = np.cos(theta), np.sin(theta)
    ca, sa = np.cos(alpha), np.sin(alpha)
    T = np.zeros((*theta.shape, 4, 4))
    T[..., 0, 0], T[..., 0, 1], T[..., 0, 3] = ct, -st, a
    T[..., 1, 0], T[..., 1, 1], T[..., 1, 2], T[..., 1, 3] = st * ca, ct * ca, -sa, -sa * d
    T[..., 2, 0], T[..., 2, 1], T[..., 2, 2], T[..., 2, 3] = st * sa, ct * sa, ca, ca * d
    T[..., 3, 3] = 1.0
    return T
