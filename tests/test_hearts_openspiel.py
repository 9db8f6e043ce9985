"""Differential test: Parlour's Hearts against OpenSpiel's ``hearts``, options set
to our rules, over random hands dealt and passed identically.

Mappings: OpenSpiel's card ``a`` is ``rank * 4 + suit`` (suits C, D, H, S as
ours), ours is ``suit * 13 + rank``; its pass direction (first chance outcome:
0 no pass, 1 left, 2 across, 3 right) is ours numerically (cards travel that
many seats clockwise); it deals the i-th chance card to seat ``i % 4``; a pass
is three single-card actions where ours is one action. Its returns are 26
minus the points the hand adds (the moon applied as our ``add_to_others``).

At every step: the same player to act and the same legal cards (for passes:
the same 13 cards to choose from); after every trick the same winner; at the
end the same scores. No difference was found over the hands below: none is
documented as expected.
"""

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from parlour.bots.hearts_openspiel import OURS_IN_OPENSPIEL, from_os, to_os
from parlour.cards import shuffled_deck
from parlour.hearts import PASS_BIT, HeartsHand, HeartsOptions

pyspiel = pytest.importorskip("pyspiel")


def play_both(game, seed: int, queen_breaks: bool = False) -> dict:
    """One hand played at random in both engines, checked step by step."""
    rng = random.Random(seed)
    direction = rng.randrange(4)
    deck = shuffled_deck(seed)
    state = game.new_initial_state()
    state.apply_action(direction)
    deal = [0, 0, 0, 0]
    for i, card in enumerate(deck):
        state.apply_action(to_os(card))
        deal[i % 4] |= 1 << card
    ours = HeartsHand(deal, pass_dir=direction,
                      options=HeartsOptions(queen_breaks_hearts=queen_breaks))
    steps = 0
    if direction:
        for seat in range(4):
            assert state.current_player() == ours.current_player() == seat
            choices = ours.legal_actions()
            assert {from_os(a) for a in state.legal_actions()} == {
                c for c in range(52) if choices.hand >> c & 1}
            chosen = choices[rng.randrange(len(choices))]
            ours.apply(chosen)
            for c in range(52):
                if (chosen ^ PASS_BIT) >> c & 1:
                    state.apply_action(to_os(c))
            steps += 1
    while not state.is_terminal():
        player = state.current_player()
        assert player == ours.current_player(), f"seed {seed}: player"
        legal = sorted(from_os(a) for a in state.legal_actions())
        assert legal == sorted(ours.legal_actions()), f"seed {seed}, step {steps}: legal cards"
        card = rng.choice(legal)
        state.apply_action(to_os(card))
        ours.apply(card)
        steps += 1
        if not ours.play.trick and not ours.is_terminal():
            assert state.current_player() == ours.play.player, f"seed {seed}: trick winner"
    assert ours.is_terminal()
    result = ours.score()
    assert [26 - r for r in state.returns()] == result.gained, f"seed {seed}: scores"
    return {"direction": direction, "moon": result.moon, "steps": steps}


def test_parlour_and_openspiel_agree_over_a_thousand_random_hands():
    game = pyspiel.load_game("hearts", OURS_IN_OPENSPIEL)
    seen = [play_both(game, seed) for seed in range(1200)]
    assert {s["direction"] for s in seen} == {0, 1, 2, 3}
    assert sum(s["steps"] for s in seen) >= 1200 * 52


def test_the_queen_breaking_hearts_agrees_with_openspiels_option():
    game = pyspiel.load_game("hearts", {**OURS_IN_OPENSPIEL, "qs_breaks_hearts": True})
    for seed in range(300):
        play_both(game, 10_000 + seed, queen_breaks=True)


def test_a_moon_shot_scores_alike():
    # random hands rarely shoot the moon: steer one seat to take every trick
    game = pyspiel.load_game("hearts", OURS_IN_OPENSPIEL)
    moons = 0
    for seed in range(2000):
        if moons >= 3:
            break
        rng = random.Random(seed)
        deck = shuffled_deck(seed)
        state = game.new_initial_state()
        state.apply_action(0)
        deal = [0, 0, 0, 0]
        for i, card in enumerate(deck):
            state.apply_action(to_os(card))
            deal[i % 4] |= 1 << card
        ours = HeartsHand(deal, pass_dir=0)
        while not ours.is_terminal():
            legal = list(ours.legal_actions())
            # seat 0 plays its highest card, the others their lowest
            card = max(legal) if ours.current_player() == 0 else min(legal)
            if rng.random() < 0.02:
                card = rng.choice(legal)
            ours.apply(card)
            state.apply_action(to_os(card))
        result = ours.score()
        assert [26 - r for r in state.returns()] == result.gained
        moons += result.moon is not None
    assert moons >= 1


def test_a_match_against_ismcts_plays_the_same_when_run_again(tmp_path):
    """The same IS-MCTS match once gave other points on every run (IS-MCTS's
    tables are ordered by where OpenSpiel is loaded, and Linux moves it at
    every start), so a logged run could not be checked by running it again:
    the benchmark now runs itself with the addresses fixed."""
    root = Path(__file__).resolve().parent.parent
    runs = []
    for k in range(2):
        log = tmp_path / f"run{k}.jsonl"
        subprocess.run([sys.executable, str(root / "benchmarks" / "hearts_bots.py"),
                        "--match", "expert-ismcts", "--hands", "2", "--seed", "9990",
                        "--a-opt", "samples=20", "--b-opt", "simulations=200",
                        "--log", str(log)], check=True, capture_output=True, timeout=600)
        runs.append([(d["deal"], d["points_a"], d["points_b"])
                     for d in map(json.loads, log.read_text().splitlines())])
    assert len(runs[0]) == 2
    assert runs[0] == runs[1]


def test_the_arena_against_ismcts_gives_the_same_figures_when_run_again():
    """``parlour arena hearts --b ismcts`` had the same fault as the benchmark:
    the same command, other points."""
    runs = []
    for _ in range(2):
        done = subprocess.run([sys.executable, "-c", "import sys; from parlour.cli import main; "
                               "sys.exit(main(sys.argv[1:]))", "arena", "hearts", "--a", "normal",
                               "--b", "ismcts", "--b-opt", "simulations=200", "--hands", "2",
                               "--seed", "9990", "--json"],
                              check=True, capture_output=True, text=True, timeout=600)
        figures = json.loads(done.stdout)
        runs.append((figures["points_per_hand_a"], figures["points_per_hand_b"]))
    assert runs[0] == runs[1]


def test_the_arena_called_from_python_plays_in_the_same_process(monkeypatch, capsys):
    """``parlour.cli.main([...])`` from other Python code (a script, a notebook,
    these tests) with an IS-MCTS side used to start the *caller's* command again
    (``os.execv`` with its arguments) to fix the addresses: the caller's process
    was replaced. Now only the command's own process starts itself again; a call
    from Python plays the match where it is and returns its figures."""
    import os

    from parlour.cli import main

    def replaced(*args):
        raise AssertionError(f"the calling process was replaced: execv{args}")

    monkeypatch.setattr(os, "execv", replaced)
    status = main(["arena", "hearts", "--a", "normal", "--b", "ismcts", "--b-opt",
                   "simulations=50", "--hands", "1", "--seed", "3", "--json"])
    assert status == 0
    figures = json.loads(capsys.readouterr().out)
    assert figures["points_per_hand_a"] + figures["points_per_hand_b"] > 0
