"""nbgrader configuration for the course, used when nbgrader runs from this folder.

The autograder commands pass the same settings on the command line, so they do
not depend on the working directory.
"""

from pathlib import Path

c = get_config()  # noqa: F821  (provided by nbgrader when it loads this file)
_root = Path(__file__).resolve().parent.parent
c.CourseDirectory.root = str(_root)
c.CourseDirectory.source_directory = "solutions"
c.CourseDirectory.release_directory = "build/release"
c.CourseDirectory.db_url = f"sqlite:///{_root / 'build' / 'gradebook.db'}"
c.Execute.timeout = 60
