"""Forms for tables: a new table, a win entered quickly or from the scorer, a drawn hand (at a
Riichi table: who was ready, who declared riichi), a Sichuan deal, an American false win.

The forms check what players type and hand it over as one typed value, their `entry` (a
game.WinEntry, DrawEntry...); the money comes from `game` (scoring/tables/game.py), which asks
the engine, through `services`, which turns an engine error (a winner who is dreaming, a deal
event that cannot happen) into a message the form shows.
"""

import dataclasses
import unicodedata

from django import forms
from django.core.exceptions import ValidationError
from django.utils.formats import number_format
from django.utils.translation import gettext_lazy as _

from scoring.engine.errors import HandError
from scoring.engine.variants import VARIANTS
from scoring.forms import DEFAULT_VARIANT, FAN_FIELD, FanTicks, rule_field, rule_text
from scoring.i18n import localize
from scoring.tables import game

SELF_DRAWN = "self"
UNIT_LABELS = {"fan": _("Fans"), "faan": _("Faan"), "points": _("Points")}
MAX_PLAYERS = 5


def visible_text(text: str) -> str:
    """A name as it is kept: Unicode NFC, without invisible format characters (Unicode category
    Cf: zero-width spaces and joiners, bidi direction controls such as U+202E), control
    characters and line breaks as spaces, runs of spaces as one, no space at either end."""
    kept = []
    for char in unicodedata.normalize("NFC", text):
        category = unicodedata.category(char)
        if category == "Cf":
            continue
        kept.append(" " if category in ("Cc", "Zs", "Zl", "Zp") else char)
    return unicodedata.normalize("NFC", " ".join("".join(kept).split()))


def same_name(name: str) -> str:
    """What two names must differ in: case does not count (casefold)."""
    return unicodedata.normalize("NFC", name.casefold())


class NameField(forms.CharField):
    """A name typed by a player, kept visible (`visible_text`); one made only of invisible
    characters is refused rather than taken as an empty seat."""

    def to_python(self, value):
        typed = super().to_python(value)
        name = visible_text(typed)
        if typed and not name:
            raise ValidationError(_("This name has only invisible characters: type a name "
                                    "that can be read."), code="invisible")
        return name


def seat_choices(names, position: game.Position):
    return [(str(player), f"{wind} · {names[player]}") for wind, player in position.seating()]


class TableForm(forms.Form):
    name = NameField(label=_("Table name"), max_length=80, required=False)
    variant = forms.ChoiceField(label=_("Variant"), choices=())

    def __init__(self, data=None, variant_id=None):
        super().__init__(data)
        self.fields["variant"].choices = [(v.id, localize(v.name)) for v in VARIANTS.values()]
        chosen = (data or {}).get("variant") or variant_id
        self.variant_id = chosen if chosen in VARIANTS else DEFAULT_VARIANT
        self.fields["variant"].initial = self.variant_id
        self.variant = VARIANTS[self.variant_id]
        self.rotation = game.rotation_of(self.variant_id)
        winds = [_("East"), _("South"), _("West"), _("North"), _("Dreamer (sits out first)")]
        self.seats = max(self.rotation.players)  # the seats the variant can use
        self.dreamer = self.seats == MAX_PLAYERS  # a fifth player sits out in turn
        for i in range(self.seats):
            self.fields[f"player{i}"] = NameField(
                label=winds[i], max_length=30, required=i < min(self.rotation.players),
                widget=forms.TextInput(attrs={"autocomplete": "off"}))
        self.options = self.variant.describe_options()
        self.rule_names = {}
        for option in self.options:
            name = f"{self.variant_id}-{option['name']}"
            self.rule_names[option["name"]] = name
            self.fields[name] = rule_field(option)
            self.fields[name].initial = rule_text(option["default"])
        if self.rotation.dealer_may_keep:
            self.fields["dealer_keeps_deal_on_win"] = forms.BooleanField(
                label=_("A dealer who wins keeps the deal"), required=False,
                help_text=_("Off: the deal passes after every hand. On: it passes after a drawn "
                            "hand or another player's win only."))
        self.table_options = game.options_for(self.variant_id)
        for option in self.table_options:
            self.fields[option.name] = option_field(option)

    def table_option_fields(self):
        """The table's own options (the rotation, game.TABLE_OPTIONS), beside the variant's
        house rules."""
        names = ["dealer_keeps_deal_on_win"] + [option.name for option in self.table_options]
        return [self[name] for name in names if name in self.fields]

    def player_fields(self):
        """A name field per seat the variant can use: no dreamer where five cannot play."""
        return [self[f"player{i}"] for i in range(self.seats)]

    def rule_fields(self):
        return [self[name] for name in self.rule_names.values()]

    def clean(self):
        data = super().clean()
        names = [data.get(f"player{i}") or "" for i in range(self.seats)]
        if any(not n for n in names[:3]):
            return data
        count = len([n for n in names if n])
        if any(not n for n in names[:count]):
            raise ValidationError(_("Fill the seats in order: East, South, West, North, then the "
                                    "dreamer."))
        if len({same_name(n) for n in names[:count]}) != count:
            raise ValidationError(_("Two players have the same name."))
        if count not in self.rotation.players:
            allowed = ", ".join(map(str, self.rotation.players))
            raise ValidationError(_("%(variant)s is played by %(allowed)s players.")
                                  % {"variant": localize(self.variant.name), "allowed": allowed})
        rules = {}
        for option in self.options:
            value = data.get(self.rule_names[option["name"]])
            if value is not None and value != "":
                rules[option["name"]] = value
        try:
            checked = self.variant.check_rules(rules)
        except HandError as error:
            raise ValidationError(localize(error.message)) from None
        given = {option.name: data.get(option.name) for option in self.table_options
                 if data.get(option.name) is not None and data.get(option.name) != ""}
        for name, value in given.items():  # each refusal under its own field
            try:
                game.check_option(game.TABLE_OPTION_NAMES[name], value)
            except HandError as error:
                self.add_error(name, localize(error.message))
        if self.errors:
            return data
        data["options"] = game.table_options(self.variant_id, given)
        data["players"] = names[:count]
        data["dealer_keeps"] = bool(data.get("dealer_keeps_deal_on_win"))
        data["rules"] = dict(checked)  # every option, so the table keeps its rules as agreed
        return data


