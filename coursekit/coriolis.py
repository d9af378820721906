r"""The velocity terms of the equations of motion: Christoffel symbols and Coriolis matrices.

:math:`C(q, \dot q)` is always the Christoffel form, the one for which
:math:`\dot M - 2C` is skew-symmetric; :func:`~coursekit.dynamics.coriolis_vector`
gives the product :math:`C \dot q` directly and faster. Craig's split into
centrifugal and Coriolis coefficient matrices comes from the same symbols.
See CONVENTIONS.md.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import ArrayLike

from ._chain_model import chain_model
from ._validation import FloatArray
from .dynamics import _mass_matrix
from .robot import SerialRobot

#: Step of the complex-step derivatives of M (no subtraction, so it can be tiny).
COMPLEX_STEP = 1e-20


def christoffel_symbols(robot: SerialRobot, q: ArrayLike) -> FloatArray:
    r"""Christoffel symbols of the first kind of M, (n, n, n) or (..., n, n, n).

    .. math:: \Gamma_{ijk} = \tfrac12\Big(\frac{\partial M_{ij}}{\partial q_k}
              + \frac{\partial M_{ik}}{\partial q_j} - \frac{\partial M_{jk}}{\partial q_i}\Big)
              = \Gamma_{ikj}

    Bona's :math:`h_{ijk}`. The partial derivatives of M are exact to rounding:
    complex-step differentiation (Squire & Trapp 1998) evaluates M at
    :math:`q + i h e_k`, and :math:`\partial M / \partial q_k = \mathrm{Im}\,M / h`
    with no subtraction, so the tiny step ``COMPLEX_STEP`` = 1e-20 leaves no
    truncation error.

    References: dynamics-notes (D1) (Bona slide 23); Duysinx-Geradin (6.4.18)
    corrected by erratum E42. Spong et al. index the same numbers in another order
    (dynamics-notes Part 5).

    Examples
    --------
    2R arm with point masses: :math:`\Gamma_{112} = -m_2 l_1 l_2 \sin q_2`.

    >>> from coursekit.models import two_link_point_masses
    >>> robot = two_link_point_masses(m1=1.0, m2=1.0, l1=1.0, l2=1.0)
    >>> float(christoffel_symbols(robot, [0.0, np.pi / 2])[0, 0, 1].round(12))
    -1.0
    """
    model = chain_model(robot)
    q = robot.as_joint_vector(q)
    n = model.n
    q_shifted = q[..., None, :] + 1j * COMPLEX_STEP * np.eye(n)  # row k moves q_k
    dM = _mass_matrix(model, q_shifted).imag / COMPLEX_STEP  # [..., k, i, j] = dM_ij / dq_k
    d = np.moveaxis(dM, -3, -1)  # [..., i, j, k]
    return 0.5 * (d + np.swapaxes(d, -1, -2) - np.moveaxis(d, -1, -3))


def coriolis_matrix(robot: SerialRobot, q: ArrayLike, qd: ArrayLike) -> FloatArray:
    r"""Coriolis matrix in Christoffel form, :math:`C_{ij} = \sum_k \Gamma_{ijk}\dot q_k`: (n, n).

    This is the factorisation of the velocity terms for which
    :math:`\dot M - 2C` is skew-symmetric (the property passivity-based
    controllers use); other matrices give the same :math:`C\dot q` but not that
    (Duysinx-Geradin's (6.4.18), erratum E42).

    References: dynamics-notes (D1), (S1); Lynch & Park Proposition 8.1.

    Examples
    --------
    2R arm with point masses, :math:`h = m_2 l_1 l_2 \sin q_2`:
    :math:`C = h\,[[-\dot q_2, -(\dot q_1 + \dot q_2)], [\dot q_1, 0]]`.

    >>> from coursekit.models import two_link_point_masses
    >>> robot = two_link_point_masses(m1=1.0, m2=1.0, l1=1.0, l2=1.0)
    >>> coriolis_matrix(robot, [0.0, np.pi / 2], [1.0, 1.0]).round(12)
    array([[-1., -2.],
           [ 1.,  0.]])
    """
    Gamma = christoffel_symbols(robot, q)
    qd = robot.as_joint_vector(qd, "qd")
    return (Gamma @ qd[..., None, :, None])[..., 0]


def centrifugal_and_coriolis_matrices(
    robot: SerialRobot, q: ArrayLike
) -> tuple[FloatArray, FloatArray]:
    r"""Craig's centrifugal and Coriolis coefficient matrices ``(C, B)``.

    .. math:: V(\Theta, \dot\Theta) = C(\Theta)\,[\dot\Theta^2] + B(\Theta)\,[\dot\Theta\dot\Theta]

    Returns the centrifugal matrix C (n, n), :math:`C_{ij} = \Gamma_{ijj}`, that
    multiplies :math:`[\dot\theta_1^2, \dots, \dot\theta_n^2]`, and the Coriolis
    matrix B (n, n(n-1)/2), :math:`B_{i,(jk)} = 2\Gamma_{ijk}`, that multiplies
    :math:`[\dot\theta_1\dot\theta_2, \dot\theta_1\dot\theta_3, \dots,
    \dot\theta_{n-1}\dot\theta_n]`. Batches of q give (..., n, n) and (..., n, n(n-1)/2).
    (Craig's C is not the Coriolis matrix of :func:`coriolis_matrix`.)

    References: Craig (6.63)-(6.65), Example 6.4.

    Examples
    --------
    >>> from coursekit.models import two_link_point_masses
    >>> robot = two_link_point_masses(m1=1.0, m2=1.0, l1=1.0, l2=1.0)
    >>> C, B = centrifugal_and_coriolis_matrices(robot, [0.0, np.pi / 2])
    >>> C.round(12), B.round(12)
    (array([[ 0., -1.],
           [ 1.,  0.]]), array([[-2.],
           [ 0.]]))
    """
    Gamma = christoffel_symbols(robot, q)
    n = Gamma.shape[-1]
    diagonal = np.arange(n)
    j, k = np.triu_indices(n, 1)
    return Gamma[..., :, diagonal, diagonal], 2.0 * Gamma[..., :, j, k]
