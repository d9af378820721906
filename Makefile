# coursekit: the course's commands. Everything runs inside .venv, created on first use.
#   make lab    JupyterLab on the course notebooks (the main job)
#   make test   the whole test suite
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
PORT   ?= 8888
# Jupyter refuses to run as root unless told; containers and CI machines often are root.
ALLOW_ROOT := $(if $(filter 0,$(shell id -u)),--allow-root)
# pytest exits 5 when a phase collects no tests; that is not a failure of the phase.
PYTEST := sh -c '"$$0" -m pytest "$$@"; rc=$$?; [ $$rc -eq 5 ] && exit 0; exit $$rc' $(BIN)/python

.PHONY: help setup lab release grade-demo bench test test-unit test-notebooks clean

help:
	@echo "make setup   create .venv and install the course with its test tools"
	@echo "make lab     start JupyterLab on notebooks/"
	@echo "make release regenerate the student notebooks from solutions/"
	@echo "make grade-demo  autograde sample submissions of ch03_rotations"
	@echo "make test    run every test"

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

# The stamps live inside .venv, so deleting .venv resets everything.
$(VENV)/.stamp-course: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e ".[course]"
	touch $@

$(VENV)/.stamp-test: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e ".[test]"
	touch $@ $(VENV)/.stamp-course

setup: $(VENV)/.stamp-test

lab: $(VENV)/.stamp-course
	@echo "Starting JupyterLab on notebooks/ (open the URL printed below; Ctrl-C stops it)."
	$(BIN)/jupyter lab --notebook-dir=notebooks --ip=127.0.0.1 --port=$(PORT) --no-browser $(ALLOW_ROOT)

# Student notebooks are generated from the nbgrader sources, never edited by hand.
release: $(VENV)/.stamp-course
	$(BIN)/python -m autograder release

# The autograder on generated sample submissions (correct, blank, partly wrong, broken).
grade-demo: $(VENV)/.stamp-course
	$(BIN)/python -m autograder demo

# Speed against the peer libraries (not part of make test: timings depend on the machine).
bench: $(VENV)/.stamp-test
	$(BIN)/python -m benchmarks.library

test: test-unit test-notebooks

test-unit: $(VENV)/.stamp-test
	$(PYTEST) tests coursekit

# Every instructor notebook and the top-level student notebooks run top to bottom, headless.
# (Released chapter notebooks stop at their exercises by design; autograding tests cover them.)
test-notebooks: $(VENV)/.stamp-test
	$(PYTEST) --nbval-lax -p no:cacheprovider notebooks/*.ipynb solutions

clean:
	rm -rf $(VENV) build .pytest_cache .hypothesis
