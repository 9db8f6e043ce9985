"""The ``expert`` Spades bot: sampled deals, solved, scored as the team's points.

Each decision deals the unseen cards afresh many times, consistently with
the observation (voids, and bids: a nil bidder rarely holds the ace of
spades), and values every candidate card on every sample:

- late in the hand (``dd_tricks`` tricks left or fewer) with the
  double-dummy solver of :mod:`parlour.solvers.double_dummy`, weighted so
  that a trick taken by a nil bidder counts far more than any other;
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
from collections.abc import Callable, Sequence

from parlour.bots.base import register_bot
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
from parlour.games.trick import TrickPlay
from parlour.solvers.double_dummy import DoubleDummy

__all__ = ["ExpertBot", "Evaluation"]

SPADES = 3
SPADE_MASK = 0x1FFF << 39
_SUIT = (0x1FFF, 0x1FFF << 13, 0x1FFF << 26, 0x1FFF << 39)
# Lexicographic weights of the solver: an own nil bidder's trick, then an
# opposing nil bidder's trick, then a counted trick of the team.
W_OWN_NIL = -256
W_OPP_NIL = 16
WIN_BONUS = 150
BAG_COST = 10.0
PLAYOUTS = 1000


class Evaluation:
    """The expert's view of each candidate action: mean score difference and
    mean tricks the team takes (for hints and bid advice)."""

    def __init__(self) -> None:
        self.actions: list[int] = []
        self.value: list[float] = []
        self.tricks: list[float] = []
        self.nil_safe: list[float] = []
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
    before that sampled playouts by the ``normal`` rules value the cards, or
    with ``playouts=0`` the ``normal`` rules choose directly."""

    name = "expert"

    def __init__(self, seed: int = 0, samples: int = 0, time_budget: float = 0.0,
                 dd_tricks: int = 6, bid_samples: int = 24, playouts: int = 1) -> None:
        self.rng = Rng(seed)
        self.playouts = playouts != 0
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
            return 32 if tricks_left <= 4 else 24
        # Playouts: more deals when there are few candidates (about 1000
        # playouts a decision), between 80 and 250.
        return max(80, min(250, PLAYOUTS // moves))

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
        while True:
            state = self.sample(obs)
            if tricks_left <= self.dd_tricks:
                results = self._solve(state, obs, cands)
            else:
                results = [self._playout(state, c) for c in cands]
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
        play = state.play
        bids = [seat_bid(obs, s) for s in range(4)]
        team = obs.seat & 1
        weights = [0, 0, 0, 0]
        for s in range(4):
            alive = bids[s] == 0 and play.tricks_won[s] == 0
            if (s & 1) == team:
                weights[s] = W_OWN_NIL if alive else (1 if bids[s] != 0 else 0)
            else:
                weights[s] = W_OPP_NIL if alive else 0
        dd = DoubleDummy(play.hands, play.leader, play.trick, trump=SPADES, side=team,
                         weights=weights, break_suit=SPADES, broken=play.broken,
                         tricks_done=play.trick_count)
        values: dict[int, int] = {}
        for c, v in dd.move_values():
            values[c] = v
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

    def _playout(self, state: SpadesHand, first: int) -> list[int]:
        play = state.play.copy()
        bids = [seat_bid_of(state, s) for s in range(4)]
        play.play(first)
        bags = state.bags
        while play.trick_count < 13:
            play.play(rule_card(play, bids, bags))
        return list(play.tricks_won)

    def _utility(self, obs: SpadesObservation, tricks: list[int]) -> float:
        bids = [b if b is not None else 3 for b in (seat_bid(obs, s) for s in range(4))]
        raw = [obs.bids[(s - obs.dealer - 1) & 3] if (s - obs.dealer - 1) & 3 < len(obs.bids)
               else bids[s] for s in range(4)]
        return team_utility(raw, tricks, obs.scores, obs.bags, obs, obs.seat & 1)

    # --- bidding -----------------------------------------------------------

    def evaluate_bids(self, obs: SpadesObservation, legal: Sequence[int]) -> Evaluation:
        """Expected score of each sensible bid, from sampled deals played out.

        Each sample is played out twice by the ``normal`` rules: once with this seat
        bidding nil (its chance to take no trick), once with a number bid (the
        team's tricks); the expected score of every bid follows from those."""
        hand = obs.hand
        est = estimate_tricks(hand)
        guess = max(1, min(13, round(est)))
        nil_ok = bid_action(0) in legal and nil_danger(hand) < 0.9
        team = obs.seat & 1
        me = obs.seat
        partner = (me + 2) & 3
        ev = Evaluation()
        k = self.bid_samples if self.samples == 0 else self.samples
        outcomes: list[tuple[list[int], list[int]]] = []  # (bids, tricks) for number bids
        nil_outcomes: list[tuple[list[int], list[int]]] = []
        for _i in range(k):
            state = self.sample(obs)
            outcomes.append(self._bid_playout(state, me, guess))
            if nil_ok:
                nil_outcomes.append(self._bid_playout(state, me, 0))
        candidates = sorted({max(1, guess + d) for d in (-2, -1, 0, 1, 2)} & set(range(1, 14)))
        for b in candidates:
            if bid_action(b) not in legal:
                continue
            total = 0.0
            tr = 0.0
            for bids, tricks in outcomes:
                bids2 = bids[:]
                bids2[me] = b
                total += team_utility(bids2, tricks, obs.scores, obs.bags, obs, team)
                tr += tricks[me]
            ev.actions.append(bid_action(b))
            ev.value.append(total / k)
            ev.tricks.append(tr / k)
            ev.nil_safe.append(0.0)
        if nil_ok and nil_outcomes:
            total = 0.0
            safe = 0.0
            for bids, tricks in nil_outcomes:
                total += team_utility(bids, tricks, obs.scores, obs.bags, obs, team)
                safe += 1.0 if tricks[me] == 0 else 0.0
            p_bid = seat_bid(obs, partner)
            # A nil beside a partner's nil is rarely right: both must survive.
            penalty = 60.0 if p_bid == 0 else 0.0
            ev.actions.append(bid_action(0))
            ev.value.append(total / len(nil_outcomes) - penalty)
            ev.tricks.append(0.0)
            ev.nil_safe.append(safe / len(nil_outcomes))
        if not ev.actions:
            ev.actions.append(legal[0] if legal[0] != BLIND_NIL_ACTION else legal[1])
            ev.value.append(0.0)
            ev.tricks.append(est)
            ev.nil_safe.append(0.0)
        ev.samples = k
        return ev

    def _bid_playout(self, state: SpadesHand, me: int, my_bid: int) -> tuple[list[int], list[int]]:
        """Finish the bidding (others bid as ``normal`` would, this seat ``my_bid``)
        and play the hand out; returns (bids per seat, tricks per seat)."""
        s = state.clone()
        while s.bidding:
            seat = s.current_player()
            if seat == me:
                s.apply(bid_action(my_bid))
            else:
                s.apply(self._rules.bid(s.observation(seat), s.legal_actions()))
        bids = [seat_bid_of(s, x) for x in range(4)]
        play = s.play
        bags = s.bags
        while play.trick_count < 13:
            play.play(rule_card(play, bids, bags))
        return bids, list(play.tricks_won)


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


def _beats(c: int, best: int) -> bool:
    if c // 13 == best // 13:
        return c > best
    return c // 13 == SPADES


# --- the ``normal`` rules on masks, for playouts --------------------------

def _pick(mask: int, key: Callable[[int], int], highest: bool) -> int:
    """The card of ``mask`` with the highest (or lowest) key; ties go to the
    lowest card, as Python's ``max`` and ``min`` over sorted cards give."""
    best = -1
    bk = 0
    m = mask
    while m:
        c = (m & -m).bit_length() - 1
        m &= m - 1
        k = key(c)
        if best < 0 or (k > bk if highest else k < bk):
            bk = k
            best = c
    return best


def _rank_key_max(mask: int, spade_last: bool) -> int:
    """The card of ``mask`` with the highest (not a spade if ``spade_last``, rank)."""
    return _pick(mask, lambda c: c % 13 + (13 if not spade_last or c // 13 != SPADES else 0),
                 True)


def _master_mask(unseen: int) -> int:
    """For each suit, the cards with no unseen card above them."""
    out = 0
    for s in range(4):
        u = unseen & _SUIT[s]
        if u:
            out |= _SUIT[s] & ~((2 << (u.bit_length() - 1)) - 1)
        else:
            out |= _SUIT[s]
    return out


def rule_card(play: TrickPlay, bids: list[int], bags: list[int]) -> int:
    """The card the ``normal`` rules (:mod:`parlour.bots.spades_rules`) play for
    the seat to act, computed on masks from what that seat may see: its own
    hand and the public cards, voids, bids and tricks. Playouts use it with
    sampled hands, so every seat plays as ``normal`` would, without peeking."""
    legal = play.legal_mask()
    if legal & (legal - 1) == 0:
        return legal.bit_length() - 1
    me = play.player
    partner = (me + 2) & 3
    hand = play.hand(me)
    unseen = FULL_DECK & ~play.played & ~hand
    won = play.tricks_won
    nil_alive = [bids[s] == 0 and won[s] == 0 for s in range(4)]
    masters = _master_mask(unseen)
    trick = play.trick
    if nil_alive[me]:
        return _nil_card(legal, trick, unseen)
    team = me & 1
    contract = [0, 0]
    counted = [0, 0]
    for s in range(4):
        if bids[s] > 0:
            contract[s & 1] += bids[s]
            counted[s & 1] += won[s]
    need = contract[team] - counted[team]
    opp_need = contract[1 - team] - counted[1 - team]
    tricks_left = 13 - play.trick_count
    duck = need <= 0 and not (opp_need > 0 and tricks_left - opp_need <= 1)
    if duck and bags[team] < 5 and need > -2:
        duck = opp_need <= 0
    o1 = (me + 1) & 3
    o3 = (me + 3) & 3
    voids = play.voids
    if not trick:
        return _lead_card(legal, hand, unseen, masters, nil_alive, duck, me, voids)
    leader = play.leader
    pos = len(trick)
    best = trick[0]
    idx = 0
    for i in range(1, pos):
        if _beats(trick[i], best):
            best = trick[i]
            idx = i
    win_seat = (leader + idx) & 3
    partner_played = pos >= 2 and ((leader + pos - 2) & 3) == partner
    led = trick[0] // 13
    winners = 0
    m = legal
    while m:
        c = (m & -m).bit_length() - 1
        m &= m - 1
        if _beats(c, best):
            winners |= 1 << c
    losers = legal & ~winners
    following = (legal & _SUIT[led]) != 0
    if nil_alive[partner] and winners:
        if partner_played and win_seat == partner:
            return (winners & -winners).bit_length() - 1
        if not partner_played:
            return winners.bit_length() - 1
    for o in (o1, o3):
        if nil_alive[o]:
            if win_seat == o and losers:
                return _rank_key_max(losers, True)
            if pos < 3 and ((leader + pos + 1) & 3) == o and following:
                return (legal & -legal).bit_length() - 1
    if duck:
        if losers:
            return _rank_key_max(losers, not following)
        return (winners & -winners).bit_length() - 1 if pos == 3 else winners.bit_length() - 1
    partner_winning = win_seat == partner
    if partner_winning:
        safe = pos == 3 or (masters >> best & 1) == 1 or (best // 13 == SPADES and led != SPADES)
        if safe or not winners:
            if not following:
                return _discard_card(legal, hand, masters)
            return (legal & -legal).bit_length() - 1
    if not winners:
        if not following:
            return _discard_card(legal, hand, masters)
        return (legal & -legal).bit_length() - 1
    if pos == 1 and following:
        mw = winners & masters
        if mw and not partner_winning:
            return (mw & -mw).bit_length() - 1
        return (legal & -legal).bit_length() - 1
    if not following or pos == 3:
        return (winners & -winners).bit_length() - 1
    mw = winners & masters
    if mw:
        return (mw & -mw).bit_length() - 1
    return winners.bit_length() - 1


def _lead_card(legal: int, hand: int, unseen: int, masters: int, nil_alive: list[bool],
               duck: bool, me: int, voids: list[int]) -> int:
    partner = (me + 2) & 3
    o1 = (me + 1) & 3
    o3 = (me + 3) & 3
    if nil_alive[partner]:
        # Cover: masters, side suits, high cards.
        return _pick(legal, lambda c: c % 13 + (13 if c // 13 != SPADES else 0)
                     + (26 if masters >> c & 1 else 0), True)
    opp_nil = nil_alive[o1] or nil_alive[o3]
    if duck or opp_nil:
        # Low, spades last unless an opponent's nil is to be attacked.
        return _pick(legal, lambda c: c % 13 + (13 if c // 13 == SPADES and not opp_nil else 0),
                     False)
    opp_void = voids[o1] | voids[o3]
    opp_trumps = not (voids[o1] >> SPADES & 1) or not (voids[o3] >> SPADES & 1)
    cands = 0
    m = legal & masters
    while m:
        c = (m & -m).bit_length() - 1
        m &= m - 1
        s = c // 13
        if (s == SPADES or not (opp_void >> s & 1) or not opp_trumps) and unseen & _SUIT[s]:
            cands |= 1 << c
    if cands:
        return _rank_key_max(cands, True)
    for s in range(3):
        if voids[partner] >> s & 1 and not (opp_void >> s & 1) and legal & _SUIT[s]:
            return (legal & _SUIT[s] & -(legal & _SUIT[s])).bit_length() - 1
    # From the shortest side suit, low, unless it is an honour to guard.
    return _pick(legal & ~SPADE_MASK or legal,
                 lambda c: ((hand & _SUIT[c // 13]).bit_count() if c % 13 < 9 else 20) * 16
                 + c % 13, False)


def _discard_card(legal: int, hand: int, masters: int) -> int:
    # Low cards of short side suits, keeping masters, honours and spades.
    return _pick(legal & ~SPADE_MASK & ~masters or legal & ~SPADE_MASK or legal,
                 lambda c: (256 if c % 13 >= 10 else 0)
                 + (hand & _SUIT[c // 13]).bit_count() * 16 + c % 13, False)


def _nil_card(legal: int, trick: tuple[int, ...], unseen: int) -> int:
    if not trick:
        # The card with the most higher cards still out, side suits first.
        def cover(c: int) -> int:
            n = (unseen & _SUIT[c // 13] & ~((2 << c) - 1)).bit_count()
            return ((2 if n else 0) + (1 if c // 13 != SPADES else 0)) * 4096 + n * 64 + 63 - c
        return _pick(legal, cover, True)
    best_c = trick[0]
    for i in range(1, len(trick)):
        if _beats(trick[i], best_c):
            best_c = trick[i]
    losers = 0
    m = legal
    while m:
        c = (m & -m).bit_length() - 1
        m &= m - 1
        if not _beats(c, best_c):
            losers |= 1 << c
    if losers:
        return _rank_key_max(losers, best_c // 13 != SPADES)
    if len(trick) == 3:
        return legal.bit_length() - 1
    return (legal & -legal).bit_length() - 1


def _make(seed: int = 0, samples: int = 0, time_budget: float = 0.0, dd_tricks: int = 6,
          bid_samples: int = 24, playouts: int = 1) -> ExpertBot:
    return ExpertBot(seed, samples, time_budget, dd_tricks, bid_samples, playouts)


register_bot("spades", "expert", _make)
