"""Mass properties of one rigid body, checked against hand derivations, Craig's examples,
numerical integrals over the body's volume, Modern Robotics and finite differences."""

import modern_robotics as mr
import numpy as np
import pytest

from coursekit.rigid_body import (
    as_inertia,
    box_inertia,
    cylinder_inertia,
    euler_torque,
    parallel_axis,
    point_mass_inertia,
    rigid_body_kinetic_energy,
    rod_inertia,
    rotate_inertia,
    spatial_inertia,
    sphere_inertia,
)
from coursekit.rotations import rot_z, rotation_from_rotation_vector, skew, unskew


def _grid_midpoints(lower, upper, count):
    """Midpoints of ``count`` equal cells on each axis of a box, and the volume of one cell."""
    axes = [lo + (np.arange(count) + 0.5) * (hi - lo) / count for lo, hi in zip(lower, upper)]
    points = np.stack(np.meshgrid(*axes, indexing="ij"), axis=-1).reshape(-1, 3)
    cell = np.prod([(hi - lo) / count for lo, hi in zip(lower, upper)])
    return points, cell


def _inertia_of_points(points, masses):
    """Craig (6.16)-(6.17) as a sum: diagonal (y^2 + z^2) etc., products with a minus sign."""
    r2 = np.sum(points**2, axis=1)
    outer = points[:, :, None] * points[:, None, :]
    return np.einsum("k,kij->ij", masses, r2[:, None, None] * np.eye(3) - outer)


# --- closed forms against hand derivations and the textbooks -----------------------------


def test_box_matches_the_digest_numbers():
    # duysinx-geradin.md G.3 exercise 44: m = 2 kg, sides 0.1 x 0.2 x 0.3 m
    expected = np.diag([0.021667, 0.016667, 0.008333])
    assert box_inertia(2.0, [0.1, 0.2, 0.3]) == pytest.approx(expected, abs=1e-6)


def test_box_about_its_corner_is_craig_example_6_1():
    m, w, l, h = 3.0, 0.4, 0.7, 1.1  # x in [0, w], y in [0, l], z in [0, h]
    craig = np.array(
        [
            [m / 3 * (l**2 + h**2), -m / 4 * w * l, -m / 4 * h * w],
            [-m / 4 * w * l, m / 3 * (w**2 + h**2), -m / 4 * h * l],
            [-m / 4 * h * w, -m / 4 * h * l, m / 3 * (l**2 + w**2)],
        ]
    )
    corner = parallel_axis(box_inertia(m, [w, l, h]), m, [w / 2, l / 2, h / 2])
    assert corner == pytest.approx(craig, rel=1e-12)


def test_rod_about_its_end_is_m_l_squared_over_3():
    m, length = 2.5, 1.6
    end = parallel_axis(rod_inertia(m, length, axis="y"), m, [0.0, length / 2, 0.0])
    assert end == pytest.approx(np.diag([m * length**2 / 3, 0.0, m * length**2 / 3]), rel=1e-12)


@pytest.mark.parametrize("axis", ["x", "y", "z"])
def test_rod_and_cylinder_put_the_axis_where_asked(axis):
    k = "xyz".index(axis)
    rod = rod_inertia(6.0, 1.0, axis=axis).diagonal()
    cylinder = cylinder_inertia(6.0, 0.5, 2.0, axis=axis).diagonal()
    assert rod[k] == 0.0 and np.delete(rod, k) == pytest.approx([0.5, 0.5])
    assert cylinder[k] == pytest.approx(6.0 * 0.25 / 2)
    assert np.delete(cylinder, k) == pytest.approx([6.0 * (3 * 0.25 + 4.0) / 12] * 2)


def test_point_mass_has_inertia_only_about_other_points():
    assert point_mass_inertia(4.0) == pytest.approx(np.zeros((3, 3)))
    r = np.array([0.3, -0.2, 0.5])
    expected = 4.0 * (r @ r * np.eye(3) - np.outer(r, r))  # m r~^T r~ by hand
    assert parallel_axis(point_mass_inertia(4.0), 4.0, r) == pytest.approx(expected)


def test_thin_cylinder_becomes_a_rod_and_flat_cylinder_a_disc():
    thin = cylinder_inertia(2.0, 0.0, 3.0, axis="x")
    assert thin == pytest.approx(rod_inertia(2.0, 3.0, axis="x"))
    # a disc: m r^2 / 2 about its axis, m r^2 / 4 across (perpendicular-axis theorem)
    assert cylinder_inertia(2.0, 1.0, 0.0).diagonal() == pytest.approx([0.5, 0.5, 1.0])


# --- numerical integrals over the volume -------------------------------------------------


def test_box_equals_the_integral_over_its_volume():
    sides = np.array([0.3, 0.5, 0.8])
    points, cell = _grid_midpoints(-sides / 2, sides / 2, 60)
    density = 7.0 / np.prod(sides)
    numeric = _inertia_of_points(points, np.full(len(points), density * cell))
    assert box_inertia(7.0, sides) == pytest.approx(numeric, rel=1e-3, abs=1e-9)


