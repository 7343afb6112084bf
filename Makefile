# Everything a developer runs often. `make run` and `make test` are the two commands in the README.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
HOST ?= 127.0.0.1
PORT ?= 8000

.PHONY: run test lint format typecheck demo migrate bench clean messages

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(VENV)/.runtime: requirements.txt | $(BIN)/python
	$(BIN)/pip install --quiet -r requirements.txt
	touch $@

$(VENV)/.dev: requirements.txt requirements-dev.txt | $(BIN)/python
	$(BIN)/pip install --quiet -r requirements-dev.txt
	touch $@ $(VENV)/.runtime

migrate: $(VENV)/.runtime
	$(BIN)/python manage.py migrate --noinput

demo: migrate
	$(BIN)/python manage.py demo

## Serve the demo store on http://$(HOST):$(PORT) (SQLite, tasks in-process, nothing else to install),
## with waitress (`manage.py serve`), not Django's development server. Ctrl+C stops it.
run: demo
	$(BIN)/python manage.py serve $(HOST):$(PORT)

## The whole test suite. Uses PostgreSQL and Redis when DATABASE_URL / REDIS_URL are set.
test: $(VENV)/.dev
	$(BIN)/python -m pytest

lint: $(VENV)/.dev
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy .
	$(BIN)/mypy --strict rules/engine tournaments/engine
	$(BIN)/lint-imports

format: $(VENV)/.dev
	$(BIN)/ruff format .
	$(BIN)/ruff check --fix .

## After changing a string people read: gather the catalogues (locale/), translate the new entries, compile.
## The compiled .mo files are committed, so serving needs no gettext; tests/test_translations.py holds both.
MESSAGES_IGNORE := --ignore=.venv --ignore=var --ignore=bench --ignore=tests --ignore='*/tests/*' --ignore=staticfiles
messages: $(VENV)/.dev
	$(BIN)/python manage.py makemessages --locale=pt_BR --locale=es --no-obsolete --add-location=file $(MESSAGES_IGNORE)
	$(BIN)/python manage.py compilemessages --locale=pt_BR --locale=es --ignore=.venv

bench: $(VENV)/.dev
	$(BIN)/python bench/judge.py
	$(BIN)/python bench/standings.py
	bench/peers_venv.sh && $(BIN)/python bench/pairing.py   # the peers run in their own venv

clean:
	rm -rf $(VENV) var staticfiles .pytest_cache .mypy_cache .ruff_cache
