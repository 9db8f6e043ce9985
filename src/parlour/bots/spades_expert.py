"""The ``expert`` Spades bot: sampled deals, solved, scored as the team's points.

Each decision deals the unseen cards afresh many times, consistently with
the observation (voids, and bids: a nil bidder rarely holds the ace of
spades), and values every candidate card on every sample:

- late in the hand (``dd_tricks`` tricks left or fewer) with the
  double-dummy solver of :mod:`parlour.solvers.double_dummy`, weighted so
  that a trick taken by a nil bidder counts far more than any other (once
  both contracts are decided, each side gives the other the tricks left:
  they are bags, :func:`bag_fight_outcomes`);
- earlier, by playouts: the candidate card is played and the hand finished
  with every seat following the ``normal`` rules (:func:`rule_card`, each
  seat seeing only its own sampled hand and the public play);

The outcome of each sample is turned into the team's *score* for the hand
(contract made or set, bags and the bag penalty, nils made or failed), minus
the opponents', plus a bonus for reaching the target first; the card with the
best mean wins. Bids are chosen the same way: sampled deals are played out
for a nil and for a number bid, and the bid with the best expected score is
made.

>>> from parlour.games.spades import SpadesHand
>>> hand = SpadesHand.from_seed(2, dealer=0)
>>> bot = ExpertBot(seed=1, samples=6)
>>> action = bot.choose(hand.observation(1), hand.legal_actions())
>>> action in hand.legal_actions()
True
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import Final

from parlour.bots.registry import register_bot
from parlour.bots.spades_play import SPADES, rule_card
from parlour.bots.spades_rules import RuleBot, estimate_tricks, nil_danger, seat_bid
from parlour.cards import FULL_DECK, Rng
from parlour.games.spades import (
    BID_BASE,
    BLIND_NIL_ACTION,
    SpadesHand,
    SpadesObservation,
    bid_action,
)
from parlour.games.spades_scoring import score_hand
from parlour.solvers.double_dummy import DoubleDummy

__all__ = ["Evaluation", "ExpertBot", "bag_fight_outcomes", "contracts_decided", "solve_outcomes",
           "table_bids", "team_utility"]

# Lexicographic weights of the solver: an own nil bidder's trick, then an
# opposing nil bidder's trick, then a counted trick of the team.
W_OWN_NIL = -256
W_OPP_NIL = 16
WIN_BONUS = 150
BAG_COST = 10.0
PLAYOUTS: Final = 1000
# Sampled deals a bid; each is played out once for every candidate bid.
BID_SAMPLES: Final = 64
# Sampled deals a card in the exact endgame (each solved for every candidate). 64
# gained about 1.35 points a position over 24-32 against PIMC-24 (4,266 positions),
# 128 about 1.4 over 64 (1,119 positions in a confirming run).
DD_SAMPLES: Final = 128
# A nil is weighed only for a hand whose rough danger (:func:`nil_danger`) is below this.
NIL_MAX: Final = 0.9


class Evaluation:
    """The expert's view of each candidate action: mean score difference and
    mean tricks the team takes (for hints and bid advice)."""

    def __init__(self) -> None:
        self.actions: list[int] = []
        self.value: list[float] = []
        self.tricks: list[float] = []
        self.nil_safe: list[float] = []
        self.made: list[float] = []  # bids: the share of samples the team's contract is made
        self.samples = 0

    def best(self) -> int:
        i = 0
        for j in range(1, len(self.actions)):
            if self.value[j] > self.value[i] + 1e-9:
                i = j
        return self.actions[i]


class ExpertBot:
    """Sampling bot: ``samples`` deals a decision (0 = by tricks left),
    ``time_budget`` seconds a decision (0 = fixed counts, deterministic),
    ``dd_tricks``: from how many tricks left the exact solver takes over;
    before that sampled playouts by the ``normal`` rules value the cards
    (about ``playouts`` a decision), or with ``playouts=0`` the ``normal``
    rules choose directly. ``model``: how the playouts play the opponents'
    cards: 0 as ``normal`` (the default), 1 *keen* (no duck with their
    contract made unless the next bag brings the penalty, as a player that
    counts only the hand's score), 2 each opponent keen or ``normal`` at
    random, drawn afresh for every sampled deal. ``bid_model``: the same
    for the opponents' play in the bid playouts (0 ``normal``, 1 keen, 2 at
    random per opponent and sampled deal). ``nil_max``: a nil is weighed
    only for a hand whose rough danger (:func:`nil_danger`) is below it (2:
    on every hand, the playouts alone deciding). ``partner_shave``: in the
    bid playouts a partner yet to bid bids a trick under ``normal``'s bid
    (not under 1) in that many sampled deals of 100, as the expert does about
    half the time. ``bag_fight``: 1 (the default) makes the exact endgame play
    for bags once both sides' contracts are decided (made, or out of reach)
    and no nil was bid: each side then gives the other the tricks, a bag
    costing more than the point it brings; 0 has the solver take every trick
    it can for the team whatever the contracts. ``dd_samples``: deals a
    card in the exact endgame (128; ``samples`` overrides it)."""

    name = "expert"

    def __init__(self, seed: int = 0, samples: int = 0, time_budget: float = 0.0,
                 dd_tricks: int = 6, bid_samples: int = BID_SAMPLES,
                 playouts: int = PLAYOUTS, model: int = 0, bid_model: int = 0,
                 nil_max: float = NIL_MAX, partner_shave: int = 0,
                 bag_fight: int = 1, dd_samples: int = DD_SAMPLES) -> None:
        if bag_fight not in (0, 1):
            raise ValueError("bag_fight is 0 (off) or 1 (the endgame plays for bags)")
        self.rng = Rng(seed)
        self.bag_fight = bag_fight
        self.dd_samples = dd_samples
        self.partner_shave = partner_shave
        self.nil_max = nil_max
        self.model = model
        self.bid_model = bid_model
        self.playouts = playouts
        self.samples = samples
        self.time_budget = time_budget
        self.dd_tricks = dd_tricks
        self.bid_samples = bid_samples
        self._rules = RuleBot("normal", seed)

    # --- the interface ---------------------------------------------------

    def choose(self, observation: SpadesObservation, legal_actions: Sequence[int]) -> int:
        if legal_actions[0] >= BID_BASE:
            return self.evaluate_bids(observation, legal_actions).best()
        if len(legal_actions) == 1:
            return legal_actions[0]
        tricks_left = 13 - sum(observation.tricks_won)
        if tricks_left > self.dd_tricks and not self.playouts:
            # Without playouts, the early tricks are played by the rules.
            return self._rules.choose(observation, legal_actions)
        return self.evaluate_play(observation, legal_actions).best()

    # --- sampling ----------------------------------------------------------

    def sample(self, obs: SpadesObservation) -> SpadesHand:
        """A deal consistent with the observation, biased towards the bids:
        up to a few redeals when a hand looks unlike its bid."""
        state = obs.sample(self.rng)
        for _try in range(6):
            if _plausible(state, obs):
                break
            state = obs.sample(self.rng)
        return state

    def _sample_count(self, tricks_left: int, moves: int) -> int:
        if self.samples > 0:
            return self.samples
        if tricks_left <= self.dd_tricks:
            return self.dd_samples
        # Playouts: more deals when there are few candidates (about
        # ``playouts`` a decision), between 8% and 25% of them (80 and 250).
        return max(self.playouts * 2 // 25, min(self.playouts // 4, self.playouts // moves))

    # --- card play ---------------------------------------------------------

    def evaluate_play(self, obs: SpadesObservation, legal: Sequence[int]) -> Evaluation:
        """Mean outcome of each legal card over sampled deals."""
        start = time.perf_counter()
        cands = _distinct(obs, legal)
        ev = Evaluation()
        sums = [0.0] * len(cands)
        tricks = [0.0] * len(cands)
        safe = [0.0] * len(cands)
        tricks_left = 13 - sum(obs.tricks_won)
        n = self._sample_count(tricks_left, len(cands))
        team = obs.seat & 1
        done = 0
        opponents = (1 << ((obs.seat + 1) & 3)) | (1 << ((obs.seat + 3) & 3))
        while True:
            state = self.sample(obs)
            if tricks_left <= self.dd_tricks:
                results = self._solve(state, obs, cands)
            else:
                keen = self._keen_seats(opponents)
                results = [self._playout(state, c, keen) for c in cands]
            for i in range(len(cands)):
                t = results[i]
                sums[i] += self._utility(obs, t)
                tricks[i] += t[team] + t[team + 2]
                nil_seat = obs.seat if seat_bid(obs, obs.seat) == 0 else (obs.seat + 2) & 3
                safe[i] += 1.0 if t[nil_seat] == 0 else 0.0
            done += 1
            if self.time_budget > 0:
                if time.perf_counter() - start > self.time_budget or done >= 400:
                    break
            elif done >= n:
                break
        ev.samples = done
        own_nil = seat_bid(obs, obs.seat) == 0 and obs.tricks_won[obs.seat] == 0
        for i, c in enumerate(cands):
            ev.actions.append(c)
            # Ties go to the low card (keep high cards), or for a nil bidder the high
            # one (get rid of danger): a hundredth of a point, below any real difference.
            tie = (c % 13 if own_nil else -(c % 13)) * 0.001
            ev.value.append(sums[i] / done + tie)
            ev.tricks.append(tricks[i] / done)
            ev.nil_safe.append(safe[i] / done)
        return ev

    def _solve(self, state: SpadesHand, obs: SpadesObservation,
               cands: list[int]) -> list[list[int]]:
        """Final tricks per seat after each candidate, by the exact solver."""
        return solve_outcomes(state, obs, cands, bags=self.bag_fight == 1)

    def _keen_seats(self, opponents: int, model: int = -1) -> int:
        """The seats the playouts of one sampled deal play keen (``model``, or
        the given model: ``bid_model`` for the bids)."""
        if model < 0:
            model = self.model
        if model == 1:
            return opponents
        if model == 2:
            return opponents & self.rng.next64()
        return 0

    def _playout(self, state: SpadesHand, first: int, keen: int = 0) -> list[int]:
        play = state.play.copy()
        bids = [seat_bid_of(state, s) for s in range(4)]
        play.play(first)
        bags = state.bags
        while play.trick_count < 13:
            play.play(rule_card(play, bids, bags, keen))
        return list(play.tricks_won)

    def _utility(self, obs: SpadesObservation, tricks: list[int]) -> float:
        return team_utility(table_bids(obs), tricks, obs.scores, obs.bags, obs, obs.seat & 1)

    # --- bidding -----------------------------------------------------------

    def evaluate_bids(self, obs: SpadesObservation, legal: Sequence[int]) -> Evaluation:
        """Expected score of each sensible bid, from sampled deals played out.

        Each sample is played out by the ``normal`` rules once for every candidate
        bid (nil included), the bidding finished after it: the team then plays to
        the contract that bid makes (ducking once it is made, pressing while it is
        not), so a higher bid is not judged on play that stopped at a lower one."""
        hand = obs.hand
        est = estimate_tricks(hand)
        guess = max(1, min(13, round(est)))
        nil_ok = bid_action(0) in legal and nil_danger(hand) < self.nil_max
        team = obs.seat & 1
        me = obs.seat
        partner = (me + 2) & 3
        ev = Evaluation()
        k = self.bid_samples if self.samples == 0 else self.samples
        cands = [b for b in range(max(1, guess - 2), min(13, guess + 2) + 1)
                 if bid_action(b) in legal]
        if nil_ok:
            cands.append(0)
        total = [0.0] * len(cands)
        tricks = [0.0] * len(cands)
        safe = [0.0] * len(cands)
        made = [0.0] * len(cands)
        opponents = (1 << ((me + 1) & 3)) | (1 << ((me + 3) & 3))
        for _i in range(k):
            state = self.sample(obs)
            keen = self._keen_seats(opponents, self.bid_model)
            for j, b in enumerate(cands):
                bids, t = self._bid_playout(state, me, b, keen)
                total[j] += team_utility(bids, t, obs.scores, obs.bags, obs, team)
                tricks[j] += t[me]
                safe[j] += 1.0 if t[me] == 0 else 0.0
                contract = 0
                taken = 0
                for x in (me, partner):
                    if bids[x] > 0:
                        contract += bids[x]
                        taken += t[x]
                made[j] += 1.0 if taken >= contract else 0.0
        for j, b in enumerate(cands):
            ev.actions.append(bid_action(b))
            # A nil beside a partner's nil is rarely right: both must survive.
            penalty = 60.0 if b == 0 and seat_bid(obs, partner) == 0 else 0.0
            ev.value.append(total[j] / k - penalty)
            ev.tricks.append(0.0 if b == 0 else tricks[j] / k)
            ev.nil_safe.append(safe[j] / k if b == 0 else 0.0)
            ev.made.append(made[j] / k)
        if not ev.actions:
            ev.actions.append(legal[0] if legal[0] != BLIND_NIL_ACTION else legal[1])
            ev.value.append(0.0)
            ev.tricks.append(est)
            ev.nil_safe.append(0.0)
            ev.made.append(0.0)
        ev.samples = k
        return ev

    def _bid_playout(self, state: SpadesHand, me: int, my_bid: int,
                     keen: int = 0) -> tuple[list[int], list[int]]:
        """Finish the bidding (others bid as ``normal`` would, this seat ``my_bid``)
        and play the hand out, the ``keen`` seats keen; returns (bids per seat,
        tricks per seat)."""
        s = state.clone()
        while s.bidding:
            seat = s.current_player()
            if seat == me:
                s.apply(bid_action(my_bid))
            else:
                b = self._rules.bid(s.observation(seat), s.legal_actions())
                if (self.partner_shave and seat == (me + 2) & 3
                        and BID_BASE + 1 < b < BLIND_NIL_ACTION
                        and self.rng.below(100) < self.partner_shave):
                    b -= 1  # the partner bids as the expert does, often a trick under
                s.apply(b)
        bids = [seat_bid_of(s, x) for x in range(4)]
        play = s.play
        bags = s.bags
        while play.trick_count < 13:
            play.play(rule_card(play, bids, bags, keen))
        return bids, list(play.tricks_won)


def solve_outcomes(state: SpadesHand, obs: SpadesObservation, cands: list[int],
                   horizon: int = 0, bags: bool = False) -> list[list[int]]:
    """Tricks per seat at the end of the hand after each candidate card, by the
    double-dummy solver on the sampled deal ``state`` (``horizon`` > 0: searched
    that many tricks past the current one, the rest counted from sure masters,
    the tricks not sure going to the opponents). With ``bags``, once both
    sides' contracts are decided (no nil bid), each side plays to give the
    other the tricks left (:func:`bag_fight_outcomes`)."""
    play = state.play
    bids = [seat_bid(obs, s) for s in range(4)]
    team = obs.seat & 1
    if bags and horizon == 0 and contracts_decided(bids, play.tricks_won, 13 - play.trick_count):
        return bag_fight_outcomes(state, team, cands)
    weights = [0, 0, 0, 0]
    for s in range(4):
        alive = bids[s] == 0 and play.tricks_won[s] == 0
        if (s & 1) == team:
            weights[s] = W_OWN_NIL if alive else (1 if bids[s] != 0 else 0)
        else:
            weights[s] = W_OPP_NIL if alive else 0
    values = _move_values(state, team, weights, horizon)
    left = 13 - play.trick_count
    out: list[list[int]] = []
    for c in cands:
        v = values[c] + 256 * 13
        a = v % 16
        b = (v // 16) % 16
        own_nil = 13 - v // 256
        t = list(play.tricks_won)
        counted = -1
        opp_counted = -1
        for s in range(4):
            if (s & 1) == team:
                if weights[s] == W_OWN_NIL:
                    t[s] += own_nil
                elif counted < 0 and weights[s] == 1:
                    counted = s
            elif weights[s] == W_OPP_NIL:
                t[s] += b
            elif opp_counted < 0 and bids[s] != 0:
                opp_counted = s
        t[counted if counted >= 0 else team] += a
        rest = left - a - b - own_nil
        t[opp_counted if opp_counted >= 0 else 1 - team] += rest
        out.append(t)
    return out


def _move_values(state: SpadesHand, team: int, weights: list[int], horizon: int) -> dict[int, int]:
    """Each legal card of the seat to play with its double-dummy value for
    ``team``, a trick won by seat ``s`` worth ``weights[s]``."""
    play = state.play
    dd = DoubleDummy(play.hands, play.leader, play.trick, trump=SPADES, side=team,
                     weights=weights, break_suit=SPADES, broken=play.broken,
                     tricks_done=play.trick_count, horizon=horizon)
    values: dict[int, int] = {}
    for c, v in dd.move_values():
        values[c] = v
    return values


def contracts_decided(bids: Sequence[int | None], won: Sequence[int], left: int) -> bool:
    """Whether neither side's contract can change any more (each made, or
    out of reach with the tricks ``left``), every seat having bid a number
    (no nil; ``None``: not bid yet)."""
    for t in (0, 1):
        first = bids[t]
        second = bids[t + 2]
        if first is None or second is None or first == 0 or second == 0:
            return False
        contract = first + second
        taken = won[t] + won[t + 2]
        if contract > taken and taken + left >= contract:
            return False
    return True


def bag_fight_outcomes(state: SpadesHand, team: int, cands: list[int]) -> list[list[int]]:
    """Tricks per seat at the end of the hand after each candidate card when
    both contracts are decided: every further trick is a bag (or nothing) to
    whoever takes it, so ``team`` takes as few as it can and the opponents
    give it as many as they can (weight -1 on the team's tricks), solved double
    dummy. The team's tricks go to its first seat, the rest to the opponents'
    (only the sides' totals count for the score)."""
    play = state.play
    values = _move_values(state, team, [-1 if (s & 1) == team else 0 for s in range(4)], 0)
    left = 13 - play.trick_count
    out: list[list[int]] = []
    for c in cands:
        t = list(play.tricks_won)
        t[team] -= values[c]
        t[1 - team] += left + values[c]
        out.append(t)
    return out


def table_bids(obs: SpadesObservation) -> list[int]:
    """Each seat's bid as scored (a blind nil as bid), 3 for a seat yet to bid."""
    bids = [b if b is not None else 3 for b in (seat_bid(obs, s) for s in range(4))]
    return [obs.bids[(s - obs.dealer - 1) & 3] if (s - obs.dealer - 1) & 3 < len(obs.bids)
            else bids[s] for s in range(4)]


def seat_bid_of(state: SpadesHand, seat: int) -> int:
    i = (seat - state.dealer - 1) & 3
    if i >= len(state.bids):
        return 3
    b = state.bids[i]
    return 0 if b < 0 else b


def team_utility(bids: list[int], tricks: list[int], scores: list[int], bags: list[int],
                 obs: SpadesObservation, team: int) -> float:
    """The team's points for the hand minus the opponents', with each bag
    charged its share of the penalty to come, and a bonus for reaching the
    target first (the same malus for the opponents).

    A bag costs ``bag_cost`` points now rather than 100 at the tenth: the
    penalty a hand's bags bring nearer is real even when it falls later.
    Near the end of the game it may never fall, so the charge shrinks."""
    r = score_hand(bids, tricks, scores, bags, obs.options)
    target = obs.options.target
    cost = bag_cost(scores, target)
    u = 0.0
    for t in (0, 1):
        # r.bags is mod 10: with a penalty, the bags went down by 10 and the
        # points by 100, so points - cost * (change in bags) is smooth.
        v = r.points[t] - cost * (r.bags[t] - bags[t])
        u += v if t == team else -v
    mine = r.scores[team]
    theirs = r.scores[1 - team]
    if mine >= target and mine > theirs:
        u += WIN_BONUS
    elif theirs >= target and theirs > mine:
        u -= WIN_BONUS
    return u


def bag_cost(scores: list[int], target: int) -> float:
    """What a bag costs now: a tenth of the penalty while the game is long,
    less when a team is within reach of the target.

    >>> bag_cost([100, 50], 500), bag_cost([420, 50], 500)
    (10.0, 4.0)
    """
    left = target - max(scores[0], scores[1])
    return BAG_COST * max(0.2, min(1.0, left / 200))


def _plausible(state: SpadesHand, obs: SpadesObservation) -> bool:
    """Whether each other seat's dealt hand fits its bid, roughly."""
    for s in range(4):
        if s == obs.seat:
            continue
        b = seat_bid(obs, s)
        if b is None:
            continue
        dealt = state.deal[s]
        if b == 0:
            if dealt & (1 << 51 | 1 << 50) or nil_danger(dealt) >= 0.9:
                return False
        elif abs(estimate_tricks(dealt) - b) > 2.5:
            return False
    return True


def _distinct(obs: SpadesObservation, legal: Sequence[int]) -> list[int]:
    """The legal cards, one of each run of cards that are equivalent for this seat
    (same suit, nothing still out between them)."""
    out: list[int] = []
    out_mask = FULL_DECK & ~obs.played & ~obs.hand
    prev = -1
    for c in sorted(legal):
        if prev >= 0 and prev // 13 == c // 13:
            between = ((1 << c) - 1) & ~((2 << prev) - 1)
            trick_cards = 0
            for t in obs.trick:
                trick_cards |= 1 << t
            if not between & (out_mask | trick_cards):
                prev = c
                continue
        out.append(c)
        prev = c
    return out


def _make(seed: int = 0, samples: int = 0, time_budget: float = 0.0, dd_tricks: int = 6,
          bid_samples: int = BID_SAMPLES, playouts: int = PLAYOUTS, model: int = 0,
          bid_model: int = 0, nil_max: float = NIL_MAX, partner_shave: int = 0,
          bag_fight: int = 1, dd_samples: int = DD_SAMPLES) -> ExpertBot:
    return ExpertBot(seed, samples, time_budget, dd_tricks, bid_samples, playouts, model,
                     bid_model, nil_max, partner_shave, bag_fight, dd_samples)


register_bot("spades", "expert", _make)
