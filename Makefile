# make serve  - run the scorer on http://127.0.0.1:8000
# make test   - the whole test suite
# make bench  - speed against the mahjong package
# make lint   - ruff
# make oracle - each variant's differential run against its reference engine (MCR: PyMahjongGB,
#               Riichi: the mahjong package; 100,000 seeded random hands each; not part of make test)
# make prod   - production: check --deploy, collectstatic, migrate, then gunicorn (gunicorn.conf.py);
#               settings from the environment (README), DJANGO_DEBUG=0 unless set
# make loadtest - load benchmark: gunicorn on loopback, wrk 60 s at 32 clients (not in make test)
# make pocket - the pocket engine's static files (docs/pocket.md): Pyodide from npm (npm ci, the
#               version in package-lock.json) and the pack of the Python it runs, in build/
PYTHON ?= python3.11
VENV := .venv
PY := $(VENV)/bin/python

.PHONY: serve test bench lint prod loadtest oracle pocket

$(PY):
	$(PYTHON) -m venv $(VENV)

# Stamp files: installs rerun only when a requirements file changes.
$(VENV)/.installed: requirements.txt | $(PY)
	$(PY) -m pip install -r requirements.txt
	touch $@

$(VENV)/.installed-dev: requirements.txt requirements-dev.txt | $(PY)
	$(PY) -m pip install -r requirements-dev.txt
	touch $@ $(VENV)/.installed

# The pocket engine: npm ci reruns only when the lock file changes; the pack is rebuilt every time
# (a second; its name is its content's hash, so an unchanged pack keeps its URL).
node_modules/.package-lock.json: package.json package-lock.json
	npm ci --no-audit --no-fund
	touch $@

pocket: node_modules/.package-lock.json $(VENV)/.installed
	$(PY) -m scoring.pocket.build

# Development: DEBUG on (settings default to off, as production).
serve: export DJANGO_DEBUG ?= 1
serve: $(VENV)/.installed pocket
	$(PY) manage.py migrate --noinput
	$(PY) manage.py runserver 127.0.0.1:8000

# pytest's exit code 5 means no test ran: that is a failure here.
test: $(VENV)/.installed-dev pocket
	$(PY) -m pytest; rc=$$?; if [ $$rc -eq 5 ]; then echo "pytest ran no test"; exit 1; fi; exit $$rc

# Byte-compiled first, as an installed program is: where PYTHONDONTWRITEBYTECODE is set (it is on
# the development machines), each `manage.py score` process would recompile the engine (~60 ms).
bench: $(VENV)/.installed-dev pocket
	$(PY) -m compileall -q manage.py mahjong_site scoring
	$(PY) bench/run.py
	$(PY) bench/suit_tables.py
	$(PY) bench/table_saves.py
	$(PY) bench/look_only_cost.py
	$(PY) bench/tap_to_result.py
	$(PY) bench/analyse.py
	$(PY) bench/phone_taps.py
	$(PY) bench/look_only.py
	$(PY) bench/mcr.py
	$(PY) bench/pocket.py
	$(PY) bench/pocket_tables.py

# One script per variant, each exiting 1 on any disagreement.
oracle: $(VENV)/.installed-dev
	$(PY) bench/oracle_mcr.py 100000
	$(PY) bench/oracle_riichi.py 100000

lint: $(VENV)/.installed-dev
	$(PY) -m ruff check .

prod: export DJANGO_DEBUG ?= 0
prod: $(VENV)/.installed pocket
	$(PY) manage.py check --deploy --fail-level WARNING
	$(PY) manage.py collectstatic --noinput
	$(PY) manage.py migrate --noinput
	$(PY) -m compileall -q manage.py mahjong_site scoring
	exec $(VENV)/bin/gunicorn -c gunicorn.conf.py

loadtest: $(VENV)/.installed
	@command -v wrk >/dev/null || { apt-get update && apt-get install -y --no-install-recommends wrk; }
	$(PY) bench/loadtest.py
