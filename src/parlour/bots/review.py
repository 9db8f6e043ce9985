"""Hand review: where a seat's points went, decision by decision, in the
expert's eyes.

Every decision the seat made in one hand of Spades or Hearts (the bid or the
pass, then each card) is judged fairly: each choice it had is valued over
deals sampled from what the seat could see at that moment (its observation,
never the hidden cards), by the expert's own search, and the double-dummy
value on the real cards is given beside it (what the choice was worth had
everyone seen everything). A choice that costs more than a threshold against
the expert's is a mistake, with the expert's card and its reason.

Pure and slow (seconds a hand): the server runs it in its worker pool and
stores the result.

>>> from parlour.games.hearts import HeartsGame
>>> game = HeartsGame(seed=5)
>>> actions = []
>>> while len(game.hands) == 1 and not game.is_terminal():
...     action = game.legal_actions()[0]
...     actions.append(game.action_to_string(action))
...     game.apply(action)
>>> review = review_hand("hearts", lambda: HeartsGame(seed=5), actions, hand=1, seat=2,
...                      samples=8)
>>> review["hand"], review["seat"], len(review["tricks"])
(1, 2, 13)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from parlour.bots.advice import reason_for
from parlour.bots.base import make_bot
from parlour.bots.hearts_expert import HeartsExpert, _same, separating, sure_card
from parlour.bots.hearts_expert import points_from_here as hearts_dd
from parlour.bots.hearts_hints import explain
from parlour.bots.hearts_playout import outcome, playout
from parlour.bots.hearts_rules import NORMAL, PASS_BIT, choose_pass, penalty
from parlour.bots.spades_expert import ExpertBot, solve_outcomes, table_bids, team_utility
from parlour.cards import Rng, card_code, cards_of, parse_card, pretty
from parlour.games.hearts import HeartsHand
from parlour.games.spades import SpadesHand
from parlour.games.trick_game import TrickGame

__all__ = ["MISTAKE", "Plan", "judge", "review_hand"]

# What a choice must cost against the expert's to be called a mistake: in
# Hearts a point of the seat's own; in Spades a bag's worth of score.
MISTAKE = {"hearts": 0.5, "spades": 5.0}
# Deals sampled a decision (the expert's own count in Spades: 0 = by tricks left).
SAMPLES = {"hearts": 200, "spades": 0}
PASS_SAMPLES = 96
# Deals sampled where each is solved double dummy (late in a Hearts hand): a
# solved deal says more than a deal played out by the rules, and costs more.
DD_SAMPLES = 64
BID_SAMPLES = 64

Progress = Callable[[int, int], None]


def review_hand(game: str, fresh: Callable[[], Any], actions: Sequence[str], hand: int, seat: int,
                samples: int = 0, seed: int = 0, progress: Progress | None = None
                ) -> dict[str, Any]:
    """The review of hand ``hand`` (1 for the first) for ``seat``.

    ``fresh()`` makes the game's state before any action (a ``SpadesGame`` or
    ``HeartsGame``), ``actions`` the table's stored actions (they may run past
    the hand). ``progress(done, total)`` is called after each decision judged.
    """
    plan = Plan.of(game, fresh(), actions, hand, seat)
    verdicts: list[dict[str, Any] | None] = []
    state = fresh()
    upto = 0
    for k, index in enumerate(plan.decisions):
        for text in actions[upto:index]:
            state.apply(state.parse_action(text))
        upto = index
        verdicts.append(judge(game, state, actions[index], seat, samples, seed + k))
        if progress is not None:
            progress(k + 1, len(plan.decisions))
    return plan.review(verdicts)


def judge(game: str, state: Any, text: str, seat: int, samples: int = 0,
          seed: int = 0) -> dict[str, Any] | None:
    """The expert's verdict on ``seat`` making the action ``text`` in ``state``
    (None where the seat had no real choice)."""
    return _Judge(game, seat, samples or SAMPLES[game], seed).decision(
        state, state.parse_action(text))


def _settled(hand: Any) -> bool:
    """Whether nothing is left to play for, so the table plays the rest itself: a
    hand whose tricks left one seat takes whatever anyone plays (see
    :meth:`SpadesHand.takes_the_rest`), or a Hearts hand with every card that
    scores taken (see :meth:`HeartsHand.points_settled`)."""
    return isinstance(hand, (HeartsHand, SpadesHand)) and hand.nothing_to_play_for()


class Plan:
    """What a review covers: the hand, and where in the actions the seat decided."""

    def __init__(self, game: str, hand: int, seat: int, first: int, decisions: list[int],
                 finished: Any) -> None:
        self.game = game
        self.hand = hand
        self.seat = seat
        self.first = first  # the hand's first action, counted in the table's actions
        self.decisions = decisions  # the seat's decisions, counted the same way
        self.finished = finished

    @classmethod
    def of(cls, game: str, state: Any, actions: Sequence[str], hand: int, seat: int) -> Plan:
        """The plan for hand ``hand`` of ``state`` (the game before any action)
        played with ``actions``."""
        if game not in MISTAKE:
            raise ValueError(f"no review for {game!r}: only Spades and Hearts hands")
        if not 0 <= seat < 4:
            raise ValueError(f"there is no seat {seat}")
        mine: list[int] = []
        first = -1
        for i, text in enumerate(actions):
            if len(state.hands) > hand or state.is_terminal():
                break
            if len(state.hands) == hand:
                if first < 0:
                    first = i
                # (not once nothing is left to play for: no card can cost
                # anything then, and the table plays the rest itself)
                if state.current_player() == seat and not _settled(state.hand):
                    mine.append(i)
            state.apply(state.parse_action(text))
        if hand < 1 or first < 0 or len(state.hands) == hand and not state.is_terminal():
            raise ValueError(f"hand {hand} is not over")
        return cls(game, hand, seat, first, mine, state.hands[hand - 1])

    def review(self, verdicts: Sequence[dict[str, Any] | None]) -> dict[str, Any]:
        """The whole review from each decision's verdict, in order."""
        decisions = []
        for index, verdict in zip(self.decisions, verdicts, strict=True):
            if verdict is not None:
                decisions.append({**verdict, "index": index - self.first})
        cost = sum(d["cost"] for d in decisions)
        return {
            "game": self.game, "hand": self.hand, "seat": self.seat,
            "dealer": self.finished.dealer,
            "deal": [_codes(m) for m in self.finished.deal],
            "tricks": _tricks(self.finished),
            "decisions": decisions,
            "cost": round(cost, 1),
            "mistakes": sum(1 for d in decisions if d["mistake"]),
            "threshold": MISTAKE[self.game],
            "line": (f"Your decisions cost about {cost:.0f} points against the expert's."
                     if cost >= 0.5 else "Your decisions matched the expert's: nothing lost."),
            **_extras(self.game, self.finished),
        }


