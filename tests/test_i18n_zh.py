"""Simplified and Traditional Chinese: the browser's language chooses, the switch remembers, every
word the site itself writes is translated, and patterns have their Chinese names in both scripts
(the catalogs' translations of their English names, as their French ones).

What stays English on a Chinese page, as it does on a French one, is the engine's own text: variant
names, house options and their help, units ('fan', 'faan'), error messages, explanations and
payment reasons. The walk below takes those out of the page before it looks for English words, so
that it fails on the site's own words only; pattern names in English are marked lang="en".
"""

import re
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urlencode

import pytest

from scoring.engine.variants import VARIANTS
from scoring.examples import example_query, examples_for

HTMX = {"HTTP_HX_REQUEST": "true"}
CHINESE_VARIANTS = ("shanghai", "hongkong", "sichuan")  # American card lines have no Chinese name
LOCALE = Path(__file__).resolve().parent.parent / "locale"
CONTRACT_HAND = "234m 567p 22s [EEE] [789p] +2s"  # 7 fan, North pays East 7 (test_views_index)


def all_patterns():
    return [(v, p) for v in (*CHINESE_VARIANTS, "mcr", "riichi") for p in VARIANTS[v].table]


def chinese_names(pattern) -> tuple[str, str]:
    """(Simplified, Traditional): the zh_Hans and zh_Hant catalogs' names of the pattern."""
    names = pattern.names()
    return names["zh_hans"], names["zh_hant"]


# Pattern names --------------------------------------------------------------------------------

@pytest.mark.parametrize("variant, pattern", all_patterns(),
                         ids=[f"{v}-{p.id}" for v, p in all_patterns()])
def test_every_pattern_has_a_chinese_name_in_both_scripts(variant, pattern):
    hans, hant = chinese_names(pattern)
    # The pattern's own name (its rule book's characters) is what a Traditional page calls it:
    # a `chinese` corrected in the variant module must be corrected in the zh_Hant catalog too.
    assert hant == pattern.chinese, f"the zh_Hant catalog names {pattern.context} {hant!r}"
    assert hans, f"no zh_Hans name for {pattern.context} ({pattern.english!r})"
    assert len(hans) == len(hant)  # a script changes characters, not words


def test_no_simplified_name_keeps_a_character_that_a_traditional_name_changes():
    names = [chinese_names(p) for _, p in all_patterns()]
    changed = {t for simp, trad in names for t, s in zip(trad, simp, strict=True) if t != s}
    assert changed >= set("對槓門風將兩歸條帶數雙會羅漢釣連環撈無")
    for simp, _ in names:
        assert not set(simp) & changed, simp


@pytest.mark.parametrize("variant, pattern_id, hans, hant", [
    ("shanghai", "7L", "对对胡", "對對胡"),
    ("shanghai", "2G", "杠上开花", "槓上開花"),
    ("shanghai", "100K", "十三幺", "十三么"),  # 幺 'one', never 麼; Traditional tiles write 么
    ("hongkong", "all_pungs", "对对糊", "對對糊"),  # Cantonese 糊 in both scripts
    ("hongkong", "last_tile", "海底捞月", "海底撈月"),
    ("sichuan", "kong_discard", "杠上炮", "槓上炮"),
    ("sichuan", "pair_wait", "单钓", "單釣"),
])
def test_names_as_players_write_them(variant, pattern_id, hans, hant):
    pattern = VARIANTS[variant].table.by_id[pattern_id]
    assert chinese_names(pattern) == (hans, hant)
    described = next(p for p in VARIANTS[variant].describe()["patterns"] if p["id"] == pattern_id)
    assert (described["zh_hans"], described["zh_hant"]) == (hans, hant)


# The catalogs ---------------------------------------------------------------------------------

@pytest.mark.parametrize("language", ["zh_Hans", "zh_Hant"])
def test_the_catalog_has_no_empty_or_fuzzy_entry_and_is_compiled(language):
    folder = LOCALE / language / "LC_MESSAGES"
    text = (folder / "django.po").read_text()
    entries = text.split("\n\n")[1:]  # the first is the header
    assert entries
    for entry in entries:
        assert "#, fuzzy" not in entry and "fuzzy" not in re.findall(r"^#,.*$", entry, re.M)
        assert not re.search(r'^msgstr(\[0\])? ""\n?$', entry.strip() + "\n", re.M) or \
            re.search(r'^msgstr(\[0\])? ""\n"', entry, re.M), entry
    mo = folder / "django.mo"
    assert mo.exists() and mo.stat().st_mtime >= (folder / "django.po").stat().st_mtime - 1


# The language: browser, switch, cookie --------------------------------------------------------

