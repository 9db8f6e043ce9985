"""Replaying trick-game records: the parts Spades and Hearts share.

A trick game's record holds ``hands``; each hand has a ``deal`` (four lists
of 13 codes, seat 0..3 = North, East, South, West) and ``actions`` in the
game's notation. Every action is checked by the engine; the first bad one
stops the replay with the hand, the step and the reason.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol

from parlour.cards import CardError, card_code, cards_of, parse_card, pretty_hand
from parlour.files import unknown_key
from parlour.games.base import IllegalAction
from parlour.games.trick import SEAT_NAMES, describe_trick
from parlour.records import RecordError, Replay


class TrickState(Protocol):
    def current_player(self) -> int: ...
    def legal_actions(self) -> Sequence[int]: ...
    def apply(self, action: int) -> None: ...
    def action_to_string(self, action: int) -> str: ...
    def parse_action(self, text: str) -> int: ...


RECORD_KEYS = ("format", "game", "options", "seed", "hands")


def record_hands(record: dict[str, Any], hand_keys: tuple[str, ...]) -> list[dict[str, Any]]:
    """The record's hands, each a JSON object with only ``hand_keys``."""
    refusal = unknown_key(record, RECORD_KEYS, "a record")
    if refusal:
        raise RecordError(refusal)
    hands = record.get("hands")
    if not isinstance(hands, list) or not hands:
        raise RecordError("a record of a trick game needs a non-empty list 'hands'")
    for h, hand in enumerate(hands):
        if not isinstance(hand, dict):
            raise RecordError("each hand is a JSON object", hand=h)
        refusal = unknown_key(hand, hand_keys, "a hand")
        if refusal:
            raise RecordError(refusal, hand=h)
    return hands


def parse_deal(hand: dict[str, Any], h: int) -> list[int]:
    """The four hands of a record's deal as masks; 52 distinct cards, 13 each."""
    deal = hand.get("deal")
    if not isinstance(deal, list) or len(deal) != 4:
        raise RecordError("the deal must be four lists of 13 cards", hand=h)
    masks = []
    seen = 0
    for seat, codes in enumerate(deal):
        if not isinstance(codes, list) or len(codes) != 13:
            raise RecordError(f"{SEAT_NAMES[seat]} must be dealt 13 cards", hand=h)
        m = 0
        for code in codes:
            if not isinstance(code, str):
                raise RecordError(f"{code!r} is not a card code", hand=h)
            try:
                c = parse_card(code)
            except CardError as e:
                raise RecordError(f"the deal is not 52 distinct cards: {e}", hand=h) from None
            if seen >> c & 1:
                raise RecordError(
                    f"the deal is not 52 distinct cards: {card_code(c)} is dealt twice", hand=h)
            seen |= 1 << c
            m |= 1 << c
        masks.append(m)
    return masks


def parse_dealer(hand: dict[str, Any], h: int, default: int) -> int:
    dealer = hand.get("dealer", default)
    if type(dealer) is not int or not 0 <= dealer <= 3:
        raise RecordError(f"dealer must be a seat 0..3, not {dealer!r}", hand=h)
    return dealer


def parse_pair(hand: dict[str, Any], key: str, h: int, default: list[int]) -> list[int]:
    value = hand.get(key)
    if value is None:
        return default
    if not isinstance(value, list) or any(type(v) is not int for v in value):
        raise RecordError(f"{key!r} must be a list of whole numbers", hand=h)
    if len(value) != len(default):
        raise RecordError(f"{key!r} must have {len(default)} numbers", hand=h)
    return list(value)


def play_actions(
    state: TrickState,
    actions: Any,
    h: int,
    out: Replay,
    finished: Callable[[], bool],
) -> None:
    """Apply a hand's actions; with ``out.keep_steps``, keep each step (actor, action,
    legal actions before it) in ``out.steps``."""
    if not isinstance(actions, list):
        raise RecordError("'actions' must be a list of strings", hand=h)
    for i, text in enumerate(actions):
        if finished():
            raise RecordError(f"{text!r} comes after the hand is over", hand=h, step=i)
        if not isinstance(text, str):
            raise RecordError(f"{text!r} is not an action", hand=h, step=i)
        actor = state.current_player()
        legal = state.legal_actions()
        try:
            action = state.parse_action(text)
            state.apply(action)
        except (IllegalAction, CardError) as e:
            raise RecordError(f"{text!r}: {e}", hand=h, step=i) from None
        if not out.keep_steps:
            continue
        out.steps.append({
            "hand": h + 1,
            "step": i + 1,
            "actor": actor,
            "action": state.action_to_string(action),
            "legal": [state.action_to_string(a) for a in legal],
        })


def deal_lines(hands: list[int]) -> list[str]:
    return [f"  {SEAT_NAMES[s]:<6} {pretty_hand(hands[s])}" for s in range(4)]


def trick_lines(tricks: list[tuple[int, tuple[int, ...], int]]) -> list[str]:
    return [
        f"  trick {n + 1:>2}: {describe_trick(cards, leader)}  won by {SEAT_NAMES[winner]}"
        for n, (leader, cards, winner) in enumerate(tricks)
    ]


def deal_codes(hands: list[int]) -> list[list[str]]:
    return [[card_code(c) for c in cards_of(m)] for m in hands]
