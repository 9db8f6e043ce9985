"""`parlour replay` and `parlour score spades` as a user runs them."""

import json
import subprocess
import sys

import pytest

from parlour.cards import Rng
from parlour.cli import main
from parlour.spades import SpadesGame, SpadesOptions, bid_action


@pytest.fixture(scope="module")
def record():
    game = SpadesGame(options=SpadesOptions(target=150), seed=21)
    rng = Rng(1)
    while not game.is_terminal():
        actions = game.legal_actions()
        game.apply(bid_action(3) if bid_action(3) in actions
                   else actions[rng.below(len(actions))])
    return game.to_record(), game


def run(capsys, *argv):
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def write(tmp_path, data, name="game.json"):
    path = tmp_path / name
    path.write_text(data if isinstance(data, str) else json.dumps(data))
    return str(path)


def test_replay_prints_hands_tricks_and_scores(tmp_path, capsys, record):
    rec, game = record
    status, out, _ = run(capsys, "replay", write(tmp_path, rec))
    assert status == 0
    assert "Hand 1:" in out and "trick 13:" in out
    assert f"{game.winner} win the game" in out


def test_replay_json_lists_every_step_with_its_legal_actions(tmp_path, capsys, record):
    rec, game = record
    status, out, _ = run(capsys, "replay", write(tmp_path, rec), "--json")
    assert status == 0
    data = json.loads(out)
    first = data["steps"][0]
    assert first["action"].startswith("bid ") and "bid 13" in first["legal"]
    assert all(s["action"] in s["legal"] for s in data["steps"])
    hand = data["hands"][0]
    assert sum(hand["tricks"]) == 13
    assert set(hand) >= {"tricks", "points", "bags", "events", "scores"}
    assert data["result"]["winner"]["name"] == game.winner
    # hands and steps are numbered from 1 in JSON, as in the text and in errors
    assert data["hands"][0]["hand"] == 1 and (first["hand"], first["step"]) == (1, 1)
    assert [h["scores"] for h in data["hands"]] == [r.scores for r in game.results]


def bad(rec, mutate):
    copy = json.loads(json.dumps(rec))
    mutate(copy)
    return copy


@pytest.mark.parametrize("mutate, message", [
    (lambda r: r["hands"][0]["actions"].__setitem__(5, "play ZZ"),
     "hand 1, step 6: 'play ZZ'"),
    (lambda r: r["hands"][0]["actions"].__setitem__(1, "bid fourteen"), "hand 1, step 2"),
    (lambda r: r["hands"][1]["deal"][0].__setitem__(0, r["hands"][1]["deal"][1][0]),
     "hand 2: the deal is not 52 distinct cards"),
    (lambda r: r["options"].__setitem__("bags_limit", 5), "unknown Spades option 'bags_limit'"),
    (lambda r: r.__setitem__("format", "pbn"), "format must be 'parlour-record/1'"),
    (lambda r: r["hands"][0]["actions"].append("play AS"), "hand 1, step 57"),
])
def test_bad_records_exit_2_with_one_line_naming_the_problem(tmp_path, capsys, record,
                                                             mutate, message):
    status, out, err = run(capsys, "replay", write(tmp_path, bad(record[0], mutate)))
    assert status == 2 and out == ""
    assert message in err and len(err.strip().splitlines()) == 1


def test_an_illegal_card_is_refused_with_the_players_reason(tmp_path, capsys, record):
    rec = json.loads(json.dumps(record[0]))
    hand = rec["hands"][0]
    step = next(i for i, a in enumerate(hand["actions"]) if a.startswith("play"))
    # The first card played comes from the first player; give them another seat's card.
    leader = (hand["dealer"] + 1) % 4
    hand["actions"][step] = "play " + hand["deal"][(leader + 1) % 4][0]
    status, _, err = run(capsys, "replay", write(tmp_path, rec))
    assert status == 2 and "does not hold" in err and f"step {step + 1}" in err


