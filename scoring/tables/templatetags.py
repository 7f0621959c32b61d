"""Template filters for the tables pages, and a table link's QR code."""

import io
from decimal import Decimal
from functools import lru_cache

import segno
from django import template
from django.utils.safestring import mark_safe
from django.utils.translation import ngettext

from scoring.tables.game import show, show_points

register = template.Library()


@register.filter
def amount(value):
    """12.50 -> '12.5'; no exponent, no trailing zeros."""
    return show(Decimal(value)) if value is not None else ""


@register.filter
def points(value):
    """The table's money with its unit, in the plural its number takes: '1 point', '12.5
    points' (the words of the scorer's own, scoring.pocket.filters.amount)."""
    if value is None:
        return ""
    number = Decimal(value)
    count = int(number) if number == number.to_integral_value() else 2
    return ngettext("%(n)s point", "%(n)s points", count) % {"n": show(number)}


@register.filter
def signed_amount(value):
    """+12, -3.5, 0."""
    text = show(Decimal(value))
    return f"+{text}" if Decimal(value) > 0 else text


@register.filter
def sign_class(value):
    value = Decimal(value)
    return "plus" if value > 0 else "minus" if value < 0 else ""


@register.filter
def table_points(value):
    """MCR's table points (a Fraction): 3, 1.5, 2.33."""
    return show_points(value)


@register.filter
def index(sequence, i):
    try:
        return sequence[int(i)]
    except (IndexError, TypeError, ValueError):
        return ""


@lru_cache(maxsize=128)
def qr_svg(url: str) -> str:
    """The QR code of `url` as inline SVG, drawn by segno: no XML declaration, the SVG namespace,
    one line, a viewBox (sized by the page's CSS), a white quiet zone of 4 modules; no style
    attribute (the CSP allows no inline style) and no text of the link in it. Kept for the
    latest links drawn in this process (a table's two links are on each of its edit pages, and
    drawing one took a tenth of the page's time)."""
    out = io.BytesIO()
    segno.make(url, micro=False).save(out, kind="svg", xmldecl=False, svgns=True, nl=False,
                                      scale=1, border=4, omitsize=True, svgclass="qr-code",
                                      lineclass=None, dark="#000", light="#fff")
    return out.getvalue().decode("utf-8")


@register.simple_tag(takes_context=True)
def qr_code(context, path):
    """`{% qr_code path %}`: the QR code of this site's `path` as a full link (the request's
    scheme and host). Only segno's own SVG is marked safe."""
    return mark_safe(qr_svg(context["request"].build_absolute_uri(path)))
