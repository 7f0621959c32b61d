"""One pipeline, one result: every variant scores through `Variant.result` into one `Result`,
serialised once; the OpenAPI description of the result is generated from that type; the optional
behaviours are declared on `Variant`, never probed for; the engine's imports have no cycle."""

import ast
import json
import random
from dataclasses import fields
from pathlib import Path

import pytest
from django.test import Client
from jsonschema import Draft202012Validator

from scoring.engine import analyse, score, settle
from scoring.engine import randomhands as rh
from scoring.engine.context import parse_context
from scoring.engine.errors import DealError, HandError
from scoring.engine.result import OPTIONAL, STANDARD, Result
from scoring.engine.variant import Variant
from scoring.engine.variants import MODULES, VARIANTS
from scoring.examples import example_request, examples_for

ROOT = Path(__file__).resolve().parent.parent
ENGINE = ROOT / "scoring" / "engine"


@pytest.fixture(scope="module")
def document():
    return Client().get("/api/openapi.json").json()


@pytest.fixture(scope="module")
def result_validator(document):
    return Draft202012Validator({**document, "$ref": "#/components/schemas/ScoreResult"})


# Requests of every variant: each pattern's example, and seeded random hands (winning or not).
def requests_of(variant_id):
    found = [example_request(variant_id, example)
             for example in examples_for(variant_id).values()]
    rng = random.Random(variant_id)
    for _ in range(40):
        hand = rh.random_winning_hand(rng, suits="ps" if variant_id == "sichuan" else "mps",
                                      honors=variant_id != "sichuan", exposed_chows=False)
        found.append({"variant": variant_id, "hand": hand,
                      "context": {"self_drawn": rng.random() < 0.5}})
    return found


REQUESTS = [pytest.param(r, id=f"{r['variant']}-{i}")
            for v in VARIANTS for i, r in enumerate(requests_of(v))]


@pytest.mark.parametrize("request_", REQUESTS)
def test_the_result_is_the_one_value_serialised_once(request_, result_validator):
    """`score` is `result` serialised: every field the result fills is in the JSON, in the
    variant's key order, and nothing else; it validates against the generated schema."""
    variant = VARIANTS[request_["variant"]]
    rules = variant.check_rules(request_.get("rules"))
    ctx = parse_context(request_.get("context"))
    try:
        result = variant.result(request_["hand"], ctx, rules)
    except HandError as error:
        assert score(request_) == error.as_result()
        return
    assert isinstance(result, Result)
    body = score(request_)
    assert list(body) == ["ok", *variant.result_keys]
    assert body == result.as_dict(variant.result_keys)
    filled = {name for name in OPTIONAL if getattr(result, name) is not None}
    assert filled == set(variant.result_extras), "an extra the keys leave out, or one not filled"
    assert set(STANDARD) <= set(variant.result_keys)
    result_validator.validate(json.loads(json.dumps(body)))


def test_the_generated_schema_is_the_result_type(document):
    schema = document["components"]["schemas"]["ScoreResult"]
    assert list(schema["properties"]) == ["ok", *(f.name for f in fields(Result))]
    assert schema["required"] == ["ok", *STANDARD]
    assert schema["additionalProperties"] is False
    for f in fields(Result):
        assert schema["properties"][f.name]["description"] == f.metadata["doc"]
    assert schema["properties"]["winning_group"]["type"] == ["integer", "null"]
    assert schema["properties"]["fu"]["type"] == "integer"  # optional: absent, never null


def test_a_key_the_result_does_not_have_fails_the_schema(result_validator):
    body = score({"variant": "shanghai", "hand": "234m567p22s [111z] [789p] +2s"})
    result_validator.validate(body)
    with pytest.raises(Exception, match="Additional properties"):
        result_validator.validate({**body, "fans": 5})
    without = dict(body)
    del without["payments"]
    with pytest.raises(Exception, match="'payments' is a required property"):
        result_validator.validate(without)


# The structure --------------------------------------------------------------------------------

