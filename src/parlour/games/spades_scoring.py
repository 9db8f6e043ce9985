"""Spades options and scoring: one hand's score from bids and tricks, bags
carried across hands, and the end of the game.

The engine and the score pad both score through :func:`score_hand`, so a rule
lives in one place.

The worked example of the seeds: a team on 337 with 7 bags bids 5.

>>> opts = SpadesOptions()
>>> def team_score(tricks):
...     r = score_hand([3, 1, 2, 1], [tricks, 1, 0, 12 - tricks], [337, 0], [7, 0], opts)
...     return r.scores[0], r.bags[0]
>>> team_score(7), team_score(8), team_score(9)
((389, 9), (290, 0), (291, 1))
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any, Final

from parlour.files import unknown_key
from parlour.games.trick import SEAT_NAMES, winner_json

TEAMS: Final = ("NS", "EW")
BLIND_NIL: Final = -1  # a bid value: nil declared before looking at the cards


class OptionsError(ValueError):
    """Options that are unknown or out of range."""


@dataclass(frozen=True)
class SpadesOptions:
    """The variants of RULES.md, defaults as there.

    >>> SpadesOptions.from_json({"target": 300, "nil": False}).target
    300
    >>> SpadesOptions.from_json({"bags": 5})
    Traceback (most recent call last):
    ...
    parlour.games.spades_scoring.OptionsError: unknown Spades option 'bags' (options: nil, \
blind_nil, target, boston_bonus, mercy)
    """

    nil: bool = True
    blind_nil: bool = False
    target: int = 500
    boston_bonus: int = 0
    mercy: int | None = None

    @classmethod
    def from_json(cls, data: Mapping[str, Any] | None) -> SpadesOptions:
        if data is not None and not isinstance(data, Mapping):
            raise OptionsError(f"options are a JSON object, not {data!r}")
        data = dict(data or {})
        names = list(cls.__dataclass_fields__)
        for key in data:
            if key not in names:
                raise OptionsError(
                    f"unknown Spades option {key!r} (options: {', '.join(names)})"
                )
        for key in ("nil", "blind_nil"):
            if key in data and not isinstance(data[key], bool):
                raise OptionsError(f"option {key} is true or false, not {data[key]!r}")
        for key in ("target", "boston_bonus"):
            if key in data and (type(data[key]) is not int):
                raise OptionsError(f"option {key} is a whole number, not {data[key]!r}")
        if "target" in data and data["target"] <= 0:
            raise OptionsError(f"option target must be above 0, not {data['target']}")
        mercy = data.get("mercy")
        if mercy is not None and type(mercy) is not int:
            raise OptionsError(f"option mercy is a whole number or null, not {mercy!r}")
        if data.get("blind_nil") and data.get("nil") is False:
            raise OptionsError("blind_nil needs nil on")
        return cls(**data)

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


@dataclass
class HandScore:
    """One hand scored: per seat tricks, per team points, bags and running totals."""

    bids: list[int]
    tricks: list[int]
    points: list[int]  # this hand's points per team (NS, EW)
    new_bags: list[int]  # bags taken this hand per team
    scores: list[int]  # running scores after the hand
    bags: list[int]  # running bags after the hand
    events: list[dict[str, Any]] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


def bag_penalties(bags_before: int, new_bags: int) -> int:
    """How many times the running bag count reaches another multiple of ten.

    >>> bag_penalties(7, 3), bag_penalties(9, 2), bag_penalties(18, 13), bag_penalties(3, 4)
    (1, 1, 2, 0)
    """
    return (bags_before + new_bags) // 10 - bags_before // 10


def score_hand(
    bids: Sequence[int],
    tricks: Sequence[int],
    scores: Sequence[int],
    bags: Sequence[int],
    options: SpadesOptions,
    reneged: Collection[int] = (),
) -> HandScore:
    """Score one hand. ``bids`` per seat (0 = nil, ``BLIND_NIL`` = blind nil),
    ``tricks`` per seat, ``scores``/``bags`` per team before the hand,
    ``reneged``: teams (0 = NS, 1 = EW) marked for a renege at a real table.

    >>> r = score_hand([8, 2, 0, 2], [6, 1, 4, 2], [0, 0], [0, 0], SpadesOptions())
    >>> r.points, r.bags, [e["type"] for e in r.events]
    ([-176, -40], [4, 0], ['nil_failed', 'set', 'set'])
    """
    bid_list = list(bids)
    trick_list = list(tricks)
    events: list[dict[str, Any]] = []
    ns_points, ns_bags = _score_team(0, bid_list[0], bid_list[2], trick_list[0], trick_list[2],
                                     bags[0], options.boston_bonus, 0 in reneged, events)
    ew_points, ew_bags = _score_team(1, bid_list[1], bid_list[3], trick_list[1], trick_list[3],
                                     bags[1], options.boston_bonus, 1 in reneged, events)
    return HandScore(
        bids=bid_list,
        tricks=trick_list,
        points=[ns_points, ew_points],
        new_bags=[ns_bags, ew_bags],
        scores=[scores[0] + ns_points, scores[1] + ew_points],
        bags=[(bags[0] + ns_bags) % 10, (bags[1] + ew_bags) % 10],
        events=events,
    )


def _nil_event(seat: int, team: int, bid: int, tricks: int) -> dict[str, Any]:
    blind = bid == BLIND_NIL
    value = 200 if blind else 100
    if tricks == 0:
        return {"type": "blind_nil_made" if blind else "nil_made", "seat": seat,
                "team": TEAMS[team], "points": value}
    return {"type": "blind_nil_failed" if blind else "nil_failed", "seat": seat,
            "team": TEAMS[team], "points": -value, "tricks": tricks}


def _nil(bid: int, tricks: int, gains: int, losses: int, bags: int) -> tuple[int, int, int]:
    """A nil or blind nil bid's gains, losses and bags added to the team's."""
    value = 200 if bid == BLIND_NIL else 100
    if tricks == 0:
        return gains + value, losses, bags
    # A failed nil's tricks are bags, a point each.
    return gains + tricks, losses + value, bags + tricks


def _score_team(team: int, bid_a: int, bid_b: int, tricks_a: int, tricks_b: int,
                bags_before: int, boston_bonus: int, reneged: bool,
                events: list[dict[str, Any]]) -> tuple[int, int]:
    """One team's points and new bags (seats ``team`` and ``team + 2``); adds its events."""
    gains = 0
    losses = 0
    bag_count = 0
    contract = 0
    counted = 0
    if bid_a > 0:
        contract += bid_a
        counted += tricks_a
    else:
        gains, losses, bag_count = _nil(bid_a, tricks_a, gains, losses, bag_count)
        events.append(_nil_event(team, team, bid_a, tricks_a))
    if bid_b > 0:
        contract += bid_b
        counted += tricks_b
    else:
        gains, losses, bag_count = _nil(bid_b, tricks_b, gains, losses, bag_count)
        events.append(_nil_event(team + 2, team, bid_b, tricks_b))
    if contract > 0:
        if counted >= contract:
            over = counted - contract
            gains += 10 * contract + over
            bag_count += over
            events.append({"type": "made", "team": TEAMS[team], "contract": contract,
                           "tricks": counted, "points": 10 * contract + over})
        else:
            losses += 10 * contract
            events.append({"type": "set", "team": TEAMS[team], "contract": contract,
                           "tricks": counted, "points": -10 * contract})
    if tricks_a + tricks_b == 13:
        gains += boston_bonus
        events.append({"type": "boston", "team": TEAMS[team], "points": boston_bonus})
    if reneged:
        gains = 0
        bag_count = 0
        events.append({"type": "renege", "team": TEAMS[team]})
    penalty = bag_penalties(bags_before, bag_count)
    if penalty:
        losses += 100 * penalty
        events.append({"type": "bag_penalty", "team": TEAMS[team], "points": -100 * penalty})
    return gains - losses, bag_count


