"""The instructor pipeline of the course, built on nbgrader.

``python -m autograder release [CHAPTER ...]`` regenerates the student notebooks in
``notebooks/`` from the nbgrader sources in ``solutions/`` (``make release`` calls it).
``python -m autograder grade --assignment CHAPTER --submissions PATH --out DIR`` autogrades
students' notebooks with nbgrader and writes grades.csv and feedback (see README.md);
``python -m autograder demo`` (``make grade-demo``) grades generated samples of ch03.
"""
