"""`python -m autograder grade`: a tiny course graded with nbgrader, good and bad submissions.

Expected scores are worked out by hand from the tiny course below: ``double`` is worth
2 points (a visible and a hidden test), ``square`` 1 point.
"""

from __future__ import annotations

import csv
import zipfile
from pathlib import Path

import nbformat
import pytest

from autograder.grade import grade
from autograder.submissions import collect_submissions, normalised_notebook, student_id_from_name

CHAPTER = "ch99_demo"
HIDDEN = "assert double(21) == 42"


def _cell(source: str, grade_id: str, points: int | None = None, solution: bool = False):
    cell = nbformat.v4.new_code_cell(source)
    cell.metadata["nbgrader"] = {
        "solution": solution, "grade": points is not None, "locked": not solution,
        "task": False, "schema_version": 3, "grade_id": grade_id,
        **({"points": points} if points else {}),
    }
    return cell


def _solution() -> nbformat.NotebookNode:
    nb = nbformat.v4.new_notebook()
    nb.cells = [
        nbformat.v4.new_markdown_cell("Two exercises."),
        _cell("def double(x):\n    ### BEGIN SOLUTION\n    return 2 * x\n    ### END SOLUTION",
              "double", solution=True),
        _cell(f"assert double(1) == 2\n### BEGIN HIDDEN TESTS\n{HIDDEN}\n### END HIDDEN TESTS",
              "double_check", points=2),
        _cell("def square(x):\n    ### BEGIN SOLUTION\n    return x * x\n    ### END SOLUTION",
              "square", solution=True),
        _cell("assert square(3) == 9", "square_check", points=1),
    ]
    return nb


def _course(root: Path) -> Path:
    folder = root / "solutions" / CHAPTER
    folder.mkdir(parents=True)
    nbformat.write(_solution(), folder / f"{CHAPTER}.ipynb")
    return root / "solutions"


def _answered(double: str, square: str = "return x * x") -> nbformat.NotebookNode:
    nb = _solution()
    nb.cells[1].source = f"def double(x):\n    {double}"
    nb.cells[3].source = f"def square(x):\n    {square}"
    return nb


def _write(folder: Path, student: str, content) -> None:
    path = folder / student / f"{CHAPTER}.ipynb"
    path.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(content, nbformat.NotebookNode):
        nbformat.write(content, path)
    elif content is None:
        path.mkdir()
    else:
        path.write_bytes(content)


def _blank() -> nbformat.NotebookNode:
    return _answered("raise NotImplementedError()", "raise NotImplementedError()")


def _missing_square_check() -> nbformat.NotebookNode:
    nb = _solution()
    del nb.cells[4]
    return nb


def _nbformat3() -> bytes:
    nb = _solution()
    return nbformat.writes(nbformat.convert(nb, 3)).encode()


def _rows(out: Path) -> dict[str, dict[str, str]]:
    with (out / "grades.csv").open(newline="") as handle:
        return {row["student_id"]: row for row in csv.DictReader(handle)}


EXPECTED = {  # student: (total, double_check, square_check, status)
    "correct": ("3", "2", "1", "graded"),
    "wrong": ("1", "0", "1", "graded"),  # only the square exercise is right
    "blank": ("0", "0", "0", "graded"),
    "loop": ("1", "0", "1", "graded (timed out: double_check)"),
    "missing": ("2", "2", "0", ("graded (grade cells missing from the submission (scored 0): "
                               "square_check)")),
    "old": ("3", "2", "1", "graded (converted from nbformat 3)"),
    "notjson": ("0", "0", "0", "failed: not valid JSON (Expecting value at line 1)"),
    "empty": ("0", "0", "0", "failed: empty file"),
    "folder": ("0", "0", "0", f"failed: {CHAPTER}.ipynb is a directory, not a notebook file"),
}


@pytest.fixture(scope="module")
def batch(tmp_path_factory):
    """The whole matrix of submissions graded once with two workers and a 3 s cell timeout."""
    root = tmp_path_factory.mktemp("course")
    solutions = _course(root)
    submissions = root / "submissions"
    _write(submissions, "correct", _solution())
    _write(submissions, "wrong", _answered("return x + 2"))
    _write(submissions, "blank", _blank())
    _write(submissions, "loop", _answered("while True:\n        pass"))
    _write(submissions, "missing", _missing_square_check())
    _write(submissions, "old", _nbformat3())
    _write(submissions, "notjson", b"this is not json")
    _write(submissions, "empty", b"")
    _write(submissions, "folder", None)
    lines: list[str] = []
    out = root / "out"
    grade(CHAPTER, submissions, out, workers=2, cell_timeout=3, solutions=solutions,
          echo=lines.append)
    return root, solutions, submissions, out, lines


def test_grades_and_statuses(batch):
    _, _, _, out, lines = batch
    rows = _rows(out)
    assert set(rows) == set(EXPECTED)
    for student, (total, double, square, status) in EXPECTED.items():
        row = rows[student]
        assert (row["total"], row["double_check"], row["square_check"], row["status"]) == (
            total, double, square, status), student
        assert row["max"] == "3" and row["assignment"] == CHAPTER
    assert list(rows["correct"]) == ["student_id", "assignment", "total", "max",
                                     "double_check", "square_check", "status"]
    # a progress line per student and the summary's count line
    for student in EXPECTED:
        assert any(line.startswith(f"{student}: ") for line in lines), student
    assert any("9 submissions: 6 graded, 3 failed" in line for line in lines)