def option_field(option: game.TableOption) -> forms.Field:
    """A table option's field: a box for on or off, a choice, or a whole number (its bounds are
    game.table_options's to check, which says what the option may be)."""
    label, help_text = localize(option.label), localize(option.help)
    if isinstance(option.default, bool):
        return forms.BooleanField(label=label, help_text=help_text, required=False,
                                  initial=option.default)
    if option.choices:
        return forms.ChoiceField(label=label, help_text=help_text, initial=option.default,
                                 required=False,
                                 choices=[(v, localize(text)) for v, text in option.choices])
    return forms.IntegerField(label=label, help_text=help_text, initial=option.default,
                              required=False)


class WonFrom:
    """A form's `source` choice read back: self-drawn, or the discarder's position."""

    @property
    def self_drawn(self) -> bool:
        return self.cleaned_data["source"] == SELF_DRAWN

    @property
    def discarder(self) -> int | None:
        return None if self.self_drawn else int(self.cleaned_data["source"])


def ticked(chosen) -> tuple[int, ...]:
    """Players ticked in a checkbox group, as an entry keeps them."""
    return tuple(chosen or ())


def grouped(amount: int) -> str:
    """1000 -> '1,000' (the page language's grouping)."""
    return number_format(amount, force_grouping=True)


def player_boxes(label, names, position: game.Position) -> forms.TypedMultipleChoiceField:
    """A checkbox per seated player (riichi declared, ready at a draw), none required."""
    return forms.TypedMultipleChoiceField(label=label, coerce=int, required=False,
                                          widget=forms.CheckboxSelectMultiple,
                                          choices=seat_choices(names, position))


class BoxesShown:
    """A form's checkbox groups, shown as fieldsets, apart from its other fields."""

    def box_fields(self):
        return [field for field in self.visible_fields()
                if isinstance(field.field.widget, forms.CheckboxSelectMultiple)]

    def select_fields(self):
        return [field for field in self.visible_fields()
                if not isinstance(field.field.widget, forms.CheckboxSelectMultiple)]


# The other winners on one discard a Riichi table's quick entry asks for (double ron; a triple
# ron where the table pays it): each a winner, their han and their fu, named by its number.
OTHER_WINNERS = {2: (_("Second winner (double ron)"), _("Second winner's han"),
                     _("Second winner's fu")),
                 3: (_("Third winner (triple ron)"), _("Third winner's han"),
                     _("Third winner's fu"))}


