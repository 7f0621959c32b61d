"""One hand for each Sichuan pattern (spec/rules-sichuan.md): {id: (hand, context)}."""

PLAIN = "123m 456m 789p 123p 55p"

EXAMPLES = {
    "root": ("111m 123m 456p 789p 55p", {}),
    "all_pungs": ("55p [111m] [222m] [333p] [444p]", {}),
    "pair_wait": (PLAIN, {}),
    "pure_suit": ("123m 456m 789m 123m 55m", {}),
    "seven_pairs": ("11m 33m 55m 77m 22p 44p 99p", {}),
    "kong_self_draw": ("(1111m) 456m 789p 123p 55p",
                       {"self_drawn": True, "kong_replacement": True}),
    "kong_discard": (PLAIN, {"after_kong_discard": True}),
    "robbing_kong": ("123m 456m 789p 55p 345p +4p", {"robbing_kong": True}),
    "last_tile": (PLAIN, {"last_tile": True}),
}
