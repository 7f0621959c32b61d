"""Patterns as data: a frozen value per pattern, a table per variant, exclusions applied as data.

A predicate takes a `Reading` (one decomposition of one hand, with how it was won) and returns a
count: 0 when the pattern is absent, n when it counts n times (per set, per tile...). A predicate
whose counts come from different sources returns a dict {facet: count}, so that an exclusion can
remove one facet only (Shanghai's 20A removes 2H for its dragon triplets, not for its winds).
"""

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cache
from types import MappingProxyType

from .context import WinContext
from .hand import (
    CHOW,
    HONOR_BIT,
    PAIR,
    TERMINAL_BITS,
    Hand,
    TileSet,
)
from .messages import (
    FACET_WORDS,
    NAME_KEYS,
    Message,
    gettext_noop,
    pattern_context,
    pattern_word,
    translate,
)

STANDARD = "standard"

_NO_RULES: Mapping = MappingProxyType({})


def _fact():
    """A field of a Reading that follows from the others, filled by __post_init__."""
    return field(init=False, repr=False, compare=False)


@dataclass(frozen=True, slots=True)
class Reading:
    """One decomposition of a hand, the group the winning tile completed, and how it was won.

    The facts nearly every predicate reads are computed once, in one pass over the groups, when
    the reading is made.
    """

    hand: Hand
    ctx: WinContext
    form: str
    groups: tuple[TileSet, ...]
    winning_index: int | None
    waits: tuple[int, ...]
    rules: Mapping = field(default_factory=lambda: _NO_RULES)  # the house options
    # Facts of the reading:
    eyes: TileSet | None = _fact()
    eyes_tile: int | None = _fact()  # the eyes' tile, read by many predicates
    chows: tuple[TileSet, ...] = _fact()
    triplets: tuple[TileSet, ...] = _fact()
    kongs: int = _fact()
    concealed_triplets: int = _fact()
    chow_firsts: dict[int, int] = _fact()  # a chow's first tile -> how many such chows
    # The same tiles as bits (bit t for tile t), for the patterns that look at several at once:
    # the chows' first tiles, the triplets' (and kongs') tiles.
    chow_bits: int = _fact()
    triplet_bits: int = _fact()
    has_honor: bool = _fact()
    has_terminal: bool = _fact()
    # ... and of its hand (bonus tiles excluded), read as often:
    mask: int = _fact()  # the hand's tile mask (see hand.py)
    suits: frozenset[str] = _fact()
    winning: int = _fact()

    def __post_init__(self):
        hand = self.hand
        chows, triplets = [], []
        chow_firsts: dict[int, int] = {}
        chow_bits = triplet_bits = kongs = concealed = 0
        eyes = None
        if self.form == STANDARD:
            for group in self.groups:
                kind = group.kind
                if kind == PAIR:
                    eyes = group
                elif kind == CHOW:
                    first = group.tiles[0]
                    chows.append(group)
                    chow_firsts[first] = chow_firsts.get(first, 0) + 1
                    chow_bits |= 1 << first
                else:
                    triplets.append(group)
                    triplet_bits |= 1 << group.tiles[0]
                    if not (group.exposed or group.by_discard):
                        concealed += 1
            kongs = hand.kongs  # a kong is always a revealed set or a concealed kong as written
        # The groups hold every tile of the hand (bonus tiles excluded): their tiles are its.
        mask = hand.mask
        # A frozen value's fields, set once, one call each (a dict of them walked by a loop made
        # a reading cost 30% more to make).
        fact = object.__setattr__
        fact(self, "eyes", eyes)
        fact(self, "eyes_tile", None if eyes is None else eyes.tiles[0])
        fact(self, "chows", tuple(chows))
        fact(self, "triplets", tuple(triplets))
        fact(self, "kongs", kongs)
        fact(self, "concealed_triplets", concealed)
        fact(self, "chow_firsts", chow_firsts)
        fact(self, "chow_bits", chow_bits)
        fact(self, "triplet_bits", triplet_bits)
        fact(self, "has_honor", bool(mask & HONOR_BIT))
        fact(self, "has_terminal", bool(mask & TERMINAL_BITS))
        fact(self, "mask", mask)
        fact(self, "suits", hand.suits)
        fact(self, "winning", hand.winning)

    @property
    def counts(self) -> tuple[int, ...]:
        """The hand's counts of the 34 playing kinds."""
        return self.hand.counts

    @property
    def kinds(self) -> tuple[int, ...]:
        """The tile kinds in the hand (bonus tiles excluded), sorted."""
        return self.hand.kinds

    def __repr__(self):
        groups = [g.text() for g in self.groups]
        return f"Reading({self.form}, {groups}, winning group {self.winning_index})"

    @property
    def winning_group(self) -> TileSet | None:
        return None if self.winning_index is None else self.groups[self.winning_index]

    @property
    def seat_wind(self) -> int:
        return self.ctx.seat_wind_tile

    @property
    def round_wind(self) -> int:
        return self.ctx.round_wind_tile


