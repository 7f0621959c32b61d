"""The pocket engine in the real browser (docs/pocket.md): the page is loaded online, the pocket
engine gets ready, the network is cut, and the scorer keeps answering, in the phone, with the
text the server gives for the same request: examples of every variant, random hands, 13-tile
hands (their waits), in English and French."""

import random
import time
from urllib.parse import urlencode

import pytest

from scoring.engine import randomhands
from scoring.engine.notation import format_hand, parse
from scoring.engine.variants import VARIANTS
from scoring.examples import examples_for
from tests.browser import MARKS, offline

pytestmark = MARKS
READY_S = 180  # a generous bound for a loaded test machine; bench/pocket.py measures it

# The texts a swap leaves on the page: the result box, and the message box under the hand (an
# out-of-band part of the same answer).
TEXTS = """(html) => {
  const flat = (e) => e.textContent.replace(/\\s+/g, ' ').trim();
  const read = (root) => {
    const hand = root.querySelector('#hand-error');
    const handText = hand ? flat(hand) : '';
    root.querySelectorAll('[hx-swap-oob]').forEach((e) => e.remove());
    return [flat(root), handText];
  };
  if (html === null) {
    return [flat(document.getElementById('result')), flat(document.getElementById('hand-error'))];
  }
  const t = document.createElement('template');
  t.innerHTML = html;
  return read(t.content);
}"""


def thirteen(hand: str) -> str:
    parsed = parse(hand)
    concealed = list(parsed.concealed)
    if parsed.groups or len(concealed) < 14:
        return ""
    concealed.remove(parsed.winning if parsed.winning is not None else concealed[-1])
    return format_hand(parsed._replace(concealed=tuple(concealed), winning=None))


