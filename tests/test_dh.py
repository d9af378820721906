"""One DH link transform in each convention, against products of elementary motions and the books."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import coursekit as ck

angles = st.floats(-np.pi, np.pi)
lengths = st.floats(-2.0, 2.0)


def Rx(t):
    return ck.transform(ck.rot_x(t), np.zeros(3))


def Rz(t):
    return ck.transform(ck.rot_z(t), np.zeros(3))


def Tx(a):
    return ck.translation([a, 0, 0])


def Tz(d):
    return ck.translation([0, 0, d])


@settings(max_examples=50, deadline=None)
@given(lengths, angles, lengths, angles)
def test_standard_dh_is_rz_tz_tx_rx(a, alpha, d, theta):
    expected = Rz(theta) @ Tz(d) @ Tx(a) @ Rx(alpha)
    assert ck.dh_transform(a, alpha, d, theta) == pytest.approx(expected, abs=1e-12)


@settings(max_examples=50, deadline=None)
@given(lengths, angles, lengths, angles)
def test_modified_dh_is_rx_tx_rz_tz(a, alpha, d, theta):
    expected = Rx(alpha) @ Tx(a) @ Rz(theta) @ Tz(d)
    assert ck.modified_dh_transform(a, alpha, d, theta) == pytest.approx(expected, abs=1e-12)


def test_duysinx_puma_first_link_matrix():
    # Duysinx-Geradin (5.4.1): 0A1 = [[C1, 0, -S1, 0], [S1, 0, C1, 0], [0, -1, 0, 0], [0, 0, 0, 1]].
    t = 0.7
    c, s = np.cos(t), np.sin(t)
    expected = [[c, 0, -s, 0], [s, 0, c, 0], [0, -1, 0, 0], [0, 0, 0, 1]]
    assert ck.dh_transform(0.0, -np.pi / 2, 0.0, t) == pytest.approx(np.array(expected), abs=1e-15)


def test_duysinx_puma_second_link_matrix():
    # 1A2 = [[C2, -S2, 0, a2 C2], [S2, C2, 0, a2 S2], [0, 0, 1, d2], [0, 0, 0, 1]].
    t, a2, d2 = -0.4, 0.432, 0.1495
    c, s = np.cos(t), np.sin(t)
    expected = [[c, -s, 0, a2 * c], [s, c, 0, a2 * s], [0, 0, 1, d2], [0, 0, 0, 1]]
    assert ck.dh_transform(a2, 0.0, d2, t) == pytest.approx(np.array(expected), abs=1e-15)


def test_the_two_conventions_differ_for_the_same_numbers():
    a, alpha, d, theta = 0.3, 0.5, 0.2, 0.9
    assert not np.allclose(ck.dh_transform(a, alpha, d, theta), ck.modified_dh_transform(a, alpha, d, theta))


def test_arrays_broadcast_to_stacks():
    theta = np.linspace(0, 1, 5)
    stack = ck.dh_transform(0.5, 0.1, 0.2, theta)
    assert stack.shape == (5, 4, 4)
    for i, t in enumerate(theta):
        assert stack[i] == pytest.approx(ck.dh_transform(0.5, 0.1, 0.2, t))
    assert ck.modified_dh_transform([0.5, 0.6], 0.1, 0.2, 0.0).shape == (2, 4, 4)


def test_incompatible_shapes_are_named():
    with pytest.raises(ValueError, match="must broadcast to one shape"):
        ck.dh_transform([1.0, 2.0], 0.0, 0.0, [1.0, 2.0, 3.0])


def test_non_finite_parameters_are_refused():
    with pytest.raises(ValueError, match="alpha must be finite"):
        ck.modified_dh_transform(0.0, np.inf, 0.0, 0.0)
    with pytest.raises(TypeError, match="theta must be numeric"):
        ck.dh_transform(0.0, 0.0, 0.0, "90")
