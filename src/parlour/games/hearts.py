"""Hearts: the complete rules of RULES.md, one hand (:class:`HeartsHand`) or a
whole game to the target (:class:`HeartsGame`).

Actions are ints: a card 0..51 to play it, ``pass_action(mask)`` (``PASS_BIT``
with the mask of three cards) to pass them. In records they read
``"pass 2C 3D QS"`` and ``"play QS"``. Passing is simultaneous: seats 0..3
choose in turn, nobody sees a pass before all four are made, and the four
passes are then exchanged together.

>>> hand = HeartsHand.from_seed(7, pass_dir=PASS_LEFT)
>>> hand.current_player(), len(hand.legal_actions())    # North chooses 3 of 13
(0, 286)
>>> for seat in range(4):
...     hand.apply(hand.legal_actions()[0])
>>> hand.action_to_string(hand.legal_actions()[0])      # the 2 of clubs leads
'play 2C'
>>> hand.current_player()
2
>>> hand.apply(hand.parse_action("play JC"))      # South holds it, but the 2 leads
Traceback (most recent call last):
...
parlour.games.base.IllegalAction: 2♣ must lead the first trick
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from parlour.cards import (
    CLUBS,
    DIAMONDS,
    FULL_DECK,
    HEARTS,
    SPADES,
    SUIT_NAMES,
    Rng,
    card_code,
    cards_of,
    lowest,
    pretty,
    shuffled_deck,
)
from parlour.games.base import TERMINAL, IllegalAction
from parlour.games.hearts_actions import (
    _TRIPLES,
    PASS_ACROSS,
    PASS_BIT,
    PASS_LEFT,
    PASS_NAMES,
    PASS_NONE,
    PASS_RIGHT,
    PASS_ROTATION,
    TWO_OF_CLUBS,
    PassChoices,
    action_to_string,
    parse_action,
    pass_action,
)
from parlour.games.hearts_scoring import (
    HEARTS_MASK,
    JACK_OF_DIAMONDS,
    QUEEN_OF_SPADES,
    HandScore,
    HeartsOptions,
    game_winner,
    penalty_points,
    score_hand,
)
from parlour.games.trick import (
    SEAT_NAMES,
    TrickPlay,
    TrickRules,
    check_seat,
    deal_hands,
    sample_hands,
)
from parlour.games.trick_game import TrickGame
from parlour.records import FORMAT

__all__ = [
    "PASS_ACROSS",
    "PASS_BIT",
    "PASS_LEFT",
    "PASS_NAMES",
    "PASS_NONE",
    "PASS_RIGHT",
    "PASS_ROTATION",
    "HandScore",
    "HeartsGame",
    "HeartsHand",
    "HeartsObservation",
    "HeartsOptions",
    "PassChoices",
    "action_to_string",
    "parse_action",
    "pass_action",
]

NO_POINTS_FIRST = "no points on the first trick"
_POINT_CARDS = HEARTS_MASK | (1 << QUEEN_OF_SPADES)

_RULES = {
    qbh: TrickRules(break_suit=HEARTS, breakers=(1 << QUEEN_OF_SPADES) if qbh else 0,
                    first_lead=TWO_OF_CLUBS,
                    first_trick_forbidden=HEARTS_MASK | (1 << QUEEN_OF_SPADES),
                    first_trick_reason=NO_POINTS_FIRST)
    for qbh in (False, True)
}


def points_taken(taken: Sequence[int], options: HeartsOptions) -> list[int]:
    """Points per seat in the cards taken so far (the jack counted if on)."""
    jack = options.jack_of_diamonds
    return [penalty_points(t) - (10 if jack and t >> JACK_OF_DIAMONDS & 1 else 0)
            for t in taken]


def _leader(hands: Sequence[int]) -> int:
    for s in range(4):
        if hands[s] & 1:  # the 2 of clubs is card 0
            return s
    raise ValueError("nobody holds the 2 of clubs")


class HeartsHand:
    """One hand of Hearts: the passing (unless it is a no-pass hand), then 13
    tricks, then its score.

    ``scores`` are the totals before the hand, so a position can be loaded
    with the score context a bot needs.
    """

    __slots__ = ("options", "dealer", "deal", "pass_dir", "scores", "passes", "play",
                 "passing", "_rules")

    def __init__(
        self,
        deal: Sequence[int],
        dealer: int = 0,
        pass_dir: int = PASS_LEFT,
        options: HeartsOptions | None = None,
        scores: Sequence[int] = (0, 0, 0, 0),
    ) -> None:
        if len(deal) != 4 or (deal[0] | deal[1] | deal[2] | deal[3]) != FULL_DECK or not (
            deal[0].bit_count() == deal[1].bit_count() == deal[2].bit_count() == 13
        ):
            raise ValueError("a deal is four hands of 13 distinct cards, 52 in all")
        if not 0 <= dealer <= 3:
            raise ValueError(f"dealer must be a seat 0..3, not {dealer}")
        if not 0 <= pass_dir <= 3:
            raise ValueError(f"pass_dir must be 0..3 (none, left, across, right), not {pass_dir}")
        if len(scores) != 4:
            raise ValueError("scores are four numbers, one a seat")
        self.options = options or HeartsOptions()
        self.dealer = dealer
        self.deal = tuple(deal)
        self.pass_dir = pass_dir
        self.scores = list(scores)
        self.passes: list[int] = []  # the masks chosen so far, seat 0 first
        self._rules = _RULES[self.options.queen_breaks_hearts]
        self.play = TrickPlay(self._rules, deal, _leader(deal))
        self.passing = pass_dir != PASS_NONE

    @classmethod
    def from_seed(cls, seed: int, dealer: int = 0, pass_dir: int = PASS_LEFT,
                  options: HeartsOptions | None = None,
                  scores: Sequence[int] = (0, 0, 0, 0)) -> HeartsHand:
        """A hand dealt from a seed (the same deal on every machine)."""
        # The class by name, not ``cls``: compiled, that is a direct native call.
        return HeartsHand(deal_hands(shuffled_deck(seed), dealer), dealer, pass_dir, options,
                          scores)

    # --- the state interface ----------------------------------------------

    def current_player(self) -> int:
        if self.passing:
            return len(self.passes)
        play = self.play
        if play.trick_count == 13:
            return TERMINAL
        return play.player

    def is_terminal(self) -> bool:
        return self.play.trick_count == 13

    def legal_actions(self) -> Sequence[int]:
        """The passes while passing (286, made on demand), then the cards the
        player to act may play.

        >>> hand = HeartsHand.from_seed(1, pass_dir=PASS_NONE)
        >>> [hand.action_to_string(a) for a in hand.legal_actions()]
        ['play 2C']
        """
        if self.passing:
            return PassChoices(self.play.hand(len(self.passes)))
        play = self.play
        if play.trick_count == 13:
            return ()
        return play.legal_cards()

    def apply(self, action: int) -> None:
        """Pass or play for the player to act; an illegal action raises
        :class:`IllegalAction` with the reason and changes nothing.

        >>> hand = HeartsHand.from_seed(3, pass_dir=PASS_NONE)
        >>> hand.apply(hand.parse_action("pass 2C 3C 4C"))
        Traceback (most recent call last):
        ...
        parlour.games.base.IllegalAction: there is no passing in this hand: play a card
        """
        if self.passing:
            self._choose_pass(action)
            return
        try:
            self.play.play(action)
        except IllegalAction:
            if self.play.trick_count == 13:
                raise IllegalAction("the hand is over") from None
            if action >= 52:
                raise IllegalAction(
                    "there is no passing in this hand: play a card" if self.pass_dir == 0
                    else "the passing is over: play a card") from None
            raise

    def _choose_pass(self, action: int) -> None:
        seat = len(self.passes)
        if 0 <= action < 52:
            raise IllegalAction("the passing is not over: pass three cards first")
        mask = action ^ PASS_BIT
        if action >> 52 != 1 or mask.bit_count() != 3:
            raise IllegalAction("a pass is three cards")
        missing = mask & ~self.play.hand(seat)
        if missing:
            raise IllegalAction(f"{SEAT_NAMES[seat]} does not hold {pretty(lowest(missing))}")
        self.passes.append(mask)
        if len(self.passes) == 4:
            self._exchange()

    def _exchange(self) -> None:
        """All four passes made: each seat's three cards go to the receiver at once."""
        d = self.pass_dir
        p = self.passes
        hands = [(self.deal[s] & ~p[s]) | p[(s - d) & 3] for s in range(4)]
        self.play = TrickPlay(self._rules, hands, _leader(hands))
        self.passing = False

    def undo(self) -> None:
        """Take back the last action (pass or card)."""
        if self.play.cards_played:
            self.play.unplay()
        elif self.passes:
            if not self.passing:
                self.play = TrickPlay(self._rules, self.deal, _leader(self.deal))
                self.passing = True
            self.passes.pop()
        else:
            raise IllegalAction("nothing to undo")

    def clone(self) -> HeartsHand:
        # Through __init__: under mypyc, HeartsHand.__new__(HeartsHand) runs __init__
        # without arguments and fails.
        other = HeartsHand(self.deal, self.dealer, self.pass_dir, self.options, self.scores)
        other.passes = self.passes[:]
        other.play = self.play.copy()
        other.passing = self.passing
        return other

    def action_to_string(self, action: int) -> str:
        return action_to_string(action)

    def parse_action(self, text: str) -> int:
        return parse_action(text)

    @property
    def actions(self) -> list[int]:
        """Every action of the hand so far, passes then cards."""
        return [PASS_BIT | m for m in self.passes] + self.play.played_cards()

    @property
    def hearts_broken(self) -> bool:
        return self.play.broken

    def received(self, seat: int) -> int:
        """The cards ``seat`` received (0 before the passes are exchanged)."""
        if self.passing or self.pass_dir == PASS_NONE:
            return 0
        return self.passes[(seat - self.pass_dir) & 3]

    def points(self) -> list[int]:
        """Points taken so far per seat (the jack counted when the option is on)."""
        return points_taken(self.play.taken, self.options)

    def points_settled(self) -> bool:
        """Whether every card that scores has been taken (the hearts, the queen of
        spades, and the jack of diamonds when it counts): the tricks left cannot
        change the hand's score, so a table may play them out at once.

        >>> hand = HeartsHand.from_seed(5, pass_dir=PASS_NONE)
        >>> hand.points_settled()
        False
        >>> while not hand.points_settled():  # the highest card each time
        ...     hand.apply(hand.legal_actions()[-1])
        >>> hand.play.trick_count, sum(hand.points())
        (9, 26)
        """
        if self.passing:
            return False
        scoring = HEARTS_MASK | 1 << QUEEN_OF_SPADES
        if self.options.jack_of_diamonds:
            scoring |= 1 << JACK_OF_DIAMONDS
        taken = 0
        for t in self.play.taken:
            taken |= t
        return taken & scoring == scoring

    def takes_the_rest(self) -> int | None:
        """The seat that takes every trick left whatever anyone plays, if one does
        (the trick's leader, each card it held as the trick began above every card
        the others held then in its suit): the points left are then that seat's,
        and the tricks left can change nothing, so a table may play them out at once.

        >>> hand = HeartsHand.from_seed(4, pass_dir=PASS_NONE)
        >>> while hand.takes_the_rest() is None:  # the highest card each time
        ...     hand.apply(hand.legal_actions()[-1])
        >>> hand.play.trick_count, hand.takes_the_rest(), hand.points_settled()  # North
        (11, 0, False)
        """
        if self.passing:
            return None
        seat = self.play.takes_the_rest()
        return None if seat < 0 else seat

    def nothing_to_play_for(self) -> bool:
        """Whether tricks are left that can change nothing (every card that scores
        taken, or one seat taking every trick left): a table plays them out."""
        if self.passing or self.play.trick_count == 13:
            return False
        return self.points_settled() or self.play.takes_the_rest() >= 0

    def score(self) -> HandScore:
        """The hand's score (once it is over).

        >>> hand = HeartsHand.from_seed(5, pass_dir=PASS_NONE)
        >>> while not hand.is_terminal():
        ...     hand.apply(hand.legal_actions()[0])
        >>> sum(hand.score().points)
        26
        """
        play = self.play
        if play.trick_count != 13:
            raise ValueError("the hand is not over")
        jack = -1
        for s in range(4):
            if play.taken[s] >> JACK_OF_DIAMONDS & 1:
                jack = s
        return score_hand([penalty_points(t) for t in play.taken], jack, self.scores,
                          self.options)

    def returns(self) -> list[float]:
        """Minus what the hand adds to each seat's score (0 before it ends):
        fewer points is better."""
        if self.play.trick_count != 13:
            return [0.0] * 4
        return [float(-g) for g in self.score().gained]

    def observation(self, seat: int) -> HeartsObservation:
        """What ``seat`` may see: its own cards, its own pass, what it received
        once the passes are exchanged, and everything public.

        >>> hand = HeartsHand.from_seed(1)
        >>> hand.apply(hand.legal_actions()[5])
        >>> hand.observation(1).passed, hand.observation(0).passed != 0
        (0, True)
        """
        check_seat(seat)
        play = self.play
        passed = self.passes[seat] if seat < len(self.passes) else 0
        voids, only_points = self._shown_voids()
        return HeartsObservation(
            seat=seat,
            dealer=self.dealer,
            pass_dir=self.pass_dir,
            options=self.options,
            passing=self.passing,
            passes_made=len(self.passes),
            hand=play.hand(seat),
            passed=passed,
            received=self.received(seat),
            plays=play.played_cards(),
            trick=play.trick,
            leader=-1 if self.passing else play.leader,  # the 2 of clubs' holder is secret
            player=self.current_player(),
            points=self.points(),
            played=play.played,
            played_by=play.played_by(),
            voids=voids,
            only_points=only_points,
            hearts_broken=play.broken,
            scores=list(self.scores),
            cards_left=[h.bit_count() for h in play.hands],
        )

    def _shown_voids(self) -> tuple[list[int], int]:
        """The suits each seat has shown it lacks, and the seats shown to hold
        nothing but points on the first trick (as a 4-bit mask).

        Besides not following suit, a heart led before hearts are broken shows
        the leader held only hearts, and a point card dropped on the first trick
        shows the player held nothing but hearts and perhaps the queen.
        """
        play = self.play
        voids = list(play.voids)
        only_points = 0
        for n, (c, p, _leader, trick, broken, _v, _w) in enumerate(play.history):
            if not trick:
                if not broken and (1 << c) & HEARTS_MASK:
                    voids[p] |= ~(1 << HEARTS) & 0xF
            elif n < 4 and (1 << c) & _POINT_CARDS and c // 13 != trick[0] // 13:
                voids[p] |= (1 << CLUBS) | (1 << DIAMONDS)
                only_points |= 1 << p
        return voids, only_points

    def resample(self, seat: int, rng: Rng) -> HeartsHand:
        """A copy with the cards ``seat`` cannot see dealt afresh, consistently
        with its observation."""
        return self.observation(seat).sample(rng)