@pytest.mark.parametrize("accept, language", [
    ("zh-CN", "zh-hans"), ("zh-SG", "zh-hans"), ("zh-Hans", "zh-hans"), ("zh", "zh-hans"),
    ("zh-TW", "zh-hant"), ("zh-HK", "zh-hant"), ("zh-MO", "zh-hant"), ("zh-Hant-HK", "zh-hant"),
    ("zh-hk,en;q=0.5", "zh-hant"), ("en-GB,zh-CN;q=0.8", "en"), ("fr-CA", "fr"),
])
def test_the_browser_language_chooses_the_script(client, accept, language):
    response = client.get("/", HTTP_ACCEPT_LANGUAGE=accept)
    assert f'<html lang="{language}"' in response.content.decode()
    assert response["Content-Language"] == language


def test_the_switch_offers_the_four_languages_in_one_form(client):
    html = client.get("/").content.decode()
    form = html.split('<form class="lang"')[1].split("</form>")[0]
    assert re.findall(r'name="language" value="([^"]+)"', form) == ["en", "fr", "zh-hans",
                                                                      "zh-hant"]
    assert 'aria-label="简体中文"' in form and 'aria-label="繁體中文"' in form
    assert ">简</button>" in form and ">繁</button>" in form


@pytest.mark.parametrize("language, words", [("zh-hans", "你的手牌"), ("zh-hant", "你的手牌")])
def test_the_choice_is_remembered(client, language, words):
    response = client.post("/i18n/setlang/", {"language": language, "next": "/?variant=sichuan"})
    assert response.status_code == 302 and response["Location"] == "/?variant=sichuan"
    assert response.cookies["django_language"].value == language
    html = client.get("/?variant=sichuan", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert f'<html lang="{language}"' in html and words in html


# No English left on the site's own pages ------------------------------------------------------

ENGLISH_UI = ["Your hand", "Self-drawn", "Score", "Patterns", "pays", "Seat wind", "Round wind",
              "Discarder", "Dealer", "House rules", "Notation", "How it was won", "Counted",
              "Not counted", "Reading", "Waits", "Payments", "Nobody", "Share", "Link",
              "Undo", "Clear hand", "Tile", "Chow", "Pung", "Kong", "Variant", "Back to",
              "example", "points", "Minimum", "included in", "No score", "Tap ", "circles",
              "bamboo", "characters", "wind", "dragon", "Mahjong", "tables"]


class _Text(HTMLParser):
    """The page's visible text and accessible names, without what is marked lang="en"."""

    VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source",
            "track", "wbr"}

    def __init__(self):
        super().__init__()
        self.skipping: list[bool] = []
        self.parts: list[str] = []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        skip = (bool(self.skipping and self.skipping[-1]) or tag in ("script", "style", "code")
                or (tag != "html" and (attrs.get("lang") or "").startswith("en")))
        if not skip:
            self.parts += [attrs[a] for a in ("aria-label", "title", "placeholder") if attrs.get(a)]
        if tag not in self.VOID:
            self.skipping.append(skip)

    def handle_endtag(self, tag):
        if tag not in self.VOID and self.skipping:
            self.skipping.pop()

    def handle_data(self, data):
        if not (self.skipping and self.skipping[-1]):
            self.parts.append(data)


def engine_words(variant_id, result=None):
    """The engine's own English on the page (see the module's docstring)."""
    words = [VARIANTS[v].name for v in VARIANTS]
    for option in VARIANTS[variant_id].describe()["options"]:
        words += [option["name"].replace("_", " "), option["name"], option["help"]]
        words += [str(choice) for choice in option["choices"] or ()]
    for pattern in VARIANTS[variant_id].describe()["patterns"]:
        words += [pattern["name"]] + [x.partition(":")[2] for x in pattern.get("excludes", ())]
    if result:
        words += [result.get("unit", "")] + [n["text"] for n in result.get("explanation") or ()]
        words += result.get("payment_reasons") or []
    return sorted({w for w in words if w}, key=len, reverse=True)


def english_left(html, engine):
    parser = _Text()
    parser.feed(html)
    text = " ".join(" ".join(parser.parts).split())
    for words in engine:
        text = text.replace(" ".join(words.split()), " ")
    return [word for word in ENGLISH_UI if re.search(rf"\b{re.escape(word)}", text)]


def walk(client, language):
    """The scorer page, a result (page and fragment), an error and each pattern library."""
    get = {"HTTP_ACCEPT_LANGUAGE": "zh-CN" if language == "zh-hans" else "zh-HK"}
    hand = "/?" + urlencode({"variant": "shanghai", "hand": CONTRACT_HAND})
    scored = client.get(hand, **get)
    yield "scorer", client.get("/", **get), engine_words("shanghai")
    yield "result", scored, engine_words("shanghai", scored.context["result"])
    fragment = client.get(hand, **HTMX, **get)
    yield "result fragment", fragment, engine_words("shanghai", fragment.context["result"])
    error = client.get("/?" + urlencode({"variant": "shanghai", "hand": "234m 567p"}), **get)
    message = [str(m) for m in error.context["form"].errors.get("hand", [])]
    yield "error", error, engine_words("shanghai") + message
    for variant in CHINESE_VARIANTS:
        example = example_query(variant, *next(iter(examples_for(variant).values())))
        result = client.get("/?" + example, **get)
        yield f"{variant} result", result, engine_words(variant, result.context["result"])
        yield f"{variant} library", client.get(f"/patterns/{variant}/", **get), \
            engine_words(variant)


