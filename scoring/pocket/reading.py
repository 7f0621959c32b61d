"""The scorer form read in the phone, without Django: the same query the server's ScoreForm reads
(scoring/forms.py), to the same engine request and the same fragment context (scoring.pocket.view).

Only what the form reads without a message of Django's own is read here: a field the form would
refuse with one of its own words (a wind that is no choice, a honba that is no number, a hand
over 300 characters) makes `read` return None, and the page asks the server, which says it. Every
other judgment is the engine's, as on the server: the notation, the context, the house rules,
the card.
"""

import json
import re
from dataclasses import dataclass, field
from itertools import groupby
from urllib.parse import urlencode

from scoring import engine
from scoring.engine.card import parse_card
from scoring.engine.context import (
    COUNT,
    FLAG,
    MAX_COUNT,
    SEAT,
    SEATS,
    SUIT,
    TILES,
    WIND,
    YES_NO,
)
from scoring.engine.errors import HandError
from scoring.engine.notation import parse
from scoring.engine.variants import VARIANTS
from scoring.engine.variants.american import is_card_text
from scoring.pocket.filters import localize
from scoring.pocket.lang import Lang
from scoring.pocket.query import (
    FAN_FIELD,
    INDICATOR_MAX_LENGTH,
    MOST_FLOWERS,
    MOST_PER_SET,
    REQUEST_FIELDS,
    analysis_listed,
    context_for,
    fan_pairs,
    fans_score,
    given,
    query_pairs,
    request_value,
    rule_text,
)

WINDS = ("E", "S", "W", "N")
# The values each kind of box offers (scoring/forms.py's context_field), "" for none chosen.
CHOICES = {WIND: WINDS, SEAT: WINDS, YES_NO: ("1", "0"), SUIT: ("m", "p", "s")}
HAND_MAX_LENGTH = 300  # the form's hand field
INTEGER = re.compile(r"[+-]?\d+")


class NotRead(Exception):
    """The form would refuse this field with Django's own words: the server answers it."""


@dataclass
class Reading:
    """What the scorer form made of a query, as the fragments show it."""

    variant_id: str
    rule_names: dict  # option name -> the field's name ("shanghai-minimum")
    hand: str = ""
    request: dict | None = None  # the engine request, when the fields were read
    result: dict | None = None
    analysis: dict | None = None  # a 13-tile hand's (query.analysis_listed)
    hand_errors: list = field(default_factory=list)  # [(code, message)]
    context_errors: list = field(default_factory=list)
    rule_errors: dict = field(default_factory=dict)  # field name -> [(code, message)]
    card_line: dict | None = None
    permalink: str = ""
    other_errors: bool = False  # a field refused with Django's words (the server's form only)
    # Scored by its ticked fans (MCR's "Count by fans", `_read_fans`): the fans and the flowers
    fans: dict = field(default_factory=dict)
    flowers: int = 0

    @property
    def no_score(self) -> str:
        if any(self.rule_errors.values()):
            return "rules"
        if self.context_errors:
            return "context"
        if self.hand_errors:
            return "hand"
        return "errors" if self.other_errors else ""

    @property
    def valid(self) -> bool:
        return self.request is not None and not (
            self.hand_errors or self.context_errors or any(self.rule_errors.values()))


class Query:
    """A form's pairs as Django's QueryDict reads them: the last value of a name, or all."""

    def __init__(self, pairs):
        self.values: dict[str, list[str]] = {}
        for name, value in pairs:
            self.values.setdefault(str(name), []).append(str(value))

    def get(self, name, default=None):
        return self.values[name][-1] if name in self.values else default

    def getlist(self, name):
        return self.values.get(name, [])

    def __contains__(self, name):
        return name in self.values


def _text(query: Query, name: str, most: int) -> str:
    value = query.get(name, "").strip()
    if len(value) > most or "\x00" in value:
        raise NotRead(name)
    return value


