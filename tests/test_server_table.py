"""The table without a socket or a database: turns, versions, refusals, and
what each seat is shown."""

from __future__ import annotations

import json
import random

import pytest

from parlour.server.games import TableError, check_options, default_seats
from parlour.server.table import Table


def spades(seed: int = 7, level: str = "easy") -> Table:
    return Table("t", "spades", check_options("spades", {}), seed,
                 default_seats("spades", "me", "Ada", level))


def test_a_refused_action_changes_nothing() -> None:
    table = spades()
    while table.to_act() != 2:
        table.commit(table.attempt(table.to_act() or 0, "bid 3", table.version))
    before = json.dumps(table.view(2))
    with pytest.raises(TableError, match="bid 0..13|not an action"):
        table.attempt(2, "bid 14", table.version)
    with pytest.raises(TableError, match="moved on"):
        table.attempt(2, "bid 3", table.version - 1)
    with pytest.raises(TableError, match="not your turn: South is to bid"):
        table.attempt(3, "bid 3", table.version)
    assert json.dumps(table.view(2)) == before


def test_refusals_speak_to_you() -> None:
    table = spades()
    while table.to_act() != 2:
        table.commit(table.attempt(table.to_act() or 0, "bid 3", table.version))
    table.commit(table.attempt(2, "bid 3", table.version))
    while table.to_act() != 2:
        seat = table.to_act() or 0
        table.commit(table.attempt(seat, table.view(seat)["legal"][0], table.version))
    mine = set(table.view(2)["hand"])
    other = next(c for c in ("AS", "KS", "QS", "JS", "TS") if c not in mine)
    with pytest.raises(TableError, match="^you do not hold"):
        table.attempt(2, f"play {other}", table.version)


def test_a_move_is_the_table_only_once_committed() -> None:
    table = spades()
    move = table.attempt(table.to_act() or 0, "bid 2", 0)
    assert table.version == 0 and table.view(2)["bids"] == []
    table.commit(move)
    assert table.version == 1 and table.view(2)["bids"] == [2]
    with pytest.raises(TableError):
        table.commit(move)  # the same move twice


@pytest.mark.parametrize("game", ["spades", "hearts"])
def test_no_seat_is_ever_shown_another_seats_cards(game: str) -> None:
    rng = random.Random(3)
    table = Table("t", game, check_options(game, {"target": 60}), 11,
                  default_seats(game, "me", "Ada", "easy"))
    while len(table.view(0)["hands"]) < 2:  # two whole hands
        views = [table.view(seat) for seat in range(4)]
        for seat, view in enumerate(views):
            shown = dict(view)
            if max(view["cards_left"]) == 13:  # no trick of this hand taken yet
                del shown["last_trick"]  # the previous hand's: its cards are dealt again
            text = json.dumps(shown)
            passed = set(view.get("passed", []))
            for other in range(4):
                if other != seat:
                    leaked = [c for c in views[other]["hand"]
                              if f'"{c}"' in text and c not in passed]
                    assert not leaked, f"seat {seat} is shown {other}'s {leaked}"
        seat = table.to_act()
        assert seat is not None
        # (with no points left none is offered: the table plays the rest itself)
        legal = views[seat]["legal"] or [table.state.action_to_string(a)
                                         for a in table.state.legal_actions()]
        table.commit(table.attempt(seat, rng.choice(legal), table.version))


def test_hearts_passes_are_never_shown_before_all_four_are_made() -> None:
    table = Table("t", "hearts", check_options("hearts", {}), 5,
                  default_seats("hearts", "me", "Ada", "easy"))
    south = table.view(2)["hand"]
    for seat in (0, 1):
        table.commit(table.attempt(seat, table.view(seat)["legal"][0], table.version))
    assert table.view(2)["received"] == [] and table.view(2)["hand"] == south
    table.commit(table.attempt(2, table.view(2)["legal"][0], table.version))
    table.commit(table.attempt(3, table.view(3)["legal"][0], table.version))
    assert len(table.view(2)["received"]) == 3
    assert set(table.view(2)["received"]) <= set(table.view(2)["hand"])


def test_the_game_ends_with_a_winner_in_words() -> None:
    rng = random.Random(1)
    table = Table("t", "spades", check_options("spades", {"target": 50, "mercy": -100}), 4,
                  default_seats("spades", "me", "Ada", "easy"))
    while not table.is_over():
        seat = table.to_act()
        assert seat is not None
        table.commit(table.attempt(seat, rng.choice(table.view(seat)["legal"]), table.version))
    over = table.view(2)["over"]
    assert over["winner"].startswith(("North-South win", "East-West win"))
    result = table.result()
    assert result is not None and len(result["scores"]) == len(table.view(2)["hands"])
    with pytest.raises(TableError, match="the game is over"):
        table.attempt(2, "play AS", table.version)


def test_a_klondike_deal_is_timed_only_while_it_is_open_and_restored_exactly() -> None:
    now = [1000.0]
    table = Table("k", "klondike", check_options("klondike", {"draw": 3}), 1,
                  default_seats("klondike", "me", "Ada", "normal"), clock=lambda: now[0])
    table.watched(True)
    now[0] = 1005.0  # looking at the deal before the first move is not timed
    first = table.attempt(0, "draw", 0)
    table.commit(first)
    now[0] = 1047.0
    assert table.view(0)["seconds"] == 42.0
    table.watched(False)  # the page closed...
    now[0] += 62.0  # ...for 62 seconds
    assert table.view(0)["seconds"] == 42.0
    table.watched(True)  # and back: the clock goes on from where it stopped
    assert table.view(0)["seconds"] == 42.0
    now[0] += 3.0
    second = table.attempt(0, "draw", 1)
    table.commit(second)
    assert table.view(0)["seconds"] == 45.0
    # each move is stored with the deal's clock: a restored table shows the same time
    assert first.clock is not None and second.clock is not None
    restored = Table("k", "klondike", table.options, 1, table.seats, clock=lambda: 9e9)
    restored.restore([(first.action, first.clock), (second.action, second.clock)])
    assert restored.view(0)["seconds"] == 45.0
    assert restored.view(0)["waste"] == table.view(0)["waste"]


@pytest.mark.parametrize(("game", "options", "reason"), [
    ("spades", {"bags": 5}, "unknown Spades option 'bags'"),
    ("hearts", {"target": "100"}, "whole number"),
    ("klondike", {"draw": 2}, "draw must be 1 or 3"),
    ("klondike", {"draw": 1.0}, "option draw"),
    ("chess", {}, "unknown game"),
])
def test_bad_options_are_refused_with_the_reason(game: str, options: dict[str, object],
                                                 reason: str) -> None:
    with pytest.raises(TableError, match=reason):
        check_options(game, options)
