"""A whole game at one table: who deals, the winds, the running totals, and the settle-up.

Pure Python on top of the engine (no Django), so that the rotation and the money can be tested like
the rulebook. Players are numbered in the order they sat down: players 0..3 take the chairs that
are East, South, West and North for the first hand (0..2 with three players); with five players,
player 4 starts as the dreamer ("Rêveur", seed 001) who sits out.

Chairs are physical places at the table, counted counterclockwise from the first dealer's chair.
The seat winds follow the dealer: the dealer's chair is East, the next chair South, and so on.

Each variant declares its rotation in its own module (`Variant.rotation`: how the deal moves, when
seats swap, how many rounds make a game); this module plays it. As the seeds have it:
- Shanghai (seed 002): the deal passes on a Fortune Hand (drawn) too; the dealer keeps the deal
  only by winning. After four rounds the players swap seats, East with South and West with North,
  and the last winner of the fourth round deals first; after eight rounds, seats are drawn anew.
- Hong Kong (seed 004, and the issue): the seats turn after every hand, dead hands included, so a
  full game is 4 rounds of 4 hands. A house option of the table (`dealer_keeps_deal_on_win`, off
  by default) keeps the deal with a dealer who wins, as many Hong Kong tables play (連莊); a
  drawn hand and another player's win still pass it.
- Sichuan (the issue): the first winner of a deal deals the next one; a deal without a winner
  keeps its dealer. Rounds are counted every four deals (Sichuan has no round wind to score).
- Riichi (docs/rules-riichi.md, "At a table"): a dealer who wins keeps the deal, and so does a
  dealer who is ready (tenpai) at an exhaustive draw; the table counts the honba and keeps the pot
  of riichi sticks (`Position.riichi_sticks`): each declaration puts a stick in, the next winner
  takes them all, a drawn hand leaves them on the table. At a drawn hand the players not ready pay
  the ready ones (`drawn`).
- MCR (docs/rules-mcr.md, "The game" and "At a club night"): 16 hands, the deal passing every
  hand, the players changing places after each round; then the table starts the next game as
  the first started (`plays_games`), each game ranked in table points (`table_points`). A false
  win is the table's penalty (`penalty`), and the same hand goes on (`Outcome.goes_on`).
- Riichi's table options (`TABLE_OPTIONS`): the East round only (tonpuusen), and bust (tobi)
  ending the game (`bust`); its abortive draws keep the deal with the dealer (`abortive`); the
  West-round extension in sudden death and the last dealer's stop (agari-yame, tenpai-yame)
  end the game as `game_end` says; a chombo (`chombo`, its cost the engine's house option) is
  replayed, as MCR's false win goes on.
- American (the issue): the deal passes every hand. Five players: at the end of each round the
  dreamer replaces the player in chair k (k = 0, 1, 2, 3, 0, ... for rounds 1, 2, 3, 4, 5...), who
  then dreams (seed 001: the first dealer after the East round, the South player after the South
  round...). The same happens with five players in the other variants.
"""

import csv
import io
from dataclasses import dataclass, field, replace
from decimal import Decimal
from fractions import Fraction
from functools import cache, lru_cache
from itertools import combinations
from math import lcm

from scoring.engine import api
from scoring.engine.context import parse_context
from scoring.engine.errors import HandError
from scoring.engine.messages import Message, gettext_noop, pgettext, to_data, unit_word
from scoring.engine.tiles import WINDS
from scoring.engine.variant import FIRST_WINNER, KEEP_ON_DEALER_WIN, Rotation
from scoring.engine.variants import VARIANTS


def rotation_of(variant_id: str, dealer_keeps: bool = False, east_only: bool = False) -> Rotation:
    """The variant's rotation (`Variant.rotation`); with `dealer_keeps` (a table's option, where
    the variant offers it: not a house rule of the engine, it moves the deal, not the money), a
    dealer who wins keeps the deal; with `east_only` (a Riichi table's option, `TABLE_OPTIONS`),
    the game is the East round alone (tonpuusen)."""
    rotation = VARIANTS[variant_id].rotation
    if dealer_keeps and rotation.dealer_may_keep:
        rotation = replace(rotation, deal=KEEP_ON_DEALER_WIN)
    if east_only and offers(variant_id, "east_only"):
        rotation = replace(rotation, game_rounds=1, game_over=EAST_ONLY_OVER)
    return rotation


EAST_ONLY_OVER = gettext_noop("The East round is played: the game (tonpuusen) is over. Settle "
                              "up, or play on.")

# The variants whose table plays one full game after another (the engine's Rotation has no word
# for it yet): after its 16th hand an MCR table starts game 2, the players back in the chairs
# they sat down in, the first chair dealing; each game is ranked on its own (`table_points`).
PLAYS_GAMES = frozenset({"mcr"})


def plays_games(variant_id: str) -> bool:
    return variant_id in PLAYS_GAMES and rotation_of(variant_id).game_rounds is not None


def hand_of_game(variant_id: str, position: "Position") -> int | None:
    """The hand's number in its game (1 to 16 at an MCR table), None where the table does not
    play its games one after another (`plays_games`). MCR passes the deal every hand, so the
    round and the deals passed in it count the hands."""
    if not plays_games(variant_id):
        return None
    return position.round_index * position.seated + position.deal + 1


def next_game_said(position: "Position") -> Message:
    """The board's words after a game played at a table that plays its games one after another
    (`plays_games`), `position` the next game's first hand."""
    return gettext_noop("The next hand is the first of game {next}.", next=position.game + 1)


def hands_per_game(variant_id: str, seated: int = 4) -> int | None:
    return rotation_of(variant_id).game_rounds * seated if plays_games(variant_id) else None


# A table's own options ------------------------------------------------------------------------
# What a table agrees besides its variant's house rules (the engine's options): how the game goes
# at this table, not how a hand scores. One place for each: its name, the variants it is for, its
# default, what it may be; `table_options` checks them, refusing what an option cannot be with a
# message that says what it may be.

@dataclass(frozen=True)
class TableOption:
    name: str
    variants: frozenset
    default: bool | int | str
    label: str
    help: str
    choices: tuple[tuple[str, str], ...] = ()   # a choice: (value, label)
    bounds: tuple[int, int] | None = None       # a whole number: lowest, highest


FALSE_WIN_OTHERS, FALSE_WIN_DISCARDER = "others", "discarder"
TRIPLE_RON_ABORTIVE, TRIPLE_RON_PAID = "abortive", "paid"

TABLE_OPTIONS = (
    TableOption("east_only", frozenset({"riichi"}), False,
                gettext_noop("East round only (tonpuusen)"),
                gettext_noop("Off: a hanchan, the East and South rounds. On: the game ends after "
                             "the East round, settled as a hanchan is.")),
    # Tobi: a player whose points fall below the threshold ends the game (docs/rules-riichi.md).
    TableOption("tobi", frozenset({"riichi"}), False,
                gettext_noop("Bust (tobi) ends the game"),
                gettext_noop("On: the game is over once a player's points fall below the "
                             "threshold.")),
    TableOption("tobi_below", frozenset({"riichi"}), 0,
                gettext_noop("Bust: below how many points"),
                gettext_noop("A player below this many points is bust: a whole number from "
                             "-100000 to 100000 (0)."),
                bounds=(-100_000, 100_000)),
    # Several winners on one discard (docs/rules-riichi.md, "Double ron"): each paid by the
    # discarder; with head-bump only the first in turn order from the discarder wins.
    TableOption("head_bump", frozenset({"riichi"}), False,
                gettext_noop("Head-bump (atamahane)"),
                gettext_noop("Off: two players may win on one discard (double ron), each paid "
                             "by the discarder. On: only the first in turn order from the "
                             "discarder wins.")),
    TableOption("triple_ron", frozenset({"riichi"}), TRIPLE_RON_ABORTIVE,
                gettext_noop("Triple ron"),
                gettext_noop("Three players winning on one discard: an abortive draw (the "
                             "common rule), or three wins paid as a double ron is."),
                choices=((TRIPLE_RON_ABORTIVE, gettext_noop("an abortive draw")),
                         (TRIPLE_RON_PAID, gettext_noop("paid like a double ron")))),
    # The West-round extension (docs/rules-riichi.md, "West round"): after the last round, while
    # nobody has reached the return points, one more round is played, in sudden death.
    TableOption("west_round", frozenset({"riichi"}), False,
                gettext_noop("West round if nobody reaches the return points"),
                gettext_noop("On: when the game's last round ends and nobody has the return "
                             "points (30,000), play goes on into the next round (West; South "
                             "after an East round only), and ends as soon as anyone reaches "
                             "them, or when that round is played.")),
    # Agari-yame and tenpai-yame (docs/rules-riichi.md): the last dealer may stop the game.
    TableOption("agari_yame", frozenset({"riichi"}), False,
                gettext_noop("The last dealer may stop in the lead (agari-yame, tenpai-yame)"),
                gettext_noop("On: when the last hand's dealer wins, or is ready at an exhaustive "
                             "draw, and is then first, the game may end there instead of the "
                             "dealer keeping the deal.")),
    # The Green Book's penalty for a false win (错和), as docs/rules-mcr.md cites it: 10 points
    # to each of the three other players, and the hand goes on.
    TableOption("false_win_penalty", frozenset({"mcr"}), 10,
                gettext_noop("False win: the penalty"),
                gettext_noop("What the player who declared a false win pays each player who "
                             "receives it: a whole number from 0 to 100 (10)."),
                bounds=(0, 100)),
    TableOption("false_win_to", frozenset({"mcr"}), FALSE_WIN_OTHERS,
                gettext_noop("False win: who receives it"),
                gettext_noop("Each of the three others (the competition rules), or only the "
                             "player whose discard was claimed (a self-drawn tile: the three)."),
                choices=((FALSE_WIN_OTHERS, gettext_noop("each of the three others")),
                         (FALSE_WIN_DISCARDER, gettext_noop("the discarder")))),
)
TABLE_OPTION_NAMES = {option.name: option for option in TABLE_OPTIONS}


