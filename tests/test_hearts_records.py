"""Hearts records (parlour-record/1) and the Hearts score pad."""

import json

import pytest

from parlour import records
from parlour.cards import FULL_DECK, card_code, cards_of, parse_cards
from parlour.games.hearts_scoring import score_pad, score_pad_lines
from parlour.hearts import HeartsGame, HeartsHand, HeartsOptions
from parlour.records import RecordError

MOON_NORTH = [["3C", "4C", "5C", "6C", "7C", "8C", "9C", "TC", "JC", "QC", "KC", "AC", "AS"]]


def finished_game(seed=3, **options):
    game = HeartsGame(seed=seed, options=HeartsOptions(**options))
    while not game.is_terminal():
        game.apply(game.legal_actions()[-1])
    return game


def test_a_game_record_replays_to_the_same_scores_and_winner():
    game = finished_game(target=60)
    record = json.loads(records.dumps(game.to_record()))
    assert record["game"] == "hearts" and record["format"] == "parlour-record/1"
    assert record["hands"][0]["actions"][0].startswith("pass ")
    replay = records.replay(record)
    # the winner as every --json output gives it
    assert replay.result == {"scores": game.scores, "winner": {
        "name": ("North", "East", "South", "West")[game.winner], "seats": [game.winner]}}
    assert [h["hand"] for h in replay.hands] == list(range(1, len(game.hands) + 1))
    assert [h["scores"] for h in replay.hands] == [r.scores for r in game.results]
    assert [h["points"] for h in replay.hands] == [r.points for r in game.results]
    assert all("moon" in h for h in replay.hands)
    first = replay.steps[0]
    assert first["actor"] == 0 and first["action"].startswith("pass ")
    assert len(first["legal"]) == 286
    play_steps = [s for s in replay.steps if s["action"].startswith("play")]
    assert play_steps[0]["legal"] == ["play 2C"]
    assert any("wins the game" in line for line in replay.lines)


def test_the_pass_direction_follows_the_hands_place_when_absent():
    game = finished_game(target=60)
    record = game.to_record()
    for hand in record["hands"]:
        del hand["pass"]
    replay = records.replay(record)
    assert [h["pass"] for h in replay.hands][:4] == ["left", "right", "across", "none"]


def test_a_record_can_start_from_given_scores_and_name_the_moon_shooter():
    # North holds clubs 3..A and the ace of spades, so wins every trick
    north = MOON_NORTH[0]
    rest = [card_code(c) for c in cards_of(FULL_DECK & ~parse_cards(north))]
    hands = [north, rest[0:13], rest[13:26], rest[26:39]]
    state = HeartsHand([parse_cards(h) for h in hands], pass_dir=0)
    actions = []
    while not state.is_terminal():
        a = state.legal_actions()[0]
        actions.append(state.action_to_string(a))
        state.apply(a)
    record = {"format": "parlour-record/1", "game": "hearts", "options": {"target": 200},
              "hands": [{"deal": hands, "pass": "none", "scores": [1, 2, 3, 4],
                         "actions": actions}]}
    replay = records.replay(record)
    hand = replay.hands[0]
    assert hand["moon"] == 0 and hand["points"] == [26, 0, 0, 0]
    assert hand["scores"] == [1, 28, 29, 30]
    assert any("North shot the moon" in line for line in replay.lines)


@pytest.mark.parametrize("change, message", [
    (lambda r: r["hands"][0]["actions"].__setitem__(0, "pass 2C 3C"), "hand 1, step 1"),
    (lambda r: r["hands"][0].__setitem__("pass", "sideways"), "'pass' is one of"),
    (lambda r: r["hands"][0]["actions"].__setitem__(4, "play AH"), "hand 1, step 5"),
    (lambda r: r["hands"][0]["deal"][0].__setitem__(0, "ZZ"), "not 52 distinct cards"),
    (lambda r: r.__setitem__("options", {"moon": "never"}), "option moon"),
    (lambda r: r["hands"][0].__setitem__("scores", [1, 2]), "'scores' must have 4"),
])
def test_a_bad_record_names_the_hand_the_step_and_the_reason(change, message):
    record = finished_game(target=60).to_record()
    change(record)
    with pytest.raises(RecordError, match=message):
        records.replay(record)


