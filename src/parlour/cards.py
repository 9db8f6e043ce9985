"""Cards as ints 0..51 and sets of cards as 52-bit masks.

A card is ``suit * 13 + rank`` with suits clubs, diamonds, hearts, spades
(0..3) and ranks 2..A (0..12), so each suit is a contiguous 13-bit field of a
mask and "highest card of a suit in a hand" is one ``bit_length``.

>>> card = parse_card("QS")
>>> card, card_code(card), suit_of(card) == SPADES, rank_of(card) == QUEEN
(49, 'QS', True, True)
>>> hand = parse_cards("AS 10d 2c")
>>> card_codes(hand)
'2C TD AS'
>>> pretty(parse_card("TH"))
'10♥'
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Iterator
from typing import Final

CLUBS, DIAMONDS, HEARTS, SPADES = 0, 1, 2, 3
SUITS = (CLUBS, DIAMONDS, HEARTS, SPADES)
SUIT_LETTERS: Final = "CDHS"
SUIT_SYMBOLS = "♣♦♥♠"
SUIT_NAMES: Final = ("clubs", "diamonds", "hearts", "spades")
RANK_LETTERS: Final = "23456789TJQKA"
TWO, TEN, JACK, QUEEN, KING, ACE = 0, 8, 9, 10, 11, 12

FULL_DECK: Final = (1 << 52) - 1
SUIT_BITS: Final = 0x1FFF
SUIT_MASKS: Final = tuple(SUIT_BITS << (13 * s) for s in SUITS)


class CardError(ValueError):
    """A card code that does not name a card, or a set that is not a deck."""


def card(rank: int, suit: int) -> int:
    """The card of a rank (0 = 2 .. 12 = ace) and suit (0 = clubs .. 3 = spades).

    >>> card_code(card(ACE, SPADES))
    'AS'
    """
    return suit * 13 + rank


def suit_of(c: int) -> int:
    return c // 13


def rank_of(c: int) -> int:
    return c % 13


def bit(c: int) -> int:
    """The mask holding only card ``c``."""
    return 1 << c


def card_code(c: int) -> str:
    """Two-character code of a card, rank then suit: ``'TD'`` is the ten of diamonds."""
    if not 0 <= c < 52:
        raise CardError(f"{c} is not a card (cards are 0..51)")
    return RANK_LETTERS[c % 13] + SUIT_LETTERS[c // 13]


def parse_card(code: str) -> int:
    """A card from its code; lower case and ``10`` for ten are accepted.

    >>> parse_card("10h") == parse_card("TH")
    True
    >>> parse_card("1S")
    Traceback (most recent call last):
    ...
    parlour.cards.CardError: '1S' is not a card: use rank then suit, like AS, TD, 9H, 2C
    """
    text = code.strip().upper()
    if text.startswith("10"):
        text = "T" + text[2:]
    if len(text) == 2 and text[0] in RANK_LETTERS and text[1] in SUIT_LETTERS:
        return SUIT_LETTERS.index(text[1]) * 13 + RANK_LETTERS.index(text[0])
    raise CardError(f"{code!r} is not a card: use rank then suit, like AS, TD, 9H, 2C")


def pretty(c: int) -> str:
    """A card for display, with a suit symbol: ``'10♥'``."""
    rank = "10" if c % 13 == TEN else RANK_LETTERS[c % 13]
    return rank + SUIT_SYMBOLS[c // 13]


def _build_suit_table() -> tuple[tuple[tuple[int, ...], ...], ...]:
    ranks = [tuple(r for r in range(13) if bits >> r & 1) for bits in range(1 << 13)]
    return tuple(tuple(tuple(r + 13 * s for r in rs) for rs in ranks) for s in SUITS)


# _SUIT_CARDS[s][bits] lists the cards of suit s present in a 13-bit field,
# so expanding a mask into cards costs four lookups, not 52 bit tests.
_SUIT_CARDS: Final = _build_suit_table()


def cards_of(mask: int) -> tuple[int, ...]:
    """The cards of a mask in ascending order (clubs first, 2 to ace in a suit).

    >>> [card_code(c) for c in cards_of(parse_cards("AS 2C KH"))]
    ['2C', 'KH', 'AS']
    """
    t = _SUIT_CARDS
    return (
        t[0][mask & 0x1FFF]
        + t[1][(mask >> 13) & 0x1FFF]
        + t[2][(mask >> 26) & 0x1FFF]
        + t[3][(mask >> 39) & 0x1FFF]
    )


def cards_in_suit(mask: int, suit: int) -> tuple[int, ...]:
    """The cards of one suit in a mask, ascending."""
    return _SUIT_CARDS[suit][(mask >> (13 * suit)) & 0x1FFF]


def mask_of(cards: Iterable[int]) -> int:
    """The mask of a collection of cards."""
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def count(mask: int) -> int:
    """How many cards a mask holds."""
    return mask.bit_count()


def highest(mask: int) -> int:
    """The highest-numbered card of a non-empty mask (within one suit: the top card)."""
    return mask.bit_length() - 1


def lowest(mask: int) -> int:
    """The lowest-numbered card of a non-empty mask."""
    return (mask & -mask).bit_length() - 1


def parse_cards(text: str | Iterable[str]) -> int:
    """A mask from card codes separated by spaces or commas (or from a list of codes).

    Repeated cards are an error, since a hand never holds one card twice.
    """
    codes = text.replace(",", " ").split() if isinstance(text, str) else list(text)
    m = 0
    for code in codes:
        c = parse_card(code)
        if m >> c & 1:
            raise CardError(f"{card_code(c)} is listed twice")
        m |= 1 << c
    return m


def card_codes(mask: int) -> str:
    """Codes of a mask's cards, ascending, space separated."""
    return " ".join(card_code(c) for c in cards_of(mask))