def options_for(variant_id: str) -> list[TableOption]:
    return [option for option in TABLE_OPTIONS if variant_id in option.variants]


def offers(variant_id: str, name: str) -> bool:
    return variant_id in TABLE_OPTION_NAMES[name].variants


def table_options(variant_id: str, given: dict | None = None) -> dict:
    """Every option of the variant's table, as given or its default. An option the variant's table
    does not have, or a value it cannot take, is refused (HandError bad_request, saying what it
    may be)."""
    given = dict(given or {})
    unknown = sorted(name for name in given if name not in
                     {option.name for option in options_for(variant_id)})
    if unknown:
        raise HandError("bad_request", gettext_noop(
            "{variant} tables have no option {name}.", variant=VARIANTS[variant_id].name,
            name=unknown[0]))
    checked = {}
    for option in options_for(variant_id):
        value = given.get(option.name, option.default)
        checked[option.name] = check_option(option, value)
    return checked


def check_option(option: TableOption, value):
    if isinstance(option.default, bool):
        if not isinstance(value, bool):
            raise HandError("bad_request", gettext_noop("{option} is on or off.",
                                                        option=option.label))
        return value
    if option.bounds is not None:
        low, high = option.bounds
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise HandError("bad_request", gettext_noop(
                "{option}: {value} is not a whole number from {low} to {high}.",
                option=option.label, value=value, low=low, high=high))
        return value
    if value not in [choice for choice, _label in option.choices]:
        raise HandError("bad_request", gettext_noop(
            "{option}: {value} is not one of its choices.", option=option.label, value=value))
    return value


@dataclass(frozen=True)
class Position:
    """Where the table stands before a hand is played."""

    number: int = 1                      # the hand's number at this table, from 1
    round_index: int = 0                 # 0 is the first East round
    deal: int = 0                        # deals passed in this round
    dealer_chair: int = 0
    chairs: tuple[int, ...] = (0, 1, 2, 3)
    dreamer: int | None = None
    round_winner: int | None = None      # the last winner in this round (a player)
    last_winner: int | None = None
    honba: int = 0                       # Riichi's repeat counters before this hand
    riichi_sticks: int = 0               # Riichi's sticks on the table before this hand
    game: int = 0                        # 0 is the first game (`plays_games`: MCR's 16 hands)

    @property
    def seated(self) -> int:
        return len(self.chairs)

    @property
    def round_wind(self) -> str:
        return WINDS[self.round_index % 4]

    @property
    def dealer(self) -> int:
        return self.chairs[self.dealer_chair]

    def wind_of_chair(self, chair: int) -> str:
        return WINDS[(chair - self.dealer_chair) % self.seated]

    def seat_of(self, player: int) -> str | None:
        """The player's seat wind, or None for the dreamer."""
        if player not in self.chairs:
            return None
        return self.wind_of_chair(self.chairs.index(player))

    def player_at(self, wind: str) -> int | None:
        index = WINDS.index(wind)
        if index >= self.seated:
            return None
        return self.chairs[(self.dealer_chair + index) % self.seated]

    def seating(self) -> list[tuple[str, int]]:
        """(wind, player) from East, for the seats in play."""
        return [(wind, self.player_at(wind)) for wind in WINDS[:self.seated]]

    def winds(self) -> str:
        return WINDS[:self.seated]

    def in_seat_order(self) -> list[int]:
        """The players in play, from East."""
        return [player for _wind, player in self.seating()]


def position_data(position: Position) -> dict:
    """A position as JSON keeps it (what each stored hand holds)."""
    return {**vars(position), "chairs": list(position.chairs)}  # asdict's, without its deep copy


def position_from(data: dict) -> Position:
    return Position(**{**data, "chairs": tuple(data["chairs"])})


def start(n_players: int) -> Position:
    if n_players not in (3, 4, 5):
        raise ValueError("A table has 3, 4 or 5 players.")
    seated = min(n_players, 4)
    return Position(chairs=tuple(range(seated)), dreamer=4 if n_players == 5 else None)


def riichi_stick(variant_id: str) -> int:
    """What one riichi stick puts in the pot (`Variant.riichi_stick`; 0: the variant has none)."""
    return VARIANTS[variant_id].riichi_stick


def start_points(variant_id: str, rules: dict) -> int | None:
    """What each player starts the game with (Riichi's house rule `start_points`: 25,000 by
    default); None where the variant counts from zero."""
    checked = VARIANTS[variant_id].check_rules(rules)
    return checked.get("start_points")


def bust(variant_id: str, rules: dict, options: dict, totals: list) -> list[int]:
    """The players bust (tobi) at a table that plays it (its option `tobi`): their points, the
    start and their total (the riichi sticks they paid in counted), below `tobi_below` (0 by
    default: a player left with 0 is not bust). The game is then over."""
    start = start_points(variant_id, rules)
    if not options.get("tobi") or start is None:
        return []
    return [player for player, total in enumerate(totals)
            if start + total < options["tobi_below"]]


def noten_payment(variant_id: str) -> int:
    """What the players not ready at a drawn hand pay those ready, in all
    (`Variant.noten_payment`; 0: the variant has no such payment, and is not told who was ready)."""
    return VARIANTS[variant_id].noten_payment


@dataclass(frozen=True)
class Outcome:
    """What a hand did that moves the table on: its (first) winner (None: a drawn hand), and, for
    Riichi, who declared riichi (a stick each into the pot), whether the winner took the pot (not
    on a win with no yaku, which nobody pays), and at a drawn hand who was ready (tenpai)."""

    winner: int | None = None
    riichi: tuple[int, ...] = ()
    takes_pot: bool = True
    ready: tuple[int, ...] = ()
    goes_on: bool = False  # MCR's false win: a penalty, and the same hand goes on
    abortive: bool = False  # Riichi's abortive draw: the dealer keeps the deal
    winners: tuple[int, ...] = ()  # every winner on one discard (double ron), the first first

    @property
    def all_winners(self) -> tuple[int, ...]:
        """Every winner of the hand: the several on one discard, or the one, or none."""
        return self.winners or (() if self.winner is None else (self.winner,))


def as_outcome(hand: "Outcome | int | None") -> Outcome:
    """A hand's outcome; a bare winner (or None, a drawn hand) is a hand with no riichi."""
    return hand if isinstance(hand, Outcome) else Outcome(winner=hand)


def outcome_of(winner: int | None, detail: dict) -> Outcome:
    """The outcome of a hand as it is kept: its winner and its detail's `riichi`, `takes_pot`,
    `ready`, `goes_on`, `abortive` and `winners` (a hand kept before these were written has
    none)."""
    return Outcome(winner, tuple(detail.get("riichi", ())), bool(detail.get("takes_pot", True)),
                   tuple(detail.get("ready", ())), bool(detail.get("goes_on", False)),
                   bool(detail.get("abortive")), tuple(detail.get("winners", ())))


def advance(variant_id: str, position: Position, hand: Outcome | int | None,
            dealer_keeps: bool = False, east_only: bool = False) -> Position:
    """The position after a hand: its Outcome, or its (first) winner, or None for a drawn hand;
    `dealer_keeps`, `east_only`: the table's options (rotation_of). A hand that goes on (MCR's
    false win) moves nothing but the line's number."""
    rotation = rotation_of(variant_id, dealer_keeps, east_only)
    outcome = as_outcome(hand)
    if outcome.goes_on:
        return replace(position, number=position.number + 1)
    winner = outcome.winner
    n = position.seated
    chair = position.chairs.index(winner) if winner in position.chairs else None
    if rotation.deal == FIRST_WINNER:
        dealer = position.dealer_chair if chair is None else chair
        step = 1  # rounds are counted in deals played
    else:
        drawn_renchan = (chair is None and bool(noten_payment(variant_id))
                         and (position.dealer in outcome.ready  # Riichi: tenpai renchan
                              or outcome.abortive))  # and after an abortive draw
        # A dealer among the winners keeps the deal (Riichi's double ron: not only the first).
        dealer_won = position.dealer in outcome.all_winners
        keeps = rotation.deal == KEEP_ON_DEALER_WIN and (dealer_won or drawn_renchan)
        dealer = position.dealer_chair if keeps else (position.dealer_chair + 1) % n
        step = 0 if keeps else 1
    honba = 0
    if rotation.honba and (chair is None or position.dealer in outcome.all_winners):
        honba = position.honba + 1  # a drawn hand, or the dealer's win (renchan)
    _taken, sticks = pot_after(position, outcome)
    after = replace(position, number=position.number + 1, deal=position.deal + step,
                    dealer_chair=dealer, honba=honba, riichi_sticks=sticks,
                    round_winner=position.round_winner if chair is None else winner,
                    last_winner=position.last_winner if chair is None else winner)
    if after.deal < n:
        return after
    ended = end_round(rotation, after)
    if plays_games(variant_id) and ended.round_index >= rotation.game_rounds:
        # The game is played: the next one starts as the first did (the first chair deals).
        return replace(start(n), number=ended.number, game=position.game + 1)
    return ended


def end_round(rotation: Rotation, position: Position) -> Position:
    ended = position.round_index
    chairs, dreamer = list(position.chairs), position.dreamer
    if dreamer is not None:
        out = ended % len(chairs)
        chairs[out], dreamer = dreamer, chairs[out]
    dealer = position.dealer_chair
    last = position.round_winner
    if rotation.swap_after and (ended + 1) % rotation.swap_after == 0:
        # East with South, West with North; the last winner of the round deals first.
        for a, b in ((0, 1), (2, 3)):
            if b < len(chairs):
                chairs[a], chairs[b] = chairs[b], chairs[a]
        winner = last if last is not None else position.last_winner
        if winner in chairs:
            dealer = chairs.index(winner)
    if rotation.seat_changes:  # MCR: the players change places, the first chair deals
        moves = rotation.seat_changes[ended % len(rotation.seat_changes)]
        chairs = [chairs[i] for i in moves]
        dealer = 0
    return replace(position, round_index=ended + 1, deal=0, dealer_chair=dealer,
                   chairs=tuple(chairs), dreamer=dreamer, round_winner=None)


