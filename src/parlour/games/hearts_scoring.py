"""Hearts options and scoring: points taken, shooting the moon, the jack of
diamonds, the end of the game, and the score pad for a real table.

The engine and the score pad both score through :func:`score_hand`, so a rule
lives in one place.

>>> opts = HeartsOptions()
>>> r = score_hand([0, 26, 0, 0], -1, [10, 20, 30, 40], opts)
>>> r.moon, r.gained, r.scores
(1, [26, 0, 26, 26], [36, 20, 56, 66])
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from parlour.cards import DIAMONDS, HEARTS, JACK, QUEEN, SPADES, SUIT_MASKS, card
from parlour.files import unknown_key
from parlour.games.spades_scoring import PAD_KEYS, OptionsError
from parlour.games.trick import winner_json
from parlour.records import RecordError

__all__ = [
    "HEARTS_MASK",
    "JACK_OF_DIAMONDS",
    "MOON_RULES",
    "QUEEN_OF_SPADES",
    "HandScore",
    "HeartsOptions",
    "OptionsError",
    "game_winner",
    "penalty_points",
    "score_hand",
    "score_pad",
    "score_pad_lines",
]

SEATS = ("North", "East", "South", "West")
QUEEN_OF_SPADES = card(QUEEN, SPADES)
JACK_OF_DIAMONDS = card(JACK, DIAMONDS)
HEARTS_MASK = SUIT_MASKS[HEARTS]
MOON_RULES = ("add_to_others", "subtract_from_self")
ALL_POINTS = 26  # 13 hearts and the queen of spades
JACK_POINTS = -10


@dataclass(frozen=True)
class HeartsOptions:
    """The variants of RULES.md, defaults as there.

    >>> HeartsOptions.from_json({"target": 50, "moon": "subtract_from_self"}).target
    50
    >>> HeartsOptions.from_json({"moon": "shoot"})
    Traceback (most recent call last):
    ...
    parlour.games.spades_scoring.OptionsError: option moon is add_to_others or \
