"""Every page type, in French, Simplified and Traditional Chinese, has no text left in English.

The pytest-django client asks for each page with the browser's Accept-Language, and asks again in
English. The visible text of each page (text nodes, and the labels a screen reader reads:
aria-label, placeholder, a button's value) is cut into its pieces of text:
- French: a piece that is the same as a piece of the English page and holds a word of three
  letters or more, a piece holding an English-only word ("the", "with", ...), or a piece holding
  a word of the English page that French does not share (ALLOWED lists those it does), is
  English left over;
- Chinese: any word of three Latin letters or more is English left over.
Each side allows what every language writes the same way: tile notation and numbers (no word of
three letters), the names the players use as proper nouns (pattern names in pinyin or
Cantonese or romaji, the players' names typed at a table), what is marked lang="en"
on purpose (a pattern's English name beside the local one), code (<code>, the notation), and the
small ALLOWED list below.

The pages: the scorer of every variant, each kind of error the engine answers, a result of every
variant (and a 13-tile hand's waits), the pattern library of every variant, the compare page,
and every table page (new, board, look-only, hand edit, deal, settle-up, confirm delete, yours,
from the scorer).
"""

import re
from html.parser import HTMLParser
from urllib.parse import urlencode

import pytest
from django.urls import reverse
from django.utils.html import escape

from scoring.engine.variants import VARIANTS
from scoring.tables.models import Table

pytestmark = pytest.mark.django_db

LANGUAGES = {"fr": "fr", "zh_hans": "zh-CN", "zh_hant": "zh-HK"}

# Words every language writes as they are: the game's own terms borrowed as they are (fan, faan,
# kong...), abbreviations, and the names of things (the app's parts are named in each language).
ALLOWED = {
    # French borrows these as they are (a French page may show one alone, like the English one)
    "fr": {"total", "minimum", "points", "joker", "jokers", "kong", "kongs", "pung", "pungs",
           "chow", "chows", "fan", "fans", "faan", "han", "table", "tables", "variante",
           "dora", "honba", "riichi", "ippatsu", "chiihou", "tenhou", "jackpot", "demo",
           "temporary", "refund", "transfer", "full_gun", "half_gun", "half_spicy",
           "full_spicy", "mahjongo", "csv", "mahjong", "english", "français", "simple",
           "options", "source", "message", "type", "sections", "section", "note", "notes",
           "code", "variant", "id"},
    # A Chinese page still writes these in Latin letters: the house options' values as the
    # engine takes them, units the players say in English letters, the app's name
    "zh": {"csv", "mahjong", "demo", "temporary", "refund", "transfer", "full_gun", "half_gun",
           "half_spicy", "full_spicy", "mahjongo", "english", "français", "faan", "fan", "han",
           "true", "false", "qr", "nmjl", "mcr", "yakuman", "sanbaiman", "mangan", "none"},
}
ENGLISH_ONLY = re.compile(r"\b(the|and|with|was|this|that|from|your|you|are|has|have|for|not|"
                          r"which|what|who|each|every|won|pays|hand|tiles?)\b", re.I)
WORD = re.compile(r"[A-Za-zÀ-ÿ][A-Za-zÀ-ÿ_'’-]{2,}")
# A word of the notation or of an American card line: honors and flowers in capitals (EEE, NEWS,
# FFFF, DDDa), a card's suit letter after them.
NOTATION = re.compile(r"[ESWNPFCJDRG]+[abc]?")
LINK = re.compile(r"https?://\S+")
LETTERS = re.compile(r"[a-z](-[a-z])+")  # letters standing for numbers: "a-b"
SKIPPED = {"script", "style", "code", "template", "svg", "noscript"}
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source",
        "track", "wbr"}

PLAYERS = ["Ann", "Bob", "Cy", "Di"]
NAMES = {"player0": "Ann", "player1": "Bob", "player2": "Cy", "player3": "Di"}