def _box(query: Query, spec):
    """One context box's value as its form field cleans it; NotRead where the field would
    refuse it in Django's words."""
    kind, name = spec.kind, spec.name
    if kind is FLAG:
        return _flag(query, name)
    if kind is SEATS:
        seats = query.getlist(name)
        if any(seat not in WINDS for seat in seats):
            raise NotRead(name)
        return seats
    if kind is TILES:
        return _text(query, name, INDICATOR_MAX_LENGTH)
    if kind is COUNT:
        return _number(query.get(name, ""), 0, MAX_COUNT)
    value = query.get(name, "")
    if value and value not in CHOICES[kind]:  # "" is allowed: no field is required
        raise NotRead(name)
    return value


def _flag(query: Query, name: str) -> bool:
    """CheckboxInput then BooleanField: absent, '' or 'false' is unticked."""
    value = query.get(name)
    return value is not None and value.lower() != "false" and value != ""


def _fans(query: Query, variant) -> tuple[dict, int]:
    """The fans ticked and the flowers counted (forms.FanTicks): {fan id: times}, flowers."""
    fans = {}
    for pattern in variant.entry_fans():
        name = FAN_FIELD + pattern.id
        if pattern.per:
            count = _choice(query.get(name, ""), MOST_PER_SET)
        else:
            count = 1 if _flag(query, name) else 0
        if count:
            fans[pattern.id] = count
    flowers = _choice(query.get("flowers", ""), MOST_FLOWERS) if variant.entry_fans() else 0
    return fans, flowers


def _choice(text: str, most: int) -> int:
    """A count offered as choices 0 to `most` (a TypedChoiceField of ints, '' for 0)."""
    if text == "":
        return 0
    if text not in {str(n) for n in range(most + 1)}:
        raise NotRead(text)
    return int(text)


def _number(text: str, low=None, high=None):
    text = text.strip()
    if text == "":
        return None
    if not INTEGER.fullmatch(text):
        raise NotRead(text)
    value = int(text)
    if (low is not None and value < low) or (high is not None and value > high):
        raise NotRead(text)
    return value


def _rule(option: dict, text: str, lang: Lang):
    """One house rule's value as its form field cleans it (forms.rule_field); '' / None: unset.
    A card that does not read is the rule's error, as CardValidator makes it."""
    default = option["default"]
    if option["choices"]:
        by_text = {str(choice): choice for choice in option["choices"]}
        if text == "":
            return ""
        if text not in by_text:
            raise NotRead(text)
        return by_text[text]
    if isinstance(default, bool):
        if text not in ("", "1", "0"):
            raise NotRead(text)
        return "" if text == "" else text == "1"
    if isinstance(default, int):
        return _number(text)
    if isinstance(default, float):
        try:
            value = float(text.strip()) if text.strip() else None
        except ValueError:
            raise NotRead(text) from None
        if value is not None and (value != value or value in (float("inf"), float("-inf"))):
            raise NotRead(text)
        return value
    value = text.strip()
    if "\x00" in value:
        raise NotRead(text)
    if option["name"] == "card" and is_card_text(value):
        parse_card(value)  # HandError: the card field's error
    return value


def remembered_rules(cookies: dict, variant_id: str) -> dict:
    """The house rules the server's cookie remembers for the variant (views._remembered)."""
    try:
        value = json.loads(cookies.get("house_rules") or "{}")
    except ValueError:
        return {}
    rules = value.get(variant_id) if isinstance(value, dict) else None
    return rules if isinstance(rules, dict) else {}


def line_sections(variant, card_text, lang: Lang) -> list:
    """The card's lines by section, as the form's line field offers them."""
    try:
        card = variant.card({"card": card_text or "demo"})
    except HandError:
        return []
    return [(str(section) if section else lang.gettext("Other hands"),
             [(line.id, f"{line.id} · {line.value} · {line.text}") for line in lines])
            for section, lines in groupby(card.lines, key=lambda line: line.section)]


def read(pairs, lang: Lang, cookies: dict | None = None) -> Reading | None:
    """The scorer form's answer to these pairs, or None where the server must answer."""
    try:
        return _read(Query(pairs), lang, cookies or {})
    except NotRead:
        return None