def positions(variant_id: str, n_players: int, hands: list[Outcome | int | None],
              dealer_keeps: bool = False, east_only: bool = False) -> list[Position]:
    """The position before each hand, and after the last one (len(hands) + 1 positions); each
    hand an Outcome, or its winner (None: drawn)."""
    current = start(n_players)
    found = [current]
    for hand in hands:
        current = advance(variant_id, current, hand, dealer_keeps, east_only)
        found.append(current)
    return found


def reached(variant_id: str, rules: dict, totals: list) -> list[int]:
    """The players whose points (the start and their total) have reached the return points
    (Riichi's `return_points`, 30,000 by default); [] where the variant counts from zero."""
    checked = VARIANTS[variant_id].check_rules(rules)
    start, back = checked.get("start_points"), checked.get("return_points")
    if start is None or back is None:
        return []
    return [player for player, total in enumerate(totals) if start + total >= back]


def bust_said(names: list, below) -> Message:
    """The board's words for the players bust (`bust`, named), the game over."""
    return gettext_noop("{who}: below {below} points, bust (tobi). The game is over: settle up, "
                        "or play on.", who=list(names), below=show(money(below)))


# A chombo's line, as the board's rows (templates/tables/partials/_row.html) and the phone's
# pending rows (scoring/tables/pending.py) say it after the offender's name.
CHOMBO_SAID = {"false_win": gettext_noop("chombo: a false win."),
               "noten_riichi": gettext_noop("chombo: riichi on a hand not ready.")}
CHOMBO_PAYS = gettext_noop("Pays a mangan: 4,000 to the dealer and 2,000 to each other player "
                           "(a dealer: 4,000 to each).")
CHOMBO_REPLAYED = gettext_noop("The hand is replayed: the same dealer, the same honba; its "
                               "riichi sticks go back.")


def chombo_said(detail: dict) -> list:
    """What a chombo's line says after who: why, what it costs (the mangan paid, or the points
    deducted from the final score), and that the hand is replayed; [] for no chombo."""
    if not detail.get("chombo"):
        return []
    cost = gettext_noop("{points} points off the final score, after the uma.",
                        points=show(money(detail["deducted"]))) if detail.get("deducted") \
        else CHOMBO_PAYS
    return [CHOMBO_SAID.get(detail["chombo"], CHOMBO_SAID["false_win"]), cost, CHOMBO_REPLAYED]


def false_win_said(detail: dict, self_drawn: bool, discarder: str | None) -> list:
    """What a false win's line says after who declared it: a chombo's words (`chombo_said`), or
    the tile it was declared on (`discarder`: that player's name), that the declarer pays, and
    for a penalty (MCR) that the same hand goes on."""
    if detail.get("chombo"):
        return chombo_said(detail)
    words = [gettext_noop("declared a false win on a self-drawn tile, and pays") if self_drawn
             else gettext_noop("declared a false win on {who}'s discard, and pays", who=discarder)]
    if detail.get("goes_on"):
        words.append(gettext_noop("a penalty; the same hand goes on."))
    return words


def end_said(variant_id: str, end: dict, after: Position, **turns) -> list | None:
    """The board's notice of where the game stands (`game_end`'s `end`, at `after`; `turns` as
    `rotation_of` takes them), as its parts: its message, or the rotation's game over; after a
    game that is not a bust, at a table that plays its games one after another, which game the
    next hand starts. None for no notice. The board (templates/tables/partials/_now.html) and
    the phone's pending rows (scoring/tables/pending.py) say it so."""
    if not end["over"] and end["message"] is None:
        return None
    words = [end["message"] or rotation_of(variant_id, **turns).game_over]
    if end["over"] and not end["bust"] and hand_of_game(variant_id, after) is not None:
        words.append(next_game_said(after))
    return words


EXTENSION_OVER = gettext_noop("The extra round (sudden death) is over: the game is over. Settle "
                              "up, or play on.")


def game_end(variant_id: str, rules: dict, options: dict, position: Position, totals: list,
             last: tuple[Position, Outcome] | None = None, east_only: bool = False,
             names: list[str] | None = None) -> dict:
    """Where the game stands at `position` (after `last`, (the position before the last hand,
    its outcome), with each player's `totals`): {"over": bool, "message": the board's words or
    None, "bust": the players bust}. Over: a bust (`bust`, the message `bust_said`); the rounds
    played (`game_over`),
    except that with the table's `west_round` (Riichi) while nobody has reached the return
    points one more round is played, ended as soon as somebody reaches them (sudden death);
    with `agari_yame`, the last hand's dealer who won (or was ready at an exhaustive draw) and is
    first may end the game there."""
    options = table_options(variant_id, options)
    name = (lambda p: names[p]) if names else (
        lambda p: gettext_noop("Player {number}", number=p + 1))
    found = {"over": False, "message": None, "bust": bust(variant_id, rules, options, totals)}
    if found["bust"]:
        return {**found, "over": True, "message": bust_said(
            [name(p) for p in found["bust"]], options["tobi_below"])}
    rotation = rotation_of(variant_id, east_only=east_only)
    rounds = rotation.game_rounds
    extra = rounds is not None and bool(options.get("west_round")) \
        and start_points(variant_id, rules) is not None
    if game_over(variant_id, position, east_only):
        if not extra:
            return {**found, "over": True, "message": rotation.game_over}
        in_extra = last is not None and last[0].round_index >= rounds
        if reached(variant_id, rules, totals) or position.round_index > rounds:
            return {**found, "over": True,
                    "message": EXTENSION_OVER if in_extra else rotation.game_over}
        back = VARIANTS[variant_id].check_rules(rules)["return_points"]
        found["message"] = gettext_noop(
            "Nobody has reached {points} points: the game goes on into the {wind} round, and "
            "ends as soon as someone reaches them.", points=back,
            wind=WIND_WORDS[position.round_wind])
    if options.get("agari_yame") and last is not None and rounds is not None:
        before, outcome = last
        final = before.round_index == rounds - 1 or (extra and before.round_index == rounds)
        dealer = before.dealer
        won = dealer in outcome.all_winners
        ready = outcome.winner is None and not outcome.abortive and dealer in outcome.ready
        keeps = position.round_index == before.round_index and position.dealer == dealer
        if (final and before.deal == before.seated - 1 and keeps and (won or ready)
                and first_place(totals) == dealer
                and (not extra or dealer in reached(variant_id, rules, totals))):
            message = gettext_noop(
                "{who}, the last dealer, won and is first: the game may end here (agari-yame). "
                "Settle up, or play on.", who=name(dealer)) if won else gettext_noop(
                "{who}, the last dealer, was ready and is first: the game may end here "
                "(tenpai-yame). Settle up, or play on.", who=name(dealer))
            return {**found, "over": True, "message": message}
    return found


WIND_WORDS = {"E": pgettext("extra round", "East"), "S": pgettext("extra round", "South"),
              "W": pgettext("extra round", "West"), "N": pgettext("extra round", "North")}


def game_over(variant_id: str, position: Position, east_only: bool = False) -> bool:
    """A full game is played: the board says so (`Rotation.game_over`). At a table that plays
    its games one after another (MCR), the position is then the next game's first hand."""
    if plays_games(variant_id):
        return position.game > 0 and position.round_index == 0 and position.deal == 0
    rounds = rotation_of(variant_id, east_only=east_only).game_rounds
    return rounds is not None and position.round_index >= rounds


# Money ----------------------------------------------------------------------------------------

def money(amount) -> Decimal:
    """An engine amount (int or float) as an exact decimal."""
    return Decimal(str(amount)).normalize() if amount else Decimal(0)


def show(amount: Decimal) -> str:
    """12, -3.5: no trailing zeros, no exponent."""
    text = format(Decimal(amount).normalize(), "f")
    return "0" if text in ("-0", "0") else text


POT = None  # the riichi sticks on the table, as a party to a transfer (no player)


@dataclass(frozen=True)
class Transfer:
    payer: int | None  # POT: the sticks on the table pay (the winner takes them)
    payee: int | None  # POT: a riichi stick put on the table
    amount: Decimal


def net_of(transfers, n_players: int) -> list[Decimal]:
    """Each player's change; the pot's side of a transfer is no player's."""
    net = [Decimal(0)] * n_players
    for t in transfers:
        if t.payer is not POT:
            net[t.payer] -= t.amount
        if t.payee is not POT:
            net[t.payee] += t.amount
    return net


def pot_after(position: Position, hand: Outcome) -> tuple[int, int]:
    """(the riichi sticks the hand's winner takes, the sticks left on the table) after a hand:
    the pot is the sticks on the table before it and its declarations; a winner who takes the pot
    (not on a win with no yaku) takes them all, a drawn hand leaves them."""
    pot = position.riichi_sticks + len(hand.riichi)
    taken = pot if hand.winner is not None and hand.takes_pot else 0
    return taken, pot - taken


def stick_transfers(position: Position, hand: Outcome, stick: int) -> list[Transfer]:
    """A hand's riichi sticks, worked out from the position before it (so that a hand edited
    earlier in the game moves them again): each declarer's stick into the pot, then the pot to a
    winner who takes it (`pot_after`)."""
    if not stick:
        return []
    found = [Transfer(player, POT, money(stick)) for player in hand.riichi]
    taken, _left = pot_after(position, hand)
    if taken:
        found.append(Transfer(POT, hand.winner, money(stick * taken)))
    return found


def first_place(totals: list[Decimal]) -> int:
    """The first at the end: the most points; a tie goes to the player who sat down first (as
    Riichi.standings ranks)."""
    return min(range(len(totals)), key=lambda i: (-totals[i], i))


def final_net(totals: list[Decimal], sticks_left: int,
              stick: int) -> tuple[list[Decimal], int | None]:
    """The nets the game settles on, and who took the sticks left on the table: the running
    totals, with the riichi sticks still on the table at the end given to the first
    (docs/rules-riichi.md, "At a table"). Then they sum to zero again."""
    if not sticks_left or not stick:
        return list(totals), None
    first = first_place(totals)
    net = list(totals)
    net[first] += money(stick * sticks_left)
    return net, first


