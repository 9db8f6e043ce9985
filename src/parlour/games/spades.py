"""Spades: the complete rules of RULES.md, one hand (:class:`SpadesHand`) or a
whole game to the target (:class:`SpadesGame`).

Actions are ints: a card 0..51 to play it, ``bid_action(n)`` to bid n tricks
(0 is nil), ``BLIND_NIL_ACTION`` for blind nil. In records they read
``"bid 3"``, ``"bid 0"``, ``"bid blind nil"``, ``"play QS"``.

>>> hand = SpadesHand.from_seed(7, dealer=0)
>>> hand.current_player()          # the dealer's left bids first
1
>>> for seat_bid in (3, 4, 2, 3):
...     hand.apply(bid_action(seat_bid))
>>> hand.current_player(), hand.action_to_string(hand.legal_actions()[0])
(1, 'play 2C')
>>> hand.apply(hand.parse_action("play AS"))
Traceback (most recent call last):
...
parlour.games.base.IllegalAction: East does not hold A♠
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final

from parlour.cards import (
    FULL_DECK,
    SPADES,
    SUIT_NAMES,
    Rng,
    card_code,
    cards_of,
    parse_card,
    shuffled_deck,
)
from parlour.games import trick_record as tr
from parlour.games.base import TERMINAL, IllegalAction
from parlour.games.spades_scoring import (
    BLIND_NIL,
    TEAMS,
    HandScore,
    OptionsError,
    SpadesOptions,
    describe_event,
    game_winner,
    score_hand,
)
from parlour.games.trick import (
    SEAT_NAMES,
    TrickPlay,
    TrickRules,
    check_seat,
    deal_hands,
    sample_hands,
    winner_json,
)
from parlour.games.trick_game import TrickGame
from parlour.records import FORMAT, RecordError, Replay

__all__ = [
    "BID_BASE",
    "BLIND_NIL_ACTION",
    "HandScore",
    "SpadesGame",
    "SpadesHand",
    "SpadesObservation",
    "SpadesOptions",
    "bid_action",
    "replay_record",
]

RULES: Final = TrickRules(trump=SPADES, break_suit=SPADES,
                          not_a_card_reason="the bidding is over: play a card")
DEFAULT_OPTIONS: Final = SpadesOptions()
BID_BASE: Final = 52
BLIND_NIL_ACTION: Final = BID_BASE + 14
_BIDS: Final = {
    (True, False): tuple(range(BID_BASE, BID_BASE + 14)),
    (False, False): tuple(range(BID_BASE + 1, BID_BASE + 14)),
    (True, True): tuple(range(BID_BASE, BID_BASE + 15)),
}


def bid_action(tricks: int) -> int:
    """The action that bids ``tricks`` (0 = nil)."""
    return BID_BASE + tricks


def action_to_string(action: int) -> str:
    if 0 <= action < 52:
        return f"play {card_code(action)}"
    if action == BLIND_NIL_ACTION:
        return "bid blind nil"
    if BID_BASE <= action < BLIND_NIL_ACTION:
        return f"bid {action - BID_BASE}"
    raise ValueError(f"{action} is not a Spades action")


def parse_action(text: str) -> int:
    """An action from its notation: ``bid 3``, ``bid nil``, ``bid blind nil``, ``play QS``.

    >>> parse_action("play 10h") == parse_action("play TH"), parse_action("bid nil")
    (True, 52)
    """
    words = text.strip().lower().split()
    if len(words) == 2 and words[0] == "play":
        return parse_card(words[1])
    if words[:1] == ["bid"]:
        rest = " ".join(words[1:])
        if rest == "nil":
            return BID_BASE
        if rest == "blind nil":
            return BLIND_NIL_ACTION
        if rest.isascii() and rest.isdigit() and 0 <= int(rest) <= 13:
            return BID_BASE + int(rest)
    raise IllegalAction(
        f"{text!r} is not an action: write 'bid 0'..'bid 13', 'bid nil', "
        "'bid blind nil' or 'play' and a card, like 'play QS'")


def bid_value(action: int) -> int:
    return BLIND_NIL if action == BLIND_NIL_ACTION else action - BID_BASE


class SpadesHand:
    """One hand of Spades: four bids, then 13 tricks, then its score.

    ``scores`` and ``bags`` are the teams' (NS, EW) totals before the hand, so
    a position can be loaded with the score context a bot needs.
    """

    __slots__ = ("options", "dealer", "deal", "scores", "bags", "bids", "play", "_bid_list")

    def __init__(
        self,
        deal: Sequence[int],
        dealer: int,
        options: SpadesOptions | None = None,
        scores: Sequence[int] = (0, 0),
        bags: Sequence[int] = (0, 0),
    ) -> None:
        if len(deal) != 4:
            raise ValueError("a deal is four hands of 13 distinct cards, 52 in all")
        d0: int = deal[0]
        d1: int = deal[1]
        d2: int = deal[2]
        d3: int = deal[3]
        # Disjoint hands covering the deck hold 52 cards, so the fourth holds 13
        # when the other three do.
        if (d0 | d1 | d2 | d3) != FULL_DECK or d0 & d1 or (d0 | d1) & d2 \
                or (d0 | d1 | d2) & d3 or d0.bit_count() != 13 or d1.bit_count() != 13 \
                or d2.bit_count() != 13:
            raise ValueError("a deal is four hands of 13 distinct cards, 52 in all")
        if not 0 <= dealer <= 3:
            raise ValueError(f"dealer must be a seat 0..3, not {dealer}")
        self.options = DEFAULT_OPTIONS if options is None else options
        self.dealer = dealer
        self.deal = tuple(deal)
        self.scores = list(scores)
        self.bags = list(bags)
        self.bids: list[int] = []
        self.play = TrickPlay(RULES, deal, (dealer + 1) & 3)
        self._bid_list = _BIDS[(self.options.nil, self.options.blind_nil)]

    @classmethod
    def from_seed(cls, seed: int, dealer: int = 0, options: SpadesOptions | None = None,
                  scores: Sequence[int] = (0, 0), bags: Sequence[int] = (0, 0)) -> SpadesHand:
        """A hand dealt from a seed (the same deal on every machine)."""
        # The class by name, not ``cls``: compiled, that is a direct native call.
        return SpadesHand(deal_hands(shuffled_deck(seed), dealer), dealer, options, scores, bags)

    # --- the state interface ----------------------------------------------

    def current_player(self) -> int:
        if len(self.bids) < 4:
            return (self.dealer + 1 + len(self.bids)) & 3
        if self.play.trick_count == 13:
            return TERMINAL
        return self.play.player

    def is_terminal(self) -> bool:
        return self.play.trick_count == 13

    @property
    def bidding(self) -> bool:
        return len(self.bids) < 4

    def legal_actions(self) -> tuple[int, ...]:
        """Bids while bidding, then the cards the player to act may play.

        >>> hand = SpadesHand.from_seed(1, dealer=3)
        >>> len(hand.legal_actions())     # nil and 1..13
        14
        """
        if len(self.bids) < 4:
            return self._bid_list
        if self.play.trick_count == 13:
            return ()
        return self.play.legal_cards()

    def apply(self, action: int) -> None:
        """Bid or play for the player to act; an illegal action raises
        :class:`IllegalAction` with the reason and changes nothing."""
        if len(self.bids) < 4:
            if action not in self._bid_list:
                raise IllegalAction(self._bid_refusal(action))
            self.bids.append(BLIND_NIL if action == BLIND_NIL_ACTION else action - BID_BASE)
            return
        self.play.play(action)

    def _bid_refusal(self, action: int) -> str:
        if 0 <= action < 52:
            return "the bidding is not over: bid first"
        if action == BID_BASE:
            return "nil is not allowed in this game: bid at least 1"
        if action == BLIND_NIL_ACTION:
            return "blind nil is not allowed in this game"
        return "a bid is 0 to 13 tricks"

    def undo(self) -> None:
        """Take back the last action (bid or card)."""
        if self.play.cards_played:
            self.play.unplay()
        elif self.bids:
            self.bids.pop()
        else:
            raise IllegalAction("nothing to undo")

    def clone(self) -> SpadesHand:
        # Built through __init__: a compiled class cannot be made with __new__ alone.
        other = SpadesHand(self.deal, self.dealer, self.options, self.scores, self.bags)
        other.bids = self.bids[:]
        other.play = self.play.copy()
        return other

    def action_to_string(self, action: int) -> str:
        return action_to_string(action)

    def parse_action(self, text: str) -> int:
        return parse_action(text)

    @property
    def actions(self) -> list[int]:
        """Every action of the hand so far, bids then cards."""
        bids = [BLIND_NIL_ACTION if b == BLIND_NIL else BID_BASE + b for b in self.bids]
        return bids + self.play.played_cards()

    def seat_bids(self) -> list[int | None]:
        """Each seat's bid in seat order (North first); None for a seat yet to bid.
        ``bids`` itself is in the order the bids were made, from the dealer's left."""
        first = (self.dealer + 1) & 3
        n = len(self.bids)
        return [self.bids[i] if (i := (s - first) & 3) < n else None for s in range(4)]

    def takes_the_rest(self) -> int | None:
        """The seat that takes every trick left whatever anyone plays, if one does:
        the trick's leader, when each card it held as the trick began is above every
        card the others held then in its suit, and (unless the leader holds only
        spades) nobody else holds a spade to trump with. The rest of the hand can
        then change nothing, so a table may play it out at once (the same holds at
        every later trick).

        >>> hand = SpadesHand.from_seed(1, dealer=0)
        >>> hand.takes_the_rest() is None   # still bidding
        True
        >>> for _ in range(4):
        ...     hand.apply(bid_action(3))
        >>> while hand.takes_the_rest() is None:  # the highest card each time
        ...     hand.apply(hand.legal_actions()[-1])
        >>> hand.play.trick_count, hand.takes_the_rest()   # West, two tricks left
        (11, 3)
        """
        if len(self.bids) < 4:
            return None
        seat = self.play.takes_the_rest()
        return None if seat < 0 else seat

    def nothing_to_play_for(self) -> bool:
        """Whether tricks are left that can change nothing (one seat taking every
        trick left): a table plays them out."""
        return self.takes_the_rest() is not None

    def score(self) -> HandScore:
        """The hand's score (once it is over).

        >>> hand = SpadesHand.from_seed(2, dealer=0)     # East bids first
        >>> for n in (1, 2, 3, 4):                     # East 1, South 2, West 3, North 4
        ...     hand.apply(bid_action(n))
        >>> hand.seat_bids()
        [4, 1, 2, 3]
        """
        if self.play.trick_count != 13:
            raise ValueError("the hand is not over")
        first = (self.dealer + 1) & 3
        bids = [self.bids[(s - first) & 3] for s in range(4)]
        return score_hand(bids, self.play.tricks_won, self.scores, self.bags, self.options)

    def returns(self) -> list[float]:
        """Each seat's team's points for the hand (0 before it ends)."""
        if self.play.trick_count != 13:
            return [0.0] * 4
        p = self.score().points
        return [float(p[0]), float(p[1]), float(p[0]), float(p[1])]

    def observation(self, seat: int) -> SpadesObservation:
        """What ``seat`` may see: its own cards and everything public.

        >>> hand = SpadesHand.from_seed(1, dealer=3)
        >>> obs = hand.observation(2)
        >>> obs.hand == hand.play.hands[2], "hands" in obs.to_json()
        (True, False)
        """
        check_seat(seat)
        play = self.play
        return SpadesObservation(
            seat=seat,
            dealer=self.dealer,
            options=self.options,
            hand=play.hand(seat),
            bids=list(self.bids),
            actions=self.actions,
            trick=play.trick,
            leader=play.leader,
            player=self.current_player(),
            tricks_won=list(play.tricks_won),
            played=play.played,
            played_by=play.played_by(),
            voids=list(play.voids),
            spades_broken=play.broken,
            scores=list(self.scores),
            bags=list(self.bags),
            cards_left=[h.bit_count() for h in play.hands],
        )

    def resample(self, seat: int, rng: Rng) -> SpadesHand:
        """A copy with the cards ``seat`` cannot see dealt afresh, consistently
        with its observation (voids respected)."""
        return self.observation(seat).sample(rng)


