"""The scoring page's form: the contract's request (§2) as a plain GET query string.

The form reads the query, builds the engine request and lets the engine judge it. The hand field
declares `HandNotationValidator`, which adapts the engine's notation errors; `clean()` adapts every
other engine error onto the hand field, so the page shows it next to the hand. Nothing here parses
tiles or rules itself.
"""

from itertools import groupby
from urllib.parse import urlencode

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

from scoring import engine
from scoring.engine.analyse import WINNING_TILE_FIELDS
from scoring.engine.card import parse_card
from scoring.engine.context import FLAGS, implied_self_drawn
from scoring.engine.errors import HandError
from scoring.engine.messages import choice_word, rule_word
from scoring.engine.notation import format_hand, parse
from scoring.engine.variants import VARIANTS
from scoring.engine.variants.american import is_card_text
from scoring.i18n import localize

# The query string's shape is pure Python, shared with the pocket engine (scoring/pocket/).
from scoring.pocket.query import (  # noqa: F401 (re-exported: tables, examples)
    CONTEXT_VALUES,
    DEFAULT_VARIANT,
    INDICATOR_FIELDS,
    context_for,
    query_pairs,
    rule_text,
)

FLAG_LABELS = {
    "self_drawn": _("Self-drawn"),
    "last_tile": _("Last tile of the wall"),
    "kong_replacement": _("Kong replacement tile"),
    "double_kong_replacement": _("Second kong replacement"),
    "after_kong_discard": _("Discard right after a kong"),
    "robbing_kong": _("Robbing a kong"),
    "heavenly": _("Heavenly hand (dealer, first draw)"),
    "earthly": _("Earthly hand (dealer's first discard)"),
    "ready_announced": _("Ready hand announced"),
    "winning_tile_last": _("Winning tile was the last one left"),
    "joker_exchange": _("Won by a joker exchange"),
    "riichi": _("Riichi declared"),
    "double_riichi": _("Double riichi (declared on the first turn)"),
    "ippatsu": _("Ippatsu (won within one turn of riichi)"),
    "chiihou": _("Chiihou (non-dealer wins on the first draw)"),
}

WIND_CHOICES = [("E", _("East")), ("S", _("South")), ("W", _("West")), ("N", _("North"))]
SUIT_CHOICES = [("m", _("characters")), ("p", _("circles")), ("s", _("bamboo"))]
YES_NO = [("1", _("yes")), ("0", _("no"))]

CARD_HELP = _("Paste your card once, one hand per line: it is kept on this phone. Or write "
              "'demo' (the project's card) or 'temporary' (the table without a card).")


class HandNotationValidator:
    """Adapts the engine's strict notation parser: its error becomes the field's error."""

    def __call__(self, value):
        try:
            parse(value)
        except HandError as error:
            raise ValidationError(localize(error.message), code=error.code) from None


class CardValidator:
    """Adapts the engine's card parser (American): the first fault of a pasted card, naming its
    line, becomes the card field's error, shown next to the card before any hand is scored.
    'demo' and 'temporary' are names, left to the engine's rule check."""

    def __call__(self, value):
        if not is_card_text(value):
            return
        try:
            parse_card(value)
        except HandError as error:
            raise ValidationError(localize(error.message), code=error.code) from None


def rule_field(option: dict) -> forms.Field:
    """A form field for one house option as the catalog describes it."""
    default, help_text = option["default"], localize(option["help"])
    label = localize(rule_word(option["name"])).replace("_", " ")
    common = {"required": False, "label": label, "help_text": help_text}
    if option["choices"]:
        by_text = {str(choice): choice for choice in option["choices"]}
        return forms.TypedChoiceField(choices=[(k, localize(choice_word(k))) for k in by_text],
                                      coerce=by_text.get,
                                      **common)
    if isinstance(default, bool):
        return forms.TypedChoiceField(choices=YES_NO, coerce=lambda v: v == "1", **common)
    if isinstance(default, int):
        return forms.IntegerField(**common)
    if isinstance(default, float):
        return forms.FloatField(**common)
    validators = [CardValidator()] if option["name"] == "card" else []
    return forms.CharField(widget=forms.Textarea(attrs={
        "rows": 4, "spellcheck": "false", "autocapitalize": "off", "autocomplete": "off"}),
        validators=validators, **common)


