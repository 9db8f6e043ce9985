"""Hints and bid advice for a player: the expert's choice, with a reason in a
player's words, and a suggested bid with its expected tricks.

>>> from parlour.games.spades import SpadesHand
>>> hand = SpadesHand.from_seed(2, dealer=0)
>>> advice = bid_advice(hand.observation(1), hand.legal_actions(), samples=6)
>>> advice.text.startswith("bid ")
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from parlour.bots.spades_expert import BID_SAMPLES, Evaluation, ExpertBot
from parlour.bots.spades_rules import TableView, seat_bid
from parlour.cards import SPADES, SUIT_MASKS, SUIT_NAMES, pretty
from parlour.games.spades import BID_BASE, SpadesObservation
from parlour.games.trick import SEAT_NAMES

__all__ = ["BidAdvice", "Hint", "bid_advice", "hint"]

# A nil the sampled deals let survive at least this often is called safe.
SURE_NIL = 0.8


@dataclass
class Hint:
    """A suggested card with the reason for it."""

    action: int
    card: str  # as shown: "K♥"
    reason: str
    expected_tricks: float  # for the team, over the whole hand

    @property
    def text(self) -> str:
        return f"play {self.card}: {self.reason}"

    def to_json(self) -> dict[str, Any]:
        return {"action": self.action, "card": self.card, "reason": self.reason,
                "expected_tricks": round(self.expected_tricks, 1), "text": self.text}


@dataclass
class BidAdvice:
    """A suggested bid, its expected tricks, and the chance a nil would survive."""

    bid: int
    expected_tricks: float
    nil_chance: float | None
    reason: str

    @property
    def text(self) -> str:
        name = "nil" if self.bid == 0 else str(self.bid)
        return f"bid {name}: {self.reason}"

    def to_json(self) -> dict[str, Any]:
        return {"bid": self.bid, "expected_tricks": round(self.expected_tricks, 1),
                "nil_chance": None if self.nil_chance is None else round(self.nil_chance, 2),
                "reason": self.reason, "text": self.text}


def bid_advice(obs: SpadesObservation, legal: Sequence[int], samples: int = BID_SAMPLES,
               seed: int = 0) -> BidAdvice:
    """The expert's bid for this seat, with the tricks it expects to take."""
    expert = ExpertBot(seed=seed, bid_samples=samples)
    ev = expert.evaluate_bids(obs, legal)
    best = ev.best()
    bid = best - BID_BASE
    i = ev.actions.index(best)
    nil_i = ev.actions.index(BID_BASE) if BID_BASE in ev.actions else -1
    nil_chance = ev.nil_safe[nil_i] if nil_i >= 0 else None
    number = [j for j in range(len(ev.actions)) if ev.actions[j] != BID_BASE]
    tricks = ev.tricks[number[0]] if number else 0.0
    if bid == 0:
        chance = f"{100 * (nil_chance or 0):.0f}% of {ev.samples} sampled deals"
        if (nil_chance or 0) >= SURE_NIL or not number:
            reason = f"your hand should take no trick ({chance})"
        else:
            # A nil that fails often can still be the best bid: say so, and why.
            j = max(number, key=lambda k: ev.value[k])
            reason = (f"a gamble that survives only {chance}, but every number bid "
                      f"scores less on average (bid {ev.actions[j] - BID_BASE} scores "
                      f"{ev.value[i] - ev.value[j]:.0f} points less)")
        return BidAdvice(0, 0.0, nil_chance, reason)
    tricks = ev.tricks[i]
    reason = _number_reason(obs, ev, i)
    if nil_chance is not None:
        reason += f"; a nil would survive only {100 * nil_chance:.0f}% of the time"
    return BidAdvice(bid, tricks, nil_chance, reason)


