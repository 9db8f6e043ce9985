"""Klondike engine: every move rule and option, undo/redo, scoring, notation, records."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from parlour.cards import parse_card
from parlour.games.base import TERMINAL, IllegalAction
from parlour.games.klondike import (
    DRAW,
    REDO,
    UNDO,
    KlondikeOptions,
    KlondikeState,
    deal_from_seed,
    deal_to_string,
    make_record,
    move_words,
    parse_deal,
    replay_record,
)
from parlour.klondike import hint
from parlour.records import RecordError, replay


def cards(text: str) -> list[int]:
    return [parse_card(c) for c in text.split()]


def make_deal(tableau: str, stock: str) -> list[int]:
    """A deal from its 28 tableau codes and 24 stock codes (checked for 52 distinct)."""
    return parse_deal(tableau + " " + stock)


# A deal built by hand: piles (bottom .. top) and the stock from the top.
#   T1 5S | T2 KC 6H | T3 2D 3C 7C | T4 3D 4C 5C 8D | T5 .. QH | T6 .. KS | T7 .. AS
HAND = make_deal(
    "5S  KC 6H  2D 3C 7C  3D 4C 5C 8D  6C 7D 8C 9C QH  TC JC 2H 3H 4H KS  "
    "5H 6D 7H 8H 9H TH AS",
    "AH 4D JH 2C AD 2S AC 3S 4S 5D 6S 7S 8S 9S TS JS QS KH KD QD JD TD 9D QC",
)


def play(state: KlondikeState, *moves: str) -> None:
    for m in moves:
        state.apply(state.parse_action(m))


class FakeClock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_layout_and_observation_hide_face_down_cards() -> None:
    state = KlondikeState(HAND)
    view = state.observation(0).to_json()
    assert [p["hidden"] for p in view["tableau"]] == [0, 1, 2, 3, 4, 5, 6]
    assert [p["face_up"] for p in view["tableau"]] == [["5S"], ["6H"], ["7C"], ["8D"], ["QH"],
                                                       ["KS"], ["AS"]]
    assert view["stock"] == 24 and view["waste"] == []
    assert "KC" not in str(view)  # face-down, so never in the observation


def test_draw_one_and_three_and_recycle_keeps_order() -> None:
    one = KlondikeState(HAND)
    play(one, "draw")
    assert one.observation().waste == cards("AH")
    three = KlondikeState(HAND, KlondikeOptions(draw=3))
    play(three, "draw")
    assert three.observation().waste == cards("AH 4D JH")
    for _ in range(7):
        play(three, "draw")
    assert three.observation().stock == 0
    play(three, "draw")  # refills the stock from the waste, order kept
    assert three.observation().stock == 24 and three.observation().waste == []
    play(three, "draw")
    assert three.observation().waste == cards("AH 4D JH")


def test_tableau_rules_with_reasons() -> None:
    state = KlondikeState(HAND)
    with pytest.raises(IllegalAction, match="the 7♣ cannot go on the Q♥"):
        play(state, "move T3 T5")
    assert state.check(state.parse_action("move T2 T3")) is None
    play(state, "move T2 T3")  # 6H on 7C
    play(state, "flip T2")
    assert state.observation().face_up[1] == cards("KC")
    play(state, "move T1 T3")  # 5S on 6H: other colour, one lower
    assert state.observation().face_up[0] == []
    with pytest.raises(IllegalAction, match="only a king can go on an empty pile"):
        play(state, "move T4 T1")
    play(state, "move T6 T1")  # a king onto the empty pile
    with pytest.raises(IllegalAction, match="face down"):
        play(state, "move T4 T6")
    assert state.check(state.parse_action("move T3 T4 2")) == "the 6♥ cannot go on the 8♦"
    play(state, "move T3 T4 3")  # the run 7C 6H 5S onto 8D
    assert state.observation().face_up[3] == cards("8D 7C 6H 5S")


def test_flip_rules_and_auto_flip() -> None:
    state = KlondikeState(HAND)
    play(state, "move T2 T3")
    with pytest.raises(IllegalAction, match="already face up"):
        play(state, "flip T3")
    assert state.parse_action("flip T2") in state.legal_actions()
    with pytest.raises(IllegalAction, match="face down"):
        play(state, "move T1 T2")
    auto = KlondikeState(HAND, KlondikeOptions(auto_flip=True))
    play(auto, "move T2 T3")
    assert auto.observation().face_up[1] == cards("KC")
    with pytest.raises(IllegalAction, match="by themselves"):
        play(auto, "flip T2")


def test_foundation_moves_and_back() -> None:
    state = KlondikeState(HAND)
    with pytest.raises(IllegalAction, match="needs an ace"):
        play(state, "move T1 FS")
    play(state, "move T7 FS")  # the ace of spades
    play(state, "flip T7")
    play(state, "draw", "move W FH")
    with pytest.raises(IllegalAction, match="cannot go on the ♠ foundation"):
        play(state, "move T2 FS")
    assert state.observation().foundations == [0, 0, 1, 1]
    with pytest.raises(IllegalAction, match="which needs the 2♥"):
        play(state, "move T7 F")  # the double click sends the 10♥ to its foundation


def test_send_to_foundation_names_the_suit() -> None:
    state = KlondikeState(HAND)
    action = state.parse_action("move T7 F")
    assert state.action_to_string(action) == "move T7 FS"
    with pytest.raises(IllegalAction):
        state.send_to_foundation(0)  # the waste is empty


def test_foundation_card_comes_back_to_the_tableau() -> None:
    state = KlondikeState(HAND)
    play(state, "draw", "move W FH", "draw", "draw", "draw", "draw", "draw")
    # the waste now shows 2C AD AC ... make hearts 1, then move an ace back is not possible
    # onto a 2 of the other colour unless one is on top: use a crafted deal instead
    deal = make_deal(
        "2C  KC 6H  2D 3C 7C  3D 4C 5C 8D  6C 7D 8C 9C QH  TC JC 2H 3H 4H KS  "
        "5H 6D 7H 8H 9H TH AH",
        "5S 4D JH AS AD 2S AC 3S 4S 5D 6S 7S 8S 9S TS JS QS KH KD QD JD TD 9D QC",
    )
    back = KlondikeState(deal)
    play(back, "move T7 FH", "flip T7")
    play(back, "move FH T1")  # the ace of hearts back onto the 2 of clubs
    assert back.observation().face_up[0] == cards("2C AH")
    assert back.observation().foundations == [0, 0, 0, 0]


def test_undo_redo_round_trip_and_counter() -> None:
    state = KlondikeState(HAND)
    before = state.observation().to_json()
    play(state, "move T2 T3", "flip T2", "draw")
    after = state.observation().to_json()
    for _ in range(3):
        state.apply(UNDO)
    assert {k: v for k, v in state.observation().to_json().items() if k != "moves"} == \
        {k: v for k, v in before.items() if k != "moves"}
    assert state.moves == 6  # three moves and three undos
    for _ in range(3):
        state.apply(REDO)
    assert {k: v for k, v in state.observation().to_json().items() if k != "moves"} == \
        {k: v for k, v in after.items() if k != "moves"}
    with pytest.raises(IllegalAction, match="nothing to redo"):
        state.apply(REDO)
    state.undo()
    play(state, "move T1 T3")  # a new move drops the redo list
    assert not state.can_redo()


def test_standard_scoring_with_clock() -> None:
    clock = FakeClock()
    state = KlondikeState(HAND, KlondikeOptions(scoring="standard"), clock=clock)
    play(state, "move T2 T3")  # tableau to tableau: 0
    assert state.score() == 0
    play(state, "flip T2")  # +5
    play(state, "move T7 FS")  # +10
    play(state, "flip T7")  # +5
    assert state.score() == 20
    clock.now += 25  # -2 every 10 s
    assert state.score() == 20 - 4
    state.undo()  # takes the turned card's points back
    assert state.score() == 15 - 4


def test_standard_recycle_penalties() -> None:
    one = KlondikeState(HAND, KlondikeOptions(scoring="standard"))
    play(one, *["draw"] * 25)
    assert one.recycles == 1 and one.score() == 0  # never below zero
    three = KlondikeState(HAND, KlondikeOptions(draw=3, scoring="standard"))
    play(three, "move T7 FS", "flip T7")  # 15 points to lose
    for _ in range(3):
        play(three, *["draw"] * 9)  # eight draws empty the stock, the ninth refills it
    assert three.recycles == 3 and three.score() == 15  # the first three recycles are free
    play(three, *["draw"] * 9)
    assert three.recycles == 4 and three.score() == 0  # -20, and never below zero


def test_vegas_scoring_and_passes() -> None:
    state = KlondikeState(HAND, KlondikeOptions(scoring="vegas"))
    assert state.score() == -52
    play(state, "move T7 FS")
    assert state.score() == -47
    play(state, *["draw"] * 24)
    with pytest.raises(IllegalAction, match="no passes"):
        play(state, "draw")
    three = KlondikeState(HAND, KlondikeOptions(draw=3, scoring="vegas"))
    assert three.passes_left() == 2
    limited = KlondikeState(HAND, KlondikeOptions(passes=2))
    play(limited, *["draw"] * 25)
    assert limited.passes_left() == 0 and DRAW in limited.legal_actions()


def test_options_are_checked() -> None:
    with pytest.raises(ValueError, match="draw must be 1 or 3"):
        KlondikeOptions(draw=2)
    with pytest.raises(ValueError, match="scoring"):
        KlondikeOptions(scoring="casino")
    with pytest.raises(ValueError, match="unknown option"):
        KlondikeOptions.from_json({"drwa": 1})


def test_notation_round_trip() -> None:
    state = KlondikeState(HAND)
    for text in ("draw", "flip T3", "move W T5", "move W FH", "move T2 FS", "move FD T6",
                 "move T1 T4 3", "undo", "redo"):
        assert state.action_to_string(state.parse_action(text)) == text
    for bad in ("move T8 T1", "jump", "move T1 W", "move T1 T2 x"):
        with pytest.raises(ValueError):
            state.parse_action(bad)


@pytest.mark.parametrize(("text", "reason"), [
    ("move T1 T2 -1", "'-1' is not a number of cards"),
    ("move T1 T4 x", "'x' is not a number of cards"),
    ("move T1 T4 ²", "'²' is not a number of cards"),  # str.isdigit() says yes; int() says no
    ("move T1 T4 03", "'03' is not a number of cards"),
    ("move T1 T4 1", "'1' is not a number of cards"),  # one card is written without a count
    ("move T1 T4 14", "'14' is not a number of cards"),
    ("move W X", "'X' is not a pile"),
    ("move T8 T1", "'T8' is not a pile"),
    ("move F T1", "'F' is not a pile"),
    ("move T1 F 2", "cards go to a foundation one at a time: write move T1 F"),
    ("move T1 FS 2", "cards go to a foundation one at a time"),
    ("move W T2 2", "only one card at a time comes off the waste"),
    ("move T1 W", "nothing can be put on the waste"),
    ("move T3 T3", "onto its own pile"),
    ("flip W", "only a tableau card can be flipped"),
    ("draw 3", "is not a Klondike move"),
    ("", "is not a Klondike move"),
    ("move T1", "is not a Klondike move"),
])
def test_every_malformed_action_is_refused_with_its_reason(text: str, reason: str) -> None:
    # IllegalAction, not a bare ValueError: the table's socket turns it into an error message
    # for the player (a bare ValueError escaped it and dropped the connection).
    with pytest.raises(IllegalAction, match=re.escape(reason)):
        KlondikeState(HAND).parse_action(text)


def test_deal_parsing() -> None:
    assert parse_deal(deal_to_string(deal_from_seed(3))) == deal_from_seed(3)
    with pytest.raises(ValueError, match="twice"):
        parse_deal(" ".join(["AS"] * 52))


def test_auto_complete_wins_when_all_face_up() -> None:
    # Only kings hidden nowhere: a deal whose tableau is all face up after a few moves is
    # hard to build, so play a solved line from the solver with auto-complete on.
    from parlour.solvers.klondike import solve

    deal = parse_deal(
        "KH 4S 5C 6H 8H 3D AH JD 2C 7C 8S 4C KC 8D 7H QH JC TS QD 9C 5D 6S 3S 5H 2D KD 7S 9H "
        "4H TD 7D QS 2S 6C QC 2H AC 3H 8C 5S TC JH 6D JS KS AS 9S AD 4D 3C 9D TH")
    result = solve(deal, draw=1, time_limit=20)
    assert result.result == "win"
    state = KlondikeState(deal)
    for text in result.moves:
        if state.won:
            break
        play(state, text)
    assert state.won and state.cards_placed() == 52
    assert state.current_player() == TERMINAL and state.returns() == [1.0]
    assert state.moves < len(result.moves)  # auto-complete did the end by itself


def test_record_replay_and_errors() -> None:
    record = make_record(HAND, ["move T2 T3", "flip T2", "draw", "undo", "draw"])
    out = replay(record)
    assert out.result["moves"] == 5 and not out.result["won"]
    assert out.steps[0]["legal"][0] == "draw"
    bad = make_record(HAND, ["move T2 T3", "move T1 T2"])
    with pytest.raises(RecordError, match="step 2"):
        replay_record(bad)
    with pytest.raises(RecordError, match="bad deal"):
        replay_record({**record, "deal": "AS KS"})
    with pytest.raises(RecordError, match="unknown option"):
        replay_record({**record, "options": {"drw": 3}})
    with pytest.raises(RecordError, match="step 1"):
        replay_record({**record, "actions": ["fly T1"]})


def test_hint_ignores_face_down_cards() -> None:
    state = KlondikeState(HAND)
    assert hint(state) is not None
    # the same visible layout with the face-down cards of T5 and T6 swapped
    other = list(HAND)
    other[10], other[15] = other[15], other[10]
    assert hint(KlondikeState(other)) == hint(state)


def test_a_move_in_words_names_the_cards_it_carries_and_where_they_go() -> None:
    state = KlondikeState(HAND)
    assert move_words(state, "move T1 T2") == "Move the 5♠ onto the 6♥ in column 2."
    assert move_words(state, "move T7 FS") == "Move the A♠ to the spades foundation."
    assert move_words(state, "draw") == "Draw from the stock."
    play(state, "move T1 T2")
    # one card on it is named; several are counted (not "with the 1 on it", nor "the 8 on it")
    assert move_words(state, "move T2 T3 2") == \
        "Move the 6♥ (and the 5♠ on it) onto the 7♣ in column 3."
    play(state, "move T2 T3 2")
    assert move_words(state, "move T3 T4 3") == \
        "Move the 7♣ and the 2 cards on it onto the 8♦ in column 4."
    assert move_words(state, "move T6 T1") == "Move the K♠ to the empty column 1."
    assert move_words(state, "flip T2") == "Turn over the top card of column 2."
    play(state, "draw")
    assert move_words(state, "move W FH") == "Move the A♥ from the waste to the hearts foundation."
    play(state, *["draw"] * 23)
    assert move_words(state, "draw") == "Turn the waste over to make a new stock."


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10**6), picks=st.lists(st.integers(0, 10**6), max_size=120),
       draw=st.sampled_from([1, 3]), auto_flip=st.booleans())
def test_random_play_keeps_52_cards_and_hides_face_down(seed: int, picks: list[int], draw: int,
                                                        auto_flip: bool) -> None:
    deal = deal_from_seed(seed)
    state = KlondikeState(deal, KlondikeOptions(draw=draw, auto_flip=auto_flip))
    history = []
    for pick in picks:
        legal = state.legal_actions()
        if not legal:
            break
        if pick % 10 == 0 and state.can_undo():
            before_undo = state.observation().to_json()
            state.undo()
            state.redo()
            after = state.observation().to_json()
            assert {k: v for k, v in after.items() if k != "moves"} == \
                {k: v for k, v in before_undo.items() if k != "moves"}
            continue
        action = legal[pick % len(legal)]
        state.apply(action)
        history.append(state.action_to_string(action))
        view = state.observation(0)
        seen = [c for up in view.face_up for c in up] + view.waste
        total = sum(view.hidden) + len(seen) + view.stock + sum(view.foundations)
        assert total == 52 or state.won
        hidden_cards = {c for p, h in zip(state.tableau, state.hidden, strict=True) for c in p[:h]}
        text = str(view.to_json())
        from parlour.cards import card_code

        assert not any(f"'{card_code(c)}'" in text for c in hidden_cards | set(state.stock))
    out = replay(make_record(deal, history, KlondikeOptions(draw=draw, auto_flip=auto_flip)))
    assert out.result["foundations"] == state.cards_placed()