class WinForm(BoxesShown, WonFrom, forms.Form):
    """A win: who won, from whom (or self-drawn); with `total` for quick entry; with `riichi` (a
    Riichi table), who declared riichi this hand. Where the variant pays by han and fu
    (`game.quick_entry_fu`: Riichi), `total` is a select of han (1 to 13+, a yakuman, a double
    yakuman, each with the limit it is paid as) and `fu` a select of the fu; a count no hand
    scores is refused in the engine's words (`check_han_fu`)."""

    winner = forms.TypedChoiceField(label=_("Winner"), coerce=int)
    source = forms.ChoiceField(label=_("Won from"))
    total = forms.IntegerField(label=_("Fans"), min_value=0, max_value=100000)
    version = forms.IntegerField(widget=forms.HiddenInput, required=False)

    def __init__(self, data=None, *, names, position, unit="fan", with_total=True, initial=None,
                 choose=False, highest=None, riichi=0, scored_riichi=False, variant_id=None,
                 rules=None, options=None):
        """`choose`: nothing is chosen beforehand, the player picks both (an empty first
        choice that the form refuses with its own words). `riichi`: a riichi stick's worth (a
        Riichi table): ask who declared riichi; `scored_riichi`: the hand was scored with riichi
        (or double riichi), so its winner declared it. `variant_id` and `rules`: the table's,
        for a variant that pays by han and fu, and for pao (Riichi's pao_suukantsu). `options`:
        the table's (game.table_options); where they let several win on one discard (Riichi
        without head-bump), the form asks for a second winner, and a third where the table pays
        a triple ron."""
        super().__init__(data, initial=initial)
        self.names, self.scored_riichi = names, scored_riichi
        self.fu_choices = game.quick_entry_fu(variant_id) if variant_id and with_total else ()
        self.yakuman = 0
        if self.fu_choices:
            self.variant = VARIANTS[variant_id]
            self.fields["total"] = forms.CharField(
                label=_("Han"), widget=forms.Select(choices=self.han_choices(rules)),
                error_messages={"required": _("Choose how many han.")})
            self.fields["fu"] = forms.IntegerField(
                label=_("Fu"), required=False, widget=forms.Select(
                    choices=[("", "—")] + [(fu, str(fu)) for fu in self.fu_choices]),
                help_text=_("From 5 han, or for a yakuman, the fu do not count."))
        self.others = []
        if self.fu_choices and options and "head_bump" in options and not options["head_bump"]:
            paid_triple = options.get("triple_ron") == game.TRIPLE_RON_PAID
            self.others = [2, 3] if paid_triple else [2]
            for k in self.others:
                self.add_other_winner(k, names, position, rules)
        if variant_id and game.keeps_pao(variant_id):
            self.pao_kongs = kongs = VARIANTS[variant_id].check_rules(rules or {})[
                "pao_suukantsu"]
            self.fields["liable"] = forms.TypedChoiceField(
                label=_("Liable (pao)"), coerce=int, required=False, empty_value=None,
                choices=[("", "—")] + seat_choices(names, position),
                help_text=_("Who fed the third dragon set (big three dragons), the fourth wind "
                            "set (big four winds) or the fourth kong (four kongs): on a "
                            "self-draw they pay the whole yakuman; on another player's "
                            "discard, half of it.") if kongs else
                _("Who fed the third dragon set (big three dragons) or the fourth "
                  "wind set (big four winds): on a self-draw they pay the whole "
                  "yakuman; on another player's discard, half of it."))
            if self.fu_choices:  # quick entry's count: a double yakuman of which one is liable
                self.fields["liable_yakuman"] = forms.TypedChoiceField(
                    label=_("Liable for"), coerce=int, required=False, empty_value=None,
                    choices=[("", _("the whole hand")),
                             (1, _("one yakuman of two"))],
                    help_text=_("Big three dragons with all honors, say: the liable player "
                                "answers for the big three dragons only, and the other "
                                "yakuman is paid as any win."))
        if riichi:
            self.fields["riichi"] = player_boxes(_("Riichi declared this hand"), names, position)
            self.fields["riichi"].help_text = _(
                "Each player ticked puts a %(stick)s-point stick on the table; the winner takes "
                "every stick on it.") % {"stick": grouped(riichi)}
        choices = seat_choices(names, position)
        blank = [("", "—")] if choose else []
        self.fields["winner"].choices = blank + choices
        self.fields["source"].choices = blank + [(SELF_DRAWN, _("self-drawn"))] + [
            (value, _("%(who)s's discard") % {"who": label}) for value, label in choices]
        self.fields["winner"].error_messages["required"] = _("Choose who won.")
        self.fields["source"].error_messages["required"] = _(
            "Choose whose discard it was, or self-drawn.")
        if not self.fu_choices:  # the han select has its own label
            self.fields["total"].label = UNIT_LABELS.get(unit, unit)
        self.highest, self.unit = highest, unit
        if highest is not None:
            self.fields["total"].widget.attrs["max"] = highest
        if not with_total:
            del self.fields["total"]

    def add_other_winner(self, k: int, names, position, rules) -> None:
        """Winner `k` on the same discard (`OTHER_WINNERS`): who, their han, their fu."""
        who, han, fu = OTHER_WINNERS[k]
        self.fields[f"winner{k}"] = forms.TypedChoiceField(
            label=who, coerce=int, required=False, empty_value=None,
            choices=[("", "—")] + seat_choices(names, position),
            help_text=_("Several winners on one discard: each is paid by the discarder; the "
                        "honba and the riichi sticks go to the first in turn order from the "
                        "discarder.") if k == 2 else "")
        self.fields[f"total{k}"] = forms.CharField(
            label=han, required=False, widget=forms.Select(choices=self.han_choices(rules)))
        self.fields[f"fu{k}"] = forms.IntegerField(
            label=fu, required=False, widget=forms.Select(
                choices=[("", "—")] + [(value, str(value)) for value in self.fu_choices]))

    def other_wins(self) -> list[tuple[int, int, int | None, int]]:
        """The other winners on the discard: (winner, han, fu, yakuman) each."""
        data, found = self.cleaned_data, []
        for k in self.others:
            if data.get(f"winner{k}") is not None:
                han, yakuman = game.read_han(data.get(f"total{k}")) or (0, 0)
                found.append((data[f"winner{k}"], han, data.get(f"fu{k}"), yakuman))
        return found

    @property
    def entry(self) -> game.WinEntry | game.DiscardWinsEntry:
        """The win entered (its total, fu and yakuman where the form asks them); with other
        winners on the same discard (double ron), the wins on it."""
        data = self.cleaned_data
        riichi = ticked(data.get("riichi"))
        others = self.other_wins()
        if others:
            wins = [(data["winner"], data.get("total"), data.get("fu"), self.yakuman), *others]
            return game.DiscardWinsEntry(
                wins=tuple((winner, han) for winner, han, _fu, _yakuman in wins),
                discarder=self.discarder, fu=tuple(fu for *_w, fu, _y in wins),
                yakuman=tuple(yakuman for *_w, yakuman in wins), riichi=riichi)
        return game.WinEntry(winner=data["winner"], discarder=self.discarder,
                             self_drawn=self.self_drawn, total=data.get("total"),
                             fu=data.get("fu"), yakuman=self.yakuman, riichi=riichi,
                             liable=data.get("liable"),
                             liable_yakuman=data.get("liable_yakuman"))

    def han_choices(self, rules) -> list[tuple[str, str]]:
        """The han select: 1 to 12 han, 13+ han, a yakuman and a double yakuman, each with the
        limit the engine pays it as under the table's house rules (kazoe yakuman or sanbaiman
        for 13+)."""
        rules = self.variant.check_rules(rules or {})
        choices = [("", "—")]
        for han in range(1, 14):
            text = (_("%(han)s+ han") if han == 13 else _("%(han)s han")) % {"han": han}
            limit = self.variant.limit_name(han, 0, rules)
            choices.append((game.han_choice(han), f"{text} · {limit}" if limit else text))
        choices += [(game.han_choice(0, times), self.variant.limit_name(0, times, rules))
                    for times in (1, 2)]
        return choices

    def clean_total(self):
        # Digits typed by hand: any script's decimal digits count as their value (a phone's
        # full-width １０ or Arabic-Indic ١٠ is 10), as Django's IntegerField reads them for
        # every other number here; other "digits" (superscript ², circled ①) are refused. README.
        total = self.cleaned_data["total"]
        if self.fu_choices:  # "3", "13", "yakuman1": the han (13 a yakuman), and the yakuman
            read = game.read_han(total)
            if read is None:
                raise ValidationError(_("Choose how many han."), code="han")
            total, self.yakuman = read
            return total
        if self.highest is not None and total > self.highest:
            raise ValidationError(
                _("At most %(highest)s %(unit)s at this table: its house rules' limit. A hand "
                  "worth more is entered as %(highest)s.")
                % {"highest": self.highest, "unit": self.unit}, code="over_limit")
        return total

    def clean(self):
        data = super().clean()
        if not self.errors and data["source"] != SELF_DRAWN and int(data["source"]) == data[
                "winner"]:
            raise ValidationError(_("The winner cannot have discarded the winning tile: choose "
                                    "self-drawn or another player."))
        if (not self.errors and self.scored_riichi and "riichi" in self.fields
                and data["winner"] not in data.get("riichi", [])):
            self.add_error("riichi", ValidationError(
                _("The hand was scored with riichi, so %(who)s declared it: tick %(who)s too.")
                % {"who": self.names[data["winner"]]}, code="winner_riichi"))
        if self.fu_choices and not self.errors:
            try:
                self.variant.check_han_fu(data["total"], data.get("fu"), self.self_drawn,
                                          self.yakuman)
            except HandError as error:
                raise ValidationError(localize(error.message), code="han_fu") from None
        if self.others and not self.errors:
            self.check_other_winners(data)
        if data.get("liable") is not None and not self.errors:
            self.check_liable(data)  # a hand from the scorer: its patterns, in game.scored
        elif data.get("liable_yakuman") is not None and not self.errors:
            self.add_error("liable", _(
                "Choose the liable player, or leave “Liable for” at the whole hand."))
        return data

    def check_liable(self, data) -> None:
        """Pao: a yakuman, one winner, the liable player another than the winner (a hand from
        the scorer, with no count here, is checked by its patterns: game.scored_pao)."""
        if "total" in self.fields and not self.yakuman:
            self.add_error("liable", _(
                "Pao (liability) is for a yakuman fed by another player: big three dragons "
                "(daisangen), big four winds (daisuushii) or four kongs (suukantsu). This hand "
                "is no yakuman: leave the liable player empty.") if self.pao_kongs else _(
                "Pao (liability) is for a yakuman fed by another player: big three dragons "
                "(daisangen) or big four winds (daisuushii). This hand is no yakuman: leave "
                "the liable player empty."))
        elif data["liable"] == data["winner"]:
            self.add_error("liable", _("The winner cannot be liable for their own hand."))
        elif "total" in self.fields and (data.get("liable_yakuman") or 0) > self.yakuman:
            self.add_error("liable_yakuman", _(
                "The liable part is more than the hand's yakuman: leave “Liable for” at the "
                "whole hand."))
        elif self.other_wins():
            self.add_error("liable", _(
                "Pao is kept for a single winner: enter the double ron without it."))

    def check_other_winners(self, data) -> None:
        """Each other winner on the discard: on a discard, someone else than the winner, the
        discarder and each other, with a count a hand scores."""
        seen = {data["winner"]}
        for k in self.others:
            winner, counted = data.get(f"winner{k}"), game.read_han(data.get(f"total{k}"))
            if winner is None:
                if counted is not None:
                    self.add_error(f"winner{k}", _(
                        "Choose who won with this han, or leave the han empty."))
                continue
            if self.self_drawn:
                self.add_error(f"winner{k}", _(
                    "A self-drawn tile has one winner: several win on one discard only."))
            elif winner == self.discarder:
                self.add_error(f"winner{k}", _(
                    "%(who)s discarded the winning tile and cannot win on it.")
                    % {"who": self.names[winner]})
            elif winner in seen:
                self.add_error(f"winner{k}", _(
                    "%(who)s is already a winner of this discard: choose another player.")
                    % {"who": self.names[winner]})
            elif counted is None:
                self.add_error(f"total{k}", _("Choose how many han for %(who)s.")
                               % {"who": self.names[winner]})
            else:
                han, yakuman = counted
                try:
                    self.variant.check_han_fu(han, data.get(f"fu{k}"), False, yakuman)
                except HandError as error:
                    self.add_error(f"total{k}", localize(error.message))
            seen.add(winner)




