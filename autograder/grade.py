"""Grade a batch of submissions of one chapter with nbgrader (``python -m autograder grade``).

Layout of the output folder ``DIR``:

- ``gradebook.db``: nbgrader's gradebook (made by ``generate_assignment`` from ``solutions/``),
  into which each graded student is merged by this process alone, one at a time;
- ``grades.csv``: student id, assignment, total, max, one column per grade cell, status;
- ``feedback/<student>/<notebook>.html``: nbgrader feedback without hidden tests;
- ``autograded/<student>/<assignment>/``: the executed notebooks;
- ``work/<student>/``: the private course root each student was graded in;
- ``grading_state.json``: checksums that let a re-run skip unchanged submissions.
"""

from __future__ import annotations

import csv
import hashlib
import json
import queue
import shutil
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor, as_completed
from dataclasses import asdict, dataclass, field
from pathlib import Path

import nbformat

from .course import SOLUTIONS, chapters
from .gradebook import GradedCell, create_gradebook, graded_cells, merge_scores, student_scores
from .student import Grader, StudentJob
from .submissions import Submission, collect_submissions

STATE_VERSION = 1


@dataclass
class Row:
    """One line of grades.csv."""

    student: str
    assignment: str
    total: float
    max: float
    cells: dict[str, float | None] = field(default_factory=dict)
    status: str = ""


def _fingerprint(folder: Path, cell_timeout: int) -> str:
    digest = hashlib.sha256(f"v{STATE_VERSION} timeout={cell_timeout}".encode())
    for path in sorted(p for p in folder.rglob("*") if p.is_file()):
        digest.update(str(path.relative_to(folder)).encode() + path.read_bytes())
    return digest.hexdigest()


def _failed_row(assignment: str, cells: list[GradedCell], student: str, reason: str) -> Row:
    scores = {cell.grade_id: 0.0 if cell.automatic else None for cell in cells}
    return Row(student, assignment, 0.0, sum(c.points for c in cells if c.automatic), scores,
               f"failed: {reason}")


def _grade_ids(data: bytes) -> set[str]:
    notebook = nbformat.reads(data.decode("utf-8"), as_version=4)
    return {cell.metadata.get("nbgrader", {}).get("grade_id") for cell in notebook.cells} - {None}


def _timed_out_cells(autograded: Path) -> list[str]:
    if not autograded.is_file():
        return []
    found = []
    for index, cell in enumerate(nbformat.read(autograded, as_version=4).cells):
        if any(out.get("ename") == "CellTimeoutError" for out in cell.get("outputs", [])):
            found.append(cell.metadata.get("nbgrader", {}).get("grade_id") or f"cell {index + 1}")
    return found


def _graded_row(assignment: str, cells: list[GradedCell], submission: Submission,
                scores: dict[str, dict], timed_out: list[str]) -> tuple[Row, dict[str, dict]]:
    """The csv row of an autograded student, and the scores to store (missing cells score 0)."""
    present = _grade_ids(submission.data)
    missing = [c.grade_id for c in cells if c.automatic and c.grade_id not in present]
    for grade_id in missing:
        scores[grade_id] = {"auto_score": 0.0, "manual_score": None, "needs_manual_grade": False}
    values: dict[str, float | None] = {}
    pending = []
    for cell in cells:
        score = scores.get(cell.grade_id, {})
        value = score.get("manual_score")
        value = score.get("auto_score") if value is None else value
        if cell.automatic:
            values[cell.grade_id] = float(value or 0.0)
        else:
            values[cell.grade_id] = None if value is None else float(value)
            if value is None:
                pending.append(cell.grade_id)
    notes = [submission.note] if submission.note else []
    if timed_out:
        notes.append(f"timed out: {', '.join(timed_out)}")
    if missing:
        notes.append(f"grade cells missing from the submission (scored 0): {', '.join(missing)}")
    if pending:
        notes.append(f"manual grading pending: {', '.join(pending)}")
    status = "graded" + (f" ({'; '.join(notes)})" if notes else "")
    total = sum(v for v in values.values() if v is not None)
    maximum = sum(c.points for c in cells if c.automatic)
    return Row(submission.student, assignment, total, maximum, values, status), scores


