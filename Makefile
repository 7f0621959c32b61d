# make serve  - run the scorer on http://127.0.0.1:8000
# make test   - the whole test suite
# make bench  - speed against the mahjong package
# make lint   - ruff
PYTHON ?= python3.11
VENV := .venv
PY := $(VENV)/bin/python

.PHONY: serve test bench lint

$(PY):
	$(PYTHON) -m venv $(VENV)

# Stamp files: installs rerun only when a requirements file changes.
$(VENV)/.installed: requirements.txt | $(PY)
	$(PY) -m pip install -r requirements.txt
	touch $@

$(VENV)/.installed-dev: requirements.txt requirements-dev.txt | $(PY)
	$(PY) -m pip install -r requirements-dev.txt
	touch $@ $(VENV)/.installed

serve: $(VENV)/.installed
	$(PY) manage.py migrate --noinput
	$(PY) manage.py runserver 127.0.0.1:8000

# pytest's exit code 5 means no test ran: that is a failure here.
test: $(VENV)/.installed-dev
	$(PY) -m pytest; rc=$$?; if [ $$rc -eq 5 ]; then echo "pytest ran no test"; exit 1; fi; exit $$rc

bench: $(VENV)/.installed-dev
	$(PY) bench/run.py

lint: $(VENV)/.installed-dev
	$(PY) -m ruff check .
