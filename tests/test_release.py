"""`make release`: student notebooks are generated from solutions/ and leak nothing."""

import json
from pathlib import Path

import nbformat
import pytest

from autograder.course import NOTEBOOKS, chapters
from autograder.release import LEAK_MARKERS, ReleaseError, release


def _tiny_course(root: Path) -> None:
    """A one-chapter nbgrader course: an implement-style exercise with visible and hidden checks."""
    nb = nbformat.v4.new_notebook()
    lecture = nbformat.v4.new_markdown_cell("Double a number.")
    answer = nbformat.v4.new_code_cell(
        "def double(x):\n    ### BEGIN SOLUTION\n    return 2 * x\n    ### END SOLUTION"
    )
    answer.metadata["nbgrader"] = {
        "solution": True, "grade": False, "locked": False, "task": False,
        "schema_version": 3, "grade_id": "double",
    }
    check = nbformat.v4.new_code_cell(
        "assert double(1) == 2\n### BEGIN HIDDEN TESTS\nassert double(21) == 42\n### END HIDDEN TESTS"
    )
    check.metadata["nbgrader"] = {
        "solution": False, "grade": True, "locked": True, "task": False, "points": 2,
        "schema_version": 3, "grade_id": "double_check",
    }
    answer.outputs = []
    nb.cells = [lecture, answer, check]
    folder = root / "solutions" / "ch99_demo"
    folder.mkdir(parents=True)
    nbformat.write(nb, folder / "ch99_demo.ipynb")
    (folder / "data.txt").write_text("a file the chapter needs\n")


def test_release_strips_solutions_and_hidden_tests(tmp_path):
    _tiny_course(tmp_path)
    written = release(
        root=tmp_path,
        solutions=tmp_path / "solutions",
        notebooks=tmp_path / "notebooks",
        build=tmp_path / "build",
    )
    assert written == [tmp_path / "notebooks" / "ch99_demo" / "ch99_demo.ipynb"]
    text = written[0].read_text()
    assert not any(marker in text for marker in LEAK_MARKERS)
    assert "return 2 * x" not in text and "double(21)" not in text
    assert "# YOUR CODE HERE" in text and "raise NotImplementedError()" in text
    assert "assert double(1) == 2" in text  # visible checks stay
    assert (tmp_path / "notebooks" / "ch99_demo" / "data.txt").is_file()
    cells = json.loads(text)["cells"]
    assert cells[2]["metadata"]["nbgrader"]["points"] == 2


def test_unknown_chapter_is_named(tmp_path):
    _tiny_course(tmp_path)
    with pytest.raises(ReleaseError, match="no chapter named ch01_nope .*chapters: ch99_demo"):
        release(["ch01_nope"], root=tmp_path, solutions=tmp_path / "solutions",
                notebooks=tmp_path / "notebooks", build=tmp_path / "build")


def test_no_student_notebook_leaks_solutions():
    for path in NOTEBOOKS.rglob("*.ipynb"):
        text = path.read_text(encoding="utf-8")
        leaked = [marker for marker in LEAK_MARKERS if marker in text]
        assert not leaked, f"{path} contains {leaked}"


def _sources(path: Path) -> list[tuple[str, str]]:
    nb = nbformat.read(path, as_version=4)
    return [(cell.cell_type, cell.source) for cell in nb.cells]


@pytest.mark.parametrize("chapter", chapters())
def test_committed_student_notebooks_are_up_to_date(chapter, tmp_path):
    written = release([chapter], notebooks=tmp_path / "notebooks", build=tmp_path / "build")
    committed = NOTEBOOKS / chapter / f"{chapter}.ipynb"
    assert committed.is_file(), f"run `make release`: {committed} is missing"
    assert _sources(written[0]) == _sources(committed), f"run `make release`: {chapter} is stale"
