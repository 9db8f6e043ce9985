"""The ``expert`` Klondike player: hindsight optimisation over sampled deals.

It never sees a face-down card. At each decision it deals the cards it has not
seen (face-down tableau cards and stock cards not yet turned) at random into
the places it cannot see, solves each such *sample* with the thoughtful solver
under a small time limit, and counts the moves the samples' winning lines start
with (ties go to the ``greedy`` rules, which also play when no sample is won).

That vote is then checked (``check``, on by default): a sample's line starts
with whichever move its search happened to try first, so a move can lead the
vote while losing samples another move keeps. Each candidate, by votes, is
played in every won sample and the sample searched again; the first that keeps
``check`` (90%) of them won is played, else the one keeping the most. A move
through the talon counts with its draws (once the stock is known, drawing alone
changes nothing: the talon comes round in the same order), and a move back to a
place the game has already been in is played only when there is nothing else.
Once the stock is known (``macro``, on by default), a candidate is a sample's
line up to the first card it shows (those moves touch only cards the player has
seen), and lines that end in the same place by another order count as one; the
player plays such a macro move to its end.

What the player legitimately knows beyond one observation is kept in
:class:`StockMemory`: every card turned from the stock was seen, so after the
waste is recycled the whole stock is known, in order. With unlimited passes
the player first draws through the stock (a pass that costs nothing: the talon
comes back in the same order), so the samples only guess the face-down cards.

Samples and their winning lines are kept from one decision to the next: a
sample follows the real game (the chosen move is played in it too), and when
the real game shows a card the sample had elsewhere, the two cards are swapped
in the sample (which keeps the samples uniformly random given what was seen).
A line stays valid while its sample is unchanged and its first move was the
one played, so most decisions need no new search.

>>> from parlour.games.klondike import KlondikeOptions, KlondikeState, deal_from_seed
>>> state = KlondikeState(deal_from_seed(1), KlondikeOptions(draw=3))
>>> bot = KlondikePlayer(seed=1, samples=4, max_states=2000)
>>> bot.choose(state.observation(0), state.legal_actions()) in state.legal_actions()
True
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from parlour.bots.klondike_rules import action_value, greedy_choice, is_safe_home, moved_card
from parlour.bots.registry import register_bot
from parlour.games.base import IllegalAction
from parlour.games.klondike_engine import KlondikeObservation, KlondikeOptions, KlondikeState
from parlour.games.klondike_notation import (
    DRAW,
    FLIP_BASE,
    FOUNDATION_BASE,
    MOVE_BASE,
    deal_from_seed,
    decode_move,
)
from parlour.solvers.klondike import Solver
from parlour.solvers.klondike_winnable import position_of, still_winnable

__all__ = ["GameResult", "KlondikePlayer", "StockMemory", "play_deal", "sample_world",
           "unseen_cards"]


class StockMemory:
    """The stock as the player has seen it: a card where it was turned before, None
    where it never was. Top card last, like the engine's stock.

    Fed every observation in turn; a stock that shrank was drawn from (those cards
    are now on the waste), one refilled from an empty stock is the old waste turned
    over. Anything else (an undo, a new game) forgets what it cannot follow.
    """

    def __init__(self) -> None:
        self.stock: list[int | None] = []
        self.waste: list[int] = []
        self.moves = -1

    def update(self, view: KlondikeObservation) -> None:
        n = view.stock
        if view.moves <= self.moves or self.moves < 0:
            self.stock = [None] * n  # a new game, or one taken back: start afresh
        elif n < len(self.stock):
            self.stock = self.stock[:n]
        elif n > len(self.stock):
            if not self.stock and not view.waste and n == len(self.waste):
                self.stock = list(reversed(self.waste))
            else:
                self.stock = [None] * n
        self.waste = list(view.waste)
        self.moves = view.moves

    def known(self) -> list[int | None]:
        return list(self.stock)


def unseen_cards(view: KlondikeObservation, stock: Sequence[int | None]) -> list[int]:
    """Cards the player has not seen where they now are: all but the face-up tableau
    cards, the waste, the foundations and the stock cards seen before."""
    seen = 0
    for up in view.face_up:
        for c in up:
            seen |= 1 << c
    for c in view.waste:
        seen |= 1 << c
    for known in stock:
        if known is not None:
            seen |= 1 << known
    for suit, n in enumerate(view.foundations):
        for rank in range(1, n + 1):
            seen |= 1 << (suit * 13 + (rank + 11) % 13)
    return [c for c in range(52) if not seen >> c & 1]


def sample_world(view: KlondikeObservation, stock: Sequence[int | None], rng: random.Random,
                 options: KlondikeOptions) -> KlondikeState:
    """A full game consistent with what the player has seen: the unseen cards dealt at
    random into the face-down places and the stock places never seen."""
    cards = unseen_cards(view, stock)
    rng.shuffle(cards)
    world = KlondikeState(list(range(52)), options, clock=lambda: 0.0)
    world.tableau = []
    for h, up in zip(view.hidden, view.face_up, strict=True):
        world.tableau.append([cards.pop() for _ in range(h)] + list(up))
    world.hidden = list(view.hidden)
    world.stock = [c if c is not None else cards.pop() for c in stock]
    world.waste = list(view.waste)
    world.foundation = list(view.foundations)
    world.moves = view.moves
    if cards:
        raise ValueError("the observation and the memory of the stock disagree")
    return world


# A place in a world: ("t", pile, index), ("s", index) or ("w", index).
_Place = tuple[Any, ...]


def _get(world: KlondikeState, place: _Place) -> int:
    if place[0] == "t":
        return world.tableau[place[1]][place[2]]
    return (world.stock if place[0] == "s" else world.waste)[place[1]]


def _put(world: KlondikeState, place: _Place, c: int) -> None:
    if place[0] == "t":
        world.tableau[place[1]][place[2]] = c
    elif place[0] == "s":
        world.stock[place[1]] = c
    else:
        world.waste[place[1]] = c


def reconcile(world: KlondikeState, view: KlondikeObservation,
              stock: Sequence[int | None]) -> bool | None:
    """Make a sample show what the real game shows by swapping cards in it: True if it
    changed, False if it already agreed, None if it cannot be made to agree."""
    if (world.hidden != view.hidden or world.foundation != view.foundations
            or len(world.stock) != len(stock) or len(world.waste) != len(view.waste)
            or any(len(world.tableau[p]) != view.hidden[p] + len(view.face_up[p])
                   for p in range(7))):
        return None
    shown: list[tuple[_Place, int]] = []
    for p in range(7):
        h = view.hidden[p]
        shown.extend((("t", p, h + i), c) for i, c in enumerate(view.face_up[p]))
    shown.extend((("w", i), c) for i, c in enumerate(view.waste))
    shown.extend((("s", i), c) for i, c in enumerate(stock) if c is not None)
    if all(_get(world, place) == c for place, c in shown):
        return False
    where: dict[int, _Place] = {}
    for p in range(7):
        for i, c in enumerate(world.tableau[p]):
            where[c] = ("t", p, i)
    for i, c in enumerate(world.stock):
        where[c] = ("s", i)
    for i, c in enumerate(world.waste):
        where[c] = ("w", i)
    for place, c in shown:
        d = _get(world, place)
        if d == c:
            continue
        other = where.get(c)
        if other is None:
            return None
        _put(world, place, c)
        _put(world, other, d)
        where[c], where[d] = place, other
    if any(_get(world, place) != c for place, c in shown):
        return None
    return True


@dataclass
class _Sample:
    world: KlondikeState
    status: str = ""  # "" not solved, or "win" / "lose" / "unknown"
    plan: list[int] | None = None  # a winning line from the current position (as actions)
    # what a move checked at this decision leads to (the moves as a tuple): the
    # solver's answer after it and, when won, the line after it
    after: dict[tuple[int, ...], tuple[str, list[int] | None]] = field(default_factory=dict)


def _first_move(line: Sequence[int], known: bool) -> tuple[int, ...]:
    """The move a line starts with: its first action, or with the stock known, the
    draws up to and including the first action that is not a draw."""
    if not known or line[0] != DRAW:
        return (line[0],)
    for i, action in enumerate(line):
        if action != DRAW:
            return tuple(line[:i + 1])
    return (DRAW,)


def _macro(line: Sequence[int], cap: int = 40) -> tuple[int, ...]:
    """A line's moves before its first flip (at most ``cap``, trailing draws dropped):
    with the stock known they touch only cards the player has seen, so they are
    legal in every sample and end in the same place whatever the sample."""
    out: list[int] = []
    for action in line[:cap]:
        if FLIP_BASE <= action < MOVE_BASE:
            break
        out.append(action)
    while out and out[-1] == DRAW:
        out.pop()
    return tuple(out)


def _after(world: KlondikeState, move: Sequence[int]) -> KlondikeState | None:
    """A copy of a sample with a move played in it, or None where it is not legal."""
    w = world.clone()
    try:
        for action in move:
            w.apply(action)
    except IllegalAction:
        return None
    return w


def _starts_with(line: Sequence[int] | None, move: tuple[int, ...]) -> bool:
    """Whether a sample's winning line starts with a (checked) move."""
    return line is not None and tuple(line[:len(move)]) == move  # (a move is never empty)


