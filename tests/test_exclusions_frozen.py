"""Each variant's exclusions, frozen as literal data that agree with its rules document
(`../shared/spec/rules-*.md`, `docs/rules-mcr.md`, `docs/rules-riichi.md`), never generated from
the table under test: a change to a pattern's `excludes` fails here until this file is changed
with it, on purpose.

Each entry is a pattern id and the ids it removes ("id:facet" removes one facet only). Sichuan and
American have no exclusions (American scores one card line)."""

import pytest

from scoring.engine import score
from scoring.engine.variants import VARIANTS

SHANGHAI = {
    "3F": "2F",
    "5A": "2E",
    "7A": "2J",
    "7D": "2F",
    "10A": "2F",
    "15A": "3B",
    "15B": "2D",
    "15C": "2H:wind",
    "15D": "7A 2D 2J",
    "20A": "2H:dragon",
    "20B": "2J",
    "40B": "2D",
    "40G": "2D",
    "50A": "7H 7L 2E",
    "50B": "7L",
    "60A": "2H:dragon",
    "60B": "15C 3H 2H:wind",
    "60C": "30A 30B",
    "100A": "15C 3H 2H:wind 7L 100I 30A",
    "100B": "7L 1A 2C 30A",
    "100C": "7L 100I 30A",
    "100D": "60C 30A 30B",
    "100E": "60C 30A 30B",
    "100F": "7L 100I 30A",
    "100I": "7L 30A",
    "100J": "15A 3B 7L",
}

HONGKONG = {
    "seven_pairs": "concealed",
    "heavenly": (
        "seven_pairs:pairs earthly:limit great_four_winds:limit four_kongs:limit "
        "thirteen_orphans:limit all_honors:limit orphans:limit four_concealed_pungs:limit "
        "nine_gates:limit"
    ),
    "earthly": (
        "seven_pairs:pairs great_four_winds:limit four_kongs:limit thirteen_orphans:limit "
        "all_honors:limit orphans:limit four_concealed_pungs:limit nine_gates:limit"
    ),
    "great_four_winds": (
        "seven_pairs:pairs four_kongs:limit thirteen_orphans:limit all_honors:limit orphans:limit "
        "four_concealed_pungs:limit nine_gates:limit"
    ),
    "four_kongs": (
        "seven_pairs:pairs thirteen_orphans:limit all_honors:limit orphans:limit "
        "four_concealed_pungs:limit nine_gates:limit"
    ),
    "thirteen_orphans": (
        "concealed seven_pairs:pairs all_honors:limit orphans:limit four_concealed_pungs:limit "
        "nine_gates:limit"
    ),
    "all_honors": "seven_pairs:pairs orphans:limit four_concealed_pungs:limit nine_gates:limit",
    "orphans": "seven_pairs:pairs four_concealed_pungs:limit nine_gates:limit",
    "four_concealed_pungs": "concealed seven_pairs:pairs nine_gates:limit",
    "nine_gates": "concealed seven_pairs:pairs",
    "double_kong_replacement": "kong_replacement",
}

# A yakuman counts alone: it removes every yaku and every dora.
BELOW_YAKUMAN = (
    "riichi double_riichi ippatsu menzen_tsumo pinfu tanyao iipeikou haku hatsu chun "
    "seat_wind round_wind haitei houtei rinshan chankan sanshoku ittsu chanta junchan "
    "honroutou toitoi sanankou sankantsu sanshoku_doukou chiitoitsu shousangen honitsu "
    "chinitsu ryanpeikou renhou dora ura_dora aka_dora"
)

RIICHI = {
    "double_riichi": "riichi",
    "junchan": "chanta",
    "chinitsu": "honitsu",
    "ryanpeikou": "iipeikou",
    "kokushi": BELOW_YAKUMAN,
    "kokushi_13": "kokushi",
    "suuankou": BELOW_YAKUMAN,
    "suuankou_tanki": "suuankou",
    "daisangen": BELOW_YAKUMAN,
    "shousuushii": BELOW_YAKUMAN,
    "daisuushii": BELOW_YAKUMAN,
    "tsuuiisou": BELOW_YAKUMAN,
    "chinroutou": BELOW_YAKUMAN,
    "ryuuiisou": BELOW_YAKUMAN,
    "chuuren": BELOW_YAKUMAN,
    "junsei_chuuren": BELOW_YAKUMAN,
    "suukantsu": BELOW_YAKUMAN,
    "tenhou": BELOW_YAKUMAN,
    "chiihou": BELOW_YAKUMAN,
    "renhou_yakuman": BELOW_YAKUMAN,
}

MCR = {
    "1": "48 73 60 61",
    "2": "59",
    "3": "49 75",
    "5": "79",
    "8": "48 55 73 76 65",
    "9": "73 38",
    "10": "59 54",
    "11": "48 55 73 75",
    "12": "48 62 56",
    "13": "22 63 76",
    "15": "48",
    "18": "48 55 73",
    "21": "48 68 76",
    "22": "76",
    "25": "76",
    "26": "68 76",
    "27": "76",
    "29": "63 76",
    "31": "68 76",
    "36": "76",
    "37": "76",
    "38": "73:prevalent 73:seat 73:wind",
    "40": "75",
    "44": "80",
    "46": "80",
    "47": "58",
    "52": "79",
    "54": "59",
    "56": "80",
    "60": "73:prevalent",
    "61": "73:seat",
    "63": "76",
    "68": "76",
}

FROZEN = {"shanghai": SHANGHAI, "hongkong": HONGKONG, "sichuan": {}, "riichi": RIICHI, "mcr": MCR}


@pytest.mark.parametrize("variant_id", FROZEN)
def test_the_exclusions_are_the_rules_documents(variant_id):
    table = VARIANTS[variant_id].table
    found = {p.id: " ".join(p.excludes) for p in table if p.excludes}
    assert found == FROZEN[variant_id]


def test_big_four_winds_removes_the_pungs_of_honors_it_is_made_of():
    # docs/rules-mcr.md: Big Four Winds (1, 88) excludes All Pungs (48), Pung of Terminals or
    # Honors (73), Prevalent Wind (60) and Seat Wind (61). Winds and characters only: Half Flush
    # (49) 6; the pair waited on alone: Single Wait (79) 1. 88 + 6 + 1 = 95.
    result = score({"variant": "mcr", "hand": "[111z][222z][333z]444z 55m +5m",
                    "context": {"seat_wind": "E", "round_wind": "E"}, "rules": {}})
    assert result["total"] == 95
    assert [(p["id"], p["count"]) for p in result["patterns"]] == [("1", 1), ("49", 1), ("79", 1)]
    assert sorted((e["id"], e["by"]) for e in result["excluded"]) == [
        ("48", "1"), ("60", "1"), ("61", "1"), ("73", "1")]
