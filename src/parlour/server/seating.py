"""Seating people at a table: invite codes, seat tokens, and the draw for
partners and the first dealer. Pure: no socket, no database.

The draw: every seat turns up one card (a bot's seat too). In Spades, when
the host asks for partners by the cards, the two highest cards are partners
and sit opposite each other; in both games the highest card deals first.
Ranks count ace high; between equal ranks spades beat hearts, diamonds, clubs.

>>> from parlour.cards import parse_card
>>> draw = Draw.from_cards([parse_card(c) for c in ("9H", "AS", "2C", "KD")], partners=True)
>>> draw.arrangement       # who sits where: AS (seat 1) and KD (seat 3) already face
[0, 1, 2, 3]
>>> draw.first_dealer, draw.partners
(1, [[1, 3], [0, 2]])
>>> draw = Draw.from_cards([parse_card(c) for c in ("AS", "KD", "2C", "9H")], partners=True)
>>> draw.arrangement       # KD moves opposite AS, 2C to KD's seat; 9H stays
[0, 2, 1, 3]
>>> draw.first_dealer
0
"""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass
from typing import Any

from parlour.cards import card_code, rank_of, suit_of

__all__ = ["CODE_ALPHABET", "CODE_LENGTH", "Draw", "hash_token", "new_code", "new_token",
           "normal_code"]

# No look-alikes: no 0/O, 1/I/L; a code is read out across a room.
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 6


def new_code() -> str:
    """A short invite code, e.g. ``K7QF3M``."""
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def normal_code(text: str) -> str | None:
    """The code a person typed, as stored (case and spaces forgiven), or None
    when it cannot be a code.

    >>> normal_code(" k7q-f3m "), normal_code("K7QF30")
    ('K7QF3M', None)
    """
    code = "".join(ch for ch in text.upper() if ch not in " -")
    if len(code) != CODE_LENGTH or any(ch not in CODE_ALPHABET for ch in code):
        return None
    return code


def new_token() -> str:
    """A seat's secret: only that seat's browser (or bot) ever holds it."""
    return secrets.token_urlsafe(24)


def hash_token(token: str) -> str:
    """What the store keeps of a seat token."""
    return hashlib.sha256(token.encode()).hexdigest()


def _strength(card: int) -> tuple[int, int]:
    return rank_of(card), suit_of(card)


@dataclass
class Draw:
    """The cards drawn, seat by seat, and what follows from them.

    ``arrangement[new_seat]`` is the seat (before the draw) whose occupant
    sits at ``new_seat`` after it; ``cards`` are by the seats before the draw."""

    cards: list[int]
    arrangement: list[int]
    first_dealer: int  # a seat after the draw
    partners: list[list[int]] | None  # seats after the draw, Spades only

    @classmethod
    def from_cards(cls, cards: list[int], partners: bool) -> Draw:
        order = sorted(range(4), key=lambda s: _strength(cards[s]), reverse=True)
        if partners:
            first, second = order[0], order[1]
            others = [s for s in range(4) if s not in (first, second)]
            # The highest card keeps its seat and its partner sits opposite;
            # the other two keep their seats where they can.
            placed: list[int | None] = [None] * 4
            placed[first] = first
            placed[(first + 2) % 4] = second
            moving = []
            for who in others:
                if placed[who] is None:
                    placed[who] = who
                else:
                    moving.append(who)
            for seat in range(4):
                if placed[seat] is None:
                    placed[seat] = moving.pop(0)
            arrangement = [who for who in placed if who is not None]
        else:
            arrangement = [0, 1, 2, 3]
        seat_after = {who: seat for seat, who in enumerate(arrangement)}
        dealer = seat_after[order[0]]
        teams = None
        if partners:
            teams = sorted([sorted([seat_after[order[0]], seat_after[order[1]]]),
                            sorted([seat_after[order[2]], seat_after[order[3]]])])
            teams.sort(key=lambda team: dealer not in team)
        return cls(cards, arrangement, dealer, teams)

    @classmethod
    def shuffled(cls, partners: bool) -> Draw:
        """Four different cards, drawn at random (not from any table's seed)."""
        deck = list(range(52))
        cards = []
        for _ in range(4):
            cards.append(deck.pop(secrets.randbelow(len(deck))))
        return cls.from_cards(cards, partners)

    def to_json(self, names: list[str]) -> dict[str, Any]:
        """What everyone sees: each person's card, by the seat they take after it."""
        seat_after = {who: seat for seat, who in enumerate(self.arrangement)}
        return {
            "cards": [{"seat": seat_after[s], "name": names[seat_after[s]],
                       "card": card_code(self.cards[s])} for s in range(4)],
            "first_dealer": self.first_dealer,
            "partners": self.partners,
        }
