"""Every rule and option of Hearts, as a player at the table would notice it."""

from collections.abc import Mapping

import pytest

from parlour.cards import FULL_DECK, SUIT_MASKS, cards_of, parse_card, parse_cards
from parlour.games.base import TERMINAL, IllegalAction
from parlour.games.spades_scoring import OptionsError
from parlour.hearts import (
    PASS_ACROSS,
    PASS_BIT,
    PASS_LEFT,
    PASS_NAMES,
    PASS_NONE,
    PASS_RIGHT,
    HeartsGame,
    HeartsHand,
    HeartsOptions,
    game_winner,
    pass_action,
    score_hand,
)

# North holds every club but the 2 and the ace of spades: East leads the 2 of
# clubs, North wins every trick and so takes all 26 points, whatever is played.
MOON_DEAL = {0: "3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC AS", 1: "2C"}


def deal_of(partial: Mapping[int, str]) -> list[int]:
    """Four 13-card hands: the seats given get (at least) those cards, the rest
    of the pack fills the hands in seat order."""
    hands = [parse_cards(partial.get(s, "")) for s in range(4)]
    rest = list(cards_of(FULL_DECK & ~(hands[0] | hands[1] | hands[2] | hands[3])))
    for s in range(4):
        while hands[s].bit_count() < 13:
            hands[s] |= 1 << rest.pop(0)
    assert not rest
    return hands


def play(hand, *codes):
    for code in codes:
        hand.apply(parse_card(code))


def pass_of(codes):
    return pass_action(parse_cards(codes))


def first_passes(hand):
    """Each seat passes its three lowest cards."""
    for seat in range(4):
        low = cards_of(hand.play.hands[seat])[:3]
        hand.apply(PASS_BIT | sum(1 << c for c in low))


def play_out(hand):
    while not hand.is_terminal():
        hand.apply(hand.legal_actions()[0])


# --- passing ------------------------------------------------------------------


def test_the_pass_goes_left_right_across_then_none_and_again():
    game = HeartsGame(seed=4)
    seen = []
    while len(game.hands) < 6 and not game.is_terminal():
        if len(game.hands) > len(seen):
            seen.append(PASS_NAMES[game.hand.pass_dir])
        game.apply(game.legal_actions()[0])
    assert seen[:5] == ["left", "right", "across", "none", "left"]


@pytest.mark.parametrize("direction, offset", [(PASS_LEFT, 1), (PASS_ACROSS, 2), (PASS_RIGHT, 3)])
def test_each_seat_receives_the_three_cards_passed_to_it(direction, offset):
    hand = HeartsHand.from_seed(9, pass_dir=direction)
    dealt = list(hand.deal)
    chosen = [PASS_BIT | sum(1 << c for c in cards_of(dealt[s])[-3:]) for s in range(4)]
    for s in range(4):
        hand.apply(chosen[s])
    for s in range(4):
        giver = (s - offset) % 4
        assert hand.received(s) == chosen[giver] ^ PASS_BIT
        assert hand.play.hands[s] == (dealt[s] & ~(chosen[s] ^ PASS_BIT)) | hand.received(s)


def test_passing_is_simultaneous_nobody_sees_a_pass_before_all_four_are_made():
    hand = HeartsHand.from_seed(3, pass_dir=PASS_LEFT)
    dealt = list(hand.deal)
    for seat in range(3):
        assert hand.current_player() == seat
        hand.apply(hand.legal_actions()[seat * 7])
        # nothing moves yet, and the next seat's view holds nothing of the passes made
        assert hand.play.hands == dealt
        view = hand.observation(seat + 1)
        assert view.passing and view.received == 0 and view.passed == 0
        assert view.hand == dealt[seat + 1]
        assert "passes" not in view.to_json()
    assert hand.observation(1).to_json()["received"] == []
    hand.apply(hand.legal_actions()[0])
    assert not hand.passing
    assert hand.observation(1).received == hand.passes[0]


def test_a_hand_without_passing_starts_with_the_two_of_clubs_at_once():
    hand = HeartsHand.from_seed(5, pass_dir=PASS_NONE)
    leader = next(s for s in range(4) if hand.deal[s] & 1)
    assert hand.current_player() == leader
    assert [hand.action_to_string(a) for a in hand.legal_actions()] == ["play 2C"]
    with pytest.raises(IllegalAction, match="no passing in this hand"):
        hand.apply(pass_of(hand.action_to_string(hand.legal_actions()[0])[5:] + " 3S 4S"))