def defined_methods(path: Path) -> dict[str, set[str]]:
    """{class name: the methods it defines} for each class of a module."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    return {node.name: {n.name for n in node.body if isinstance(n, ast.FunctionDef)}
            for node in ast.walk(tree) if isinstance(node, ast.ClassDef)}


@pytest.mark.parametrize("module", MODULES)
def test_no_variant_module_defines_score_or_result(module):
    """Every variant scores through the one pipeline: a variant plugs in through its hooks,
    never by a `score` or `result` of its own."""
    for name, methods in defined_methods(ENGINE / "variants" / f"{module}.py").items():
        assert not methods & {"score", "result"}, f"{module}.{name}: {sorted(methods)}"
    cls = type(VARIANTS[module])
    assert cls.score is Variant.score and cls.result is Variant.result


def test_the_structural_test_sees_a_score_method(tmp_path):
    path = tmp_path / "fake.py"
    path.write_text("class Fake(Variant):\n    def score(self, text, ctx, rules):\n        pass\n")
    assert "score" in defined_methods(path)["Fake"]


def probes(path: Path, of: str = "") -> list[int]:
    """The lines calling getattr or hasattr (on something whose text holds `of`)."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    return [node.lineno for node in ast.walk(tree) if isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name) and node.func.id in ("getattr", "hasattr")
            and of in ast.unparse(node.args[0])]


@pytest.mark.parametrize("path", ["analyse.py", "api.py", "variant.py"])
def test_optional_behaviour_is_declared_not_probed(path):
    assert probes(ENGINE / path) == []


def test_the_pages_do_not_probe_a_variant_either():
    # (the template filters' hasattr(entry, "get") tell a dict from a value a page was given)
    assert probes(ROOT / "scoring" / "templatetags" / "mahjong.py", of="variant") == []
    assert probes(ROOT / "scoring" / "templatetags" / "mahjong.py", of="entry")  # it sees them


@pytest.mark.parametrize("name", ["red_fives", "check_tiles", "analyse", "summaries",
                                  "analysis_note", "settle_deal"])
def test_every_optional_behaviour_has_its_default_on_variant(name):
    assert callable(getattr(Variant, name))


def test_the_defaults_of_the_optional_behaviours():
    shanghai = VARIANTS["shanghai"]
    assert shanghai.red_fives(shanghai.default_rules) == ()
    assert VARIANTS["riichi"].red_fives(VARIANTS["riichi"].default_rules) == (4, 13, 22)
    assert shanghai.analysis_note({"waits": []}) == {}
    with pytest.raises(HandError) as refused:
        shanghai.settle_deal({"variant": "shanghai", "events": []})
    assert refused.value.code == "unknown_variant"
    assert settle({"variant": "mcr", "events": []})["error"]["code"] == "unknown_variant"


def engine_imports() -> dict[str, set[str]]:
    """{module: the engine modules it imports}, at any depth (a function's imports too)."""
    graph = {}
    for path in ENGINE.rglob("*.py"):
        parts = path.relative_to(ROOT).with_suffix("").parts
        is_package = parts[-1] == "__init__"
        name = ".".join(parts[:-1] if is_package else parts)
        package = name.split(".") if is_package else name.split(".")[:-1]
        found = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom):
                if node.level:
                    base = package[:len(package) - node.level + 1]
                    target = ".".join(base + ([node.module] if node.module else []))
                else:
                    target = node.module
                found.add(target)
                found |= {f"{target}.{a.name}" for a in node.names}
            elif isinstance(node, ast.Import):
                found |= {a.name for a in node.names}
        graph[name] = found
    return {name: {t for t in targets if t in graph and t != name}
            for name, targets in graph.items()}


def cycle_in(graph) -> list[str] | None:
    done, path = set(), []

    def visit(node):
        if node in path:
            return path[path.index(node):] + [node]
        if node in done:
            return None
        path.append(node)
        for target in sorted(graph[node]):
            found = visit(target)
            if found:
                return found
        path.pop()
        done.add(node)
        return None

    for node in sorted(graph):
        found = visit(node)
        if found:
            return found
    return None


