# Every target sets itself up on a fresh machine that has only Python 3.11, make and the registries.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
RUNTIME_STAMP := $(VENV)/.stamp-runtime
DEV_STAMP     := $(VENV)/.stamp-dev

.PHONY: run test test-all lint typecheck pytest pytest-all golden bench coverage serve chromium clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(RUNTIME_STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e .
	touch $@

$(DEV_STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[dev,web,sim,rl]'
	touch $@ $(RUNTIME_STAMP)

## make run: the main job (a greedy-bot game of scenario 1 with the bundled playable classes)
run: $(RUNTIME_STAMP)
	$(BIN)/delve play --scenario 1 --party brute,mindthief --bots greedy --seed 1

## make test: lint (ruff, the layout check), strict types, the fast test tier on two workers
test: lint typecheck pytest

## make test-all: the same with the slow tier too (every long sweep, statistic and golden replay)
test-all: lint typecheck pytest-all

lint: $(DEV_STAMP)
	$(BIN)/ruff check .
	$(BIN)/python tools/check_layout.py

typecheck: $(DEV_STAMP)
	$(BIN)/mypy --strict src/delvekit/core src/delvekit/gloomhaven src/delvekit/descent src/delvekit/web

PYTEST := $(BIN)/python -m pytest -q -n 2 --dist loadfile

pytest: $(DEV_STAMP) chromium
	$(PYTEST) -m "not slow" --durations=15

pytest-all: $(DEV_STAMP) chromium
	HYPOTHESIS_PROFILE=thorough $(PYTEST) --durations=25

## make golden: play the golden bot games again and rewrite their logs (review the diff)
golden: $(DEV_STAMP)
	$(BIN)/python tools/golden_logs.py

## chromium: Debian's Chromium for the browser tests (installed with apt-get when missing)
chromium:
	sh tools/ensure-chromium.sh

## make serve: the web app on http://127.0.0.1:8000/ (monster mover, odds, JSON API)
serve: $(DEV_STAMP)
	$(BIN)/delve serve

## make coverage: line and branch coverage of the fast tier (.coverage-fast) and of the whole
## suite (.coverage-all); the report lists what only the slow tier reaches
coverage: $(DEV_STAMP)
	COVERAGE_FILE=.coverage-fast $(BIN)/python -m pytest -q -n 2 --dist loadfile -m "not slow" --cov=delvekit --cov-branch --cov-report=
	COVERAGE_FILE=.coverage-all $(BIN)/python -m pytest -q -n 2 --dist loadfile --cov=delvekit --cov-branch --cov-context=test --cov-report=
	$(BIN)/python tools/coverage_gap.py .coverage-fast .coverage-all --tests

## make bench: benchmarks (ratios and medians; never asserted in tests)
bench: $(DEV_STAMP)
	$(BIN)/python benchmarks/run.py

clean:
	rm -rf $(VENV) build dist src/*.egg-info