def fans_initial(detail: dict) -> dict:
    """A hand entered by its fans (`game.by_fans` keeps them in its detail), as the ticks of its
    edit form: each fan ticked (or its count), the flowers, and no total typed."""
    fans = detail.get("fans")
    if not fans:
        return {}
    return {"total": None, "flowers": detail.get("flowers", 0),
            **{FAN_FIELD + fan_id: count for fan_id, count in fans.items()}}


class FanWinForm(FanTicks, WinForm):
    """Quick entry where the variant takes a hand by its fans (MCR, `Variant.entry_fans`): the
    total typed, or the fans ticked (FanTicks, as the scorer's "Count by fans" ticks them). The
    engine adds the ticks up, checks them (a fan another ticked fan already counts, the minimum
    without the flowers) and pays them (`game.by_fans`); its refusal comes back as the form's
    error, the ticks kept."""

    def __init__(self, data=None, *, variant_id, **kwargs):
        super().__init__(data, variant_id=variant_id, **kwargs)
        self.fields["total"].required = False
        self.fields["total"].help_text = _("Or leave it empty and tick the fans below.")
        self.add_fan_fields(variant_id)

    def select_fields(self):
        return [field for field in super().select_fields()
                if not field.name.startswith(FAN_FIELD) and field.name != "flowers"]

    def clean(self):
        data = super().clean()
        if self.errors:
            return data
        fans, total = self.ticked_fans(), data.get("total")
        if fans and total is not None:
            raise ValidationError(_("Type the total or tick the fans, not both."), code="both")
        if not fans and total is None:
            raise ValidationError(_("Type the hand's total, or tick its fans."), code="none")
        if not fans and data.get("flowers"):
            raise ValidationError(_("The flowers are counted with the ticked fans: tick the "
                                    "fans too, or count the flowers in the total."),
                                  code="flowers")
        return data

    @property
    def entry(self) -> game.WinEntry:
        fans = self.ticked_fans()
        return dataclasses.replace(super().entry, fans=tuple(fans.items()),
                                   flowers=self.cleaned_data.get("flowers") or 0 if fans else 0)


