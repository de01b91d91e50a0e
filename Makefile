# Tenbou: the two quick-start commands are `make run` and `make test` (see README.md).
PYTHON ?= python3
VENV ?= .venv
PY := $(VENV)/bin/python
PIP := $(VENV)/bin/pip
HOST ?= 127.0.0.1:8000

.PHONY: run serve worker docs test test-sqlite test-postgres lint lint-container install install-dev demo clean messages mutation

$(VENV)/.installed: requirements.txt
	$(PYTHON) -m venv $(VENV)
	$(PIP) install --quiet --upgrade pip
	$(PIP) install --quiet -r requirements.txt
	touch $@

$(VENV)/.installed-docs: $(VENV)/.installed requirements-docs.txt
	$(PIP) install --quiet -r requirements-docs.txt
	touch $@

$(VENV)/.installed-dev: $(VENV)/.installed requirements-dev.txt requirements-docs.txt
	$(PIP) install --quiet -r requirements-dev.txt
	touch $@

install: $(VENV)/.installed

install-dev: $(VENV)/.installed-dev

## make run: install, migrate, load the demo tournament and serve it on http://$(HOST), with a background worker
## (PDFs, seating searches and large exports are made by it); the guides are built first and served at /help/
run: install docs
	touch .tenbou-development  # later commands in this checkout get the development settings (manage.py)
	DJANGO_DEBUG=1 $(PY) manage.py migrate --no-input
	DJANGO_DEBUG=1 $(PY) manage.py demo --if-missing --address $(HOST)
	DJANGO_DEBUG=1 $(PY) manage.py db_worker --interval 1 & worker=$$!; trap 'kill $$worker' EXIT INT TERM; \
	DJANGO_DEBUG=1 $(PY) manage.py runserver $(HOST)

## make serve: the production server (docs/operators.md, "Production"): DEBUG off, migrate, collectstatic, then
## gunicorn on TENBOU_BIND (default 127.0.0.1:8000). Needs DJANGO_SECRET_KEY and DJANGO_ALLOWED_HOSTS. The guides
## are built first.
serve: install docs
	PY=$(PY) bash scripts/serve.sh

## make worker: a background worker on its own (docs/operators.md, "Background jobs": a separate service, e.g. on
## another machine)
worker: install
	PY=$(PY) bash scripts/worker.sh

## make docs: the guides (docs/, mkdocs.yml) as a site in build/help/ (not committed), strictly: a broken link or
## anchor fails (never --quiet: MkDocs 1.6 then counts no warning and --strict passes anything); the app serves it
## at /help/ (TENBOU_HELP_DIR). MkDocs and Material are pinned in requirements-docs.txt.
docs: $(VENV)/.installed-docs
	NO_MKDOCS_2_WARNING=1 $(VENV)/bin/mkdocs build --strict

## make lint-container: check the container recipe without a container engine (hadolint, pinned in
## requirements-dev.txt; the compose file's structure through Python); part of `make test` too
lint-container: install-dev
	$(VENV)/bin/hadolint Dockerfile
	$(PY) -m pytest -q -p no:cacheprovider tests/operations/test_container_recipe.py

## make test: install the test tools and run lint, Django checks and the whole test suite
test: install-dev
	bash scripts/test.sh

## make mutation: mutation testing of the rules (docs/developers.md, "Running the tests"): mutmut (pinned in
## requirements-dev.txt) changes scoring/ one small change at a time and runs the tests of tests/scoring that reach
## it; the survivors are in build/mutation-report.txt. Not part of `make test` (it takes minutes); run it before a
## rule change is done.
mutation: install-dev
	bash scripts/mutation.sh

lint: install-dev
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/lint-imports
	$(PY) scripts/check_writes.py

## make messages: extract every message of the code into locale/<language>/LC_MESSAGES/django.po (makemessages
## without obsolete entries, scripts/extract_messages.py), then compile them; translate what it leaves empty or fuzzy
messages: install
	$(PY) scripts/extract_messages.py
	$(PY) manage.py compilemessages --ignore '.venv' -l nl -l de -l fr

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache
