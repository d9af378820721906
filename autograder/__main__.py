"""Command line of the instructor pipeline: ``python -m autograder <command>``."""

from __future__ import annotations

import argparse
import sys

from .release import ReleaseError, release


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m autograder", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    release_parser = commands.add_parser(
        "release", help="regenerate student notebooks in notebooks/ from solutions/"
    )
    release_parser.add_argument("chapters", nargs="*", help="chapter folder names (default: all)")
    arguments = parser.parse_args(argv)

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
