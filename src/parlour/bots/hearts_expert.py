"""The ``expert`` Hearts bot: sampled deals played out, the fewest points chosen.

Each decision deals the unseen cards afresh ``samples`` times, consistently
with the observation (:meth:`HeartsObservation.sample`: voids shown, the
cards this seat passed, the 2 of clubs' holder), and on every sample plays
each candidate card and then the rest of the hand with every seat following
the ``normal`` rules (:func:`parlour.bots.hearts_rules.rule_card`) with the
sample's cards. The outcome is what the hand adds to this seat's score (the
moon and the jack applied), plus a bonus or penalty when the hand ends the
game; the card with the lowest mean is played. Candidates are the legal
cards with equivalent ones merged (cards of a suit with nothing still out
between them). Every sample plays all candidates, so their comparison is
paired and the noise of the deal cancels.

Passes are played out the same way (:meth:`HeartsExpert.choose_pass`): each
choice of three among the cards the ``normal`` rules most want to pass, on
the same sampled deals, whole hands by the rules. ``time_budget`` (seconds) keeps sampling
until the time is spent, for stronger play; the default fixed number of
samples keeps the bot repeatable with its seed.

The deals can be weighted by what the other seats did (off by default):
``pool`` times ``samples`` deals are sampled, each weighed by how well the
``normal`` rules explain the pass this seat received (``pass_infer``), the
queen of spades kept when it could have been dropped safely
(``queen_infer``) and every other play (``infer``); ``samples`` of them are
then drawn by weight and played out (:mod:`parlour.bots.hearts_weights`). With
any of these on, the number of deals is fixed (``time_budget`` is not used).
The hints' words are in :mod:`parlour.bots.hearts_hints`.

>>> from parlour.games.hearts import HeartsHand
>>> hand = HeartsHand.from_seed(2, pass_dir=0)
>>> bot = HeartsExpert(seed=1, samples=8)
>>> hand.apply(bot.choose(hand.observation(hand.current_player()), hand.legal_actions()))
>>> action = bot.choose(hand.observation(hand.current_player()), hand.legal_actions())
>>> action in hand.legal_actions()
True
"""

from __future__ import annotations

import math
import time
from collections.abc import Sequence
from typing import Any

from parlour.bots.hearts_hints import Hint, explain
from parlour.bots.hearts_playout import outcome, playout
from parlour.bots.hearts_rules import (
    NORMAL,
    PASS_BIT,
    alike,
    choose_pass,
    observed_card,
    pass_danger,
    penalty,
    taken_by_seat,
    trick_winner,
)
from parlour.bots.hearts_weights import mismatches, systematic_draw
from parlour.bots.registry import register_bot
from parlour.cards import FULL_DECK, Rng, cards_of
from parlour.solvers.double_dummy import DoubleDummy

__all__ = ["HeartsExpert", "Hint", "hint", "points_from_here"]

HEARTS = 2
SPADES = 3
SUIT = (0x1FFF, 0x1FFF << 13, 0x1FFF << 26, 0x1FFF << 39)
HEARTS_MASK = 0x1FFF << 26
QS = 49
JD = 22
TWO_CLUBS = 0
# What ending the game is worth, in points of this hand: winning it, or
# ending it while another seat is lowest.
END_BONUS = 30.0  # the defaults below repeat it: a compiled signature shows only literals


def _low(m: int) -> int:
    return (m & -m).bit_length() - 1


def candidates(legal: int, hand: int, out: int, jack: bool) -> list[int]:
    """One card for each run of equivalent legal cards (the run's lowest).

    Cards of a suit are equivalent when no card of ``out`` (the cards that
    separate, :func:`separating`) lies between them; the queen of spades (and
    the jack of diamonds when it counts) stand alone.
    """
    special = (1 << QS) | ((1 << JD) if jack else 0)
    reps: list[int] = []
    prev = -1
    m = legal
    while m:
        c = _low(m)
        m &= m - 1
        b = 1 << c
        if prev >= 0 and prev // 13 == c // 13 and not (b | (1 << prev)) & special:
            between = ((1 << c) - 1) & ~((2 << prev) - 1)
            if not out & between:
                prev = c
                continue
        reps.append(c)
        prev = c
    return reps


