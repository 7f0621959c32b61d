"""The web doors: thin adapters from HTTP to `scoring.engine`.

The JSON API takes the contract's request as the body and answers with the contract's
result: 200 when `ok` is true, 400 with the error shape otherwise, 413 (code `too_large`) for a
body over DATA_UPLOAD_MAX_MEMORY_SIZE, refused before it is read. The engine does all the
validation; these views only read the body and pick the status.

The scoring page scores a GET query (the permalink) or the form's POST (so that a pasted
American card never travels in a URL); the same view serves the whole page and, under htmx, the
result fragment. A bad hand is a fragment with status 200.
"""

import json
import uuid
from functools import lru_cache, wraps
from itertools import groupby

from django.conf import settings
from django.core.cache import cache, caches
from django.db import DatabaseError, connection
from django.http import Http404, HttpResponse, JsonResponse
from django.middleware.csrf import get_token
from django.shortcuts import render
from django.template.loader import render_to_string
from django.utils.translation import get_language
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_http_methods, require_safe

from mahjong_site import pwa
from mahjong_site.middleware import unavailable_response
from scoring import engine, openapi
from scoring.doors import bad_request, run_json, too_large
from scoring.engine import tiles
from scoring.engine.variants import VARIANTS
from scoring.examples import example_query, example_request, examples_for
from scoring.forms import ScoreForm
from scoring.pocket.server import compare_html

HOUSE_COOKIE = "house_rules"
YEAR = 365 * 24 * 3600


def _remembered(request) -> dict:
    """The house rules remembered per variant; a cookie that is not that shape is ignored (the
    engine still checks every value it passes on)."""
    try:
        value = json.loads(request.COOKIES.get(HOUSE_COOKIE, "{}"))
    except ValueError:
        return {}
    if not isinstance(value, dict):
        return {}
    return {variant: rules for variant, rules in value.items() if isinstance(rules, dict)}


def api_methods(*methods):
    """Like require_http_methods, for the JSON API: a wrong method is a 405 with the error
    shape (and the Allow header), not an empty page."""
    def decorate(view):
        @wraps(view)
        def checked(request, *args, **kwargs):
            if request.method not in methods:
                response = JsonResponse(bad_request(
                    f"{request.path} takes {' or '.join(methods)}, not {request.method}."),
                    status=405)
                response["Allow"] = ", ".join(methods)
                return response
            return view(request, *args, **kwargs)
        return checked
    return decorate


def keyboard_rows(variant):
    """The variant's tiles, one row per suit, each with how many copies the set holds."""
    shown = [kind for kind in sorted(variant.kinds)
             # Interchangeable flowers (American: any flower is "a flower") need one key only.
             if not (tiles.is_flower(kind) and kind != tiles.FLOWER_BASE
                     and variant.copies(kind) > 1)]
    rows = groupby(shown, key=tiles.suit_of)
    return [(suit, [(kind, variant.copies(kind)) for kind in row]) for suit, row in rows]


@require_http_methods(["GET", "HEAD", "POST"])
def index(request):
    """The page scores a GET query (a permalink) or the form's POST: the form posts, so that a
    pasted American card never travels in a URL; the address bar then shows the permalink."""
    remembered = _remembered(request)
    data = request.POST if request.method == "POST" else request.GET
    form = ScoreForm(data or None, remembered=remembered)
    valid = form.is_bound and form.is_valid()
    template = "scoring/partials/_result.html" if request.htmx else "scoring/index.html"
    response = render(request, template, {
        "form": form, "variant": form.variant, "result": form.result if valid else None,
        "permalink": form.permalink_query() if valid and form.result else "",
        "keys": keyboard_rows(form.variant),
        "claimed_chows": form.variant.claimed_chows,
        "printed_ids": form.variant.printed_ids,
        "concealed_kongs": form.variant.concealed_kongs,
        "jokers": form.variant.jokers,
    })
    if valid and form.result and request.htmx:
        response["HX-Replace-Url"] = f"{request.path}?{form.permalink_query()}"
    if valid:
        remembered[form.variant_id] = form.house_rules()
        response.set_cookie(HOUSE_COOKIE, json.dumps(remembered), max_age=YEAR, samesite="Lax",
                            secure=request.is_secure())
    return response


# Where the reader's own CSRF token goes in a page kept for everyone (patterns).
TOKEN_SLOT = "csrf-token-of-this-request-" + "0" * 24


@require_safe
def patterns(request, variant):
    """The pattern library: the same for every reader of a language, so the page is kept in the
    "pages" cache (settings.CACHES) under the variant, the language and the deploy's version
    (`pwa.version`: any template, catalog or static file changed, a new entry), rendered with a
    slot where the reader's CSRF token goes (the language switch's form): each reader gets their
    own token, its cookie and the Vary it needs, as from any page. A link with a query string
    (the language switch sends it back) is rendered as ever."""
    if variant not in VARIANTS:
        raise Http404(f"No variant {variant}")
    if request.GET:
        return render(request, "scoring/patterns.html", library_context(variant))
    key = f"patterns:{variant}:{get_language()}:{deploy_version()}"
    page = caches["pages"].get(key)
    if page is None:
        page = render_to_string("scoring/patterns.html",
                                {**library_context(variant), "csrf_token": TOKEN_SLOT}, request)
        caches["pages"].set(key, page, timeout=None)
    return HttpResponse(page.replace(TOKEN_SLOT, get_token(request)))