@pytest.mark.parametrize("language", ["zh-hans", "zh-hant"])
def test_no_english_ui_word_is_left(client, language):
    seen = 0
    for what, response, engine in walk(client, language):
        assert response.status_code == 200, what
        html = response.content.decode()
        if "<html" in html:
            assert f'<html lang="{language}"' in html, what
        assert english_left(html, engine) == [], what
        seen += 1
    assert seen == 10


def test_the_walk_would_see_an_english_word(client):
    html = client.get("/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert {"Your hand", "Score", "Patterns"} <= set(english_left(html, engine_words("shanghai")))


@pytest.mark.parametrize("language, page_text", [
    ("zh-CN", ["你的手牌", "门风", "圈风", "点炮者", "庄家", "自摸", "算番", "番种", "家规"]),
    ("zh-TW", ["你的手牌", "門風", "圈風", "出銃者", "莊家", "自摸", "計番", "番種", "家規"]),
])
def test_the_scorer_page_speaks_each_script(client, language, page_text):
    html = client.get("/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
    for words in page_text:
        assert words in html, words


# Pattern names on the pages --------------------------------------------------------------------

def item(html, pattern_id):
    return html.split(f'data-pattern="{pattern_id}"')[1].split("</li>")[0]


@pytest.mark.parametrize("variant, pattern_id, accept, shown, romanized", [
    # zh-hans: the Simplified name beside the romanised one (the Traditional follows, lang="zh")
    ("shanghai", "7L", "zh-CN", "对对胡", "Dui Dui Hu"),
    ("sichuan", "all_pungs", "zh-CN", "对对胡", "Dui Dui Hu"),
    ("hongkong", "all_pungs", "zh-CN", "对对糊", "Dui Dui Wu"),
    # zh-hant: the Traditional name, once
    ("hongkong", "all_chows", "zh-HK", "平糊", "Ping Wu"),
    ("shanghai", "7L", "zh-TW", "對對胡", "Dui Dui Hu"),
    ("sichuan", "kong_discard", "zh-TW", "槓上炮", "Gang Shang Pao"),
])
def test_a_result_names_each_pattern_in_the_page_script(client, variant, pattern_id, accept,
                                                        shown, romanized):
    example = examples_for(variant)[pattern_id]
    html = client.get("/?" + example_query(variant, *example), HTTP_ACCEPT_LANGUAGE=accept,
                      **HTMX).content.decode()
    names = item(html, pattern_id)
    assert shown in names and romanized in names
    assert names.count(shown) == 1  # not printed twice where the scripts agree


@pytest.mark.parametrize("variant, pattern_id, accept, shown", [
    ("shanghai", "2G", "zh-CN", "杠上开花"), ("sichuan", "pair_wait", "zh-CN", "单钓"),
    ("hongkong", "last_tile", "zh-HK", "海底撈月"), ("sichuan", "pair_wait", "zh-TW", "單釣"),
])
def test_the_library_shows_the_chinese_name_in_its_heading_or_beside_it(client, variant,
                                                                         pattern_id, accept,
                                                                         shown):
    html = client.get(f"/patterns/{variant}/", HTTP_ACCEPT_LANGUAGE=accept).content.decode()
    entry = html.split(f'id="p-{pattern_id}"')[1].split("</li>")[0]
    assert shown in entry
    pattern = VARIANTS[variant].table.by_id[pattern_id]
    chinese = pattern.translated("zh_hans" if accept == "zh-CN" else "zh_hant",
                                 pattern.definition)
    assert chinese and chinese in entry and '<span lang="en">' not in entry


def test_each_chinese_page_names_a_pattern_once_in_its_own_script(client):
    # Sichuan all pungs: 对对胡 (Simplified), 對對胡 (Traditional).
    query = {"variant": "sichuan", "hand": "[111m]222m[555p]777p99p+9p"}
    hans = client.get("/", query, HTTP_ACCEPT_LANGUAGE="zh-CN").content.decode()
    hant = client.get("/", query, HTTP_ACCEPT_LANGUAGE="zh-TW").content.decode()
    assert "对对胡" in hans and "對對胡" not in hans
    assert hant.count("對對胡") == 1 and "对对胡" not in hant
    english = client.get("/", query, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "對對胡" in english  # the characters beside the romanised and English names


def test_french_wind_tiles_say_e_s_o_n(client):
    html = client.get("/", {"variant": "shanghai"}, HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "<b>西</b><i>O</i>" in html and "<b>東</b><i>E</i>" in html
    english = client.get("/", {"variant": "shanghai"}, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "<b>西</b><i>W</i>" in english
