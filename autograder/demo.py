"""``python -m autograder demo``: grade four sample submissions of ch03_rotations.

The samples are made on the fly: the solution itself (full marks), the released
student notebook (blank), the solution with the z-x-z exercise answered wrongly
(z-y-z instead), and a file that is not JSON.
"""

from __future__ import annotations

import tempfile
from collections.abc import Callable
from pathlib import Path

import nbformat

from .course import NOTEBOOKS, SOLUTIONS
from .grade import Row, grade

CHAPTER = "ch03_rotations"
WRONG_CELL = "ch03_zxz_matrix"
WRONG_ANSWER = '''def rotation_from_zxz(phi, theta, psi):
    """A wrong answer: z-y-z instead of z-x-z."""
    return ck.rot_z(phi) @ ck.rot_y(theta) @ ck.rot_z(psi)
'''


def write_samples(folder: Path, solutions: Path = SOLUTIONS, notebooks: Path = NOTEBOOKS) -> None:
    """Write ``<student>/ch03_rotations.ipynb`` for the four sample students into ``folder``."""
    solution = nbformat.read(solutions / CHAPTER / f"{CHAPTER}.ipynb", as_version=4)
    blank = nbformat.read(notebooks / CHAPTER / f"{CHAPTER}.ipynb", as_version=4)
    wrong = nbformat.read(solutions / CHAPTER / f"{CHAPTER}.ipynb", as_version=4)
    for cell in wrong.cells:
        if cell.metadata.get("nbgrader", {}).get("grade_id") == WRONG_CELL:
            cell.source = WRONG_ANSWER
    for student, notebook in (("correct", solution), ("blank", blank), ("partly_wrong", wrong)):
        (folder / student).mkdir(parents=True)
        nbformat.write(notebook, folder / student / f"{CHAPTER}.ipynb")
    (folder / "broken").mkdir()
    (folder / "broken" / f"{CHAPTER}.ipynb").write_text('{"cells": [ not json')


def demo(workers: int = 2, out: Path | None = None, echo: Callable[[str], None] = print) -> list[Row]:
    """Grade the samples (into ``out``, or a temporary folder) and print the table."""
    with tempfile.TemporaryDirectory(prefix="autograder-demo-") as scratch:
        samples = Path(scratch) / "submissions"
        samples.mkdir()
        write_samples(samples)
        target = out or Path(scratch) / "graded"
        echo(f"grading sample submissions of {CHAPTER} from {samples}")
        rows = grade(CHAPTER, samples, target, workers=workers, echo=echo)
        if out is None:
            echo("(the demo folder is temporary; `grade --out DIR` keeps grades and feedback)")
        return rows