def settle_up(net: list[Decimal]) -> list[Transfer]:
    """The fewest transfers that bring every player to zero.

    The fewest is (players not at zero) - (most groups they split into whose nets sum to zero):
    each group of k settles in k - 1 transfers. So at most players - 1. Tables are small (3 to
    5 players; the search is exact up to a dozen or so)."""
    if sum(net) != 0:
        raise ValueError(f"The nets do not sum to zero: {net}.")
    owing = tuple(i for i, amount in enumerate(net) if amount != 0)
    transfers = []
    for group in _zero_groups(tuple(net), owing):
        transfers += _settle_group(net, group)
    return transfers


@lru_cache(maxsize=1024)
def _zero_groups(net: tuple, members: tuple) -> tuple:
    """The partition of `members` into the most zero-sum groups (first-sorted on ties)."""
    if not members:
        return ()
    first, rest = members[0], members[1:]
    best = None
    for size in range(1, len(rest) + 1):
        for others in combinations(rest, size):
            if net[first] + sum(net[i] for i in others) != 0:
                continue
            remaining = tuple(i for i in rest if i not in others)
            candidate = ((first, *others),) + _zero_groups(net, remaining)
            if best is None or len(candidate) > len(best):
                best = candidate
    return best


def _settle_group(net, group) -> list[Transfer]:
    """k - 1 transfers for a zero-sum group of k: the biggest debtor pays the biggest creditor."""
    left = {i: net[i] for i in group}
    transfers = []
    while any(left.values()):
        payer = min(left, key=lambda i: (left[i], i))
        payee = max(left, key=lambda i: (left[i], -i))
        amount = min(-left[payer], left[payee])
        transfers.append(Transfer(payer, payee, amount))
        left[payer] += amount
        left[payee] -= amount
    return transfers


# Recording a hand ------------------------------------------------------------------------------

@dataclass
class Recorded:
    """What a hand adds to the table: who won, the money between players, and how to show it."""

    kind: str                              # "win", "draw", "deal" or "false_win"
    winner: int | None = None              # the (first) winner
    discarder: int | None = None
    self_drawn: bool = False
    total: int | None = None               # fans / faan / points as entered or scored
    transfers: list[Transfer] = field(default_factory=list)
    detail: dict = field(default_factory=dict)


# What the players entered for a hand, as the forms hand it over (scoring/tables/forms.py): one
# frozen value per kind of hand, its fields named; `record` writes any of them up.

@dataclass(frozen=True, kw_only=True)
class WinEntry:
    """A win: who won, and on whose discard (`discarder`) or self-drawn. Entered quickly, its
    `total` (fans, faan or points; Riichi: the han, with its `fu`, or `yakuman`, how many); from
    the scorer, no total (the tiles give it). At a Riichi table, `riichi`: who declared riichi
    this hand."""

    winner: int
    discarder: int | None = None
    self_drawn: bool = False
    total: int | None = None
    fu: int | None = None
    yakuman: int = 0
    riichi: tuple[int, ...] = ()
    # Entered by its fans (MCR): each ticked fan's id and count, and the flowers; the engine
    # gives the total (`Variant.pay_entered`).
    fans: tuple[tuple[str, int], ...] = ()
    flowers: int = 0
    liable: int | None = None  # Riichi's pao: who fed the yakuman's last set (`pao`)
    # ... and how many of the hand's yakuman they answer for (None: all; a double yakuman of
    # which one part is liable, big three dragons with all honors: 1)
    liable_yakuman: int | None = None


@dataclass(frozen=True, kw_only=True)
class DiscardWinsEntry:
    """Several winners on one discard, each (winner, total) entered by hand: Sichuan's fans, or
    Riichi's han (double ron), with `fu` and `yakuman` beside each win, in the same order, and
    `riichi`: who declared riichi this hand."""

    wins: tuple[tuple[int, int], ...]
    discarder: int
    fu: tuple[int | None, ...] = ()
    yakuman: tuple[int, ...] = ()
    riichi: tuple[int, ...] = ()


@dataclass(frozen=True, kw_only=True)
class DrawEntry:
    """A drawn hand; at a Riichi table, who was ready (tenpai) and who declared riichi, and for
    an abortive draw its kind (`ABORTIVE_DRAWS`; "": the wall ran out)."""

    ready: tuple[int, ...] = ()
    riichi: tuple[int, ...] = ()
    abortive: str = ""
    nagashi: tuple[int, ...] = ()  # Riichi's nagashi mangan at an exhaustive draw (`nagashi`)


@dataclass(frozen=True, kw_only=True)
class FalseWinEntry:
    """A declared win that was not one (American): who declared it, on whose discard or on a
    self-drawn tile."""

    declarer: int
    discarder: int | None = None
    self_drawn: bool = False
    reason: str = ""  # Riichi's chombo: "false_win" (the default) or "noten_riichi" (`chombo`)


# The keys of a deal's event that name a seat, and those whose keys are seats (contract §5).
SEAT_KEYS = ("seat", "from", "discarder")
BY_SEAT_KEYS = ("hands", "void")


@dataclass(frozen=True, kw_only=True)
class DealEntry:
    """A deal as its events (kongs, wins, the wall's end), in the engine's words (contract §5)
    but with players where it names seats: the seats are read at the position the deal is
    written at (`deal_events`), so that a deal added meanwhile on another phone cannot shift who
    did what."""

    events: tuple[dict, ...]


HandEntry = WinEntry | DiscardWinsEntry | DrawEntry | FalseWinEntry | DealEntry


# Reading what the players entered: the table forms' (scoring/tables/forms.py) and, for the hands
# a phone keeps offline, scoring/tables/pending.py's, the same rule in one place.

YAKUMAN = "yakuman"  # the han select's yakuman: "yakuman1", "yakuman2" (a double yakuman)


def han_choice(han: int | None, yakuman: int = 0) -> str | None:
    """A count of han (or yakuman) as quick entry's han select names it: 13 or more is "13"."""
    if yakuman:
        return f"{YAKUMAN}{yakuman}"
    return None if han is None else str(min(han, 13))


def read_han(text: str) -> tuple[int, int] | None:
    """The han select's choice read back: (the han, how many yakuman), a yakuman counting 13 han
    each ("3": 3 han; "yakuman2": 26 han, a double yakuman); None for text it never sends.
    Decimal digits of any script count as their value, as the forms read every number."""
    text = text.strip()
    if text.startswith(YAKUMAN) and text[len(YAKUMAN):].isdecimal():
        yakuman = int(text[len(YAKUMAN):])
        return 13 * yakuman, yakuman
    return (int(text), 0) if text.isdecimal() else None


def winners_entered(ticked, fans: dict) -> list:
    """The winners of a quick entry with several (Sichuan): the players ticked, then every
    player whose fans were typed though their box was not ticked (a number typed beside a name
    is that player's win), in the order of `fans` (player: the text typed)."""
    ticked = list(ticked)
    return ticked + [player for player, text in fans.items()
                     if str(text).strip() and player not in ticked]


def discard_wins_entry(wins, discarder: int | None) -> WinEntry | DiscardWinsEntry:
    """The winners on one tile (quick entry where the variant pays during the deal), each
    (winner, fans): a self-drawn tile's one win (`discarder` None), or the winners on the
    discard."""
    if discarder is None:
        (winner, total), = wins
        return WinEntry(winner=winner, self_drawn=True, total=total)
    return DiscardWinsEntry(wins=tuple(wins), discarder=discarder)


def riichi_not_ready(variant_id: str, entry: DrawEntry) -> list[int]:
    """The players in riichi not ticked as ready at a drawn hand where the variant pays for
    being ready (Riichi): a player in riichi is ready, so such a draw is refused. None at an
    abortive draw, which does not ask who was ready."""
    if entry.abortive or not noten_payment(variant_id):
        return []
    return [player for player in entry.riichi if player not in entry.ready]


def deal_event(kind: str, player: int, source: int | None, kong: str = "",
               fans: int | None = None) -> dict:
    """One event of a deal as its page enters it, players named (DealEntry): a kong of its
    `kong` kind (concealed unless said; an exposed one claimed from `source`), or a win worth
    `fans` on `source`'s discard (None: self-drawn)."""
    if kind == "kong":
        event = {"type": "kong", "seat": player, "kind": kong or "concealed"}
        if event["kind"] == "exposed":
            event["from"] = source
        return event
    event = {"type": "win", "seat": player, "self_drawn": source is None, "fans": fans or 0}
    if source is not None:
        event["discarder"] = source
    return event


def record(variant_id: str, rules: dict, position: Position, entry: HandEntry,
           names: list[str] | None = None, options: dict | None = None) -> Recorded:
    """The hand `entry` says, recorded at `position` under the table's house rules and its own
    options (`table_options`); `names`: the players' names, for the errors that name one. The
    engine's refusals are HandErrors. A WinEntry here is entered quickly, with its total (a hand
    from the scorer is `scored`)."""
    match entry:
        case WinEntry():
            return quick_entry(variant_id, rules, position, entry)
        case DiscardWinsEntry():
            return quick_discard(variant_id, rules, position, entry, names, options)
        case DrawEntry():
            return drawn(position, variant_id, entry, options, rules)
        case FalseWinEntry():
            return false_win(variant_id, rules, position, entry, options)
        case DealEntry():
            return settled_deal(variant_id, rules, position, deal_events(position, entry))
    raise TypeError(f"Not a hand entry: {entry!r}")


def deal_events(position: Position, entry: DealEntry) -> list[dict]:
    """The deal's events as the engine takes them, each player named by seat at `position`."""
    def seats(event):
        return {key: position.seat_of(value) if key in SEAT_KEYS
                else {position.seat_of(p): v for p, v in value.items()} if key in BY_SEAT_KEYS
                else value for key, value in event.items()}
    return [seats(event) for event in entry.events]