def test_a_refused_play_in_a_record_gives_the_players_reason():
    game = HeartsGame(seed=8)
    for _ in range(4):
        game.apply(game.legal_actions()[0])
    leader = game.hand.current_player()
    record = game.to_record()
    other = next(c for c in range(1, 52) if game.hand.play.hands[leader] >> c & 1)
    record["hands"][0]["actions"].append(f"play {card_code(other)}")
    with pytest.raises(RecordError, match="step 5: .*2♣ must lead the first trick"):
        records.replay(record)


def test_hands_after_the_game_is_won_are_refused():
    record = finished_game(target=30).to_record()
    record["hands"].append(dict(record["hands"][0]))
    with pytest.raises(RecordError, match="already won"):
        records.replay(record)


# --- score pad ------------------------------------------------------------------


def test_the_score_pad_adds_points_and_scores_a_moon_by_the_option():
    pad = {"hands": [{"points": [3, 13, 10, 0]}, {"points": [0, 26, 0, 0]}]}
    out = score_pad(pad)
    assert [h["scores"] for h in out["hands"]] == [[3, 13, 10, 0], [29, 13, 36, 26]]
    assert out["hands"][1]["events"][0]["type"] == "moon"
    pad["options"] = {"moon": "subtract_from_self"}
    assert score_pad(pad)["hands"][1]["scores"] == [3, -13, 10, 0]


def test_the_score_pad_ends_the_game_and_plays_on_through_a_tie():
    tie = {"options": {"target": 20}, "hands": [{"points": [13, 0, 0, 13]},
                                                {"points": [8, 5, 5, 8]}]}
    out = score_pad(tie)
    assert out["winner"] is None
    assert out["hands"][0]["events"] == []
    assert out["hands"][1]["events"][0]["type"] == "tie_for_lowest"
    tie["hands"].append({"points": [1, 0, 25, 0]})
    out = score_pad(tie)
    assert out["winner"] == {"name": "East", "seats": [1]}
    tie["hands"].append({"points": [1, 0, 25, 0]})
    with pytest.raises(RecordError, match="hand 4: the game was already won by East"):
        score_pad(tie)
    assert score_pad_lines(out)[-1] == "East wins the game."


def test_the_score_pad_counts_the_jack_of_diamonds():
    opts = {"jack_of_diamonds": True}
    out = score_pad({"options": opts, "hands": [{"points": [16, 0, 0, 0]},
                                                {"points": [26, -10, 0, 0]},
                                                {"points": [8, 0, 18, -10]},
                                                {"points": [16, 0, 0, 0], "jack": 2}]})
    assert [h["scores"] for h in out["hands"]] == [
        [-10, 26, 26, 26], [-10, 42, 52, 52], [-2, 42, 70, 42], [14, 42, 70, 42]]
    with pytest.raises(RecordError, match="hand 1: .*add up to 16"):
        score_pad({"options": opts, "hands": [{"points": [26, 0, 0, 0]}]})


@pytest.mark.parametrize("pad, message", [
    ({"hands": [{"points": [3, 13, 10, 1]}]}, "hand 1: points .* do not add up to 26"),
    ({"hands": [{"points": [26, 0, 0, 0]}, {"points": [1, 2, 3]}]}, "hand 2: 'points' must be"),
    ({"hands": [{"points": [27, -1, 0, 0]}]}, "hand 1"),
    ({"hands": "x"}, "list 'hands'"),
    ({"options": {"bags": 3}, "hands": []}, "unknown Hearts option"),
    ({"hands": [{"points": [26, 0, 0, 0], "jack": 1}]}, "only for games with the jack"),
])
def test_a_bad_score_pad_is_refused_naming_the_hand(pad, message):
    with pytest.raises(RecordError, match=message):
        score_pad(pad)
