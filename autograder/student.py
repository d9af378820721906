"""Grade one student's submission in a private nbgrader course root, in its own process.

The unit of work is :func:`run_job`: nbgrader's ``autograde`` and ``generate_feedback``
on a private course root (its own copy of the gradebook, so parallel students never
share a SQLite file). :class:`Grader` runs it in a child process
(``python -m autograder.student``, reading one job per line) in its own session;
when a student's wall-clock limit is reached, that process and every descendant
(the Jupyter kernel starts in a session of its own) are killed. A later sandbox
(bubblewrap, prlimit, no network) wraps the kernel command or this process.
"""

from __future__ import annotations

import contextlib
import json
import os
import select
import signal
import subprocess
import sys
from dataclasses import asdict, dataclass
from pathlib import Path

from .course import ROOT, nbgrader_environment

FEEDBACK_PREPROCESSORS = [
    "nbgrader.preprocessors.GetGrades",
    "nbconvert.preprocessors.CSSHTMLHeaderPreprocessor",
    "autograder.feedback_filter.HiddenTestsRemoved",
]


@dataclass(frozen=True)
class StudentJob:
    """Everything the worker needs: a private course root holding ``gradebook.db`` and
    ``submitted/<student>/<assignment>/``, the assignment's nbgrader source folder, and
    the per-cell timeout in seconds."""

    root: str
    source: str
    assignment: str
    student: str
    cell_timeout: int


def nbgrader_config(job: StudentJob):
    """The traitlets Config for nbgrader on the private root of ``job``."""
    from traitlets.config import Config

    config = Config()
    config.CourseDirectory.root = job.root
    config.CourseDirectory.source_directory = os.path.relpath(job.source, job.root)
    config.CourseDirectory.db_url = f"sqlite:///{Path(job.root) / 'gradebook.db'}"
    config.Execute.timeout = job.cell_timeout
    # After a timeout nbgrader interrupts the kernel and goes on with the next cell.
    config.Execute.interrupt_on_timeout = True
    config.GenerateFeedback.preprocessors = FEEDBACK_PREPROCESSORS
    config.HiddenTestsRemoved.enforce_metadata = False
    return config


def run_job(job: StudentJob) -> dict:
    """Autograde and generate feedback for ``job`` in this process; return nbgrader's results."""
    from nbgrader.apps import NbGraderAPI

    api = NbGraderAPI(config=nbgrader_config(job))
    result = {"autograde": api.autograde(job.assignment, job.student, force=True, create=True)}
    if result["autograde"]["success"]:
        result["feedback"] = api.generate_feedback(job.assignment, job.student, force=True)
    return result


def _descendants(pid: int) -> list[int]:
    """Process ids below ``pid`` (read from /proc; empty where /proc is missing)."""
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").glob("[0-9]*"):
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            continue
        children.setdefault(int(fields[1]), []).append(int(entry.name))
    found, stack = [], [pid]
    while stack:
        for child in children.get(stack.pop(), []):
            found.append(child)
            stack.append(child)
    return found


def _kill_tree(process: subprocess.Popen) -> None:
    for pid in _descendants(process.pid):
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(os.getpgid(pid), signal.SIGKILL)
    with contextlib.suppress(ProcessLookupError):
        os.killpg(process.pid, signal.SIGKILL)


class Grader:
    """A grading process that takes students one at a time (nbgrader imports once).

    :meth:`grade` sends one :class:`StudentJob` and waits at most ``wall_timeout``
    seconds; past that the process and its kernel are killed and the next job starts
    a fresh process. Student code runs only in the Jupyter kernel that nbgrader
    starts anew for every student.
    """

    def __init__(self, log: Path) -> None:
        self.log = log
        self.process: subprocess.Popen | None = None

    def _start(self) -> subprocess.Popen:
        env = nbgrader_environment()
        env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
        with self.log.open("a") as log:
            return subprocess.Popen(
                [sys.executable, "-m", "autograder.student"], cwd=self.log.parent, env=env,
                stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=log, text=True,
                start_new_session=True,
            )

    def grade(self, job: StudentJob, wall_timeout: float) -> dict:
        """Grade ``job``; return ``{"ok": bool, "reason": str, "log": str}``."""
        if self.process is None or self.process.poll() is not None:
            self.process = self._start()
        result_file = Path(job.root) / "result.json"
        result_file.unlink(missing_ok=True)
        self.process.stdin.write(json.dumps(asdict(job)) + "\n")
        self.process.stdin.flush()
        ready, _, _ = select.select([self.process.stdout], [], [], wall_timeout)
        answer = self.process.stdout.readline() if ready else ""
        if not ready:
            self.close(kill=True)
            return {"ok": False, "log": "",
                    "reason": f"grading took longer than {wall_timeout:g} s and was stopped"}
        if answer.strip() != "done" or not result_file.is_file():
            self.close(kill=True)
            return {"ok": False, "log": "", "reason": f"grader process failed (see {self.log})"}
        return _outcome(json.loads(result_file.read_text()))

    def close(self, kill: bool = False) -> None:
        """Stop the process: politely (end of input) or by killing its whole tree."""
        if self.process is None:
            return
        if kill:
            _kill_tree(self.process)
        else:
            self.process.stdin.close()
        try:
            self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            _kill_tree(self.process)
            self.process.wait()
        self.process.stdout.close()
        self.process = None


def _outcome(result: dict) -> dict:
    autograde = result["autograde"]
    if not autograde["success"]:
        lines = [ln for ln in (autograde.get("log") or "").splitlines() if "ERROR" in ln]
        reason = lines[-1].split("]", 1)[-1].strip() if lines else "nbgrader autograde failed"
        return {"ok": False, "reason": reason, "log": (autograde.get("log") or "")
                + (autograde.get("error") or "")}
    feedback = result.get("feedback", {})
    return {"ok": True, "reason": "" if feedback.get("success") else "no feedback generated",
            "log": autograde.get("log", "")}


def serve() -> int:
    """Worker loop: one JSON job per input line; writes result.json, answers ``done``."""
    protocol = os.fdopen(os.dup(1), "w")
    os.dup2(2, 1)  # anything nbgrader or a kernel prints goes to the log, not the protocol
    for line in sys.stdin:
        job = StudentJob(**json.loads(line))
        os.chdir(job.root)
        try:
            result = run_job(job)
        except Exception as error:  # noqa: BLE001  (report it; keep serving the next students)
            result = {"autograde": {"success": False, "log": f"[ERROR] {error!r}"}}
        (Path(job.root) / "result.json").write_text(json.dumps(result))
        protocol.write("done\n")
        protocol.flush()
    return 0


if __name__ == "__main__":
    sys.exit(serve())