def hands_for(variant: str) -> list[str]:
    """12 hands: 8 of the variant's examples, spread over its patterns; 2 random hands (not for
    American, whose card no random hand fits: more examples there); 2 thirteen-tile hands."""
    rng = random.Random(variant)
    examples = [hand for hand, *_ in examples_for(variant).values()]
    step = max(1, len(examples) // 10)
    picked = examples[::step][:8 if variant != "american" else 10]
    if variant != "american":
        suits = "mp" if variant == "sichuan" else "mps"
        picked += [randomhands.random_winning_hand(rng, suits=suits, honors=variant != "sichuan")
                   for _ in range(2)]
    short = [t for t in map(thirteen, examples) if t]
    return picked + short[:2]


def wait_ready(page):
    started = time.monotonic()
    while time.monotonic() - started < READY_S:
        state = page.evaluate("window.pocket ? pocket.state : 'none'")
        if state in ("ready", "failed", "none"):
            return state
        time.sleep(0.25)
    return "timeout"


def server_response(client, pairs):
    response = client.post("/", urlencode([tuple(p) for p in pairs]),
                           content_type="application/x-www-form-urlencoded",
                           HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    return response


def server_texts(page, client, pairs):
    return page.evaluate(TEXTS, server_response(client, pairs).content.decode())


# The address bar once the frame after the last answer is painted (pocket.js follows an answer
# there; this page's callback is asked for after its own).
ADDRESS_AFTER_PAINT = """() => new Promise((shown) => requestAnimationFrame(
  () => setTimeout(() => shown(location.pathname + location.search), 0)))"""


COMPARE_TEXT = """(html) => {
  const flat = (e) => e.textContent.replace(/\\s+/g, ' ').trim();
  if (html === null) return flat(document.querySelector('.pocket-page[data-page=compare]'));
  const t = document.createElement('template');
  t.innerHTML = html;
  return flat(t.content.querySelector('.pocket-page[data-page=compare]'));
}"""


def assert_compare_offline(page, client):
    """The compare link, offline: the phone shows the server's compare page, and Back the
    scorer as it was."""
    hand = page.input_value("input[name=hand]")
    href = page.get_attribute("#result a.compare-link", "href")
    page.click("#result a.compare-link")
    page.wait_for_selector(".pocket-page[data-page=compare]")
    assert page.evaluate("location.pathname + location.search") == href
    server = client.get(href).content.decode()
    assert page.evaluate(COMPARE_TEXT, None) == page.evaluate(COMPARE_TEXT, server)
    page.click(".pocket-page a[href^='/?']")
    page.wait_for_selector(".pocket-page", state="detached")
    assert page.is_visible("#scorer") and page.input_value("input[name=hand]") == hand


@pytest.fixture(scope="module", autouse=True)
def current_pack():
    """The pack of the sources as they are (make pocket does the same; a stale one would test
    old Python)."""
    from scoring.pocket import assets, build

    build.build()
    assets._manifest.cache_clear()


@pytest.mark.django_db(transaction=True)
def test_offline_the_phone_scores_as_the_server(page, client):
    context = page.context
    scored = waits = 0
    compared = set()
    for n, variant in enumerate(VARIANTS):
        language = "fr" if n % 2 else "en"
        context.add_cookies([{"name": "django_language", "value": language, "url": page.base}])
        client.cookies["django_language"] = language
        offline(page, False)
        page.goto(f"{page.base}/?variant={variant}")
        page.evaluate("pocket.start()")
        assert wait_ready(page) == "ready", variant
        offline(page, True)
        for hand in hands_for(variant):
            page.evaluate("""() => { const s = document.createElement('i');
                s.id = 'stale'; document.getElementById('result').appendChild(s); }""")
            page.fill("input[name=hand]", hand)
            page.wait_for_selector("#result #stale", state="detached", timeout=15_000)
            pairs = page.evaluate(
                "Array.from(new FormData(document.getElementById('scorer')))")
            phone = page.evaluate(TEXTS, None)
            response = server_response(client, pairs)
            assert phone == page.evaluate(TEXTS, response.content.decode()), (variant, hand)
            if response.get("HX-Replace-Url"):  # a score: its permalink in the address bar
                assert page.evaluate(ADDRESS_AFTER_PAINT) == response["HX-Replace-Url"], hand
            scored += page.locator("#result .score").count()
            waits += page.locator("#result .waits-list").count()
            if page.locator("#result a.compare-link").count() and variant not in compared:
                compared.add(variant)
                assert_compare_offline(page, client)
    assert scored >= 50 and waits >= 8 and compared == set(VARIANTS)
    offline(page, False)


@pytest.mark.django_db(transaction=True)
def test_a_first_visit_is_scored_by_the_server_before_anything_of_the_pocket_loads(page, client):
    """The first visit as before the pocket: the page and the server's scoring, with nothing of
    the pocket loaded before the first result (only its data in the page and scorer.js's
    loader); pocket.js loads after it. With the runtime unreachable the pocket fails and the
    server goes on answering."""
    seen = []
    page.on("request", lambda r: seen.append(("request", r.method, r.url)))
    page.on("response", lambda r: seen.append(("response", r.request.method, r.url)))
    page.route("**/static/pocket/**", lambda route: route.abort())
    page.goto(f"{page.base}/?variant=shanghai")
    assets = page.evaluate("JSON.parse(document.getElementById('pocket-data').textContent).assets")
    assert assets and page.evaluate("pocket.state") == "off"

    page.fill("input[name=hand]", "123m 456p 789s 111z 22z")
    page.wait_for_selector("#result .score .big")
    answered = seen.index(("response", "POST", page.base + "/"))
    before = {url.replace(page.base, "") for _, _, url in seen[:answered]}
    assert not before & set(assets), before & set(assets)
    pairs = page.evaluate("Array.from(new FormData(document.getElementById('scorer')))")
    assert page.evaluate(TEXTS, None) == server_texts(page, client, pairs)

    assert wait_ready(page) == "failed"  # pocket.js loaded after the result, then the runtime not
    assert page.base + assets[0] in {url for _, _, url in seen[answered:]}
    page.evaluate("document.querySelector('#result .score').id = 'stale'")
    page.fill("input[name=hand]", "11m 456m 789p 123s 55z 1m")
    page.wait_for_selector("#result #stale", state="detached")
    page.wait_for_selector("#result .score .big")
    pairs = page.evaluate("Array.from(new FormData(document.getElementById('scorer')))")
    assert page.evaluate(TEXTS, None) == server_texts(page, client, pairs)


@pytest.mark.parametrize("variant, typed, key, tapped", [
    ("hongkong", "234m567p22s111z78p", "9 of circles", "234m567789p22s111z+9p"),
    # The waits bring the card's line select into the form ("the best line"): the same question.
    ("american", "2222m44m666s8s666z", "8 of bamboo", "222244m66688s666z+8s"),
], ids=["hongkong", "american-card-line"])
@pytest.mark.django_db(transaction=True)
def test_a_tap_after_typing_asks_once_and_shows_the_servers_score(page, client, variant, typed,
                                                                   key, tapped):
    """13 tiles typed, their waits answered in the phone, then the 14th tapped on the keyboard:
    the tap takes the focus, so the hand box's change repeats the question its typing asked;
    the form is asked once, for the tap (the change's request cancelled before htmx builds it),
    and the score is the server's. The worker is asked once too, at the key's pointerdown
    (pocket.prefetch: the hand as the tap leaves it), before the click: the tap's question is
    the one asked ahead, and takes its answer."""
    page.context.add_init_script("""(() => {
      const Plain = window.Worker;
      window.Worker = function (url) {
        const worker = new Plain(url), post = worker.postMessage.bind(worker);
        worker.postMessage = (m) => {
          if (m && m.op === 'render' && window.seen) seen.push('worker asked');
          post(m);
        };
        return worker;
      };
    })();""")
    page.goto(f"{page.base}/?variant={variant}")
    page.evaluate("pocket.start()")
    assert wait_ready(page) == "ready"
    page.fill("input[name=hand]", typed)
    page.wait_for_selector("#result .waits-list")
    has_line = "new FormData(document.getElementById('scorer')).has('line')"
    assert page.evaluate(has_line) == (variant == "american")
    page.evaluate("""() => {
      window.seen = [];
      document.querySelector('input[name=hand]')
        .addEventListener('change', () => seen.push('change'));
      document.addEventListener('click', () => seen.push('click'), true);
      document.addEventListener('htmx:configRequest',
        (e) => seen.push('asked ' + e.detail.triggeringEvent.type));
    }""")
    page.locator(".keyboard").get_by_role("button", name=key, exact=True).tap()
    page.wait_for_selector("#result .score .big")
    page.wait_for_timeout(200)  # a second question to the worker would be posted by now
    assert page.evaluate("seen") == ["worker asked", "change", "click", "asked tapped"]
    pairs = page.evaluate("Array.from(new FormData(document.getElementById('scorer')))")
    assert dict(pairs)["hand"].replace(" ", "") == tapped  # the tapped tile: the winning tile
    response = server_response(client, pairs)
    assert page.evaluate(TEXTS, None) == page.evaluate(TEXTS, response.content.decode())
