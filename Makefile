# The few commands a contributor needs. Everything runs from the virtual environment in
# .venv (override with `make VENV=path ...`); `make install` creates it.

VENV ?= .venv
PY := $(VENV)/bin/python

.PHONY: install run test snapshots screenshots bench lint format typecheck sim ci mutants

install:  ## create .venv and install party-dice (editable) with its test extra
	test -x $(PY) || python3 -m venv $(VENV)
	$(PY) -m pip install -e '.[test,lint]' pyinstrument

run:  ## launch the game
	$(VENV)/bin/party-dice

test:  ## the whole test suite (the README's test command)
	$(PY) -m pytest

snapshots:  ## accept changed snapshot SVGs (look at snapshot_report.html first)
	$(PY) -m pytest --snapshot-update

screenshots:  ## regenerate screenshots/ for the README from the real app
	@test -f scripts/screenshots.py || { echo "scripts/screenshots.py is not written yet" >&2; exit 1; }
	$(PY) scripts/screenshots.py

bench:  ## the performance budget table (issue 34), then Textual's frames; not in `make test`
	$(PY) -m tests.bench
	$(PY) -m tests.bench_frames
	$(PY) -m tests.bench_share
	$(PY) -m tests.bench_share_pty

lint:  ## ruff lint and format check
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .

format:  ## apply ruff's formatting
	$(VENV)/bin/ruff format .

typecheck:  ## mypy --strict over tui and tests (settings in pyproject.toml)
	$(VENV)/bin/mypy

sim:  ## a sample simulator run: 20,000 six-player Aces rounds
	$(PY) -m tui.simulate aces --players 6 --games 20000 --seed 1
	$(PY) -m tui.simulate chase --players 10 --games 500 --seed 1

mutants:  ## which hand-written bugs the tests catch (scripts/mutants.toml); ONLY=id,id for some
	$(PY) scripts/mutants.py $(if $(ONLY),--only $(ONLY))

ci:  ## what CI runs: a fresh venv, install, the README's test command
	bash .ci/run
