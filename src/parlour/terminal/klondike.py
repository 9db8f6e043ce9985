"""Klondike in the terminal: the layout drawn with card symbols, moves typed in
the record notation or in short forms, undo, hint and auto-complete.

Short forms (pile numbers are T1..T7):

=========  ==================================================================
``d``      draw from the stock
``3``      pile 3: turn its top card over, or send it to its foundation
``w``      the waste's card to its foundation, else onto the first pile that takes it
``w5``     the waste's card onto pile 5 (``wf``: to its foundation)
``35``     from pile 3 onto pile 5, as many cards as fit (``3 5 2``: two cards)
``3f``     pile 3's top card to its foundation
``a``      auto-complete: every card that can go to a foundation goes
``u r h``  undo, redo, hint
=========  ==================================================================

>>> from parlour.games.klondike import KlondikeState, deal_from_seed
>>> state = KlondikeState(deal_from_seed(1))
>>> [state.action_to_string(short_form(state, t)) for t in ("d", "1")]
['draw', 'move T1 FC']
"""

from __future__ import annotations

from typing import Any

from parlour.cards import SUIT_SYMBOLS, pretty
from parlour.games.base import IllegalAction
from parlour.games.klondike import (
    DRAW,
    REDO,
    UNDO,
    WASTE,
    KlondikeOptions,
    KlondikeState,
    deal_from_seed,
    flip_action,
    foundation_card,
    hint,
    make_record,
    move_action,
    parse_deal,
)
from parlour.terminal import Console, Saver

HELP = ("Moves: d (draw), 3 (turn over pile 3 or send its card home), w (the waste's card), "
        "w5, wf, 35 (pile 3 onto pile 5), 3 5 2 (two cards), 3f,\n"
        "or as in a record: draw, flip T3, move W T5, move T1 T4 3, move FS T2. "
        "Also: a (auto-complete), u (undo), r (redo), h (hint), show, help, quit.")


def _pile(char: str) -> int:
    if char not in "1234567":
        raise ValueError(f"{char!r} is not a pile: piles are 1 to 7")
    return int(char)


def short_form(state: KlondikeState, text: str) -> int:
    """The action a short form (or the record notation) names."""
    t = text.strip().lower()
    words = t.split()
    if t in ("d", "draw"):
        return DRAW
    if t in ("u", "undo"):
        return UNDO
    if t in ("r", "redo"):
        return REDO
    if words and words[0] in ("move", "flip"):
        return state.parse_action(t)
    compact = t.replace(" ", "")
    if not compact or set(compact) - set("1234567wf") or compact[0] == "f":
        raise ValueError(f"{text.strip()!r} is not a move: type help for the short forms")
    if compact == "w":
        to_foundation = state.send_to_foundation(WASTE) if state.waste else None
        if to_foundation is not None and state.check(to_foundation) is None:
            return to_foundation
        for target in range(1, 8):
            if state.check(move_action(WASTE, target)) is None:
                return move_action(WASTE, target)
        raise IllegalAction("the waste's card has nowhere to go" if state.waste
                            else "the waste is empty")
    if len(compact) == 2 and compact[0] == "w":
        if compact[1] == "f":
            return state.send_to_foundation(WASTE)
        return move_action(WASTE, _pile(compact[1]))
    if len(compact) == 1:
        pile = _pile(compact)
        if state.tableau[pile - 1] and state.hidden[pile - 1] == len(state.tableau[pile - 1]):
            return flip_action(pile - 1)
        return state.send_to_foundation(pile)
    if len(compact) == 2 and compact[1] == "f":
        return state.send_to_foundation(_pile(compact[0]))
    if len(words) == 3 and len(compact) == 3 and words[2].isdigit():
        return move_action(_pile(words[0]), _pile(words[1]), int(words[2]))
    if len(compact) == 2:
        source, target = _pile(compact[0]), _pile(compact[1])
        up = len(state.tableau[source - 1]) - state.hidden[source - 1]
        for count in range(1, up + 1):
            if state.check(move_action(source, target, count)) is None:
                return move_action(source, target, count)
        return move_action(source, target, max(up, 1))  # refused with the engine's reason
    raise ValueError(f"{text.strip()!r} is not a move: type help for the short forms")