class DrawForm(BoxesShown, forms.Form):
    """A drawn hand. At a table whose variant pays at a draw (Riichi, an exhaustive draw): who was
    ready (tenpai) and who declared riichi this hand; elsewhere it has no field. Prefixed, so that
    its fields do not clash with a win form's in the same page or form."""

    def __init__(self, data=None, *, names, position, variant_id, initial=None, riichi=None):
        """`riichi`: who declared riichi, ticked in another form's boxes on the same page (a
        hand's edit page, the win's): then this form has no riichi boxes of its own."""
        super().__init__(data, initial=initial, prefix="draw")
        self.names, self.shared_riichi, self.variant_id = names, riichi, variant_id
        self.asks = bool(game.noten_payment(variant_id))
        if self.asks:
            payment = game.noten_payment(variant_id)
            self.fields["ready"] = player_boxes(_("Ready (tenpai)"), names, position)
            self.fields["ready"].help_text = _(
                "The players not ready pay %(payment)s in all, shared equally, to those ready; "
                "nobody or everybody ready: nothing. A ready dealer keeps the deal.") % {
                "payment": grouped(payment)}
        if game.abortive_draws(variant_id):  # Riichi: nagashi mangan (game.nagashi)
            self.fields["nagashi"] = player_boxes(_("Nagashi mangan"), names, position)
            self.fields["nagashi"].help_text = _(
                "Every discard a terminal or an honor, none claimed: paid as a mangan "
                "self-drawn; then the players not ready pay nothing.")
        if game.riichi_stick(variant_id) and riichi is None:
            self.fields["riichi"] = player_boxes(_("Riichi declared this hand"), names, position)
            self.fields["riichi"].help_text = _(
                "Each player ticked puts a %(stick)s-point stick on the table; after a drawn hand "
                "the sticks stay there for the next winner.") % {
                "stick": grouped(game.riichi_stick(variant_id))}
        kinds = game.abortive_draws(variant_id)
        if kinds:
            self.fields["abortive"] = forms.ChoiceField(
                label=_("Abortive draw"), required=False,
                choices=[("", _("no: the wall ran out"))] + [
                    (kind, localize(name)) for kind, name in kinds.items()],
                help_text=_("Nobody pays, the dealer keeps the deal and the honba go up; the "
                            "riichi sticks stay on the table."))

    @property
    def ready(self) -> list[int]:
        return self.cleaned_data.get("ready", [])

    @property
    def riichi(self) -> list[int]:
        if self.shared_riichi is not None:
            return list(self.shared_riichi)
        return self.cleaned_data.get("riichi", [])

    @property
    def entry(self) -> game.DrawEntry:
        return game.DrawEntry(ready=ticked(self.ready), riichi=ticked(self.riichi),
                              abortive=self.cleaned_data.get("abortive") or "",
                              nagashi=ticked(self.cleaned_data.get("nagashi")))

    def clean(self):
        data = super().clean()
        if not self.errors:
            not_ready = game.riichi_not_ready(self.variant_id, self.entry)
            if not_ready:
                who = ", ".join(self.names[p] for p in not_ready)
                self.add_error("ready", ValidationError(
                    _("A player in riichi is ready: tick %(who)s as ready too, or untick their "
                      "riichi.") % {"who": who}, code="riichi_not_ready"))
        return data