def separating(obs: Any) -> int:
    """The cards that can tell two of the seat's cards apart: those still out
    and those in the trick (a card below the trick's winner and one above it
    are not the same card, whatever else was played)."""
    out: int = FULL_DECK & ~obs.played & ~obs.hand
    for t in obs.trick:
        out |= 1 << int(t)
    return out


def _same(rep: int, c: int, obs: Any) -> bool:
    """Whether ``c`` is ``rep`` or in its run of equivalent cards."""
    return rep == c or alike(rep, c, separating(obs), bool(obs.options.jack_of_diamonds))


def sure_card(obs: Any, legal: int) -> int:
    """The card a strong player plays without thinking, or -1: the queen of
    spades on a trick another seat takes (void in the suit led, or under the
    ace or king of spades), and, last to play, a trick with points taken from
    a seat that holds every point so far (14 or more), to stop its moon.

    The search's playouts (the ``normal`` rules, or the learned policy fitted
    to them) seldom punish a queen kept for later or shoot a moon that others
    let through; against stronger players both cost, so these are not left
    to it. Neither applies when the seat winning the trick could be
    shooting the moon (it holds every point taken, 8 or more)."""
    trick = obs.trick
    n = len(trick)
    if n == 0 or len(obs.plays) < 4:
        return -1
    taken = taken_by_seat(obs.plays, obs.played_by)
    pts = [penalty(t) for t in taken]
    total = pts[0] + pts[1] + pts[2] + pts[3]
    led = trick[0] // 13
    best = trick[0]
    bi = 0
    for i in range(1, n):
        if trick[i] // 13 == led and trick[i] > best:
            best = trick[i]
            bi = i
    winner = (obs.leader + bi) & 3
    lone = -1  # the only seat with points, if one is
    for seat in range(4):
        if pts[seat] == total and total > 0:
            lone = seat
    if legal >> QS & 1 and (lone < 0 or total < 8) and (led != SPADES or best > QS):
        return QS
    in_trick = 0
    for c in trick:
        in_trick |= 1 << c
    if (n == 3 and lone >= 0 and lone != obs.seat and winner == lone and total >= 14
            and penalty(in_trick) > 0):
        winners = legal & SUIT[led] & ~((2 << best) - 1) & ~(1 << QS)
        if winners:
            return _low(winners)
    return -1


