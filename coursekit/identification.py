r"""Linearity of the dynamics in the inertial parameters, and least-squares identification.

The torques of a rigid robot are linear in its inertial parameters:
:math:`\tau = Y(q, \dot q, \ddot q)\,\pi`. For the planar 2R arm in a vertical
plane (gravity :math:`g` along -y, angles from the x axis, link 1 of length
:math:`L_1`, centres of mass at :math:`l_{c1}, l_{c2}` from the joints on the link
lines, central inertias :math:`I_1, I_2` about z) five *base parameters* are
enough (dynamics-notes Part 4.8, after Bona's slides 26-27):

.. math::
    \pi = \big(I_1 + m_1 l_{c1}^2 + m_2 L_1^2,\ \ I_2 + m_2 l_{c2}^2,\ \
    m_2 L_1 l_{c2},\ \ m_1 l_{c1} + m_2 L_1,\ \ m_2 l_{c2}\big)

Stacking :math:`Y` over many samples of an exciting motion and solving
:math:`\min \|Y\pi - \tau\|` gives the parameters back (:func:`identify_parameters`).
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
from numpy.typing import ArrayLike

from ._validation import FloatArray, as_batch, as_float_array, as_positive, check_finite

#: Above this condition number the stacked regressor counts as rank deficient.
RANK_CONDITION = 1e10


def base_parameters_2r(
    m1: float, m2: float, l1: float, lc1: float, lc2: float, i1: float, i2: float
) -> FloatArray:
    r"""The five base parameters :math:`\pi` of the planar 2R arm, shape (5,).

    ``m1, m2`` in kg; ``l1`` (length of link 1), ``lc1, lc2`` (centres of mass
    from joints 1 and 2, along the links) in m; ``i1, i2`` central inertias
    about z in kg m^2. Order and meaning: see the module docstring.

    References: dynamics-notes Part 4.8 and exercise D4.25 (Bona slides 26-27).

    >>> base_parameters_2r(1.3, 0.8, 0.9, 0.4, 0.3, 0.05, 0.02).round(6)
    array([0.906, 0.092, 0.216, 1.24 , 0.24 ])
    """
    values = [
        as_positive(v, name, allow_zero=True)
        for v, name in ((m1, "m1"), (m2, "m2"), (l1, "l1"), (i1, "i1"), (i2, "i2"))
    ]
    m1, m2, l1, i1, i2 = values
    lc1 = float(check_finite(as_float_array(lc1, "lc1"), "lc1"))
    lc2 = float(check_finite(as_float_array(lc2, "lc2"), "lc2"))
    return np.array(
        [
            i1 + m1 * lc1**2 + m2 * l1**2,
            i2 + m2 * lc2**2,
            m2 * l1 * lc2,
            m1 * lc1 + m2 * l1,
            m2 * lc2,
        ]
    )


def regressor_2r(
    q: ArrayLike, qd: ArrayLike, qdd: ArrayLike, l1: float, g: float = 9.81
) -> FloatArray:
    r"""Regressor :math:`Y(q,\dot q,\ddot q)` of the planar 2R arm: (2, 5) or (..., 2, 5).

    .. math::
        Y = \begin{bmatrix}
        \ddot q_1 & \ddot q_1+\ddot q_2
          & c_2(2\ddot q_1+\ddot q_2)-s_2(2\dot q_1\dot q_2+\dot q_2^2) & g\,c_1 & g\,c_{12}\\
        0 & \ddot q_1+\ddot q_2 & c_2\ddot q_1 + s_2\dot q_1^2 & 0 & g\,c_{12}
        \end{bmatrix}

    so that :math:`\tau = Y\pi` with the base parameters of :func:`base_parameters_2r`.
    ``g`` (m/s^2, >= 0) is the magnitude of gravity, which points along -y;
    ``l1`` (m) does not appear in Y but is checked, as the parameters depend on it.
    ``q``, ``qd``, ``qdd`` have shape (2,) or (..., 2) and broadcast together.

    References: dynamics-notes Part 4.8 (symbolic identity verified there);
    Bona, "Dynamics", slides 26-27.

    >>> Y = regressor_2r([0.0, np.pi / 2], [1.0, 1.0], [0.0, 0.0], l1=1.0)
    >>> Y.round(6)
    array([[ 0.  ,  0.  , -3.  ,  9.81,  0.  ],
           [ 0.  ,  0.  ,  1.  ,  0.  ,  0.  ]])
    """
    q = as_batch(q, (2,), "q")
    qd = as_batch(qd, (2,), "qd")
    qdd = as_batch(qdd, (2,), "qdd")
    as_positive(l1, "l1")
    g = as_positive(g, "g", allow_zero=True)
    try:
        shape = np.broadcast_shapes(q.shape, qd.shape, qdd.shape)
    except ValueError:
        shapes = f"{q.shape}, {qd.shape}, {qdd.shape}"
        msg = f"q, qd and qdd must broadcast together, got shapes {shapes}."
        raise ValueError(msg) from None
    q, qd, qdd = (np.broadcast_to(x, shape) for x in (q, qd, qdd))
    c1, c2, c12 = np.cos(q[..., 0]), np.cos(q[..., 1]), np.cos(q[..., 0] + q[..., 1])
    s2 = np.sin(q[..., 1])
    v1, v2 = qd[..., 0], qd[..., 1]
    a1, a2 = qdd[..., 0], qdd[..., 1]
    Y = np.zeros((*shape[:-1], 2, 5))
    Y[..., 0, 0] = a1
    Y[..., 0, 1] = Y[..., 1, 1] = a1 + a2
    Y[..., 0, 2] = c2 * (2.0 * a1 + a2) - s2 * (2.0 * v1 * v2 + v2**2)
    Y[..., 1, 2] = c2 * a1 + s2 * v1**2
    Y[..., 0, 3] = g * c1
    Y[..., 0, 4] = Y[..., 1, 4] = g * c12
    return Y


class Identification(NamedTuple):
    """Result of :func:`identify_parameters`.

    ``parameters`` (p,) is the least-squares estimate; ``residual_rms`` the RMS
    of :math:`Y\\hat\\pi - \\tau` (N m); ``condition_number`` that of the stacked
    regressor (large means poor excitation: noise is amplified by about that much).
    """

    parameters: FloatArray
    residual_rms: float
    condition_number: float


def identify_parameters(Y_stack: ArrayLike, tau_stack: ArrayLike) -> Identification:
    r"""Least-squares estimate of the parameters from stacked regressors and torques.

    Solves :math:`\min_\pi \|Y\pi - \tau\|_2` with ``numpy.linalg.lstsq``.
    ``Y_stack`` has shape (..., p) with the equations on the leading axes, e.g.
    (N, 2, 5) from :func:`regressor_2r` on N samples; ``tau_stack`` has the
    same leading shape, e.g. (N, 2).

    Raises
    ------
    ValueError
        If the samples do not excite every parameter: the stacked regressor is
        rank deficient (or its condition number exceeds 1e10).

    References: dynamics-notes Part 4.8 and Part 6.E (exact recovery from
    noise-free data); Khalil & Dombre, *Modeling, Identification and Control
    of Robots*, chapter 12.

    >>> rng = np.random.default_rng(0)
    >>> q, qd, qdd = rng.uniform(-2.0, 2.0, (3, 40, 2))
    >>> Y = regressor_2r(q, qd, qdd, l1=0.9)
    >>> pi_true = base_parameters_2r(1.3, 0.8, 0.9, 0.4, 0.3, 0.05, 0.02)
    >>> result = identify_parameters(Y, Y @ pi_true)
    >>> result.parameters.round(9)
    array([0.906, 0.092, 0.216, 1.24 , 0.24 ])
    """
    Y = check_finite(as_float_array(Y_stack, "Y_stack"), "Y_stack")
    tau = check_finite(as_float_array(tau_stack, "tau_stack"), "tau_stack")
    if Y.ndim < 2 or tau.shape != Y.shape[:-1]:
        msg = (
            "Y_stack must have shape (..., p) and tau_stack its leading shape (...), got "
            f"shapes {Y.shape} and {tau.shape}."
        )
        raise ValueError(msg)
    A, b = Y.reshape(-1, Y.shape[-1]), tau.reshape(-1)
    p = A.shape[1]
    singular_values = np.linalg.svd(A, compute_uv=False)
    rank = int(np.sum(singular_values > singular_values[0] * max(A.shape) * np.finfo(float).eps))
    condition = (
        float(singular_values[0] / singular_values[-1])
        if len(singular_values) == p and singular_values[-1] > 0
        else np.inf
    )
    if rank < p or condition > RANK_CONDITION:
        msg = (
            f"the excitation is too poor to identify {p} parameters: the stacked regressor "
            f"({A.shape[0]} equations) has rank {rank} and condition number {condition:.3g}. "
            "Move every joint, with varied positions, velocities and accelerations "
            "(for example a sum of sinusoids), or use more samples."
        )
        raise ValueError(msg)
    parameters = np.linalg.lstsq(A, b, rcond=None)[0]
    residual = float(np.sqrt(np.mean((A @ parameters - b) ** 2)))
    return Identification(parameters, residual, condition)
