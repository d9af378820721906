"""The instructor pipeline of the course, built on nbgrader.

``python -m autograder release [CHAPTER ...]`` regenerates the student notebooks in
``notebooks/`` from the nbgrader sources in ``solutions/`` (``make release`` calls it).
"""
