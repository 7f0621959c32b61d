"""The words and tiles of the fragments as pure functions of a Lang (scoring.pocket.lang): the
Jinja2 environment of both runtimes uses them, and so do the Django filters of the same name
(scoring/templatetags/mahjong.py), so a tile or a seat reads the same in every template.
Markup is markupsafe's (Django's format_html accepts it as safe)."""

from functools import lru_cache

from markupsafe import Markup

from scoring.engine import tiles
from scoring.engine.context import FIELDS_BY_NAME, FLAG
from scoring.engine.errors import HandError
from scoring.engine.messages import render, unit_word
from scoring.engine.notation import parse
from scoring.engine.result import unpaid_note
from scoring.pocket.lang import Lang

WIND_CHARS = "東南西北"
DRAGON_CHARS = ("白", "發", "中")
FLOWER_CHARS = "梅蘭菊竹春夏秋冬"


def localize(lang: Lang, text) -> str:
    """An engine Message (or plain text) in the language."""
    if text is None:
        return ""
    return render(text, lang.gettext, lang.messages)


def context_label(lang: Lang, name: str, value) -> str:
    """One entry of a hand's context in words: 'Self-drawn', 'Seat wind: South' ("" for a flag
    not set; a list of tiles is the caller's to draw)."""
    spec = FIELDS_BY_NAME.get(name)
    if spec and spec.kind is FLAG:
        return localize(lang, spec.label) if value else ""
    label = localize(lang, spec.label) if spec else name
    if isinstance(value, list):
        return label
    shown = seat(lang, value) if isinstance(value, str) and value in tiles.WINDS else value
    return f"{label}: {shown}"


def tile_name(lang: Lang, tile: int) -> str:
    """tiles.name() in the page's language: '5 of circles', 'East wind', 'joker'."""
    _ = lang.gettext
    if tiles.is_suited(tile):
        suit = {"m": _("characters"), "p": _("circles"), "s": _("bamboo")}[tiles.suit_of(tile)]
        return _("%(rank)s of %(suit)s") % {"rank": tiles.rank_of(tile), "suit": suit}
    if tiles.is_wind(tile):
        return {0: _("East wind"), 1: _("South wind"), 2: _("West wind"),
                3: _("North wind")}[tile - tiles.EAST]
    if tiles.is_dragon(tile):
        return {0: _("White dragon"), 1: _("Green dragon"), 2: _("Red dragon")}[tile - tiles.WHITE]
    if tiles.is_flower(tile):
        number = tiles.rank_of(tile)
        if number <= 4:
            return _("flower %(number)s") % {"number": number}
        return _("season %(number)s") % {"number": number - 4}
    return lang.pgettext("tile", "joker")


def wind_letter(lang: Lang, index: int) -> str:
    """The letter under a wind's character, as the page's players say it (French: E S O N)."""
    pgettext = lang.pgettext  # literal calls, for makemessages
    return (pgettext("wind letter", "E"), pgettext("wind letter", "S"),
            pgettext("wind letter", "W"), pgettext("wind letter", "N"))[index]


def face(lang: Lang, tile: int) -> Markup:
    """The inner markup of one tile: a big mark and a small one, coloured by suit via CSS."""
    suit = tiles.suit_of(tile)
    rank = tiles.rank_of(tile)
    if suit == "m":
        return Markup('<b>{}</b><i>萬</i>').format(rank)
    if suit in "ps":
        return Markup('<b>{}</b><i class="mark"></i>').format(rank)
    if tiles.is_wind(tile):
        return Markup('<b>{}</b><i>{}</i>').format(WIND_CHARS[rank - 1],
                                                   wind_letter(lang, rank - 1))
    if tiles.is_dragon(tile):
        return Markup('<b>{}</b>').format(DRAGON_CHARS[tile - tiles.WHITE])
    if suit == "f":
        return Markup('<b>{}</b><i>{}</i>').format(FLOWER_CHARS[rank - 1], (rank - 1) % 4 + 1)
    return Markup('<b>J</b><i>{}</i>').format(lang.pgettext("tile", "joker"))


