"""The reference engine for Chinese Official (MCR): PyMahjongGB (import name MahjongGB), the
Python binding of the C++ engine behind ChineseOfficialMahjongHelper. One request of ours is put
to it as its own arguments, and its answer read back as {fan number: count} and a total, the
shape `ours` gives our result, so that the differential test and `make oracle` compare like with
like. A development requirement only (requirements-dev.txt); the engine never imports it.
"""

from MahjongGB import MahjongFanCalculator

from scoring.engine import tiles
from scoring.engine.api import score
from scoring.engine.notation import parse

# The reference's English names, in its fan order: fan n is the n-th (1-81, and 82, 明暗杠).
NAMES = (
    "Big Four Winds", "Big Three Dragons", "All Green", "Nine Gates", "Four Kongs",
    "Seven Shifted Pairs", "Thirteen Orphans", "All Terminals", "Little Four Winds",
    "Little Three Dragons", "All Honors", "Four Concealed Pungs", "Pure Terminal Chows",
    "Quadruple Chow", "Four Pure Shifted Pungs", "Four Pure Shifted Chows", "Three Kongs",
    "All Terminals and Honors", "Seven Pairs", "Greater Honors and Knitted Tiles",
    "All Even Pungs", "Full Flush", "Pure Triple Chow", "Pure Shifted Pungs", "Upper Tiles",
    "Middle Tiles", "Lower Tiles", "Pure Straight", "Three-Suited Terminal Chows",
    "Pure Shifted Chows", "All Five", "Triple Pung", "Three Concealed Pungs",
    "Lesser Honors and Knitted Tiles", "Knitted Straight", "Upper Four", "Lower Four",
    "Big Three Winds", "Mixed Straight", "Reversible Tiles", "Mixed Triple Chow",
    "Mixed Shifted Pungs", "Chicken Hand", "Last Tile Draw", "Last Tile Claim",
    "Out with Replacement Tile", "Robbing The Kong", "All Pungs", "Half Flush",
    "Mixed Shifted Chows", "All Types", "Melded Hand", "Two Concealed Kongs", "Two Dragons Pungs",
    "Outside Hand", "Fully Concealed Hand", "Two Melded Kongs", "Last Tile", "Dragon Pung",
    "Prevalent Wind", "Seat Wind", "Concealed Hand", "All Chows", "Tile Hog", "Double Pung",
    "Two Concealed Pungs", "Concealed Kong", "All Simples", "Pure Double Chow",
    "Mixed Double Chow", "Short Straight", "Two Terminal Chows", "Pung of Terminals or Honors",
    "Melded Kong", "One Voided Suit", "No Honors", "Edge Wait", "Closed Wait", "Single Wait",
    "Self-Drawn", "Flower Tiles", "Concealed Kong and Melded Kong",
)
NUMBER = {name: n for n, name in enumerate(NAMES, 1)}
_HONORS = {tiles.EAST: "F1", tiles.SOUTH: "F2", tiles.WEST: "F3", tiles.NORTH: "F4",
           tiles.RED: "J1", tiles.GREEN: "J2", tiles.WHITE: "J3"}


def code(tile: int) -> str:
    """Our tile kind in the reference's letters: W characters, B dots, T bamboo, F winds,
    J dragons (J1 red, J2 green, J3 white)."""
    if tile < tiles.HONOR_BASE:
        return "WBT"[tile // 9] + str(tile % 9 + 1)
    return _HONORS[tile]


def arguments(request: dict) -> dict:
    """The reference's arguments for one of our requests."""
    parsed = parse(request["hand"])
    ctx = request.get("context", {})
    packs = []
    for group in parsed.groups:
        kinds = group.tiles
        concealed = group.bracket != "["
        if len(kinds) == 4:
            packs.append(("GANG", code(kinds[0]), 0 if concealed else 1))
        elif kinds[0] == kinds[1]:
            packs.append(("PENG", code(kinds[0]), 1))
        else:
            packs.append(("CHI", code(kinds[1]), 1))
    standing = [t for t in parsed.concealed if t < tiles.PLAYING_KINDS]
    standing.remove(parsed.winning)
    flowers = sum(1 for t in parsed.concealed if tiles.is_flower(t))
    return {"pack": tuple(packs), "hand": tuple(code(t) for t in standing),
            "winTile": code(parsed.winning), "flowerCount": flowers,
            "isSelfDrawn": bool(ctx.get("self_drawn")),
            "is4thTile": bool(ctx.get("winning_tile_last")),
            "isAboutKong": bool(ctx.get("kong_replacement") or ctx.get("robbing_kong")),
            "isWallLast": bool(ctx.get("last_tile")),
            "seatWind": tiles.WINDS.index(ctx.get("seat_wind", "E")),
            "prevalentWind": tiles.WINDS.index(ctx.get("round_wind", "E"))}


def theirs(request: dict) -> tuple[dict[int, int], int] | str:
    """The reference's fans ({number: count}) and total, or its error's text."""
    try:
        fans = MahjongFanCalculator(**arguments(request), verbose=True)
    except TypeError as error:
        return str(error)
    table = {NUMBER[english]: count for _, count, _, english in fans}
    return table, sum(value * count for value, count, _, _ in fans)


def ours(request: dict) -> tuple[dict[int, int], int] | str:
    """Our fans ({number: count}) and total, or our error's code."""
    result = score(request)
    if not result["ok"]:
        return result["error"]["code"]
    return {int(p["id"]): p["count"] for p in result["patterns"]}, result["total"]