def auto_complete(state: KlondikeState) -> list[str]:
    """Send every card that can go to a foundation, again and again; the moves made."""
    made = []
    while not state.won:
        for source in [WASTE, *range(1, 8)]:
            try:
                action = state.send_to_foundation(source)
            except IllegalAction:
                continue
            if state.check(action) is None:
                state.apply(action)
                made.append(state.action_to_string(action))
                break
        else:
            break
    return made


def draw_layout(state: KlondikeState) -> list[str]:
    """The table in card symbols: stock, waste, foundations, then the seven piles."""
    waste = " ".join(pretty(c) for c in state.waste[-3:]) or "--"
    found = "  ".join(pretty(foundation_card(s, n)) if n else f"{SUIT_SYMBOLS[s]}--"
                      for s, n in enumerate(state.foundation))
    passes = state.passes_left()
    lines = [f"Stock {len(state.stock):2}   Waste {waste:<12}  Foundations {found}",
             f"Moves {state.moves}" + (f", passes left {passes}" if passes is not None else "")]
    for p in range(7):
        down = "## " * state.hidden[p]
        up = " ".join(pretty(c) for c in state.tableau[p][state.hidden[p]:])
        lines.append(f"  {p + 1}: {down}{up}".rstrip() if state.tableau[p] else f"  {p + 1}: .")
    return lines


class KlondikeTable:
    """One game of Klondike at the terminal."""

    def __init__(self, state: KlondikeState, seed: int | None, console: Console,
                 saver: Saver) -> None:
        self.state = state
        self.seed = seed
        self.console = console
        self.saver = saver
        self.actions: list[str] = []

    @classmethod
    def new(cls, seed: int, draw: int, console: Console, saver: Saver) -> KlondikeTable:
        table = cls(KlondikeState(deal_from_seed(seed), KlondikeOptions(draw=draw)), seed,
                    console, saver)
        saver.save(table.record())
        return table

    @classmethod
    def resumed(cls, record: dict[str, Any], console: Console, saver: Saver) -> KlondikeTable:
        """The game a (checked) record left off at."""
        state = KlondikeState(parse_deal(record["deal"]),
                              KlondikeOptions.from_json(record.get("options", {})))
        table = cls(state, record.get("seed"), console, saver)
        for text in record.get("actions", []):
            action = state.parse_action(text)
            state.apply(action)
            table.actions.append(state.action_to_string(action))
        saver.save(table.record())
        console.say(f"Parlour Klondike, resumed after {len(table.actions)} moves.")
        return table

    def record(self) -> dict[str, Any]:
        extra = {} if self.seed is None else {"seed": self.seed}
        return make_record(self.state.deal, self.actions, self.state.options, **extra)

    def apply_move(self, action: int) -> None:
        self.state.apply(action)
        self.actions.append(self.state.action_to_string(action))
        self.saver.save(self.record())

    def play(self) -> int:
        say, state = self.console.say, self.state
        say("\n".join(draw_layout(state)))
        while not state.won:
            if not state.legal_actions() and not state.can_undo():
                break
            line = self.console.ask("Your move> ")
            if line is None or line.strip().lower() in ("q", "quit", "exit"):
                say("Bye." + ("" if self.saver.path is None else
                              f" The game is saved in {self.saver.path}: carry on with "
                              f"'parlour play klondike --resume {self.saver.path}'."))
                return 0
            text = line.strip().lower()
            if text in ("help", "?"):
                say(HELP)
                continue
            if text in ("show", ""):
                say("\n".join(draw_layout(state)))
                continue
            if text in ("h", "hint"):
                advice = hint(state)
                say(f"  Hint: {advice}" if advice else "  No move helps: undo, or start again.")
                continue
            if text in ("a", "auto"):
                made = []
                for move in auto_complete_moves(state):
                    self.apply_move(state.parse_action(move))
                    made.append(move)
                say(f"  Auto-complete: {', '.join(made)}" if made
                    else "  No card can go to a foundation now.")
                say("\n".join(draw_layout(state)))
                continue
            try:
                self.apply_move(short_form(state, text))
            except (IllegalAction, ValueError) as e:
                say(f"  Not allowed: {e}.")
                continue
            say(f"  {self.actions[-1]}")
            say("\n".join(draw_layout(state)))
        if state.won:
            say(f"You won in {state.moves} moves.")
        else:
            say(f"No moves are left: the game is lost, {state.cards_placed()} cards home.")
        return 0


def auto_complete_moves(state: KlondikeState) -> list[str]:
    """The moves :func:`auto_complete` would make, worked out on a copy."""
    return auto_complete(state.clone())

