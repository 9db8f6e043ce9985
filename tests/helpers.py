"""Helpers shared by the tests."""

from __future__ import annotations

from collections.abc import Mapping

from parlour.cards import FULL_DECK, cards_of, parse_cards


def make_deal(partial: Mapping[int, str]) -> list[int]:
    """Four 13-card hands: the seats given get (at least) those cards, the rest
    of the pack fills the hands in seat order."""
    hands = [parse_cards(partial.get(s, "")) for s in range(4)]
    rest = list(cards_of(FULL_DECK & ~(hands[0] | hands[1] | hands[2] | hands[3])))
    for s in range(4):
        while hands[s].bit_count() < 13:
            hands[s] |= 1 << rest.pop(0)
    assert rest == [] and sum(h.bit_count() for h in hands) == 52
    return hands