def by_player(position: Position, seat_transfers) -> list[Transfer]:
    """The engine's (payer seat, payee seat, amount[, reason]) as transfers between players; a
    seat nobody sits in (North at a three-player table) neither pays nor collects."""
    found = []
    for payer, payee, amount, *_ in seat_transfers:
        a, b = position.player_at(payer), position.player_at(payee)
        if a is not None and b is not None and amount:
            found.append(Transfer(a, b, money(amount)))
    return found


def win_context(position: Position, winner: int, discarder: int | None, self_drawn: bool,
                extra: dict | None = None) -> dict:
    seat = position.seat_of(winner)
    if seat is None:
        raise HandError("bad_context", gettext_noop(
            "The winner is sitting out (the dreamer) this round."))
    context = dict(extra or {})
    context.update({"seat_wind": seat, "round_wind": position.round_wind,
                    "dealer": seat == "E", "self_drawn": self_drawn})
    if not self_drawn:
        if discarder is None:
            raise HandError("bad_context", gettext_noop(
                "Say who discarded the winning tile, or that it was self-drawn."))
        where = position.seat_of(discarder)
        if where is None:
            raise HandError("bad_context", gettext_noop(
                "The discarder is sitting out (the dreamer) this round."))
        if discarder == winner:
            raise HandError("bad_context", gettext_noop("The discarder cannot be the winner."))
        context["discarder"] = where
    context.pop("opponents", None)  # only Sichuan reads it, and it is played by four
    return context


# The house options that bound a total entered by hand: Shanghai's and Hong Kong's limit,
# Sichuan's fan cap. A variant with neither (American: a card line's points) has no upper bound.
CAP_OPTIONS = ("limit", "fan_cap")


def highest_total(variant_id: str, rules: dict) -> int | None:
    """The most a total entered by hand may be at a table with these house rules (None: no
    bound), read from the variant's checked options."""
    checked = VARIANTS[variant_id].check_rules(rules)
    return next((int(checked[name]) for name in CAP_OPTIONS if name in checked), None)


def check_total(variant_id: str, rules: dict, total: int) -> None:
    """A total entered by hand outside 0..highest_total is refused (HandError bad_request)."""
    highest = highest_total(variant_id, rules)
    if total < 0 or (highest is not None and total > highest):
        unit = VARIANTS[variant_id].unit
        bound = gettext_noop("0 to {highest}", highest=highest) if highest is not None \
            else gettext_noop("0 or more")
        raise HandError("bad_request", gettext_noop(
            "A total of {total} {unit} is outside this table's range ({bound} {unit}, its house "
            "rules' limit).", total=total, unit=unit_word(unit), bound=bound))


def quick_entry_fu(variant_id: str) -> tuple[int, ...]:
    """The fu a win entered by hand is counted in, beside its han (`Riichi.quick_entry_fu`: a
    Riichi win is paid by its han and fu); () where the variant pays a total alone."""
    return VARIANTS[variant_id].quick_entry_fu


def quick_entry(variant_id: str, rules: dict, position: Position, entry: WinEntry) -> Recorded:
    """A win entered as fans (or points), `entry.total`: paid by the variant's own rules (as a
    deal of one win for a variant that pays during the deal). A total outside the table's range
    is refused. Where the variant counts fu too (`quick_entry_fu`: Riichi), the total is the han,
    with the entry's fu (or yakuman) and who declared riichi: `han_and_fu`."""
    if quick_entry_fu(variant_id):
        return han_and_fu(variant_id, rules, position, entry)
    if entry.fans:
        return by_fans(variant_id, rules, position, entry)
    winner, self_drawn, total = entry.winner, entry.self_drawn, entry.total
    check_total(variant_id, rules, total)
    variant = VARIANTS[variant_id]
    if variant.pays_during_deal:
        return settled_deal(variant_id, rules, position, [
            deal_win(position, winner, entry.discarder, self_drawn, {"fans": total})])
    ctx = parse_context(win_context(position, winner, entry.discarder, self_drawn))
    paid = variant.payout(total, ctx, variant.check_rules(rules))  # as a scored hand is paid
    return Recorded("win", winner, None if self_drawn else entry.discarder, self_drawn, total,
                    by_player(position, paid.payments),
                    {"source": "quick", "unit": variant.unit, "points": show(money(paid.points)),
                     "capped": paid.total, "meets_minimum": paid.meets, "minimum": paid.minimum,
                     "seat": ctx.seat_wind, "round_wind": position.round_wind})


def by_fans(variant_id: str, rules: dict, position: Position, entry: WinEntry) -> Recorded:
    """A win entered by its fans, ticked (MCR): the engine checks them (exclusions, counts, the
    minimum) and adds them up and pays them as a scored hand (`Variant.pay_entered`)."""
    variant = VARIANTS[variant_id]
    winner, self_drawn = entry.winner, entry.self_drawn
    ctx = parse_context(win_context(position, winner, entry.discarder, self_drawn))
    fans = dict(entry.fans)
    best, paid = variant.pay_entered(fans, entry.flowers, ctx, variant.check_rules(rules))
    patterns = [{"id": p["id"], "name": p.get("name", ""), "english": p.get("english", ""),
                 "value": p.get("value"), "count": p.get("count", 1)}
                for p in variant.counted_rows(best)]
    return Recorded("win", winner, None if self_drawn else entry.discarder, self_drawn,
                    paid.total, by_player(position, paid.payments),
                    {"source": "quick", "unit": variant.unit, "points": show(money(paid.points)),
                     "capped": paid.total, "meets_minimum": paid.meets, "minimum": paid.minimum,
                     "seat": ctx.seat_wind, "round_wind": position.round_wind,
                     "fans": fans, "flowers": entry.flowers, "patterns": patterns})


def han_and_fu(variant_id: str, rules: dict, position: Position, entry: WinEntry) -> Recorded:
    """A Riichi win the players counted ("3 han 40 fu, ron from Bob", "mangan": the entry's
    total is the han), paid by the engine (`Riichi.pay_han_fu`) as a scored hand is, with the
    table's honba; the entry's `riichi`: who declared riichi this hand (a stick each into the
    pot), and the winner takes the pot, the sticks on the table before the hand and this hand's
    (`stick_transfers`). A count no hand scores is refused (`Riichi.check_han_fu`)."""
    variant = VARIANTS[variant_id]
    winner, discarder, self_drawn = entry.winner, entry.discarder, entry.self_drawn
    han, fu, yakuman = entry.total, entry.fu, entry.yakuman
    context = win_context(position, winner, discarder, self_drawn)
    riichi = table_counts(variant_id, position, context, entry.riichi)
    sticks = {"riichi": list(riichi), "takes_pot": True} if variant.riichi_stick else {}
    ctx = parse_context(context)
    checked = variant.check_rules(rules)
    paid = variant.pay_han_fu(han, fu, ctx, checked, yakuman)
    transfers = by_player(position, paid.payments)
    liable = {}
    if entry.liable is not None:
        transfers = pao(variant_id, rules, position, entry, context, entry.yakuman,
                        entry.liable_yakuman)
        liable = {"liable": entry.liable}
        if entry.liable_yakuman is not None and entry.liable_yakuman < entry.yakuman:
            liable["liable_yakuman"] = entry.liable_yakuman
    return Recorded("win", winner, None if self_drawn else discarder, self_drawn, paid.total,
                    transfers,
                    {"source": "quick", "unit": variant.unit, "points": show(money(paid.points)),
                     "capped": paid.total, "meets_minimum": paid.meets, "minimum": paid.minimum,
                     "han": han, "fu": fu, "yakuman": yakuman, "limit": paid.limit,
                     "seat": ctx.seat_wind, "round_wind": position.round_wind, **sticks,
                     **liable})


def keeps_pao(variant_id: str) -> bool:
    """The variant's table records pao (Riichi; the engine has no word for it: the variants that
    count honba, as for the abortive draws)."""
    return rotation_of(variant_id).honba


def pao(variant_id: str, rules: dict, position: Position, entry: WinEntry, context: dict,
        yakuman: int, part: int | None = None) -> list[Transfer]:
    """Riichi's pao (docs/rules-riichi.md, "Pao"): the player who fed the third dragon set (big
    three dragons), the fourth wind set (big four winds) or, where the table plays it
    (pao_suukantsu), the fourth kong (four kongs), `entry.liable`, answers for `part`
    of the hand's `yakuman` (None: all), paid by the engine (`Riichi.pao`): on a self-draw their
    part whole (the honba too), the rest as any self-draw; on another player's discard half of
    their part (without the honba) and the discarder the rest; on their own discard, as anyone
    does. A hand that is no yakuman, or a winner liable for their own hand, is refused."""
    liable, winner = entry.liable, entry.winner
    variant = VARIANTS[variant_id]
    checked = variant.check_rules(rules)
    if liable == winner or liable not in position.in_seat_order():
        raise HandError("bad_context", gettext_noop(
            "The liable player (pao) is another seated player than the winner."))
    return by_player(position, variant.pao({**context, "honba": position.honba}, checked,
                                           position.seat_of(liable), yakuman, part))