class DiscardWinsForm(WonFrom, forms.Form):
    """Quick entry for a variant that pays during the deal (Sichuan): one discard may make
    several winners, each with its fans, each paid by the discarder on its own; a self-drawn tile
    has one winner. The same names as WinForm's where they mean the same (source, version)."""

    winners = forms.TypedMultipleChoiceField(label=_("Winners"), coerce=int,
                                             widget=forms.CheckboxSelectMultiple)
    source = forms.ChoiceField(label=_("Won from"))
    version = forms.IntegerField(widget=forms.HiddenInput, required=False)

    def __init__(self, data=None, *, names, position, unit="fan", highest=None, initial=None):
        if data is not None and "winners" not in data and data.get("winner") not in (None, ""):
            # One winner as WinForm names it (a page or a script from before): the same win.
            data = data.copy()
            data.setlist("winners", [data["winner"]])
            data[f"fans_{data['winner']}"] = data.get("total", "")
        if data is not None:  # fans typed for a player whose box is not ticked: their win too
            winners = game.winners_entered(data.getlist("winners"), {
                str(player): data.get(f"fans_{player}", "") for player in position.in_seat_order()})
            if winners != data.getlist("winners"):
                data = data.copy()
                data.setlist("winners", winners)
        super().__init__(data, initial=initial)
        self.names, self.highest, self.unit = names, highest, unit
        choices = seat_choices(names, position)
        self.fields["winners"].choices = choices
        self.fields["winners"].error_messages["required"] = _(
            "Choose who won: type each winner's fans.")
        self.fields["source"].error_messages["required"] = _(
            "Choose whose discard it was, or self-drawn.")
        self.fields["source"].choices = [(SELF_DRAWN, _("self-drawn"))] + [
            (value, _("%(who)s's discard") % {"who": label}) for value, label in choices]
        self.players = position.in_seat_order()
        for player in self.players:
            field = forms.IntegerField(label=UNIT_LABELS.get(unit, unit), min_value=0,
                                       max_value=100000, required=False)
            if highest is not None:
                field.widget.attrs["max"] = highest
            field.widget.attrs["aria-label"] = _("%(who)s's %(unit)s") % {
                "who": names[player], "unit": UNIT_LABELS.get(unit, unit).lower()}
            self.fields[f"fans_{player}"] = field

    def winner_rows(self):
        """(the winner's checkbox, its fans field), one per seated player."""
        boxes = {int(box.data["value"]): box for box in self["winners"]}
        return [(boxes[player], self[f"fans_{player}"]) for player in self.players]

    @property
    def wins(self) -> list[tuple[int, int]]:
        return [(player, self.cleaned_data[f"fans_{player}"])
                for player in self.cleaned_data["winners"]]

    @property
    def entry(self) -> game.WinEntry | game.DiscardWinsEntry:
        """A self-drawn tile's one win, or the winners on the discard."""
        return game.discard_wins_entry(self.wins, self.discarder)

    def clean(self):
        data = super().clean()
        if "winners" not in data or "source" not in data:
            return data
        winners, source = data["winners"], data["source"]
        if source == SELF_DRAWN and len(winners) > 1:
            raise ValidationError(_("A self-drawn tile has one winner: choose one, or the "
                                    "discard the winners won on."))
        if source != SELF_DRAWN and int(source) in winners:
            raise ValidationError(
                _("%(who)s has already won and left the hand, so %(who)s cannot have discarded "
                  "the winning tile: untick %(who)s or choose whose discard it was.")
                % {"who": self.names[int(source)]}, code="discarder_won")
        for player in winners:
            fans = data.get(f"fans_{player}")
            if fans is not None and self.highest is not None and fans > self.highest:
                self.add_error(f"fans_{player}", ValidationError(
                    _("At most %(highest)s %(unit)s at this table: its house rules' limit. A "
                      "hand worth more is entered as %(highest)s.")
                    % {"highest": self.highest, "unit": self.unit}, code="over_limit"))
            elif fans is None and f"fans_{player}" not in self.errors:
                self.add_error(f"fans_{player}", _("How many %(unit)s for %(who)s?") % {
                    "unit": self.fields[f"fans_{player}"].label.lower(),
                    "who": self.names[player]})
        return data


