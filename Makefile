# Every target sets itself up on a fresh machine that has only Python 3.11, make and the registries.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
RUNTIME_STAMP := $(VENV)/.stamp-runtime
DEV_STAMP     := $(VENV)/.stamp-dev

.PHONY: run test lint typecheck pytest bench serve chromium clean

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

## make test: lint, strict types on the engine, the whole test suite
test: lint typecheck pytest

lint: $(DEV_STAMP)
	$(BIN)/ruff check .

typecheck: $(DEV_STAMP)
	$(BIN)/mypy --strict src/delvekit/core src/delvekit/gloomhaven src/delvekit/web

pytest: $(DEV_STAMP) chromium
	$(BIN)/python -m pytest -q

## chromium: Debian's Chromium for the browser tests (installed with apt-get when missing)
chromium:
	sh tools/ensure-chromium.sh

## make serve: the web app on http://127.0.0.1:8000/ (monster mover, odds, JSON API)
serve: $(DEV_STAMP)
	$(BIN)/delve serve

## make bench: benchmarks (ratios and medians; never asserted in tests)
bench: $(DEV_STAMP)
	$(BIN)/python benchmarks/run.py

clean:
	rm -rf $(VENV) build dist src/*.egg-info
