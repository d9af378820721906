"""Workspaces of the five basic arms (Duysinx-Geradin section 2.7) and the 2R swept area."""

import numpy as np
import pytest

import coursekit as ck
from coursekit import workspace as ws
from coursekit.models import planar_2r
from coursekit.transforms import translation

DEG = np.pi / 180

# --------------------------------------------------------------------------- #
# Volumes of the basic arms
# --------------------------------------------------------------------------- #


def test_closed_form_volumes_digest_7():
    # Digest G.3 #7 for L = 0.5 m; the book's "RPR" cylinder is the SCARA.
    expected = {"PPP": 0.125, "RPP": 1.178097, "RRP": 3.665191, "SCARA": 1.570796, "RRR": 4.188790}
    for arch, volume in expected.items():
        assert ws.workspace_volume(arch, 0.5) == pytest.approx(volume, abs=1e-6)


def test_book_roundings_and_ratio_to_the_cartesian_arm():
    # Figs 2.7.1-2.7.5: ~9, ~29, ~13, ~34 L^3; "about 30 times" the PPP volume for RRP and RRR.
    rounded = {arch: round(ws.workspace_volume(arch)) for arch in ws.ARCHITECTURES}
    assert rounded == {"PPP": 1, "RPP": 9, "RRP": 29, "SCARA": 13, "RRR": 34}


@pytest.mark.parametrize("arch", ws.ARCHITECTURES)
@pytest.mark.parametrize("L", [0.5, 1.7])
def test_monte_carlo_volume_within_two_percent(arch, L):
    estimate = ws.workspace_volume_monte_carlo(arch, L, n_samples=100_000, rng=2024)
    assert estimate == pytest.approx(ws.workspace_volume(arch, L), rel=0.02)


def test_monte_carlo_is_reproducible_with_a_seed():
    first = ws.workspace_volume_monte_carlo("RRP", 1.0, 20_000, rng=5)
    rng = np.random.default_rng(5)
    assert ws.workspace_volume_monte_carlo("RRP", 1.0, 20_000, rng=rng) == first


@pytest.mark.parametrize("arch", ws.ARCHITECTURES)
def test_every_sampled_tool_point_is_judged_reachable(arch):
    robot = ws.basic_arm(arch, 0.8)
    points = ws.workspace_points(robot, 5000, rng=11)
    assert np.all(ws.is_reachable_by_basic_arm(arch, points, 0.8))
    # And the cloud fills the predicted extent (the box of the closed-form shape).
    low, high = ws._bounding_box(arch, 0.8)
    assert points.min(axis=0) == pytest.approx(low, abs=0.1)
    assert points.max(axis=0) == pytest.approx(high, abs=0.1)


@pytest.mark.parametrize("arch", ws.ARCHITECTURES)
def test_points_judged_reachable_are_reached_by_numerical_ik(arch):
    robot = ws.basic_arm(arch, 1.0)
    rng = np.random.default_rng(4)
    low, high = ws._bounding_box(arch, 1.0)
    candidates = rng.uniform(low, high, size=(400, 3))
    inside = candidates[ws.is_reachable_by_basic_arm(arch, candidates)][:4]
    limits = robot.joint_limits
    for p in inside:
        reached = False
        for _ in range(6):
            q0 = rng.uniform(limits[:, 0], limits[:, 1])
            result = ck.inverse_kinematics(
                robot, translation(p), q0, position_only=True, method="dls"
            )
            if result.success:
                reached = True
                break
        assert reached, (arch, p)


def test_arms_are_the_ones_drawn_in_the_book():
    L = 1.0
    # PPP slides along z, y, x; RPP radius = extension, height = vertical slide.
    p = ck.forward_kinematics(ws.basic_arm("PPP"), [0.1, 0.2, 0.3])[:3, 3]
    assert p == pytest.approx([0.3, 0.2, 0.1])
    p = ck.forward_kinematics(ws.basic_arm("RPP"), [0.7, 0.4, 1.6])[:3, 3]
    assert (np.hypot(p[0], p[1]), p[2]) == pytest.approx((1.6, 0.4))
    # RRP: distance from the shoulder = extension; RRR folded: tip back at the shoulder.
    p = ck.forward_kinematics(ws.basic_arm("RRP"), [0.3, -1.1, 1.4])[:3, 3]
    assert np.linalg.norm(p - [0, 0, L]) == pytest.approx(1.4)
    p = ck.forward_kinematics(ws.basic_arm("RRR"), [0.3, -1.1, np.pi])[:3, 3]
    assert p == pytest.approx([0, 0, L], abs=1e-12)
    assert ws.basic_arm("SCARA").joint_types == ("revolute", "revolute", "prismatic")


