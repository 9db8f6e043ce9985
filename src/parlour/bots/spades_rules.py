"""Rule-based Spades bots: ``easy`` and ``normal``.

Both read only a :class:`~parlour.games.spades.SpadesObservation`. ``easy``
bids its sure winners and plays "win it if you can, else go low". ``normal``
adds what a decent club player does: a hand evaluation with ruffing values,
nil bids on hands that cannot take a trick, covering a partner's nil,
attacking an opponent's nil, second hand low, third hand high, cashing
masters, ducking once the contract is made when bags would hurt.

>>> from parlour.games.spades import SpadesHand
>>> hand = SpadesHand.from_seed(4, dealer=0)
>>> bot = RuleBot("normal")
>>> while not hand.is_terminal():
...     seat = hand.current_player()
...     hand.apply(bot.choose(hand.observation(seat), hand.legal_actions()))
>>> sum(hand.play.tricks_won)
13
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from parlour.bots.registry import register_bot
from parlour.bots.spades_play import rule_card
from parlour.cards import FULL_DECK, SPADES, SUIT_MASKS, Rng, cards_in_suit, cards_of
from parlour.games.spades import BID_BASE, BLIND_NIL_ACTION, SpadesObservation, bid_action

__all__ = ["RuleBot", "TableView", "estimate_tricks", "nil_danger", "seat_bid"]

SPADE_MASK = SUIT_MASKS[SPADES]


def seat_bid(obs: SpadesObservation, seat: int) -> int | None:
    """The bid of ``seat`` (0 for nil or blind nil), or None if it has not bid yet."""
    i = (seat - obs.dealer - 1) & 3
    if i >= len(obs.bids):
        return None
    b = obs.bids[i]
    return 0 if b < 0 else b


def estimate_tricks(hand: int) -> float:
    """Expected tricks of a 13-card hand by the usual counting: honours by
    length, long spades, and ruffing values of short side suits.

    >>> from parlour.cards import parse_cards
    >>> round(estimate_tricks(parse_cards("AS KS QS 2S AH KH 2H 3D 4D 5D 6C 7C 8C")), 1)
    5.5
    """
    spades = cards_in_suit(hand, SPADES)
    ns = len(spades)
    ranks = [c % 13 for c in spades]
    est = 0.0
    honours = 0
    if 12 in ranks:
        est += 1.0
        honours += 1
    if 11 in ranks:
        est += 1.0 if ns >= 2 else 0.5
        honours += 1
    if 10 in ranks:
        est += 0.9 if ns >= 3 else 0.4
        honours += 1
    if 9 in ranks and ns >= 4:
        est += 0.5
        honours += 1
    if ns > 3:
        est += 0.85 * (ns - 3)
    spare = max(0, ns - max(honours, 1))
    for s in range(3):
        cs = cards_in_suit(hand, s)
        n = len(cs)
        rs = [c % 13 for c in cs]
        if 12 in rs:
            est += 1.0 if n <= 5 else 0.7
        if 11 in rs:
            if n >= 2:
                est += 0.8 if n <= 5 else 0.5
            else:
                est += 0.2
        if 10 in rs and 3 <= n <= 4:
            est += 0.35
        if spare > 0 and n <= 2:
            ruffs = min(spare, 3 - n) if n == 0 else (1 if n == 1 else 0.4)
            est += 0.8 * ruffs if n == 0 else (0.6 * ruffs if n == 1 else 0.3)
            spare -= int(ruffs) if n < 2 else 0
    return est


def nil_danger(hand: int) -> float:
    """How likely a nil with this hand is to fail, as a rough 0..1 score:
    high spades, long spades, and high side cards without low cards to hide behind.

    >>> from parlour.cards import parse_cards
    >>> nil_danger(parse_cards("2S 3S 2H 4H 6H 3D 5D 7D 9D 2C 4C 5C 8C")) < 0.3
    True
    """
    spades = [c % 13 for c in cards_in_suit(hand, SPADES)]
    d = 0.0
    if spades:
        top = max(spades)
        if top >= 11:
            return 1.0
        d += 0.25 * max(0, len(spades) - 2)
        d += {10: 0.5, 9: 0.35, 8: 0.2}.get(top, 0.0)
    for s in range(3):
        rs = sorted(c % 13 for c in cards_in_suit(hand, s))
        low = sum(1 for r in rs if r <= 4)
        for r in rs:
            if r >= 9:  # J or higher: dangerous unless covered by low cards
                d += 0.35 if low >= 2 else 0.15 * (r - 8) + 0.2
    return min(d, 1.0)


@dataclass
class TableView:
    """What a bot reads off an observation: bids, nils, contracts, the trick."""

    seat: int
    partner: int
    bids: list[int | None]
    nil_alive: list[bool]
    contract: list[int]  # per team
    counted: list[int]  # tricks toward the contract per team
    unseen: int
    tricks_left: int

    @classmethod
    def of(cls, obs: SpadesObservation) -> TableView:
        bids = [seat_bid(obs, s) for s in range(4)]
        nil_alive = [b == 0 and obs.tricks_won[s] == 0 for s, b in enumerate(bids)]
        contract = [0, 0]
        counted = [0, 0]
        for s in range(4):
            b = bids[s]
            if b is not None and b > 0:
                contract[s & 1] += b
                counted[s & 1] += obs.tricks_won[s]
        return cls(
            seat=obs.seat,
            partner=(obs.seat + 2) & 3,
            bids=bids,
            nil_alive=nil_alive,
            contract=contract,
            counted=counted,
            unseen=FULL_DECK & ~obs.played & ~obs.hand,
            tricks_left=13 - sum(obs.tricks_won),
        )


def _beats(c: int, best: int) -> bool:
    s, bs = c // 13, best // 13
    if s == bs:
        return c > best
    return s == SPADES


def _winning(trick: tuple[int, ...]) -> tuple[int, int]:
    """(index in trick, card) of the card winning a partial trick."""
    best = trick[0]
    idx = 0
    for i, c in enumerate(trick):
        if _beats(c, best):
            best, idx = c, i
    return idx, best


class RuleBot:
    """The ``easy`` or ``normal`` Spades bot (see the module's description)."""

    def __init__(self, level: str = "normal", seed: int = 0) -> None:
        if level not in ("easy", "normal"):
            raise ValueError(f"RuleBot level is easy or normal, not {level!r}")
        self.level = level
        self.name = level
        self.seed = seed

    # --- bidding ---------------------------------------------------------

    def choose(self, observation: SpadesObservation, legal_actions: Sequence[int]) -> int:
        obs = observation
        if legal_actions[0] >= BID_BASE:
            return self.bid(obs, legal_actions)
        if len(legal_actions) == 1:
            return legal_actions[0]
        if self.level == "easy":
            return self.play_easy(obs, legal_actions)
        return self.play_normal(obs, legal_actions)

    def bid(self, obs: SpadesObservation, legal: Sequence[int]) -> int:
        hand = obs.hand
        est = estimate_tricks(hand)
        if self.level == "easy":
            sure = sum(1 for c in cards_of(hand) if c % 13 >= 11 and (c % 13 == 12 or c >= 39))
            sure += max(0, len(cards_in_suit(hand, SPADES)) - 4)
            return _legal_bid(max(1, sure), legal)
        view = TableView.of(obs)
        partner_bid = view.bids[view.partner]
        if (bid_action(0) in legal and partner_bid != 0 and est < 2.0
                and nil_danger(hand) < 0.35):
            return bid_action(0)
        n = round(est) if partner_bid != 0 else int(est + 0.75)
        known = sum(b for b in view.bids if b is not None)
        if len(obs.bids) == 3 and known + n > 13:
            n -= 1  # the table cannot make more than 13: shade the last bid by one
        n = max(1, min(n, 13))
        return _legal_bid(n, legal)

    # --- easy play -------------------------------------------------------

    def play_easy(self, obs: SpadesObservation, legal: Sequence[int]) -> int:
        if not obs.trick:
            return max(legal, key=lambda c: (c // 13 != SPADES, c % 13))
        _i, best = _winning(obs.trick)
        winners = [c for c in legal if _beats(c, best)]
        if winners:
            return min(winners, key=lambda c: (c // 13 == SPADES, c))
        return min(legal, key=lambda c: (c // 13 == SPADES, c % 13))

    # --- normal play -----------------------------------------------------

    def play_normal(self, obs: SpadesObservation, legal: Sequence[int]) -> int:
        """The card of :func:`parlour.bots.spades_play.rule_card`, which reads only
        this seat's hand and the public play: so any deal consistent with the
        observation gives the same card, and a sampled one serves."""
        state = obs.sample(Rng(self.seed))
        bids = [seat_bid(obs, s) or 0 for s in range(4)]
        return rule_card(state.play, bids, list(obs.bags))


def _legal_bid(n: int, legal: Sequence[int]) -> int:
    a = bid_action(n)
    if a in legal:
        return a
    options = [x for x in legal if x != BLIND_NIL_ACTION]
    return min(options, key=lambda x: abs(x - a))


def _easy(seed: int = 0) -> RuleBot:
    return RuleBot("easy", seed)


def _normal(seed: int = 0) -> RuleBot:
    return RuleBot("normal", seed)


register_bot("spades", "easy", _easy)
register_bot("spades", "normal", _normal)