def test_the_legal_passes_are_every_three_of_the_thirteen_cards():
    hand = HeartsHand.from_seed(8)
    passes = hand.legal_actions()
    assert len(passes) == 286 == len(set(passes))
    assert list(passes) == sorted(passes)
    assert all(a >> 52 == 1 and (a ^ PASS_BIT) & ~hand.deal[0] == 0 for a in passes)
    assert all(a in passes for a in list(passes)[::17])
    assert pass_action(hand.deal[1] & -hand.deal[1] | 0b11 << 60) not in passes


def test_a_bad_pass_is_refused_with_the_reason():
    hand = HeartsHand(deal_of({0: "2C 3C 4C 5C", 1: "AS"}), pass_dir=PASS_LEFT)
    with pytest.raises(IllegalAction, match="pass three cards first"):
        hand.apply(parse_card("2C"))
    with pytest.raises(IllegalAction, match="a pass is three cards"):
        hand.apply(pass_of("2C 3C"))
    with pytest.raises(IllegalAction, match="North does not hold A♠"):
        hand.apply(pass_of("2C 3C AS"))
    assert hand.passes == []
    hand.apply(pass_of("2C 3C 4C"))
    assert hand.current_player() == 1


def test_cards_cannot_be_passed_once_the_passing_is_over():
    hand = HeartsHand.from_seed(2)
    first_passes(hand)
    with pytest.raises(IllegalAction, match="the passing is over"):
        hand.apply(hand.legal_actions()[0] | PASS_BIT | 0b110)


# --- play ---------------------------------------------------------------------


def test_the_holder_of_the_two_of_clubs_after_the_pass_leads_it():
    # North passes the 2 of clubs to the left: East leads it.
    hand = HeartsHand(deal_of({0: "2C 3C 4C"}), pass_dir=PASS_LEFT)
    hand.apply(pass_of("2C 3C 4C"))
    for seat in (1, 2, 3):
        low = cards_of(hand.play.hands[seat])[-3:]
        hand.apply(PASS_BIT | sum(1 << c for c in low))
    assert hand.current_player() == 1
    assert hand.legal_actions() == (parse_card("2C"),)
    with pytest.raises(IllegalAction, match="2♣ must lead the first trick"):
        play(hand, "3C")


def test_no_heart_nor_the_queen_on_the_first_trick_even_when_void_in_clubs():
    deal = deal_of({0: "2C", 1: "AH KH QS 2D", 2: "3C"})
    deal = [d for d in deal]
    hand = HeartsHand(deal, pass_dir=PASS_NONE)
    assert hand.play.hands[1] & SUIT_MASKS[0] == 0  # East is void in clubs
    play(hand, "2C")
    legal = {hand.action_to_string(a) for a in hand.legal_actions()}
    assert "play 2D" in legal and "play AH" not in legal and "play QS" not in legal
    with pytest.raises(IllegalAction, match="no points on the first trick"):
        play(hand, "AH")
    with pytest.raises(IllegalAction, match="no points on the first trick"):
        play(hand, "QS")


def test_points_on_the_first_trick_when_the_player_holds_nothing_else():
    east = "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH QS"
    hand = HeartsHand(deal_of({1: east, 0: "2C"}), pass_dir=PASS_NONE)
    play(hand, "2C")
    assert {hand.action_to_string(a) for a in hand.legal_actions()} == {
        f"play {c}" for c in east.split()}
    play(hand, "QS")  # the queen may go, since East holds nothing else
    assert hand.play.trick[-1] == parse_card("QS")


def test_hearts_may_not_be_led_until_broken():
    # East wins trick 1 with the ace of clubs and holds hearts and one diamond.
    east = "AC 2D 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH"
    hand = HeartsHand(deal_of({0: "2C", 1: east}), pass_dir=PASS_NONE)
    play(hand, "2C", "AC")
    hand.apply(hand.legal_actions()[0])
    hand.apply(hand.legal_actions()[0])
    assert hand.current_player() == 1
    assert [hand.action_to_string(a) for a in hand.legal_actions()] == ["play 2D"]
    with pytest.raises(IllegalAction, match="hearts are not broken"):
        play(hand, "5H")


def test_a_leader_holding_only_hearts_may_lead_one_and_that_breaks_them():
    east = "AC 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH"
    hand = HeartsHand(deal_of({0: "2C", 1: east}), pass_dir=PASS_NONE)
    play(hand, "2C", "AC")
    hand.apply(hand.legal_actions()[0])
    hand.apply(hand.legal_actions()[0])
    assert hand.current_player() == 1 and not hand.hearts_broken
    assert len(hand.legal_actions()) == 12
    play(hand, "7H")
    assert hand.hearts_broken