def _place(view: KlondikeObservation) -> tuple[Any, ...]:
    """What the player sees, as a key: the same place in a game means the same decision."""
    return (tuple(view.hidden), tuple(map(tuple, view.face_up)), view.stock,
            tuple(view.waste), tuple(view.foundations))


class KlondikePlayer:
    """Hindsight optimisation over sampled deals (see the module's docstring).

    ``time_budget`` (seconds a game) spreads search time over the decisions;
    ``samples`` is how many sampled deals a decision wants; ``solve_time`` the
    limit for one sample's search (default from the budget). With
    ``time_budget=None`` the searches are limited by ``max_states`` instead,
    so the same seed gives the same game on any machine.

    ``learn`` (on): with unlimited passes, draw through the stock before any
    move that commits. ``check`` (0 off): the share of the won samples a move
    must keep to be played without trying the next (see the module's
    docstring); ``check_share`` of a decision's time is kept for it while
    samples are being solved. ``macro`` (0 off): with the stock known, a candidate
    is a won line up to its first flip (at most that many actions), lines ending in
    the same place counted as one.
    """

    name = "expert"

    def __init__(self, seed: int = 0, time_budget: float | None = 10.0,
                 samples: int | None = None, solve_time: float | None = None,
                 max_states: int = 3000, learn: bool = True,
                 check: float = 0.9, check_share: float = 0.5, macro: int = 40) -> None:
        self.seed = seed
        self.macro = macro
        self.check = check
        self.check_share = check_share if check > 0 else 0.0
        self.learn = learn
        self.time_budget = time_budget
        if samples is None:
            samples = 12 if time_budget is None else int(min(48, max(8, 8 + time_budget)))
        self.samples = samples
        if solve_time is None and time_budget is not None:
            solve_time = min(0.25, max(0.02, time_budget / 400))
        self.solve_time = solve_time
        self.max_states = max_states
        self._new_game()

    def _new_game(self) -> None:
        self.rng = random.Random(self.seed)
        self.memory = StockMemory()
        self.pool: list[_Sample] = []
        self.last: int | None = None
        self.spent = 0.0
        self.decisions = 0
        self.solves = 0
        # the last decision's move by the vote and the move played, when they differ
        self.last_check: tuple[tuple[int, ...], tuple[int, ...]] | None = None
        self.pending: list[int] = []  # the rest of a chosen move through the talon
        self.visited: set[tuple[Any, ...]] = set()  # places the game has been in

    # --- the interface -----------------------------------------------------

    def choose(self, observation: Any, legal_actions: Sequence[int]) -> int:
        if not legal_actions:
            raise ValueError("no legal action to choose from")
        view: KlondikeObservation = observation
        t0 = time.perf_counter()
        if view.moves < self.memory.moves or (view.moves == 0 and self.memory.moves >= 0):
            self._new_game()
        self.memory.update(view)
        self.visited.add(_place(view))
        self._follow(view)
        self.last_check = None
        if self.pending and self.pending[0] in legal_actions:
            action = self.pending.pop(0)
        else:
            self.pending = []
            action = self._decide(view, list(legal_actions), t0)
        self.last = action
        self.decisions += 1
        self.spent += time.perf_counter() - t0
        return action

    # --- keeping the samples in step with the game -------------------------

    def _follow(self, view: KlondikeObservation) -> None:
        stock = self.memory.known()
        kept: list[_Sample] = []
        for sample in self.pool:
            if self.last is not None:
                try:
                    sample.world.apply(self.last)
                except IllegalAction:
                    continue
                if sample.plan and sample.plan[0] == self.last:
                    sample.plan.pop(0)
                elif sample.status != "lose":
                    sample.status, sample.plan = "", None
            sample.after.clear()
            changed = reconcile(sample.world, view, stock)
            if changed is None:
                continue
            if changed:
                sample.status, sample.plan = "", None
            kept.append(sample)
        self.pool = kept
        self.last = None

    def _options(self, view: KlondikeObservation) -> KlondikeOptions:
        passes = None if view.passes_left is None else view.passes_left + 1
        return KlondikeOptions(draw=view.draw, passes=passes)

    def _search(self, world: KlondikeState,
                seconds: float | None) -> tuple[str, list[int] | None]:
        """The thoughtful solver on a sample: its answer and, when won, the line."""
        if world.won:
            return "win", []
        if self.time_budget is None:
            result = Solver(world.deal, world.options.draw, None, self.max_states,
                            complete=False).run(start=position_of(world), start_state=world)
            if result.result != "win":
                result = Solver(world.deal, world.options.draw, None, self.max_states,
                                complete=True).run(start=position_of(world),
                                                   start_state=world)
        else:
            result = still_winnable(world, seconds, every_search=False)
        self.solves += 1
        if result.result != "win":
            return result.result, None
        try:
            return "win", [world.parse_action(text) for text in result.moves]
        except ValueError:
            return "unknown", None

    def _solve(self, sample: _Sample, seconds: float | None) -> None:
        sample.status, sample.plan = self._search(sample.world, seconds)

    # --- deciding ----------------------------------------------------------

    def _decide(self, view: KlondikeObservation, legal: list[int], t0: float) -> int:
        if len(legal) == 1:
            return legal[0]
        # turning a card and sending a safe card home never hurt: no search needed
        for action in legal:
            if FLIP_BASE <= action < MOVE_BASE:
                return action
        for action in legal:
            if action >= MOVE_BASE and decode_move(action)[1] >= FOUNDATION_BASE \
                    and is_safe_home(moved_card(view, action), view.foundations):
                return action
        # with unlimited passes a pass through the stock costs nothing (the talon comes
        # back in the same order) and shows every card in it: look before committing
        if self.learn and DRAW in legal and view.passes_left is None \
                and None in self.memory.stock:
            return DRAW
        deadline = self._deadline(t0)
        # the first part of the time solves the samples, the rest checks the vote
        first = None if deadline is None else t0 + (deadline - t0) * (1.0 - self.check_share)
        stock = self.memory.known()
        options = self._options(view)
        want = self.samples
        while True:
            todo = next((s for s in self.pool if not s.status), None)
            if todo is None and len(self.pool) < want:
                todo = _Sample(sample_world(view, stock, self.rng, options))
                self.pool.append(todo)
            if todo is None:
                break
            now = time.perf_counter()
            if first is not None and now >= first and self._solved() >= 1:
                break
            limit = None
            if first is not None and self.solve_time is not None:
                limit = max(0.005, min(self.solve_time, first - now))
            self._solve(todo, limit)
        # only solved samples count; the unsolved rest is dropped (it is re-dealt later)
        self.pool = [s for s in self.pool if s.status]
        if self.check > 0:
            return self._checked(view, legal, deadline)
        votes: dict[int, int] = {}
        for s in self.pool:
            if s.status == "win" and s.plan:
                votes[s.plan[0]] = votes.get(s.plan[0], 0) + 1
        best = None
        best_key = (0, -1)
        for action in legal:
            key = (votes.get(action, 0), action_value(view, action))
            if key[0] > 0 and key > best_key:
                best, best_key = action, key
        return best if best is not None else greedy_choice(view, legal)

    def _checked(self, view: KlondikeObservation, legal: list[int],
                 deadline: float | None) -> int:
        """Hindsight's vote, checked. A sample's winning line starts with whichever
        move its search tried first, so a move can lead the vote while losing many
        samples another move keeps. Each candidate (the samples' first moves by votes,
        then the other moves the rules like) is played in every won sample and the
        sample searched again; the first keeping ``check`` of them is played, else
        the one keeping the most. A candidate is a move with the draws before it when
        the stock is known (drawing alone changes nothing then: the talon comes
        round in the same order); one back to a place already seen only when nothing
        else is left."""
        won = [s for s in self.pool if s.status == "win" and s.plan]
        if not won:
            return greedy_choice(view, legal)
        known = None not in self.memory.stock
        votes = self._macro_votes(view, won) if self.macro > 0 and known else {}
        if not votes:
            for s in won:
                assert s.plan is not None
                m = _first_move(s.plan, known)
                votes[m] = votes.get(m, 0) + 1
        # (a card drawn to the waste and played is valued as the rules value the waste)
        order = sorted(votes, key=lambda m: (votes[m], action_value(view, m[0]) if len(m) == 1
                                             else 400), reverse=True)
        order += sorted(((a,) for a in legal if a != DRAW and (a,) not in votes
                         and action_value(view, a) > 0),
                        key=lambda m: action_value(view, m[0]), reverse=True)
        order = [m for m in order if m[0] in legal]
        fresh = [m for m in order if m[-1] == DRAW or not self._goes_back(won[0], m)]
        if fresh:
            order = fresh
        if len(won) < 2 or len(order) < 2:
            return self._play(order[0] if order else (greedy_choice(view, legal),), won)
        kept: dict[tuple[int, ...], float] = {}
        choice = None
        for m in order:
            share = self._keeps(won, m, deadline)
            if share is None:
                break  # out of time: only moves tried in every won sample count
            kept[m] = share
            if share >= self.check:
                choice = m
                break
        if choice is None:
            best = max(kept.values(), default=0.0)
            choice = next((m for m in order if kept.get(m, -1.0) == best), order[0])
        if choice != order[0]:
            self.last_check = (order[0], choice)
        return self._play(choice, won)

    def _macro_votes(self, view: KlondikeObservation,
                     won: list[_Sample]) -> dict[tuple[int, ...], int]:
        """Votes for the won samples' lines up to their first flip, lines that end in
        the same place counted as one (the order of the moves between two cards shown
        seldom matters, and split votes hide a move most samples agree on). A sample
        whose line reaches a candidate's place by another order takes the candidate
        as its own: its line after that place still wins, no search needed."""
        groups: dict[tuple[Any, ...], list[tuple[_Sample, tuple[int, ...]]]] = {}
        for s in won:
            assert s.plan is not None
            m = _macro(s.plan, self.macro)
            if not m:
                return {}
            w = _after(s.world, m)
            if w is None:
                return {}
            end = w.observation(0)
            key = (_place(end), end.passes_left)
            groups.setdefault(key, []).append((s, m))
        votes: dict[tuple[int, ...], int] = {}
        for members in groups.values():
            counts: dict[tuple[int, ...], int] = {}
            for _, m in members:
                counts[m] = counts.get(m, 0) + 1
            chosen = max(counts, key=lambda m: (counts[m], -len(m)))
            for s, m in members:
                if m != chosen:
                    assert s.plan is not None
                    s.after[chosen] = ("win", s.plan[len(m):])
            votes[chosen] = votes.get(chosen, 0) + len(members)
        return votes

    def _play(self, move: tuple[int, ...], won: list[_Sample]) -> int:
        """Play a checked move: its first action now, the rest (draws, then the move)
        next; a sample whose line does not start with it takes the line found after it."""
        for s in won:
            got = s.after.get(move)
            if _starts_with(s.plan, move) or got is None:
                continue
            if got[0] == "win" and got[1] is not None:
                s.status, s.plan = "win", list(move) + got[1]
            else:  # lost after the move, or to be searched again
                s.status, s.plan = ("lose" if got[0] == "lose" else ""), None
        self.pending = list(move[1:])
        return move[0]

    def _goes_back(self, sample: _Sample, move: tuple[int, ...]) -> bool:
        w = _after(sample.world, move)
        return w is not None and _place(w.observation(0)) in self.visited

    def _keeps(self, won: list[_Sample], move: tuple[int, ...],
               deadline: float | None) -> float | None:
        """The share of the won samples still won after ``move`` (an unsettled search
        counts half); None if the time ran out before every sample was searched."""
        value = 0.0
        for s in won:
            if _starts_with(s.plan, move):
                value += 1.0
                continue
            got = s.after.get(move)
            if got is None:
                now = time.perf_counter()
                if deadline is not None and now >= deadline:
                    return None
                limit = None
                if deadline is not None and self.solve_time is not None:
                    limit = max(0.005, min(self.solve_time, deadline - now))
                w = _after(s.world, move)
                got = ("lose", None) if w is None else self._search(w, limit)
                s.after[move] = got
            value += 1.0 if got[0] == "win" else 0.0 if got[0] == "lose" else 0.5
        return value / len(won)

    def _solved(self) -> int:
        return sum(1 for s in self.pool if s.status)

    def _deadline(self, t0: float) -> float | None:
        if self.time_budget is None:
            return None
        left = self.time_budget - self.spent
        # a decision may take a share of what is left (a game has a few dozen hard ones)
        return t0 + max(0.0, left) / 25