def _codes(mask: int) -> list[str]:
    return [card_code(c) for c in cards_of(mask)]


def _tricks(finished: Any) -> list[dict[str, Any]]:
    tricks: list[dict[str, Any]] = []
    cards: list[str] = []
    for card, _player, leader, _before, _broken, _voids, winner in finished.play.history:
        if not cards:
            tricks.append({"leader": leader, "cards": cards})
        cards.append(card_code(card))
        if winner >= 0:
            tricks[-1]["winner"] = winner
            cards = []
    return tricks


def _extras(game: str, finished: Any) -> dict[str, Any]:
    score = finished.score()
    if game == "hearts":
        # What each seat passed: its deal less the cards it played.
        played = _played_by_seat(finished)
        return {"passed": [_codes(finished.deal[s] & ~played[s]) for s in range(4)],
                "received": [_codes(finished.received(s)) for s in range(4)],
                "points": list(score.gained)}
    return {"bids": list(finished.seat_bids()), "tricks_won": list(finished.play.tricks_won),
            "points": list(score.points)}


def _played_by_seat(finished: Any) -> list[int]:
    """The cards each seat played in the hand, as masks."""
    played = [0, 0, 0, 0]
    for card, player, *_rest in finished.play.history:
        played[player] |= 1 << card
    return played


