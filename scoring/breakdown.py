"""A readable breakdown of one contract result, for the command line's short form.

It reads only the result dict (contract §3), so it works for every variant; a key the
engine leaves out is simply not shown.
"""

import unicodedata

SEATS = ("E", "S", "W", "N")


def format_error(result):
    error = result.get("error") or {}
    return f"error [{error.get('code', 'unknown')}]: {error.get('message', '')}"


def format_breakdown(result):
    """The whole breakdown as one string (no trailing newline)."""
    if not result.get("ok"):
        return format_error(result)
    lines = [f"Hand: {result.get('hand', '')}   ({result.get('variant', '')})"]
    if result.get("context"):
        lines.append(f"Context: {_context_text(result['context'])}")
    lines.append(_total_line(result))
    lines += [f"  {note['text']}" for note in result.get("explanation") or []]
    lines += _section("Patterns", _pattern_rows(result.get("patterns") or []))
    lines += _section("Excluded", _excluded_rows(result.get("excluded") or []))
    decomposition = result.get("decomposition")
    if decomposition:
        lines.append(f"Decomposition: {' '.join(decomposition)}")
    if "waits" in result:
        lines.append(f"Waits: {' '.join(result['waits']) or 'none'}")
    if result.get("minimum"):
        lines.append(_minimum_line(result))
    if result.get("limit") is not None:
        lines.append(f"Limit: {result['limit']}")
    lines += _section("Payments", _payment_rows(result.get("payments") or {},
                                                result.get("payment_reasons") or []))
    lines += _section("Alternatives", _alternative_rows(result.get("alternatives") or []))
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


def _total_line(result):
    unit = result.get("unit", "")
    line = f"Total: {result.get('total')} {unit}".rstrip()
    if "points" in result:
        line += f"   (points {result['points']})"
    return line


def _minimum_line(result):
    verdict = "met" if result["meets_minimum"] else "NOT met"
    minimum = result.get("minimum")
    return f"Minimum: {minimum} {verdict}" if minimum is not None else f"Minimum: {verdict}"


def _section(title, rows):
    return [f"{title}:", *(f"  {row}" for row in rows)] if rows else []


def _pattern_rows(patterns):
    cells = []
    for pattern in patterns:
        names = ", ".join(str(n) for n in (pattern.get("english"), pattern.get("chinese")) if n)
        label = f"{pattern.get('name', '')} ({names})" if names else str(pattern.get("name", ""))
        amount = f"{pattern.get('value', '')} x {pattern.get('count', 1)}"
        cells.append((str(pattern.get("id", "")), label, amount))
    return _aligned(cells)


def _excluded_rows(excluded):
    rows = []
    for entry in excluded:
        name = entry.get("name") or entry.get("id", "")
        english = entry.get("english")
        label = f"{name} ({english})" if english and english != name else name
        rows.append(f"{label}: {entry.get('reason') or 'not counted'}")
    return rows


def _payment_rows(payments, reasons=()):
    transfers = payments.get("transfers") or []
    whys = list(reasons) + [""] * (len(transfers) - len(reasons))
    rows = [
        f"{t.get('from')} pays {t.get('to')} {t.get('amount')}" + (f"  ({why})" if why else "")
        for t, why in zip(transfers, whys, strict=False)
    ]
    net = payments.get("net")
    if net:
        seats = [s for s in SEATS if s in net] + [s for s in net if s not in SEATS]
        rows.append("net  " + "  ".join(f"{seat} {_signed(net[seat])}" for seat in seats))
    elif payments and not rows:
        rows.append("nothing to pay")
    return rows


def _signed(amount):
    if isinstance(amount, (int, float)) and not isinstance(amount, bool) and amount:
        return f"{amount:+}"
    return str(amount)


def _alternative_rows(alternatives):
    rows = []
    for alt in alternatives:
        names = alt.get("names") or [n for n in (alt.get("name"), alt.get("line")) if n]
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
