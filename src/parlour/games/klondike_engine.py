"""The Klondike engine: options, what the player sees, and the state with every
move of ``RULES.md`` (checking, playing, undo and redo, scoring, time).

>>> from parlour.games.klondike_notation import deal_from_seed
>>> state = KlondikeState(deal_from_seed(1))
>>> state.check(state.parse_action("move W T1"))
'the waste is empty'
"""

from __future__ import annotations

import time
from array import array
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, fields
from typing import Any

from parlour.cards import KING, SUIT_LETTERS, SUIT_SYMBOLS, card_code, pretty
from parlour.games.base import TERMINAL, IllegalAction
from parlour.games.klondike_notation import (
    DEAL_SIZE,
    DRAW,
    FLIP_BASE,
    FOUNDATION_BASE,
    MOVE_BASE,
    REDO,
    SCORINGS,
    UNDO,
    WASTE,
    decode_move,
    fits_on,
    flip_action,
    foundation_card,
    layout,
    move_action,
    parse_place,
    place_name,
)


@dataclass(frozen=True)
class KlondikeOptions:
    """The options of ``RULES.md``; ``passes`` None is unlimited (Vegas: 1 or 3)."""

    draw: int = 1
    passes: int | None = None
    auto_flip: bool = False
    scoring: str = "none"
    auto_complete: bool = True

    def __post_init__(self) -> None:
        # Checked by type, not by equality: a record's 1.0 or true is not a draw of 1.
        if type(self.draw) is not int or self.draw not in (1, 3):
            raise ValueError(f"draw must be 1 or 3, not {self.draw!r}")
        if self.passes is not None and (type(self.passes) is not int or self.passes < 1):
            raise ValueError(f"passes must be a positive number or unlimited, not {self.passes!r}")
        for name in ("auto_flip", "auto_complete"):
            if type(getattr(self, name)) is not bool:
                raise ValueError(f"{name} is true or false, not {getattr(self, name)!r}")
        if type(self.scoring) is not str or self.scoring not in SCORINGS:
            raise ValueError(f"scoring must be one of {', '.join(SCORINGS)}, not {self.scoring!r}")

    @property
    def pass_limit(self) -> int | None:
        if self.passes is not None:
            return self.passes
        if self.scoring == "vegas":
            return 1 if self.draw == 1 else 3
        return None

    @classmethod
    def from_json(cls, data: Any) -> KlondikeOptions:
        if not isinstance(data, dict):
            raise ValueError(f"options are a JSON object, not {data!r}")
        known = {f.name for f in fields(cls)}
        unknown = sorted(set(data) - known)
        if unknown:
            raise ValueError(f"unknown option {unknown[0]!r} (known: {', '.join(sorted(known))})")
        return cls(**data)

    def to_json(self) -> dict[str, Any]:
        return {f.name: getattr(self, f.name) for f in fields(self)}


class PlayClock:
    """The time a deal is open and played: it runs only between :meth:`open` and
    :meth:`close`, so a deal left closed (a closed page, no connection) is not
    timed. Give it to :class:`KlondikeState` as its clock; ``wall`` is read,
    never waited on.

    >>> wall = [100.0]
    >>> clock = PlayClock(lambda: wall[0])
    >>> clock.open(); wall[0] = 130.0; clock.close(); wall[0] = 500.0
    >>> clock.open(); wall[0] = 505.0; clock()
    35.0
    """

    def __init__(self, wall: Callable[[], float] = time.monotonic, seconds: float = 0.0) -> None:
        self._wall = wall
        self._seconds = seconds  # counted before the current opening
        self._since: float | None = None  # the wall time it opened, while open

    def __call__(self) -> float:
        if self._since is None:
            return self._seconds
        return self._seconds + max(0.0, self._wall() - self._since)

    @property
    def running(self) -> bool:
        return self._since is not None

    def open(self) -> None:
        if self._since is None:
            self._since = self._wall()

    def close(self) -> None:
        if self._since is not None:
            self._seconds = self()
            self._since = None

    def set(self, seconds: float) -> None:
        """Go on from ``seconds`` (a restored deal's clock at its last move)."""
        self._seconds = seconds
        if self._since is not None:
            self._since = self._wall()


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