@pytest.mark.parametrize("axis", ["x", "z"])
def test_cylinder_equals_the_integral_over_its_volume(axis):
    # midpoint rule in cylindrical coordinates (r, phi, s), volume element r dr dphi ds
    m, radius, height, count = 3.0, 0.4, 1.5, 80
    r = (np.arange(count) + 0.5) * radius / count
    phi = (np.arange(count) + 0.5) * 2 * np.pi / count
    s = -height / 2 + (np.arange(count) + 0.5) * height / count
    R, PHI, S = (a.ravel() for a in np.meshgrid(r, phi, s, indexing="ij"))
    volume = R * (radius / count) * (2 * np.pi / count) * (height / count)
    local = np.stack([R * np.cos(PHI), R * np.sin(PHI), S], axis=1)  # axis along z
    points = local if axis == "z" else local[:, [2, 0, 1]]  # axis along x
    numeric = _inertia_of_points(points, m * volume / (np.pi * radius**2 * height))
    expected = cylinder_inertia(m, radius, height, axis=axis)
    assert expected == pytest.approx(numeric, rel=2e-3, abs=1e-9)


def test_sphere_equals_a_monte_carlo_integral():
    rng = np.random.default_rng(7)
    points = rng.uniform(-1.0, 1.0, (400_000, 3))
    inside = points[np.sum(points**2, axis=1) <= 1.0]
    numeric = _inertia_of_points(inside, np.full(len(inside), 5.0 / len(inside)))
    assert sphere_inertia(5.0, 1.0) == pytest.approx(numeric, abs=0.02)


def test_moved_and_turned_box_equals_the_integral_of_the_moved_points():
    rng = np.random.default_rng(3)
    sides = np.array([0.2, 0.6, 0.4])
    R_a_b = rotation_from_rotation_vector(rng.normal(size=3))
    p_a = np.array([0.5, -0.3, 0.8])  # centre of the box in {a}
    points_b, cell = _grid_midpoints(-sides / 2, sides / 2, 40)
    points_a = points_b @ R_a_b.T + p_a
    numeric = _inertia_of_points(points_a, np.full(len(points_a), 2.0 / len(points_a)))
    about_origin = parallel_axis(rotate_inertia(box_inertia(2.0, sides), R_a_b), 2.0, p_a)
    assert about_origin == pytest.approx(numeric, rel=1e-3, abs=1e-6)


# --- rotation, spatial inertia, energy, Euler's equations -------------------------------


def test_rotation_keeps_trace_and_principal_moments():
    rng = np.random.default_rng(11)
    I_b = box_inertia(1.5, [0.2, 0.5, 0.9])
    R = rotation_from_rotation_vector(rng.normal(size=3))
    I_a = rotate_inertia(I_b, R)
    assert np.trace(I_a) == pytest.approx(np.trace(I_b))
    assert np.linalg.eigvalsh(I_a) == pytest.approx(np.sort(I_b.diagonal()))
    assert I_a[0, 1] != pytest.approx(0.0)  # products of inertia appear


def test_spatial_inertia_matches_modern_robotics_adjoint_transfer():
    # Lynch & Park (8.42): G_a = [Ad_T_ba]^T G_b [Ad_T_ba] with {b} at the centre of mass
    rng = np.random.default_rng(5)
    m, com = 2.3, np.array([0.1, -0.4, 0.25])
    R = rotation_from_rotation_vector(rng.normal(size=3))
    I_c = rotate_inertia(box_inertia(m, [0.3, 0.2, 0.5]), R)
    G_b = np.block([[I_c, np.zeros((3, 3))], [np.zeros((3, 3)), m * np.eye(3)]])
    T_ba = mr.RpToTrans(np.eye(3), -com)  # the body frame's origin seen from the centre of mass
    Ad = mr.Adjoint(T_ba)
    assert spatial_inertia(m, com, I_c, order="wv") == pytest.approx(Ad.T @ G_b @ Ad, abs=1e-12)


def test_spatial_inertia_gives_momentum_and_kinetic_energy():
    rng = np.random.default_rng(6)
    m, com = 1.7, rng.normal(size=3) * 0.3
    R = rotation_from_rotation_vector(rng.normal(size=3))
    I_c = rotate_inertia(cylinder_inertia(m, 0.1, 0.6), R)
    v, w = rng.normal(size=3), rng.normal(size=3)  # twist at the frame origin
    v_com = v + np.cross(w, com)
    G = spatial_inertia(m, com, I_c)
    momentum = G @ np.concatenate([v, w])
    assert momentum[:3] == pytest.approx(m * v_com)
    assert momentum[3:] == pytest.approx(I_c @ w + np.cross(com, m * v_com))  # about the origin
    energy = rigid_body_kinetic_energy(m, I_c, v_com, w)
    assert 0.5 * np.concatenate([v, w]) @ G @ np.concatenate([v, w]) == pytest.approx(energy)
    assert energy == pytest.approx(0.5 * m * v_com @ v_com + 0.5 * w @ I_c @ w)
    swapped = spatial_inertia(m, com, I_c, order="wv")
    assert swapped == pytest.approx(G[np.ix_([3, 4, 5, 0, 1, 2], [3, 4, 5, 0, 1, 2])])