# --------------------------------------------------------------------------- #
# Planar 2R swept area (section 2.7.3)
# --------------------------------------------------------------------------- #


@pytest.mark.parametrize(
    ("theta2", "area"),
    [((45, 135), 2.221441), ((0, 90), 1.570796), ((30, 150), 2.720699),
     ((90, 180), 1.5708), ((60, 120), 1.5708), ((0, 180), 3.1416)],
)
def test_swept_area_digest_table(theta2, area):
    # Digest section 2.3 (reconstructed Fig. 2.7.8) and G.3 #8: l1 = l2 = 1, 90 deg of theta1.
    got = ws.swept_area_2r(1.0, 1.0, (0.0, 90 * DEG), np.multiply(theta2, DEG))
    assert got == pytest.approx(area, abs=1e-4)


def test_swept_area_unequal_links_digest_9():
    # L = 2 and lambda = l1/l2 = 2 -> l1 = 4/3, l2 = 2/3.
    area = ws.swept_area_2r(4 / 3, 2 / 3, (0, 90 * DEG), (45 * DEG, 135 * DEG))
    assert area == pytest.approx(1.974615, abs=1e-6)


def test_equal_links_maximise_the_area():
    lam = np.linspace(0.2, 5.0, 481)
    areas = [ws.swept_area_2r(2 * x / (1 + x), 2 / (1 + x), (0, 1.0), (0.2, 2.0)) for x in lam]
    assert lam[int(np.argmax(areas))] == pytest.approx(1.0, abs=0.01)


def test_swept_area_matches_hit_or_miss_with_hand_inverse_kinematics():
    l1, l2 = 1.0, 0.6
    t1, t2 = (-30 * DEG, 100 * DEG), (20 * DEG, 150 * DEG)
    rng = np.random.default_rng(8)
    n = 200_000
    xy = rng.uniform(-(l1 + l2), l1 + l2, size=(n, 2))
    c2 = (np.sum(xy**2, axis=1) - l1**2 - l2**2) / (2 * l1 * l2)
    ok = np.abs(c2) <= 1
    q2 = np.arccos(np.clip(c2, -1, 1))  # the elbow range is positive, so the positive branch
    q1 = np.arctan2(xy[:, 1], xy[:, 0]) - np.arctan2(l2 * np.sin(q2), l1 + l2 * np.cos(q2))
    q1 = (q1 - t1[0]) % (2 * np.pi) + t1[0]
    hit = ok & (q2 >= t2[0]) & (q2 <= t2[1]) & (q1 <= t1[1])
    estimate = (2 * (l1 + l2)) ** 2 * hit.mean()
    assert ws.swept_area_2r(l1, l2, t1, t2) == pytest.approx(estimate, rel=0.02)


# --------------------------------------------------------------------------- #
# Errors
# --------------------------------------------------------------------------- #


def test_errors():
    with pytest.raises(ValueError, match="architecture must be one of 'PPP', 'RPP', 'RRP', 'RRR'"):
        ws.workspace_volume("RPR")
    with pytest.raises(ValueError, match="L must be > 0, got -1.0"):
        ws.basic_arm("RRR", -1.0)
    with pytest.raises(ValueError, match=r"joint 1 of .* has none; give its Link a qlim"):
        ws.workspace_points(planar_2r(), 10, rng=0)
    with pytest.raises(ValueError, match="n_samples must be a whole number >= 1"):
        ws.workspace_volume_monte_carlo("PPP", n_samples=0)
    with pytest.raises(TypeError, match="rng must be a numpy Generator, an int seed or None"):
        ws.workspace_volume_monte_carlo("PPP", rng="seed")
    with pytest.raises(ValueError, match=r"points must have shape \(\.\.\., 3\)"):
        ws.is_reachable_by_basic_arm("PPP", [1.0, 2.0])
    with pytest.raises(ValueError, match="theta2_range must not contain a multiple of pi"):
        ws.swept_area_2r(1, 1, (0, 1), (-0.5, 0.5))
    with pytest.raises(ValueError, match="theta1_range must span at most one turn"):
        ws.swept_area_2r(1, 1, (0, 7), (0.5, 1.5))
    with pytest.raises(ValueError, match=r"theta2_range must be \(low, high\) with low < high"):
        ws.swept_area_2r(1, 1, (0, 1), (1.5, 0.5))
