"""Digits typed by hand in quick entry (a table's totals, a Riichi hand's han and fu): a decimal
digit of any script counts as its value, as Django's IntegerField reads it (a Japanese phone's
full-width １０, Arabic-Indic ١٠, Devanagari १०: 10); anything else that looks like a digit
(superscript ², circled ①, the numeral 十) is the form's own error, never a crash (README,
"Numbers typed by hand")."""

import pytest
from django.urls import reverse

from scoring.tables.forms import WinForm
from scoring.tables.game import start
from scoring.tables.models import Table

NAMES = ["Ann", "Bob", "Cy", "Di"]


def win(total, **extra):
    form = WinForm({"winner": "1", "source": "0", "total": total, **extra}, names=NAMES,
                   position=start(4), **({"variant_id": "riichi"} if "fu" in extra else {}))
    return form


@pytest.mark.parametrize("typed", ["10", "１０", "١٠", "१०", " 10 ", "۱۰"],
                         ids=["ascii", "full-width", "arabic-indic", "devanagari", "spaces",
                              "persian"])
def test_decimal_digits_of_any_script_are_the_total_they_say(typed):
    form = win(typed)
    assert form.is_valid(), form.errors
    assert form.entry.total == 10


@pytest.mark.parametrize("typed", ["²", "1²", "①", "十", "½", "Ⅹ"])
def test_other_digit_like_characters_are_refused_by_the_form(typed):
    form = win(typed)
    assert not form.is_valid()
    assert form.errors["total"] == ["Enter a whole number."]


@pytest.mark.parametrize("han, fu, expected", [("３", "４０", (3, 40, 0)), ("٣", "30", (3, 30, 0)),
                                               ("yakuman１", "", (13, None, 1))],
                         ids=["full-width", "arabic-indic-han", "full-width-yakuman"])
def test_riichi_han_and_fu_read_decimal_digits_too(han, fu, expected):
    form = win(han, fu=fu)
    assert form.is_valid(), form.errors
    entry = form.entry
    assert (entry.total, entry.fu, entry.yakuman) == expected


@pytest.mark.parametrize("han", ["²", "yakuman²", "3²", "①"])
def test_riichi_han_that_only_look_like_digits_are_refused_not_a_crash(han):
    # str.isdigit() is true for "²", which int() cannot read: these were a server error.
    form = win(han, fu="30")
    assert not form.is_valid()
    assert form.errors["total"] == ["Choose how many han."]


def test_a_total_typed_in_arabic_indic_digits_is_saved_as_the_number(client, db):
    table = Table.objects.create(variant="shanghai", players=NAMES)
    response = client.post(reverse("table-win", args=[table.edit_token]),
                           {"winner": 1, "source": 0, "total": "١٠", "once": "a" * 32})
    assert response.status_code == 302
    assert table.hands.get().total == 10
