"""`parlour play`: a person at the terminal, typed input, bots in the other seats."""

import argparse
import io
import itertools
import json

from parlour.cards import card_code


class Typist(io.StringIO):
    """Types bids and then every card in turn, the way a careless player might."""

    def __init__(self, lines: int) -> None:
        super().__init__()
        words = ["3", "nil"] + [card_code(c) for c in range(52)]
        self.words = itertools.islice(itertools.cycle(words), lines)

    def readline(self, *args) -> str:  # type: ignore[override]
        word = next(self.words, None)
        return "" if word is None else word + "\n"  # "" is the end of the input


def play(game: str, lines: int, tmp_path=None, target=None, seed=7):
    said: list[str] = []
    record = str(tmp_path / "game.json") if tmp_path else None
    args = argparse.Namespace(game=game, level="normal", seed=seed, target=target,
                              record=record, resume=None, draw=1)
    from parlour.commands.play import run

    status = run(args, stdin=Typist(lines), out=said.append)
    return status, "\n".join(said)


def test_a_hand_of_spades_at_the_terminal():
    status, text = play("spades", 600)
    assert status == 0
    assert "Your hand: ♠" in text or "Your hand: ♥" in text
    assert "You bid 3." in text and "Hand 1: " in text and " deals." in text
    assert "wins the trick." in text or "You win the trick." in text
    assert text.count("You play") >= 13 and "Hand 1 is over. Tricks: NS" in text
    assert "Not allowed: you do not hold" in text  # said to the player; the game goes on
    assert "Bye." in text  # the input ran out: the game stops cleanly


def test_a_whole_short_game_is_saved_as_a_record(tmp_path):
    status, text = play("spades", 20000, tmp_path, target=100)
    assert status == 0 and "Game over:" in text
    record = json.loads((tmp_path / "game.json").read_text())
    assert record["format"] == "parlour-record/1" and record["game"] == "spades"


def test_once_a_seat_takes_every_trick_left_the_rest_plays_itself():
    # as at the web table: said once, then no card is asked of you until the
    # hand is over (seed 3: South itself takes the last tricks of both hands)
    status, text = play("spades", 20000, target=100, seed=3)
    assert status == 0 and "Game over:" in text
    hands = text.split("You take every trick left: the rest of the hand plays itself.")
    assert len(hands) == 3
    for rest in hands[1:]:
        rest = rest.split(" is over.")[0]
        assert "You play" in rest and "> " not in rest  # played for you, never asked


def test_hearts_never_shows_another_seats_pass(tmp_path):
    # found by hand: the other seats' passes were printed before South passed
    status, text = play("hearts", 400, tmp_path)
    assert status == 0 and "passes three cards." in text and "Three cards to pass to" in text
    for line in text.splitlines():
        if "pass" in line and "You" not in line and "Three cards" not in line:
            assert not any(symbol in line for symbol in "♠♥♦♣"), line


def test_the_record_is_saved_after_every_action_and_resumes(tmp_path, capsys):
    from parlour.cli import main
    from parlour.commands.play import run

    status, text = play("spades", 30, tmp_path)  # the input ends mid-hand
    path = tmp_path / "game.json"
    saved = json.loads(path.read_text())["hands"][0]["actions"]
    assert status == 0 and 4 <= len(saved) < 56 and "--resume" in text
    said: list[str] = []
    args = argparse.Namespace(game="spades", level="normal", seed=None, target=None,
                              record=None, resume=str(path), draw=1)
    assert run(args, stdin=Typist(200), out=said.append) == 0
    assert "resumed" in said[0]
    again = json.loads(path.read_text())["hands"][0]["actions"]
    assert again[:len(saved)] == saved and len(again) > len(saved)
    assert main(["replay", str(path)]) == 0
    capsys.readouterr()


class Keys(io.StringIO):
    def __init__(self, lines: list[str]) -> None:
        super().__init__("".join(line + "\n" for line in lines))


def test_klondike_in_the_terminal(tmp_path):
    from parlour.commands.play import run

    said: list[str] = []
    path = tmp_path / "k.json"
    args = argparse.Namespace(game="klondike", level="normal", seed=4, target=None,
                              record=str(path), resume=None, draw=1)
    assert run(args, stdin=Keys(["h", "1", "d", "u", "a", "zz", "q"]), out=said.append) == 0
    text = "\n".join(said)
    assert "Hint: move T1 FS" in text and "A♠" in text and "## ## ## 2♦" in text
    assert "Not allowed: 'zz' is not a move" in text
    record = json.loads(path.read_text())
    assert record["actions"] == ["move T1 FS", "draw", "undo"] and record["seed"] == 4
