"""Generate the student notebooks from the nbgrader sources (what ``make release`` runs).

For each chapter ``solutions/<chapter>/<chapter>.ipynb``, nbgrader's
``generate_assignment`` removes the solutions (leaving ``# YOUR CODE HERE``) and
the hidden tests and clears the outputs; the result, with the chapter's other
files, is copied to ``notebooks/<chapter>/``. Student notebooks are never edited
by hand.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from .course import BUILD, NOTEBOOKS, ROOT, SOLUTIONS, chapters, run_nbgrader

#: Markers that must never reach a student notebook.
LEAK_MARKERS = ("BEGIN SOLUTION", "END SOLUTION", "BEGIN HIDDEN TESTS", "END HIDDEN TESTS")


class ReleaseError(RuntimeError):
    """nbgrader could not generate a chapter, or the result still holds solution text."""


def release(
    names: list[str] | None = None,
    *,
    root: Path = ROOT,
    solutions: Path = SOLUTIONS,
    notebooks: Path = NOTEBOOKS,
    build: Path = BUILD,
) -> list[Path]:
    """Regenerate the student version of each chapter in ``names`` (all when None).

    Returns the paths of the student notebooks written.
    """
    available = chapters(solutions)
    names = available if names is None else list(names)
    unknown = [name for name in names if name not in available]
    if unknown:
        known = ", ".join(available) or "none"
        msg = f"no chapter named {', '.join(unknown)} in {solutions} (chapters: {known})."
        raise ReleaseError(msg)
    written = []
    for name in names:
        result = run_nbgrader(
            ["generate_assignment", name, "--force"], root=root, source=solutions, build=build
        )
        generated = build / "release" / name
        if result.returncode != 0 or not (generated / f"{name}.ipynb").is_file():
            msg = f"nbgrader could not generate {name}:\n{result.stdout}\n{result.stderr}"
            raise ReleaseError(msg)
        leaks = [
            str(path.relative_to(generated))
            for path in generated.rglob("*.ipynb")
            if any(marker in path.read_text(encoding="utf-8") for marker in LEAK_MARKERS)
        ]
        if leaks:
            msg = f"the generated {name} still holds solution or hidden-test text in {leaks}."
            raise ReleaseError(msg)
        target = notebooks / name
        if target.exists():
            shutil.rmtree(target)
        shutil.copytree(generated, target)
        written.append(target / f"{name}.ipynb")
    return written