def test_euler_torque_is_the_rate_of_angular_momentum():
    # A body turning along R(t) = exp(skew(r(t))): torque = d/dt (R I R^T w), by finite differences.
    I_b = box_inertia(3.0, [0.2, 0.5, 0.9]) + np.array([[0, 0.01, 0], [0.01, 0, 0], [0, 0, 0]])
    r0, r1, r2 = np.array([0.2, -0.1, 0.4]), np.array([0.7, 0.3, -0.5]), np.array([-0.2, 0.6, 0.1])

    def R(t):
        return rotation_from_rotation_vector(r0 + r1 * t + r2 * t**2)

    def w(t, h=1e-5):
        return unskew((R(t + h) - R(t - h)) / (2 * h) @ R(t).T)

    def momentum(t):
        return R(t) @ I_b @ R(t).T @ w(t)

    t, h = 0.4, 1e-4
    w_dot = (w(t + h) - w(t - h)) / (2 * h)
    rate = (momentum(t + h) - momentum(t - h)) / (2 * h)
    assert euler_torque(R(t) @ I_b @ R(t).T, w(t), w_dot) == pytest.approx(rate, rel=1e-5, abs=1e-7)


def test_euler_torque_in_body_axes_is_the_world_torque_rotated():
    rng = np.random.default_rng(9)
    I_b = box_inertia(2.0, [0.3, 0.1, 0.7])
    R = rotation_from_rotation_vector(rng.normal(size=3))
    w_b, dw_b = rng.normal(size=3), rng.normal(size=3)
    body = euler_torque(I_b, w_b, dw_b)
    world = euler_torque(R @ I_b @ R.T, R @ w_b, R @ dw_b)
    assert world == pytest.approx(R @ body)
    assert body == pytest.approx(I_b @ dw_b + skew(w_b) @ I_b @ w_b)


def test_spinning_about_a_principal_axis_needs_no_torque():
    I_c = np.diag([1.0, 2.0, 3.0])
    assert euler_torque(I_c, [0.0, 5.0, 0.0], [0.0, 0.0, 0.0]) == pytest.approx(0.0)
    # turned a little about z, the axes are no longer principal and a torque appears
    tilted = rotate_inertia(I_c, rot_z(0.3))
    assert euler_torque(tilted, [0.0, 5.0, 0.0], [0.0, 0.0, 0.0])[2] != pytest.approx(0.0)


# --- errors ------------------------------------------------------------------------------


BAD_CALLS = [
    (lambda: box_inertia(-1.0, [1, 1, 1]), ValueError, r"mass must be >= 0, got -1.0"),
    (lambda: box_inertia(1.0, [1, -1, 1]), ValueError, r"sides must be lengths >= 0"),
    (lambda: box_inertia(1.0, [1, 1]), ValueError, r"sides must have shape \(3,\), got shape"),
    (lambda: rod_inertia(1.0, 1.0, axis="w"), ValueError, r"axis must be one of 'x', 'y', 'z'"),
    (lambda: cylinder_inertia(1.0, -0.1, 1.0), ValueError, r"radius must be >= 0"),
    (lambda: sphere_inertia("heavy", 1.0), TypeError, r"mass must be numeric"),
    (lambda: point_mass_inertia(float("nan")), ValueError, r"mass must be finite"),
    (
        lambda: parallel_axis([[1, 0.5, 0], [0, 1, 0], [0, 0, 1]], 1.0, [0, 0, 1]),
        ValueError,
        r"I_c must be symmetric",
    ),
    (
        lambda: rotate_inertia(np.diag([1.0, -1.0, 1.0]), np.eye(3)),
        ValueError,
        r"I_b must be positive semi-definite",
    ),
    (
        lambda: euler_torque(np.diag([1.0, 1.0, 3.0]), [0, 0, 1], [0, 0, 0]),
        ValueError,
        r"I_c is not the inertia of a physical body: .* triangle inequality",
    ),
    (lambda: rotate_inertia(np.eye(3), 2 * np.eye(3)), ValueError, r"R_a_b must be orthonormal"),
    (
        lambda: spatial_inertia(1.0, [0, 0, 0], np.eye(3), order="vv"),
        ValueError,
        r"order must be one of 'vw', 'wv', got 'vv'",
    ),
    (
        lambda: rigid_body_kinetic_energy(1.0, np.eye(3), [1, 0], [0, 0, 0]),
        ValueError,
        r"v_com must have shape \(3,\), got shape \(2,\)",
    ),
    (lambda: euler_torque(np.eye(3), [0, 0, np.inf], [0, 0, 0]), ValueError, r"w must be finite"),
]


@pytest.mark.parametrize(("call", "error", "message"), BAD_CALLS)
def test_bad_input_is_explained(call, error, message):
    with pytest.raises(error, match=message):
        call()


def test_as_inertia_accepts_flat_bodies_at_the_limit():
    disc = cylinder_inertia(1.0, 1.0, 0.0)  # moments 1/4, 1/4, 1/2: 1/2 = 1/4 + 1/4
    assert as_inertia(disc) == pytest.approx(np.diag([0.25, 0.25, 0.5]))
