"""Hearts actions and their notation: a card 0..51 to play it, ``PASS_BIT`` with
the mask of three cards to pass them; ``"play QS"``, ``"pass 2C 3D QS"``.

>>> action_to_string(parse_action("pass qs 3d 2c"))
'pass 2C 3D QS'
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import overload

from parlour.cards import card_code, card_codes, cards_of, parse_card
from parlour.games.base import IllegalAction

__all__ = [
    "PASS_ACROSS",
    "PASS_BIT",
    "PASS_LEFT",
    "PASS_NAMES",
    "PASS_NONE",
    "PASS_RIGHT",
    "PASS_ROTATION",
    "PassChoices",
    "action_to_string",
    "parse_action",
    "pass_action",
]

TWO_OF_CLUBS = 0
# A pass direction is how many seats clockwise the cards travel: to the left is
# the next seat clockwise.
PASS_NONE, PASS_LEFT, PASS_ACROSS, PASS_RIGHT = 0, 1, 2, 3
PASS_NAMES = ("none", "left", "across", "right")
PASS_ROTATION = (PASS_LEFT, PASS_RIGHT, PASS_ACROSS, PASS_NONE)  # hand 1, 2, 3, 4, again
PASS_BIT = 1 << 52
NO_POINTS_FIRST = "no points on the first trick"

# The 286 ways to choose 3 of 13 cards, as positions in the hand, ordered so
# that the pass actions come out ascending (highest card first, then middle).
_TRIPLES: tuple[tuple[int, int, int], ...] = tuple(
    (i, j, k) for k in range(13) for j in range(k) for i in range(j))


def pass_action(mask: int) -> int:
    """The action that passes the cards of ``mask`` (three cards)."""
    return PASS_BIT | mask


class PassChoices(Sequence[int]):
    """The 286 passes of a 13-card hand, made on demand rather than listed.

    >>> from parlour.cards import parse_cards
    >>> choices = PassChoices(parse_cards("2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC"))
    >>> len(choices), action_to_string(choices[0]), action_to_string(choices[-1])
    (286, 'pass 2C 3C 4C', 'pass QC KC AC')
    >>> pass_action(parse_cards("2C 3C AC")) in choices
    True
    """

    __slots__ = ("hand", "cards")

    def __init__(self, hand: int) -> None:
        self.hand = hand
        self.cards = cards_of(hand)

    def __len__(self) -> int:
        return 286 if len(self.cards) == 13 else 0

    @overload
    def __getitem__(self, index: int) -> int: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[int]: ...

    def __getitem__(self, index: int | slice) -> int | Sequence[int]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        n = len(self)
        if index < 0:
            index += n
        if not 0 <= index < n:
            raise IndexError("pass choice out of range")
        i, j, k = _TRIPLES[index]
        c = self.cards
        return PASS_BIT | (1 << c[i]) | (1 << c[j]) | (1 << c[k])

    def __iter__(self) -> Iterator[int]:
        for index in range(len(self)):
            yield self[index]

    def __contains__(self, action: object) -> bool:
        if not isinstance(action, int) or action >> 52 != 1:
            return False
        mask = action ^ PASS_BIT
        return mask.bit_count() == 3 and not mask & ~self.hand

    def __eq__(self, other: object) -> bool:
        if isinstance(other, PassChoices):
            return other.hand == self.hand
        return isinstance(other, (list, tuple)) and list(self) == list(other)

    def __hash__(self) -> int:
        return hash(self.hand)

    def __repr__(self) -> str:
        return f"PassChoices({card_codes(self.hand)!r})"


def action_to_string(action: int) -> str:
    if 0 <= action < 52:
        return f"play {card_code(action)}"
    if action >> 52 == 1 and (action ^ PASS_BIT).bit_count() == 3:
        return "pass " + card_codes(action ^ PASS_BIT)
    raise ValueError(f"{action} is not a Hearts action")


def parse_action(text: str) -> int:
    """An action from its notation: ``pass 2C 3D QS`` or ``play QS``.

    >>> parse_action("play 10h") == parse_action("play TH")
    True
    >>> action_to_string(parse_action("pass qs 3d 2c"))
    'pass 2C 3D QS'
    """
    words = text.strip().split()
    verb = words[0].lower() if words else ""
    if verb == "play" and len(words) == 2:
        return parse_card(words[1])
    if verb == "pass" and len(words) == 4:
        mask = 0
        for code in words[1:]:
            c = parse_card(code)
            if mask >> c & 1:
                raise IllegalAction(f"{card_code(c)} is passed twice")
            mask |= 1 << c
        return PASS_BIT | mask
    raise IllegalAction(
        f"{text!r} is not an action: write 'pass' and three cards, like 'pass 2C 3D QS', "
        "or 'play' and a card, like 'play QS'")
