# make play   create .venv if needed, install cardsmith, and start a game (make play ARGS="martial-arts --seats human,random")
# make test   lint (ruff) and run the test suite on two workers
# make bench  measure speed, with RLCard's UNO as a peer
# make lint   ruff check and ruff format --check
# make serve  create .venv if needed, install cardsmith, and serve games in the browser (make serve ARGS="--port 8080")

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
ARGS ?=

.PHONY: play test bench lint serve

play: $(VENV)/.installed
	$(BIN)/cardsmith play $(ARGS)

test: $(VENV)/.installed
	$(BIN)/ruff check src tests
	$(BIN)/python -m pytest -n 2 --dist worksteal -q

serve: $(VENV)/.installed
	$(BIN)/cardsmith serve $(ARGS)

bench: $(VENV)/.installed-bench
	$(BIN)/cardsmith bench $(ARGS)

lint: $(VENV)/.installed
	$(BIN)/ruff check src tests
	$(BIN)/ruff format --check src tests

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

# The stamps record that the install is done; they are redone only when pyproject.toml changes.
# The test suite also installs tests/plugins/tricks, a game in a package of its own found through its entry point.
$(VENV)/.installed: pyproject.toml tests/plugins/tricks/pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[test]' -e tests/plugins/tricks
	touch $@

$(VENV)/.installed-bench: $(VENV)/.installed
	$(BIN)/python -m pip install --quiet -e '.[test,bench]'
	touch $@