class _Judge:
    """Values a seat's choices the way the expert would, on the state it faced."""

    def __init__(self, game: str, seat: int, samples: int, seed: int) -> None:
        self.game = game
        self.seat = seat
        self.samples = samples
        self.seed = seed
        self.count = 0

    def decision(self, state: Any, action: int) -> dict[str, Any] | None:
        """``state`` is the game (a ``TrickGame``) or the hand being played."""
        if isinstance(state, TrickGame):
            state = state.hand
        legal = list(state.legal_actions())
        if len(legal) < 2:
            return None
        self.count += 1
        seed = (self.seed * 1_000_003 + self.count) & (2**63 - 1)
        obs = state.observation(self.seat)
        if self.game == "hearts":
            if action >= PASS_BIT:
                return self._hearts_pass(state, obs, legal, action, seed)
            return self._hearts_card(state, obs, legal, action, seed)
        if state.bidding:
            return self._spades_bid(state, obs, legal, action, seed)
        return self._spades_card(state, obs, legal, action, seed)

    # --- Hearts: points the seat takes, fewer is better ------------------------

    def _hearts_card(self, state: Any, obs: Any, legal: list[int], action: int,
                     seed: int) -> dict[str, Any] | None:
        mask = 0
        for c in legal:
            mask |= 1 << c
        # Late in the hand the sampled deals are solved double dummy, as the
        # real cards are: the rules' playouts let a kept queen go unpunished.
        late = EXACT_LEFT["hearts"]
        expert = HeartsExpert(seed, self.samples, dd_tricks=late)
        if expert._solve_exactly(obs):
            expert = HeartsExpert(seed, min(self.samples, DD_SAMPLES), dd_tricks=late)
        expected = expert.evaluate(obs, mask)
        if len(expected) < 2:
            return None  # every legal card is the same card here
        real = _hearts_real(state, self.seat, legal)
        chosen = next((r for r in expected if _same(r, action, obs)), action)
        best = min(expected, key=lambda c: (expected[c], c))
        # The cards the expert plays without search (the queen on another
        # seat's trick, a moon stopped) are its choice whatever the sampled
        # deals say: their playouts seldom punish a kept queen or let a moon
        # through, so they undervalue both.
        sure = sure_card(obs, mask)
        if sure >= 0:
            best = next((r for r in expected if _same(r, sure, obs)), sure)
        # The seat's own card stands for the cards equivalent to it.
        choices = [{"action": card_code(action if c == chosen else c), "value": round(v, 2),
                    "real": real.get(action if c == chosen else c)}
                   for c, v in sorted(expected.items(), key=lambda kv: kv[1])]
        cost = max(0.0, expected.get(chosen, expected[best]) - expected[best])
        return self._verdict("card", card_code(action), card_code(best), choices, cost,
                             real.get(action), explain(obs, best, expected), state,
                             sure=sure >= 0 and chosen != best)

    def _hearts_pass(self, state: Any, obs: Any, legal: list[int], action: int,
                     seed: int) -> dict[str, Any]:
        expert = HeartsExpert(seed).choose(obs, legal)  # the expert's own pass
        cands = [action] if action == expert else [action, expert]
        rng = Rng(seed)
        totals = [0.0] * len(cands)
        done = 0
        for _ in range(PASS_SAMPLES * 3):
            try:
                world = obs.sample(rng)
            except ValueError:
                continue
            for k, c in enumerate(cands):
                totals[k] += _pass_played_out(world, self.seat, c)
            done += 1
            if done >= PASS_SAMPLES:
                break
        values = {c: totals[k] / max(1, done) for k, c in enumerate(cands)}
        real = {c: _pass_played_out(state, self.seat, c) for c in cands}
        choices = [{"action": _pass_words(c), "value": round(values[c], 2), "real": real[c]}
                   for c in sorted(cands, key=lambda c: values[c])]
        cost = max(0.0, values[action] - values[expert])
        return self._verdict("pass", _pass_words(action), _pass_words(expert), choices, cost,
                             real[action], explain(obs, expert, {}), state)

    # --- Spades: our score less theirs, more is better -------------------------

    def _spades_card(self, state: Any, obs: Any, legal: list[int], action: int,
                     seed: int) -> dict[str, Any] | None:
        bot = ExpertBot(seed, samples=self.samples)
        ev = bot.evaluate_play(obs, legal)
        if len(ev.actions) < 2:
            return None
        values = dict(zip(ev.actions, ev.value, strict=True))
        tricks = dict(zip(ev.actions, ev.tricks, strict=True))
        chosen = next((r for r in ev.actions if _spades_same(r, action, obs)), action)
        best = ev.best()
        bids = table_bids(obs)
        real = {c: team_utility(bids, t, obs.scores, obs.bags, obs, self.seat & 1)
                for c, t in _spades_real(state, obs, legal).items()}
        choices = [{"action": card_code(action if c == chosen else c), "value": round(v, 1),
                    "real": round(real[action if c == chosen else c], 1)}
                   for c, v in sorted(values.items(), key=lambda kv: -kv[1])]
        cost = max(0.0, values[best] - values.get(chosen, values[best]))
        return self._verdict("card", card_code(action), card_code(best), choices, cost,
                             round(real[action], 1), reason_for(obs, best, tricks[best]), state)

    def _spades_bid(self, state: Any, obs: Any, legal: list[int], action: int,
                    seed: int) -> dict[str, Any]:
        bot = ExpertBot(seed)
        expert = bot.evaluate_bids(obs, legal).best()
        cands = [action] if action == expert else [action, expert]
        sampler = ExpertBot(seed + 1)
        totals = [0.0] * len(cands)
        team = self.seat & 1
        for _ in range(BID_SAMPLES):
            world = sampler.sample(obs)
            for k, b in enumerate(cands):
                bids, t = sampler._bid_playout(world, self.seat, _bid_number(state, b))
                totals[k] += team_utility(bids, t, obs.scores, obs.bags, obs, team)
        values = {b: totals[k] / BID_SAMPLES for k, b in enumerate(cands)}
        real: dict[int, float] = {}
        for b in cands:
            bids, t = sampler._bid_playout(state, self.seat, _bid_number(state, b))
            real[b] = round(team_utility(bids, t, obs.scores, obs.bags, obs, team), 1)
        name = state.action_to_string
        choices = [{"action": name(b), "value": round(values[b], 1), "real": real[b]}
                   for b in sorted(cands, key=lambda b: -values[b])]
        cost = max(0.0, values[expert] - values[action])
        return self._verdict("bid", name(action), name(expert), choices, cost, real[action],
                             "", state)

    def _verdict(self, kind: str, chosen: str, best: str, choices: list[dict[str, Any]],
                 cost: float, real: Any, reason: str, state: Any,
                 sure: bool = False) -> dict[str, Any]:
        """``sure``: ``best`` is a card the expert plays without search, and
        ``chosen`` is another: a mistake whatever the sampled deals cost it (the
        verdict says so with ``"sure"``)."""
        if cost < 0.005 and not sure:
            best = chosen  # as good as the expert's own choice
        mistake = sure or (cost > MISTAKE[self.game] and chosen != best)
        trick = state.play.trick_count + 1 if kind == "card" else 0
        text = ""
        if sure:
            text = (f"{_words(kind, chosen)} is a card a strong player does not play here: "
                    f"the expert plays {_words(kind, best)}"
                    + (f" ({reason})" if reason else "") + ".")
        elif mistake:
            shown, better = _words(kind, chosen), _words(kind, best)
            doing = {"card": shown, "bid": f"Bidding {shown}", "pass": f"Passing {shown}"}[kind]
            text = (f"{doing} cost about {cost:.1f} points on average here: the expert "
                    f"{ {'card': 'plays', 'bid': 'bids', 'pass': 'passes'}[kind]} {better}"
                    + (f" ({reason})" if reason else "") + ".")
        return {"kind": kind, "trick": trick, "chosen": chosen, "best": best,
                "choices": choices, "cost": round(cost, 2), "real": real,
                "mistake": mistake, "sure": sure, "text": text}


