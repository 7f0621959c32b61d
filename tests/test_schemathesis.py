"""Schemathesis drives the API from its own OpenAPI description (GET /api/openapi.json) through
the WSGI app: requests that follow the schema and requests that break it (both generation modes).
Every answer must be documented: no server error, a status the operation lists, JSON, and a body
that validates against the response schema of its status.

The checks that expect a schema-valid request to succeed are left out on purpose: a request can
follow the schema and still not be a winning hand (a 400 with the error shape, as documented).
"""

import pytest
import schemathesis
from django.core import signals
from django.db import close_old_connections
from hypothesis import HealthCheck, settings
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from mahjong_site.wsgi import application
from tests.environment import examples

schema = schemathesis.openapi.from_wsgi("/api/openapi.json", application)
CHECKS = [not_a_server_error, status_code_conformance, content_type_conformance,
          response_schema_conformance]


@pytest.fixture(autouse=True)
def one_connection_for_the_test():
    """The WSGI app ends each request by closing a connection that is not in autocommit: the
    test's transaction, on PostgreSQL (SQLite's in-memory one is never closed). Django's own
    test client unhooks that for its requests; here too, as /api/ready queries the database."""
    signals.request_started.disconnect(close_old_connections)
    signals.request_finished.disconnect(close_old_connections)
    yield
    signals.request_started.connect(close_old_connections)
    signals.request_finished.connect(close_old_connections)


@pytest.mark.django_db  # the API does not touch the database; the page middleware may
@schema.parametrize()
@settings(max_examples=examples(60), deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much,
                                 HealthCheck.function_scoped_fixture])
def test_every_answer_is_documented(case):
    case.call_and_validate(checks=CHECKS)