class HeartsExpert:
    """Sampled deals played out by the rules; the card with the fewest points expected.

    ``samples``: deals sampled a decision (default 200); ``time_budget``:
    seconds to keep sampling for (0 = fixed samples, repeatable);
    ``dd_tricks``: with that many tricks left or fewer, no moon possible (two
    seats have points), no jack and no game that can end, each sample is
    solved double dummy in points instead of played out by the rules (0, the
    default: never); ``pass_deals``: deals each candidate pass is played out on
    (0: the ``normal`` pass); ``pass_cards``: the cards (by the rules' ranking)
    whose every three are candidates; ``infer``, ``pass_infer``, ``queen_infer``:
    the weight (1: off) a sampled deal is multiplied by for each of the other
    seats' plays that is not the ``normal`` card, each received card its
    passer's rules would have kept, and each time a seat kept the queen it
    could have dropped on another seat's trick; ``pool``: how many times
    ``samples`` deals are sampled for the weighted draw; ``model``: how the
    playouts play the other three seats: 0 by the ``normal`` rules, 1 as
    seats that only avoid points (never shoot nor stop a moon, duck with the
    lowest card: PIMC's solver counts nothing but its own
    points), 2 each of them one or the other at random, drawn afresh for
    every sampled deal, 3 by the ``normal`` rules but for their leads, which
    cash the highest club or diamond early as searching players do (the rules'
    ``CASH``), 4 by the ``normal`` rules but stopping a moon once a seat holds
    every point so far and 4 or more, not 8 (the rules' ``WARY``); ``relative``:
    how much of the mean the hand adds to the other three's scores is taken
    off this seat's own (0, the default: its own points alone; 1: its points
    against the table's, so a moon shot
    is worth 17.3 points more than a clean hand, where its own points see no
    difference, and another seat's moon costs 17.3 more than a clean hand,
    not 26); ``end_bonus``: what a hand that ends the game is worth in points of
    the hand, taken off when this seat ends it lowest and added when another
    seat does (default 30; 0 values the hand by its points alone); ``noise``:
    the chance (default 0, off) that a seat other than this one plays, at any
    of its turns in a card decision's playouts, another legal card than the
    rules' card, drawn uniformly; the draws come from one number the seeded
    generator gives each sampled deal, the same for every candidate
    (:func:`noise_draw`); the pass played out has no noise; ``noise_tricks``:
    noise only in that many tricks of a playout, the one in progress the
    first (default 0: in every trick). ``model`` 5: the other three seats
    play the learned policy's best card (:mod:`parlour.bots.hearts_policy`,
    fitted to the expert's own choices in self-play); 6 (the default since
    2026-12-07: 0.31 points a hand fewer than ``normal``'s model against
    PIMC-24 over 2,000 fresh deals): a card drawn with the policy's chances,
    the draws paired across candidates as the noise's are; ``policy_self``: with 5 or 6, this
    seat's own later cards too (default 0: by the ``normal`` rules);
    ``policy_infer`` (an experiment, default 0: off): the sampled deals
    weighted by the learned policy's chance of what the other seats played
    on each, to that power (1: the policy's likelihood itself), and drawn by
    weight as ``infer``'s are.

    >>> from parlour.games.hearts import HeartsHand
    >>> hand = HeartsHand.from_seed(3, pass_dir=0)
    >>> hand.apply(hand.legal_actions()[0])
    >>> obs, legal = hand.observation(hand.current_player()), hand.legal_actions()
    >>> a = HeartsExpert(seed=4, samples=20, noise=0.2).choose(obs, legal)
    >>> a == HeartsExpert(seed=4, samples=20, noise=0.2).choose(obs, legal), a in legal
    (True, True)
    """

    name = "expert"

    def __init__(self, seed: int = 0, samples: int = 200, time_budget: float = 0.0,
                 dd_tricks: int = 0, pass_deals: int = 80, pass_cards: int = 5,
                 infer: float = 1.0, pass_infer: float = 1.0, queen_infer: float = 1.0,
                 pool: int = 2, model: int = 6, relative: float = 0.0,
                 end_bonus: float = 30.0, noise: float = 0.0, noise_tricks: int = 0,
                 policy_self: int = 0, policy_infer: float = 0.0) -> None:
        if samples < 1:
            raise ValueError("samples must be at least 1")
        if not 3 <= pass_cards <= 13:
            raise ValueError("pass_cards must be 3 to 13")
        if not (0.0 < infer <= 1.0 and 0.0 < pass_infer <= 1.0 and 0.0 < queen_infer <= 1.0):
            raise ValueError("infer, pass_infer and queen_infer are weights above 0, at most 1")
        if pool < 1:
            raise ValueError("pool must be at least 1")
        if not 0.0 <= policy_infer <= 1.0:
            raise ValueError("policy_infer is the power of the learned policy's chances of "
                             "the others' plays in a deal's weight, from 0 (off) to 1")
        if not 0.0 <= relative <= 1.0:
            raise ValueError("relative is a weight from 0 (own points) to 1 "
                             "(own points less the others' mean)")
        if end_bonus < 0.0:
            raise ValueError("end_bonus is the points a hand that ends the game is worth, "
                             "at least 0")
        if model not in (0, 1, 2, 3, 4, 5, 6):
            raise ValueError("model is 0 (normal), 1 (point avoiders), 2 (a mix), 3 "
                             "(normal, leading as searching players do), 4 (normal, "
                             "stopping a moon sooner), 5 (the learned policy's best card) "
                             "or 6 (a card drawn by the learned policy)")
        if not 0.0 <= noise <= 1.0:
            raise ValueError("noise is a chance, from 0 to 1")
        if noise_tricks < 0:
            raise ValueError("noise_tricks is a number of tricks (0: every trick)")
        self.rng = Rng(seed)
        self.samples = samples
        self.time_budget = time_budget
        self.dd_tricks = dd_tricks
        self.pass_deals = pass_deals
        self.pass_cards = pass_cards
        self.infer = infer
        self.pass_infer = pass_infer
        self.queen_infer = queen_infer
        self.pool = pool
        self.policy_infer = policy_infer
        self.model = model
        self.relative = float(relative)
        self.end_bonus = float(end_bonus)
        self.noise = float(noise)
        # the chance out of 65,536 (a playout's draw is a 16-bit number)
        self.noise_cut = int(round(self.noise * 65536))
        self.noise_tricks = noise_tricks
        self.policy_self = policy_self != 0
        self.margin = 0.05
        # how many points a hand another pass must save over the ``normal`` one
        self.pass_margin = 0.25
        self.last: dict[int, float] = {}

    def choose(self, observation: Any, legal_actions: Sequence[int]) -> int:
        obs = observation
        if not legal_actions:
            raise ValueError("no legal action to choose from")
        if obs.passing:
            action = PASS_BIT | self.choose_pass(obs)
            return action if action in legal_actions else legal_actions[0]
        legal = 0
        for c in legal_actions:
            legal |= 1 << c
        if legal & (legal - 1) == 0:
            return _low(legal)
        sure = sure_card(obs, legal)
        if sure >= 0:
            self.last = {}
            return sure
        expected = self.evaluate(obs, legal)
        self.last = expected
        if len(expected) == 1:
            for c in expected:
                return c
        # The rules' card unless the search finds a clearly better one.
        rule = observed_card(obs, legal, NORMAL)
        best = -1
        best_v = 0.0
        for c, v in expected.items():
            if best < 0 or v < best_v - 1e-9:
                best = c
                best_v = v
        for c, v in expected.items():
            if c // 13 == rule // 13 and v <= best_v + self.margin and _same(c, rule, obs):
                return rule
        return best

    def choose_pass(self, obs: Any) -> int:
        """The three cards to pass (a mask): the ``normal`` pass unless another
        choice among the ``pass_cards`` cards the rules most want to pass takes
        clearly fewer points when whole hands are played out.

        Each of ``pass_deals`` deals gives the other seats the unseen cards at
        random; they pass as the ``normal`` rules do, and for every candidate pass
        the hand after the exchange is played to its end with every seat following
        the ``normal`` rules (the same deals for every candidate, so the comparison
        is paired). ``pass_deals=0``: the ``normal`` pass."""
        hand: int = obs.hand
        opts = obs.options
        jack: bool = opts.jack_of_diamonds
        normal = choose_pass(hand, NORMAL, jack)
        if self.pass_deals <= 0:
            return normal
        qbh: bool = opts.queen_breaks_hearts
        moon_add = opts.moon == "add_to_others"
        target: int = opts.target
        scores: list[int] = list(obs.scores)
        me: int = obs.seat
        d: int = obs.pass_dir
        danger = pass_danger(hand, jack)
        held = [c for c in range(52) if hand >> c & 1]
        held.sort(key=lambda c: (-danger[c], c))
        top = held[:self.pass_cards]
        cands = [normal]
        for i in range(len(top)):
            for j in range(i + 1, len(top)):
                for k in range(j + 1, len(top)):
                    mask = (1 << top[i]) | (1 << top[j]) | (1 << top[k])
                    if mask != normal:
                        cands.append(mask)
        totals = [0.0] * len(cands)
        unseen = FULL_DECK & ~hand
        cash = self._others_if(me, 3)
        wary = self._others_if(me, 4)
        for _ in range(self.pass_deals):
            cards = list(cards_of(unseen))
            self.rng.shuffle(cards)
            deal = [0, 0, 0, 0]
            k = 0
            for s in range(4):
                if s == me:
                    deal[s] = hand
                    continue
                for c in cards[k:k + 13]:
                    deal[s] |= 1 << c
                k += 13
            passes = [choose_pass(deal[s], NORMAL, jack) for s in range(4)]
            avoid = self._avoiders(me)
            for ci in range(len(cands)):
                passes[me] = cands[ci]
                hands = [(deal[s] & ~passes[s]) | passes[(s - d) & 3] for s in range(4)]
                leader = 0
                for s in range(4):
                    if hands[s] & 1:
                        leader = s
                taken = [0, 0, 0, 0]
                playout(hands, [0, 0, 0, 0], 0, leader, False, 0, taken, jack, qbh,
                        scores, target, avoid, cash=cash, wary=wary)
                totals[ci] += outcome(taken, me, jack, moon_add, scores, target, self.relative,
                                      self.end_bonus)
        best = 0
        for ci in range(1, len(cands)):
            if totals[ci] < totals[best] - 1e-9:
                best = ci
        if totals[best] / self.pass_deals < totals[0] / self.pass_deals - self.pass_margin:
            return cands[best]
        return normal

    def evaluate(self, obs: Any, legal: int) -> dict[int, float]:
        """Mean points expected for each candidate card (equivalent cards merged)."""
        jack: bool = obs.options.jack_of_diamonds
        cands = candidates(legal, obs.hand, separating(obs), jack)
        if len(cands) == 1:
            return {cands[0]: 0.0}
        totals = [0.0] * len(cands)
        exact = self._solve_exactly(obs)
        if self._inferring(obs):
            done = 0
            for world, count in self._weighted_worlds(obs):
                values = self._values(obs, world, cands, exact)
                for k in range(len(cands)):
                    totals[k] += count * values[k]
                done += count
        else:
            done = self._sampled(obs, cands, exact, totals)
        if done == 0:
            rule = observed_card(obs, legal, NORMAL)
            return {rule: 0.0}
        return {cands[k]: totals[k] / done for k in range(len(cands))}

    def _inferring(self, obs: Any) -> bool:
        """Whether the deals are weighted by what the other seats did: the
        option is on and something was passed to this seat or played."""
        if (self.infer >= 1.0 and self.pass_infer >= 1.0 and self.queen_infer >= 1.0
                and self.policy_infer <= 0.0):
            return False
        return bool(obs.plays) or (obs.received != 0 and self.pass_infer < 1.0)

    def _sampled(self, obs: Any, cands: list[int], exact: bool, totals: list[float]) -> int:
        """Plain sampling: every deal counts once; returns how many were played."""
        deadline = time.perf_counter() + self.time_budget if self.time_budget > 0 else 0.0
        done = 0
        failed = 0
        while True:
            try:
                world = obs.sample(self.rng)
            except ValueError:
                # The sampler can dead-end on tight constraints: try another deal.
                failed += 1
                if failed > 8 * self.samples:
                    break
                continue
            values = self._values(obs, world, cands, exact)
            for k in range(len(cands)):
                totals[k] += values[k]
            done += 1
            if self._enough(done, deadline):
                break
        return done

    def _weighted_worlds(self, obs: Any) -> list[tuple[Any, int]]:
        """``samples`` deals drawn, by weight, from ``pool`` times as many
        sampled ones, each with how often it was drawn (the rules' playouts
        are deterministic, so a deal drawn twice is played once, counted
        twice). A deal's weight is ``infer`` to the power of the other seats'
        plays in it that are not the ``normal`` card and ``pass_infer`` to the
        power of the received cards its passer's rules would have kept
        (:func:`~parlour.bots.hearts_weights.mismatches`), times the learned
        policy's chance of the others' plays to the power ``policy_infer``,
        relative to the best deal of the pool."""
        pool: list[Any] = []
        logs: list[float] = []
        lp = math.log(self.infer) if self.infer < 1.0 else 0.0
        lq = math.log(self.pass_infer) if self.pass_infer < 1.0 else 0.0
        lqq = math.log(self.queen_infer) if self.queen_infer < 1.0 else 0.0
        want = self.samples * self.pool
        failed = 0
        while len(pool) < want:
            try:
                world = obs.sample(self.rng)
            except ValueError:
                failed += 1
                if failed > 8 * want:
                    break
                continue
            miss, pass_miss, queen, logp = mismatches(obs, world, self.policy_infer > 0.0)
            pool.append(world)
            logs.append(miss * lp + pass_miss * lq + queen * lqq + self.policy_infer * logp)
        if not pool:
            return []
        top = max(logs)
        weights = [math.exp(v - top) for v in logs]
        # systematic resampling: one random offset, ``samples`` evenly spaced draws
        u = self.rng.below(1 << 30) / float(1 << 30)
        return [(pool[i], count) for i, count in systematic_draw(weights, self.samples, u)]

    def _values(self, obs: Any, world: Any, cands: list[int], exact: bool) -> list[float]:
        """Each candidate's outcome on one sampled deal, the hand played out by
        the rules (or solved double dummy when ``exact``)."""
        me: int = obs.seat
        if exact:
            solved = points_from_here(world, me)
            return [float(solved[c]) for c in cands]
        opts = obs.options
        jack: bool = opts.jack_of_diamonds
        qbh: bool = opts.queen_breaks_hearts
        moon_add = opts.moon == "add_to_others"
        target: int = opts.target
        scores: list[int] = list(obs.scores)
        play = world.play
        base_hands: list[int] = list(play.hands)
        base_trick: list[int] = [0, 0, 0, 0]
        n = len(play.trick)
        for i in range(n):
            base_trick[i] = play.trick[i]
        base_taken: list[int] = list(play.taken)
        avoid = self._avoiders(me)
        cash = self._others_if(me, 3)
        wary = self._others_if(me, 4)
        policy = self._policy_seats(me)
        policy_key = self.rng.below(1 << 32) if policy and self.model == 6 else -1
        noisy = 0
        key = 0
        if self.noise_cut > 0:
            noisy = 15 & ~(1 << me)
            key = self.rng.below(1 << 32)
        until = 13 if self.noise_tricks <= 0 else play.trick_count + self.noise_tricks
        rel: float = self.relative
        values: list[float] = []
        for k in range(len(cands)):
            c = cands[k]
            hands = base_hands[:]
            trick = base_trick[:]
            taken = base_taken[:]
            leader: int = play.leader
            broken: bool = play.broken or c // 13 == HEARTS or (qbh and c == QS)
            hands[me] &= ~(1 << c)
            trick[n] = c
            m = n + 1
            tricks_done: int = play.trick_count
            if m == 4:
                w = trick_winner(trick, leader)
                taken[w] |= (1 << trick[0]) | (1 << trick[1]) | (1 << trick[2]) \
                    | (1 << trick[3])
                leader = w
                m = 0
                tricks_done += 1
            playout(hands, trick, m, leader, broken, tricks_done, taken, jack, qbh,
                    scores, target, avoid, noisy, key, self.noise_cut, until, cash, wary,
                    policy, policy_key)
            values.append(outcome(taken, me, jack, moon_add, scores, target, rel, self.end_bonus))
        return values

    def _avoiders(self, me: int) -> int:
        """The seats one sampled deal's playouts play as point avoiders (``model``)."""
        others = 15 & ~(1 << me)
        if self.model == 1:
            return others
        if self.model == 2:
            return others & self.rng.below(16)
        return 0

    def _others_if(self, me: int, model: int) -> int:
        """The other seats, played in the playouts by the rules' ``CASH``
        (``model`` 3) or ``WARY`` (4), when that is the model; else none."""
        return 15 & ~(1 << me) if self.model == model else 0

    def _policy_seats(self, me: int) -> int:
        """The seats a card decision's playouts play by the learned policy
        (``model`` 5 or 6): the other three, and this one too with ``policy_self``."""
        if self.model != 5 and self.model != 6:
            return 0
        return 15 if self.policy_self else 15 & ~(1 << me)

    def _enough(self, done: int, deadline: float) -> bool:
        """Whether ``done`` samples are enough: the fixed number, or the time spent."""
        if deadline > 0.0:
            return done >= 4 and time.perf_counter() >= deadline
        return done >= self.samples

    def _solve_exactly(self, obs: Any) -> bool:
        """Whether this decision's samples are solved double dummy: late in the
        hand, and only where the seat's own points are all that can change
        the score (no moon left, no jack, no game ending this hand)."""
        if self.dd_tricks <= 0 or obs.hand.bit_count() > self.dd_tricks:
            return False
        opts = obs.options
        if opts.jack_of_diamonds:
            return False
        if opts.target > 0 and max(obs.scores) + 26 >= opts.target:
            return False
        scorers = 0
        for pts in obs.points:
            if pts > 0:
                scorers += 1
        return scorers >= 2

    def hint(self, observation: Any, legal_actions: Sequence[int]) -> Hint:
        """The choice with a short reason for a player."""
        action = self.choose(observation, legal_actions)
        expected = dict(self.last) if not observation.passing else {}
        return Hint(action, explain(observation, action, expected), expected)