Count = int | dict[str, int]


@dataclass(frozen=True, slots=True)
class Pattern:
    """One scoring pattern of a variant.

    `excludes` holds ids, or 'id:facet' to remove only one facet of a pattern that counts per
    facet. `forms` lists the winning forms the pattern looks at ('standard', 'seven_pairs',
    'thirteen_orphans'): patterns about sets and eyes only look at the standard form.
    """

    id: str
    name: str  # as players say it (pinyin, Cantonese, romaji)
    english: str  # the English name: the msgid of its name in the catalogs
    # Its name in Chinese characters, as its rule book prints it (Traditional; Riichi's kanji):
    # part of what the pattern is, like `name`, and shown beside the others on every page but a
    # Chinese one. What a Chinese page calls it is a translation of `english`, in the zh_Hans
    # and zh_Hant catalogs like the French one (tests/test_i18n_zh.py: Traditional agrees).
    chinese: str
    value: int
    holds: Callable[[Reading], Count]
    definition: str = ""  # in English: the msgid of its definition in the catalogs
    excludes: tuple[str, ...] = ()
    forms: frozenset[str] = frozenset({STANDARD})
    per: str = ""  # what it counts once per ('set', 'tile', 'suit'), for the pattern library
    variant: str = ""  # the variant's id: with `id`, the catalogs' context of its words
    # The msgctxt of its name and definition in the catalogs ('shanghai pattern 1A'), and its
    # English name as messages name it (translated in that context), made once.
    context: str = field(init=False, repr=False, compare=False)
    word: Message = field(init=False, repr=False, compare=False)

    def __post_init__(self):
        object.__setattr__(self, "context", pattern_context(self.variant, self.id))
        object.__setattr__(self, "word", pattern_word(self))

    def translated(self, language: str, english: str) -> str:
        """Its `english` name or definition in `language` ('fr', 'zh_hans', 'zh_hant'), from
        the catalogs; '' where they have none."""
        return translate(language, english, self.context) or ""

    def said(self) -> Message:
        """Its name as a reason names it: the table's own name with the English beside it
        where they differ ("Daisangen (Big three dragons)")."""
        return self.word if self.name == self.english else gettext_noop(
            "{name} ({english})", name=self.name, english=self.word)

    def names(self) -> dict:
        """Its name in the catalogs' languages, as the JSON gives them beside its own."""
        return dict(_names(self.context, self.english))

    def describe(self) -> dict:
        """The pattern as the catalogue (`GET /api/variants`) lists it: its own names, and the
        catalogs' French and Chinese ones beside them."""
        names = self.names()
        return {"id": self.id, "name": self.name, "english": self.english,
                "chinese": self.chinese, "value": self.value, "per": self.per or None,
                "definition": self.definition, "excludes": list(self.excludes),
                "french": names["french"],
                "french_definition": self.translated("fr", self.definition),
                "zh_hans": names["zh_hans"], "zh_hant": names["zh_hant"]}


@cache  # every result names its patterns so: looked up once per pattern
def _names(context: str, english: str) -> tuple[tuple[str, str], ...]:
    return tuple((key, translate(language, english, context) or "")
                 for language, key in NAME_KEYS.items())


@dataclass(frozen=True, slots=True)
class Counted:
    pattern: Pattern
    count: int
    # Its row of a result, made once: a Counted is made once per table and count
    # (`PatternTable.counted`), and every result naming it copies the row (`as_dict`).
    row: dict = field(init=False, repr=False, compare=False)

    def __post_init__(self):
        p = self.pattern
        object.__setattr__(self, "row", {
            "id": p.id, "name": p.name, "english": p.english, "chinese": p.chinese,
            "value": p.value, "count": self.count, **p.names()})

    def as_dict(self) -> dict:
        return self.row.copy()  # a copy: a variant may add to its result's rows (Riichi)


@dataclass(frozen=True, slots=True)
class Excluded:
    pattern: Pattern
    count: int
    by: Pattern
    facet: str | None

    def as_dict(self) -> dict:
        p, by = self.pattern, self.by
        excluder = by.said()
        if self.facet:
            reason = gettext_noop("{pattern} for its {facet} sets: {excluder} already includes "
                                  "them.", pattern=p.word,
                                  facet=FACET_WORDS.get(self.facet, self.facet),
                                  excluder=excluder)
        else:
            reason = gettext_noop("{excluder} already includes {pattern}.", excluder=excluder,
                                  pattern=p.word)
        return {"id": p.id, "by": by.id, "by_name": by.name, "why": "included", "reason": reason,
                "name": p.name,
                "english": p.english, "chinese": p.chinese, "value": p.value,
                "count": self.count, **p.names()}


@dataclass(frozen=True, slots=True)
class Evaluation:
    """The patterns of one reading after exclusions, and their sum (`total`)."""

    reading: Reading
    counted: tuple[Counted, ...]
    excluded: tuple[Excluded, ...] = ()

    @property
    def total(self) -> int:
        # Worked out where read (ranking, paying): Riichi never reads it, and a frozen field
        # costs each evaluation a setattr.
        return sum([c.pattern.value * c.count for c in self.counted])

    @property
    def decomposition(self) -> list[str]:
        return [g.text() for g in self.reading.groups]