def test_the_queen_breaks_hearts_with_the_option():
    # West leads a diamond North cannot follow: North discards the queen.
    deal = deal_of({0: "2C QS 2H 3H 4H 5H 6H 7H 8H 9H TH 3S 4S",
                    3: "AC 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD"})
    for option, broken in ((False, False), (True, True)):
        opts = HeartsOptions(queen_breaks_hearts=option)
        hand = HeartsHand(deal, pass_dir=PASS_NONE, options=opts)
        play(hand, "2C")
        hand.apply(hand.legal_actions()[0])
        hand.apply(hand.legal_actions()[0])
        play(hand, "AC")  # West wins trick 1 and leads diamonds
        play(hand, "2D", "QS")
        assert hand.hearts_broken is broken


def test_play_follows_suit_and_the_highest_card_of_the_suit_led_wins():
    hand = HeartsHand(deal_of({0: "2C 2S", 1: "KC AS", 2: "AC", 3: "3C"}), pass_dir=PASS_NONE)
    play(hand, "2C")
    with pytest.raises(IllegalAction, match="you must follow clubs"):
        play(hand, "AS")
    play(hand, "KC", "AC", "3C")
    assert hand.current_player() == 2  # no trumps: the ace of the suit led wins


# --- points, moon, jack -------------------------------------------------------


def test_hearts_score_one_and_the_queen_thirteen_twenty_six_in_all():
    for seed in range(30):
        hand = HeartsHand.from_seed(seed, pass_dir=seed % 4)
        play_out(hand)
        result = hand.score()
        assert sum(result.points) == 26
        assert result.points == hand.points()


@pytest.mark.parametrize("rule, gained", [("add_to_others", [0, 26, 26, 26]),
                                          ("subtract_from_self", [-26, 0, 0, 0])])
def test_shooting_the_moon_by_the_option(rule, gained):
    hand = HeartsHand(deal_of(MOON_DEAL), pass_dir=PASS_NONE, scores=[5, 5, 5, 5],
                      options=HeartsOptions(moon=rule))
    play_out(hand)
    result = hand.score()
    assert result.points == [26, 0, 0, 0]
    assert result.moon == 0
    assert result.gained == gained
    assert result.scores == [5 + g for g in gained]
    assert result.events[0]["type"] == "moon"


def test_the_jack_of_diamonds_scores_minus_ten_for_its_taker():
    opts = HeartsOptions(jack_of_diamonds=True)
    hand = HeartsHand.from_seed(12, pass_dir=PASS_NONE, options=opts)
    play_out(hand)
    result = hand.score()
    taker = next(s for s in range(4) if hand.play.taken[s] >> parse_card("JD") & 1)
    assert sum(result.points) == 16
    plain = HeartsHand.from_seed(12, pass_dir=PASS_NONE)
    play_out(plain)
    expected = plain.score().points
    expected[taker] -= 10
    assert result.points == expected
    assert {"type": "jack_of_diamonds", "seat": taker, "points": -10} in result.events


def test_the_jack_is_not_counted_without_its_option():
    assert score_hand([10, 6, 10, 0], 1, [0] * 4, HeartsOptions()).points == [10, 6, 10, 0]


def test_a_moon_with_the_jack_still_counts_the_jack():
    opts = HeartsOptions(jack_of_diamonds=True)
    r = score_hand([26, 0, 0, 0], 0, [0] * 4, opts)
    assert r.moon == 0 and r.gained == [-10, 26, 26, 26]
    r = score_hand([0, 0, 26, 0], 3, [0] * 4, opts)
    assert r.gained == [26, 26, 0, 16]


# --- end of the game ----------------------------------------------------------


def test_the_game_ends_when_a_seat_reaches_the_target_and_the_lowest_wins():
    game = HeartsGame(seed=2, first_dealer=0)
    game.start_hand(deal_of(MOON_DEAL), dealer=0, pass_dir=PASS_NONE, scores=[10, 80, 50, 60])
    play_out_game_hand(game)
    assert game.scores == [10, 106, 76, 86]
    assert game.is_terminal() and game.winner == 0
    assert game.current_player() == TERMINAL
    assert game.returns() == [1.0, -1 / 3, -1 / 3, -1 / 3]
    with pytest.raises(IllegalAction, match="the game is over"):
        game.apply(0)


def test_a_tie_for_the_lowest_score_plays_on_hand_by_hand():
    game = HeartsGame(seed=2, first_dealer=0)
    game.start_hand(deal_of(MOON_DEAL), dealer=0, pass_dir=PASS_NONE, scores=[40, 14, 14, 80])
    play_out_game_hand(game)
    assert game.scores == [40, 40, 40, 106]
    assert not game.is_terminal()
    assert len(game.hands) == 2 and game.hand.scores == [40, 40, 40, 106]


