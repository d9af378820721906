"""Counting freedoms: Grübler-Kutzbach mobility, independent loops, and limb connectivity.

A mechanism of ``n_bodies`` moving bodies (the fixed base is *not* counted, as
in Duysinx-Geradin; Modern Robotics and Tsai count it) joined by joints of
``f_j`` freedoms each has mobility ``M = lambda (n_B - n_J) + sum f_j``, where
``lambda`` is 6 in space and 3 for planar or spherical mechanisms. The count is
a rule of thumb: it is wrong when loop constraints are redundant (parallel
linkages such as the pantograph of Duysinx-Geradin Fig. 2.3.4c).

Joints are given as numbers of freedoms or as letters: the lower pairs R
(revolute), P (prismatic), H (helical/screw), C (cylindrical), S (spherical),
E (planar), and U (universal/Hooke joint, two crossed R).
"""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np

from ._validation import as_choice

#: Freedoms of each joint letter (Duysinx-Geradin section 2.2, Fig. 2.2.5).
JOINT_FREEDOMS = {"R": 1, "P": 1, "H": 1, "C": 2, "U": 2, "S": 3, "E": 3}

#: Freedoms of one free body, lambda, in each kind of space.
SPACE_FREEDOMS = {"spatial": 6, "planar": 3, "spherical": 3}

#: Joint letters that make sense in each space (planar: axes normal to the plane;
#: spherical: revolute axes through one point).
_LETTERS = {"spatial": "RPHCUSE", "planar": "RP", "spherical": "R"}


def _whole_number(value: object, name: str, minimum: int) -> int:
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
        msg = f"{name} must be a whole number, got {value!r}."
        raise TypeError(msg)
    if value < minimum:
        msg = f"{name} must be >= {minimum}, got {value}."
        raise ValueError(msg)
    return int(value)


def _space_freedoms(space: str) -> int:
    return SPACE_FREEDOMS[as_choice(space, tuple(SPACE_FREEDOMS), "space")]


def joint_freedoms(joints: Iterable[int | str] | str, space: str = "spatial") -> list[int]:
    """Freedoms of each joint, from letters (``"RUSR"``) or numbers (``[1, 2, 3, 1]``).

    A joint has between 1 and lambda - 1 freedoms (5 in space, 2 in the plane):
    a joint with none is a weld, one with lambda is no joint at all.

    >>> joint_freedoms("RUSR")
    [1, 2, 3, 1]
    >>> joint_freedoms("RS", space="planar")
    Traceback (most recent call last):
    ...
    ValueError: joints[1] must be one of the planar joints R, P or a number of freedoms ... got 'S'.
    """
    lam = _space_freedoms(space)
    letters = _LETTERS[space]
    if not isinstance(joints, Iterable):
        msg = (
            "joints must list the joints, as letters ('RRRR') or freedoms ([1, 1, 1, 1]), "
            f"got {type(joints).__name__}."
        )
        raise TypeError(msg)
    freedoms = []
    for i, joint in enumerate(joints):
        if isinstance(joint, str) and joint.upper() in letters and len(joint) == 1:
            freedoms.append(JOINT_FREEDOMS[joint.upper()])
        elif (
            not isinstance(joint, (str, bool))
            and isinstance(joint, (int, np.integer))
            and 1 <= joint < lam
        ):
            freedoms.append(int(joint))
        else:
            allowed = ", ".join(letters)
            msg = (
                f"joints[{i}] must be one of the {space} joints {allowed} or a number of "
                f"freedoms from 1 to {lam - 1}, got {joint!r}."
            )
            raise ValueError(msg)
    return freedoms


def mobility(n_bodies: int, joints: Iterable[int | str] | str, space: str = "spatial") -> int:
    r"""Grübler-Kutzbach mobility :math:`M = \lambda (n_B - n_J) + \sum_j f_j`.

    ``n_bodies`` counts the moving bodies only (not the fixed base); ``joints``
    lists every joint (letters or freedoms); ``space`` is ``"spatial"``
    (lambda = 6), ``"planar"`` or ``"spherical"`` (lambda = 3). M = 1: a
    mechanism with one input; M = 0: a statically determinate structure;
    M < 0: a hyperstatic one. An open chain of R/P joints has M = n_J.

    References: Duysinx-Geradin (2.4.1)-(2.4.4); Modern Robotics (2.4).

    Planar four-bar (3 moving links, 4 revolute joints), and the Stewart
    platform (6 legs of 2 bodies each, plus the top plate):

    >>> mobility(3, "RRRR", space="planar"), mobility(13, "UPS" * 6)
    (1, 6)
    """
    n_bodies = _whole_number(n_bodies, "n_bodies", 0)
    lam = _space_freedoms(space)
    freedoms = joint_freedoms(joints, space)
    return lam * (n_bodies - len(freedoms)) + sum(freedoms)


def independent_loops(n_bodies: int, n_joints: int) -> int:
    """Number of independent closed loops ``n_L = n_J - n_B`` (moving bodies, base not counted).

    Zero for an open tree, where every body hangs from exactly one joint.
    References: Duysinx-Geradin (2.3.1), (2.3.2).

    >>> independent_loops(7, 11)
    4
    """
    n_bodies = _whole_number(n_bodies, "n_bodies", 0)
    n_joints = _whole_number(n_joints, "n_joints", 0)
    if n_joints < n_bodies:
        msg = (
            f"n_joints must be >= n_bodies for a connected mechanism (every moving body needs "
            f"a joint on its way to the base), got n_joints={n_joints}, n_bodies={n_bodies}."
        )
        raise ValueError(msg)
    return n_joints - n_bodies


def connectivity_sum(dof: int, space: str = "spatial") -> int:
    r"""Total limb connectivity of a symmetric parallel manipulator, :math:`(\lambda+1)F - \lambda`.

    A symmetric parallel manipulator of ``dof`` = F freedoms has F identical
    limbs between base and platform, hence F - 1 independent loops; Grübler
    then asks the limbs' joints to supply :math:`F + \lambda(F - 1)` freedoms.
    :math:`C_k` is the number of freedoms of limb k (the sum of its joints').

    References: Tsai's connectivity relation, as in METR 4202 Lecture 4
    (dynamics-notes digest, Part 2 (PM1) and Part 4.11).

    >>> connectivity_sum(3), connectivity_sum(3, space="planar")
    (15, 9)
    """
    dof = _whole_number(dof, "dof", 1)
    lam = _space_freedoms(space)
    return (lam + 1) * dof - lam


def limb_connectivity(dof: int, space: str = "spatial") -> int:
    """Freedoms each limb of a symmetric parallel manipulator with ``dof`` freedoms must have.

    :func:`connectivity_sum` shared equally by the ``dof`` limbs. Refused when
    that is not a whole number (no symmetric design exists) or when ``dof``
    exceeds the freedoms of the space.

    >>> limb_connectivity(6), limb_connectivity(3), limb_connectivity(3, space="planar")
    (6, 5, 3)
    >>> limb_connectivity(4)
    Traceback (most recent call last):
    ...
    ValueError: no symmetric spatial manipulator has dof = 4: its 4 limbs would share 22 ...
    """
    dof = _whole_number(dof, "dof", 1)
    lam = _space_freedoms(space)
    if dof > lam:
        msg = f"dof must be <= {lam} in a {space} mechanism, got {dof}."
        raise ValueError(msg)
    total = connectivity_sum(dof, space)
    if total % dof:
        msg = (
            f"no symmetric {space} manipulator has dof = {dof}: its {dof} limbs would share "
            f"{total} freedoms, {total / dof:g} each."
        )
        raise ValueError(msg)
    return total // dof