@dataclass
class SpadesObservation:
    """One seat's view of a hand. It never holds another seat's cards."""

    seat: int
    dealer: int
    options: SpadesOptions
    hand: int
    bids: list[int]
    actions: list[int]
    trick: tuple[int, ...]
    leader: int
    player: int
    tricks_won: list[int]
    played: int
    played_by: list[int]
    voids: list[int]
    spades_broken: bool
    scores: list[int]
    bags: list[int]
    cards_left: list[int]

    def sample(self, rng: Rng) -> SpadesHand:
        """A full hand consistent with this observation: the seat's own cards
        as they are, the unseen ones dealt at random to the other seats
        (never into a suit a seat has shown void in), the same actions replayed."""
        mine = self.hand
        unseen = FULL_DECK & ~self.played & ~mine
        counts = [0 if s == self.seat else self.cards_left[s] for s in range(4)]
        known = [mine if s == self.seat else 0 for s in range(4)]
        current = sample_hands(unseen, counts, self.voids, known, rng)
        deal = [current[s] | self.played_by[s] for s in range(4)]
        state = SpadesHand(deal, self.dealer, self.options, self.scores, self.bags)
        for a in self.actions:
            state.apply(a)
        return state

    def to_json(self) -> dict[str, Any]:
        return {
            "game": "spades",
            "seat": self.seat,
            "dealer": self.dealer,
            "hand": [card_code(c) for c in cards_of(self.hand)],
            "bids": ["blind nil" if b == BLIND_NIL else b for b in self.bids],
            "actions": [action_to_string(a) for a in self.actions],
            "trick": [card_code(c) for c in self.trick],
            "leader": self.leader,
            "player": self.player,
            "tricks_won": self.tricks_won,
            "voids": [[SUIT_NAMES[s] for s in range(4) if v >> s & 1] for v in self.voids],
            "spades_broken": self.spades_broken,
            "scores": self.scores,
            "bags": self.bags,
            "cards_left": self.cards_left,
            "options": self.options.to_json(),
        }


