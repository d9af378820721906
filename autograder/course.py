"""Where the course's folders are, which chapters exist, and how to call nbgrader."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SOLUTIONS = ROOT / "solutions"
NOTEBOOKS = ROOT / "notebooks"
BUILD = ROOT / "build"


def chapters(solutions: Path = SOLUTIONS) -> list[str]:
    """Names of the chapters: folders of ``solutions/`` holding a notebook of the same name."""
    if not solutions.is_dir():
        return []
    return sorted(
        folder.name
        for folder in solutions.iterdir()
        if folder.is_dir() and (folder / f"{folder.name}.ipynb").is_file()
    )


def nbgrader_environment() -> dict[str, str]:
    """The environment for nbgrader subprocesses.

    nbgrader runs ``alembic`` when it creates a gradebook, so the folder of this
    interpreter's scripts must be on PATH even when the virtual environment was
    never activated (``.venv/bin/python -m autograder ...``).
    """
    env = dict(os.environ)
    scripts = str(Path(sys.executable).parent)
    env["PATH"] = scripts + os.pathsep + env.get("PATH", "")
    return env


def run_nbgrader(
    arguments: list[str], *, root: Path, source: Path, build: Path
) -> subprocess.CompletedProcess[str]:
    """Run ``nbgrader <arguments>`` on the course at ``root``, keeping its output for errors."""
    build.mkdir(parents=True, exist_ok=True)
    command = [
        sys.executable,
        "-m",
        "nbgrader",
        *arguments,
        f"--CourseDirectory.root={root}",
        f"--CourseDirectory.source_directory={os.path.relpath(source, root)}",
        f"--CourseDirectory.release_directory={os.path.relpath(build / 'release', root)}",
        f"--CourseDirectory.db_url=sqlite:///{build / 'gradebook.db'}",
    ]
    # cwd = build: nbgrader must not pick up a stray nbgrader_config.py from elsewhere.
    return subprocess.run(
        command, cwd=build, env=nbgrader_environment(), capture_output=True, text=True, check=False
    )
