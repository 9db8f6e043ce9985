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
from typing import Any, Final

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


def winner_json(seats: Sequence[int]) -> dict[str, Any]:
    """A game's winner as every ``--json`` output gives it: the name the text
    uses (a seat, or a side of two partners) and the seats.

    >>> winner_json([1, 3]), winner_json([2])
    ({'name': 'EW', 'seats': [1, 3]}, {'name': 'South', 'seats': [2]})
    """
    name = SEAT_NAMES[seats[0]] if len(seats) == 1 else "".join(SEAT_LETTERS[s] for s in seats)
    return {"name": name, "seats": list(seats)}

__all__ = [
    "SEAT_NAMES",
    "TrickPlay",
    "TrickRules",
    "check_seat",
    "deal_hands",
    "parse_card",
    "sample_hands",
    "trick_winner",
    "winner_json",
]


def check_seat(seat: int) -> None:
    """Refuse a seat outside 0..3: used as an index, it would wrap round or
    fail deep inside, and a view could show another seat's cards.

    >>> check_seat(4)
    Traceback (most recent call last):
    ...
    ValueError: a seat is 0..3 (North, East, South, West), not 4
    """
    if not 0 <= seat <= 3:
        raise ValueError(f"a seat is 0..3 (North, East, South, West), not {seat}")


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

    The state is kept in plain int fields (compiled, they stay native): the
    four hands, the trick as packed 6-bit card slots, and one packed int per
    card played for undo, so playing a card allocates next to nothing.
    ``hands``, ``trick`` and ``history`` build the friendly views on demand.
    """

    __slots__ = (
        "rules",
        "h0",
        "h1",
        "h2",
        "h3",
        "leader",
        "player",
        "broken",
        "voids",
        "tricks_won",
        "taken",
        "played",
        "trick_count",
        "_trick",
        "_trick_len",
        "_best",
        "_best_seat",
        "_log",
        "_legal",
        "_break_mask",
        "_breakers",
    )

    def __init__(self, rules: TrickRules, hands: Sequence[int], leader: int) -> None:
        self.rules = rules
        self.h0 = hands[0]
        self.h1 = hands[1]
        self.h2 = hands[2]
        self.h3 = hands[3]
        self.leader = leader
        self.player = leader
        self.broken = False
        self.voids = [0, 0, 0, 0]  # suits each seat has shown void in, as 4-bit masks
        self.tricks_won = [0, 0, 0, 0]
        self.taken = [0, 0, 0, 0]  # cards each seat has won in tricks
        self.played = 0
        self.trick_count = 0
        self._trick = 0  # the cards of the trick in progress, 6 bits each, first lowest
        self._trick_len = 0
        self._best = -1  # the card winning the trick so far, and its seat
        self._best_seat = -1
        # One int a card played: card | player << 6 | leader << 8 | broken << 10
        # | the player's voids before << 11 | (winner + 1) << 15.
        self._log: list[int] = []
        self._legal = -1
        self._break_mask = SUIT_MASKS[rules.break_suit] if rules.break_suit >= 0 else 0
        self._breakers = self._break_mask | rules.breakers

    def copy(self) -> TrickPlay:
        # Built through __init__: under mypyc, TrickPlay.__new__(TrickPlay) runs
        # __init__ without arguments and fails.
        other = TrickPlay(self.rules, (self.h0, self.h1, self.h2, self.h3), self.leader)
        other.player = self.player
        other.broken = self.broken
        other.voids = self.voids[:]
        other.tricks_won = self.tricks_won[:]
        other.taken = self.taken[:]
        other.played = self.played
        other.trick_count = self.trick_count
        other._trick = self._trick
        other._trick_len = self._trick_len
        other._best = self._best
        other._best_seat = self._best_seat
        other._log = self._log[:]
        other._legal = self._legal
        return other

    # --- views ----------------------------------------------------------------

    def hand(self, seat: int) -> int:
        """The cards ``seat`` holds now, as a mask."""
        if seat == 0:
            return self.h0
        if seat == 1:
            return self.h1
        if seat == 2:
            return self.h2
        return self.h3

    @property
    def hands(self) -> list[int]:
        """The four hands as masks (a new list: changing it changes nothing)."""
        return [self.h0, self.h1, self.h2, self.h3]

    @property
    def trick(self) -> tuple[int, ...]:
        """The cards of the trick in progress, in play order."""
        t = self._trick
        n = self._trick_len
        if n == 0:
            return ()
        if n == 1:
            return (t & 63,)
        if n == 2:
            return (t & 63, (t >> 6) & 63)
        return (t & 63, (t >> 6) & 63, (t >> 12) & 63)

    def played_cards(self) -> list[int]:
        """Every card played so far, in order."""
        return [entry & 63 for entry in self._log]

    @property
    def cards_played(self) -> int:
        """How many cards have been played."""
        return len(self._log)

    @property
    def history(self) -> list[tuple[int, int, int, tuple[int, ...], bool, int, int]]:
        """Each card played as (card, player, leader, the trick before it, spades
        or hearts broken before it, the player's voids before it, the trick's
        winner if it completed one else -1)."""
        out: list[tuple[int, int, int, tuple[int, ...], bool, int, int]] = []
        trick: list[int] = []
        for entry in self._log:
            card = entry & 63
            winner = ((entry >> 15) & 7) - 1
            out.append((card, (entry >> 6) & 3, (entry >> 8) & 3, tuple(trick),
                        bool(entry >> 10 & 1), (entry >> 11) & 15, winner))
            trick.append(card)
            if winner >= 0:
                trick = []
        return out

    @property
    def finished(self) -> bool:
        return self.trick_count == 13

    @property
    def led_suit(self) -> int:
        return (self._trick & 63) // 13 if self._trick_len else -1

    def takes_the_rest(self) -> int:
        """The seat that takes every trick left whatever anyone plays, or -1: the
        trick's leader, when each card it held as the trick began is above every
        card the others held then in its suit, and (unless it holds only trumps)
        nobody else holds a trump. The same holds at every later trick."""
        if self.trick_count == 13:
            return -1
        leader = self.leader
        held = [self.h0, self.h1, self.h2, self.h3]
        trick = self._trick
        for k in range(self._trick_len):  # the trick's cards back in their hands
            held[(leader + k) & 3] |= 1 << (trick >> 6 * k & 63)
        mine = held[leader]
        others = 0
        for s in range(4):
            if s != leader:
                others |= held[s]
        trump = self.rules.trump
        if trump >= 0 and mine & ~SUIT_MASKS[trump] and others & SUIT_MASKS[trump]:
            return -1  # a seat void in the suit led could trump it
        for s in range(4):
            low = mine & SUIT_MASKS[s]
            low &= -low  # the leader's lowest card of the suit
            if low and others & SUIT_MASKS[s] >= low:
                return -1  # a card of the others' beats it
        return leader

    # --- play -----------------------------------------------------------------

    def legal_mask(self) -> int:
        """The cards the player to act may play, as a mask."""
        m = self._legal
        if m >= 0:
            return m
        hand = self.hand(self.player)
        rules = self.rules
        if self._trick_len:
            m = hand & SUIT_MASKS[(self._trick & 63) // 13]
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
        if self._trick_len:
            s = (self._trick & 63) // 13
            if m & SUIT_MASKS[s] == m:
                return cards_in_suit(m, s)
        return cards_of(m)

    def refusal(self, card: int) -> str:
        """Why ``card`` may not be played now, in a player's words."""
        if self.trick_count == 13:
            return "the hand is over"
        if not 0 <= card < 52:
            return self.rules.not_a_card_reason or f"{card} is not a card"
        hand = self.hand(self.player)
        name = SEAT_NAMES[self.player]
        if not hand >> card & 1:
            if self.played >> card & 1:
                return f"{pretty(card)} has already been played"
            return f"{name} does not hold {pretty(card)}"
        rules = self.rules
        if self._trick_len:
            led = (self._trick & 63) // 13
            if hand & SUIT_MASKS[led]:
                return f"you must follow {SUIT_NAMES[led]}"
            return rules.first_trick_reason or "that card may not be played now"
        if self.trick_count == 0 and rules.first_lead >= 0:
            return f"{pretty(rules.first_lead)} must lead the first trick"
        return f"{SUIT_NAMES[rules.break_suit]} are not broken"

    def _take(self, p: int, b: int) -> None:
        if p == 0:
            self.h0 ^= b
        elif p == 1:
            self.h1 ^= b
        elif p == 2:
            self.h2 ^= b
        else:
            self.h3 ^= b

    def play(self, card: int) -> None:
        """Play a card for the player to act; refuses an illegal one with the reason."""
        m = self._legal
        if m < 0:
            m = self.legal_mask()
        if card < 0 or not m >> card & 1:
            raise IllegalAction(self.refusal(card))
        b = 1 << card
        p = self.player
        self._take(p, b)
        self.played |= b
        self._legal = -1
        broken = self.broken
        voids_p: int = self.voids[p]  # typed locals keep list items native
        n = self._trick_len
        entry = card | (p << 6) | (self.leader << 8) | (int(broken) << 10) | (voids_p << 11)
        if b & self._breakers:
            if not n and not broken and b & self._break_mask:
                # Leading the unbroken suit is allowed only to a player who holds
                # nothing else: everyone now knows the player is void elsewhere.
                self.voids[p] = voids_p | (15 ^ (1 << self.rules.break_suit))
            self.broken = True
        if not n:
            self._trick = card
            self._trick_len = 1
            self._best = card
            self._best_seat = p
            self._log.append(entry)
            self.player = (p + 1) & 3
            return
        suit = card // 13
        led = (self._trick & 63) // 13
        if suit != led:
            self.voids[p] = voids_p | (1 << led)
        best = self._best
        if suit == best // 13:
            if card > best:
                self._best = card
                self._best_seat = p
        elif suit == self.rules.trump:
            self._best = card
            self._best_seat = p
        if n < 3:
            self._trick |= card << (6 * n)
            self._trick_len = n + 1
            self._log.append(entry)
            self.player = (p + 1) & 3
            return
        winner = self._best_seat
        self._log.append(entry | ((winner + 1) << 15))
        won: int = self.tricks_won[winner]
        self.tricks_won[winner] = won + 1
        t = self._trick
        taken: int = self.taken[winner]
        self.taken[winner] = taken | (1 << (t & 63)) | (1 << ((t >> 6) & 63)) \
            | (1 << ((t >> 12) & 63)) | b
        self.trick_count += 1
        self._trick = 0
        self._trick_len = 0
        self._best = -1
        self._best_seat = -1
        self.leader = self.player = winner

    def unplay(self) -> int:
        """Take back the last card played; returns it."""
        entry = self._log.pop()
        card = entry & 63
        p = (entry >> 6) & 3
        leader = (entry >> 8) & 3
        winner = ((entry >> 15) & 7) - 1
        b = 1 << card
        self._take(p, b)
        self.played ^= b
        self.voids[p] = (entry >> 11) & 15
        self.broken = bool(entry >> 10 & 1)
        self.leader = leader
        self.player = p
        self._legal = -1
        if winner >= 0:
            log = self._log
            k = len(log)
            t = (log[k - 3] & 63) | ((log[k - 2] & 63) << 6) | ((log[k - 1] & 63) << 12)
            self.tricks_won[winner] -= 1
            self.taken[winner] ^= (1 << (t & 63)) | (1 << ((t >> 6) & 63)) \
                | (1 << ((t >> 12) & 63)) | b
            self.trick_count -= 1
            self._trick = t
            self._trick_len = 3
        else:
            n = self._trick_len - 1
            self._trick &= (1 << (6 * n)) - 1
            self._trick_len = n
        self._rebest()
        return card

    def _rebest(self) -> None:
        """The winning card of the trick so far, worked out afresh (after an undo)."""
        n = self._trick_len
        if not n:
            self._best = self._best_seat = -1
            return
        cards = self.trick
        self._best_seat = trick_winner(cards, self.leader, self.rules.trump)
        self._best = cards[(self._best_seat - self.leader) & 3]

    def played_by(self) -> list[int]:
        """The cards each seat has played so far (public knowledge)."""
        out = [0, 0, 0, 0]
        for entry in self._log:
            p = (entry >> 6) & 3
            out[p] |= 1 << (entry & 63)
        return out

    def completed_tricks(self) -> list[tuple[int, tuple[int, ...], int]]:
        """Each finished trick as (leader, cards in play order, winner)."""
        out = []
        for _card, _p, leader, trick, _b, _v, winner in self.history:
            if winner >= 0:
                out.append((leader, trick + (_card,), winner))
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