def test_the_engine_imports_have_no_cycle():
    """The generic modules never import a variant (American's analysis is its own module)."""
    graph = engine_imports()
    assert "scoring.engine.variants.american_analyse" in graph["scoring.engine.variants.american"]
    found = cycle_in({k: v - {"scoring.engine"} for k, v in graph.items()
                      if k != "scoring.engine"})  # the package only re-exports api
    assert found is None, " -> ".join(found)
    assert not any(t.startswith("scoring.engine.variants")
                   for t in graph["scoring.engine.analyse"])


def test_the_cycle_finder_finds_one():
    assert cycle_in({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert cycle_in({"a": {"b"}, "b": set()}) is None


def test_deal_errors_are_engine_errors_with_their_event():
    error = DealError("bad_event", "Event 2: no.", 2)
    assert isinstance(error, HandError)
    assert error.as_result() == {"ok": False, "error": {"code": "bad_event",
                                                       "message": "Event 2: no.", "event": 2}}
    answer = settle({"variant": "american", "events": [{"type": "false_win", "seat": "Q"}]})
    assert answer["error"]["code"] == "bad_event" and answer["error"]["event"] == 0


# One money path for Riichi ----------------------------------------------------------------------

RIICHI = VARIANTS["riichi"]
ROUNDS = RIICHI.default_rules


def test_riichi_payout_pays_a_han_and_fu_count():
    """3 han 40 fu: 40 x 2^5 = 1280 basic points; a non-dealer's ron is 4 x 1280 = 5120,
    rounded up to 5200, from the discarder (South wins on East's discard)."""
    ctx = parse_context({"seat_wind": "S", "discarder": "E"})
    paid = RIICHI.payout(3, ctx, ROUNDS, fu=40)
    assert (paid.total, paid.points, paid.limit, paid.meets) == (3, 1280, None, True)
    assert paid.payments[0][:3] == ("E", "S", 5200)
    assert paid == RIICHI.pay_han_fu(3, 40, ctx, ROUNDS)


def test_riichi_payout_of_a_limit_needs_no_fu_and_a_low_count_asks_for_them():
    ctx = parse_context({"seat_wind": "S", "discarder": "E"})
    mangan = RIICHI.payout(5, ctx, ROUNDS)
    assert (mangan.points, mangan.limit, mangan.payments[0][2]) == (2000, "mangan", 8000)
    with pytest.raises(HandError) as refused:
        RIICHI.payout(2, ctx, ROUNDS)
    assert refused.value.code == "bad_request" and "fu" in refused.value.message


def test_a_scored_riichi_hand_is_paid_as_its_count_is():
    """Riichi, pinfu, tanyao and two dora (the indicator 7p points at the pair of 8p): 5 han, a
    mangan, 8000 from the discarder, and the riichi stick on the table to the winner; the scored
    hand is paid as `payout` pays its count."""
    request = {"variant": "riichi", "hand": "234m 456p 678s 345s 88p +5s",
               "context": {"seat_wind": "S", "discarder": "E", "riichi": True, "riichi_sticks": 1,
                           "dora_indicators": ["7p"]}}
    body = score(request)
    assert (body["han"], body["fu"], body["limit"]) == (5, 30, "mangan")
    assert body["payments"]["transfers"] == [{"from": "E", "to": "S", "amount": 8000}]
    assert body["winner_receives"] == 9000
    paid = RIICHI.payout(body["han"], parse_context(request["context"]), ROUNDS, fu=body["fu"])
    assert (paid.points, paid.payments[0][2]) == (body["points"], 8000)


def test_analyse_reaches_each_variant_through_the_declared_hook():
    """American's analysis (its own module) and Riichi's furiten note (`analysis_note`)."""
    american = analyse({"variant": "american", "hand": "1112223333444m"})  # cr1 less a 4m
    assert american["ok"] and american["shanten"] == 0 and american["missing"] == 1
    assert "4m" in [wait["tile"] for wait in american["waits"]]
    riichi = analyse({"variant": "riichi", "hand": "123m456p789s1122z"})
    assert riichi["ok"] and riichi["shanten"] == 0 and "furiten" in riichi