@dataclass
class GameResult:
    """How a bot did on one deal: won, decisions made, seconds of thinking."""

    seed: int
    won: bool
    decisions: int
    seconds: float


def play_deal(bot: Any, seed: int, draw: int = 3, max_decisions: int = 2000) -> GameResult:
    """Play a seeded deal to the end with a bot that sees only observations.

    The game counts as lost when the bot cannot win any more or keeps going round:
    no legal action, the same view seen a fourth time (three more passes through
    the stock without progress), or ``max_decisions`` reached.

    >>> from parlour.bots.klondike_rules import GreedyPlayer
    >>> play_deal(GreedyPlayer(), 1).decisions > 0
    True
    """
    state = KlondikeState(deal_from_seed(seed), KlondikeOptions(draw=draw))
    seen: dict[tuple[Any, ...], int] = {}
    decisions = 0
    thinking = 0.0
    while not state.won and decisions < max_decisions:
        legal = state.legal_actions()
        if not legal:
            break
        view = state.observation(0)
        key = _place(view)
        seen[key] = seen.get(key, 0) + 1
        if seen[key] > 3:
            break
        t0 = time.perf_counter()
        action = bot.choose(view, legal)
        thinking += time.perf_counter() - t0
        state.apply(action)
        decisions += 1
    return GameResult(seed, state.won, decisions, thinking)


def _make(seed: int = 0, time_budget: float | None = 10.0, samples: int | None = None,
          solve_time: float | None = None, max_states: int = 3000, learn: bool = True,
          check: float = 0.9, check_share: float = 0.5, macro: int = 40) -> KlondikePlayer:
    return KlondikePlayer(seed, time_budget, samples, solve_time, max_states, learn, check,
                          check_share, macro)


register_bot("klondike", "expert", _make)