subtract_from_self, not 'shoot'
    >>> HeartsOptions.from_json({"passing": False})
    Traceback (most recent call last):
    ...
    parlour.games.spades_scoring.OptionsError: unknown Hearts option 'passing' (options: \
target, queen_breaks_hearts, moon, jack_of_diamonds)
    """

    target: int = 100
    queen_breaks_hearts: bool = False
    moon: str = "add_to_others"
    jack_of_diamonds: bool = False

    @classmethod
    def from_json(cls, data: Mapping[str, Any] | None) -> HeartsOptions:
        if data is not None and not isinstance(data, Mapping):
            raise OptionsError(f"options are a JSON object, not {data!r}")
        data = dict(data or {})
        names = list(cls.__dataclass_fields__)
        for key in data:
            if key not in names:
                raise OptionsError(
                    f"unknown Hearts option {key!r} (options: {', '.join(names)})")
        for key in ("queen_breaks_hearts", "jack_of_diamonds"):
            if key in data and not isinstance(data[key], bool):
                raise OptionsError(f"option {key} is true or false, not {data[key]!r}")
        if "target" in data and (type(data["target"]) is not int or data["target"] <= 0):
            raise OptionsError(f"option target is a whole number above 0, not {data['target']!r}")
        if "moon" in data and data["moon"] not in MOON_RULES:
            raise OptionsError(
                f"option moon is {' or '.join(MOON_RULES)}, not {data['moon']!r}")
        return cls(**data)

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


def penalty_points(taken: int) -> int:
    """Hearts and queen points in a mask of cards taken (the jack not counted).

    >>> from parlour.cards import parse_cards
    >>> penalty_points(parse_cards("QS 2H AH JD KS"))
    15
    """
    return (taken & HEARTS_MASK).bit_count() + (13 if taken >> QUEEN_OF_SPADES & 1 else 0)


@dataclass
class HandScore:
    """One hand scored, per seat.

    ``points``: as taken (hearts 1, queen 13, the jack -10 when it counts);
    ``moon``: the seat that shot the moon, or None; ``gained``: what the hand
    adds to each score (the moon applied); ``scores``: running totals after it.
    """

    points: list[int]
    moon: int | None
    gained: list[int]
    scores: list[int]
    events: list[dict[str, Any]] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


def score_hand(penalties: Sequence[int], jack: int, scores: Sequence[int],
               options: HeartsOptions) -> HandScore:
    """Score a hand from each seat's hearts-and-queen points (26 in all) and the
    seat that took the jack of diamonds (-1 when it does not count).

    Shooting the moon replaces the 26 hearts-and-queen points; the jack's -10
    still goes to whoever took it.

    >>> r = score_hand([26, 0, 0, 0], 2, [0, 0, 0, 0],
    ...                HeartsOptions(moon="subtract_from_self", jack_of_diamonds=True))
    >>> r.points, r.gained, [e["type"] for e in r.events]
    ([26, 0, -10, 0], [-26, 0, -10, 0], ['moon', 'jack_of_diamonds'])
    """
    points = list(penalties)
    events: list[dict[str, Any]] = []
    moon: int | None = None
    for s in range(4):
        if penalties[s] == ALL_POINTS:
            moon = s
    if moon is None:
        gained = list(penalties)
    else:
        if options.moon == "add_to_others":
            gained = [0 if s == moon else ALL_POINTS for s in range(4)]
        else:
            gained = [-ALL_POINTS if s == moon else 0 for s in range(4)]
        events.append({"type": "moon", "seat": moon, "rule": options.moon,
                       "points": gained[:]})
    if options.jack_of_diamonds and jack >= 0:
        points[jack] += JACK_POINTS
        gained[jack] += JACK_POINTS
        events.append({"type": "jack_of_diamonds", "seat": jack, "points": JACK_POINTS})
    return HandScore(points=points, moon=moon, gained=gained,
                     scores=[scores[s] + gained[s] for s in range(4)], events=events)


def game_winner(scores: Sequence[int], options: HeartsOptions) -> int | None:
    """The winning seat after a hand, or None to play on.

    Once a seat has the target or more, the lowest score wins; a tie for the
    lowest plays on, hand by hand, until one seat alone has it.

    >>> opts = HeartsOptions()
    >>> game_winner([100, 40, 62, 90], opts), game_winner([40, 40, 101, 3], opts)
    (1, 3)
    >>> game_winner([40, 40, 101, 55], HeartsOptions()) is None
    True
    """
    if max(scores) < options.target:
        return None
    low = min(scores)
    seats = [s for s in range(4) if scores[s] == low]
    return seats[0] if len(seats) == 1 else None


def end_events(scores: Sequence[int], options: HeartsOptions) -> list[dict[str, Any]]:
    """The events that say the game ended, or that a tie for the lowest goes on."""
    if max(scores) < options.target:
        return []
    winner = game_winner(scores, options)
    if winner is not None:
        return [{"type": "game_won", "seat": winner, "score": scores[winner]}]
    low = min(scores)
    return [{"type": "tie_for_lowest", "seats": [s for s in range(4) if scores[s] == low],
             "score": low}]


# --- the score pad: points as taken at a real table --------------------------


def _pad_penalties(entry: dict[str, Any], h: int, options: HeartsOptions) -> tuple[list[int], int]:
    """Hearts-and-queen points per seat and the jack's taker, from points as taken."""
    points = entry.get("points")
    if not isinstance(points, list) or len(points) != 4 or any(
            type(p) is not int for p in points):
        raise RecordError("'points' must be four whole numbers, one a seat", hand=h)
    if not options.jack_of_diamonds:
        if "jack" in entry:
            raise RecordError("'jack' is only for games with the jack_of_diamonds option", hand=h)
        if sum(points) != ALL_POINTS or min(points) < 0:
            raise RecordError(
                f"points {points} do not add up to 26 (13 hearts and the queen of spades)",
                hand=h)
        return list(points), -1
    if sum(points) != ALL_POINTS + JACK_POINTS:
        raise RecordError(
            f"points {points} do not add up to 16 (26, less 10 for the jack of diamonds)",
            hand=h)
    jack = entry.get("jack")
    if jack is None:
        negative = [s for s in range(4) if points[s] < 0]
        if negative:
            jack = negative[0]
        else:
            # Nobody below zero: the jack's taker also took points. One seat on 16
            # and the rest on 0 reads as a moon shot with the jack; otherwise the
            # moon is impossible and who took the jack does not change the scores.
            top = max(range(4), key=lambda s: points[s])
            jack = top
    if type(jack) is not int or not 0 <= jack <= 3:
        raise RecordError(f"'jack' must be a seat 0..3, not {jack!r}", hand=h)
    penalties = list(points)
    penalties[jack] -= JACK_POINTS
    if min(penalties) < 0 or max(penalties) > ALL_POINTS:
        raise RecordError(f"points {points} cannot be taken in one hand", hand=h)
    return penalties, jack