class SpadesGame(TrickGame[SpadesHand]):
    """A whole game: hands dealt from a seed, the deal rotating, scores and
    bags carried, until a team wins. It offers the same state interface as a
    hand, moving to the next hand by itself.

    >>> game = SpadesGame(seed=11, options=SpadesOptions(target=100))
    >>> rng = Rng(5)
    >>> while not game.is_terminal():
    ...     actions = game.legal_actions()
    ...     bid_3 = bid_action(3) in actions
    ...     game.apply(bid_action(3) if bid_3 else actions[rng.below(len(actions))])
    >>> game.winner in ("NS", "EW"), len(game.results) >= 1
    (True, True)
    """

    def __init__(self, options: SpadesOptions | None = None, seed: int | None = None,
                 first_dealer: int | None = None) -> None:
        super().__init__(seed, first_dealer)
        self.options = DEFAULT_OPTIONS if options is None else options
        self._deal_next(self.first_dealer, None)

    def _next_hand(self, deck: list[int], dealer: int, previous: Any) -> SpadesHand:
        scores, bags = ([0, 0], [0, 0]) if previous is None else (previous.scores, previous.bags)
        return SpadesHand(deal_hands(deck, dealer), dealer, self.options, scores, bags)

    def _winner_after(self, result: Any) -> int | None:
        return game_winner(result.scores, self.options)

    def _copy_hand(self, hand: SpadesHand) -> SpadesHand:
        return hand.clone()

    def clone(self) -> SpadesGame:
        other = SpadesGame(self.options, self.seed, first_dealer=0)
        self._copy_into(other)
        return other

    def start_hand(self, deal: Sequence[int], dealer: int, scores: Sequence[int] | None = None,
                   bags: Sequence[int] | None = None) -> None:
        """Replace the hand about to start with an explicit deal (records, tests)."""
        if self.hand.actions:
            raise IllegalAction("the current hand has already started")
        self.hands[-1] = SpadesHand(deal, dealer, self.options,
                                    self.hand.scores if scores is None else scores,
                                    self.hand.bags if bags is None else bags)

    @property
    def scores(self) -> list[int]:
        return self.results[-1].scores if self.results else list(self.hand.scores)

    @property
    def bags(self) -> list[int]:
        return self.results[-1].bags if self.results else list(self.hand.bags)

    @property
    def winner_team(self) -> int | None:
        """The winning team, 0 = NS, 1 = EW (None while playing)."""
        return self._winner

    @property
    def winner(self) -> str | None:
        return None if self._winner is None else TEAMS[self._winner]

    def returns(self) -> list[float]:
        """+1 for the winning team's seats, -1 for the losers' (0 while playing)."""
        if self.winner_team is None:
            return [0.0] * 4
        return [1.0 if s % 2 == self.winner_team else -1.0 for s in range(4)]

    def to_record(self) -> dict[str, Any]:
        """The game as a ``parlour-record/1`` record."""
        hands = []
        for i, hand in enumerate(self.hands):
            entry: dict[str, Any] = {"dealer": hand.dealer, "deal": tr.deal_codes(list(hand.deal)),
                                     "actions": [action_to_string(a) for a in hand.actions]}
            if i == 0 and (hand.scores != [0, 0] or hand.bags != [0, 0]):
                entry["scores"], entry["bags"] = hand.scores, hand.bags
            hands.append(entry)
        return {"format": FORMAT, "game": "spades", "options": self.options.to_json(),
                "seed": self.seed, "hands": hands}


