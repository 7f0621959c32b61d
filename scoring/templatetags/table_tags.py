"""Template filters for the tables pages."""

from decimal import Decimal

from django import template

from scoring.tables import show

register = template.Library()


@register.filter
def amount(value):
    """12.50 -> '12.5'; no exponent, no trailing zeros."""
    return show(Decimal(value)) if value is not None else ""


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
def index(sequence, i):
    try:
        return sequence[int(i)]
    except (IndexError, TypeError, ValueError):
        return ""
