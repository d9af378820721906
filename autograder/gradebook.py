"""The grading run's nbgrader gradebook: create it, read one student's scores, merge them.

Only the main process writes the main gradebook (``DIR/gradebook.db``), one student at
a time; workers grade into private copies of a template gradebook that holds the
assignment but no students.
"""

from __future__ import annotations

import shutil
import warnings
from dataclasses import dataclass
from pathlib import Path

import nbformat

from .course import run_nbgrader


@dataclass(frozen=True)
class GradedCell:
    """A grade cell of the assignment: its id, points, and whether tests score it."""

    grade_id: str
    points: float
    automatic: bool


def graded_cells(source_notebook: Path) -> list[GradedCell]:
    """The grade cells of a source notebook, in notebook order."""
    cells = []
    for cell in nbformat.read(source_notebook, as_version=4).cells:
        meta = cell.metadata.get("nbgrader", {})
        if meta.get("grade") or meta.get("task"):
            automatic = cell.cell_type == "code" and not meta.get("solution") and not meta.get("task")
            cells.append(GradedCell(meta["grade_id"], float(meta.get("points", 0)), automatic))
    return cells


def create_gradebook(out: Path, assignment: str, solutions: Path) -> Path:
    """Run ``nbgrader generate_assignment`` into ``out``; return the student-free template.

    nbgrader creates ``out/gradebook.db`` (its alembic migrations run) with the
    assignment's cells, hidden tests included, read from ``solutions/<assignment>``.
    """
    result = run_nbgrader(["generate_assignment", assignment, "--force"],
                          root=out, source=solutions, build=out)
    if result.returncode != 0 or not (out / "gradebook.db").is_file():
        msg = f"nbgrader could not generate {assignment}:\n{result.stdout}\n{result.stderr}"
        raise RuntimeError(msg)
    template = out / "work" / "template.db"
    template.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(out / "gradebook.db", template)
    from nbgrader.api import Gradebook

    with Gradebook(f"sqlite:///{template}") as gradebook:
        for student in list(gradebook.students):
            gradebook.remove_student(student.id)
    return template


def student_scores(db: Path, assignment: str, notebook: str, student: str) -> dict[str, dict]:
    """``{grade_id: {auto_score, manual_score, needs_manual_grade}}`` of one student."""
    from nbgrader.api import Gradebook

    with Gradebook(f"sqlite:///{db}") as gradebook:
        submitted = gradebook.find_submission_notebook(notebook, assignment, student)
        return {
            grade.name: {"auto_score": grade.auto_score, "manual_score": grade.manual_score,
                         "needs_manual_grade": grade.needs_manual_grade}
            for grade in submitted.grades
        }


def merge_scores(db: Path, assignment: str, notebook: str, student: str,
                 scores: dict[str, dict]) -> None:
    """Replace ``student``'s submission in the main gradebook by ``scores``."""
    from nbgrader.api import Gradebook, MissingEntry
    from sqlalchemy.exc import SAWarning

    with Gradebook(f"sqlite:///{db}") as gradebook, warnings.catch_warnings():
        # nbgrader's add_submission trips SQLAlchemy autoflush warnings that are harmless.
        warnings.simplefilter("ignore", SAWarning)
        gradebook.update_or_create_student(student)
        try:
            gradebook.find_submission(assignment, student)
        except MissingEntry:
            pass
        else:
            gradebook.remove_submission(assignment, student)
        gradebook.add_submission(assignment, student)
        for grade_id, values in scores.items():
            grade = gradebook.find_grade(grade_id, notebook, assignment, student)
            for key, value in values.items():
                setattr(grade, key, value)
        gradebook.db.commit()
