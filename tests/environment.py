"""Loaded by pytest before Django's settings (pyproject's `-p tests.environment`): the suite runs
with DEBUG on, as `make serve` does, since the settings default to production. Tests of the
production settings start processes with their own environment (tests/test_settings.py).

Hypothesis profiles: `dev` (the default, `make test` on a development machine) runs a tenth of
each property test's examples, so the suite stays quick to run after every change; `ci`
(`HYPOTHESIS_PROFILE=ci`, set by `.ci/run`) runs every example each test asks for."""

import os

from hypothesis import settings

os.environ.setdefault("DJANGO_DEBUG", "1")

PROFILE = os.environ.get("HYPOTHESIS_PROFILE", "dev")
settings.register_profile("ci", deadline=None, print_blob=True)
settings.register_profile("dev", deadline=None, max_examples=10)
settings.load_profile(PROFILE)


def examples(thorough: int) -> int:
    """The examples a property test runs: `thorough` in CI, a tenth of it (at least 10) in
    development."""
    return thorough if PROFILE == "ci" else max(10, thorough // 10)
