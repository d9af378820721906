"""The robots of the course, each a factory that returns its DH table as a SerialRobot.

Every model cites where its numbers come from. Lengths are in metres, even where
the source book uses millimetres.
"""

from __future__ import annotations

import numpy as np

from .robot import Link, SerialRobot
from .transforms import translation

PI = np.pi
DEG = PI / 180.0
#: Planar arms move in the x-y plane, standing vertically: gravity along -y.
PLANAR_GRAVITY = (0.0, -9.81, 0.0)


def planar_2r(l1: float = 1.0, l2: float = 1.0) -> SerialRobot:
    """Planar 2R arm with link lengths ``l1`` and ``l2`` (standard DH; tip = frame {2}).

    Craig Example 5.3 puts the tip frame {3} at the end of link 2 with the
    orientation of {2}, which is exactly this robot's frame {2}.

    >>> print(planar_2r(1.0, 0.8))
    planar 2R: 2 joints, standard (distal) DH; lengths in m, angles in deg
    joint  type             a_i      alpha_i             d_i         theta_i
        1  revolute           1            0               0              q1
        2  revolute         0.8            0               0              q2
    """
    return SerialRobot(
        (Link(a=l1, alpha=0.0), Link(a=l2, alpha=0.0)), gravity=PLANAR_GRAVITY, name="planar 2R"
    )


def planar_3r(l1: float = 4.0, l2: float = 3.0, l3: float = 2.0) -> SerialRobot:
    """Craig's planar 3R arm of MATLAB Exercise 5 (modified DH) with the hand offset ``l3``.

    Frames {1}-{3} sit on the joint axes (Craig's convention); the hand frame
    {H} is {3} moved ``l3`` along x_3, given as the tool transform.
    Defaults L = (4, 3, 2) m are the exercise's data.

    >>> robot = planar_3r()
    >>> robot.convention, robot.tool[:3, 3]
    ('modified', array([2., 0., 0.]))
    """
    links = (Link(a=0.0, alpha=0.0), Link(a=l1, alpha=0.0), Link(a=l2, alpha=0.0))
    return SerialRobot(
        links,
        convention="modified",
        gravity=PLANAR_GRAVITY,
        tool=translation([l3, 0.0, 0.0]),
        name="planar 3R (Craig)",
    )


def planar_3r_duysinx(
    l0: float = 0.5, l1: float = 1.0, l2: float = 0.8, l3: float = 0.2
) -> SerialRobot:
    """Duysinx-Geradin's planar 3R arm of section 3.2 (eq. 3.2.1).

    The book measures the angles from the vertical y axis and puts the first
    joint at height ``l0``: x = l1 sin(t1) + ..., y = l0 + l1 cos(t1) + ...
    This model reproduces that with a base transform that turns the x axis up
    and mirrors nothing: base = Trans(0, l0, 0) Rot(z, 90 deg), and the angles
    then count clockwise, so the joint axes point along -z (Rot(x, 180 deg)).
    Defaults are the reference numbers of the course digest.

    >>> from coursekit.kinematics import forward_kinematics
    >>> T = forward_kinematics(planar_3r_duysinx(), np.deg2rad([30, 45, -30]))
    >>> T[:2, 3].round(6)
    array([1.414162, 1.714502])
    """
    # x-axis of {0} along +y of the world, z-axis along -z: positive angles turn from y towards x.
    R_w_0 = np.array([[0.0, 1.0, 0.0], [1.0, 0.0, 0.0], [0.0, 0.0, -1.0]])
    base = np.eye(4)
    base[:3, :3] = R_w_0
    base[:3, 3] = [0.0, l0, 0.0]
    links = tuple(Link(a=length, alpha=0.0) for length in (l1, l2, l3))
    return SerialRobot(links, gravity=PLANAR_GRAVITY, base=base, name="planar 3R (Duysinx-Geradin)")


def puma560_duysinx() -> SerialRobot:
    """PUMA 560 as in Duysinx-Geradin Table 5.1 (standard DH, simplified: no forearm offset a3).

    The book gives mm (a2 = d4 = 432, d2 = 149.5, d6 = 56.5); here they are in m.
    Joint ranges are those of Table 5.1. Kinematics only.

    >>> from coursekit.kinematics import forward_kinematics
    >>> (forward_kinematics(puma560_duysinx(), np.zeros(6))[:3, 3] * 1000).round(6)
    array([432. , 149.5, 488.5])
    """
    # fmt: off
    #        a [m]   alpha [rad]  d [m]    range [deg]
    table = [(0.0,   -PI / 2,     0.0,     (-160, 160)),
             (0.432,  0.0,        0.1495,  (-225, 45)),
             (0.0,    PI / 2,     0.0,     (-45, 225)),
             (0.0,   -PI / 2,     0.432,   (-110, 170)),
             (0.0,    PI / 2,     0.0,     (-100, 100)),
             (0.0,    0.0,        0.0565,  (-266, 266))]
    # fmt: on
    links = tuple(
        Link(a=a, alpha=alpha, d=d, qlim=(lo * DEG, hi * DEG)) for a, alpha, d, (lo, hi) in table
    )
    return SerialRobot(links, name="PUMA 560 (Duysinx-Geradin)")