def game_winner(scores: Sequence[int], options: SpadesOptions) -> int | None:
    """The winning team after a hand (0 = NS, 1 = EW), or None to play on.

    Reaching the target wins; both there, the higher score wins; equal, play on.
    With ``mercy`` set, a team at or below it loses.

    >>> game_winner([510, 480], SpadesOptions()), game_winner([510, 510], SpadesOptions())
    (0, None)
    >>> game_winner([100, -210], SpadesOptions(mercy=-200))
    0
    """
    ns, ew = scores
    over = [ns >= options.target, ew >= options.target]
    if options.mercy is not None:
        under = [ns <= options.mercy, ew <= options.mercy]
        if under[0] != under[1]:
            return 1 if under[0] else 0
        if under[0]:
            over = [True, True]
    if over[0] and over[1]:
        return None if ns == ew else (0 if ns > ew else 1)
    if over[0]:
        return 0
    if over[1]:
        return 1
    return None


# --- the score pad: a real table's bids and tricks, hand by hand ------------


PAD_KEYS = ("options", "hands", "game", "format")


class ScorePadError(ValueError):
    """Score-pad input that cannot be scored; the message names the hand."""

    def __init__(self, reason: str, hand: int | None = None) -> None:
        super().__init__(f"hand {hand + 1}: {reason}" if hand is not None else reason)


def _pad_bid(value: Any, options: SpadesOptions, h: int) -> int:
    if value == "blind nil" or value == "blind":
        if not options.blind_nil:
            raise ScorePadError("blind nil is not allowed (option blind_nil is off)", h)
        return BLIND_NIL
    if type(value) is not int or not 0 <= value <= 13:
        raise ScorePadError(f"a bid is a whole number 0..13, not {value!r}", h)
    if value == 0 and not options.nil:
        raise ScorePadError("nil is not allowed (option nil is off): bid at least 1", h)
    return value


