"""Klondike Solitaire, as ``RULES.md`` reads seed 000: one player, seven tableau
piles, a stock turned onto the waste one or three cards at a time, four
foundations built up by suit from the ace.

A deal is 52 card codes: the first 28 are the tableau (pile 1's card, then
pile 2 bottom to top, ... pile 7 bottom to top; the last card of each pile is
face up), the last 24 the stock from the top (the next card turned) down.

Moves in the record notation: ``draw``, ``flip T3``, ``move W T5``,
``move W FH``, ``move T2 FS``, ``move FD T6``, ``move T1 T4 3`` (three cards),
``undo`` and ``redo``. ``move T3 F`` names the foundation that takes the card
(a double click).

>>> state = KlondikeState(deal_from_seed(1))
>>> state.current_player(), len(state.legal_actions()) > 0
(0, True)
>>> state.apply(state.parse_action("draw"))
>>> state.observation(0).stock, len(state.observation(0).waste)
(23, 1)
>>> state.undo(); state.observation(0).stock, state.moves
(24, 2)
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, fields
from typing import Any

from parlour.cards import (
    KING,
    SUIT_LETTERS,
    SUIT_SYMBOLS,
    CardError,
    card_code,
    parse_card,
    pretty,
    shuffled_deck,
)
from parlour.games.base import TERMINAL, IllegalAction
from parlour.records import FORMAT, RecordError, Replay

# --- actions as ints -------------------------------------------------------
# 0 draw, 1 undo, 2 redo, 3..9 flip a pile, 16.. a move (source, target, count).
DRAW, UNDO, REDO = 0, 1, 2
FLIP_BASE = 3
MOVE_BASE = 16
# Places: 0 the waste, 1..7 tableau piles T1..T7, 8..11 foundations by suit C D H S.
WASTE = 0
FOUNDATION_BASE = 8
SCORINGS = ("none", "standard", "vegas")
DEAL_SIZE = 52
TABLEAU_CARDS = 28


def flip_action(pile: int) -> int:
    """The action turning the top card of a pile (0..6) face up."""
    return FLIP_BASE + pile


def move_action(source: int, target: int, count: int = 1) -> int:
    """The action moving ``count`` cards from a place to a place (see the place numbers)."""
    return MOVE_BASE + (source * 16 + target) * 16 + count


def decode_move(action: int) -> tuple[int, int, int]:
    """``(source, target, count)`` of a move action."""
    code = action - MOVE_BASE
    return code // 256, (code // 16) % 16, code % 16


def place_name(place: int) -> str:
    if place == WASTE:
        return "W"
    if place < FOUNDATION_BASE:
        return f"T{place}"
    return "F" + SUIT_LETTERS[place - FOUNDATION_BASE]


def parse_place(text: str) -> int:
    t = text.strip().upper()
    if t == "W":
        return WASTE
    if len(t) == 2 and t[0] == "T" and t[1] in "1234567":
        return int(t[1])
    if len(t) == 2 and t[0] == "F" and t[1] in SUIT_LETTERS:
        return FOUNDATION_BASE + SUIT_LETTERS.index(t[1])
    raise ValueError(f"{text!r} is not a pile: use W, T1..T7 or FS FH FD FC")


# Klondike counts the ace low: KLONDIKE_RANK[c] is 1 for an ace .. 13 for a king.
KLONDIKE_RANK = tuple((c % 13 + 1) % 13 + 1 for c in range(52))


def is_red(c: int) -> bool:
    return 1 <= c // 13 <= 2  # diamonds and hearts


def fits_on(c: int, under: int) -> bool:
    """Whether card ``c`` may lie on ``under`` in the tableau: one rank lower, other colour.

    >>> fits_on(parse_card("6H"), parse_card("7S")), fits_on(parse_card("AH"), parse_card("2C"))
    (True, True)
    """
    return KLONDIKE_RANK[c] + 1 == KLONDIKE_RANK[under] and is_red(c) != is_red(under)


# --- deals -----------------------------------------------------------------


def deal_from_seed(seed: int) -> list[int]:
    """The deal of a seed: the shuffled deck read in deal notation order.

    >>> sorted(deal_from_seed(1)) == list(range(52))
    True
    """
    return shuffled_deck(seed)


def parse_deal(text: str | Sequence[str]) -> list[int]:
    """A deal from 52 card codes (a string or a list); refuses repeats and short deals.

    >>> parse_deal("AS 2C")
    Traceback (most recent call last):
    ...
    ValueError: a deal has 52 cards, not 2
    """
    codes = text.replace(",", " ").split() if isinstance(text, str) else list(text)
    if len(codes) != DEAL_SIZE:
        raise ValueError(f"a deal has 52 cards, not {len(codes)}")
    cards = []
    seen = 0
    for code in codes:
        if not isinstance(code, str):
            raise ValueError(f"{code!r} is not a card code")
        try:
            c = parse_card(code)
        except CardError as e:
            raise ValueError(str(e)) from None
        if seen >> c & 1:
            raise ValueError(f"{card_code(c)} is dealt twice")
        seen |= 1 << c
        cards.append(c)
    return cards


def deal_to_string(deal: Sequence[int]) -> str:
    return " ".join(card_code(c) for c in deal)


def layout(deal: Sequence[int]) -> tuple[list[list[int]], list[int]]:
    """The seven tableau piles (bottom to top) and the stock (top first) of a deal."""
    piles = []
    i = 0
    for n in range(1, 8):
        piles.append(list(deal[i:i + n]))
        i += n
    return piles, list(deal[TABLEAU_CARDS:])


# --- options ---------------------------------------------------------------


@dataclass(frozen=True)
class KlondikeOptions:
    """The options of ``RULES.md``; ``passes`` None is unlimited (Vegas: 1 or 3)."""

    draw: int = 1
    passes: int | None = None
    auto_flip: bool = False
    scoring: str = "none"
    auto_complete: bool = True

    def __post_init__(self) -> None:
        if self.draw not in (1, 3):
            raise ValueError(f"draw must be 1 or 3, not {self.draw!r}")
        if self.passes is not None and (not isinstance(self.passes, int) or self.passes < 1):
            raise ValueError(f"passes must be a positive number or unlimited, not {self.passes!r}")
        if self.scoring not in SCORINGS:
            raise ValueError(f"scoring must be one of {', '.join(SCORINGS)}, not {self.scoring!r}")

    @property
    def pass_limit(self) -> int | None:
        if self.passes is not None:
            return self.passes
        if self.scoring == "vegas":
            return 1 if self.draw == 1 else 3
        return None

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> KlondikeOptions:
        known = {f.name for f in fields(cls)}
        unknown = sorted(set(data) - known)
        if unknown:
            raise ValueError(f"unknown option {unknown[0]!r} (known: {', '.join(sorted(known))})")
        return cls(**data)

    def to_json(self) -> dict[str, Any]:
        return {f.name: getattr(self, f.name) for f in fields(self)}


# --- observation -----------------------------------------------------------


@dataclass
class KlondikeObservation:
    """What the player sees: face-down cards only as a count per pile, the stock as a count."""

    seat: int
    hidden: list[int]
    face_up: list[list[int]]
    stock: int
    waste: list[int]
    foundations: list[int]
    draw: int
    moves: int
    score: int
    won: bool
    passes_left: int | None = None
    extra: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "tableau": [{"hidden": h, "face_up": [card_code(c) for c in up]}
                        for h, up in zip(self.hidden, self.face_up, strict=True)],
            "stock": self.stock,
            "waste": [card_code(c) for c in self.waste],
            "foundations": {SUIT_LETTERS[s]: n for s, n in enumerate(self.foundations)},
            "draw": self.draw,
            "moves": self.moves,
            "score": self.score,
            "won": self.won,
            "passes_left": self.passes_left,
        }


# --- the state ---------------------------------------------------------------

_Snapshot = tuple[tuple[tuple[int, ...], ...], tuple[int, ...], tuple[int, ...],
                  tuple[int, ...], tuple[int, ...], int, int, bool]


class KlondikeState:
    """One game of Klondike: the state interface of :mod:`parlour.games.base`.

    ``clock`` is read (never waited on) to time the game; pass a fake one in tests.
    """

    def __init__(self, deal: Sequence[int], options: KlondikeOptions | None = None,
                 clock: Callable[[], float] | None = None) -> None:
        self.options = options or KlondikeOptions()
        self.deal = list(deal)
        piles, stock = layout(self.deal)
        self.tableau: list[list[int]] = piles
        self.hidden: list[int] = [len(p) - 1 for p in piles]
        self.stock: list[int] = stock[::-1]  # top card last
        self.waste: list[int] = []
        self.foundation: list[int] = [0, 0, 0, 0]
        self.recycles = 0
        self.moves = 0
        self.won = False
        self._points = -52 if self.options.scoring == "vegas" else 0
        self._history: list[tuple[_Snapshot, int]] = []
        self._redo: list[int] = []
        self._clock = clock or time.monotonic
        self._started: float | None = None
        self._finished: float | None = None

    # --- time and score ------------------------------------------------------

    def elapsed(self) -> float:
        """Seconds since the first move (frozen once the game is won)."""
        if self._started is None:
            return 0.0
        end = self._finished if self._finished is not None else self._clock()
        return max(0.0, end - self._started)

    def score(self) -> int:
        """The score under the ``scoring`` option (Windows values; 0 when ``none``)."""
        scoring = self.options.scoring
        if scoring == "vegas":
            return self._points
        if scoring == "none":
            return 0
        seconds = int(self.elapsed())
        points = max(0, self._points - 2 * (seconds // 10))
        if self.won and seconds > 30:
            points += 700000 // seconds
        return points

    def _earn(self, standard: int, vegas: int = 0) -> None:
        if self.options.scoring == "standard":
            self._points = max(0, self._points + standard)
        elif self.options.scoring == "vegas":
            self._points += vegas

    # --- the interface -----------------------------------------------------

    def current_player(self) -> int:
        return TERMINAL if self.is_terminal() else 0

    def is_terminal(self) -> bool:
        return self.won or not self.legal_actions()

    def returns(self) -> list[float]:
        return [1.0 if self.won else 0.0]

    def clone(self) -> KlondikeState:
        other = KlondikeState.__new__(KlondikeState)
        other.__dict__.update(self.__dict__)
        other.tableau = [list(p) for p in self.tableau]
        other.hidden = list(self.hidden)
        other.stock = list(self.stock)
        other.waste = list(self.waste)
        other.foundation = list(self.foundation)
        other._history = list(self._history)
        other._redo = list(self._redo)
        return other

    def passes_left(self) -> int | None:
        limit = self.options.pass_limit
        return None if limit is None else limit - 1 - self.recycles

    def legal_actions(self) -> list[int]:
        """Every legal move, ascending (``undo``/``redo`` are offered by :meth:`can_undo`)."""
        if self.won:
            return []
        actions = []
        if self.stock or (self.waste and self.passes_left() != 0):
            actions.append(DRAW)
        if not self.options.auto_flip:
            for p in range(7):
                if self.tableau[p] and self.hidden[p] == len(self.tableau[p]):
                    actions.append(flip_action(p))
        for source in range(FOUNDATION_BASE + 4):
            for target in range(1, FOUNDATION_BASE + 4):
                if source == target:
                    continue
                for count in self._counts(source):
                    if self._check_move(source, target, count) is None:
                        actions.append(move_action(source, target, count))
        return sorted(actions)

    def _counts(self, source: int) -> range:
        if 1 <= source <= 7:
            pile = source - 1
            return range(1, len(self.tableau[pile]) - self.hidden[pile] + 1)
        return range(1, 2)

    def can_undo(self) -> bool:
        return bool(self._history)

    def can_redo(self) -> bool:
        return bool(self._redo)

    # --- checking a move -----------------------------------------------------

    def _top(self, place: int) -> int | None:
        if place == WASTE:
            return self.waste[-1] if self.waste else None
        if place < FOUNDATION_BASE:
            pile = self.tableau[place - 1]
            return pile[-1] if pile and self.hidden[place - 1] < len(pile) else None
        n = self.foundation[place - FOUNDATION_BASE]
        return foundation_card(place - FOUNDATION_BASE, n) if n else None

    def _check_move(self, source: int, target: int, count: int) -> str | None:
        """None when the move is legal, else the reason it is not."""
        if source == target:
            return "a card cannot move onto its own pile"
        if target == WASTE:
            return "nothing can be put on the waste"
        if source >= FOUNDATION_BASE and target >= FOUNDATION_BASE:
            return "cards cannot move between foundations"
        if 1 <= source <= 7:
            pile, down = self.tableau[source - 1], self.hidden[source - 1]
            if not pile:
                return f"{place_name(source)} is empty"
            if count < 1 or count > len(pile) - down:
                up = len(pile) - down
                return f"{place_name(source)} has {up} face-up card{'s' * (up != 1)}"
            c = pile[-count]
        else:
            if count != 1:
                return "only one card at a time comes off the waste or a foundation"
            top = self._top(source)
            if top is None:
                return "the waste is empty" if source == WASTE else f"{place_name(source)} is empty"
            c = top
        if target >= FOUNDATION_BASE:
            suit = target - FOUNDATION_BASE
            if count != 1:
                return "cards go to a foundation one at a time"
            if c // 13 != suit:
                return f"the {pretty(c)} cannot go on the {SUIT_SYMBOLS[suit]} foundation"
            n = self.foundation[suit]
            if n == 13:
                return f"the {SUIT_SYMBOLS[suit]} foundation is complete"
            if c % 13 != (n + 12) % 13:
                needs = "an ace" if n == 0 else "the " + pretty(foundation_card(suit, n + 1))
                return (f"the {pretty(c)} cannot go on the {SUIT_SYMBOLS[suit]} foundation, "
                        f"which needs {needs}")
            return None
        pile, down = self.tableau[target - 1], self.hidden[target - 1]
        if not pile:
            return None if c % 13 == KING else "only a king can go on an empty pile"
        if down == len(pile):
            return f"the top card of {place_name(target)} is face down"
        if not fits_on(c, pile[-1]):
            return f"the {pretty(c)} cannot go on the {pretty(pile[-1])}"
        return None

    def check(self, action: int) -> str | None:
        """None when ``action`` is legal now, else the reason (the pokerkit ``verify``)."""
        if self.won and action not in (UNDO, REDO):
            return "the game is won"
        if action == DRAW:
            if self.stock:
                return None
            if not self.waste:
                return "the stock and the waste are empty"
            if self.passes_left() == 0:
                return "no passes through the stock are left"
            return None
        if action == UNDO:
            return None if self._history else "there is nothing to undo"
        if action == REDO:
            return None if self._redo else "there is nothing to redo"
        if FLIP_BASE <= action < FLIP_BASE + 7:
            p = action - FLIP_BASE
            if self.options.auto_flip:
                return "cards turn over by themselves (auto_flip is on)"
            if not self.tableau[p]:
                return f"T{p + 1} is empty"
            if self.hidden[p] < len(self.tableau[p]):
                return f"the top card of T{p + 1} is already face up"
            return None
        if action >= MOVE_BASE:
            source, target, count = decode_move(action)
            if source >= FOUNDATION_BASE + 4 or target >= FOUNDATION_BASE + 4 or count == 0:
                return "not a Klondike move"
            return self._check_move(source, target, count)
        return "not a Klondike move"

    # --- doing it ----------------------------------------------------------

    def _snapshot(self) -> _Snapshot:
        return (tuple(tuple(p) for p in self.tableau), tuple(self.hidden), tuple(self.stock),
                tuple(self.waste), tuple(self.foundation), self.recycles, self._points, self.won)

    def _restore(self, snap: _Snapshot) -> None:
        tableau, hidden, stock, waste, foundation, self.recycles, self._points, won = snap
        self.tableau = [list(p) for p in tableau]
        self.hidden, self.stock = list(hidden), list(stock)
        self.waste, self.foundation = list(waste), list(foundation)
        if self.won and not won:
            self._finished = None
        self.won = won

    def apply(self, action: int) -> None:
        """Play an action (``UNDO`` and ``REDO`` included); raises :class:`IllegalAction`."""
        reason = self.check(action)
        if reason is not None:
            raise IllegalAction(reason)
        if action == UNDO:
            self.undo()
            return
        if action == REDO:
            self.redo()
            return
        self._redo.clear()
        self._play(action)

    def _play(self, action: int) -> None:
        if self._started is None:
            self._started = self._clock()
        self._history.append((self._snapshot(), action))
        self.moves += 1
        if action == DRAW:
            self._draw()
        elif action < MOVE_BASE:
            p = action - FLIP_BASE
            self.hidden[p] -= 1
            self._earn(5)
        else:
            self._move(*decode_move(action))
        if self.options.auto_flip:
            for p in range(7):
                if self.tableau[p] and self.hidden[p] == len(self.tableau[p]):
                    self.hidden[p] -= 1
                    self._earn(5)
        self._finish_if_done()

    def _draw(self) -> None:
        if not self.stock:
            self.stock = self.waste[::-1]
            self.waste = []
            self.recycles += 1
            if self.options.draw == 1:
                self._earn(-100)
            elif self.recycles > 3:
                self._earn(-20)
            return
        for _ in range(min(self.options.draw, len(self.stock))):
            self.waste.append(self.stock.pop())

    def _move(self, source: int, target: int, count: int) -> None:
        if source == WASTE:
            cards = [self.waste.pop()]
        elif source < FOUNDATION_BASE:
            pile = self.tableau[source - 1]
            cards = pile[-count:]
            del pile[-count:]
        else:
            suit = source - FOUNDATION_BASE
            cards = [foundation_card(suit, self.foundation[suit])]
            self.foundation[suit] -= 1
        if target >= FOUNDATION_BASE:
            self.foundation[target - FOUNDATION_BASE] += 1
            self._earn(10, 5)
        else:
            self.tableau[target - 1].extend(cards)
            if source == WASTE:
                self._earn(5)
            elif source >= FOUNDATION_BASE:
                self._earn(-15, -5)

    def _finish_if_done(self) -> None:
        if (self.options.auto_complete and not self.won and not self.stock and not self.waste
                and all(h == 0 for h in self.hidden)):
            for p in range(7):
                for _ in self.tableau[p]:
                    self._earn(10, 5)
                self.tableau[p] = []
            self.foundation = [13, 13, 13, 13]
        if sum(self.foundation) == DEAL_SIZE and not self.won:
            self.won = True
            self._finished = self._clock()

    def undo(self) -> None:
        """Take back the last move; the undo itself counts as a move."""
        if not self._history:
            raise IllegalAction("there is nothing to undo")
        snap, action = self._history.pop()
        self._restore(snap)
        self._redo.append(action)
        self.moves += 1

    def redo(self) -> None:
        """Play again the last move undone (counts as a move)."""
        if not self._redo:
            raise IllegalAction("there is nothing to redo")
        action = self._redo.pop()
        reason = self.check(action)
        if reason is not None:  # cannot happen: the position is the one it was played in
            raise IllegalAction(reason)
        self._play(action)

    # --- notation ----------------------------------------------------------

    def action_to_string(self, action: int) -> str:
        if action == DRAW:
            return "draw"
        if action == UNDO:
            return "undo"
        if action == REDO:
            return "redo"
        if FLIP_BASE <= action < FLIP_BASE + 7:
            return f"flip T{action - FLIP_BASE + 1}"
        source, target, count = decode_move(action)
        text = f"move {place_name(source)} {place_name(target)}"
        return text + (f" {count}" if count > 1 else "")

    def parse_action(self, text: str) -> int:
        """An action from its notation; ``move T3 F`` picks the foundation of the card's suit.

        >>> KlondikeState(deal_from_seed(1)).parse_action("move T1 T4 3") > 0
        True
        """
        words = text.split()
        if not words:
            raise ValueError("an empty move")
        verb = words[0].lower()
        if verb in ("draw", "undo", "redo") and len(words) == 1:
            return {"draw": DRAW, "undo": UNDO, "redo": REDO}[verb]
        if verb == "flip" and len(words) == 2:
            place = parse_place(words[1])
            if not 1 <= place <= 7:
                raise ValueError("only a tableau card can be flipped: flip T1..T7")
            return flip_action(place - 1)
        if verb == "move" and len(words) in (3, 4):
            source = parse_place(words[1])
            if words[2].upper() == "F":
                return self.send_to_foundation(source)
            target = parse_place(words[2])
            if target == WASTE:
                raise ValueError("nothing can be put on the waste")
            count = 1
            if len(words) == 4:
                if not words[3].isdigit() or not 1 <= int(words[3]) <= 13:
                    raise ValueError(f"{words[3]!r} is not a number of cards")
                count = int(words[3])
            return move_action(source, target, count)
        raise ValueError(f"{text!r} is not a Klondike move: try draw, flip T3, move W T5, "
                         "move T2 FS, move T1 T4 3, undo")

    def send_to_foundation(self, source: int) -> int:
        """The double click: the move taking the top card of a place to its foundation."""
        top = self._top(source)
        if top is None or source >= FOUNDATION_BASE:
            raise IllegalAction(f"{place_name(source)} has no card to send to a foundation")
        return move_action(source, FOUNDATION_BASE + top // 13, 1)

    # --- views -------------------------------------------------------------

    def observation(self, seat: int = 0) -> KlondikeObservation:
        return KlondikeObservation(
            seat=seat,
            hidden=list(self.hidden),
            face_up=[p[h:] for p, h in zip(self.tableau, self.hidden, strict=True)],
            stock=len(self.stock),
            waste=list(self.waste),
            foundations=list(self.foundation),
            draw=self.options.draw,
            moves=self.moves,
            score=self.score(),
            won=self.won,
            passes_left=self.passes_left(),
        )

    def cards_placed(self) -> int:
        return sum(self.foundation)

    def __str__(self) -> str:
        found = " ".join(pretty(foundation_card(s, n)) if n else SUIT_SYMBOLS[s] + "-"
                         for s, n in enumerate(self.foundation))
        lines = [f"stock {len(self.stock):2}  waste "
                 f"{' '.join(pretty(c) for c in self.waste[-3:]) or '-'}  foundations {found}"]
        for p in range(7):
            down = "## " * self.hidden[p]
            up = " ".join(pretty(c) for c in self.tableau[p][self.hidden[p]:])
            lines.append(f"T{p + 1} {down}{up}".rstrip())
        return "\n".join(lines)


def foundation_card(suit: int, count: int) -> int:
    """The top card of a foundation holding ``count`` cards (ace = the first)."""
    return suit * 13 + (count + 11) % 13


def new_game(seed: int | None = None, deal: Sequence[int] | str | None = None,
             options: KlondikeOptions | None = None,
             clock: Callable[[], float] | None = None, winnable_only: bool = False,
             time_limit: float = 10.0) -> KlondikeState:
    """A game from a seed or a deal (codes or ints). ``winnable_only`` deals the first
    seed from ``seed`` on that the solver proves winnable (with the game's draw)."""
    if winnable_only and deal is None:
        from parlour.solvers.klondike import winnable_deal  # the solver imports this module

        draw = (options or KlondikeOptions()).draw
        cards = winnable_deal(seed or 0, draw, time_limit)[1]
    elif deal is None:
        cards = deal_from_seed(seed or 0)
    elif isinstance(deal, str):
        cards = parse_deal(deal)
    else:
        cards = list(deal)
    return KlondikeState(cards, options, clock)


# --- records -----------------------------------------------------------------


def make_record(deal: Sequence[int], actions: Sequence[str],
                options: KlondikeOptions | None = None, **extra: Any) -> dict[str, Any]:
    """A ``parlour-record/1`` for one game of Klondike."""
    record: dict[str, Any] = {"format": FORMAT, "game": "klondike",
                              "options": (options or KlondikeOptions()).to_json(),
                              "deal": deal_to_string(deal), "actions": list(actions)}
    record.update(extra)
    return record


def replay_record(record: dict[str, Any]) -> Replay:
    """Replay a Klondike record, checking every action; :class:`RecordError` names the step."""
    try:
        options = KlondikeOptions.from_json(record.get("options") or {})
    except (TypeError, ValueError) as e:
        raise RecordError(f"bad options: {e}") from None
    deal_text = record.get("deal")
    if not isinstance(deal_text, (str, list)):
        raise RecordError("a Klondike record needs a 'deal' of 52 card codes")
    try:
        deal = parse_deal(deal_text)
    except ValueError as e:
        raise RecordError(f"bad deal: {e}") from None
    actions = record.get("actions", [])
    if not isinstance(actions, list):
        raise RecordError("'actions' must be a list of moves")
    clock_time = [0.0]
    state = KlondikeState(deal, options, clock=lambda: clock_time[0])
    out = Replay(game="klondike")
    out.lines.append(f"Klondike, draw {options.draw}, deal {deal_to_string(deal)}")
    for i, text in enumerate(actions):
        if not isinstance(text, str):
            raise RecordError(f"{text!r} is not a move", step=i)
        legal = [state.action_to_string(a) for a in state.legal_actions()]
        try:
            action = state.parse_action(text)
            state.apply(action)
        except (ValueError, IllegalAction) as e:
            raise RecordError(f"{text!r}: {e}", step=i) from None
        out.steps.append({"actor": 0, "action": text, "legal": legal})
        out.lines.append(f"{i + 1:4}. {text:<14} foundations {state.cards_placed():2}"
                         + ("  won" if state.won else ""))
    summary = {"moves": state.moves, "foundations": state.cards_placed(), "won": state.won,
               "score": state.score()}
    out.hands.append(summary)
    out.result = dict(summary)
    out.lines.append(f"{'won' if state.won else 'not won'}: {state.cards_placed()} cards on the "
                     f"foundations in {state.moves} moves")
    return out


# --- hints -------------------------------------------------------------------


def hint(state: KlondikeState) -> str | None:
    """A good next move judged only from what the player sees (never a face-down card).

    Flips first, then cards home, moves that turn a card or free a pile for a
    waiting king, the waste onto the tableau, and otherwise a draw; ``None`` when
    nothing helps.

    >>> hint(KlondikeState(deal_from_seed(1))) is not None
    True
    """
    view = state.observation(0)
    found = view.foundations
    waiting_king = any(
        KLONDIKE_RANK[up[0]] == 13 and h > 0 for h, up in zip(view.hidden, view.face_up,
                                                               strict=True) if up
    ) or bool(view.waste and KLONDIKE_RANK[view.waste[-1]] == 13)
    best: tuple[int, int] | None = None
    for action in state.legal_actions():
        value = _hint_value(view, action, found, waiting_king)
        if value > 0 and (best is None or value > best[0]):
            best = (value, action)
    return state.action_to_string(best[1]) if best else None


def _hint_value(view: KlondikeObservation, action: int, found: list[int],
                waiting_king: bool) -> int:
    if action == DRAW:
        return 5
    if action < MOVE_BASE:
        return 200  # turning a card only ever helps
    source, target, count = decode_move(action)
    if source >= FOUNDATION_BASE:
        return 0
    if source == WASTE:
        c = view.waste[-1]
    else:
        up = view.face_up[source - 1]
        c = up[-count]
    if target >= FOUNDATION_BASE:
        rank = KLONDIKE_RANK[c]
        opposite = [found[s] for s in range(4) if is_red(s * 13) != is_red(c)]
        return 100 if rank <= min(opposite) + 2 else 60
    if source == WASTE:
        return 40
    pile = source - 1
    up = view.face_up[pile]
    whole = count == len(up)
    if whole and view.hidden[pile]:
        return 80 + view.hidden[pile]
    if whole and not view.hidden[pile]:
        # emptying a pile helps only when a king waits for it and this is not a king
        return 50 if waiting_king and KLONDIKE_RANK[c] != 13 else 0
    under = up[-count - 1]
    if found[under // 13] + 1 == KLONDIKE_RANK[under]:
        return 30  # uncovers a card that can go home
    return 0