def classes(tile: int) -> str:
    suit = tiles.suit_of(tile)
    extra = ""
    if tiles.is_dragon(tile):
        extra = " dragon-" + "wgr"[tile - tiles.WHITE]
    elif tiles.is_wind(tile):
        extra = " wind"
    return f"tile t-{suit}{extra}"


@lru_cache(maxsize=4096)
def tile(lang: Lang, tile_or_code, extra: str = "") -> Markup:
    """A tile as an image with its accessible name (cached: a result draws dozens, and the
    markup of a tile depends only on it and the language)."""
    kind = tile_or_code if isinstance(tile_or_code, int) else parse(tile_or_code).concealed[0]
    return Markup('<span class="{}{}" role="img" aria-label="{}" title="{}">{}</span>').format(
        classes(kind), f" {extra}" if extra else "", tile_name(lang, kind), tiles.code(kind),
        face(lang, kind))


def groups(text) -> dict:
    """A hand or one group as written, for drawing: [{'kind': 'concealed'|'exposed'|'kong',
    'tiles': [...]}] and the winning tile when '+' names it; no group when it does not parse."""
    try:
        parsed = parse(text)
    except HandError:
        return {"groups": [], "winning": None}
    out = []
    if parsed.concealed:
        out.append({"kind": "concealed", "tiles": list(parsed.concealed)})
    for group in parsed.groups:
        out.append({"kind": "exposed" if group.bracket == "[" else "kong",
                    "tiles": list(group.tiles)})
    explicit = "+" in text
    return {"groups": out, "winning": parsed.winning if explicit else None}


def unit(lang: Lang, name) -> str:
    """A variant's unit ('fan', 'faan', 'points') as the page's players say it."""
    return localize(lang, unit_word(name))


def plural_count(amount) -> int:
    """The number that chooses a plural form for `amount`: itself when whole; a fraction (2.5
    points) is said with the form for 2, as gettext takes whole numbers only."""
    if isinstance(amount, (int, float)) and not isinstance(amount, bool) \
            and float(amount).is_integer():
        return int(amount)
    return 2


def amount(lang: Lang, number, unit_name, sign: bool = False) -> str:
    """A figure with its unit, in the plural form its number takes: '7 fans', '1 han', '+3900
    points' (`sign`: a gain, with its +)."""
    ngettext = lang.ngettext  # literal calls, for makemessages
    n = plural_count(number)
    if unit_name == "fan":
        text = ngettext("%(n)s fan", "%(n)s fans", n)
    elif unit_name == "faan":
        text = ngettext("%(n)s faan", "%(n)s faan", n)
    elif unit_name == "han":
        text = ngettext("%(n)s han", "%(n)s han", n)
    elif unit_name == "points":
        text = ngettext("%(n)s point", "%(n)s points", n)
    else:
        return f"{signed(number) if sign else number} {unit(lang, unit_name)}"
    return text % {"n": signed(number) if sign else _whole(number)}


def _whole(number):
    return int(number) if isinstance(number, float) and number.is_integer() else number


def gain(lang: Lang, number) -> str:
    """What a seat gets, in the variant's money: '+3900 points'."""
    return amount(lang, _whole(number), "points", sign=True)


def unpaid(lang: Lang, found, unit_name) -> str:
    """Why nobody pays a hand (a result, or a wait's summary of analyse: its `unpaid` note):
    '7 fans: under the minimum of 8 fans, nobody pays', 'No yaku: not a win, nobody pays'."""
    _ = lang.gettext
    note = None
    if hasattr(found, "get"):
        note = found.get("unpaid") or unpaid_note(found.get("explanation"))
    code = note.get("code") if note else None
    if code == "under_minimum":
        figures = {"total": amount(lang, note["total"], unit_name),
                   "minimum": amount(lang, note["minimum"], unit_name)}
        if note["total"] != found.get("total", note["total"]):  # MCR: the flowers do not count
            return _("%(total)s without the flowers: under the minimum of %(minimum)s, nobody "
                     "pays") % figures
        return _("%(total)s: under the minimum of %(minimum)s, nobody pays") % figures
    if code == "no_yaku":
        return _("No yaku: not a win, nobody pays")
    return _("Nobody pays.")


