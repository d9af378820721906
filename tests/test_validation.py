"""The shared input checks: each failure names the argument, the rule and what came."""

import numpy as np
import pytest

from coursekit import _validation as v


def test_ragged_lists_are_reported_as_non_numeric():
    with pytest.raises(TypeError, match="q must be numeric, got list"):
        v.as_float_array([[1, 2], [3]], "q")


def test_sympy_values_point_to_the_symbolic_module():
    sympy = pytest.importorskip("sympy")
    with pytest.raises(TypeError, match=r"R must be numeric, got a sympy .*coursekit.symbolic"):
        v.as_rotation(sympy.eye(3), "R")


def test_shape_messages_use_n_for_free_axes():
    with pytest.raises(ValueError, match=r"x must have shape \(n,\), got shape \(2, 2\)"):
        v.as_array(np.zeros((2, 2)), (None,), "x")


def test_rotation_checks():
    assert v.as_rotation(np.eye(3)) == pytest.approx(np.eye(3))
    with pytest.raises(ValueError, match="entries differ from I by up to 0.21"):
        v.as_rotation(np.eye(3) * 1.1)
    nearly = np.eye(3) + 1e-8
    assert v.as_rotation(nearly).shape == (3, 3)  # within the documented tolerance


def test_choices_and_positive_numbers():
    assert v.as_choice("base", ("base", "tool"), "frame") == "base"
    with pytest.raises(ValueError, match="frame must be one of 'base', 'tool', got 'world'"):
        v.as_choice("world", ("base", "tool"), "frame")
    with pytest.raises(ValueError, match="dt must be > 0, got 0.0"):
        v.as_positive(0.0, "dt")
    with pytest.raises(ValueError, match="mass must be finite"):
        v.as_positive(np.nan, "mass")


def test_batches_keep_their_leading_axes():
    assert v.as_batch(np.zeros((2, 5, 4, 4)), (4, 4), "T").shape == (2, 5, 4, 4)
    with pytest.raises(ValueError, match=r"T must have shape \(\.\.\., 4, 4\), got shape \(4,\)"):
        v.as_batch(np.zeros(4), (4, 4), "T")