def quick_discard(variant_id: str, rules: dict, position: Position, entry: DiscardWinsEntry,
                  names: list[str] | None = None, options: dict | None = None) -> Recorded:
    """Several winners on one discard, each (winner, total) entered by hand, each paid by the
    discarder on its own: Sichuan's deal (the engine settles it), or Riichi's double ron
    (`several_rons`). Winners are taken in turn order after the discarder (the first one is the
    hand's winner). One win is `quick_entry`'s. A discarder among the winners has won and left
    the hand (Sichuan) or cannot win on their own tile: refused, named (`names`)."""
    wins, discarder = entry.wins, entry.discarder
    if len(wins) == 1:
        (winner, total), = wins
        return quick_entry(variant_id, rules, position, WinEntry(
            winner=winner, discarder=discarder, total=total, fu=(entry.fu or (None,))[0],
            yakuman=(entry.yakuman or (0,))[0], riichi=entry.riichi))
    variant = VARIANTS[variant_id]
    if not variant.pays_during_deal and not offers(variant_id, "head_bump"):
        raise HandError("bad_request", gettext_noop("{variant} has one winner per hand.",
                                                    variant=variant.name))
    who = names[discarder] if names else gettext_noop("Player {number}", number=discarder + 1)
    if discarder in [winner for winner, _total in wins]:
        raise HandError("bad_context", gettext_noop(
            "{who} has already won and left the hand, so {who} cannot have discarded the "
            "winning tile.", who=who))
    if len({winner for winner, _total in wins}) != len(wins):
        raise HandError("bad_context", gettext_noop("Each winner wins once on a discard."))
    in_turn = sorted(range(len(wins)), key=lambda k: in_turn_from(position, discarder, wins[k][0]))
    if not variant.pays_during_deal:
        return several_rons(variant_id, rules, position, entry, in_turn, names,
                            table_options(variant_id, options))
    for _winner, total in wins:
        check_total(variant_id, rules, total)
    recorded = settled_deal(variant_id, rules, position, [
        deal_win(position, winner, discarder, False, {"fans": total})
        for winner, total in (wins[k] for k in in_turn)])
    recorded.detail["source"] = "quick"
    return recorded


def in_turn_from(position: Position, discarder: int, player: int) -> int:
    """How many turns after the discarder's `player` plays (1: the next), the order several
    winners on one discard are taken in; a player not seated counts 0."""
    if player not in position.chairs or discarder not in position.chairs:
        return 0
    return (position.chairs.index(player) - position.chairs.index(discarder)) % position.seated


def several_rons(variant_id: str, rules: dict, position: Position, entry: DiscardWinsEntry,
                 in_turn: list[int], names: list[str] | None, options: dict) -> Recorded:
    """Riichi's double ron (docs/rules-riichi.md, "Double ron"): each winner paid by the
    discarder for their own hand (`Riichi.pay_han_fu`), the honba to the first in turn order
    from the discarder alone, and the pot too (the hand's winner is that first one,
    `stick_transfers`); a dealer among them keeps the deal (`advance`). With the table's
    head-bump only the first wins: more are refused, naming who; three winners are refused where
    the table plays triple ron as an abortive draw (`triple_ron`), the default."""
    name = (lambda p: names[p]) if names else (
        lambda p: gettext_noop("Player {number}", number=p + 1))
    first = entry.wins[in_turn[0]][0]
    if options["head_bump"]:
        raise HandError("bad_context", gettext_noop(
            "This table plays head-bump (atamahane): only the first in turn order from the "
            "discarder wins, {who}. Enter {who}'s win alone.", who=name(first)))
    if len(entry.wins) == 3 and options["triple_ron"] == TRIPLE_RON_ABORTIVE:
        raise HandError("bad_context", gettext_noop(
            "Three players won on one discard: at this table that is an abortive draw (triple "
            "ron). Record it as a drawn hand, abortive: triple ron."))
    variant = VARIANTS[variant_id]
    checked = variant.check_rules(rules)
    riichi, transfers, paid_wins, head = (), [], [], None
    for order, k in enumerate(in_turn):
        winner, han = entry.wins[k]
        fu = entry.fu[k] if k < len(entry.fu) else None
        yakuman = entry.yakuman[k] if k < len(entry.yakuman) else 0
        context = win_context(position, winner, entry.discarder, False)
        riichi = table_counts(variant_id, position, context, entry.riichi)
        if order:
            context["honba"] = 0  # the honba are the first winner's
        paid = variant.pay_han_fu(han, fu, parse_context(context), checked, yakuman)
        transfers += by_player(position, paid.payments)
        head = head or paid
        paid_wins.append({"winner": winner, "han": han, "fu": fu, "yakuman": yakuman,
                          "limit": paid.limit, "points": show(money(paid.points)),
                          "total": paid.total, "seat": context["seat_wind"]})
    counted = paid_wins[0]  # the hand's own line: the first winner's count
    return Recorded("win", first, entry.discarder, False, head.total, transfers,
                    {"source": "quick", "unit": variant.unit, "points": counted["points"],
                     "capped": head.total, "meets_minimum": head.meets, "minimum": head.minimum,
                     "han": counted["han"], "fu": counted["fu"], "yakuman": counted["yakuman"],
                     "limit": head.limit, "seat": counted["seat"],
                     "round_wind": position.round_wind,
                     "winners": [win["winner"] for win in paid_wins], "wins": paid_wins,
                     "riichi": list(riichi), "takes_pot": True})


def table_counts(variant_id: str, position: Position, context: dict, riichi) -> tuple[int, ...]:
    """Riichi: the table's own honba and pot in a win's context, whatever the scorer said (the
    pot is the sticks on the table and this hand's declarations, `riichi`). Returns `riichi`
    checked seated, in seat order (none where the variant has no sticks)."""
    if rotation_of(variant_id).honba:
        context["honba"] = position.honba
    if not riichi_stick(variant_id):
        return ()
    riichi = check_seated(position, riichi, gettext_noop("riichi"))
    context["riichi_sticks"] = position.riichi_sticks + len(riichi)
    return riichi


def check_seated(position: Position, players, what: str) -> tuple[int, ...]:
    """The players ticked for `what` (riichi, ready), each seated this hand, in seat order."""
    seated = position.in_seat_order()
    if any(player not in seated for player in players):
        raise HandError("bad_context", gettext_noop(
            "Only the players seated this hand can be ticked as {what}.", what=what))
    return tuple(player for player in seated if player in set(players))


def scored_pao(variant_id: str, rules: dict, position: Position, entry: WinEntry, result: dict,
               context: dict) -> list[Transfer]:
    """Pao on a hand from the scorer (`pao`): the liable part is its yakuman a player can be
    liable for, by the patterns the engine found (`Riichi.liable_part`, as the settle door
    reads it: four kongs with the house option pao_suukantsu; big four winds counts as it is
    paid, double or not); a hand without one is refused. Where the hand holds other yakuman too,
    the liable player answers for their yakuman only: on a self-draw they pay it whole (the
    honba too) and the others pay the rest as for a self-draw; on another's discard, half of the
    liable yakuman, the discarder the rest."""
    variant = VARIANTS[variant_id]
    liable = variant.liable_part(result["patterns"], variant.check_rules(rules))
    return pao(variant_id, rules, position, entry, context, result["yakuman"], liable)


def scored(variant_id: str, rules: dict, position: Position, entry: WinEntry, *, hand: str,
           flags: dict, query: str = "") -> Recorded:
    """A hand from the scorer (its tiles `hand`, its `flags`; `query`, the scorer's link),
    scored again for the winner's seat and the table's rules. At a Riichi table, the entry's
    `riichi`: who declared riichi this hand; the hand is scored with the table's honba and pot
    (its sticks and this hand's), and with riichi if the winner declared it."""
    winner, discarder, self_drawn = entry.winner, entry.discarder, entry.self_drawn
    if VARIANTS[variant_id].pays_during_deal:
        event = deal_win(position, winner, discarder, self_drawn, {"hand": hand})
        event["context"] = {k: v for k, v in flags.items() if k not in ("self_drawn",)}
        recorded = settled_deal(variant_id, rules, position, [event])
        recorded.detail.update({"source": "scorer", "hand": hand, "query": query})
        return recorded
    context = win_context(position, winner, discarder, self_drawn, flags)
    riichi = table_counts(variant_id, position, context, entry.riichi)
    stick = riichi_stick(variant_id)
    if winner in riichi and not context.get("double_riichi"):
        context["riichi"] = True
    result = api.score({"variant": variant_id, "hand": hand, "context": context, "rules": rules})
    if not result["ok"]:
        raise HandError(result["error"]["code"], result["error"]["message"])
    sticks = {"riichi": list(riichi), "takes_pot": bool(result["meets_minimum"])} if stick else {}
    # Riichi's count, for the hand's line and quick entry's fields when the hand is edited
    counted = {k: result[k] for k in ("fu", "yakuman", "limit")} if "fu" in result else {}
    transfers = by_player(position, [(t["from"], t["to"], t["amount"])
                                     for t in result["payments"]["transfers"]])
    liable = {}
    if entry.liable is not None:
        if not keeps_pao(variant_id):
            raise HandError("bad_request", gettext_noop("{variant} has no pao.",
                                                        variant=VARIANTS[variant_id].name))
        transfers = scored_pao(variant_id, rules, position, entry, result,
                               win_context(position, winner, discarder, self_drawn))
        liable = {"liable": entry.liable}
    return Recorded("win", winner, None if self_drawn else discarder, self_drawn, result["total"],
                    transfers,
                    {"source": "scorer", "unit": result["unit"], "hand": result["hand"],
                     "points": show(money(result["points"])), "query": query,
                     "meets_minimum": result["meets_minimum"], "minimum": result["minimum"],
                     "patterns": [{"id": p["id"], "name": p.get("name", ""),
                                   "english": p.get("english", ""), "value": p.get("value"),
                                   "count": p.get("count", 1)} for p in result["patterns"]],
                     "seat": context["seat_wind"], "round_wind": position.round_wind,
                     "context": context, **counted, **sticks, **liable})


# Riichi's abortive draws (docs/rules-riichi.md, "At a table"): the hand ends drawn before the
# wall runs out, nobody pays (no tenpai payments), the dealer keeps the deal and the honba go up;
# the riichi sticks declared stay on the table. The engine has no word for them yet: the table
# keeps them for the variants that count honba (`Rotation.honba`).
ABORTIVE_DRAWS = {
    "nine_terminals": gettext_noop("nine terminals and honors (kyuushu kyuuhai)"),
    "four_winds": gettext_noop("four winds (suufon renda)"),
    "four_riichi": gettext_noop("four riichi (suucha riichi)"),
    "four_kongs": gettext_noop("four kongs (suukaikan)"),
    "triple_ron": gettext_noop("three players win on one discard (triple ron, sanchahou)"),
}


def abortive_draws(variant_id: str) -> dict:
    """The abortive draws a table of the variant records ({} where it has none)."""
    return ABORTIVE_DRAWS if rotation_of(variant_id).honba else {}


