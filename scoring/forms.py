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
from scoring.engine.card import parse_card
from scoring.engine.context import (
    CONTEXT_FIELDS,
    COUNT,
    FLAG,
    MAX_COUNT,
    MAX_INDICATORS,
    SEAT,
    SEATS,
    SUIT,
    TILES,
    WIND,
    YES_NO,
    ContextField,
    implied_self_drawn,
)
from scoring.engine.errors import HandError
from scoring.engine.messages import choice_word
from scoring.engine.notation import parse
from scoring.engine.variants import VARIANTS
from scoring.engine.variants.american import is_card_text
from scoring.i18n import localize

# The query string's shape is pure Python, shared with the pocket engine (scoring/pocket/).
from scoring.pocket.query import (  # noqa: F401 (re-exported: tables, examples)
    DEFAULT_VARIANT,
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

WIND_CHOICES = [("E", _("East")), ("S", _("South")), ("W", _("West")), ("N", _("North"))]
SUIT_CHOICES = [("m", _("characters")), ("p", _("circles")), ("s", _("bamboo"))]
YES_NO_CHOICES = [("1", _("yes")), ("0", _("no"))]

CARD_HELP = _("Paste your card once, one hand per line: it is kept on this phone. Or write "
              "'demo' (the project's card) or 'temporary' (the table without a card).")


def context_field(spec: ContextField) -> forms.Field:
    """The page's box for one context field of the engine's table, by its kind."""
    common = {"label": localize(spec.label), "required": False,
              "help_text": localize(spec.help) if spec.help else ""}
    blank = [("", localize(spec.blank))] if spec.blank else []
    kind = spec.kind
    if kind is FLAG:
        field = forms.BooleanField(**common)
        field.widget.attrs["aria-describedby"] = "context-error"
        implied = implied_self_drawn(spec.name)
        if implied is not None:  # scorer.js ticks (or unticks) self-drawn to match
            field.widget.attrs["data-self-drawn"] = "1" if implied else "0"
        return field
    if kind in (WIND, SEAT):
        return forms.ChoiceField(choices=blank + WIND_CHOICES, **common)
    if kind is YES_NO:
        return forms.ChoiceField(choices=blank + YES_NO_CHOICES, **common)
    if kind is SUIT:
        return forms.ChoiceField(choices=blank + SUIT_CHOICES, **common)
    if kind is SEATS:
        return forms.MultipleChoiceField(choices=WIND_CHOICES,
                                         widget=forms.CheckboxSelectMultiple, **common)
    if kind is TILES:  # typed, or tapped in its picker (partials/_tile_picker.html)
        field = forms.CharField(max_length=INDICATOR_MAX_LENGTH, **common)
        field.tile_picker = MAX_INDICATORS  # how many it picks at most
        field.script = "js/tile-picker.js"
        return field
    if kind is COUNT:
        return forms.IntegerField(min_value=0, max_value=MAX_COUNT, **common)
    raise ValueError(f"no box for context field {spec.name} of kind {kind.name}")


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


# Each house option's word, as its variant declares it (options of the same name in several
# variants share their word).
OPTION_WORDS = {option.name: option.word for variant in VARIANTS.values()
                for option in variant.options}


def rule_field(option: dict) -> forms.Field:
    """A form field for one house option as the catalog describes it."""
    default, help_text = option["default"], localize(option["help"])
    label = localize(OPTION_WORDS.get(option["name"], option["name"]))
    common = {"required": False, "label": label, "help_text": help_text}
    if option["choices"]:
        by_text = {str(choice): choice for choice in option["choices"]}
        return forms.TypedChoiceField(choices=[(k, localize(choice_word(k))) for k in by_text],
                                      coerce=by_text.get,
                                      **common)
    if isinstance(default, bool):
        return forms.TypedChoiceField(choices=YES_NO_CHOICES, coerce=lambda v: v == "1", **common)
    if isinstance(default, int):
        return forms.IntegerField(**common)
    if isinstance(default, float):
        return forms.FloatField(**common)
    validators = [CardValidator()] if option["name"] == "card" else []
    field = forms.CharField(widget=forms.Textarea(attrs={
        "rows": 4, "spellcheck": "false", "autocapitalize": "off", "autocomplete": "off"}),
        validators=validators, **common)
    if option["name"] == "card":
        field.script = "js/american-card.js"  # the card pasted once, kept on the phone
    return field


class FanTicks:
    """The fans of a variant with entry by fans (MCR, `Variant.entry_fans`) as boxes to tick,
    grouped by value (a fan counted per set: how many times, up to 4), and the flowers as a
    count: the scorer's "Count by fans" and the tables' quick entry (FanWinForm) both tick
    them (templates/tables/partials/_fan_ticks.html)."""

    fan_patterns: tuple = ()

    def add_fan_fields(self, variant_id: str) -> None:
        self.fan_patterns = VARIANTS[variant_id].entry_fans()
        for pattern in self.fan_patterns:
            if pattern.per:
                field = forms.TypedChoiceField(
                    coerce=int, empty_value=0, required=False, label=pattern.english,
                    choices=[(0, "—")] + [(n, f"×{n}") for n in range(1, MOST_PER_SET + 1)])
            else:
                field = forms.BooleanField(required=False, label=pattern.english)
            self.fields[FAN_FIELD + pattern.id] = field
        self.fields["flowers"] = forms.TypedChoiceField(
            label=_("Flowers"), coerce=int, empty_value=0, required=False, initial=0,
            choices=[(n, str(n)) for n in range(MOST_FLOWERS + 1)])

    def fan_groups(self) -> list[tuple[int, list]]:
        """(value, [(pattern, its bound field)]) from the highest value down; each pattern as
        the catalogue describes it (its names in every language, for `local_name`)."""
        groups: dict[int, list] = {}
        for pattern in self.fan_patterns:
            groups.setdefault(pattern.value, []).append(
                (pattern.describe(), self[FAN_FIELD + pattern.id]))
        return sorted(groups.items(), key=lambda item: -item[0])

    def fans_open(self) -> bool:
        """Whether the ticks are shown open: the form comes back with fans ticked (or edits a
        hand entered by its fans)."""
        given = self.data if self.is_bound else self.initial
        return any(given.get(FAN_FIELD + p.id) not in (None, "", "0", 0, False)
                   for p in self.fan_patterns)

    def ticked_fans(self) -> dict[str, int]:
        data = self.cleaned_data
        return {p.id: int(data.get(FAN_FIELD + p.id) or 0) for p in self.fan_patterns
                if data.get(FAN_FIELD + p.id)}


class ScoreForm(FanTicks, forms.Form):
    variant = forms.ChoiceField(label=_("Variant"), choices=())
    hand = forms.CharField(label=_("Hand"), required=False, max_length=300, strip=True,
                           validators=[HandNotationValidator()])

    def __init__(self, data=None, remembered=None):
        super().__init__(data)
        self.fields["variant"].choices = [(v.id, localize(v.name)) for v in VARIANTS.values()]
        chosen = (data or {}).get("variant")
        self.variant_id = chosen if chosen in VARIANTS else DEFAULT_VARIANT
        self.variant = VARIANTS[self.variant_id]
        self.shown = context_for(self.variant_id)
        for spec in CONTEXT_FIELDS:
            self.fields[spec.name] = context_field(spec)
        self.options = self.variant.describe_options()
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
        self.add_fan_fields(self.variant_id)  # none but where the variant takes entry by fans
        self.by_fans = False  # scored by its ticked fans ("Count by fans"), not its tiles
        self.result = None
        self.context_faults: set[str] = set()  # the context fields an engine error names
        self.refusal: str | None = None  # the engine's refusal, in its words (engine_error)
        # The request the engine was sent: its refusal takes the hand out of cleaned_data, and
        # a table's add page shows the hand refused with the refusal (services.scorer_hand)
        self.sent: dict | None = None
        self.analysis: dict | None = None  # a 13-tile hand's analysis (query.analysis_listed)

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
    # The usual context (the table's `quick` fields), shown beside the keyboard so it is reached
    # without scrolling; the rest of the context stays in its own box below.
    QUICK = tuple(spec.name for spec in CONTEXT_FIELDS if spec.quick)

    def quick_fields(self):
        return [self[name] for name in self.QUICK
                if name in self.shown["flags"] or name in self.shown["fields"]]

    def flag_fields(self):
        return [self[flag] for flag in self.shown["flags"] if flag not in self.QUICK]

    def context_fields(self):
        return [self[name] for name in self.shown["fields"] if name not in self.QUICK]

    def rule_fields(self):
        return [self[name] for name in self.rule_names.values()]

    def scripts(self) -> list[str]:
        """The static scripts the shown fields need beside scorer.js (a box's tile picker, the
        kept card), each once: a page loads only its own variant's."""
        shown = self.context_fields() + self.rule_fields()
        return list(dict.fromkeys(f.field.script for f in shown if hasattr(f.field, "script")))

    def rule_errors(self) -> bool:
        return any(self[name].errors for name in self.rule_names.values())

    # The engine request ------------------------------------------------------------------------
    def engine_request(self) -> dict:
        data = self.cleaned_data
        shown = self.shown["flags"] + self.shown["fields"]
        context = {spec.name: request_value(spec, data[spec.name]) for spec in REQUEST_FIELDS
                   if spec.name in shown and given(spec, data.get(spec.name))}
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
        if not self.errors and self.fan_patterns and (self.ticked_fans() or data.get("flowers")):
            return self.clean_fans(data)
        if self.errors or not data.get("hand"):
            return data
        self.sent = self.engine_request()
        result = engine.score(self.sent)
        if not result["ok"]:
            if result["error"]["code"] == "wrong_tile_count" and self.read_analysis():
                return data  # 13 tiles: the page shows what wins, or what helps (contract §6)
            self.engine_error(result["error"])
            return data
        self.result = result
        return data

    def clean_fans(self, data):
        """A hand counted at the table, scored by the fans ticked (query.fans_score)."""
        self.sent = self.engine_request()
        result = fans_score(self.sent, self.ticked_fans(), data.get("flowers") or 0)
        if not result["ok"]:
            self.engine_error(result["error"])
            return data
        self.result, self.by_fans = result, True
        return data

    def read_analysis(self) -> bool:
        """A hand one tile short: its analysis in `self.analysis` (query.analysis_listed)."""
        self.analysis = analysis_listed(self.engine_request())
        return self.analysis is not None

    def engine_error(self, error: dict) -> None:
        """Show an engine error where it belongs: beside the house rule or the context boxes it
        names, otherwise beside the hand."""
        self.refusal = localize(error["message"])
        invalid = ValidationError(self.refusal, code=error["code"])
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
        if self.by_fans:
            pairs += fan_pairs(self.ticked_fans(), self.cleaned_data.get("flowers") or 0,
                               {p.id for p in self.fan_patterns if p.per})
        return urlencode(pairs + ([("line", request["line"])] if "line" in request else []))
