"""`python manage.py makemessages`, Django's, plus every variant's pattern names and definitions.

xgettext finds the words written in the code; a pattern's name and definition are data in its
variant module, in a context made from the variant and the pattern's id ('mcr pattern 9'), which
no marked call spells out. This adds them to the template (.pot) the catalogs are merged with, so
that they stay in the catalogs like every other word: a changed English text shows up as a new
entry (and its old translation as fuzzy), never as a translation silently lost.
"""

import inspect
import os

from django.conf import settings
from django.core.management.commands import makemessages

from scoring.engine.variants import VARIANTS
from scoring.i18n import pattern_messages


def quoted(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


def pattern_entries() -> str:
    """The patterns' entries, as xgettext writes its own: a comment naming the pattern for the
    translator, the module it is written in, its context, its English, an empty translation."""
    sources = {variant.id: os.path.relpath(inspect.getsourcefile(type(variant)), settings.BASE_DIR)
               for variant in VARIANTS.values()}
    blocks, seen = [], set()
    for pattern, context, text in pattern_messages():
        if (context, text) in seen:
            continue
        seen.add((context, text))
        what = "name" if text == pattern.english else "definition"
        blocks.append(f"#. {what} of {pattern.id} {pattern.name} ({pattern.chinese})\n"
                      f"#: {sources.get(pattern.variant, '')}\n"
                      f"msgctxt {quoted(context)}\nmsgid {quoted(text)}\nmsgstr \"\"\n")
    return "\n" + "\n".join(blocks)


class Command(makemessages.Command):
    def build_potfiles(self):
        potfiles = super().build_potfiles()
        if self.domain == "django":
            # The project's locale/ (Django may list it twice: LOCALE_PATHS and ./locale).
            project = os.path.join(str(settings.LOCALE_PATHS[0]), f"{self.domain}.pot")
            if any(os.path.abspath(potfile) == os.path.abspath(project) for potfile in potfiles):
                with open(project, "a", encoding="utf-8") as pot:
                    pot.write(pattern_entries())
        return potfiles