def test_not_json_and_missing_files_are_clear(tmp_path, capsys):
    status, _, err = run(capsys, "replay", write(tmp_path, "{nope"))
    assert status == 2 and "not JSON" in err
    status, _, err = run(capsys, "replay", str(tmp_path / "missing.json"))
    assert status == 2 and "cannot read" in err


PAD = {"hands": [
    {"bids": [3, 4, 0, 5], "tricks": [4, 4, 0, 5]},
    {"bids": [4, 3, 3, 3], "tricks": [5, 2, 4, 2]},
]}


def test_score_pad_json(tmp_path, capsys):
    status, out, _ = run(capsys, "score", "spades", write(tmp_path, PAD), "--json")
    assert status == 0
    data = json.loads(out)
    assert data["hands"][0]["scores"] == [131, 90] and data["hands"][0]["bags"] == [1, 0]
    assert data["hands"][1]["scores"] == [203, 30]  # NS 7 made +2; EW bid 6 took 4: -60
    assert data["winner"] is None
    assert {"type": "nil_made", "seat": 2, "team": "NS", "points": 100} in \
        data["hands"][0]["events"]


def test_score_pad_reads_stdin_and_names_the_winner():
    pad = {"options": {"target": 200}, "hands": PAD["hands"]}
    done = subprocess.run([sys.executable, "-m", "parlour.cli", "score", "spades"],
                          input=json.dumps(pad), capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert "NS win the game." in done.stdout


def test_score_pad_renege_and_bags(tmp_path, capsys):
    pad = {"hands": [{"bids": [2, 3, 2, 3], "tricks": [5, 3, 2, 3], "reneged": ["NS"]},
                     {"bids": [1, 1, 1, 1], "tricks": [6, 3, 3, 1]}]}
    status, out, _ = run(capsys, "score", "spades", write(tmp_path, pad), "--json")
    assert status == 0
    hands = json.loads(out)["hands"]
    assert hands[0]["scores"] == [0, 60] and hands[0]["bags"] == [0, 0]
    # NS then bid 2 and take 9: 7 bags, +27; EW bid 2 and take 4: +22.
    assert hands[1]["scores"] == [27, 82] and hands[1]["bags"] == [7, 2]


@pytest.mark.parametrize("pad, message", [
    ({"hands": [{"bids": [3, 3, 3, 3], "tricks": [3, 3, 3, 3]}]},
     "hand 1: tricks add up to 12, not 13"),
    ({"hands": [{"bids": [3, 3, 3, 3], "tricks": [4, 3, 3, 3]},
                {"bids": [3, 3, 14, 3], "tricks": [4, 3, 3, 3]}]}, "hand 2: a bid is"),
    ({"options": {"nil": False}, "hands": [{"bids": [0, 3, 3, 3], "tricks": [4, 3, 3, 3]}]},
     "hand 1: nil is not allowed"),
    ({"options": {"target": 100},
      "hands": [{"bids": [6, 3, 4, 3], "tricks": [6, 0, 4, 3]},
                {"bids": [3, 3, 3, 3], "tricks": [4, 3, 3, 3]}]},
     "hand 2: NS had already won the game"),
    ({"hands": [{"bids": [3, 3, 3, 3], "tricks": [4, 3, 3, 3], "reneged": ["North"]}]},
     "hand 1: reneged lists teams"),
])
def test_score_pad_bad_input_exits_2_naming_the_hand(tmp_path, capsys, pad, message):
    status, out, err = run(capsys, "score", "spades", write(tmp_path, pad))
    assert status == 2 and out == ""
    assert message in err


def test_every_commands_help_reads_as_written(capsys):
    # the arena's description once printed "95%% confidence interval"
    import argparse

    from parlour.cli import build_parser
    parser = build_parser()
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    assert {"arena", "play", "replay", "score", "solve"} <= set(sub.choices)
    for name in sub.choices:
        with pytest.raises(SystemExit) as done:
            main([name, "--help"])
        assert done.value.code == 0
        out = capsys.readouterr().out
        assert "%%" not in out and "%(" not in out, name
        assert out.startswith("usage: parlour " + name)