def play_out_game_hand(game):
    hands = len(game.hands)
    while len(game.hands) == hands and not game.is_terminal():
        game.apply(game.legal_actions()[0])


def test_game_winner_needs_the_target_and_a_single_lowest():
    opts = HeartsOptions(target=50)
    assert game_winner([49, 0, 0, 1], opts) is None
    assert game_winner([50, 0, 0, 1], opts) is None
    assert game_winner([50, 2, 3, 1], opts) == 3


def test_options_reject_unknown_names_and_bad_values():
    with pytest.raises(OptionsError, match="unknown Hearts option 'moonshot'"):
        HeartsOptions.from_json({"moonshot": True})
    with pytest.raises(OptionsError, match="target"):
        HeartsOptions.from_json({"target": 0})
    with pytest.raises(OptionsError, match="true or false"):
        HeartsOptions.from_json({"jack_of_diamonds": 1})
    assert HeartsOptions.from_json(None) == HeartsOptions()
    opts = HeartsOptions(target=75, queen_breaks_hearts=True, moon="subtract_from_self",
                         jack_of_diamonds=True)
    assert HeartsOptions.from_json(opts.to_json()) == opts


# --- undo, clone, observation -------------------------------------------------


def test_undo_takes_back_plays_and_passes_through_the_exchange():
    hand = HeartsHand.from_seed(6)
    first_passes(hand)
    for _ in range(9):
        hand.apply(hand.legal_actions()[-1])
    after = (hand.play.hands[:], hand.actions)
    for _ in range(9):
        hand.undo()
    assert not hand.passing
    hand.undo()
    assert hand.passing and hand.play.hands == list(hand.deal) and len(hand.passes) == 3
    for _ in range(3):
        hand.undo()
    with pytest.raises(IllegalAction, match="nothing to undo"):
        hand.undo()
    for a in after[1]:
        hand.apply(a)
    assert (hand.play.hands, hand.actions) == after


def test_a_clone_is_independent():
    hand = HeartsHand.from_seed(6)
    copy = hand.clone()
    first_passes(hand)
    assert copy.passing and copy.passes == []
    copy2 = hand.clone()
    hand.apply(hand.legal_actions()[0])
    assert copy2.play.history == []


def test_an_observation_shows_own_cards_passes_and_public_play_only():
    hand = HeartsHand.from_seed(10, pass_dir=PASS_RIGHT)
    first_passes(hand)
    for _ in range(6):
        hand.apply(hand.legal_actions()[0])
    view = hand.observation(2)
    data = view.to_json()
    assert view.hand == hand.play.hands[2]
    assert view.passed == hand.passes[2]
    assert view.received == hand.passes[3]  # the pass goes right: from West
    assert data["pass"] == "right" and len(data["plays"]) == 6
    assert data["points"] == hand.points() and data["scores"] == [0, 0, 0, 0]
    assert set(data) >= {"hand", "passed", "received", "trick", "points", "scores"}
    others = hand.play.hands[0] | hand.play.hands[1] | hand.play.hands[3]
    assert not any(parse_card(code) and (1 << parse_card(code)) & others for code in data["hand"])


def test_points_are_settled_once_every_card_that_scores_is_taken() -> None:
    # with the jack of diamonds on, the jack scores too: until it is taken the
    # tricks left still matter, though every heart and the queen are gone
    from parlour.games.hearts_scoring import JACK_OF_DIAMONDS

    waited = 0
    for seed in range(40):
        plain = HeartsHand.from_seed(seed, pass_dir=PASS_NONE)
        jack = HeartsHand.from_seed(seed, pass_dir=PASS_NONE,
                                    options=HeartsOptions(jack_of_diamonds=True))
        while not plain.points_settled():
            assert not jack.points_settled()
            action = plain.legal_actions()[-1]
            plain.apply(action)
            jack.apply(action)
        assert sum(plain.points()) == 26
        taken = 0
        for t in jack.play.taken:
            taken |= t
        assert jack.points_settled() == bool(taken >> JACK_OF_DIAMONDS & 1)
        waited += not jack.points_settled()
        # the rest played two ways scores the same
        low, high = plain.clone(), plain.clone()
        while not low.is_terminal():
            low.apply(low.legal_actions()[0])
            high.apply(high.legal_actions()[-1])
        assert low.score().points == high.score().points
    assert waited >= 3
