"""Klondike solver: every claimed win replays in the engine; known answers; the command."""

from __future__ import annotations

import json

import pytest

from parlour.cli import main
from parlour.games.klondike import (
    KlondikeOptions,
    KlondikeState,
    deal_from_seed,
    make_record,
    new_game,
)
from parlour.records import replay
from parlour.solvers.klondike import (
    CARD,
    Solver,
    reachable,
    replays,
    safe,
    solution_record,
    solve,
    still_winnable,
)


@pytest.mark.parametrize(("seed", "draw"), [(2, 1), (4, 1), (11, 1), (1, 3), (2, 3), (8, 3)])
def test_wins_replay_through_the_engine(seed: int, draw: int) -> None:
    deal = deal_from_seed(seed)
    result = solve(deal, draw, time_limit=20)
    assert result.result == "win"
    assert replays(deal, result.moves, draw)
    out = replay(solution_record(deal, result, draw))
    assert out.result["won"] and out.result["foundations"] == 52


@pytest.mark.parametrize(("seed", "draw"), [(14, 1), (20, 1), (46, 3), (19, 3), (20, 3)])
def test_known_losses_are_proved(seed: int, draw: int) -> None:
    assert solve(deal_from_seed(seed), draw, time_limit=30).result == "lose"


def test_complete_search_agrees_with_the_quick_one() -> None:
    for seed in (2, 5, 9):
        deal = deal_from_seed(seed)
        full = Solver(deal, 1, 20, complete=True).run()
        assert full.result == "win" and replays(deal, full.moves, 1)


def test_out_of_time_is_unknown() -> None:
    assert solve(deal_from_seed(14), 1, time_limit=0.0001).result == "unknown"


def test_auto_flip_lines_have_no_flips() -> None:
    deal = deal_from_seed(2)
    result = solve(deal, 1, time_limit=20, auto_flip=True)
    assert not any(m.startswith("flip") for m in result.moves)
    assert replays(deal, result.moves, 1, auto_flip=True)


def test_safe_moves() -> None:
    ace, two, five = CARD[2][1], CARD[2][2], CARD[2][5]  # hearts
    assert safe(ace, (0, 0, 0, 0)) and safe(two, (0, 0, 1, 0))
    assert not safe(five, (4, 4, 4, 4 - 1))  # the 4♠ is still out
    assert not safe(five, (4, 2, 4, 4))  # the 3♦ might want the 5♥ and a black 4
    assert safe(five, (4, 3, 4, 4))


def test_reachable_talon_cards() -> None:
    assert reachable(24, 0, 1) == tuple(range(24))
    assert reachable(7, 0, 3) == (2, 5, 6)
    assert set(reachable(8, 3, 3)) == {2, 5, 7}


def test_still_winnable_mid_game_and_winnable_deals() -> None:
    game = KlondikeState(deal_from_seed(2))
    game.apply(game.parse_action("draw"))
    result = still_winnable(game, time_limit=10)
    assert result.result == "win"
    for text in result.moves:
        if game.won:
            break
        game.apply(game.parse_action(text))
    assert game.won
    dealt = new_game(seed=1, winnable_only=True, time_limit=1,
                     options=KlondikeOptions(draw=1))
    assert dealt.deal == deal_from_seed(2)


def test_solve_command_json_and_record(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "klondike", "--seed", "2", "--draw", "3", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["result"] == "win" and out["moves"] and out["states"] > 0
    record = make_record(deal_from_seed(2), out["moves"],
                         KlondikeOptions(draw=3, auto_complete=False))
    assert replay(record).result["won"]


def test_solve_command_batch(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "klondike", "--batch", "3", "--start", "2", "--draw", "1",
                 "--time-limit", "5"]) == 0
    text = capsys.readouterr().out
    assert "win" in text and "95% interval" in text and "median" in text
