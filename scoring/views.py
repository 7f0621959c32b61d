"""The web doors: thin adapters from HTTP to `scoring.engine`.

The JSON API takes the contract's request as the body and answers with the contract's
result: 200 when `ok` is true, 400 with the error shape otherwise. The engine does all
the validation; these views only read the body and pick the status.
"""

from django.http import JsonResponse
from django.shortcuts import render
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_GET, require_POST

from scoring import engine
from scoring.doors import run_json


@require_GET
def index(request):
    return render(request, "scoring/index.html")


def _result_response(result):
    return JsonResponse(result, status=200 if result.get("ok") else 400)


@csrf_exempt
@require_POST
def api_score(request):
    return _result_response(run_json(request.body, engine.score))


@csrf_exempt
@require_POST
def api_settle(request):
    return _result_response(run_json(request.body, engine.settle))


@csrf_exempt
@require_GET
def api_variants(request):
    return JsonResponse(engine.catalog())