def _prepare_private_root(out: Path, template: Path, submission: Submission, assignment: str) -> Path:
    root = out / "work" / submission.student
    if root.exists():
        shutil.rmtree(root)
    target = root / "submitted" / submission.student / assignment / f"{submission.notebook}.ipynb"
    target.parent.mkdir(parents=True)
    shutil.copyfile(template, root / "gradebook.db")
    target.write_bytes(submission.data)
    return root


def _publish(out: Path, root: Path, assignment: str, submission: Submission) -> None:
    """Copy the feedback and autograded notebook of a private root into ``out``."""
    student, name = submission.student, submission.notebook
    feedback = root / "feedback" / student / assignment / f"{name}.html"
    if feedback.is_file():
        (out / "feedback" / student).mkdir(parents=True, exist_ok=True)
        shutil.copyfile(feedback, out / "feedback" / student / f"{name}.html")
    autograded = out / "autograded" / student / assignment
    if autograded.exists():
        shutil.rmtree(autograded)
    if (root / "autograded" / student / assignment).is_dir():
        shutil.copytree(root / "autograded" / student / assignment, autograded)


def _forget_outputs(out: Path, student: str) -> None:
    for folder in (out / "feedback" / student, out / "autograded" / student):
        if folder.exists():
            shutil.rmtree(folder)


def write_csv(path: Path, rows: list[Row], cells: list[GradedCell]) -> None:
    """Write grades.csv: fixed columns, one column per grade cell, then the status."""
    def number(value):
        return "" if value is None else f"{value:g}"

    with path.open("w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow(["student_id", "assignment", "total", "max",
                         *[c.grade_id for c in cells], "status"])
        for row in sorted(rows, key=lambda r: r.student):
            writer.writerow([row.student, row.assignment, number(row.total), number(row.max),
                             *[number(row.cells.get(c.grade_id)) for c in cells], row.status])


def summary_table(rows: list[Row]) -> str:
    """A plain-text table of the run: one line per student, then counts."""
    width = max([len("student")] + [len(r.student) for r in rows])
    lines = [f"{'student':<{width}}  {'score':>9}  status", "-" * (width + 30)]
    for row in sorted(rows, key=lambda r: r.student):
        lines.append(f"{row.student:<{width}}  {f'{row.total:g}/{row.max:g}':>9}  {row.status}")
    failed = sum(r.status.startswith("failed") for r in rows)
    lines.append(f"{len(rows)} submissions: {len(rows) - failed} graded, {failed} failed")
    return "\n".join(lines)