def score_pad(data: Any) -> dict[str, Any]:
    """Score a game from the points each seat took in each hand.

    Input ``{"options": {...}, "hands": [{"points": [4 ints]}, ...]}`` (options
    optional; with ``jack_of_diamonds`` a hand may name the seat that took the
    jack as ``"jack"``, needed only when that seat did not go below zero and
    another seat took everything else). One seat on 26 and the rest on 0 is a
    moon shot, scored by the ``moon`` option.

    >>> out = score_pad({"hands": [{"points": [3, 13, 10, 0]}, {"points": [0, 26, 0, 0]}]})
    >>> [h["scores"] for h in out["hands"]], out["winner"]
    ([[3, 13, 10, 0], [29, 13, 36, 26]], None)
    >>> score_pad({"hands": [{"points": [3, 13, 10, 1]}]})
    Traceback (most recent call last):
    ...
    parlour.records.RecordError: hand 1: points [3, 13, 10, 1] do not add up to 26 \
(13 hearts and the queen of spades)
    """
    if not isinstance(data, dict):
        raise RecordError("a score pad is a JSON object with a list 'hands'")
    refusal = unknown_key(data, PAD_KEYS, "a score pad")
    if refusal:
        raise RecordError(refusal)
    try:
        options = HeartsOptions.from_json(data.get("options"))
    except (OptionsError, TypeError) as e:
        raise RecordError(str(e)) from None
    hands = data.get("hands")
    if not isinstance(hands, list):
        raise RecordError("a score pad needs a list 'hands'")
    scores = [0, 0, 0, 0]
    winner: int | None = None
    out: list[dict[str, Any]] = []
    for h, entry in enumerate(hands):
        if not isinstance(entry, dict):
            raise RecordError("each hand is a JSON object with 'points'", hand=h)
        refusal = unknown_key(entry, ("points", "jack"), "a hand")
        if refusal:
            raise RecordError(refusal, hand=h)
        if winner is not None:
            raise RecordError(f"the game was already won by {SEATS[winner]}", hand=h)
        penalties, jack = _pad_penalties(entry, h, options)
        result = score_hand(penalties, jack, scores, options)
        scores = result.scores
        winner = game_winner(scores, options)
        out.append({"hand": h + 1, "points": result.points, "scores": scores,
                    "events": result.events + end_events(scores, options)})
    return {"options": options.to_json(), "hands": out,
            "winner": None if winner is None else winner_json([winner])}


def describe_event(event: dict[str, Any]) -> str:
    """An event of a hand's score in words."""
    kind = event["type"]
    if kind == "moon":
        how = ("everyone else +26" if event["rule"] == "add_to_others" else "-26 to self")
        return f"{SEATS[event['seat']]} shot the moon: {how}"
    if kind == "jack_of_diamonds":
        return f"{SEATS[event['seat']]} took the jack of diamonds: -10"
    if kind == "game_won":
        return f"{SEATS[event['seat']]} wins the game with {event['score']}"
    if kind == "tie_for_lowest":
        return (f"{' and '.join(SEATS[s] for s in event['seats'])} tie for lowest on "
                f"{event['score']}: play another hand")
    return str(event)


def score_pad_lines(result: dict[str, Any]) -> list[str]:
    """The score pad's result as text, a line a hand plus events.

    >>> for line in score_pad_lines(score_pad({"hands": [{"points": [0, 26, 0, 0]}]})):
    ...     print(line)
    hand  North  East South  West
       1     26     0    26    26   East shot the moon: everyone else +26
    No winner yet.
    """
    lines = ["hand  " + " ".join(f"{name:>5}" for name in SEATS)]
    for i, hand in enumerate(result["hands"]):
        text = f"{i + 1:>4}  " + " ".join(f"{s:>5}" for s in hand["scores"])
        events = "; ".join(describe_event(e) for e in hand["events"])
        lines.append(f"{text}   {events}" if events else text)
    winner = result["winner"]
    lines.append("No winner yet." if winner is None else f"{winner['name']} wins the game.")
    return lines
