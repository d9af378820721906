"""Grübler-Kutzbach mobility and Tsai's limb connectivity: the digests' cases and a property."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from coursekit import mechanisms as mech

# Duysinx-Geradin section 2.4.8 (digest section 2.3 table and G.3 #4-#5).


def test_planar_and_spherical_four_bar():
    assert mech.mobility(3, "RRRR", space="planar") == 1
    assert mech.mobility(3, [1, 1, 1, 1], space="spherical") == 1


def test_general_seven_revolute_loop():
    assert mech.mobility(6, "R" * 7) == 1


def test_spatial_four_bars():
    assert mech.mobility(3, "RUSR") == 1
    assert mech.mobility(3, [1, 2, 3, 1]) == 1
    # Two spherical joints on the coupler add its idle spin about its own axis.
    assert mech.mobility(3, "RSSR") == 2


def test_sar_antenna_planar():
    assert mech.mobility(8, "R" * 11, space="planar") == 2
    assert mech.independent_loops(8, 11) == 3


def test_five_point_wheel_suspension():
    # 5 rods, each with a U joint at the body and an S joint at the wheel carrier, plus the
    # steering input (digest's reconstruction: the text does not list the joints).
    joints = "US" * 5 + "R"
    assert sum(mech.joint_freedoms(joints)) == 26
    assert mech.independent_loops(7, len(joints)) == 4
    assert mech.mobility(7, joints) == 2


def test_serial_arms_have_one_freedom_per_joint():
    assert mech.mobility(6, "RRRRRR") == 6
    assert mech.mobility(7, "R" * 7) == 7  # Mitsubishi PA10
    assert mech.independent_loops(6, 6) == 0


def test_structures_and_hyperstatic_structures():
    assert mech.mobility(2, "RRR", space="planar") == 0  # a triangle of bars
    assert mech.mobility(3, "RRRRR", space="planar") == -1


# Dynamics-notes digest Part 4.11 (its n includes the ground, so n_bodies = n - 1) and Part 7 #6-#7.


@pytest.mark.parametrize(
    ("name", "space", "n_bodies", "limb", "limbs", "dof", "loops", "per_limb"),
    [
        ("Stewart 6-UPS", "spatial", 13, "UPS", 6, 6, 5, 6),
        ("planar 3-RRR", "planar", 7, "RRR", 3, 3, 2, 3),
        ("3-UPU", "spatial", 7, "UPU", 3, 3, 2, 5),
    ],
)
def test_parallel_manipulators(name, space, n_bodies, limb, limbs, dof, loops, per_limb):
    joints = limb * limbs
    assert mech.mobility(n_bodies, joints, space) == dof, name
    assert mech.independent_loops(n_bodies, len(joints)) == loops
    assert mech.connectivity_sum(dof, space) == per_limb * limbs
    assert mech.limb_connectivity(dof, space) == per_limb
    assert sum(mech.joint_freedoms(limb, space)) == per_limb


def test_required_limb_connectivity_exercise():
    assert mech.connectivity_sum(3) == 15 and mech.limb_connectivity(3) == 5
    assert mech.connectivity_sum(3, "planar") == 9 and mech.limb_connectivity(3, "planar") == 3


@settings(max_examples=50, deadline=None)
@given(space=st.sampled_from(["spatial", "planar"]), data=st.data())
def test_tsai_relation_agrees_with_grubler(space, data):
    # Build a symmetric manipulator: dof identical limbs, each a serial chain of 1-dof joints
    # with limb_connectivity joints, between the base and one moving platform.
    lam = 6 if space == "spatial" else 3
    dof = data.draw(st.integers(1, lam))
    try:
        per_limb = mech.limb_connectivity(dof, space)
    except ValueError:
        return  # no symmetric design with this dof
    n_bodies = dof * (per_limb - 1) + 1
    assert mech.mobility(n_bodies, "R" * (dof * per_limb), space) == dof


def test_errors():
    with pytest.raises(ValueError, match=r"joints\[1\] must be one of the planar joints R, P"):
        mech.mobility(3, "RSRR", space="planar")
    with pytest.raises(ValueError, match=r"joints\[0\] must be one of the spatial .* to 5, got 6"):
        mech.mobility(1, [6])
    with pytest.raises(ValueError, match="space must be one of 'spatial', 'planar', 'spherical'"):
        mech.mobility(3, "RRRR", space="plane")
    with pytest.raises(TypeError, match="n_bodies must be a whole number, got 2.5"):
        mech.mobility(2.5, "RR")
    with pytest.raises(ValueError, match="n_bodies must be >= 0"):
        mech.mobility(-1, "RR")
    with pytest.raises(TypeError, match=r"joints must list the joints, as letters \('RRRR'\)"):
        mech.mobility(3, 4)
    with pytest.raises(ValueError, match="n_joints must be >= n_bodies"):
        mech.independent_loops(5, 3)
    with pytest.raises(ValueError, match="no symmetric spatial manipulator has dof = 4"):
        mech.limb_connectivity(4)
    with pytest.raises(ValueError, match="dof must be <= 3 in a planar mechanism, got 4"):
        mech.limb_connectivity(4, "planar")
