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


def play(game: str, lines: int, tmp_path=None, target=None):
    said: list[str] = []
    record = str(tmp_path / "game.json") if tmp_path else None
    args = argparse.Namespace(game=game, level="normal", seed=7, target=target, record=record)
    from parlour.commands.play import run

    status = run(args, stdin=Typist(lines), out=said.append)
    return status, "\n".join(said)


def test_a_hand_of_spades_at_the_terminal():
    status, text = play("spades", 600)
    assert status == 0
    assert "Your hand: ♠" in text or "Your hand: ♥" in text
    assert "South: bid 3" in text
    assert text.count("South: play") >= 13  # a whole hand at least
    assert "Not allowed: " in text  # refusals are explained, the game goes on
    assert "Bye." in text  # the input ran out: the game stops cleanly


def test_a_whole_short_game_is_saved_as_a_record(tmp_path):
    status, text = play("spades", 20000, tmp_path, target=100)
    assert status == 0 and "Game over:" in text
    record = json.loads((tmp_path / "game.json").read_text())
    assert record["format"] == "parlour-record/1" and record["game"] == "spades"
