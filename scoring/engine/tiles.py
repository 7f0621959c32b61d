"""The tile model: every tile kind is a small int, the same 34-kind order the riichi world uses.

0-8 characters (m) 1-9, 9-17 circles (p), 18-26 bamboo (s), 27-33 honors (z): East, South, West,
North, White, Green, Red; 34-41 flowers 1-4 and seasons 5-8 (f); 42 the joker (J).
"""

SUITS = "mps"
SUIT_NAMES = {"m": "characters", "p": "circles", "s": "bamboo"}
WINDS = "ESWN"
WIND_NAMES = {"E": "East", "S": "South", "W": "West", "N": "North"}
DRAGON_NAMES = ("White", "Green", "Red")

HONOR_BASE = 27
FLOWER_BASE = 34
JOKER = 42
KINDS = 43
PLAYING_KINDS = 34  # suited tiles and honors: what sets and eyes are made of

EAST, SOUTH, WEST, NORTH, WHITE, GREEN, RED = range(27, 34)
WIND_TILES = (EAST, SOUTH, WEST, NORTH)
DRAGON_TILES = (WHITE, GREEN, RED)
TERMINALS = tuple(base + rank for base in (0, 9, 18) for rank in (0, 8))
ORPHANS = TERMINALS + tuple(range(HONOR_BASE, FLOWER_BASE))
SUITED = tuple(range(27))
HONORS = tuple(range(HONOR_BASE, FLOWER_BASE))
FLOWERS = tuple(range(FLOWER_BASE, JOKER))

# Letters accepted on input for honors (and the joker); output always uses digits and z.
ALIASES = {"E": EAST, "S": SOUTH, "W": WEST, "N": NORTH, "P": WHITE, "F": GREEN, "C": RED,
           "J": JOKER}
SUIT_LETTERS = {"m": (0, 9), "p": (9, 9), "s": (18, 9), "z": (27, 7), "f": (34, 8)}


def make(rank: int, letter: str) -> int:
    base, size = SUIT_LETTERS[letter]
    if not 1 <= rank <= size:
        raise ValueError(f"no tile {rank}{letter}")
    return base + rank - 1


def wind_tile(wind: str) -> int:
    return EAST + WINDS.index(wind)


def is_suited(tile: int) -> bool:
    return tile < HONOR_BASE


def is_honor(tile: int) -> bool:
    return HONOR_BASE <= tile < FLOWER_BASE


def is_wind(tile: int) -> bool:
    return EAST <= tile <= NORTH


def is_dragon(tile: int) -> bool:
    return WHITE <= tile <= RED


def is_terminal(tile: int) -> bool:
    return tile < HONOR_BASE and tile % 9 in (0, 8)


def is_flower(tile: int) -> bool:
    return FLOWER_BASE <= tile < JOKER


def suit_of(tile: int) -> str:
    """'m', 'p', 's' for suited tiles, 'z' for honors, 'f' for flowers, 'J' for the joker."""
    if tile < HONOR_BASE:
        return SUITS[tile // 9]
    if tile < FLOWER_BASE:
        return "z"
    return "f" if tile < JOKER else "J"


def rank_of(tile: int) -> int:
    """The number written before the suit letter (1-9, 1-7 for honors, 1-8 for flowers)."""
    if tile < HONOR_BASE:
        return tile % 9 + 1
    if tile < FLOWER_BASE:
        return tile - HONOR_BASE + 1
    return tile - FLOWER_BASE + 1 if tile < JOKER else 0


def code(tile: int) -> str:
    """The canonical text of one tile: '5p', '1z', '3f', 'J'."""
    if 0 <= tile < KINDS:
        return CODES[tile]
    return "J" if tile == JOKER else f"{rank_of(tile)}{suit_of(tile)}"


def name(tile: int) -> str:
    """The accessible English name: '5 of circles', 'East wind', 'Red dragon', 'joker'."""
    if tile < HONOR_BASE:
        return f"{rank_of(tile)} of {SUIT_NAMES[suit_of(tile)]}"
    if tile <= NORTH:
        return f"{WIND_NAMES[WINDS[tile - EAST]]} wind"
    if tile < FLOWER_BASE:
        return f"{DRAGON_NAMES[tile - WHITE]} dragon"
    if tile < JOKER:
        number = rank_of(tile)
        return f"flower {number}" if number <= 4 else f"season {number - 4}"
    return "joker"


def seat_of_bonus(tile: int) -> str:
    """The seat wind that owns a flower or season: flower n and season n+4 belong to seat n."""
    return WINDS[(tile - FLOWER_BASE) % 4]


# The canonical text of each tile kind, by kind (see code).
CODES = tuple("J" if tile == JOKER else f"{rank_of(tile)}{suit_of(tile)}" for tile in range(KINDS))
