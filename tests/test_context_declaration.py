"""Each context field is declared once, in the engine's table (scoring/engine/context.py), and
every door derives its part from it: the checked context (WinContext), the page's boxes, the
command line's options, the OpenAPI schema; each house option is declared once, an `Option` on
its variant, and the page's boxes come from it. Each test fails if a door misses a declared field
or option, or shows one that is not declared; the round trips say each door writes the same
request."""

import re
from dataclasses import fields
from urllib.parse import parse_qsl

import pytest
from django.http import QueryDict

from scoring import cli, openapi
from scoring.engine.context import (
    CONTEXT_FIELDS,
    COUNT,
    FLAG,
    KINDS,
    SEAT,
    SEATS,
    SUIT,
    TILES,
    WIND,
    YES_NO,
    WinContext,
    field_word,
    parse_context,
)
from scoring.engine.variants import VARIANTS
from scoring.forms import ScoreForm, query_pairs
from scoring.templatetags.mahjong import flag_label

NAMES = [spec.name for spec in CONTEXT_FIELDS]
# Fields of ScoreForm that are not the context: the request's other parts and the house rules.
# The hand, its card line, and a hand entered by its fans (MCR's "Count by fans": a box per fan,
# forms.FanTicks, and the flowers' count) are not context.
NOT_CONTEXT = {"variant", "hand", "line", "csrfmiddlewaretoken", "flowers"}


def context_boxes(names) -> set:
    return {name for name in names if name not in NOT_CONTEXT and not name.startswith("fan_")}

# One value other than the default for each kind: (as the request writes it, as the command line
# writes it, as the page's query writes it).
SAMPLES = {
    FLAG: (True, [], "on"),
    WIND: ("S", ["S"], "S"),
    YES_NO: (False, None, "0"),  # --no-dealer
    SUIT: ("p", ["p"], "p"),
    SEATS: (["S", "W"], ["SW"], ["S", "W"]),
    SEAT: ("W", ["W"], "W"),
    COUNT: (3, ["3"], "3"),
    TILES: ("3m E", ["3m E"], "3m E"),
}
BY_NAME = {spec.name: spec for spec in CONTEXT_FIELDS}


def reader_of(name: str) -> str:
    return next(v for v in VARIANTS if name in VARIANTS[v].context_fields)


def test_the_table_names_each_field_once_with_a_kind_every_door_knows():
    assert len(NAMES) == len(set(NAMES))
    assert {spec.kind for spec in CONTEXT_FIELDS} <= set(KINDS) == set(SAMPLES)


def test_the_checked_context_has_exactly_the_declared_fields_and_defaults():
    declared = [(spec.name, spec.default) for spec in CONTEXT_FIELDS]
    assert [(f.name, f.default) for f in fields(WinContext) if f.init] == declared
    assert parse_context({}) == WinContext()


def test_every_variant_reads_only_declared_fields_and_every_field_is_read():
    read = set().union(*(v.context_fields for v in VARIANTS.values()))
    assert read == set(NAMES)


def test_the_openapi_context_lists_exactly_the_declared_fields():
    properties = openapi.document()["components"]["schemas"]["Context"]["properties"]
    assert set(properties) == set(NAMES)
    described = {spec.name: spec.description for spec in CONTEXT_FIELDS if spec.description}
    assert {name: properties[name]["description"] for name in described} == described


def score_parser():
    parser = cli.refusing_parser()
    cli.add_score_arguments(parser)
    return parser


def test_the_command_line_has_an_option_for_exactly_the_declared_fields():
    actions = {a.dest: a for a in score_parser()._actions}
    other = {"variant", "hand", "json", "jsonl", "rule", "card", "lang"}
    assert set(actions) - other == set(NAMES)
    for spec in CONTEXT_FIELDS:
        assert spec.cli_option in actions[spec.name].option_strings
        assert actions[spec.name].help == spec.cli