def replay_record(record: dict[str, Any], steps: bool = True) -> Replay:
    """Replay a Spades record, checking every action (see :mod:`parlour.records`);
    ``steps``: keep each step with the legal actions before it (for ``--json``)."""
    try:
        options = SpadesOptions.from_json(record.get("options"))
    except (OptionsError, TypeError) as e:
        raise RecordError(str(e)) from None
    out = Replay(game="spades", keep_steps=steps)
    scores, bags = [0, 0], [0, 0]
    dealer = 0
    winner: int | None = None
    hands = tr.record_hands(record, ("dealer", "deal", "scores", "bags", "actions"))
    for h, entry in enumerate(hands):
        if winner is not None:
            raise RecordError("the game was already won before this hand", hand=h)
        deal = tr.parse_deal(entry, h)
        dealer = tr.parse_dealer(entry, h, dealer)
        scores = tr.parse_pair(entry, "scores", h, scores)
        bags = tr.parse_pair(entry, "bags", h, bags)
        state = SpadesHand(deal, dealer, options, scores, bags)
        out.lines.append(f"Hand {h + 1}: {SEAT_NAMES[dealer]} deals; "
                         f"scores NS {scores[0]} ({bags[0]} bags), EW {scores[1]} ({bags[1]} bags)")
        out.lines.extend(tr.deal_lines(deal))
        tr.play_actions(state, entry.get("actions", []), h, out, state.is_terminal)
        bids = ["blind nil" if b == BLIND_NIL else ("nil" if b == 0 else str(b))
                for b in state.bids]
        out.lines.append("  bids: " + ", ".join(
            f"{SEAT_NAMES[(dealer + 1 + i) & 3]} {b}" for i, b in enumerate(bids)))
        out.lines.extend(tr.trick_lines(state.play.completed_tricks()))
        summary: dict[str, Any] = {
            "hand": h + 1,
            "dealer": dealer,
            "bids": ["blind nil" if b == BLIND_NIL else b for b in state.seat_bids()],
            "tricks": list(state.play.tricks_won),
            "complete": state.is_terminal(),
        }
        if state.is_terminal():
            result = state.score()
            summary.update(points=result.points, new_bags=result.new_bags,
                           scores=result.scores, bags=result.bags, events=result.events)
            scores, bags = result.scores, result.bags
            winner = game_winner(scores, options)
            out.lines.append(
                f"  tricks N {result.tricks[0]} E {result.tricks[1]} S {result.tricks[2]} "
                f"W {result.tricks[3]}; points NS {result.points[0]:+d} EW {result.points[1]:+d}"
                f"; scores NS {scores[0]} ({bags[0]} bags) EW {scores[1]} ({bags[1]} bags)")
            for event in result.events:
                out.lines.append("  " + describe_event(event))
        else:
            out.lines.append("  (hand not finished)")
        out.hands.append(summary)
        dealer = (dealer + 1) & 3
    out.result = {"scores": scores, "bags": bags,
                  "winner": None if winner is None else winner_json([winner, winner + 2])}
    if winner is not None:
        out.lines.append(f"{TEAMS[winner]} win the game, {scores[0]} to {scores[1]}.")
    return out
