"""The short form's breakdown reads any contract result, Chinese names or not."""

from scoring.breakdown import format_breakdown

RESULT = {
    "ok": True,
    "variant": "shanghai",
    "hand": "234m567p22s [111z] [789p] +2s",
    "total": 5,
    "unit": "fan",
    "context": {"seat_wind": "E", "dealer": True, "self_drawn": False, "opponents": ["S", "N"]},
    "points": 5,
    "patterns": [
        {
            "id": "1A",
            "name": "Jiang",
            "english": "Special eyes",
            "chinese": "將",
            "value": 1,
            "count": 1,
        },
        {"id": "2H", "name": "Fung", "english": "Honor tiles", "value": 2, "count": 2},
    ],
    "excluded": [{"id": "1X", "by": "2H", "name": "Xiao", "english": "Something small",
                  "reason": "Fung (Honor tiles) already includes Something small."}],
    "decomposition": ["234m", "567p", "22s", "[111z]", "[789p]"],
    "alternatives": [],
    "waits": ["2s"],
    "meets_minimum": True,
    "minimum": 5,
    "limit": None,
    "payments": {
        "transfers": [{"from": "N", "to": "E", "amount": 5}],
        "net": {"E": 5, "S": 0, "W": 0, "N": -5},
    },
}


def test_breakdown_shows_every_part_of_the_result():
    text = format_breakdown(RESULT)
    assert text.splitlines()[:3] == [
        "Hand: 234m567p22s [111z] [789p] +2s   (shanghai)",
        "Context: seat_wind=E dealer opponents=SN",
        "Total: 5 fan   (points 5)",
    ]
    assert "  1A  Jiang (Special eyes, 將)  1 x 1" in text
    assert "  2H  Fung (Honor tiles)        2 x 2" in text  # 將 takes two columns
    # Names, not ids, and the engine's reason.
    assert "  Xiao (Something small): Fung (Honor tiles) already includes Something small." in text
    assert "Decomposition: 234m 567p 22s [111z] [789p]" in text
    assert "Waits: 2s" in text
    assert "Minimum: 5 met" in text
    assert "  N pays E 5" in text
    assert "  net  E +5  S 0  W 0  N -5" in text


def test_breakdown_of_an_error_names_its_code():
    error = {"ok": False, "error": {"code": "bad_notation", "message": "'x' is not a suit."}}
    assert format_breakdown(error) == "error [bad_notation]: 'x' is not a suit."


def test_breakdown_tolerates_a_sparse_result():
    assert format_breakdown({"ok": True, "total": 0}).splitlines()[1] == "Total: 0"
