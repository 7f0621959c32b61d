"""Loaded by pytest before Django's settings (pyproject's `-p tests.environment`): the suite runs
with DEBUG on, as `make serve` does, since the settings default to production. Tests of the
production settings start processes with their own environment (tests/test_settings.py)."""

import os

os.environ.setdefault("DJANGO_DEBUG", "1")
