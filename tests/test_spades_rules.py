"""Every rule and option of Spades, as a player at the table would notice it."""

import pytest

from helpers import make_deal
from parlour.cards import Rng, card_code, parse_card
from parlour.games.base import TERMINAL, IllegalAction
from parlour.spades import (
    BLIND_NIL,
    BLIND_NIL_ACTION,
    SpadesGame,
    SpadesHand,
    SpadesOptions,
    bid_action,
    parse_action,
)


def play(hand, *codes):
    for code in codes:
        hand.apply(parse_card(code))


def bid_all(hand, bids=(3, 3, 3, 3)):
    for b in bids:
        hand.apply(bid_action(b))


def test_bidding_starts_at_the_dealers_left_and_goes_clockwise():
    hand = SpadesHand.from_seed(1, dealer=2)
    order = []
    for _ in range(4):
        order.append(hand.current_player())
        hand.apply(bid_action(2))
    assert order == [3, 0, 1, 2]
    assert hand.current_player() == 3  # the dealer's left leads


def test_any_bid_from_nil_to_thirteen_and_nothing_else():
    hand = SpadesHand.from_seed(1, dealer=0)
    assert [hand.action_to_string(a) for a in hand.legal_actions()] == [
        f"bid {n}" for n in range(14)]
    with pytest.raises(IllegalAction, match="bid first"):
        hand.apply(parse_card("2C"))
    with pytest.raises(IllegalAction, match="not an action"):
        parse_action("bid 14")
    for text in ("bid ²", "bid ٣"):  # digits to str.isdigit(); ² is no number to int()
        with pytest.raises(IllegalAction, match="not an action"):
            parse_action(text)


def test_nil_off_means_every_bid_is_at_least_one():
    hand = SpadesHand.from_seed(1, dealer=0, options=SpadesOptions(nil=False))
    assert bid_action(0) not in hand.legal_actions()
    with pytest.raises(IllegalAction, match="nil is not allowed"):
        hand.apply(bid_action(0))


def test_blind_nil_only_with_its_option_and_scores_200():
    plain = SpadesHand.from_seed(1, dealer=0)
    with pytest.raises(IllegalAction, match="blind nil is not allowed"):
        plain.apply(BLIND_NIL_ACTION)
    deal = make_deal({1: "2C 3C 4C 5C 6C 7C 8C 9C 2D 3D 4D 5D 6D"})
    hand = SpadesHand(deal, dealer=0, options=SpadesOptions(blind_nil=True))
    assert BLIND_NIL_ACTION in hand.legal_actions()
    hand.apply(BLIND_NIL_ACTION)
    assert hand.bids == [BLIND_NIL]
    assert hand.action_to_string(BLIND_NIL_ACTION) == "bid blind nil"


def test_the_first_trick_may_not_be_led_with_a_spade():
    deal = make_deal({1: "AS KS QS 2H 3H 4H 5H 6H 7H 8H 9H TH JH"})
    hand = SpadesHand(deal, dealer=0)
    bid_all(hand)
    assert all(card_code(c)[1] == "H" for c in hand.legal_actions())
    with pytest.raises(IllegalAction, match="spades are not broken"):
        play(hand, "AS")


def test_a_leader_with_only_spades_may_lead_one_and_that_breaks_spades():
    deal = make_deal({1: "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S"})
    hand = SpadesHand(deal, dealer=0)
    bid_all(hand)
    play(hand, "2S")
    assert hand.play.broken


def test_you_must_follow_suit():
    deal = make_deal({1: "2H", 2: "AH 2S"})
    hand = SpadesHand(deal, dealer=0)
    bid_all(hand)
    play(hand, "2H")
    with pytest.raises(IllegalAction, match="you must follow hearts"):
        play(hand, "2S")
    legal = {card_code(c) for c in hand.legal_actions()}
    assert legal and all(code.endswith("H") for code in legal)


def test_a_void_player_may_trump_and_that_breaks_spades():
    east = "2H 3H 4D 5D 6D 7D 8D 9D TD JD QD KD AD"
    south = "2S 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC"
    hand = SpadesHand(make_deal({1: east, 2: south}), dealer=0)
    bid_all(hand)
    assert not hand.play.broken
    play(hand, "2H", "2S")
    assert hand.play.broken
    obs = hand.observation(0)
    assert obs.voids[2] == 1 << 2  # South has shown a void in hearts


def test_spades_may_not_be_led_until_broken():
    east = "AH 3H 4D 5D 6D 7D 8D 9D TD JD QD KD AS"
    hand = SpadesHand(make_deal({1: east}), dealer=0)
    bid_all(hand)
    assert parse_card("AS") not in hand.legal_actions()
    with pytest.raises(IllegalAction, match="spades are not broken"):
        play(hand, "AS")


def test_highest_spade_wins_else_highest_of_the_suit_led():
    east = "KH 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC"
    south = "AH 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD"
    west = "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS"
    hand = SpadesHand(make_deal({1: east, 2: south, 3: west}), dealer=0)
    bid_all(hand)
    play(hand, "KH", "AH", "2S")  # West trumps with the lowest spade
    north = hand.current_player()
    assert north == 0
    play(hand, hand.action_to_string(hand.legal_actions()[0]).split()[1])
    assert hand.current_player() == 3 and hand.play.tricks_won[3] == 1


