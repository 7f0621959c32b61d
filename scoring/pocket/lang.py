"""A page's language for the fragments, without Django: its code and its catalog's calls.

The server builds one from Django's active translation (scoring.pocket.env), the worker from the
compiled catalogs in locale/ read by Python's `gettext` (`catalog_lang`): the same .mo files, so
the same words. A msgctxt is looked up as "context\\x04msgid" by both.
"""

import gettext as gettext_module
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache

TRADITIONAL = ("zh-hant", "zh-tw", "zh-hk", "zh-mo")


@dataclass(frozen=True)
class Lang:
    code: str  # Django's language code: "en", "fr", "zh-hans", "zh-hant"
    gettext: Callable[[str], str]
    ngettext: Callable[[str, str, int], str]
    pgettext: Callable[[str, str], str]
    npgettext: Callable[[str, str, str, int], str]

    @property
    def messages(self) -> str:
        """The language as the engine's messages name it (`messages_language`)."""
        return messages_language(self.code)

    @property
    def chinese_script(self) -> str | None:
        """'zh_hant' or 'zh_hans' on a Chinese page (the key of a pattern's name), else None."""
        return self.messages if self.messages.startswith("zh") else None

    @property
    def french(self) -> bool:
        return self.messages == "fr"


def messages_language(code: str) -> str:
    """A language code ('fr-ca', 'zh-hk', ...) as the engine's messages name the language: '',
    'fr', 'zh_hans', 'zh_hant'."""
    code = code.lower()
    if code.startswith("fr"):
        return "fr"
    if code.startswith(TRADITIONAL):
        return "zh_hant"
    if code.startswith("zh"):
        return "zh_hans"
    return ""


def locale_name(code: str) -> str:
    """Django's to_locale: 'zh-hans' -> 'zh_Hans', 'fr' -> 'fr', 'pt-br' -> 'pt_BR'."""
    language, _, country = code.lower().partition("-")
    if not country:
        return language
    return f"{language}_{country.title() if len(country) > 2 else country.upper()}"


@cache
def catalog_lang(code: str, localedir: str) -> Lang:
    """The language `code` from the compiled catalogs under `localedir` (English: no catalog)."""
    catalog = gettext_module.translation("django", localedir=localedir,
                                         languages=[locale_name(code)], fallback=True)
    return Lang(code, catalog.gettext, catalog.ngettext, catalog.pgettext, catalog.npgettext)