def hint(observation: Any, legal_actions: Sequence[int], seed: int = 0,
         samples: int = 200) -> Hint:
    """The expert's advice for a seat (the web app's hint button)."""
    return HeartsExpert(seed, samples).hint(observation, legal_actions)


def points_from_here(world: Any, seat: int, horizon: int = 0) -> dict[int, int]:
    """Each legal card of ``seat`` (to play in the full deal ``world``) with the
    points the seat takes from here with best play by all, the other three
    playing against it (``horizon`` > 0: only those taken within that many
    tricks past the current one)."""
    play = world.play
    rules = play.rules
    dd = DoubleDummy(play.hands, play.leader, play.trick, trump=-1,
                     weights=[-1 if s == seat else 0 for s in range(4)],
                     maximisers=1 << seat, points=True, break_suit=rules.break_suit,
                     broken=play.broken, breakers=rules.breakers, first_lead=rules.first_lead,
                     first_trick_forbidden=rules.first_trick_forbidden,
                     tricks_done=play.trick_count, horizon=horizon)
    out: dict[int, int] = {}
    for c, v in dd.move_values():
        out[c] = -v
    return out


def _expert(seed: int = 0, samples: int = 200, time_budget: float = 0.0,
            dd_tricks: int = 0, pass_deals: int = 80, pass_cards: int = 5,
            infer: float = 1.0, pass_infer: float = 1.0, queen_infer: float = 1.0,
            pool: int = 2, model: int = 6, relative: float = 0.0,
            end_bonus: float = 30.0, noise: float = 0.0, noise_tricks: int = 0,
            policy_self: int = 0, policy_infer: float = 0.0) -> HeartsExpert:
    return HeartsExpert(seed, samples, time_budget, dd_tricks, pass_deals, pass_cards,
                        infer, pass_infer, queen_infer, pool, model, relative, end_bonus,
                        noise, noise_tricks, policy_self, policy_infer)


register_bot("hearts", "expert", _expert)