def signed(amount) -> str:
    if isinstance(amount, (int, float)) and not isinstance(amount, bool) and amount > 0:
        return f"+{amount}"
    return str(amount)


def seat(lang: Lang, wind) -> str:
    _ = lang.gettext
    return {"E": _("East"), "S": _("South"), "W": _("West"), "N": _("North")}.get(wind, wind)


def seat_letter(lang: Lang, wind) -> str:
    """A seat in one letter, as the score line writes who pays whom (S/W/N→E 1000), the way the
    page's players write it: French O for West, Chinese 东 南 西 北."""
    pgettext = lang.pgettext
    return {"E": pgettext("seat letter", "E"), "S": pgettext("seat letter", "S"),
            "W": pgettext("seat letter", "W"), "N": pgettext("seat letter", "N")}.get(wind, wind)


def local_name(lang: Lang, pattern) -> str:
    """A pattern's name in the page's language: its `french` name on a French page when it has
    one, its `english` name otherwise (engine patterns, result entries and card lines alike).
    On a Chinese page, its Chinese name in the page's script (`zh_hans` or `zh_hant`), for a
    pattern that has one (card lines, American, have none and keep their English one)."""
    if not hasattr(pattern, "get"):
        return ""
    script = lang.chinese_script
    if script:
        return pattern.get(script) or localize(lang, pattern.get("english", ""))
    french = pattern.get("french")
    return french if french and lang.french else localize(lang, pattern.get("english", ""))


def chinese_beside(lang: Lang, pattern) -> str:
    """The Chinese characters printed beside a pattern's other names, on a page not in Chinese
    (a Chinese page already gives the name in its own script, as the local name)."""
    if not hasattr(pattern, "get") or lang.chinese_script:
        return ""
    return pattern.get("chinese", "")


def score_line(transfers) -> list[tuple[str, list[tuple[object, list[str]]]]]:
    """The one-line summary's arrows: for each payee (in the order the transfers name them), the
    amounts it gets, smallest first, each with its payers: [("E", [(1000, ["S", "W", "N"])])].
    Payers of the same amount to the same seat share one arrow (S/W/N→E 1000), so a self-drawn
    hand's line stays on one line at 360 px."""
    payees: dict[str, list[dict]] = {}
    for transfer in transfers:
        payees.setdefault(transfer["to"], []).append(transfer)
    line = []
    for payee, paid in payees.items():
        amounts: dict[object, list[str]] = {}
        for transfer in sorted(paid, key=lambda t: t["amount"]):
            amounts.setdefault(transfer["amount"], []).append(transfer["from"])
        line.append((payee, list(amounts.items())))
    return line


# Digits as Django's number_format(force_grouping=True) groups them in each page language (its
# locale formats: "," by three in English, a no-break space by three in French; Chinese groups
# by four with no separator, so writes the digits alone). The phone has no Django: this table is
# checked against number_format in tests/test_money_said.py.
GROUPING = {"": (",", 3), "fr": ("\xa0", 3)}


def grouped(lang: Lang, amount) -> str:
    """An amount as the page's language writes it: 12,000; 12 000; 12000."""
    separator, size = GROUPING.get(lang.messages, ("", 0))
    if not isinstance(amount, int) or isinstance(amount, bool) or not separator:
        return str(amount)
    digits = str(abs(amount))
    parts = [digits[max(0, end - size):end] for end in range(len(digits), 0, -size)]
    return ("-" if amount < 0 else "") + separator.join(reversed(parts))