def _words(kind: str, choice: str) -> str:
    """A choice as a player reads it: "K♥", "4" or "nil", "K♥ Q♠ 2♣"."""
    if kind == "bid":
        number = choice.removeprefix("bid ")
        return "nil" if number == "0" else number
    return " ".join(pretty(parse_card(code)) for code in choice.split())


def _pass_words(action: int) -> str:
    return " ".join(_codes(action ^ PASS_BIT))


def _bid_number(state: Any, action: int) -> int:
    text = state.action_to_string(action).removeprefix("bid ")
    return 0 if text in ("nil", "blind nil") else int(text)


def _spades_same(rep: int, c: int, obs: Any) -> bool:
    """Whether ``c`` is ``rep`` or a card equivalent to it for this seat."""
    if rep == c:
        return True
    lo, hi = min(rep, c), max(rep, c)
    if lo // 13 != hi // 13:
        return False
    between = ((1 << hi) - 1) & ~((2 << lo) - 1)
    return not separating(obs) & between


def _pass_played_out(world: Any, seat: int, action: int) -> float:
    """The points ``seat`` takes (moon applied) when it passes ``action`` and
    everyone else passes and plays by the ``normal`` rules, on the deal ``world``."""
    w = world.clone()
    opts = w.options
    jack = opts.jack_of_diamonds
    while w.passing:
        s = w.current_player()
        w.apply(action if s == seat else PASS_BIT | choose_pass(w.deal[s], NORMAL, jack))
    play = w.play
    taken = [0, 0, 0, 0]
    playout(list(play.hands), [0, 0, 0, 0], 0, play.leader, False, 0, taken, jack,
            opts.queen_breaks_hearts, list(w.scores), opts.target)
    return outcome(taken, seat, jack, opts.moon == "add_to_others", list(w.scores), opts.target)