def test_the_form_has_a_box_for_exactly_the_declared_fields():
    for variant in VARIANTS:
        form = ScoreForm({"variant": variant})
        context = context_boxes(form.fields) - set(form.rule_names.values())
        assert context == set(NAMES), variant


def test_the_form_has_a_rule_box_for_exactly_each_house_option_named_by_its_word():
    for variant_id, variant in VARIANTS.items():
        form = ScoreForm({"variant": variant_id})
        assert form.rule_names == {o.name: f"{variant_id}-{o.name}" for o in variant.options}
        for option in variant.options:
            # its English is the page's words, its request name the same with '_' for spaces
            assert option.word == option.word.template == option.name.replace("_", " ")
            if option.name != "card":  # the page words the card as a card
                label = form.fields[form.rule_names[option.name]].label
                assert label == option.word


def test_options_of_one_name_share_their_word_and_so_their_translation():
    words = {}
    for variant in VARIANTS.values():
        for option in variant.options:
            word = (option.word.context, option.word.template)
            assert words.setdefault(option.name, word) == word


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_the_page_shows_a_box_for_exactly_the_fields_the_variant_reads(client, variant):
    html = client.get("/", {"variant": variant}).content.decode()
    start = html.index('<form id="scorer"')
    form = html[start:html.index("</form>", start)]
    named = set(re.findall(r'<(?:input|select|textarea)\b[^>]*\bname="([^"]+)"', form))
    rules = {f"{variant}-{option.name}" for option in VARIANTS[variant].options}
    assert context_boxes(named) - rules == VARIANTS[variant].context_fields
    assert rules <= named  # a box for each house option too


@pytest.mark.parametrize("name", NAMES)
def test_the_command_line_writes_each_field_as_the_request_does(name):
    spec = BY_NAME[name]
    value, args, _ = SAMPLES[spec.kind]
    given = [f"--no-{name}"] if args is None else [spec.cli_option, *args]
    options = vars(score_parser().parse_args([reader_of(name), "11m", *given]))
    request = cli.short_form_request(options)
    assert request["context"] == {name: value}
    assert parse_context(request["context"]) != WinContext()


@pytest.mark.parametrize("name", NAMES)
def test_the_page_writes_each_field_as_the_request_does_and_its_link_reads_it_back(name):
    spec = BY_NAME[name]
    value, _, query = SAMPLES[spec.kind]
    variant = reader_of(name)
    data = QueryDict(mutable=True)
    data["variant"] = variant
    data.setlist(name, query if isinstance(query, list) else [query])
    form = ScoreForm(data)
    assert form.is_valid(), form.errors
    context = form.engine_request()["context"]
    assert context == {name: value}
    link = QueryDict(mutable=True)
    for key, text in query_pairs(variant, None, context, {}):
        link.appendlist(key, text)
    again = ScoreForm(link)
    assert again.is_valid() and again.engine_request()["context"] == context


@pytest.mark.parametrize("name", NAMES)
def test_each_field_has_its_words(name):
    spec = BY_NAME[name]
    # messages name the field by its box's words, quoted; its request name is in error.fields
    assert str(field_word(name)) == f"“{spec.label}”"
    assert spec.label and spec.cli
    kind_has_blank = spec.kind in (YES_NO, SUIT, SEAT)
    assert bool(spec.blank) == kind_has_blank  # the page's choice for leaving it out
    sample = SAMPLES[spec.kind][0]
    assert flag_label(name, sample).startswith(str(spec.label))


def test_a_query_of_the_permalink_shape_lists_the_context_as_the_page_always_has():
    form = ScoreForm(QueryDict("variant=riichi&honba=2&dealer=0&seat_wind=S&riichi=on"
                               "&dora_indicators=3m&discarder=N&ippatsu=on"))
    assert form.is_valid()
    pairs = parse_qsl(form.permalink_query())
    assert [k for k, _ in pairs if k in BY_NAME] == [
        "riichi", "ippatsu", "seat_wind", "discarder", "dealer", "dora_indicators", "honba"]
