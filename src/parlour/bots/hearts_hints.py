"""The Hearts expert's hints in a player's words: :class:`Hint`, the reason for
a card (:func:`explain`) and for a pass (:func:`pass_reason`).

The search (:mod:`parlour.bots.hearts_expert`) chooses; this module only says
why, from the observation and the points the search expected for each card.

>>> Hint(49, "dump the queen on the diamond lead", {}).text
'play Q♠: dump the queen on the diamond lead'
"""

from __future__ import annotations

from typing import Any

from parlour.bots.hearts_rules import (
    HEARTS,
    HEARTS_MASK,
    PASS_BIT,
    QS,
    SPADES,
    SUIT,
    penalty,
    taken_by_seat,
)
from parlour.cards import cards_of, pretty

__all__ = ["RANK_WORDS", "SUIT_WORDS", "Hint", "explain", "pass_reason"]


class Hint:
    """The expert's advice: the action and a reason a player understands."""

    def __init__(self, action: int, reason: str, expected: dict[int, float]) -> None:
        self.action = action
        self.reason = reason
        self.expected = expected  # candidate card -> points expected

    @property
    def text(self) -> str:
        """The advice as shown to a player: "pass K♦ A♦ Q♥: ..." or "play Q♠: ..."."""
        if self.action >= PASS_BIT:
            cards = " ".join(pretty(c) for c in cards_of(self.action ^ PASS_BIT))
            return f"pass {cards}: {self.reason}"
        return f"play {pretty(self.action)}: {self.reason}"

    def __repr__(self) -> str:
        return f"Hint({self.action}, {self.reason!r})"


SUIT_WORDS = ("club", "diamond", "heart", "spade")
RANK_WORDS = ("two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
              "jack", "queen", "king", "ace")


def _name(c: int) -> str:
    return f"{RANK_WORDS[c % 13]} of {SUIT_WORDS[c // 13]}s"


def _plural(word: str, n: int) -> str:
    return word if n == 1 else word + "s"


def pass_reason(hand: int, mask: int) -> str:
    """Why the three cards of ``mask`` are passed, suit by suit, each suit named.

    >>> from parlour.cards import parse_cards as p
    >>> pass_reason(p("KD AD 5D QH 2C 3C 4C 5S 6S 7S 8S 9S TS"), p("KD AD QH"))
    'your high diamonds would win tricks; your high heart would win a trick full of hearts'
    """
    spades = (hand & SUIT[SPADES]).bit_count()
    parts: list[str] = []
    if mask >> QS & 1:
        parts.append(f"you hold too few spades ({spades}) to guard the queen of spades")
    tops = [RANK_WORDS[c % 13] for c in (51, 50) if mask >> c & 1]
    if tops:
        parts.append(f"the queen of spades could fall on your {' and '.join(tops)} "
                     f"of spades")
    other_spades = (mask & SUIT[SPADES] & ~((1 << QS) | (1 << 50) | (1 << 51))).bit_count()
    if other_spades:
        parts.append(f"your {_plural('spade', other_spades)} would win tricks")
    for s in (0, 1):
        passed = (mask & SUIT[s]).bit_count()
        if not passed:
            continue
        if hand & SUIT[s] & ~mask == 0:
            parts.append(f"passing all your {SUIT_WORDS[s]}s leaves a void to throw points on")
        else:
            parts.append(f"your high {_plural(SUIT_WORDS[s], passed)} would win tricks")
    hearts = (mask & HEARTS_MASK).bit_count()
    if hearts:
        parts.append(f"your high {_plural('heart', hearts)} would win "
                     f"{'a trick' if hearts == 1 else 'tricks'} full of hearts")
    return "; ".join(parts)


def explain(obs: Any, action: int, expected: dict[int, float]) -> str:
    """A short reason for ``action`` in a player's words."""
    hand: int = obs.hand
    if action >= PASS_BIT:
        return pass_reason(hand, action ^ PASS_BIT)
    c = action
    trick = tuple(obs.trick)
    taken = taken_by_seat(obs.plays, obs.played_by)
    pts = [penalty(t) for t in taken]
    seats = ("North", "East", "South", "West")
    if trick:
        led = trick[0] // 13
        best = max(x for x in trick if x // 13 == led)
        winner = (obs.leader + trick.index(best)) & 3
        if c // 13 != led:
            if c == QS:
                return f"dump the queen on the {SUIT_WORDS[led]} lead"
            if c // 13 == HEARTS:
                return f"throw a heart: you have no {SUIT_WORDS[led]}s"
            return f"throw away the {_name(c)} while you have no {SUIT_WORDS[led]}s"
        if c == QS and best > QS:
            return f"the queen goes under the {RANK_WORDS[best % 13]} of spades"
        if c < best:
            return f"play under the {_name(best)}: let {seats[winner]} take the trick"
        tp = sum(1 for x in trick if x // 13 == HEARTS) + (13 if QS in trick else 0)
        for s in range(4):
            if (tp > 0 and s != obs.seat and pts[s] >= 8
                    and all(pts[t] == 0 for t in range(4) if t != s)):
                return f"take the points: {seats[s]} is going for the moon"
        if len(trick) == 3 and tp == 0:
            return "take this trick: it holds no points, and a high card goes"
        if tp == 0:
            return "play high while it is safe: nobody has thrown points yet"
    else:
        if c // 13 == SPADES and c < QS and not hand >> QS & 1 and not obs.played >> QS & 1:
            return "lead a low spade to force out the queen"
        if c // 13 != HEARTS and (hand & SUIT[c // 13]).bit_count() <= 2:
            return f"lead from your short {SUIT_WORDS[c // 13]}s to make a void"
    if expected and action in expected:
        others = [v for k, v in expected.items() if k != action]
        if others:
            gain = min(others) - expected[action]
            return (f"the safest card: {expected[action]:.1f} points expected, "
                    f"{gain:.1f} fewer than the next best")
    return "the safest card here"