class Visible(HTMLParser):
    """The pieces of text a reader sees (or hears), outside what is English on purpose."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.pieces: list[str] = []
        self.stack: list[bool] = []  # per open element: whether its text is skipped

    @property
    def skipping(self) -> bool:
        return bool(self.stack) and self.stack[-1]

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        skip = self.skipping or tag in SKIPPED or (attrs.get("lang") or "").startswith("en")
        if not skip:
            for name in ("aria-label", "placeholder", "title", "alt"):
                if attrs.get(name):
                    self.pieces.append(attrs[name])
            if tag == "input" and attrs.get("type") in ("submit", "button") and attrs.get("value"):
                self.pieces.append(attrs["value"])
        if tag not in VOID:
            self.stack.append(skip)

    def handle_startendtag(self, tag, attrs):
        if tag not in VOID:
            self.handle_starttag(tag, attrs)
            self.handle_endtag(tag)
        else:
            self.handle_starttag(tag, attrs)

    def handle_endtag(self, tag):
        if tag not in VOID and self.stack:
            self.stack.pop()

    def handle_data(self, data):
        text = " ".join(data.split())
        if text and not self.skipping:
            self.pieces.append(text)


def pieces(html: str) -> list[str]:
    parser = Visible()
    parser.feed(html)
    return parser.pieces


def proper_nouns() -> set[str]:
    """Names said the same in every language: patterns' names in pinyin, Cantonese or romaji
    (and their ids), the players' and tables' names of this test."""
    words = set()
    for variant in VARIANTS.values():
        described = variant.describe()
        for pattern in described["patterns"]:
            # a card line's name is its section, in the page's words; any other pattern's name
            # is what its players call it (pinyin, Cantonese, romaji)
            if not getattr(variant, "card_lines", False):
                words |= {w.lower() for w in WORD.findall(str(pattern.get("name", "")))}
            words.add(str(pattern["id"]).lower())
    # the temporary American table's two "lines", by their ids
    return words | {"ann", "bob", "friday", "saturday", "sunday", "base", "jackpot"}


def left_in_english(language: str, page: str, english: str, allowed: set[str]) -> list[str]:
    """The pieces of `page` (in `language`) that are English left over."""
    same = set(pieces(english))
    english_words = {w.lower() for piece in same for w in WORD.findall(piece)}
    found = []
    for piece in pieces(page):
        words = [w for w in WORD.findall(LINK.sub("", piece))
                 if w.lower().strip("'’-") not in allowed and not NOTATION.fullmatch(w)
                 and not LETTERS.fullmatch(w)]
        if not words:
            continue
        if language.startswith("zh"):
            found.append(piece)
        elif piece in same or ENGLISH_ONLY.search(" ".join(words)) or any(
                w.lower() in english_words for w in words):
            found.append(piece)
    return found


# The pages --------------------------------------------------------------------------------------

def scorer(**query):
    return "get", reverse("index") + ("?" + urlencode(query) if query else ""), None


# Each kind of error the engine answers on the scorer (what the page shows beside the hand, the
# context or the house rule at fault).
ERRORS = {
    "bad_notation": scorer(variant="shanghai", hand="11"),
    "bad_notation_group": scorer(variant="shanghai", hand="123m (123p) 456s 789s 11z"),
    "too_many_copies": scorer(variant="shanghai", hand="11111m 234p 567p 789s"),
    "wrong_tile_count": scorer(variant="shanghai", hand="123m 456m"),
    "not_a_winning_hand": scorer(variant="shanghai", hand="13579m 2468p 13579s"),
    "not_a_winning_hand_hongkong": scorer(variant="hongkong", hand="13579m 2468p 13579s"),
    "tile_not_in_variant": scorer(variant="sichuan", hand="123m 456m 789m 123p 11z"),
    "void_suit_present": scorer(variant="sichuan", hand="123m 456m 789m 123p 11p",
                                void_suit="p"),
    "three_suits": scorer(variant="sichuan", hand="123m 456m 789p 123s 11s"),
    "meld_not_allowed": scorer(variant="sichuan", hand="[123m] 456m 789m 123p 11p"),
    "bad_context": scorer(variant="shanghai", hand="234m567p22s[EEE][789p]+2s",
                          kong_replacement="on"),
    "bad_context_dealer": scorer(variant="hongkong", hand="234m567p22s[EEE][789p]+2s",
                                 seat_wind="S", dealer="1"),
    "bad_rule": scorer(variant="hongkong", hand="234m567p22s[EEE][789p]+2s",
                       **{"hongkong-minimum_fan": "20", "hongkong-limit": "8"}),
    "bad_card": scorer(variant="american", hand="226m 2222p 5555z 666s +6s",
                       **{"american-card": "yr1 25 X : 2026a 2222b 000 666q"}),
    "no_line_of_the_card": scorer(variant="american", hand="1111m 2222p 3333s 44z +4z"),
    "american_f": scorer(variant="american", hand="FF 226m 2222p 555z 666s"),
    "american_concealed_kong": scorer(variant="american", hand="(1111m) 2222p 3333s 44z"),
    "temporary_not_a_hand": scorer(variant="american", hand="1357m 2468p 1357s 11z",
                                   **{"american-card": "temporary"}),
}

RESULTS = {
    "shanghai": scorer(variant="shanghai", hand="234m567p22s[EEE][789p]+2s", seat_wind="S"),
    "shanghai_capped": scorer(variant="shanghai", hand="111m 999m 111p 999p 11s +1s",
                              self_drawn="on"),
    "shanghai_under_minimum": scorer(variant="shanghai", hand="234m 567p 789s 234s 55s +5s",
                                     **{"shanghai-payment": "3"}),
    "hongkong": scorer(variant="hongkong", hand="234m567p22s[EEE][789p]+2s",
                       **{"hongkong-payment": "half_gun"}),
    "hongkong_limit": scorer(variant="hongkong", hand="111m 999m 111p 999p 11s +1s"),
    "sichuan": scorer(variant="sichuan", hand="111m 222m 333m 444m 55m +5m", self_drawn="on"),
    "sichuan_discard": scorer(variant="sichuan", hand="123m 456m 789m 123p 11p +1p",
                              void_suit="s"),
    "american": scorer(variant="american", hand="226m 2222p 5555z 666s +6s"),
    "american_temporary": scorer(variant="american", hand="11m 222p [333s] 4444s 55z +5z",
                                 self_drawn="on", **{"american-card": "temporary"}),
    "waits": scorer(variant="shanghai", hand="234m567p2s[EEE][789p]"),
    "waits_under_minimum": scorer(variant="mcr", hand="23m234m456p789s55s"),
    "waits_riichi": scorer(variant="riichi", hand="23m234m456p789s55s"),
    "not_ready": scorer(variant="shanghai", hand="123456789m159p1s"),
    "riichi_no_yaku": scorer(variant="riichi", hand="123m456p55s[789s][234p]+1m"),
    "riichi": scorer(variant="riichi", hand="234m567p22s[EEE][789p]+2s"),
    "mcr": scorer(variant="mcr", hand="234m567p22s[EEE][789p]+2s"),
}


@pytest.fixture
def tables(client):
    """A Shanghai table with a win from the scorer, a quick win and a drawn hand; a Sichuan table
    with a deal of a kong and a win; an American table with a false win."""
    shanghai = Table.objects.create(name="Friday", variant="shanghai", rules={},
                                    players=PLAYERS)
    query = "variant=shanghai&hand=234m567p22s%5BEEE%5D%5B789p%5D%2B2s&seat_wind=S"
    edit = shanghai.edit_token
    client.post(reverse("table-from-scorer", args=[edit]),
                {"q": query, "winner": 1, "source": "self", "action": "add"})
    client.post(reverse("table-win", args=[edit]), {"winner": 2, "source": "0", "total": 8})
    client.post(reverse("table-draw", args=[edit]))
    sichuan = Table.objects.create(name="Saturday", variant="sichuan", rules={},
                                   players=PLAYERS)
    client.post(reverse("table-deal", args=[sichuan.edit_token]), {
        "ev-TOTAL_FORMS": 3, "ev-INITIAL_FORMS": 0,
        "ev-0-type": "kong", "ev-0-seat": 0, "ev-0-kind": "concealed",
        "ev-1-type": "win", "ev-1-seat": 2, "ev-1-source": 1, "ev-1-fans": 2,
        "ev-2-type": ""})
    american = Table.objects.create(name="Sunday", variant="american", rules={},
                                    players=PLAYERS)
    client.post(reverse("table-false-win", args=[american.edit_token]),
                {"declarer": 1, "source": "self"})
    for table in (shanghai, sichuan, american):
        table.refresh_from_db()
    assert shanghai.hands.count() == 3 and sichuan.hands.count() == 1, "the setup saved"
    return {"shanghai": shanghai, "sichuan": sichuan, "american": american}


def table_pages(tables) -> dict:
    shanghai, sichuan = tables["shanghai"], tables["sichuan"]
    edit, view = shanghai.edit_token, shanghai.view_token
    first = shanghai.hands.order_by("number").first()
    query = "variant=shanghai&hand=234m567p22s%5BEEE%5D%5B789p%5D%2B2s&seat_wind=S"
    pages = {
        "new": ("get", reverse("table-new"), None),
        "new_american": ("get", reverse("table-new") + "?variant=american", None),
        "new_refused": ("post", reverse("table-new"), {"variant": "sichuan", "player0": "Ann",
                                                       "player1": "Bob", "player2": "Cy"}),
        "board": ("get", reverse("table-edit", args=[edit]), None),
        "board_sichuan": ("get", reverse("table-edit", args=[sichuan.edit_token]), None),
        "board_american": ("get", reverse("table-edit", args=[tables["american"].edit_token]),
                           None),
        "look_only": ("get", reverse("table-view", args=[view]), None),
        "hand_edit": ("get", reverse("table-hand", args=[edit, first.pk]), None),
        "deal": ("get", reverse("table-deal", args=[sichuan.edit_token]), None),
        "deal_refused": ("post", reverse("table-deal", args=[sichuan.edit_token]), {
            "ev-TOTAL_FORMS": 2, "ev-INITIAL_FORMS": 0,
            "ev-0-type": "win", "ev-0-seat": 2, "ev-0-fans": 1,
            "ev-1-type": "win", "ev-1-seat": 2, "ev-1-fans": 1}),
        "win_refused": ("post", reverse("table-win", args=[edit]),
                        {"winner": 2, "source": "self", "total": 500}),
        "settle": ("get", reverse("table-settle", args=[view]), None),
        "confirm_delete": ("get", reverse("table-hand-delete", args=[edit, first.pk]), None),
        "yours": ("get", reverse("tables"), None),
        "from_scorer": ("get", reverse("table-from-scorer", args=[edit]) + "?" + query, None),
        "from_scorer_refused": ("post", reverse("table-from-scorer", args=[edit]),
                                {"q": query.replace("shanghai", "hongkong"), "winner": 1,
                                 "source": "self", "action": "add"}),
    }
    return pages


def all_pages(tables) -> dict:
    pages = {f"scorer_{v}": scorer(variant=v) for v in VARIANTS}
    pages["scorer"] = scorer()
    pages.update({f"error_{name}": page for name, page in ERRORS.items()})
    pages.update({f"result_{name}": page for name, page in RESULTS.items()})
    pages.update({f"library_{v}": ("get", reverse("patterns", args=[v]), None)
                  for v in VARIANTS})
    pages["compare"] = ("get", reverse("compare") + "?" + urlencode(
        {"hand": "234m567p22s[EEE][789p]+2s", "seat_wind": "S"}), None)
    pages.update({f"table_{name}": page for name, page in table_pages(tables).items()})
    return pages


def fetch(client, page, accept):
    method, address, data = page
    client.cookies.pop("django_language", None)
    response = getattr(client, method)(address, data or {}, HTTP_ACCEPT_LANGUAGE=accept)
    assert response.status_code == 200, (address, response.status_code)
    return response.content.decode()


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_page_in_the_language_has_no_english_left(client, tables, language):
    allowed = proper_nouns() | ALLOWED["zh" if language.startswith("zh") else language]
    found = {}
    for name, page in all_pages(tables).items():
        english = fetch(client, page, "en")
        local = fetch(client, page, LANGUAGES[language])
        if name.startswith("error_"):  # each error page does show an error
            assert 'class="error' in english, name
        if name.startswith("result_"):  # and each result page a result (or a hand's waits)
            assert "data-total" in english or "waits-list" in english, name
        left = left_in_english(language, local, english, allowed)
        if left:
            found[name] = left
    report = "\n".join(f"{name}: {piece!r}" for name, left in found.items() for piece in left)
    assert not found, f"English left on {len(found)} {language} pages:\n{report}"


@pytest.mark.parametrize("language, header", [
    ("fr", "main,tour,donneur,type,gagnant,défausseur,tiré du mur,total,annonceur"),
    ("zh_hans", "局,圈风,庄家,类型,和牌者,点炮者,自摸,番数,宣布者"),
    ("zh_hant", "局,圈風,莊家,類型,食糊者,出銃者,自摸,番數,宣佈者")])
def test_the_csv_speaks_the_language_too(client, tables, language, header):
    address = reverse("table-csv", args=[tables["shanghai"].view_token])
    text = client.get(address, HTTP_ACCEPT_LANGUAGE=LANGUAGES[language]).content.decode()
    assert text.splitlines()[0].startswith(header)
    english = client.get(address, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert english.splitlines()[0].startswith("hand,round,dealer,kind,winner,discarder")


def test_the_check_sees_english_where_it_is_left():
    english = "<p>Self-drawn</p><p lang='en'>Special eyes</p><code>123m</code>"
    assert left_in_english("fr", "<p>Self-drawn</p>", english, set()) == ["Self-drawn"]
    assert left_in_english("fr", "<p>Tiré du mur</p><p lang='en'>Special eyes</p>", english,
                           set()) == []
    assert left_in_english("fr", "<p>Tiré du mur : the discarder pays</p>", english, set()) \
        == ["Tiré du mur : the discarder pays"]
    assert left_in_english("fr", "<p>Tiré du mur (self-drawn)</p>", english, set()) \
        == ["Tiré du mur (self-drawn)"]
    assert left_in_english("zh_hans", "<p>自摸 discarder</p><code>123m</code>", english,
                           set()) == ["自摸 discarder"]
    assert left_in_english("zh_hans", "<p>Jiang 将</p>", english, {"jiang"}) == []


@pytest.mark.parametrize("accept", ["fr", "zh-CN", "zh-TW"])
@pytest.mark.parametrize("variant", ["shanghai", "hongkong", "sichuan", "mcr", "riichi"])
def test_every_definition_of_the_library_is_in_the_page_language(client, variant, accept):
    """Every variant's pattern definitions but American's (its card lines say themselves) come
    from the catalogs in the pattern's own context: none is left in English (marked lang="en",
    as one missing from the catalogs would be), each is its catalog's translation."""
    html = client.get(f"/patterns/{variant}/", HTTP_ACCEPT_LANGUAGE=accept).content.decode()
    assert '<span lang="en">' not in html
    language = {"fr": "fr", "zh-CN": "zh_hans", "zh-TW": "zh_hant"}[accept]
    for pattern in VARIANTS[variant].table:
        entry = html.split(f'id="p-{pattern.id}"')[1].split("</li>")[0]
        assert escape(pattern.translated(language, pattern.definition)) in entry