def _split(target: str) -> tuple[str, str | None]:
    pattern_id, _, facet = target.partition(":")
    return pattern_id, facet or None


class PatternTable:
    """A variant's patterns, listed once; exclusions checked and closed transitively at import."""

    def __init__(self, patterns: list[Pattern]):
        self.patterns = tuple(patterns)
        self.by_id = {p.id: p for p in self.patterns}
        self.position = {p.id: i for i, p in enumerate(self.patterns)}
        forms = {form for p in self.patterns for form in p.forms}
        self.for_form = {form: tuple(p for p in self.patterns if form in p.forms) for form in forms}
        if len(self.by_id) != len(self.patterns):
            raise ValueError("duplicate pattern id")
        for p in self.patterns:
            for target in p.excludes:
                target_id, _ = _split(target)
                if target_id not in self.by_id or target_id == p.id:
                    raise ValueError(f"{p.id} excludes unknown or itself: {target}")
        self.closure = {p.id: self._close(p.id, ()) for p in self.patterns}
        # The closure split for evaluate: the ids a pattern removes whole, and the facets it
        # removes, in a fixed order (by their text); the order in which excluders are named.
        self.removes = {i: frozenset(t for t, facet in c if facet is None)
                        for i, c in self.closure.items()}
        self.removes_facets = {i: tuple(sorted((t for t in c if t[1]), key=str))
                               for i, c in self.closure.items()}
        self.rank = {p.id: (-p.value, p.id) for p in self.patterns}
        self._counted: dict[tuple[str, int], Counted] = {}  # cache: (id, count), values alike

    def counted(self, pattern: Pattern, count: int) -> Counted:
        """`Counted(pattern, count)`, made once per table (a Counted is an immutable value)."""
        key = (pattern.id, count)
        found = self._counted.get(key)
        if found is None:
            found = self._counted[key] = Counted(pattern, count)
        return found

    def _close(self, pattern_id: str, path: tuple[str, ...]) -> frozenset[tuple[str, str | None]]:
        if pattern_id in path:
            raise ValueError("exclusion cycle: " + " -> ".join(path + (pattern_id,)))
        found = set()
        for target in self.by_id[pattern_id].excludes:
            target_id, facet = _split(target)
            found.add((target_id, facet))
            if facet is None:
                found |= self._close(target_id, path + (pattern_id,))
        return frozenset(found)

    def __iter__(self):
        return iter(self.patterns)

    def evaluate(self, reading: Reading) -> Evaluation:
        """Every pattern that holds, then the exclusions of the holding ones, in no order."""
        held: list[tuple[Pattern, Count]] = []  # in table order, dicts without zero facets
        patterns = self.for_form.get(reading.form, ())
        excluding = False  # whether a holding pattern excludes anything
        for p in patterns:
            count = p.holds(reading)
            if count:
                if count.__class__ is dict:
                    count = {f: n for f, n in count.items() if n}
                    if not count:
                        continue
                held.append((p, count))
                if p.excludes:
                    excluding = True
        excluded = ()
        if excluding:
            held, excluded = self._exclude(held)
        # Each count's Counted, looked up here (a call of `counted` per pattern cost more than
        # the rest of this bookkeeping): made once per table and count.
        cache, counted = self._counted, []
        for p, count in held:
            n = sum(count.values()) if count.__class__ is dict else int(count)  # never a bool
            if n:
                found = cache.get((p.id, n))
                counted.append(self.counted(p, n) if found is None else found)
        return Evaluation(reading, tuple(counted), excluded)

    def _exclude(self, held: list[tuple[Pattern, Count]]):
        """The held patterns less what the holding ones exclude (in table order, each count by
        facet), and the exclusions."""
        found: dict[str, dict[str | None, int]] = {
            p.id: count if count.__class__ is dict else {None: int(count)}
            for p, count in held}
        by_id, removes, rank = self.by_id, self.removes, self.rank
        removed = set()
        for holder in found:
            removed |= removes[holder]
        removed &= found.keys()
        excluded = []
        # The excluder named is the highest counted holder removing it (closure makes one).
        holders = sorted([h for h in found if h not in removed], key=rank.__getitem__)
        for target in sorted(removed, key=rank.__getitem__):
            by = next(h for h in holders if target in removes[h])
            excluded.append(Excluded(by_id[target], sum(found.pop(target).values()),
                                     by_id[by], None))
        for holder in holders:
            for target, facet in self.removes_facets[holder]:
                if target in found and found[target].get(facet):
                    n = found[target].pop(facet)
                    excluded.append(Excluded(by_id[target], n, by_id[holder], facet))
        # `found` is in table order: patterns were tried in that order.
        return [(by_id[i], f) for i, f in found.items()], tuple(excluded)
