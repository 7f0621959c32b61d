"""A readable breakdown of one contract result, for the command line's short form.

It reads only the result dict (contract §3), so it works for every variant; a key the
engine leaves out is simply not shown.
"""

import unicodedata

from scoring.engine.messages import NAME_KEYS, gettext_noop, render, seat_letter, unit_word

SEATS = ("E", "S", "W", "N")


def _english(text):
    return text


class _Words:
    """The breakdown's words in one language: `translate` reads a catalog (the English template
    as it is by default), `language` picks pattern names ('fr', 'zh_hans', 'zh_hant', '')."""

    def __init__(self, translate=None, language=""):
        self.translate, self.language = translate or _english, language

    def __call__(self, text, **params):
        if params:
            text = gettext_noop(text, **params)
        return render(text, self.translate, self.language)


def format_error(result, translate=None, language=""):
    said = _Words(translate, language)
    error = result.get("error") or {}
    return said(gettext_noop("error [{code}]: {message}", code=error.get("code", "unknown"),
                             message=error.get("message", "")))


def format_breakdown(result, translate=None, language=""):
    """The whole breakdown as one string (no trailing newline); with `translate` (a catalog's
    gettext) and `language`, in that language."""
    if not result.get("ok"):
        return format_error(result, translate, language)
    said = _Words(translate, language)
    lines = [said(gettext_noop("Hand: {hand}   ({variant})", hand=result.get("hand", ""),
                               variant=result.get("variant", "")))]
    if result.get("context"):
        lines.append(said(gettext_noop("Context: {context}",
                                       context=_context_text(result["context"]))))
    lines.append(_total_line(result, said))
    lines += [f"  {said(note['text'])}" for note in result.get("explanation") or []]
    lines += _section(said, gettext_noop("Patterns"),
                      _pattern_rows(result.get("patterns") or [], said))
    lines += _section(said, gettext_noop("Excluded"),
                      _excluded_rows(result.get("excluded") or [], said))
    decomposition = result.get("decomposition")
    if decomposition:
        lines.append(said(gettext_noop("Decomposition: {sets}", sets=" ".join(decomposition))))
    if "waits" in result:
        lines.append(said(gettext_noop("Waits: {tiles}", tiles=" ".join(result["waits"])
                                       or gettext_noop("none"))))
    if result.get("minimum"):
        lines.append(_minimum_line(result, said))
    if result.get("limit") is not None:
        lines.append(said(gettext_noop("Limit: {limit}", limit=result["limit"])))
    lines += _section(said, gettext_noop("Payments"),
                      _payment_rows(result.get("payments") or {},
                                    result.get("payment_reasons") or [], said))
    lines += _section(said, gettext_noop("Alternatives"),
                      _alternative_rows(result.get("alternatives") or [], said))
    return "\n".join(lines)


def _context_text(context):
    """Flags that hold by name, other values as name=value; false and empty ones left out."""
    parts = []
    for key, value in context.items():
        if value is True:
            parts.append(key)
        elif value not in (False, None, "", [], {}):
            shown = "".join(value) if isinstance(value, list) else value
            parts.append(f"{key}={shown}")
    return " ".join(parts)


def _total_line(result, said):
    unit = unit_word(result.get("unit", ""))
    line = said(gettext_noop("Total: {total} {unit}", total=result.get("total"),
                             unit=unit)).rstrip()
    if "points" in result:
        line += said(gettext_noop("   (points {points})", points=result["points"]))
    return line


def _minimum_line(result, said):
    verdict = gettext_noop("met") if result["meets_minimum"] else gettext_noop("NOT met")
    minimum = result.get("minimum")
    if minimum is None:
        return said(gettext_noop("Minimum: {verdict}", verdict=verdict))
    return said(gettext_noop("Minimum: {minimum} {verdict}", minimum=minimum, verdict=verdict))


def _section(said, title, rows):
    heading = said(gettext_noop("{title}:", title=title))  # French: "Combinaisons :"
    return [heading, *(f"  {row}" for row in rows)] if rows else []


def _pattern_rows(patterns, said):
    cells = []
    key = NAME_KEYS.get(said.language)
    for pattern in patterns:
        local = pattern.get(key) if key else None
        shown = (local or pattern.get("english"),) if key in ("zh_hans", "zh_hant") else (
            local or pattern.get("english"), pattern.get("chinese"))
        names = ", ".join(said(n) for n in shown if n)
        label = f"{pattern.get('name', '')} ({names})" if names else str(pattern.get("name", ""))
        amount = f"{pattern.get('value', '')} x {pattern.get('count', 1)}"
        cells.append((str(pattern.get("id", "")), label, amount))
    return _aligned(cells)


def _excluded_rows(excluded, said):
    rows = []
    key = NAME_KEYS.get(said.language)
    for entry in excluded:
        name = entry.get("name") or entry.get("id", "")
        english = (entry.get(key) if key else None) or entry.get("english")
        label = f"{name} ({english})" if english and english != name else name
        rows.append(f"{label}: {said(entry.get('reason') or gettext_noop('not counted'))}")
    return rows


def _payment_rows(payments, reasons=(), said=None):
    said = said or _Words()
    transfers = payments.get("transfers") or []
    whys = list(reasons) + [""] * (len(transfers) - len(reasons))
    rows = [
        said(gettext_noop("{payer} pays {payee} {amount}", payer=seat_letter(t.get("from")),
                          payee=seat_letter(t.get("to")), amount=t.get("amount")))
        + (f"  ({said(why)})" if why else "")
        for t, why in zip(transfers, whys, strict=False)
    ]
    net = payments.get("net")
    if net:
        seats = [s for s in SEATS if s in net] + [s for s in net if s not in SEATS]
        rows.append(said(gettext_noop("net  {seats}", seats="  ".join(
            f"{said(seat_letter(seat))} {_signed(net[seat])}" for seat in seats))))
    elif payments and not rows:
        rows.append(said(gettext_noop("nothing to pay")))
    return rows


def _signed(amount):
    if isinstance(amount, (int, float)) and not isinstance(amount, bool) and amount:
        return f"{amount:+}"
    return str(amount)


def _alternative_rows(alternatives, said):
    rows = []
    for alt in alternatives:
        names = alt.get("names") or [said(n) for n in (alt.get("name"), alt.get("line")) if n]
        row = f"{alt.get('total')}: {' '.join(alt.get('decomposition', []))}"
        rows.append(f"{row}   [{', '.join(names)}]" if names else row)
    return rows


def _aligned(cells):
    """Rows of cells with every column but the last padded to the same width on screen."""
    if not cells:
        return []
    widths = [max(_width(cell[i]) for cell in cells) for i in range(len(cells[0]) - 1)]
    return [
        "".join(
            cell + " " * (width - _width(cell) + 2)
            for cell, width in zip(row[:-1], widths, strict=True)
        )
        + row[-1]
        for row in cells
    ]


def _width(text):
    """Columns the text takes in a terminal: Chinese characters take two."""
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)