def puma560() -> SerialRobot:
    """PUMA 560, standard DH, with the kinematic and inertial parameters of Corke & Armstrong-Helouvry.

    Source: P. Corke and B. Armstrong-Helouvry, "A search for consensus among
    model parameters reported for the PUMA 560 robot", ICRA 1994, as tabulated
    in Corke's Robotics Toolbox (``Puma560``, including the 26.45 in = 0.67183 m
    pedestal in d1). Motor inertia and friction are left out (the course's common ground
    with Pinocchio and modern-robotics). Joint limits after Wang & Chen (1991).

    >>> robot = puma560()
    >>> robot.n_joints, round(sum(link.mass for link in robot.links), 2)
    (6, 23.45)
    """
    # fmt: off
    #         a [m]    alpha    d [m]    mass  com [m]                    diag(I) [kg m^2]           range [deg]
    table = [(0.0,     PI / 2,  0.67183, 0.0,  (0.0, 0.0, 0.0),          (0.0, 0.35, 0.0),          (-160, 160)),
             (0.4318,  0.0,     0.0,     17.4, (-0.3638, 0.006, 0.2275), (0.13, 0.524, 0.539),      (-45, 225)),
             (0.0203, -PI / 2,  0.15005, 4.8,  (-0.0203, -0.0141, 0.070), (0.066, 0.086, 0.0125),   (-225, 45)),
             (0.0,     PI / 2,  0.4318,  0.82, (0.0, 0.019, 0.0),        (1.8e-3, 1.3e-3, 1.8e-3),  (-110, 170)),
             (0.0,    -PI / 2,  0.0,     0.34, (0.0, 0.0, 0.0),          (0.3e-3, 0.4e-3, 0.3e-3),  (-100, 100)),
             (0.0,     0.0,     0.0,     0.09, (0.0, 0.0, 0.032),        (0.15e-3, 0.15e-3, 0.04e-3), (-266, 266))]
    # fmt: on
    links = tuple(
        Link(a=a, alpha=alpha, d=d, mass=m, com=com, inertia=np.diag(I), qlim=(lo * DEG, hi * DEG))
        for a, alpha, d, m, com, I, (lo, hi) in table
    )
    return SerialRobot(links, name="PUMA 560 (Corke)")


def puma560_craig() -> SerialRobot:
    """PUMA 560 in Craig's modified DH, with the inertial parameters of Armstrong, Khatib & Burdick.

    Source: B. Armstrong, O. Khatib and J. Burdick, "The explicit dynamic model
    and inertial parameters of the PUMA 560 arm", ICRA 1986, as tabulated in
    Corke's Robotics Toolbox for MATLAB (``mdl_puma560akb``). The kinematics are
    Craig's (a2 = 0.4318 m, a3 = 0.0203 m, d4 = 0.4331 m); the shoulder offset
    d3 = 0.1501 m of Craig's table is split between d2 = 0.2435 and
    d3 = -0.0934 as AKB measured it, and their axis senses (signs of alpha and
    a3) differ from Craig's Table 3.4, so zero angles are the same "L" pose but
    some joint angles count the other way. Each link's ``com`` and ``inertia``
    are in that link's modified-DH frame.

    >>> robot = puma560_craig()
    >>> robot.convention, round(robot.links[1].d + robot.links[2].d, 4)
    ('modified', 0.1501)
    """
    # fmt: off
    #         a_{i-1}  alpha_{i-1}  d_i      mass   com [m]                 diag(I) [kg m^2]
    table = [(0.0,     0.0,         0.0,     0.0,   (0.0, 0.0, 0.0),        (0.0, 0.0, 0.35)),
             (0.0,    -PI / 2,      0.2435,  17.4,  (0.068, 0.006, -0.016), (0.13, 0.524, 0.539)),
             (0.4318,  0.0,        -0.0934,  4.8,   (0.0, -0.070, 0.014),   (0.066, 0.0125, 0.066)),
             (-0.0203, PI / 2,      0.4331,  0.82,  (0.0, 0.0, -0.019),     (1.8e-3, 1.8e-3, 1.3e-3)),
             (0.0,    -PI / 2,      0.0,     0.34,  (0.0, 0.0, 0.0),        (0.3e-3, 0.3e-3, 0.4e-3)),
             (0.0,     PI / 2,      0.0,     0.09,  (0.0, 0.0, 0.032),      (0.15e-3, 0.15e-3, 0.04e-3))]
    # fmt: on
    links = tuple(
        Link(a=a, alpha=alpha, d=d, mass=m, com=com, inertia=np.diag(I))
        for a, alpha, d, m, com, I in table
    )
    return SerialRobot(links, convention="modified", name="PUMA 560 (Craig convention, AKB 1986)")


