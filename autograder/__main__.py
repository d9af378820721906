"""Command line of the instructor pipeline: ``python -m autograder <command>``."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from .demo import demo
from .grade import grade
from .release import ReleaseError, release

GRADE_HELP = "grade submissions of a chapter with nbgrader; writes grades.csv and feedback"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m autograder", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    release_parser = commands.add_parser(
        "release", help="regenerate student notebooks in notebooks/ from solutions/"
    )
    release_parser.add_argument("chapters", nargs="*", help="chapter folder names (default: all)")
    grade_parser = commands.add_parser("grade", help=GRADE_HELP, description=GRADE_HELP)
    grade_parser.add_argument("--assignment", required=True, help="chapter, e.g. ch03_rotations")
    grade_parser.add_argument("--submissions", required=True, type=Path,
                              help="folder <student>/<notebook>.ipynb or an LMS zip export")
    grade_parser.add_argument("--out", required=True, type=Path, help="output folder")
    grade_parser.add_argument("--workers", type=int, default=1, help="students graded at once")
    grade_parser.add_argument("--timeout", type=int, default=60, help="seconds per cell (60)")
    grade_parser.add_argument("--student-timeout", type=float, default=None,
                              help="wall-clock seconds per student (default: from --timeout)")
    demo_parser = commands.add_parser("demo", help="grade sample submissions of ch03_rotations")
    demo_parser.add_argument("--workers", type=int, default=2, help="students graded at once")
    arguments = parser.parse_args(argv)

    if arguments.command == "grade":
        try:
            grade(arguments.assignment, arguments.submissions, arguments.out,
                  workers=arguments.workers, cell_timeout=arguments.timeout,
                  student_timeout=arguments.student_timeout)
        except (ValueError, RuntimeError) as error:
            print(f"grade failed: {error}", file=sys.stderr)
            return 1
        return 0
    if arguments.command == "demo":
        demo(workers=arguments.workers)
        return 0

    if arguments.command == "release":
        try:
            written = release(arguments.chapters or None)
        except ReleaseError as error:
            print(f"release failed: {error}", file=sys.stderr)
            return 1
        for path in written:
            print(f"wrote {path}")
        if not written:
            print("no chapters in solutions/ yet: nothing to release.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
