"""Every form that writes to a table is refused without its CSRF token (403, nothing written),
and the same form with the token is written: the refusal is the token's, not the form's."""

import pytest
from django.test import Client

from tests.tables.writes import FORMS

pytestmark = pytest.mark.django_db
TOKEN = "k" * 32  # a CSRF secret as Django's cookie holds it; a form may send it unmasked


@pytest.mark.parametrize("form", FORMS)
def test_a_table_form_without_its_csrf_token_is_refused_and_writes_nothing(form):
    make, where, fields, stored = FORMS[form]
    table = make()
    url, data = where(table), fields(table)
    before = stored()
    strict = Client(enforce_csrf_checks=True)
    assert strict.post(url, data).status_code == 403
    strict.cookies["csrftoken"] = TOKEN
    # Under htmx the token travels in a header (hx-headers on <body>): a wrong one is refused.
    wrong = strict.post(url, data, HTTP_HX_REQUEST="true", HTTP_X_CSRFTOKEN="x" * 32)
    assert wrong.status_code == 403
    assert stored() == before
    sent = strict.post(url, {**data, "csrfmiddlewaretoken": TOKEN})
    assert sent.status_code == 302, sent.content.decode()[:2000]
    assert stored() != before