def stanford_arm() -> SerialRobot:
    """Stanford arm (RRPRRR, standard DH), kinematics as in Corke's Robotics Toolbox ``Stanford``.

    After R. Paul, "Robot Manipulators" (1981); joint 3 is prismatic, its
    stored theta = -90 deg is a constant offset. Kinematics only.

    >>> stanford_arm().joint_types[2]
    'prismatic'
    """
    inch = 0.0254
    links = (
        Link(a=0.0, alpha=-PI / 2, d=0.412, qlim=(-170 * DEG, 170 * DEG)),
        Link(a=0.0, alpha=PI / 2, d=0.154, qlim=(-170 * DEG, 170 * DEG)),
        Link(a=0.0203, alpha=0.0, theta=-PI / 2, joint="prismatic", qlim=(12 * inch, 50 * inch)),
        Link(a=0.0, alpha=-PI / 2, qlim=(-170 * DEG, 170 * DEG)),
        Link(a=0.0, alpha=PI / 2, qlim=(-90 * DEG, 90 * DEG)),
        Link(a=0.0, alpha=0.0, qlim=(-170 * DEG, 170 * DEG)),
    )
    return SerialRobot(links, name="Stanford arm")


def scara(l1: float = 0.325, l2: float = 0.275, d1: float = 0.387) -> SerialRobot:
    """SCARA arm (RRPR, standard DH) with the dimensions of an Adept Cobra 600.

    Joint 3 is the vertical prismatic axis (pointing down after the alpha = pi
    of link 2), joint 4 turns the tool about it. Dimensions as in Corke's
    Robotics Toolbox ``Cobra600``; Duysinx-Geradin section 2.6.3 describes the
    architecture.

    >>> scara().joint_types
    ('revolute', 'revolute', 'prismatic', 'revolute')
    """
    links = (
        Link(a=l1, alpha=0.0, d=d1, qlim=(-50 * DEG, 50 * DEG)),
        Link(a=l2, alpha=PI, qlim=(-88 * DEG, 88 * DEG)),
        Link(a=0.0, alpha=0.0, joint="prismatic", qlim=(0.0, 0.21)),
        Link(a=0.0, alpha=0.0, qlim=(-360 * DEG, 360 * DEG)),
    )
    return SerialRobot(links, name="SCARA (Cobra 600)")


def rp_arm(a1: float = 1.0) -> SerialRobot:
    """Craig Exercise 5.19's RP arm: a revolute joint, then a prismatic joint offset by ``a1``.

    The tip is at (a1 c1 - d2 s1, a1 s1 + d2 c1, 0), so the slider moves at
    right angles to the offset.

    >>> from coursekit.kinematics import forward_kinematics
    >>> forward_kinematics(rp_arm(1.0), [0.0, 0.5])[:3, 3].round(12)
    array([1. , 0.5, 0. ])
    """
    links = (Link(a=a1, alpha=-PI / 2), Link(a=0.0, alpha=0.0, joint="prismatic"))
    return SerialRobot(links, gravity=PLANAR_GRAVITY, name="RP arm")


def two_link_point_masses(
    m1: float = 1.0, m2: float = 2.0, l1: float = 1.0, l2: float = 0.8
) -> SerialRobot:
    """Planar 2R arm with point masses at the link tips (Craig Example 6.3; Duysinx-Geradin 3.4).

    In standard DH frame {i} sits at the tip of link i, so each centre of mass
    is that frame's origin. Defaults are the digest's reference numbers.
    Gravity is along -y (the arm hangs in a vertical x-y plane). Duysinx-Geradin
    measure the first angle from the downward vertical instead; their numbers
    come out of this model with ``gravity=(9.81, 0, 0)`` (``dataclasses.replace``).

    >>> robot = two_link_point_masses()
    >>> [link.mass for link in robot.links]
    [1.0, 2.0]
    """
    links = (Link(a=l1, alpha=0.0, mass=m1), Link(a=l2, alpha=0.0, mass=m2))
    return SerialRobot(links, gravity=PLANAR_GRAVITY, name="2-link arm, point masses")


def two_link_uniform_rods(
    m1: float = 1.0, m2: float = 1.0, l1: float = 1.0, l2: float = 1.0
) -> SerialRobot:
    """Planar 2R arm of two slender uniform rods (centre of mass at mid-length).

    Each rod lies along x of its (distal) frame, so its centre of mass is at
    (-l/2, 0, 0) and its inertia about the centre is diag(0, m l^2/12, m l^2/12).

    >>> two_link_uniform_rods().links[0].com
    array([-0.5,  0. ,  0. ])
    """

    def rod(m: float, length: float) -> Link:
        I_c = m * length**2 / 12.0
        return Link(
            a=length, alpha=0.0, mass=m, com=(-length / 2, 0.0, 0.0), inertia=np.diag([0.0, I_c, I_c])
        )

    return SerialRobot((rod(m1, l1), rod(m2, l2)), gravity=PLANAR_GRAVITY, name="2-link arm, uniform rods")
