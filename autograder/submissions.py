"""Find the students' notebooks in a folder or an LMS zip export and check they are notebooks.

Accepted layouts (``CHAPTER`` is the assignment, e.g. ``ch03_rotations``):

- folder ``PATH/<student_id>/<notebook>.ipynb``
- folder ``PATH/<student_id>/<CHAPTER>/<notebook>.ipynb``
- loose file ``PATH/<student_id>_<anything>.ipynb`` (LMS style)
- zip with any of the above inside (``<student_id>/...ipynb`` or ``<student_id>_<anything>.ipynb``);
  the student id of a loose file is the text before its first underscore.

When the assignment has one notebook, a student's only ``.ipynb`` is graded as that
notebook whatever its file name. Nothing is extracted from a zip to disk by name:
members are read into memory, so a crafted path cannot escape the output folder.
"""

from __future__ import annotations

import hashlib
import json
import re
import zipfile
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

import nbformat

_SAFE_ID = re.compile(r"[^A-Za-z0-9_.@+-]+")


@dataclass(frozen=True)
class Submission:
    """One student's notebook for one assignment notebook, or why there is none usable.

    ``data`` is the nbformat-4 JSON to grade (None when ``problem`` says why not);
    ``note`` is a remark for the status (e.g. a conversion from nbformat 3).
    """

    student: str
    notebook: str
    origin: str
    data: bytes | None
    checksum: str
    problem: str | None = None
    note: str | None = None


def student_id_from_name(name: str) -> str:
    """The student id an LMS file name carries: the text before the first underscore.

    >>> student_id_from_name("s1234_ch03_rotations.ipynb")
    's1234'
    >>> student_id_from_name("Ana Lopez/ch03.ipynb".split("/")[0])
    'Ana-Lopez'
    """
    stem = name.removesuffix(".ipynb")
    return _SAFE_ID.sub("-", stem.split("_", 1)[0]).strip("-.") or "unknown"


def normalised_notebook(raw: bytes) -> tuple[bytes, str | None]:
    """Check that ``raw`` is a notebook; return it as nbformat-4 JSON and a remark.

    Raises ValueError with a readable reason for empty files, invalid JSON, and JSON
    that is not a notebook.
    """
    if not raw.strip():
        raise ValueError("empty file")
    try:
        content = json.loads(raw.decode("utf-8"))
    except UnicodeDecodeError:
        raise ValueError("not a notebook: the file is not UTF-8 text") from None
    except json.JSONDecodeError as error:
        raise ValueError(f"not valid JSON ({error.msg} at line {error.lineno})") from None
    if not isinstance(content, dict) or "nbformat" not in content:
        raise ValueError("JSON but not a notebook (no 'nbformat' field)")
    version = content.get("nbformat")
    try:
        notebook = nbformat.reads(raw.decode("utf-8"), as_version=4)
    except Exception as error:  # noqa: BLE001  (nbformat raises many kinds; all mean unreadable)
        raise ValueError(f"unreadable notebook (nbformat {version}): {error}") from None
    if "cells" not in notebook:
        raise ValueError(f"unreadable notebook (nbformat {version}): no cells")
    note = f"converted from nbformat {version}" if version != 4 else None
    return nbformat.writes(notebook).encode("utf-8"), note


def _submission(student: str, notebook: str, origin: str, raw: bytes | None,
                problem: str | None = None) -> Submission:
    digest = hashlib.sha256(raw if raw is not None else (problem or "").encode()).hexdigest()
    if problem is None and raw is not None:
        try:
            data, note = normalised_notebook(raw)
        except ValueError as error:
            return Submission(student, notebook, origin, None, digest, str(error))
        return Submission(student, notebook, origin, data, digest, None, note)
    return Submission(student, notebook, origin, None, digest, problem)


def _entries_from_folder(path: Path, assignment: str) -> dict[str, list[tuple[str, Path]]]:
    """Map student id -> [(origin, path)] of candidate notebook entries in a folder."""
    found: dict[str, list[tuple[str, Path]]] = {}
    for entry in sorted(path.iterdir()):
        if entry.name.startswith("."):
            continue
        if entry.is_dir() and not entry.name.endswith(".ipynb"):
            student = _SAFE_ID.sub("-", entry.name).strip("-.") or "unknown"
            inner = entry / assignment if (entry / assignment).is_dir() else entry
            candidates = sorted(p for p in inner.iterdir() if p.name.endswith(".ipynb"))
            found.setdefault(student, []).extend((str(p), p) for p in candidates)
        elif entry.name.endswith(".ipynb"):
            found.setdefault(student_id_from_name(entry.name), []).append((str(entry), entry))
    return found


def _entries_from_zip(path: Path, assignment: str) -> dict[str, list[tuple[str, bytes | None]]]:
    found: dict[str, list[tuple[str, bytes | None]]] = {}
    with zipfile.ZipFile(path) as archive:
        for info in archive.infolist():
            parts = PurePosixPath(info.filename).parts
            if not parts or parts[0] == "__MACOSX" or not parts[-1].endswith(".ipynb"):
                continue
            if len(parts) == 1:
                student = student_id_from_name(parts[0])
            else:
                student = _SAFE_ID.sub("-", parts[0]).strip("-.") or "unknown"
                if len(parts) > 3 or (len(parts) == 3 and parts[1] != assignment):
                    continue
            raw = None if info.is_dir() else archive.read(info)
            found.setdefault(student, []).append((f"{path.name}:{info.filename}", raw))
    return found


def collect_submissions(path: Path, assignment: str, notebooks: list[str]) -> list[Submission]:
    """One Submission per student and assignment notebook found in ``path`` (folder or zip).

    ``notebooks`` are the assignment's notebook names (without ``.ipynb``).
    """
    path = Path(path)
    if path.is_file() and zipfile.is_zipfile(path):
        entries: dict = _entries_from_zip(path, assignment)
    elif path.is_dir():
        entries = _entries_from_folder(path, assignment)
    else:
        msg = f"--submissions must be a folder or a zip file, got {path}"
        raise ValueError(msg)
    submissions = []
    for student in sorted(entries):
        candidates = entries[student]
        for notebook in notebooks:
            named = [c for c in candidates if Path(c[0].split(":")[-1]).stem == notebook]
            chosen = named or (candidates if len(notebooks) == 1 else [])
            if not chosen:
                submissions.append(_submission(student, notebook, student, None,
                                               f"no {notebook}.ipynb submitted"))
            elif len(chosen) > 1:
                names = ", ".join(sorted(Path(c[0]).name for c in chosen))
                submissions.append(_submission(student, notebook, student, None,
                                               f"several notebooks, cannot tell which to grade: {names}"))
            else:
                origin, source = chosen[0]
                if isinstance(source, Path):
                    if source.is_dir():
                        submissions.append(_submission(
                            student, notebook, origin, None,
                            f"{source.name} is a directory, not a notebook file"))
                        continue
                    source = source.read_bytes()
                if source is None:
                    submissions.append(_submission(
                        student, notebook, origin, None, "a directory, not a notebook file"))
                    continue
                submissions.append(_submission(student, notebook, origin, source))
    return submissions