# From how many tricks left the real cards are solved double dummy (sooner,
# our solver takes seconds a decision); before that the choice is played out
# on the real cards with every seat following the ``normal`` rules.
EXACT_LEFT = {"hearts": 6, "spades": 8}


def _played_out(hand: Any, first: int) -> Any:
    """The hand finished on its real cards after ``first``, every seat by the rules."""
    w = hand.clone()
    w.apply(first)
    bots = [make_bot("spades" if hasattr(w, "bags") else "hearts", "normal", seed=s)
            for s in range(4)]
    while w.play.trick_count < 13:
        s = w.current_player()
        w.apply(bots[s].choose(w.observation(s), w.legal_actions()))
    return w


def _hearts_real(hand: Any, seat: int, legal: list[int]) -> dict[int, int]:
    """Each legal card with the points the seat takes from here on the real cards."""
    if hand.play.hand(seat).bit_count() <= EXACT_LEFT["hearts"]:
        return hearts_dd(hand, seat)
    before = penalty(hand.play.taken[seat])
    return {c: penalty(_played_out(hand, c).play.taken[seat]) - before for c in legal}


def _spades_real(hand: Any, obs: Any, legal: list[int]) -> dict[int, list[int]]:
    """Each legal card with the tricks per seat at the end, on the real cards
    (solved as the expert plays its endgame: for bags once both contracts are
    decided)."""
    if 13 - hand.play.trick_count <= EXACT_LEFT["spades"]:
        return dict(zip(legal, solve_outcomes(hand, obs, legal, bags=True), strict=True))
    return {c: list(_played_out(hand, c).play.tricks_won) for c in legal}