def _number_reason(obs: SpadesObservation, ev: Evaluation, i: int) -> str:
    """Why number bid ``i``, saying why it is not the tricks expected when it is not."""
    bid = ev.actions[i] - BID_BASE
    tricks = ev.tricks[i]
    said = f"you expect to take about {tricks:.1f} tricks"
    numbers = [j for j in range(len(ev.actions))
               if ev.actions[j] != BID_BASE and j != i]
    if abs(tricks - bid) < 0.75 or not numbers:
        return said
    # the number bid nearest the tricks expected, which the expert did not choose
    k = min(numbers, key=lambda j: abs(ev.actions[j] - BID_BASE - tricks))
    other = ev.actions[k] - BID_BASE
    if abs(other - tricks) >= abs(bid - tricks):
        return said
    points = round(ev.value[i] - ev.value[k])
    gain = f"{points} point{'' if points == 1 else 's'} more on average"
    set_bid = 100 * (1 - ev.made[i])
    set_other = 100 * (1 - ev.made[k])
    team = obs.seat & 1
    partner = seat_bid(obs, (obs.seat + 2) & 3)
    if bid < tricks:
        if partner:
            return (f"{said}, but with your partner's {partner} the team bids {bid + partner}: "
                    f"bid {other} would be set {set_other:.0f}% of the time, bid {bid} "
                    f"{set_bid:.0f}% ({gain})")
        return (f"{said}, but bid {other} would be set {set_other:.0f}% of the time against "
                f"{set_bid:.0f}% for bid {bid}: a set costs more than a few bags ({gain})")
    if obs.bags[team] >= 6:
        return (f"{said}, but your team has {obs.bags[team]} bags: bid {bid} puts the team's "
                f"extra tricks into the contract instead of into bags ({gain})")
    if partner == 0:
        return (f"{said}, but your partner bid nil: your bid is the team's, and you will "
                f"take tricks to cover your partner ({gain})")
    return (f"{said}, but the team's tricks are what count: bid {bid} is made "
            f"{100 - set_bid:.0f}% of the time and scores {gain} than bid {other}")


def hint(obs: SpadesObservation, legal: Sequence[int], samples: int = 0,
         seed: int = 0) -> Hint:
    """The expert's card for this seat, with a reason a player understands."""
    expert = ExpertBot(seed=seed, samples=samples)
    if len(legal) == 1:
        card = legal[0]
        return Hint(card, pretty(card), "it is your only legal card", 0.0)
    ev = expert.evaluate_play(obs, legal)
    card = ev.best()
    i = ev.actions.index(card)
    return Hint(card, pretty(card), reason_for(obs, card, ev.tricks[i]), ev.tricks[i])


def _beats(c: int, best: int) -> bool:
    if c // 13 == best // 13:
        return c > best
    return c // 13 == SPADES


def reason_for(obs: SpadesObservation, card: int, tricks: float) -> str:
    """Why ``card`` is a good play now, in a player's words."""
    view = TableView.of(obs)
    me, partner = view.seat, view.partner
    team = me & 1
    c = pretty(card)
    trick = obs.trick
    best = -1
    win_seat = -1
    for i, t in enumerate(trick):
        if best < 0 or _beats(t, best):
            best = t
            win_seat = (obs.leader + i) & 3
    wins = best < 0 or _beats(card, best)
    if view.nil_alive[me]:
        if trick and not wins:
            return f"you bid nil: {c} is your highest card that still loses this trick"
        if not trick:
            return f"you bid nil: lead low with {c}, so someone else takes the trick"
        return f"you bid nil and cannot stay under {pretty(best)}: get rid of {c}"
    if view.nil_alive[partner]:
        if trick and wins and win_seat == partner:
            return f"your partner bid nil: cover with {c}"
        if not trick:
            return f"your partner bid nil: lead {c} high so your partner can play under it"
        if wins:
            return f"your partner bid nil: take the trick with {c} before your partner must"
    for o in ((me + 1) & 3, (me + 3) & 3):
        if view.nil_alive[o]:
            if trick and not wins:
                return f"{SEAT_NAMES[o]} bid nil: stay low with {c} so they may be forced to win"
            if not trick:
                return f"{SEAT_NAMES[o]} bid nil: lead {c} low to make them take a trick"
    need = view.contract[team] - view.counted[team]
    opp_need = view.contract[1 - team] - view.counted[1 - team]
    if need <= 0 and not wins:
        if obs.bags[team] >= 5:
            return (f"your team has made its bid and has {obs.bags[team]} bags: "
                    f"duck with {c} to avoid more")
        return f"your team has made its bid: duck with {c}, extra tricks are only bags"
    if wins and opp_need > 0 and view.tricks_left - opp_need <= 2:
        return (f"the opponents still need {opp_need} of the last {view.tricks_left} tricks: "
                f"take this one with {c} to set them")
    if trick and wins and card // 13 == SPADES and trick[0] // 13 != SPADES:
        return f"you are out of {SUIT_NAMES[trick[0] // 13]}: trump it with {c}"
    if trick and not wins and win_seat == partner:
        return f"your partner is winning the trick: play low with {c}"
    if not trick and not (view.unseen & SUIT_MASKS[card // 13] & ~((2 << card) - 1)):
        return f"{c} is the highest {SUIT_NAMES[card // 13][:-1]} left: cash it"
    if wins and need > 0:
        return f"your team still needs {need} trick{'s' if need > 1 else ''}: win it with {c}"
    return (f"{c} gives your team the most points on average "
            f"(about {tricks:.1f} tricks in all)")
