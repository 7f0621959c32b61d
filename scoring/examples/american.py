"""One hand for each line of the project's demo card (spec/rules-american.md): {id: (hand, ctx)}.

Suits a, b, c are played as characters, circles, bamboo; D is the dragon of its group's suit
(red with characters, white with circles, green with bamboo), 0 the white dragon, F a flower.
"""

EXAMPLES = {
    "yr1": ("226m 2222p 666s 5555z", {}),
    "yr2": ("1f2f 226m 226p 224455z", {}),
    "yr3": ("222m 2222p 6666s 555z", {}),
    "ev1": ("222244m 66688p 555z", {}),
    "ev2": ("44488m 4444p 888s 66z", {}),
    "ev3": ("22446688m 2244p 55z", {}),
    "ev4": ("1f2f3f4f 22444m 22444p", {}),
    "od1": ("111335555m 77799p", {}),
    "od2": ("1f2f3f 1111m 5555p 999s", {}),
    "od3": ("13579m 13579p 2244z", {}),
    "od4": ("111333m 11113333p", {}),
    "ln1": ("1111m 111p 1111s 666z", {}),
    "ln2": ("11m 11p 1111s 115555z", {}),
    "cr1": ("11122233334444m", {}),
    "cr2": ("1f2f 11444m 222p 3333s", {}),
    "cr3": ("12345m 12345p 6677s", {}),
    "cr4": ("1144m 2223333p 444z", {}),
    "wd1": ("444z 1111z 222z 33z 55z", {}),
    "wd2": ("777z 666z 5555z 11z 33z", {}),
    "wd3": ("1234z 777z 555z 6666z", {}),
    "qu1": ("1111m J 2222p J 3333s", {}),
    "qu2": ("1f2f3f4f5f 4444z J 7777m", {}),
    "qu3": ("5555m J 6666p JJ 777m", {}),
    "sp1": ("11223344556677z", {}),
    "sp2": ("1f2f 226m 5z 11335577p", {}),
    "sp3": ("1122m 3344p 556677s", {}),
}
# Each link names the demo card, so a card kept on the phone (scorer.js) does not take its place.
EXAMPLES = {line: (hand, context, {"card": "demo"}) for line, (hand, context) in EXAMPLES.items()}
