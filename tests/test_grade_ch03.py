"""`python -m autograder demo`: the real ch03 chapter graded once with nbgrader.

The solution notebook must earn every auto-graded point (19, the sum of the points of
the chapter's eight test cells), the released student notebook none.
"""

import csv

from autograder.course import SOLUTIONS
from autograder.demo import CHAPTER, WRONG_CELL, demo
from autograder.gradebook import graded_cells


def test_demo_grades_ch03_samples(tmp_path):
    cells = graded_cells(SOLUTIONS / CHAPTER / f"{CHAPTER}.ipynb")
    automatic = [cell for cell in cells if cell.automatic]
    assert len(automatic) == 8 and sum(cell.points for cell in automatic) == 19
    lines: list[str] = []
    rows = {row.student: row for row in demo(workers=2, out=tmp_path / "out", echo=lines.append)}
    assert set(rows) == {"correct", "blank", "partly_wrong", "broken"}
    assert (rows["correct"].total, rows["correct"].max) == (19, 19)
    assert rows["blank"].total == 0
    wrong_check = f"{WRONG_CELL}_check"
    assert rows["partly_wrong"].cells[wrong_check] == 0
    assert 0 < rows["partly_wrong"].total < 19
    assert rows["broken"].status.startswith("failed: not valid JSON")
    manual = [cell.grade_id for cell in cells if not cell.automatic]
    assert rows["correct"].status == f"graded (manual grading pending: {', '.join(manual)})"
    assert any("4 submissions: 3 graded, 1 failed" in line for line in lines)
    with (tmp_path / "out" / "grades.csv").open(newline="") as handle:
        table = {row["student_id"]: row for row in csv.DictReader(handle)}
    assert table["correct"]["total"] == "19" and table["blank"]["total"] == "0"
    for page in (tmp_path / "out" / "feedback").glob("*/*.html"):
        assert "HIDDEN TESTS" not in page.read_text(), page