def test_gradebook_holds_the_merged_scores(batch):
    from nbgrader.api import Gradebook

    _, _, _, out, _ = batch
    with Gradebook(f"sqlite:///{out / 'gradebook.db'}") as gradebook:
        assert gradebook.find_submission(CHAPTER, "correct").score == 3
        assert gradebook.find_submission(CHAPTER, "wrong").score == 1
        assert gradebook.find_grade("double_check", CHAPTER, CHAPTER, "loop").score == 0


def test_feedback_hides_hidden_tests(batch):
    _, _, _, out, _ = batch
    pages = sorted((out / "feedback").glob(f"*/{CHAPTER}.html"))
    assert {page.parent.name for page in pages} == {"correct", "wrong", "blank", "loop", "missing", "old"}
    for page in pages:
        text = page.read_text()
        assert "double(21)" not in text and "HIDDEN TESTS" not in text, page
        assert "double</span><span class=\"p\">(</span><span class=\"mi\">1" in text  # visible test shown
    wrong = (out / "feedback" / "wrong" / f"{CHAPTER}.html").read_text()
    assert "A test in this cell failed (AssertionError)" in wrong


def test_rerun_is_idempotent(batch):
    _, solutions, submissions, out, _ = batch
    before = (out / "grades.csv").read_bytes()
    lines: list[str] = []
    grade(CHAPTER, submissions, out, workers=2, cell_timeout=3, solutions=solutions,
          echo=lines.append)
    assert (out / "grades.csv").read_bytes() == before
    assert sum("unchanged" in line for line in lines) == len(EXPECTED)


def test_one_worker_matches_two_and_late_students_are_graded_alone(batch, tmp_path):
    _, solutions, submissions, out, _ = batch
    subset = tmp_path / "subset"
    for student in ("correct", "wrong", "notjson"):
        (subset / student).mkdir(parents=True)
        for file in (submissions / student).iterdir():
            (subset / student / file.name).write_bytes(file.read_bytes())
    single = tmp_path / "single"
    grade(CHAPTER, subset, single, workers=1, cell_timeout=3, solutions=solutions,
          echo=lambda line: None)
    one = (single / "grades.csv").read_text().splitlines()
    both = (out / "grades.csv").read_text().splitlines()
    assert one[0] == both[0] and len(one) == 4
    assert set(one[1:]) <= set(both)  # the same rows, byte for byte, as the two-worker run
    # a late student: only she is graded; the others are skipped and keep their rows
    _write(subset, "late", _answered("return x + x", "return x ** 2"))
    lines: list[str] = []
    grade(CHAPTER, subset, single, workers=1, cell_timeout=3, solutions=solutions,
          echo=lines.append)
    assert [line for line in lines if line.startswith(("correct:", "wrong:"))] == [
        "correct: unchanged, kept graded", "wrong: unchanged, kept graded"]
    assert "late: 3/3 graded" in lines
    assert set(_rows(single)) == {"correct", "wrong", "notjson", "late"}
    assert set(one[1:]) <= set((single / "grades.csv").read_text().splitlines())


def test_zip_export_names_students_by_file_name(tmp_path):
    solutions = _course(tmp_path)
    data = nbformat.writes(_solution()).encode()
    archive = tmp_path / "export.zip"
    with zipfile.ZipFile(archive, "w") as handle:
        handle.writestr("s123_ch99 final.ipynb", data)
        handle.writestr("s456/ch99_demo.ipynb", b"{")
        handle.writestr("__MACOSX/._s123_ch99.ipynb", b"junk")
    found = collect_submissions(archive, CHAPTER, [CHAPTER])
    assert [(s.student, s.problem) for s in found] == [
        ("s123", None),
        ("s456", "not valid JSON (Expecting property name enclosed in double quotes at line 1)"),
    ]
    assert found[0].data == nbformat.writes(nbformat.reads(data.decode(), 4)).encode()
    assert solutions.is_dir()


def test_submission_checks_name_the_problem():
    assert student_id_from_name("ab12_whatever_else.ipynb") == "ab12"
    with pytest.raises(ValueError, match="JSON but not a notebook"):
        normalised_notebook(b"[1, 2]")
    with pytest.raises(ValueError, match="empty file"):
        normalised_notebook(b"  \n")
    _, note = normalised_notebook(_nbformat3())
    assert note == "converted from nbformat 3"


def test_unknown_assignment_is_named(tmp_path):
    solutions = _course(tmp_path)
    with pytest.raises(ValueError, match="no chapter named ch01_nope .*chapters: ch99_demo"):
        grade("ch01_nope", tmp_path, tmp_path / "out", solutions=solutions)


def test_wall_clock_limit_kills_the_grader(tmp_path):
    """Past the per-student limit the grader process is killed and a reason is given."""
    import os

    from autograder.student import Grader, StudentJob

    grader = Grader(tmp_path / "grader.log")
    job = StudentJob(str(tmp_path), str(tmp_path), CHAPTER, "slow", cell_timeout=3)
    grader.process = grader._start()
    pid = grader.process.pid
    outcome = grader.grade(job, wall_timeout=0.2)  # nbgrader cannot even import in 0.2 s
    assert outcome == {"ok": False, "log": "",
                       "reason": "grading took longer than 0.2 s and was stopped"}
    assert grader.process is None
    with pytest.raises(ProcessLookupError):
        os.kill(pid, 0)


def test_command_line_reports_bad_arguments(tmp_path, capsys):
    from autograder.__main__ import main

    assert main(["grade", "--assignment", "ch01_nope", "--submissions", str(tmp_path),
                 "--out", str(tmp_path / "out")]) == 1
    assert "grade failed: no chapter named ch01_nope" in capsys.readouterr().err