def abortive(position: Position, variant_id: str, entry: DrawEntry,
             options: dict | None = None) -> Recorded:
    """An abortive draw: nobody pays, and its riichi sticks go on the table (`stick_transfers`);
    who was ready does not count (no tenpai payments). Four riichi is the four players' riichi;
    a triple ron is abortive where the table's `triple_ron` says so (the default)."""
    if entry.abortive not in abortive_draws(variant_id):
        raise HandError("bad_request", gettext_noop(
            "{variant} has no abortive draw {kind}.", variant=VARIANTS[variant_id].name,
            kind=entry.abortive))
    if (entry.abortive == "triple_ron"
            and table_options(variant_id, options)["triple_ron"] == TRIPLE_RON_PAID):
        raise HandError("bad_context", gettext_noop(
            "This table pays a triple ron like a double ron: enter the three wins on the "
            "discard."))
    if entry.ready:
        raise HandError("bad_context", gettext_noop(
            "An abortive draw pays nothing for being ready: untick the ready players."))
    if entry.nagashi:
        raise HandError("bad_context", gettext_noop(
            "Nagashi mangan is paid at an exhaustive draw only: untick it, or choose that the "
            "wall ran out."))
    riichi = check_seated(position, entry.riichi, gettext_noop("riichi"))
    if entry.abortive == "four_riichi" and len(riichi) != position.seated:
        raise HandError("bad_context", gettext_noop(
            "Four riichi ends the hand when all four players have declared riichi: tick the "
            "four."))
    return Recorded("draw", detail={"source": "draw", "round_wind": position.round_wind,
                                    "abortive": entry.abortive, "riichi": list(riichi)})


def drawn(position: Position, variant_id: str | None = None,
          entry: DrawEntry = DrawEntry(), options: dict | None = None,
          rules: dict | None = None) -> Recorded:
    """A drawn hand (Fortune Hand, wall game): nobody pays. At a Riichi table (an exhaustive
    draw), the entry's `ready`: the players ready (tenpai), its `riichi`: who declared riichi
    this hand. The players not ready pay `noten_payment` (3,000) in all to those ready, each not
    ready paying the same and each ready receiving the same: 1 ready receives 1,000 from each of
    the three; 2 ready receive 1,500 each, 750 from each of the two not ready; 3 ready receive
    1,000 each from the one not ready. Nobody or everybody ready: nothing."""
    if entry.abortive:
        return abortive(position, variant_id, entry, options)
    detail = {"source": "draw", "round_wind": position.round_wind}
    payment = noten_payment(variant_id) if variant_id else 0
    if not payment:
        return Recorded("draw", detail=detail)
    ready = check_seated(position, entry.ready, gettext_noop("ready"))
    riichi = check_seated(position, entry.riichi, gettext_noop("riichi"))
    seated = position.in_seat_order()
    not_ready = [player for player in seated if player not in ready]
    transfers = []
    if entry.nagashi:  # paid instead of the tenpai payments
        nagashi_mangan = check_seated(position, entry.nagashi, gettext_noop("nagashi mangan"))
        detail.update(ready=list(ready), riichi=list(riichi), nagashi=list(nagashi_mangan))
        return Recorded("draw", transfers=nagashi(variant_id, rules or {}, position,
                                                  nagashi_mangan), detail=detail)
    if ready and not_ready:
        each = money(payment) / (len(ready) * len(not_ready))
        transfers = [Transfer(payer, payee, each) for payer in not_ready for payee in ready]
    detail.update(ready=list(ready), riichi=list(riichi))
    return Recorded("draw", transfers=transfers, detail=detail)


def nagashi(variant_id: str, rules: dict, position: Position, players) -> list[Transfer]:
    """Riichi's nagashi mangan (docs/rules-riichi.md, "Nagashi mangan"): at an exhaustive draw,
    each player whose discards were all terminals and honors, none claimed, is paid as a mangan
    self-drawn (`Riichi.pay_han_fu`, 5 han), without the honba; the tenpai payments are then not
    made (the common rule)."""
    variant = VARIANTS[variant_id]
    checked = variant.check_rules(rules)
    transfers = []
    for player in players:
        context = win_context(position, player, None, True)
        paid = variant.pay_han_fu(5, None, parse_context(context), checked)
        transfers += by_player(position, paid.payments)
    return transfers


def deal_win(position, winner, discarder, self_drawn, what: dict) -> dict:
    """A win as an event of a deal (contract §5)."""
    seat = position.seat_of(winner)
    event = {"type": "win", "seat": seat, "self_drawn": self_drawn, **what}
    if not self_drawn:
        if discarder is None or discarder == winner:
            raise HandError("bad_context", gettext_noop(
                "Say who discarded the winning tile, or that it was self-drawn."))
        event["discarder"] = position.seat_of(discarder)
    return event


# The variants whose false win the table pays itself, the engine having no rule for it yet: MCR's
# penalty (the table's options `false_win_penalty` and `false_win_to`), after which the same
# hand goes on.
PENALISED_FALSE_WINS = frozenset({"mcr"})


# The variants whose false win is a chombo (Riichi): settled by the engine as a chombo event
# (`Riichi.settle_deal`, its house option chombo), after which the hand is replayed.
CHOMBO_VARIANTS = frozenset({"riichi"})


def false_wins(variant_id: str) -> bool:
    """A false win can be recorded at the variant's table: paid by the engine (American's
    `Variant.false_wins`, Riichi's chombo) or by the table's penalty (`PENALISED_FALSE_WINS`)."""
    return (VARIANTS[variant_id].false_wins or variant_id in PENALISED_FALSE_WINS
            or variant_id in CHOMBO_VARIANTS)


def chombo(variant_id: str, rules: dict, position: Position, entry: FalseWinEntry) -> Recorded:
    """Riichi's chombo (docs/rules-riichi.md, "Chombo"): a false win, or riichi on a hand not
    ready (`entry.reason`), by `entry.declarer`, settled by the engine (a chombo event: a mangan
    in reverse, or 20,000 points off the final score, as the house option chombo says). The hand
    ends with no win and is replayed (`goes_on`): the same dealer, the same honba; the riichi
    sticks declared in it go back to their players (none is recorded), those on the table stay."""
    seat = position.seat_of(entry.declarer)
    if seat is None:
        raise HandError("bad_context", gettext_noop(
            "Only the players seated this hand can be penalised for chombo."))
    reason = entry.reason or "false_win"
    recorded = settled_deal(variant_id, rules, position,
                            [{"type": "chombo", "seat": seat, "reason": reason}])
    checked = VARIANTS[variant_id].check_rules(rules)
    deducted = recorded.detail.pop("deducted", {}).get(seat, 0)
    return replace(recorded, kind="false_win", discarder=None, self_drawn=False,
                   detail={**recorded.detail, "source": "false_win", "declarer": entry.declarer,
                           "chombo": reason, "payment": checked["chombo"], "goes_on": True,
                           "deducted": deducted})


def false_win(variant_id: str, rules: dict, position: Position,
              entry: FalseWinEntry, options: dict | None = None) -> Recorded:
    """A declared win that was not one. American: a hand of its own with no winner, the
    declarer paying as the engine's settle says (a false_win event). MCR: the table's penalty
    (`penalty`), and the hand goes on."""
    declarer, discarder, self_drawn = entry.declarer, entry.discarder, entry.self_drawn
    if variant_id in CHOMBO_VARIANTS:
        return chombo(variant_id, rules, position, entry)
    if variant_id in PENALISED_FALSE_WINS:
        return penalty(variant_id, position, entry, table_options(variant_id, options))
    if not VARIANTS[variant_id].false_wins:
        raise HandError("bad_request", gettext_noop("{variant} has no rule for a false win.",
                                                    variant=VARIANTS[variant_id].name))
    seat = position.seat_of(declarer)
    if seat is None:
        raise HandError("bad_context", gettext_noop(
            "The player who declared the win is sitting out (the dreamer) this round."))
    event = {"type": "false_win", "seat": seat, "self_drawn": self_drawn}
    if not self_drawn:
        if discarder is None or discarder == declarer:
            raise HandError("bad_context", gettext_noop(
                "Say whose discard the false win was declared on, or that the tile was "
                "self-drawn."))
        where = position.seat_of(discarder)
        if where is None:
            raise HandError("bad_context", gettext_noop(
                "The discarder is sitting out (the dreamer) this round."))
        event["discarder"] = where
    recorded = settled_deal(variant_id, rules, position, [event])
    return replace(recorded, kind="false_win", discarder=None if self_drawn else discarder,
                   self_drawn=self_drawn,
                   detail={**recorded.detail, "source": "false_win", "declarer": declarer})


def penalty(variant_id: str, position: Position, entry: FalseWinEntry, options: dict) -> Recorded:
    """MCR's false win (错和): the declarer pays `false_win_penalty` to each of the three others,
    or (`false_win_to` "discarder") to the player whose discard was claimed alone (on a
    self-drawn tile, to the three); nothing else moves: the same hand goes on (`goes_on`), the
    deal does not pass and the game's sixteen hands are not one more."""
    declarer, discarder, self_drawn = entry.declarer, entry.discarder, entry.self_drawn
    seated = position.in_seat_order()
    if declarer not in seated:
        raise HandError("bad_context", gettext_noop(
            "Only the players seated this hand can declare a win."))
    if not self_drawn and (discarder is None or discarder == declarer or discarder not in seated):
        raise HandError("bad_context", gettext_noop(
            "Say whose discard the false win was declared on, or that the tile was self-drawn."))
    amount = options["false_win_penalty"]
    to_discarder = options["false_win_to"] == FALSE_WIN_DISCARDER and not self_drawn
    paid = [discarder] if to_discarder else [p for p in seated if p != declarer]
    transfers = [Transfer(declarer, payee, money(amount)) for payee in paid if amount]
    return Recorded("false_win", None, None if self_drawn else discarder, self_drawn, None,
                    transfers,
                    {"source": "false_win", "declarer": declarer, "goes_on": True,
                     "penalty": amount, "penalty_to": options["false_win_to"],
                     "round_wind": position.round_wind, "unit": VARIANTS[variant_id].unit})


