"""The engine's words in the reader's language: every door that shows a Message to a person
renders it here (the web pages through Django's catalogs; the command line through the same
catalogs, read without Django, in `scoring/cli.py`).

An engine Message is English text that also carries its template and params
(`scoring/engine/messages.py`); anything else (a plain string, text stored before messages
carried templates) is shown as it is.

Pattern names and definitions are catalog entries too, in each pattern's own context
(`pattern_messages` lists them, for makemessages and for tests/test_catalogs.py).
"""

from django.utils.translation import get_language, gettext

from scoring.engine.messages import from_data, render
from scoring.engine.variants import VARIANTS
from scoring.pocket.lang import messages_language


def page_language() -> str:
    """The active language as the engine's messages name it: '', 'fr', 'zh_hans', 'zh_hant'."""
    return messages_language(get_language() or "en")


def localize(text) -> str:
    """A Message (or plain text) in the active language."""
    if text is None:
        return ""
    return render(text, gettext, page_language())


def localize_data(data, fallback="") -> str:
    """A Message kept as JSON (`messages.to_data`) in the active language; `fallback` (the
    English kept beside it) when there is none."""
    message = from_data(data)
    return localize(message) if message is not None else fallback


def pattern_messages():
    """(pattern, msgctxt, msgid) for every name and definition of every variant's patterns, in
    the variants' order: what the catalogs translate (American's card lines say themselves)."""
    for variant in VARIANTS.values():
        for pattern in getattr(variant, "table", None) or ():
            for text in (pattern.english, pattern.definition):
                if text:
                    yield pattern, pattern.context, text