# Undo keeps one 64-bit word a move, not a copy of the position: the action, the
# cards a draw turned (0: the waste went back to the stock), the piles that
# turned over by themselves, and the score before it. A record of a million
# moves then replays in memory in proportion (8 MB), not a position a move.
_ACTION_BITS, _DRAWN_SHIFT, _FLIPS_SHIFT, _POINTS_SHIFT = 0xFFFF, 16, 18, 25


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
        self._history = array("q")
        self._completed: dict[int, _Snapshot] = {}  # auto-completion: the move's position
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
        other._history = array("q", self._history)
        other._completed = dict(self._completed)
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

    def _take_back(self, word: int) -> int:
        """Undo the move of one history word; returns its action."""
        points, rest = divmod(word, 1 << _POINTS_SHIFT)
        action = rest & _ACTION_BITS
        drawn = (rest >> _DRAWN_SHIFT) & 3
        flips = rest >> _FLIPS_SHIFT
        snap = self._completed.pop(len(self._history), None)
        if snap is not None:
            self._restore(snap)
            return action
        if self.won:
            self.won, self._finished = False, None
        for p in range(7):
            if flips >> p & 1:
                self.hidden[p] += 1
        if action == DRAW:
            if drawn == 0:
                self.waste, self.stock = self.stock[::-1], []
                self.recycles -= 1
            else:
                for _ in range(drawn):
                    self.stock.append(self.waste.pop())
        elif action < MOVE_BASE:
            self.hidden[action - FLIP_BASE] += 1
        else:
            self._move_back(*decode_move(action))
        self._points = points
        return action

    def _move_back(self, source: int, target: int, count: int) -> None:
        if target >= FOUNDATION_BASE:
            suit = target - FOUNDATION_BASE
            cards = [foundation_card(suit, self.foundation[suit])]
            self.foundation[suit] -= 1
        else:
            pile = self.tableau[target - 1]
            cards = pile[-count:]
            del pile[-count:]
        if source == WASTE:
            self.waste.extend(cards)
        elif source < FOUNDATION_BASE:
            self.tableau[source - 1].extend(cards)
        else:
            self.foundation[source - FOUNDATION_BASE] += 1

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
        points = self._points
        if self._completing():
            self._completed[len(self._history)] = self._snapshot()
        self.moves += 1
        drawn = flips = 0
        if action == DRAW:
            drawn = self._draw()
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
                    flips |= 1 << p
                    self._earn(5)
        self._finish_if_done()
        self._history.append((points << _POINTS_SHIFT) | (flips << _FLIPS_SHIFT)
                             | (drawn << _DRAWN_SHIFT) | action)

    def _completing(self) -> bool:
        """Whether the next move may end in auto-completion (then undo needs the position):
        at most one card is face down and stock and waste hold at most three cards."""
        return (self.options.auto_complete and sum(self.hidden) <= 1
                and len(self.stock) + len(self.waste) <= 3)

    def _draw(self) -> int:
        """Turn cards from the stock; how many (0: the waste went back to the stock)."""
        if not self.stock:
            self.stock = self.waste[::-1]
            self.waste = []
            self.recycles += 1
            if self.options.draw == 1:
                self._earn(-100)
            elif self.recycles > 3:
                self._earn(-20)
            return 0
        drawn = min(self.options.draw, len(self.stock))
        for _ in range(drawn):
            self.waste.append(self.stock.pop())
        return drawn

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
        action = self._take_back(self._history.pop())
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

        The notation is strict: words apart by spaces, places ``W``, ``T1``..``T7``,
        ``FC FD FH FS`` (and ``F`` as a target), a count of 2 to 13 only after two
        piles of the tableau. Anything else is :class:`IllegalAction` with the reason.

        >>> from parlour.games.klondike_notation import deal_from_seed
        >>> state = KlondikeState(deal_from_seed(1))
        >>> state.parse_action("move T1 T4 3") > 0
        True
        >>> state.parse_action("move T1 F 2")
        Traceback (most recent call last):
        ...
        parlour.games.base.IllegalAction: cards go to a foundation one at a time: write move T1 F
        """
        words = text.split()
        verb = words[0].lower() if words else ""
        if verb in ("draw", "undo", "redo") and len(words) == 1:
            return {"draw": DRAW, "undo": UNDO, "redo": REDO}[verb]
        if verb == "flip" and len(words) == 2:
            place = _place(words[1])
            if not 1 <= place <= 7:
                raise IllegalAction("only a tableau card can be flipped: flip T1..T7")
            return flip_action(place - 1)
        if verb == "move" and len(words) in (3, 4):
            source = _place(words[1])
            to_foundation = words[2].upper() == "F"
            target = 0 if to_foundation else _place(words[2])
            count = 1
            if len(words) == 4:
                count = _count(words[3])
                if to_foundation or target >= FOUNDATION_BASE:
                    raise IllegalAction("cards go to a foundation one at a time: write "
                                        f"move {words[1].upper()} {words[2].upper()}")
                if not 1 <= source <= 7:
                    raise IllegalAction("only one card at a time comes off the waste or a "
                                        "foundation")
            if to_foundation:
                return self.send_to_foundation(source)
            if target == WASTE:
                raise IllegalAction("nothing can be put on the waste")
            if source == target:
                raise IllegalAction("a card cannot move onto its own pile")
            return move_action(source, target, count)
        raise IllegalAction(f"{text[:40]!r} is not a Klondike move: try draw, flip T3, "
                            "move W T5, move T2 FS, move T1 T4 3, undo")

    def send_to_foundation(self, source: int) -> int:
        """The double click: the move taking the top card of a place to its foundation."""
        top = self._top(source)
        if top is None or source >= FOUNDATION_BASE:
            raise IllegalAction(f"{place_name(source)} has no card to send to a foundation")
        return move_action(source, FOUNDATION_BASE + top // 13, 1)

    # --- views -------------------------------------------------------------

    def observation(self, seat: int = 0) -> KlondikeObservation:
        """What the player sees: face-down cards only as counts, the stock as a count."""
        if seat != 0:
            raise ValueError(f"Klondike has one seat, 0, not {seat}")
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


def _place(word: str) -> int:
    """A place of the notation; IllegalAction with the places there are."""
    try:
        return parse_place(word)
    except ValueError:
        raise IllegalAction(f"{word[:12]!r} is not a pile: use W, T1..T7 or FC FD FH FS"
                            ) from None


def _count(word: str) -> int:
    """A number of cards to move: 2 to 13 in digits (one card is written without one)."""
    if not (word.isascii() and word.isdigit()) or word.startswith("0") \
            or not 2 <= int(word) <= 13:
        raise IllegalAction(f"{word[:12]!r} is not a number of cards: write 2 to 13, or "
                            "nothing for one card")
    return int(word)