PLACE_POINTS = (4, 2, 1, 0)  # MCR's table points, by place (the Green Book's ranking)


def table_points(scores: list) -> list[Fraction]:
    """Each player's table points for one game from their scores: 4, 2, 1, 0 by place; players
    tied share the points of the places they fill (two tied first: (4 + 2) / 2 = 3 each, then 1
    and 0; all four tied: 7/4 each)."""
    order = sorted(range(len(scores)), key=scores.__getitem__, reverse=True)
    points = [Fraction(0)] * len(scores)
    place = 0
    while place < len(order):
        end = place + 1  # the players tied at this place follow it in the order
        while end < len(order) and scores[order[end]] == scores[order[place]]:
            end += 1
        shared = _shared_points(place, end - place)
        for i in order[place:end]:
            points[i] = shared
        place = end
    return points


@cache
def _shared_points(place: int, tied: int) -> Fraction:
    """The points of `tied` players sharing the places from `place` on (a few pairs in all: a
    CSV of 125 games makes none of its 500 Fractions anew)."""
    return Fraction(sum(PLACE_POINTS[place:place + tied]), tied)


def show_points(points: Fraction) -> str:
    """Table points as a page shows them: 3, 1.5, 1.75 exactly; a third rounded to two places
    (7/3: 2.33), the sums being counted exactly before."""
    return _shown_points(points.numerator, points.denominator)


# A few values, shown for every game of a long table: kept by their two ints, as a Fraction's
# hash costs more than the rest of the lookup.
@lru_cache(maxsize=256)
def _shown_points(numerator: int, denominator: int) -> str:
    exact = Decimal(numerator) / Decimal(denominator)
    if denominator in (1, 2, 4, 5, 8, 10, 20, 25, 40, 50, 100):
        return show(exact)
    return show(exact.quantize(Decimal("0.01")))


def games(ends: list[tuple[int, list[Decimal], int]], n_players: int) -> list[dict]:
    """The games of a table that plays them one after another (`plays_games`), from each game's
    (index, each player's total after its last hand, how many of its hands were played: a false
    win, which goes on, is none): per game its number (from 1), each player's score (what the
    totals moved over its hands), their table points, and the hands played. A game still in play
    is counted as it stands, as a competition counts a game its time cut short."""
    before = [Decimal(0)] * n_players
    ordered = []
    for index, totals, played in sorted(ends):
        scores = [after - was for after, was in zip(totals, before, strict=True)]
        ordered.append({"number": index + 1, "scores": scores, "played": played,
                        "table_points": table_points(scores)})
        before = totals
    return ordered


def total_table_points(games_played: list[dict]) -> list[Fraction]:
    """Each player's table points summed over the games (`games`), exactly."""
    if not games_played:
        return []
    # Added up over their common denominator (a handful: 1, 2, 3, 4): a Fraction's sum costs a
    # gcd, and counting them by value a hash each, slower still.
    players = list(zip(*(g["table_points"] for g in games_played), strict=True))
    common = lcm(*{p.denominator for points in players for p in points})
    return [Fraction(sum(p.numerator * (common // p.denominator) for p in points), common)
            for points in players]


def settled_deal(variant_id: str, rules: dict, position: Position, events: list[dict]) -> Recorded:
    """A deal as its events, settled by the engine (contract §5): for the variants that pay
    during the deal (Sichuan), and American's false wins; any other answers unknown_variant."""
    result = api.settle({"variant": variant_id, "rules": rules, "events": events})
    if not result["ok"]:
        error = result["error"]
        message = gettext_noop("{message} (event {event})", message=error["message"],
                               event=error["event"] + 1) if "event" in error else error["message"]
        raise HandError(error["code"], message)
    seat_transfers = [(t["from"], t["to"], t["amount"])
                      for entry in result["ledger"] for t in entry["transfers"]]
    wins = [e for e in events if e.get("type") == "win"]
    first = wins[0] if wins else None
    winner = position.player_at(first["seat"]) if first else None
    discarder = (position.player_at(first["discarder"])
                 if first and not first.get("self_drawn") and first.get("discarder") else None)
    return Recorded("deal" if len(events) != 1 or not first else "win", winner, discarder,
                    bool(first and first.get("self_drawn")), first.get("fans") if first else None,
                    by_player(position, seat_transfers),
                    {"source": "deal", "unit": VARIANTS[variant_id].unit, "events": events,
                     "ledger": [{"what": entry["what"], "message": to_data(entry["what"])}
                                for entry in result["ledger"]],
                     "winners": [position.player_at(e["seat"]) for e in wins],
                     "round_wind": position.round_wind,
                     **({"deducted": result["deducted"]} if "deducted" in result else {})})


# CSV ------------------------------------------------------------------------------------------

# A spreadsheet runs a cell that starts with one of these as a formula (OWASP, CSV injection).
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def text_cell(value) -> str:
    """Text someone typed (a name), made inert for a spreadsheet: a leading quote before a
    formula's first character. The numbers written here (amounts, hand numbers) do not pass
    through this, so -10 stays a number."""
    text = str(value)
    return "'" + text if text.startswith(FORMULA_STARTS) else text


# The CSV's words (its headers and the kinds of hands), English as they were; `csv_text` says
# them in the reader's language when given a door's `said`.
CSV_HEADERS = (pgettext("csv", "hand"), pgettext("csv", "round"), pgettext("csv", "dealer"),
               pgettext("csv", "kind"), pgettext("csv", "winner"), pgettext("csv", "discarder"),
               pgettext("csv", "self_drawn"), pgettext("csv", "total"),
               pgettext("csv", "declarer"))
CSV_KINDS = {"win": pgettext("csv", "win"), "draw": pgettext("csv", "draw"),
             "deal": pgettext("csv", "deal"), "false_win": pgettext("csv", "false_win")}


# A kept CSV line's two words in the reader's language, marked where they stand (`csv_text` puts
# them in): the kind of hand, and "yes" for self-drawn ("no": an empty cell). The mark is a
# control character, which no cell holds: names are kept without them (forms.visible_text), and
# one left in a name is a space here.
CSV_MARK = "\x1f"


def csv_mark(word: str) -> str:
    """The mark of one of the kept line's words (the kinds of CSV_KINDS, "yes", "no")."""
    return f"{CSV_MARK}{word}{CSV_MARK}"


def csv_cells(names: list[str], number: int, position: Position, kind: str,
              winner: int | None, discarder: int | None, self_drawn: bool, total: int | None,
              declarer: int | None, net, totals) -> str:
    """A hand's CSV line as csv.writer writes it, but for its two words in the reader's language
    (`csv_mark`: its kind, and "yes" if self-drawn), the line a hand keeps
    (TableHand.csv_cells), so that the CSV is a read of its hands, not a replay: its number, the
    round and the dealer at `position` (the one before it), the kind, the winner, the
    discarder, self-drawn, the total, who declared a false win (American, which has no winner),
    each player's change (`net`) and total after it. Players by their seat at the table
    (`names`' order)."""
    def name(player):
        return "" if player is None else text_cell(names[player].replace(CSV_MARK, " "))

    return _csv_line([number, position.round_wind, name(position.dealer),
                      csv_mark(kind) if kind in CSV_KINDS else kind, name(winner),
                      name(discarder), csv_mark("yes" if self_drawn else "no"),
                      "" if total is None else total, name(declarer)]
                     + [show(x) for x in net] + [show(x) for x in totals])


def _csv_line(cells) -> str:
    """Cells as csv.writer writes them on a line (of two cells or more), without the line's end."""
    out = io.StringIO()
    csv.writer(out).writerow(cells)
    return out.getvalue()[:-2]


def csv_word(word: str) -> str:
    """One cell as csv.writer writes it among others (quoted if it must be; "" stays empty)."""
    return _csv_line([word, ""])[:-1]


def csv_text(names: list[str], lines: list[str], settlement: list[Transfer], said=str,
             left: tuple[int, Decimal] | None = None,
             games_played: list[dict] | None = None) -> str:
    """One line per hand (what happened, each player's change and running total), then the
    settle-up. `lines`: each hand's kept line (csv_cells), its words put in here, each in one
    pass over all the lines. `said` renders the CSV's own words (English by
    default; the page's language from the view). `left`: (the first, the amount) for Riichi's
    sticks left on the table at the end, the settle-up's first line. `games_played`: an MCR
    table's games (`games`), whose table points close the file, a line per game and one for all
    of them."""
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow([said(header) for header in CSV_HEADERS]
                    + [text_cell(said(gettext_noop("{name} change", name=n))) for n in names]
                    + [text_cell(said(gettext_noop("{name} total", name=n))) for n in names])
    body = "".join([line + "\r\n" for line in lines])
    words = [(csv_mark(kind), csv_word(said(word))) for kind, word in CSV_KINDS.items()]
    words += [(csv_mark("yes"), csv_word(said(pgettext("csv", "yes")))), (csv_mark("no"), "")]
    for mark, word in words:
        body = body.replace(mark, word)
    out.write(body)
    writer.writerow([])
    writer.writerow([said(pgettext("csv", "settle up")), said(pgettext("csv", "from")),
                     said(pgettext("csv", "to")), said(pgettext("csv", "amount"))])
    if left is not None:
        first, amount = left
        writer.writerow(["", said(pgettext("csv", "riichi sticks left")), text_cell(names[first]),
                         show(amount)])
    for t in settlement:
        writer.writerow(["", text_cell(names[t.payer]), text_cell(names[t.payee]),
                         show(t.amount)])
    if games_played:
        writer.writerow([])
        writer.writerow([said(pgettext("csv", "table points")), said(pgettext("csv", "game"))]
                        + [text_cell(name) for name in names])
        for played in games_played:
            writer.writerow(["", played["number"]]
                            + [show_points(p) for p in played["table_points"]])
        writer.writerow(["", said(pgettext("csv", "all games"))]
                        + [show_points(p) for p in total_table_points(games_played)])
    return out.getvalue()