def test_refusals_name_the_problem():
    hand = SpadesHand.from_seed(5, dealer=0)
    bid_all(hand)
    not_east = next(c for c in range(52) if not hand.play.hands[1] >> c & 1)
    with pytest.raises(IllegalAction, match="East does not hold"):
        hand.apply(not_east)
    with pytest.raises(IllegalAction, match="the bidding is over"):
        hand.apply(bid_action(3))
    assert issubclass(IllegalAction, ValueError)


def test_a_refused_action_changes_nothing():
    hand = SpadesHand.from_seed(5, dealer=0)
    bid_all(hand)
    before = hand.observation(1).to_json()
    with pytest.raises(IllegalAction):
        hand.apply(51 if not hand.play.hands[1] >> 51 & 1 else 0)
    assert hand.observation(1).to_json() == before


def test_undo_and_clone():
    hand = SpadesHand.from_seed(8, dealer=1)
    rng = Rng(1)
    snapshots = []
    while not hand.is_terminal():
        snapshots.append(hand.observation(hand.current_player()).to_json())
        twin = hand.clone()
        actions = hand.legal_actions()
        hand.apply(actions[rng.below(len(actions))])
        assert twin.observation(0).to_json() != hand.observation(0).to_json()
    assert hand.current_player() == TERMINAL
    while snapshots:
        hand.undo()
        assert hand.observation(hand.current_player()).to_json() == snapshots.pop()
    with pytest.raises(IllegalAction, match="nothing to undo"):
        hand.undo()


def test_the_first_dealer_comes_from_the_seed_and_the_deal_rotates():
    dealers = {SpadesGame(seed=s).hand.dealer for s in range(40)}
    assert dealers == {0, 1, 2, 3}
    game = SpadesGame(seed=3)
    first = game.hand.dealer
    assert SpadesGame(seed=3).hand.deal == game.hand.deal
    rng = Rng(2)
    for _ in range(4 + 52):
        actions = game.legal_actions()
        game.apply(bid_action(3) if bid_action(3) in actions
                   else actions[rng.below(len(actions))])
    assert len(game.hands) == 2 and game.hand.dealer == (first + 1) % 4
    assert game.hand.scores == game.results[0].scores


def _finish_hand(game, rng, bids=(3, 3, 3, 3)):
    scored = len(game.results)
    for b in bids:
        game.apply(bid_action(b))
    while len(game.results) == scored:
        actions = game.legal_actions()
        game.apply(actions[rng.below(len(actions))])


def test_the_game_ends_at_the_target_and_a_tie_over_it_plays_on():
    opts = SpadesOptions(target=100)
    game = SpadesGame(options=opts, seed=1)
    # Each team bids 1 + 1 from 80 and 81: NS taking 7 tricks ties them on 105.
    outcomes = set()
    for seed in range(80):
        game = SpadesGame(options=opts, seed=seed)
        game.start_hand(game.hand.deal, game.hand.dealer, scores=[80, 81], bags=[0, 0])
        _finish_hand(game, Rng(seed), bids=(1, 1, 1, 1))
        ns, ew = game.results[-1].scores
        if ns >= 100 and ew >= 100 and ns == ew:
            outcomes.add("tie")
            assert not game.is_terminal() and len(game.hands) == 2
        elif max(ns, ew) >= 100:
            outcomes.add("won")
            assert game.is_terminal() and game.winner == ("NS" if ns > ew else "EW")
        else:
            assert not game.is_terminal()
    assert outcomes == {"tie", "won"}


def test_mercy_ends_the_game_for_a_team_at_or_below_it():
    opts = SpadesOptions(mercy=-200)
    game = SpadesGame(options=opts, seed=1)
    game.start_hand(game.hand.deal, game.hand.dealer, scores=[-190, 0], bags=[0, 0])
    _finish_hand(game, Rng(1), bids=(13, 1, 13, 1))  # NS bid 26: certainly set
    assert game.is_terminal() and game.winner == "EW"
    assert game.returns() == [-1.0, 1.0, -1.0, 1.0]


def test_game_undo_crosses_back_into_the_previous_hand():
    game = SpadesGame(seed=9)
    _finish_hand(game, Rng(3))
    assert len(game.hands) == 2 and game.hand.actions == []
    game.undo()
    assert len(game.hands) == 1 and len(game.results) == 0
    assert game.hand.play.trick_count == 12


def test_contracts_belong_to_the_seats_that_bid_them_whoever_deals():
    # North deals; East 1, South 2, West 3, North 4: NS contract 6, EW contract 4.
    for dealer in range(4):
        hand = SpadesHand.from_seed(12, dealer=dealer)
        bid_by_seat = {1: 1, 2: 2, 3: 3, 0: 4}
        for i in range(4):
            hand.apply(bid_action(bid_by_seat[(dealer + 1 + i) % 4]))
        rng = Rng(dealer)
        while not hand.is_terminal():
            actions = hand.legal_actions()
            hand.apply(actions[rng.below(len(actions))])
        result = hand.score()
        contracts = {e["team"]: e["contract"] for e in result.events
                     if e["type"] in ("made", "set")}
        assert contracts == {"NS": 6, "EW": 4}, dealer
        assert result.bids == [4, 1, 2, 3]