def _random_three(hand: int, rng: Rng) -> int:
    """Three cards of a 13-card hand, chosen uniformly."""
    cards = cards_of(hand)
    i, j, k = _TRIPLES[rng.below(286)]
    return (1 << cards[i]) | (1 << cards[j]) | (1 << cards[k])


@dataclass
class HeartsObservation:
    """One seat's view of a hand. It never holds another seat's cards, nor
    another seat's pass, nor (until the exchange) the cards it will receive."""

    seat: int
    dealer: int
    pass_dir: int
    options: HeartsOptions
    passing: bool
    passes_made: int
    hand: int
    passed: int
    received: int
    plays: list[int]
    trick: tuple[int, ...]
    leader: int
    player: int
    points: list[int]
    played: int
    played_by: list[int]
    voids: list[int]
    only_points: int  # seats shown to hold only hearts and perhaps the queen (bit per seat)
    hearts_broken: bool
    scores: list[int]
    cards_left: list[int]

    def sample(self, rng: Rng) -> HeartsHand:
        """A full hand consistent with this observation, at the same point: the
        seat's own cards as they are, the cards it passed with the receiver
        until played, the others dealt at random (never into a suit a seat has
        shown void in), the other seats' passes chosen at random among the
        cards their receivers hold, the same plays replayed.

        >>> hand = HeartsHand.from_seed(2, pass_dir=PASS_ACROSS)
        >>> for _ in range(4 + 9):
        ...     hand.apply(hand.legal_actions()[-1])
        >>> obs = hand.observation(3)
        >>> other = obs.sample(Rng(1))
        >>> other.play.hands[3] == hand.play.hands[3], other.play.history == hand.play.history
        (True, True)
        >>> obs.passed & other.play.hands[1] == obs.passed & hand.play.hands[1]
        True
        """
        o = self.seat
        d = self.pass_dir
        if self.passing:
            counts = [0 if s == o else 13 for s in range(4)]
            known = [self.hand if s == o else 0 for s in range(4)]
            deal = sample_hands(FULL_DECK & ~self.hand, counts, [0, 0, 0, 0], known, rng)
            state = HeartsHand(deal, self.dealer, d, self.options, self.scores)
            for s in range(self.passes_made):
                mask = self.passed if s == o else _random_three(deal[s], rng)
                state.apply(PASS_BIT | mask)
            return state
        known = [0, 0, 0, 0]
        known[o] = self.hand
        if d:
            known[(o + d) & 3] = self.passed & ~self.played
        if not (self.played | self.hand) & 1:
            known[self.leader] |= 1  # the 2 of clubs is with the seat that must lead it
        unseen = FULL_DECK & ~self.played & ~self.hand
        current = self._sample_current(unseen, known, rng)
        after_pass = [current[s] | self.played_by[s] for s in range(4)]
        deal = after_pass
        gave = [0, 0, 0, 0]
        if d:
            for s in range(4):
                to = (s + d) & 3
                if s == o:
                    gave[s] = self.passed
                elif to == o:
                    gave[s] = self.received
                else:
                    gave[s] = _random_three(after_pass[to], rng)
            deal = [(after_pass[s] & ~gave[(s - d) & 3]) | gave[s] for s in range(4)]
        state = HeartsHand(deal, self.dealer, d, self.options, self.scores)
        if d:
            for s in range(4):
                state.apply(PASS_BIT | gave[s])
        for c in self.plays:
            state.apply(c)
        return state

    def _sample_current(self, unseen: int, known: list[int], rng: Rng) -> list[int]:
        """The other seats' current cards. A seat that showed it held only points
        on the first trick holds no spade but perhaps the queen: the queen, if
        unseen, goes to it (with the chance of one card among its hearts and
        the queen) or elsewhere, whichever the other constraints allow."""
        voids = list(self.voids)
        queen = 1 << QUEEN_OF_SPADES
        takers = []
        for s in range(4):
            if self.only_points >> s & 1 and s != self.seat:
                voids[s] |= 1 << SPADES
                if unseen & queen and not (known[0] | known[1] | known[2] | known[3]) & queen:
                    takers.append(s)
        choices: list[int] = [-1]
        if takers:
            taker = takers[rng.below(len(takers))]
            hearts = (unseen & HEARTS_MASK).bit_count()
            if rng.below(hearts + 1) < self.cards_left[taker]:
                choices.insert(0, taker)
            else:
                choices.append(taker)
        for choice in choices:
            placed = known[:]
            if choice >= 0:
                placed[choice] |= queen
            counts = [0 if s == self.seat else self.cards_left[s] - placed[s].bit_count()
                      for s in range(4)]
            try:
                return sample_hands(unseen, counts, voids, placed, rng)
            except ValueError:
                continue
        raise ValueError("no deal of the unseen cards fits what has been seen")

    def to_json(self) -> dict[str, Any]:
        return {
            "game": "hearts",
            "seat": self.seat,
            "dealer": self.dealer,
            "pass": PASS_NAMES[self.pass_dir],
            "passing": self.passing,
            "hand": [card_code(c) for c in cards_of(self.hand)],
            "passed": [card_code(c) for c in cards_of(self.passed)],
            "received": [card_code(c) for c in cards_of(self.received)],
            "plays": [card_code(c) for c in self.plays],
            "trick": [card_code(c) for c in self.trick],
            "leader": self.leader,
            "player": self.player,
            "points": self.points,
            "voids": [[SUIT_NAMES[s] for s in range(4) if v >> s & 1] for v in self.voids],
            "only_points": [s for s in range(4) if self.only_points >> s & 1],
            "hearts_broken": self.hearts_broken,
            "scores": self.scores,
            "cards_left": self.cards_left,
            "options": self.options.to_json(),
        }