class ScoreForm(forms.Form):
    variant = forms.ChoiceField(label=_("Variant"), choices=())
    hand = forms.CharField(label=_("Hand"), required=False, max_length=300, strip=True,
                           validators=[HandNotationValidator()])
    seat_wind = forms.ChoiceField(label=_("Seat wind"), choices=WIND_CHOICES, required=False)
    round_wind = forms.ChoiceField(label=_("Round wind"), choices=WIND_CHOICES, required=False)
    discarder = forms.ChoiceField(label=_("Discarder"), required=False,
                                  choices=[("", _("the one before me"))] + WIND_CHOICES)
    dealer = forms.ChoiceField(label=_("Dealer"), required=False,
                               choices=[("", _("if seat is East"))] + YES_NO)
    void_suit = forms.ChoiceField(label=_("Void suit"), required=False,
                                  choices=[("", _("not declared"))] + SUIT_CHOICES)
    opponents = forms.MultipleChoiceField(label=_("Still playing"), choices=WIND_CHOICES,
                                          required=False, widget=forms.CheckboxSelectMultiple)
    exchanger = forms.ChoiceField(label=_("Joker exchange by"), required=False,
                                  choices=[("", _("nobody"))] + WIND_CHOICES,
                                  help_text=_("temporary table: the player whose joker exchange "
                                              "gave you the tile pays for all three"))
    dora_indicators = forms.CharField(label=_("Dora indicators"), required=False, max_length=40,
                                      help_text=_("the tiles turned over, like 3m E"))
    ura_dora_indicators = forms.CharField(label=_("Ura dora indicators"), required=False,
                                          max_length=40, help_text=_("riichi only"))
    honba = forms.IntegerField(label=_("Honba"), required=False, min_value=0, max_value=100)
    riichi_sticks = forms.IntegerField(label=_("Riichi sticks on the table"), required=False,
                                       min_value=0, max_value=100,
                                       help_text=_("the winner's own included"))

    def __init__(self, data=None, remembered=None):
        super().__init__(data)
        self.fields["variant"].choices = [(v.id, localize(v.name)) for v in VARIANTS.values()]
        chosen = (data or {}).get("variant")
        self.variant_id = chosen if chosen in VARIANTS else DEFAULT_VARIANT
        self.variant = VARIANTS[self.variant_id]
        self.shown = context_for(self.variant_id)
        for flag in FLAGS:
            self.fields[flag] = forms.BooleanField(label=FLAG_LABELS[flag], required=False)
            self.fields[flag].widget.attrs["aria-describedby"] = "context-error"
            implied = implied_self_drawn(flag)
            if implied is not None:  # scorer.js ticks (or unticks) self-drawn to match
                self.fields[flag].widget.attrs["data-self-drawn"] = "1" if implied else "0"
        self.options = self.variant.describe()["options"]
        remembered = (remembered or {}).get(self.variant_id, {})
        self.rule_names = {}
        for option in self.options:
            name = f"{self.variant_id}-{option['name']}"
            self.rule_names[option["name"]] = name
            self.fields[name] = rule_field(option)
            self.fields[name].widget.attrs["aria-describedby"] = f"error-{name}"
            if option["name"] == "card":
                self.fields[name].label, self.fields[name].help_text = _("Card"), CARD_HELP
                self.fields[name].widget.attrs["rows"] = 8
            value = remembered.get(option["name"], option["default"])
            self.fields[name].initial = rule_text(value)
            if self.is_bound and name not in self.data:
                # A link that names no house rule (pattern library, old permalink) keeps the
                # table's remembered rules: fill them in as if they had been sent.
                self.data = self.data.copy()
                self.data[name] = rule_text(value)
        if self.variant.card_lines:
            lines = self.line_choices(remembered)
            self.fields["line"] = forms.ChoiceField(
                label=_("Check against one line"), required=False,
                choices=[("", _("the best line"))] + lines,
                widget=forms.Select(attrs={"form": "scorer"}))
            if self.is_bound and self.data.get("line") not in {i for _, ids in lines
                                                                for i, _ in ids}:
                self.data = self.data.copy()  # a line of another card: back to the best line
                self.data["line"] = ""
        self.result = None
        self.context_faults: set[str] = set()  # the context fields an engine error names
        self.analysis: list[dict] = []  # a 13-tile hand's waits, best first

    def line_choices(self, remembered: dict) -> list:
        """The lines of the card in use, by section, each with its value, to pick one and check
        the hand against it; none while the card cannot be read (its field says why)."""
        name = self.rule_names["card"]
        chosen = self.data.get(name) if self.is_bound else remembered.get("card", "demo")
        try:
            card = self.variant.card({"card": chosen or "demo"})
        except HandError:
            return []
        return [(section or _("Other hands"),
                 [(line.id, f"{line.id} · {line.value} · {line.text}") for line in lines])
                for section, lines in groupby(card.lines, key=lambda line: line.section)]

    # Groups of fields for the template ---------------------------------------------------------
    # The usual context, shown beside the keyboard so it is reached without scrolling; the rest
    # of the context stays in its own box below.
    QUICK = ("self_drawn", "seat_wind", "discarder")

    def quick_fields(self):
        return [self[name] for name in self.QUICK
                if name in self.shown["flags"] or name in self.shown["fields"]]

    def flag_fields(self):
        return [self[flag] for flag in self.shown["flags"] if flag not in self.QUICK]

    def context_fields(self):
        return [self[name] for name in self.shown["fields"] if name not in self.QUICK]

    def rule_fields(self):
        return [self[name] for name in self.rule_names.values()]

    def rule_errors(self) -> bool:
        return any(self[name].errors for name in self.rule_names.values())

    # The engine request ------------------------------------------------------------------------
    def engine_request(self) -> dict:
        data = self.cleaned_data
        context = {flag: True for flag in self.shown["flags"] if data.get(flag)}
        for name in ("seat_wind", "round_wind", "discarder", "void_suit", "exchanger"):
            if name in self.shown["fields"] and data.get(name):
                context[name] = data[name]
        if "dealer" in self.shown["fields"] and data.get("dealer"):
            context["dealer"] = data["dealer"] == "1"
        if "opponents" in self.shown["fields"] and data.get("opponents"):
            context["opponents"] = list(data["opponents"])
        for name in ("dora_indicators", "ura_dora_indicators", "honba", "riichi_sticks"):
            if name in self.shown["fields"] and data.get(name):
                context[name] = data[name]
        rules = {}
        for option in self.options:
            value = data.get(self.rule_names[option["name"]])
            if value is not None and value != "":
                rules[option["name"]] = value
        request = {"variant": self.variant_id, "hand": data.get("hand", ""), "context": context,
                   "rules": rules}
        if data.get("line"):
            request["line"] = data["line"]
        return request

    def clean(self):
        data = super().clean()
        if self.errors or not data.get("hand"):
            return data
        result = engine.score(self.engine_request())
        if not result["ok"]:
            if result["error"]["code"] == "wrong_tile_count" and self.read_waits():
                return data  # 13 tiles: the page shows what wins instead (contract §6)
            self.engine_error(result["error"])
            return data
        self.result = result
        return data

    def read_waits(self) -> bool:
        """A hand one tile short: its waits, each scored self-drawn and on a discard, in
        `self.analysis` (the winning-tile flags left out: every wait is tried both ways)."""
        request = self.engine_request()
        request["context"] = {name: value for name, value in request["context"].items()
                              if name not in WINNING_TILE_FIELDS}
        parsed = parse(request["hand"])  # already read by the validator
        request["hand"] = format_hand(parsed._replace(winning=None))  # a 13-tile hand has no +X
        answer = engine.analyse(request)
        if not answer["ok"] or not answer["waits"]:
            return False
        entered = self.engine_request()
        seat = entered["context"].get("seat_wind", "E")
        self.analysis = sorted(
            ({**wait, "gain_self_drawn": wait["self_drawn"]["net"][seat],
              "gain_discard": wait["discard"]["net"][seat], "query": urlencode(query_pairs(
                entered["variant"], f"{request['hand']} {wait['tile']} +{wait['tile']}",
                entered["context"], entered["rules"]))} for wait in answer["waits"]),
            key=lambda w: -max(w["self_drawn"]["total"], w["discard"]["total"]))
        return True

    def engine_error(self, error: dict) -> None:
        """Show an engine error where it belongs: beside the house rule or the context boxes it
        names, otherwise beside the hand."""
        invalid = ValidationError(localize(error["message"]), code=error["code"])
        at_fault = error.get("fields", [])
        rules = [self.rule_names[f[len("rules."):]] for f in at_fault
                 if f.startswith("rules.") and f[len("rules."):] in self.rule_names]
        if rules:
            self.add_error(rules[0], invalid)
        elif any(f.startswith("context.") for f in at_fault):
            self.context_faults = {f[len("context."):] for f in at_fault}
            for name in self.context_faults & set(self.fields):
                self.fields[name].widget.attrs["aria-invalid"] = "true"
            self.add_error(None, invalid)
        else:
            self.add_error("hand", invalid)

    def house_rules(self) -> dict:
        """The rules of a valid form, to remember for the table's next hand. A pasted card is
        left out: a cookie cannot hold it (4 KB), so scorer.js keeps it on the phone instead."""
        rules = self.engine_request()["rules"] if self.is_valid() else {}
        return {name: value for name, value in rules.items()
                if not (name == "card" and is_card_text(value))}

    def permalink_query(self) -> str:
        """The query string that reproduces this hand: variant, hand, context and every rule but
        a pasted card, which stays on the phone (scorer.js puts it back) and out of URLs."""
        request = self.engine_request()
        rules = {o["name"]: request["rules"].get(o["name"], o["default"]) for o in self.options}
        if is_card_text(rules.get("card")):
            del rules["card"]
        pairs = query_pairs(request["variant"], request["hand"], request["context"], rules)
        return urlencode(pairs + ([("line", request["line"])] if "line" in request else []))
