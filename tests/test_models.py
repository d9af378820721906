"""The model catalogue, checked against independent sources (peer toolboxes, the books)."""

import numpy as np
import pytest

import coursekit as ck
from coursekit import models

rtb = pytest.importorskip("roboticstoolbox")

ALL_MODELS = [
    models.planar_2r,
    models.planar_3r,
    models.planar_3r_duysinx,
    models.puma560_duysinx,
    models.puma560,
    models.puma560_craig,
    models.stanford_arm,
    models.scara,
    models.rp_arm,
    models.two_link_point_masses,
    models.two_link_uniform_rods,
]


@pytest.mark.parametrize("factory", ALL_MODELS, ids=lambda f: f.__name__)
def test_every_model_builds_names_itself_and_cites_a_source(factory):
    robot = factory()
    assert robot.name
    assert factory.__doc__ and len(factory.__doc__) > 60
    q = np.zeros(robot.n_joints)
    assert ck.is_transform(ck.forward_kinematics(robot, q), tol=1e-12)


def test_corke_puma_matches_roboticstoolbox_model():
    # The toolbox's own Puma560 object is the source we cite: same kinematics and inertial data.
    peer = rtb.models.DH.Puma560()
    ours = models.puma560()
    rng = np.random.default_rng(0)
    for q in rng.uniform(-np.pi, np.pi, (5, 6)):
        assert ck.forward_kinematics(ours, q) == pytest.approx(peer.fkine(q).A, abs=1e-12)
    for link, peer_link in zip(ours.links, peer.links):
        assert link.mass == pytest.approx(peer_link.m)
        assert link.com == pytest.approx(peer_link.r)
        assert link.inertia == pytest.approx(peer_link.I)
        assert link.qlim == pytest.approx(peer_link.qlim)


def test_corke_stanford_arm_matches_roboticstoolbox_kinematics():
    peer = rtb.models.DH.Stanford()
    ours = models.stanford_arm()
    rng = np.random.default_rng(1)
    for q in rng.uniform(-1, 1, (5, 6)):
        q[2] = rng.uniform(0.3, 1.2)
        assert ck.forward_kinematics(ours, q) == pytest.approx(peer.fkine(q).A, abs=1e-12)


def test_akb_puma_in_craig_convention_has_craigs_lengths():
    robot = models.puma560_craig()
    a = [link.a for link in robot.links]
    d = [link.d for link in robot.links]
    assert abs(a[2]) == pytest.approx(0.4318) and abs(a[3]) == pytest.approx(0.0203)
    assert d[3] == pytest.approx(0.4331) and d[1] + d[2] == pytest.approx(0.1501)
    # Shoulder offset: the wrist centre stays 0.1501 m off the plane of joint 1's rotation.
    for q in np.random.default_rng(2).uniform(-np.pi, np.pi, (5, 6)):
        frames = ck.link_frames(robot, q)
        wrist = frames[4][:3, 3]
        radial = np.array([np.cos(q[0]), np.sin(q[0]), 0.0])
        tangential = np.array([-np.sin(q[0]), np.cos(q[0]), 0.0])
        offset = wrist @ tangential
        assert abs(offset) == pytest.approx(0.1501, abs=1e-12)
        assert np.isfinite(wrist @ radial)


def test_total_masses():
    assert sum(link.mass for link in models.puma560().links) == pytest.approx(23.45)
    assert sum(link.mass for link in models.puma560_craig().links) == pytest.approx(23.45)


def test_uniform_rod_inertia_about_the_joint_is_ml2_over_3():
    # Steiner: a rod about its end has m l^2 / 3, a hand result independent of the model code.
    m, length = 2.0, 0.6
    link = models.two_link_uniform_rods(m1=m, l1=length).links[0]
    r = np.array([-length, 0.0, 0.0]) - link.com
    about_joint = link.inertia + m * (r @ r * np.eye(3) - np.outer(r, r))
    assert about_joint[2, 2] == pytest.approx(m * length**2 / 3)