def library_context(variant: str) -> dict:
    """What the pattern library shows: every pattern, its example hand read by the engine."""
    described = VARIANTS[variant].describe()
    examples = examples_for(variant)
    names = {p["id"]: p["name"] for p in described["patterns"]}
    rows = [{"pattern": p, "example": examples.get(p["id"]),
             "query": example_query(variant, *examples[p["id"]]) if p["id"] in examples else "",
             "sets": example_sets(variant, examples.get(p["id"])),
             "excludes": [excluded(target, names) for target in p.get("excludes", ())]}
            for p in described["patterns"]]
    seen = set()
    for row in rows:  # the jump list by value lands on the first pattern of each value
        row["first_of_value"] = row["pattern"]["value"] not in seen
        seen.add(row["pattern"]["value"])
    return {"variant": described, "rows": rows, "variants": engine.catalog()["variants"],
            "printed_ids": VARIANTS[variant].printed_ids, "values": sorted(seen)}


def deploy_version() -> str:
    """The deploy's version (`pwa.version`); worked out once per process unless DEBUG is on (a
    development server's templates change under it)."""
    return pwa.version() if settings.DEBUG else _deployed()


@lru_cache(maxsize=1)
def _deployed() -> str:
    return pwa.version()


@require_safe
def compare(request):
    """The same hand scored in every variant, side by side (scoring.pocket.view.compare_rows);
    the content is the fragment the phone renders too."""
    form = ScoreForm(request.GET)
    form.is_valid()  # read the fields; the hand is judged by each variant below
    asked = form.engine_request() if hasattr(form, "cleaned_data") else {}
    if getattr(form, "by_fans", False):  # counted by its fans (view.compare_rows)
        asked.update({"hand": "", "fans": form.ticked_fans(),
                      "flowers": form.cleaned_data.get("flowers") or 0})
    return render(request, "scoring/compare.html", {
        "content": compare_html(asked, request.GET.urlencode())})


def example_sets(variant: str, example) -> list[str]:
    """An example hand as the engine reads it, set by set (its best reading)."""
    if example is None:
        return []
    result = engine.score(example_request(variant, example))
    return result["decomposition"] if result["ok"] else []


def excluded(target: str, names: dict) -> dict:
    """An exclusion of the pattern table ('id' or 'id:facet') as the library names it."""
    pattern_id, _, facet = target.partition(":")
    return {"id": pattern_id, "name": names.get(pattern_id, pattern_id), "facet": facet}


def _result_response(result):
    if result.get("ok"):
        return JsonResponse(result)
    return JsonResponse(result, status=413 if result["error"]["code"] == "too_large" else 400)


def _run_body(request, run):
    """The body's request through `run`; an announced length over the limit is not read at all.
    Only a JSON body is read: a form or text/plain body, which any web page can make a visitor's
    browser send without asking, is refused with 415 (an empty body has nothing to run: it is
    the JSON reader's bad_request)."""
    if request.content_type != "application/json" and request.META.get("CONTENT_LENGTH", "0") \
            not in ("", "0"):
        return JsonResponse(bad_request(
            "Send the request as a JSON body with the header Content-Type: application/json "
            f"(got {request.content_type or 'none'!r})."), status=415)
    limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
    try:
        announced = int(request.META.get("CONTENT_LENGTH") or 0)
    except ValueError:
        announced = 0
    if announced > limit:
        return _result_response(too_large(limit, announced))
    return _result_response(run_json(request.body, run, limit=limit))


@csrf_exempt
@api_methods("POST")
def api_score(request):
    return _run_body(request, engine.score)


@csrf_exempt
@api_methods("POST")
def api_analyse(request):
    return _run_body(request, engine.analyse)


@csrf_exempt
@api_methods("POST")
def api_settle(request):
    return _run_body(request, engine.settle)


@csrf_exempt
@api_methods("GET", "HEAD")
def api_variants(request):
    return JsonResponse(engine.catalog())


@csrf_exempt  # read-only: any other method is answered 405 by api_methods, not 403
@api_methods("GET", "HEAD")
def api_health(request):
    """The trivial JSON endpoint: the load benchmark's baseline, a proxy's liveness check."""
    return JsonResponse({"ok": True})


@csrf_exempt
@api_methods("GET", "HEAD")
def api_ready(request):
    """Readiness (a proxy sends players here only while this answers 200): the database answers a
    query and the cache keeps what it is given; otherwise 503 naming what is down."""
    down = [name for name, answers in (("database", _database_answers),
                                       ("cache", _cache_answers)) if not answers()]
    if down:
        return unavailable_response(request, "Not ready: {}.".format(
            "; ".join(f"the {name} is not answering" for name in down)), down)
    return JsonResponse({"ok": True})


def _database_answers() -> bool:
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            return cursor.fetchone() == (1,)
    except DatabaseError:
        return False


def _cache_answers() -> bool:
    key = f"ready-{uuid.uuid4().hex}"  # its own key: two workers asking at once do not meet
    try:
        cache.set(key, True, timeout=30)
        kept = cache.get(key) is True
        cache.delete(key)
        return kept
    except Exception:  # noqa: BLE001 - each backend fails its own way (database, socket, redis)
        return False


@csrf_exempt
@api_methods("GET", "HEAD")
def api_openapi(request):
    return JsonResponse(openapi.document())
