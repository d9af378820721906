"""Each benchmark runs once with tiny sizes, so the scripts cannot rot (no timing is asserted)."""

import pytest

pytest.importorskip("pinocchio")

from benchmarks import library  # noqa: E402


def test_library_benchmark_runs_and_tabulates():
    rows = library.run(batch=3, number=1)
    operations = {row["operation"] for row in rows}
    assert operations == {
        "forward kinematics",
        "geometric Jacobian",
        "inverse dynamics",
        "mass matrix",
        "forward dynamics",
    }
    assert all(row["seconds"] > 0 for row in rows)
    table = library.markdown_table(rows)
    assert table.count("\n") == len(rows) + 1
    assert "| inverse dynamics | 3 | coursekit (vectorised) |" in table