CHOMBO_REASONS = [("false_win", _("a false win")),
                  ("noten_riichi", _("riichi on a hand not ready"))]


class FalseWinForm(BoxesShown, WonFrom, forms.Form):
    """American: a declared win that was not one. Who declared it, and on whose discard (or on a
    self-drawn tile); the money is the engine's (a false_win event). At a Riichi table
    (`chombo`), a chombo: who, and why (a false win, riichi on a hand not ready), the money the
    engine's chombo event. Prefixed, so that its fields do not clash with the quick-entry form's
    on the same page."""

    declarer = forms.TypedChoiceField(label=_("Declared by"), coerce=int)
    source = forms.ChoiceField(label=_("On"))

    def __init__(self, data=None, *, names, position, chombo=False):
        super().__init__(data, prefix="false")
        choices = seat_choices(names, position)
        self.fields["declarer"].choices = choices
        self.chombo = chombo
        if chombo:
            del self.fields["source"]
            self.fields["declarer"].label = _("Chombo by")
            self.fields["reason"] = forms.ChoiceField(label=_("What"), choices=CHOMBO_REASONS)
            return
        self.fields["source"].choices = [(SELF_DRAWN, _("a self-drawn tile"))] + [
            (value, _("%(who)s's discard") % {"who": label}) for value, label in choices]

    @property
    def entry(self) -> game.FalseWinEntry:
        if self.chombo:
            return game.FalseWinEntry(declarer=self.cleaned_data["declarer"],
                                      reason=self.cleaned_data["reason"])
        return game.FalseWinEntry(declarer=self.cleaned_data["declarer"],
                                  discarder=self.discarder, self_drawn=self.self_drawn)

    def clean(self):
        data = super().clean()
        if self.chombo:
            return data
        if not self.errors and data["source"] != SELF_DRAWN and int(data["source"]) == data[
                "declarer"]:
            raise ValidationError(_("The player who declared the win cannot have discarded the "
                                    "tile: choose a self-drawn tile or another player."))
        return data