def grade(assignment: str, submissions: Path, out: Path, *, workers: int = 1,
          cell_timeout: int = 60, student_timeout: float | None = None,
          solutions: Path = SOLUTIONS, echo: Callable[[str], None] = print) -> list[Row]:
    """Grade every submission of ``assignment`` found in ``submissions`` into ``out``.

    Students whose submission (and the assignment source) did not change since the
    last run into ``out`` are not graded again. Returns the rows of grades.csv.
    """
    available = chapters(solutions)
    if assignment not in available:
        msg = f"no chapter named {assignment} in {solutions} (chapters: {', '.join(available) or 'none'})."
        raise ValueError(msg)
    if workers < 1 or cell_timeout < 1:
        msg = f"--workers and --timeout must be at least 1, got {workers} and {cell_timeout}."
        raise ValueError(msg)
    source = solutions / assignment
    notebooks = sorted(p.stem for p in source.glob("*.ipynb"))
    cells = graded_cells(source / f"{assignment}.ipynb")
    if notebooks != [assignment]:
        msg = f"grading needs exactly one notebook in {source}, found {notebooks}."
        raise ValueError(msg)
    out = Path(out).resolve()
    out.mkdir(parents=True, exist_ok=True)
    found = collect_submissions(Path(submissions), assignment, notebooks)

    state_file = out / "grading_state.json"
    fingerprint = _fingerprint(source, cell_timeout)
    state = json.loads(state_file.read_text()) if state_file.is_file() else {}
    template = out / "work" / "template.db"
    if state.get("fingerprint") != fingerprint or not template.is_file():
        echo(f"preparing the gradebook of {assignment} in {out}")
        template = create_gradebook(out, assignment, source.parent.resolve())
        state = {"fingerprint": fingerprint, "students": {}}
    known = state["students"]

    def save() -> None:
        state_file.write_text(json.dumps(state, indent=1, sort_keys=True))

    code_cells = sum(c.cell_type == "code" for c in
                     nbformat.read(source / f"{assignment}.ipynb", as_version=4).cells)
    wall = student_timeout or cell_timeout * (code_cells + 2) + 120
    rows: dict[str, Row] = {}
    to_grade: list[Submission] = []
    for submission in found:
        previous = known.get(submission.student)
        if previous and previous["checksum"] == submission.checksum:
            rows[submission.student] = Row(**previous["row"])
            echo(f"{submission.student}: unchanged, kept {previous['row']['status']}")
        elif submission.problem:
            _forget_outputs(out, submission.student)
            row = _failed_row(assignment, cells, submission.student, submission.problem)
            rows[submission.student] = row
            known[submission.student] = {"checksum": submission.checksum, "row": asdict(row)}
            echo(f"{submission.student}: {row.status}")
        else:
            to_grade.append(submission)
    save()

    graders: queue.Queue[Grader] = queue.Queue()
    for number in range(min(workers, len(to_grade))):
        graders.put(Grader(out / "work" / f"grader-{number + 1}.log"))

    def run(job: StudentJob) -> dict:
        grader = graders.get()
        try:
            return grader.grade(job, wall)
        finally:
            graders.put(grader)

    with ThreadPoolExecutor(max_workers=workers) as pool:
        futures = {}
        for submission in to_grade:
            root = _prepare_private_root(out, template, submission, assignment)
            job = StudentJob(str(root), str(source.parent.resolve()), assignment,
                             submission.student, cell_timeout)
            futures[pool.submit(run, job)] = (submission, root)
        for future in as_completed(futures):
            submission, root = futures[future]
            result = future.result()
            _forget_outputs(out, submission.student)
            if result["ok"]:
                scores = student_scores(root / "gradebook.db", assignment, submission.notebook,
                                        submission.student)
                autograded = (root / "autograded" / submission.student / assignment
                              / f"{submission.notebook}.ipynb")
                row, scores = _graded_row(assignment, cells, submission, scores,
                                          _timed_out_cells(autograded))
                if result["reason"]:  # graded, but e.g. the feedback page is missing
                    row.status += f" [{result['reason']}]"
                merge_scores(out / "gradebook.db", assignment, submission.notebook,
                             submission.student, scores)
                _publish(out, root, assignment, submission)
                echo(f"{submission.student}: {row.total:g}/{row.max:g} {row.status}")
            else:
                row = _failed_row(assignment, cells, submission.student, result["reason"])
                (root / "grader.log").write_text(result["log"])
                echo(f"{submission.student}: {row.status} (log: {root / 'grader.log'})")
            rows[submission.student] = row
            known[submission.student] = {"checksum": submission.checksum, "row": asdict(row)}
            save()
    while not graders.empty():
        graders.get().close()

    result_rows = [rows[s] for s in sorted(rows)]
    write_csv(out / "grades.csv", result_rows, cells)
    echo(summary_table(result_rows))
    echo(f"wrote {out / 'grades.csv'}")
    return result_rows
