"""The trick-taking core shared by Spades and Hearts.

Dealing from the dealer's left, following suit, the rule that a suit may not
be led until it is broken, first-trick restrictions, and the trick winner with
or without trumps. A game configures it with a few masks (:class:`TrickRules`)
rather than overriding methods, so the hot path stays a handful of integer
operations.

>>> from parlour.cards import parse_cards, card_code, SPADES
>>> rules = TrickRules(trump=SPADES, break_suit=SPADES)
>>> play = TrickPlay(rules, deal_hands(list(range(52)), dealer=3), leader=0)
>>> [card_code(c) for c in play.legal_cards()][:3]
['2C', '6C', 'TC']
>>> play.play(parse_card("2C")); play.player
1
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from parlour.cards import (
    SUIT_MASKS,
    SUIT_NAMES,
    Rng,
    bit,
    card_code,
    cards_in_suit,
    cards_of,
    parse_card,
    pretty,
)
from parlour.games.base import IllegalAction

SEAT_NAMES: Final = ("North", "East", "South", "West")
SEAT_LETTERS: Final = "NESW"

__all__ = [
    "SEAT_NAMES",
    "TrickPlay",
    "TrickRules",
    "deal_hands",
    "parse_card",
    "sample_hands",
    "trick_winner",
]


@dataclass(frozen=True)
class TrickRules:
    """What distinguishes one trick game's card play from another's.

    ``trump``: the trump suit, or -1 for none. ``break_suit``: a suit that may
    not be led until broken (unless the leader holds nothing else), or -1.
    ``breakers``: extra cards whose play breaks it (Hearts' queen of spades
    option). ``first_lead``: a card that must lead the first trick, or -1.
    ``first_trick_forbidden``: cards that may not be played to the first trick
    unless the player holds nothing else (Hearts' points).
    """

    trump: int = -1
    break_suit: int = -1
    breakers: int = 0
    first_lead: int = -1
    first_trick_forbidden: int = 0
    first_trick_reason: str = ""
    not_a_card_reason: str = ""  # what to say when a non-card action comes in card play


def deal_hands(deck: list[int], dealer: int) -> list[int]:
    """Deal 52 cards singly, clockwise, beginning at the dealer's left.

    >>> hands = deal_hands(list(range(52)), dealer=0)
    >>> card_code(cards_of(hands[1])[0]), card_code(cards_of(hands[0])[0])
    ('2C', '5C')
    """
    if len(deck) != 52:
        raise ValueError("a deal needs the 52 cards")
    h0 = h1 = h2 = h3 = 0
    for i in range(0, 52, 4):
        h0 |= 1 << deck[i]
        h1 |= 1 << deck[i + 1]
        h2 |= 1 << deck[i + 2]
        h3 |= 1 << deck[i + 3]
    first = (dealer + 1) & 3  # the dealer's left receives the first card
    dealt = [h0, h1, h2, h3]
    return [dealt[(seat - first) & 3] for seat in range(4)]


def trick_winner(cards: tuple[int, ...], leader: int, trump: int = -1) -> int:
    """The seat that wins a trick: highest trump if any, else highest of the suit led.

    >>> from parlour.cards import parse_card as p
    >>> trick_winner((p("KH"), p("AH"), p("2S"), p("QH")), leader=1, trump=3)
    3
    >>> trick_winner((p("KH"), p("AH"), p("2S"), p("QH")), leader=1)
    2
    """
    best = cards[0]
    best_suit = best // 13
    at = 0
    for i in range(1, len(cards)):
        c = cards[i]
        s = c // 13
        if s == best_suit:
            if c > best:
                best, at = c, i
        elif s == trump:
            best, best_suit, at = c, s, i
    return (leader + at) & 3


class TrickPlay:
    """The card play of one hand: four hands, the trick in progress, tricks taken.

    Undo records are tuples of the fields a play changes; the trick is kept
    as a tuple so saving it costs nothing.
    """

    __slots__ = (
        "rules",
        "hands",
        "trick",
        "leader",
        "player",
        "broken",
        "voids",
        "tricks_won",
        "taken",
        "played",
        "trick_count",
        "history",
        "_legal",
        "_break_mask",
        "_breakers",
    )

    def __init__(self, rules: TrickRules, hands: Sequence[int], leader: int) -> None:
        self.rules = rules
        self.hands = list(hands)
        self.trick: tuple[int, ...] = ()
        self.leader = leader
        self.player = leader
        self.broken = False
        self.voids = [0, 0, 0, 0]  # suits each seat has shown void in, as 4-bit masks
        self.tricks_won = [0, 0, 0, 0]
        self.taken = [0, 0, 0, 0]  # cards each seat has won in tricks
        self.played = 0
        self.trick_count = 0
        # (card, player, leader, trick, broken, voids[player], winner or -1)
        self.history: list[tuple[int, int, int, tuple[int, ...], bool, int, int]] = []
        self._legal = -1
        self._break_mask = SUIT_MASKS[rules.break_suit] if rules.break_suit >= 0 else 0
        self._breakers = self._break_mask | rules.breakers

    def copy(self) -> TrickPlay:
        # Built through __init__: under mypyc, TrickPlay.__new__(TrickPlay) runs
        # __init__ without arguments and fails.
        other = TrickPlay(self.rules, self.hands, self.leader)
        other.trick = self.trick
        other.leader = self.leader
        other.player = self.player
        other.broken = self.broken
        other.voids = self.voids[:]
        other.tricks_won = self.tricks_won[:]
        other.taken = self.taken[:]
        other.played = self.played
        other.trick_count = self.trick_count
        other.history = self.history[:]
        other._legal = self._legal
        return other

    @property
    def finished(self) -> bool:
        return self.trick_count == 13

    @property
    def led_suit(self) -> int:
        return self.trick[0] // 13 if self.trick else -1

    def legal_mask(self) -> int:
        """The cards the player to act may play, as a mask."""
        m = self._legal
        if m >= 0:
            return m
        hand = self.hands[self.player]
        rules = self.rules
        if self.trick:
            m = hand & SUIT_MASKS[self.trick[0] // 13]
            if not m:
                m = hand
                if self.trick_count == 0 and rules.first_trick_forbidden:
                    m = hand & ~rules.first_trick_forbidden or hand
        elif self.trick_count == 0 and rules.first_lead >= 0:
            m = hand & (1 << rules.first_lead) or hand
        elif not self.broken and self._break_mask:
            m = hand & ~self._break_mask or hand
        else:
            m = hand
        self._legal = m
        return m

    def legal_cards(self) -> tuple[int, ...]:
        m = self.legal_mask()
        if self.trick:
            s = self.trick[0] // 13
            if m & SUIT_MASKS[s] == m:
                return cards_in_suit(m, s)
        return cards_of(m)

    def refusal(self, card: int) -> str:
        """Why ``card`` may not be played now, in a player's words."""
        if self.trick_count == 13:
            return "the hand is over"
        if not 0 <= card < 52:
            return self.rules.not_a_card_reason or f"{card} is not a card"
        hand = self.hands[self.player]
        name = SEAT_NAMES[self.player]
        if not hand >> card & 1:
            if self.played >> card & 1:
                return f"{pretty(card)} has already been played"
            return f"{name} does not hold {pretty(card)}"
        rules = self.rules
        if self.trick:
            led = self.trick[0] // 13
            if hand & SUIT_MASKS[led]:
                return f"you must follow {SUIT_NAMES[led]}"
            return rules.first_trick_reason or "that card may not be played now"
        if self.trick_count == 0 and rules.first_lead >= 0:
            return f"{pretty(rules.first_lead)} must lead the first trick"
        return f"{SUIT_NAMES[rules.break_suit]} are not broken"

    def play(self, card: int) -> None:
        """Play a card for the player to act; refuses an illegal one with the reason."""
        m = self._legal
        if m < 0:
            m = self.legal_mask()
        if card < 0 or not m >> card & 1:
            raise IllegalAction(self.refusal(card))
        b = 1 << card
        p = self.player
        trick = self.trick
        held: int = self.hands[p]  # a typed local: compiled, the xor stays native
        self.hands[p] = held ^ b
        self.played |= b
        self._legal = -1
        broken = self.broken
        voids_p = self.voids[p]
        if b & self._breakers:
            if not trick and not broken and b & self._break_mask:
                # Leading the unbroken suit is allowed only to a player who holds
                # nothing else: everyone now knows the player is void elsewhere.
                self.voids[p] = voids_p | (15 ^ (1 << self.rules.break_suit))
            self.broken = True
        if trick:
            led = trick[0] // 13
            if card // 13 != led:
                self.voids[p] = voids_p | (1 << led)
            if len(trick) == 3:
                full = trick + (card,)
                winner = trick_winner(full, self.leader, self.rules.trump)
                self.history.append((card, p, self.leader, trick, broken, voids_p, winner))
                won: int = self.tricks_won[winner]  # typed locals keep it native
                self.tricks_won[winner] = won + 1
                taken: int = self.taken[winner]
                self.taken[winner] = taken | (1 << full[0]) | (1 << full[1]) | (1 << full[2]) | b
                self.trick_count += 1
                self.trick = ()
                self.leader = self.player = winner
                return
        self.history.append((card, p, self.leader, trick, broken, voids_p, -1))
        self.trick = trick + (card,)
        self.player = (p + 1) & 3

    def unplay(self) -> int:
        """Take back the last card played; returns it."""
        card, p, leader, trick, broken, voids_p, winner = self.history.pop()
        b = 1 << card
        held: int = self.hands[p]
        self.hands[p] = held | b
        self.played ^= b
        self.voids[p] = voids_p
        self.broken = broken
        self.leader = leader
        self.player = p
        self.trick = trick
        self._legal = -1
        if winner >= 0:
            self.tricks_won[winner] -= 1
            self.taken[winner] ^= (1 << trick[0]) | (1 << trick[1]) | (1 << trick[2]) | b
            self.trick_count -= 1
        return card

    def played_by(self) -> list[int]:
        """The cards each seat has played so far (public knowledge)."""
        out = [0, 0, 0, 0]
        for card, p, *_rest in self.history:
            out[p] |= 1 << card
        return out

    def completed_tricks(self) -> list[tuple[int, tuple[int, ...], int]]:
        """Each finished trick as (leader, cards in play order, winner)."""
        out = []
        for card, _p, leader, trick, _b, _v, winner in self.history:
            if winner >= 0:
                out.append((leader, trick + (card,), winner))
        return out


def sample_hands(
    unseen: int,
    counts: Sequence[int],
    voids: Sequence[int],
    known: Sequence[int],
    rng: Rng,
) -> list[int]:
    """Deal the unseen cards to the seats consistently with what is public.

    ``counts[s]`` is how many unseen cards seat ``s`` holds beyond ``known[s]``
    (cards known to be with it, such as cards passed to it); ``voids[s]`` is a
    4-bit mask of suits it cannot hold. Returns each seat's sampled hand
    (``known[s]`` included). Cards are placed most-constrained suit first,
    each to a seat chosen in proportion to its free places, with a retry on
    a dead end, so every deal consistent with the constraints can come out.

    >>> from parlour.cards import mask_of, count
    >>> hands = sample_hands(mask_of(range(39)), [0, 13, 13, 13], [0, 0b0001, 0, 0],
    ...                      [0, 0, 0, 0], Rng(3))
    >>> [count(h) for h in hands], hands[1] & mask_of(range(13))
    ([0, 13, 13, 13], 0)
    """
    unseen &= ~(known[0] | known[1] | known[2] | known[3])
    suits = sorted(range(4), key=lambda s: sum(1 for v in voids if v >> s & 1), reverse=True)
    # A few quick greedy tries; tight constraints fall through to the exact way.
    for _attempt in range(4):
        free = list(counts)
        hands = list(known)
        ok = True
        for s in suits:
            seats = [p for p in range(4) if free[p] > 0 and not voids[p] >> s & 1]
            cards = list(cards_in_suit(unseen, s))
            rng.shuffle(cards)
            for c in cards:
                total = 0
                for p in seats:
                    total += free[p]
                if total == 0:
                    ok = False
                    break
                r = rng.below(total)
                for p in seats:
                    if r < free[p]:
                        break
                    r -= free[p]
                hands[p] |= bit(c)
                free[p] -= 1
                if free[p] == 0:
                    seats.remove(p)
            if not ok:
                break
        if ok and not any(free):
            return hands
    return _sample_exact(unseen, counts, voids, known, rng)


def _fits(left: list[int], free: list[int], voids: Sequence[int]) -> bool:
    """Hall's condition: every set of suits has room among the seats that may hold them."""
    for subset in range(1, 16):
        need = 0
        for s in range(4):
            if subset >> s & 1:
                need += left[s]
        if need == 0:
            continue
        room = 0
        for p in range(4):
            if subset & ~voids[p] & 15:
                room += free[p]
        if need > room:
            return False
    return True


def _sample_exact(unseen: int, counts: Sequence[int], voids: Sequence[int],
                  known: Sequence[int], rng: Rng) -> list[int]:
    """Place the cards one by one, each only where the rest can still be placed."""
    free = list(counts)
    hands = list(known)
    left = [cards_in_suit(unseen, s).__len__() for s in range(4)]
    if sum(left) != sum(free) or not _fits(left, free, voids):
        raise ValueError("no deal of the unseen cards fits what has been seen")
    cards = list(cards_of(unseen))
    rng.shuffle(cards)
    for c in cards:
        s = c // 13
        left[s] -= 1
        options: list[int] = []
        weights = 0
        for p in range(4):
            if free[p] > 0 and not voids[p] >> s & 1:
                free[p] -= 1
                if _fits(left, free, voids):
                    options.append(p)
                    weights += free[p] + 1
                free[p] += 1
        r = rng.below(weights)
        for p in options:
            if r <= free[p] - 1:
                break
            r -= free[p]
        hands[p] |= bit(c)
        free[p] -= 1
    return hands


def describe_trick(cards: Sequence[int], leader: int) -> str:
    """A trick for display: ``N:AS E:2S S:KS W:3H``."""
    return " ".join(
        f"{SEAT_LETTERS[(leader + i) & 3]}:{card_code(c)}" for i, c in enumerate(cards)
    )