def pretty_hand(mask: int) -> str:
    """A hand for display, suit by suit, high cards first: ``'♠ A K 4  ♥ 10 2'``."""
    parts = []
    for s in (SPADES, HEARTS, DIAMONDS, CLUBS):
        cs = cards_in_suit(mask, s)
        if cs:
            ranks = " ".join(pretty(c)[:-1] for c in reversed(cs))
            parts.append(f"{SUIT_SYMBOLS[s]} {ranks}")
    return "  ".join(parts)


class CardSet:
    """A friendly view of a mask: iterate, test membership, count, print.

    >>> hand = CardSet.parse("AS KS 2C")
    >>> len(hand), parse_card("KS") in hand, str(hand)
    (3, True, '2C KS AS')
    """

    __slots__ = ("mask",)

    def __init__(self, mask: int = 0) -> None:
        self.mask = mask

    @classmethod
    def parse(cls, text: str) -> CardSet:
        return cls(parse_cards(text))

    def __iter__(self) -> Iterator[int]:
        return iter(cards_of(self.mask))

    def __contains__(self, c: object) -> bool:
        return isinstance(c, int) and 0 <= c < 52 and bool(self.mask >> c & 1)

    def __len__(self) -> int:
        return self.mask.bit_count()

    def __eq__(self, other: object) -> bool:
        return isinstance(other, CardSet) and other.mask == self.mask

    def __hash__(self) -> int:
        return hash(self.mask)

    def __str__(self) -> str:
        return card_codes(self.mask)

    def __repr__(self) -> str:
        return f"CardSet.parse({str(self)!r})"

    def codes(self) -> list[str]:
        return [card_code(c) for c in cards_of(self.mask)]


# --- seeded randomness, the same on every machine and Python version -------

_M64: Final = (1 << 64) - 1


class Rng:
    """A small SplitMix64 generator: deals from a seed never depend on CPython's ``random``.

    >>> Rng(7).below(52) == Rng(7).below(52)
    True
    """

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = seed & _M64

    def next64(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & _M64
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _M64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _M64
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform int in ``0..n-1`` (rejection sampling, so unbiased)."""
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next64()
            if x < limit:
                return x % n

    def shuffle(self, items: list[int]) -> None:
        """Fisher-Yates, in place.

        The swap positions come from one 256-bit number read in the factorial
        number system (52! < 2**226), so a deck costs four draws, not 51; the
        bias of reducing 256 bits mod n! is below 2**-30 for n <= 52.
        """
        n = len(items)
        if n > 52:
            for i in range(n - 1, 0, -1):
                j = self.below(i + 1)
                items[i], items[j] = items[j], items[i]
            return
        x = self.next64() | self.next64() << 64 | self.next64() << 128 | self.next64() << 192
        for i in range(n - 1, 0, -1):
            x, j = divmod(x, i + 1)
            items[i], items[j] = items[j], items[i]


_NEW_DECK: Final = list(range(52))


def shuffled_deck(seed: int) -> list[int]:
    """The 52 cards in the order a seed shuffles them.

    Fisher-Yates driven by the bytes of BLAKE2b(seed), each swap position drawn
    by exact rejection sampling from one byte, so every deal is equally likely
    and a seed gives the same deal on every machine and Python version.

    >>> card_codes(mask_of(shuffled_deck(1)[:5]))
    '2C 4C 2D 5D JD'
    """
    deck = _NEW_DECK[:]
    key = (seed % (1 << 128)).to_bytes(16, "little")
    stream = hashlib.blake2b(key, digest_size=64).digest()
    pos = 0
    block = 0
    for i in range(51, 0, -1):
        k = i + 1
        limit = 256 - 256 % k
        while True:
            if pos == 64:
                block += 1
                stream = hashlib.blake2b(key + block.to_bytes(4, "little"),
                                         digest_size=64).digest()
                pos = 0
            b = stream[pos]
            pos += 1
            if b < limit:
                break
        j = b % k
        deck[i], deck[j] = deck[j], deck[i]
    return deck
