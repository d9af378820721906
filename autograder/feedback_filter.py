"""The nbgrader preprocessor that keeps hidden tests out of the students' feedback.

nbgrader's own ``ClearHiddenTests`` removes the hidden region from a cell's source,
but the traceback of a failed hidden test quotes the hidden lines, and prints in a
hidden test show expected values. So for a cell that held hidden tests, every
output is replaced by one line naming the error, without its traceback or message.

Used by ``generate_feedback`` through
``GenerateFeedback.preprocessors = [..., "autograder.feedback_filter.HiddenTestsRemoved"]``.
"""

from __future__ import annotations

from nbformat.v4 import new_output
from nbgrader.preprocessors import ClearHiddenTests


class HiddenTestsRemoved(ClearHiddenTests):
    """Remove hidden tests from the source and the outputs of the feedback notebook."""

    def preprocess_cell(self, cell, resources, cell_index):
        before = cell.source
        cell, resources = super().preprocess_cell(cell, resources, cell_index)
        if cell.cell_type == "code" and cell.source != before:
            errors = [output.get("ename", "Error") for output in cell.get("outputs", [])
                      if output.get("output_type") == "error"]
            text = (f"A test in this cell failed ({errors[0]}); the hidden tests are not shown.\n"
                    if errors else "The tests of this cell passed.\n")
            cell.outputs = [new_output("stream", name="stdout", text=text)]
        return cell, resources