EVENT_TYPES = [("", "—"), ("kong", _("kong")), ("win", _("win"))]
KONG_KINDS = [("concealed", _("concealed")), ("exposed", _("exposed (on a discard)")),
              ("added", _("added to a pung"))]


class DealEventForm(forms.Form):
    """One event of a Sichuan deal: a kong or a win."""

    type = forms.ChoiceField(label=_("What"), choices=EVENT_TYPES, required=False)
    seat = forms.ChoiceField(label=_("Who"), required=False)
    kind = forms.ChoiceField(label=_("Kong"), choices=KONG_KINDS, required=False)
    source = forms.ChoiceField(label=_("From"), required=False)
    fans = forms.IntegerField(label=_("Fans"), min_value=0, max_value=20, required=False)

    def __init__(self, *args, names, position, **kwargs):
        super().__init__(*args, **kwargs)
        seats = seat_choices(names, position)
        self.fields["seat"].choices = seats
        self.fields["source"].choices = [("", _("self-drawn / own tiles"))] + seats

    def clean(self):
        data = super().clean()
        if data.get("type") and not data.get("seat"):  # an event is somebody's: say whose
            self.add_error("seat", self.fields["seat"].error_messages["required"])
        return data

    def event(self) -> dict | None:
        """The event in the engine's words, players where it names seats (game.DealEntry: the
        seats are read when the deal is written)."""
        data = self.cleaned_data
        if not data.get("type"):
            return None
        source = int(data["source"]) if data.get("source") else None
        return game.deal_event(data["type"], int(data["seat"]), source, data.get("kind"),
                               data.get("fans"))


class WallEndForm(forms.Form):
    """The wall ran out: the hands of the players still in, for the end-of-wall checks."""

    wall_end = forms.BooleanField(label=_("The wall ran out"), required=False)

    def __init__(self, *args, position, names, **kwargs):
        super().__init__(*args, **kwargs)
        self.players = position.in_seat_order()
        for wind, player in position.seating():
            self.fields[f"hand_{player}"] = forms.CharField(
                label=f"{wind} · {names[player]}", required=False, max_length=80,
                help_text=_("13 tiles, if still playing"))
            self.fields[f"void_{player}"] = forms.ChoiceField(
                label=_("void"), required=False,
                choices=[("", "—"), ("m", _("characters")), ("p", _("circles")),
                         ("s", _("bamboo"))])

    def hand_fields(self):
        return [(self[f"hand_{p}"], self[f"void_{p}"]) for p in self.players]

    def event(self) -> dict | None:
        """The wall's end, each hand and void suit by player (game.DealEntry)."""
        data = self.cleaned_data
        if not data.get("wall_end"):
            return None
        hands = {p: data[f"hand_{p}"] for p in self.players if data.get(f"hand_{p}")}
        void = {p: data[f"void_{p}"] for p in self.players if data.get(f"void_{p}")}
        return {"type": "wall_end", "hands": hands, "void": void}


def deal_formset(data=None, *, names, position, rows=6):
    factory = forms.formset_factory(DealEventForm, extra=rows, max_num=20)
    return factory(data, prefix="ev", form_kwargs={"names": names, "position": position})


class DealForms:
    """A deal's page: its events (a formset) and the wall's end (a form), checked together; a
    deal with neither is refused (`problem`, the page's message)."""

    def __init__(self, data=None, *, names, position):
        self.events = deal_formset(data, names=names, position=position)
        self.wall = WallEndForm(data, names=names, position=position)
        self.problem = None

    def is_valid(self) -> bool:
        if not (self.events.is_valid() and self.wall.is_valid()):
            return False
        if not self.entry.events:
            self.problem = _("Enter at least one event.")
            return False
        return True

    @property
    def entry(self) -> game.DealEntry:
        found = [e for e in (f.event() for f in self.events) if e]
        end = self.wall.event()
        return game.DealEntry(events=tuple(found + ([end] if end else [])))