def _read(query: Query, lang: Lang, cookies: dict) -> Reading:
    chosen = query.get("variant")
    if chosen not in VARIANTS:
        raise NotRead("variant")  # the form's own "Select a valid choice"
    variant = VARIANTS[chosen]
    options = variant.describe_options()
    reading = Reading(chosen, {o["name"]: f"{chosen}-{o['name']}" for o in options})
    remembered = remembered_rules(cookies, chosen)
    shown = context_for(chosen)

    reading.hand = _text(query, "hand", HAND_MAX_LENGTH)
    hand_ok = True
    if reading.hand:
        try:
            parse(reading.hand)
        except HandError as error:
            reading.hand_errors.append((error.code, localize(lang, error.message)))
            hand_ok = False
    shown_names = shown["flags"] + shown["fields"]
    context = {}
    for spec in REQUEST_FIELDS:  # every box read, as the form's fields all are
        value = _box(query, spec)
        if spec.name in shown_names and given(spec, value):
            context[spec.name] = request_value(spec, value)

    rules, card_text = {}, None
    for option in options:
        name = reading.rule_names[option["name"]]
        text = query.get(name)
        if text is None:  # a link that names no house rule keeps the remembered ones
            text = rule_text(remembered.get(option["name"], option["default"]))
        if option["name"] == "card":
            card_text = text
        reading.rule_errors[name] = []
        try:
            value = _rule(option, text, lang)
        except HandError as error:
            reading.rule_errors[name].append((error.code, localize(lang, error.message)))
            continue
        if value is not None and value != "":
            rules[option["name"]] = value

    line = ""
    if variant.card_lines:
        sections = line_sections(variant, card_text, lang)
        line = query.get("line", "")
        if line not in {value for _, lines in sections for value, _ in lines}:
            line = ""
        if query.get("hand"):  # the form's hand.value: as sent, before stripping
            reading.card_line = {"sections": sections, "value": line}

    request = {"variant": chosen, "hand": reading.hand, "context": context, "rules": rules}
    if line:
        request["line"] = line
    reading.request = request
    fans, flowers = _fans(query, variant)
    if (fans or flowers) and hand_ok and not any(reading.rule_errors.values()):
        return _read_fans(reading, fans, flowers, options, lang)
    if not hand_ok or any(reading.rule_errors.values()) or not reading.hand:
        return reading
    result = engine.score(request)
    if result["ok"]:
        reading.result = result
        reading.permalink = permalink(request, options)
    elif not (result["error"]["code"] == "wrong_tile_count" and _read_analysis(reading)):
        _engine_error(reading, result["error"], lang)
    return reading


def _read_fans(reading: Reading, fans: dict, flowers: int, options: list, lang: Lang):
    """ScoreForm.clean_fans: a hand counted at the table, scored by its ticked fans."""
    result = fans_score(reading.request, fans, flowers)
    if not result["ok"]:
        _engine_error(reading, result["error"], lang)
        return reading
    reading.result, reading.fans, reading.flowers = result, dict(fans), flowers
    per_set = {p.id for p in VARIANTS[reading.variant_id].entry_fans() if p.per}
    reading.permalink = "&".join(filter(None, [permalink(reading.request, options), urlencode(
        fan_pairs(fans, flowers, per_set))]))
    return reading


def _read_analysis(reading: Reading) -> bool:
    """ScoreForm.read_analysis: a hand one tile short, its analysis (query.analysis_listed)."""
    reading.analysis = analysis_listed(reading.request)
    return reading.analysis is not None


def _engine_error(reading: Reading, error: dict, lang: Lang) -> None:
    """ScoreForm.engine_error: beside the house rule or the context it names, else the hand."""
    shown = (error["code"], localize(lang, error["message"]))
    at_fault = error.get("fields", [])
    rules = [reading.rule_names[f[len("rules."):]] for f in at_fault
             if f.startswith("rules.") and f[len("rules."):] in reading.rule_names]
    if rules:
        reading.rule_errors[rules[0]].append(shown)
    elif any(f.startswith("context.") for f in at_fault):
        reading.context_errors.append(shown)
    else:
        reading.hand_errors.append(shown)


def permalink(request: dict, options: list) -> str:
    """ScoreForm.permalink_query: every rule but a pasted card, which stays on the phone."""
    rules = {o["name"]: request["rules"].get(o["name"], o["default"]) for o in options}
    if is_card_text(rules.get("card")):
        del rules["card"]
    pairs = query_pairs(request["variant"], request["hand"], request["context"], rules)
    return urlencode(pairs + ([("line", request["line"])] if "line" in request else []))