def score_pad(data: Any) -> dict[str, Any]:
    """Score a game played with real cards from each hand's bids and tricks.

    >>> pad = score_pad({"hands": [{"bids": [3, 4, 0, 5], "tricks": [4, 4, 0, 5]},
    ...                            {"bids": [4, 3, 3, 3], "tricks": [4, 3, 3, 3],
    ...                             "reneged": ["EW"]}]})
    >>> [h["scores"] for h in pad["hands"]], pad["winner"]
    ([[131, 90], [201, 90]], None)
    """
    if not isinstance(data, dict):
        raise ScorePadError('the score pad reads a JSON object: {"hands": [...]}')
    refusal = unknown_key(data, PAD_KEYS, "a score pad")
    if refusal:
        raise ScorePadError(refusal)
    try:
        options = SpadesOptions.from_json(data.get("options"))
    except TypeError as e:
        raise ScorePadError(f"bad options: {e}") from None
    hands = data.get("hands")
    if not isinstance(hands, list):
        raise ScorePadError('"hands" must be a list of {"bids": [...], "tricks": [...]}')
    scores, bags = [0, 0], [0, 0]
    winner: int | None = None
    out: list[dict[str, Any]] = []
    for h, hand in enumerate(hands):
        if winner is not None:
            raise ScorePadError(f"{TEAMS[winner]} had already won the game", h)
        if not isinstance(hand, dict):
            raise ScorePadError('a hand is {"bids": [4 numbers], "tricks": [4 numbers]}', h)
        refusal = unknown_key(hand, ("bids", "tricks", "reneged"), "a hand")
        if refusal:
            raise ScorePadError(refusal, h)
        raw_bids, tricks = hand.get("bids"), hand.get("tricks")
        if not isinstance(raw_bids, list) or len(raw_bids) != 4:
            raise ScorePadError("bids must be a list of 4, one per seat N, E, S, W", h)
        bids = [_pad_bid(b, options, h) for b in raw_bids]
        if not isinstance(tricks, list) or len(tricks) != 4:
            raise ScorePadError("tricks must be a list of 4, one per seat N, E, S, W", h)
        if any(type(t) is not int or not 0 <= t <= 13 for t in tricks):
            raise ScorePadError(f"tricks are whole numbers 0..13, not {tricks}", h)
        if sum(tricks) != 13:
            raise ScorePadError(f"tricks add up to {sum(tricks)}, not 13", h)
        reneged = hand.get("reneged", [])
        if not isinstance(reneged, list) or any(r not in TEAMS for r in reneged):
            raise ScorePadError(f'reneged lists teams "NS" or "EW", not {reneged!r}', h)
        result = score_hand(bids, tricks, scores, bags, options,
                            reneged={TEAMS.index(r) for r in reneged})
        scores, bags = result.scores, result.bags
        winner = game_winner(scores, options)
        out.append({"hand": h + 1, "scores": scores, "bags": bags, "points": result.points,
                    "events": result.events})
    return {"hands": out,
            "winner": None if winner is None else winner_json([winner, winner + 2])}


def score_pad_lines(pad: dict[str, Any]) -> list[str]:
    """The score pad as text: running scores and bags, events, the winner."""
    lines = [f"{'hand':>4}  {'NS':>6} {'bags':>4}  {'EW':>6} {'bags':>4}  events"]
    for i, hand in enumerate(pad["hands"]):
        events = "; ".join(describe_event(e) for e in hand["events"])
        ns, ew = hand["scores"]
        lines.append(f"{i + 1:>4}  {ns:>6} {hand['bags'][0]:>4}  {ew:>6} {hand['bags'][1]:>4}"
                     f"  {events}")
    winner = pad["winner"]
    lines.append(f"{winner['name']} win the game." if winner else "No winner yet.")
    return lines


def describe_event(event: dict[str, Any]) -> str:
    """An event of a hand's score in words.

    >>> describe_event({"type": "bag_penalty", "team": "NS", "points": -100})
    'NS bag penalty: -100'
    """
    kind = event["type"]
    team = event.get("team", "")
    if kind.endswith("_made") and "seat" in event:
        return f"{SEAT_NAMES[event['seat']]} made {kind[:-5].replace('_', ' ')}: +{event['points']}"
    if kind.endswith("_failed"):
        return (f"{SEAT_NAMES[event['seat']]} failed {kind[:-7].replace('_', ' ')} "
                f"({event['tricks']} tricks): {event['points']}")
    if kind == "made":
        return f"{team} made {event['contract']} with {event['tricks']}: +{event['points']}"
    if kind == "set":
        return f"{team} set, bid {event['contract']} took {event['tricks']}: {event['points']}"
    if kind == "bag_penalty":
        return f"{team} bag penalty: {event['points']}"
    if kind == "boston":
        return f"{team} Boston (all 13 tricks): +{event['points']}"
    if kind == "renege":
        return f"{team} reneged: no positive points, no bags"
    return str(event)
