"""Every chapter through the real grading pipeline: the solution earns every auto-graded point,
the released student notebook none (ch03 is covered by tests/test_grade_ch03.py)."""

import shutil

import pytest

from autograder.course import NOTEBOOKS, SOLUTIONS, chapters
from autograder.gradebook import graded_cells
from autograder.grade import grade

CHAPTERS = [chapter for chapter in chapters() if chapter != "ch03_rotations"]


@pytest.mark.parametrize("chapter", CHAPTERS)
def test_solution_grades_full_and_blank_grades_zero(chapter, tmp_path):
    notebook = f"{chapter}.ipynb"
    automatic = [cell for cell in graded_cells(SOLUTIONS / chapter / notebook) if cell.automatic]
    assert len(automatic) >= 5, f"{chapter} needs at least 5 auto-graded exercises"
    full_marks = sum(cell.points for cell in automatic)
    submissions = tmp_path / "submissions"
    for student, source in (("solution", SOLUTIONS), ("blank", NOTEBOOKS)):
        (submissions / student).mkdir(parents=True)
        shutil.copy(source / chapter / notebook, submissions / student / notebook)
    rows = {row.student: row for row in grade(chapter, submissions, tmp_path / "out", workers=2,
                                              echo=lambda line: None)}
    assert (rows["solution"].total, rows["solution"].max) == (full_marks, full_marks), rows["solution"]
    assert rows["blank"].total == 0, rows["blank"]
