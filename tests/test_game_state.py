"""The state interface's promises over whole games: a clone is independent of
its original at every point, across hands too, and a seat outside the table
is refused with the reason, never answered with another seat's cards."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from parlour.games.klondike import KlondikeState, deal_from_seed
from parlour.hearts import HeartsGame, HeartsHand, HeartsOptions
from parlour.spades import SpadesGame, SpadesHand, SpadesOptions

# Low targets: a few hands a game, so a test crosses hand and game ends often.
GAMES: dict[str, Callable[[int], Any]] = {
    "spades": lambda seed: SpadesGame(SpadesOptions(target=150), seed=seed),
    "hearts": lambda seed: HeartsGame(HeartsOptions(target=30), seed=seed),
}


def snapshot(game: Any) -> tuple[Any, ...]:
    """What a player of the game can tell apart: every hand's actions so far,
    whose turn, the legal actions, the scores, the end."""
    return (game.to_record(), len(game.hands), game.current_player(),
            tuple(game.legal_actions()), list(game.scores), game.is_terminal())


def play(game: Any, rng: random.Random, steps: int) -> None:
    for _ in range(steps):
        if game.is_terminal():
            return
        game.apply(rng.choice(list(game.legal_actions())))


def undo(game: Any, steps: int) -> None:
    for _ in range(steps):
        if not game.hand.actions and len(game.hands) == 1:
            return
        game.undo()


def start_of_second_hand(name: str) -> Any:
    game = GAMES[name](5)
    rng = random.Random(5)
    while len(game.hands) < 2:
        play(game, rng, 1)
    return game


@pytest.mark.parametrize("name", GAMES)
def test_undo_in_a_clone_leaves_the_original_hand_before(name: str) -> None:
    game = start_of_second_hand(name)
    before = snapshot(game)
    clone = game.clone()
    clone.undo()  # back into the first hand: its last card taken back
    assert len(clone.hands) == 1 and len(clone.hand.actions) == len(game.hands[0].actions) - 1
    assert snapshot(game) == before
    game.undo()  # and the other way round
    assert len(game.hand.actions) == len(clone.hand.actions)
    clone.apply(clone.legal_actions()[0])
    assert len(clone.hands) == 2 and len(game.hands) == 1


@settings(max_examples=40, deadline=None)
@given(name=st.sampled_from(sorted(GAMES)), seed=st.integers(0, 2**32),
       played=st.integers(0, 250), undone=st.integers(0, 120), replayed=st.integers(0, 120),
       change_clone=st.booleans())
def test_clone_and_original_never_change_each_other(
        name: str, seed: int, played: int, undone: int, replayed: int,
        change_clone: bool) -> None:
    rng = random.Random(seed)
    game = GAMES[name](seed)
    play(game, rng, played)
    clone = game.clone()
    assert snapshot(clone) == snapshot(game)
    changed, kept = (clone, game) if change_clone else (game, clone)
    before = snapshot(kept)
    undo(changed, undone)
    play(changed, rng, replayed)
    undo(changed, undone // 2)
    assert snapshot(kept) == before
    # And the other way: the one kept still now, the one changed must not move.
    after = snapshot(changed)
    play(kept, rng, 60)
    undo(kept, 60 + undone)
    assert snapshot(changed) == after


TRICK_STATES: dict[str, Callable[[], Any]] = {
    "SpadesHand": lambda: SpadesHand.from_seed(1, dealer=0),
    "SpadesGame": lambda: SpadesGame(seed=1),
    "HeartsHand": lambda: HeartsHand.from_seed(1),
    "HeartsGame": lambda: HeartsGame(seed=1),
}


@pytest.mark.parametrize("state", TRICK_STATES)
@pytest.mark.parametrize("seat", [4, 7, 99, -1, -4])
def test_a_seat_off_the_table_is_refused(state: str, seat: int) -> None:
    game = TRICK_STATES[state]()
    with pytest.raises(ValueError, match=rf"a seat is 0\.\.3 \(North, East, South, West\), "
                                         rf"not {seat}$"):
        game.observation(seat)
    assert [game.observation(s).seat for s in range(4)] == [0, 1, 2, 3]


@pytest.mark.parametrize("seat", [1, 3, -1])
def test_klondike_has_one_seat(seat: int) -> None:
    state = KlondikeState(deal_from_seed(1))
    with pytest.raises(ValueError, match=f"Klondike has one seat, 0, not {seat}$"):
        state.observation(seat)
    assert state.observation(0).stock == 24