def limit_word(lang: Lang, name: str | None, yakuman: int = 0) -> str:
    """A Riichi limit's name (riichi.basic_points) as the page's players say it."""
    pgettext = lang.pgettext  # literal calls, for makemessages
    if yakuman > 1:
        return lang.gettext("%(times)s× yakuman") % {"times": yakuman}
    words = {"mangan": pgettext("riichi limit", "mangan"),
             "kiriage mangan": pgettext("riichi limit", "kiriage mangan"),
             "haneman": pgettext("riichi limit", "haneman"),
             "baiman": pgettext("riichi limit", "baiman"),
             "sanbaiman": pgettext("riichi limit", "sanbaiman"),
             "kazoe yakuman": pgettext("riichi limit", "kazoe yakuman"),
             "yakuman": pgettext("riichi limit", "yakuman")}
    return words.get(name, name or "")


def money_said(lang: Lang, result) -> dict | None:
    """A Riichi win's headline, the money as the table says it, from the result's own transfers
    (honba included, as the payers pay them): "ron 12,000" on a discard, "6,000 all" when every
    payer of a self-draw pays the same (the dealer's), "2,000 / 4,000" otherwise (each
    non-dealer / the dealer); `count` the han and fu, or the limit, beside it; `table` what the
    honba add and what the riichi sticks give the winner from the table, when there are any.
    None for a result that is not a paid Riichi win (the headline stays the total)."""
    if not hasattr(result, "get") or result.get("variant") != "riichi" \
            or not result.get("meets_minimum"):
        return None
    transfers = (result.get("payments") or {}).get("transfers") or []
    if not transfers:
        return None
    _ = lang.gettext
    amounts = [t["amount"] for t in transfers]
    context = result.get("context") or {}
    if not context.get("self_drawn"):
        money = _("ron %(amount)s") % {"amount": grouped(lang, amounts[0])}
    elif len(set(amounts)) == 1:
        money = _("%(amount)s all") % {"amount": grouped(lang, amounts[0])}
    else:
        dealer = [t["amount"] for t in transfers if t["from"] == "E"]
        others = [t["amount"] for t in transfers if t["from"] != "E"]
        money = _("%(non_dealer)s / %(dealer)s") % {
            "non_dealer": grouped(lang, others[0]), "dealer": grouped(lang, dealer[0])}
    han, fu, limit = result.get("han", result.get("total")), result.get("fu"), result.get("limit")
    counted = _("%(han)s han %(fu)s fu") % {"han": han, "fu": fu} if fu else \
        _("%(han)s han") % {"han": han}
    if result.get("yakuman") or (limit and han >= 5):  # the limit says it all
        count = limit_word(lang, limit, result.get("yakuman") or 0) if result.get("yakuman") \
            else f"{limit_word(lang, limit)} · {_('%(han)s han') % {'han': han}}"
    elif limit:  # a mangan of fewer han (4 han 40 fu, kiriage): the han and fu that made it
        count = f"{limit_word(lang, limit)} · {counted}"
    else:
        count = counted
    table = []
    honba = context.get("honba") or 0
    if honba:
        table.append(_("%(honba)s honba included (+%(amount)s)") % {
            "honba": honba, "amount": grouped(lang, 300 * honba)})
    deposits = result.get("deposits") or {}
    if deposits.get("amount"):
        sticks = deposits.get("riichi_sticks") or 0
        table.append(lang.ngettext(
            "+ %(amount)s from %(sticks)s riichi stick on the table",
            "+ %(amount)s from %(sticks)s riichi sticks on the table", sticks) % {
            "amount": grouped(lang, deposits["amount"]), "sticks": sticks})
    if table:
        table.append(_("the winner receives %(amount)s") % {
            "amount": grouped(lang, result.get("winner_receives"))})
    return {"money": money, "count": count, "table": table,
            "split": bool(context.get("self_drawn")) and len(set(amounts)) > 1}
