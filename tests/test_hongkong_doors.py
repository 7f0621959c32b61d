"""Hong Kong through the doors people use: POST /api/score, GET /api/variants and
`python manage.py score --json -` (in process and as a real process)."""

import json
import subprocess
import sys
from pathlib import Path

from django.test import Client

ROOT = Path(__file__).resolve().parent.parent

# East seat and round, won on North's discard: small_three_dragons 3 + dragon_pung 2 + own
# flower (1f, East's) 1 = 6 faan; half spicy: 32 a portion; half gun: North 32, South and West 16.
REQUEST = {"variant": "hongkong", "hand": "123m456p77z[555z][666z]1f+7z",
           "context": {"seat_wind": "E", "round_wind": "E"}, "rules": {"payment": "half_gun"}}
PAID = [{"from": "N", "to": "E", "amount": 32}, {"from": "S", "to": "E", "amount": 16},
        {"from": "W", "to": "E", "amount": 16}]


def check(result):
    assert result["ok"] is True
    assert result["variant"] == "hongkong"
    assert result["unit"] == "faan"
    assert result["total"] == 6
    assert result["points"] == 32
    assert {p["id"]: p["count"] for p in result["patterns"]} == {
        "small_three_dragons": 1, "dragon_pung": 2, "own_flower": 1}
    assert sorted(result["payments"]["transfers"], key=lambda t: t["from"]) == sorted(
        PAID, key=lambda t: t["from"])
    assert result["payments"]["net"] == {"E": 64, "S": -16, "W": -16, "N": -32}
    assert result["limit"] is None
    assert result["meets_minimum"] is True


def test_the_api_scores_a_hong_kong_hand():
    response = Client().post("/api/score", data=json.dumps(REQUEST),
                             content_type="application/json")
    assert response.status_code == 200
    check(response.json())


def test_the_api_refuses_an_unknown_house_option_with_400():
    body = dict(REQUEST, rules={"spicy": True})
    response = Client().post("/api/score", data=json.dumps(body),
                             content_type="application/json")
    assert response.status_code == 400
    assert response.json()["error"]["code"] == "unknown_rule"


def test_the_catalog_lists_hong_kong_patterns_and_options():
    variants = Client().get("/api/variants").json()["variants"]
    [hongkong] = [v for v in variants if v["id"] == "hongkong"]
    patterns = {p["id"]: p for p in hongkong["patterns"]}
    assert patterns["small_three_dragons"]["chinese"] == "小三元"
    assert patterns["small_three_dragons"]["value"] == 3
    assert patterns["great_four_winds"]["value"] == 13
    assert patterns["flower_set"]["english"]
    options = {o["name"]: o["default"] for o in hongkong["options"]}
    assert options == {"limit": 13, "minimum_fan": 3, "scale": "half_spicy",
                       "payment": "full_gun", "stake": 1, "no_flowers_bonus": True,
                       "seven_pairs": False}


def test_the_command_line_scores_a_hong_kong_hand():
    done = subprocess.run([sys.executable, "manage.py", "score", "--json", "-"],
                          input=json.dumps(REQUEST), capture_output=True, text=True, cwd=ROOT,
                          timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    check(json.loads(done.stdout))


def test_the_command_line_exits_2_on_a_bad_option():
    body = dict(REQUEST, rules={"scale": "very_spicy"})
    done = subprocess.run([sys.executable, "manage.py", "score", "--json", "-"],
                          input=json.dumps(body), capture_output=True, text=True, cwd=ROOT,
                          timeout=120, check=False)
    assert done.returncode == 2
    assert json.loads(done.stdout)["error"]["code"] == "bad_context"