class HeartsGame(TrickGame[HeartsHand]):
    """A whole game: hands dealt from a seed, the deal rotating, the pass
    going left, right, across, none and again, scores carried, until a seat
    has the target and one seat alone has the lowest score. It offers the same
    state interface as a hand, moving to the next hand by itself.

    >>> game = HeartsGame(seed=11)
    >>> rng = Rng(5)
    >>> while not game.is_terminal():
    ...     actions = game.legal_actions()
    ...     game.apply(actions[rng.below(len(actions))])
    >>> game.winner == min(range(4), key=lambda s: game.scores[s]), max(game.scores) >= 100
    (True, True)
    >>> [PASS_NAMES[h.pass_dir] for h in game.hands][:5]
    ['left', 'right', 'across', 'none', 'left']
    """

    def __init__(self, options: HeartsOptions | None = None, seed: int | None = None,
                 first_dealer: int | None = None) -> None:
        super().__init__(seed, first_dealer)
        self.options = options or HeartsOptions()
        self._deal_next(self.first_dealer, None)

    def _next_hand(self, deck: list[int], dealer: int, previous: Any) -> HeartsHand:
        scores = [0, 0, 0, 0] if previous is None else previous.scores
        pass_dir = PASS_ROTATION[len(self.hands) % 4]
        return HeartsHand(deal_hands(deck, dealer), dealer, pass_dir, self.options, scores)

    def _winner_after(self, result: Any) -> int | None:
        return game_winner(result.scores, self.options)

    def _copy_hand(self, hand: HeartsHand) -> HeartsHand:
        return hand.clone()

    def clone(self) -> HeartsGame:
        other = HeartsGame(self.options, self.seed, first_dealer=0)  # not __new__: see HeartsHand
        self._copy_into(other)
        return other

    def start_hand(self, deal: Sequence[int], dealer: int, pass_dir: int | None = None,
                   scores: Sequence[int] | None = None) -> None:
        """Replace the hand about to start with an explicit deal (records, tests)."""
        hand = self.hand
        if hand.actions:
            raise IllegalAction("the current hand has already started")
        self.hands[-1] = HeartsHand(deal, dealer, hand.pass_dir if pass_dir is None else pass_dir,
                                    self.options, hand.scores if scores is None else scores)

    @property
    def scores(self) -> list[int]:
        return self.results[-1].scores if self.results else list(self.hand.scores)

    @property
    def winner(self) -> int | None:
        """The winning seat (None while playing)."""
        return self._winner

    def returns(self) -> list[float]:
        """+1 for the winner, -1/3 for each other seat (0 while playing)."""
        if self.winner is None:
            return [0.0] * 4
        return [1.0 if s == self.winner else -1.0 / 3 for s in range(4)]

    def to_record(self) -> dict[str, Any]:
        """The game as a ``parlour-record/1`` record."""
        from parlour.games.trick_record import deal_codes

        hands = []
        for i, hand in enumerate(self.hands):
            entry: dict[str, Any] = {"dealer": hand.dealer, "deal": deal_codes(list(hand.deal)),
                                     "pass": PASS_NAMES[hand.pass_dir],
                                     "actions": [action_to_string(a) for a in hand.actions]}
            if i == 0 and hand.scores != [0, 0, 0, 0]:
                entry["scores"] = hand.scores
            hands.append(entry)
        return {"format": FORMAT, "game": "hearts", "options": self.options.to_json(),
                "seed": self.seed, "hands": hands}
