"""Properties over random Spades games: what must hold in every position."""

import json

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from helpers import make_deal
from parlour import records
from parlour.cards import FULL_DECK, Rng, card_code, parse_card
from parlour.games.base import IllegalAction
from parlour.spades import (
    BID_BASE,
    BLIND_NIL,
    BLIND_NIL_ACTION,
    SpadesGame,
    SpadesHand,
    SpadesOptions,
    bid_action,
)

options = st.builds(
    SpadesOptions,
    nil=st.booleans(),
    blind_nil=st.just(False),
    target=st.sampled_from([100, 200, 500]),
    boston_bonus=st.sampled_from([0, 50, 200]),
)


def random_hand(seed: int, opts: SpadesOptions, steps: int | None = None) -> SpadesHand:
    rng = Rng(seed)
    hand = SpadesHand.from_seed(seed, dealer=seed % 4, options=opts)
    n = 0
    while not hand.is_terminal() and (steps is None or n < steps):
        actions = hand.legal_actions()
        hand.apply(actions[rng.below(len(actions))])
        n += 1
    return hand


def independent_score(bids, tricks, scores, bags, boston_bonus):
    """Scoring written again from RULES.md, without the engine's code."""
    new_scores, new_bags = [], []
    for team in (0, 1):
        a, b = team, team + 2
        points, bag_count = 0, 0
        nil_seats = [s for s in (a, b) if bids[s] <= 0]
        contract_seats = [s for s in (a, b) if bids[s] > 0]
        contract = sum(bids[s] for s in contract_seats)
        took = sum(tricks[s] for s in contract_seats)
        if contract:
            if took >= contract:
                points += 10 * contract + (took - contract)
                bag_count += took - contract
            else:
                points -= 10 * contract
        for s in nil_seats:
            worth = 200 if bids[s] == BLIND_NIL else 100
            if tricks[s] == 0:
                points += worth
            else:
                points -= worth
                points += tricks[s]
                bag_count += tricks[s]
        if tricks[a] + tricks[b] == 13:
            points += boston_bonus
        total = bags[team] + bag_count
        points -= 100 * (total // 10 - bags[team] // 10)
        new_scores.append(scores[team] + points)
        new_bags.append(total % 10)
    return new_scores, new_bags


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 2**32), options)
def test_cards_are_conserved_and_tricks_add_up(seed, opts):
    hand = random_hand(seed, opts)
    play = hand.play
    assert play.played == FULL_DECK and all(h == 0 for h in play.hands)
    assert sum(play.tricks_won) == 13
    taken = play.taken
    assert taken[0] | taken[1] | taken[2] | taken[3] == FULL_DECK
    assert sum(t.bit_count() for t in taken) == 52


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32), options, st.integers(0, 56))
def test_every_legal_action_applies_and_every_other_is_refused(seed, opts, steps):
    hand = random_hand(seed, opts, steps)
    if hand.is_terminal():
        return
    legal = set(hand.legal_actions())
    for action in range(BID_BASE + 15):
        trial = hand.clone()
        if action in legal:
            trial.apply(action)
        else:
            with pytest.raises(IllegalAction) as refused:
                trial.apply(action)
            assert str(refused.value)  # always a reason
    # Cards in hand: conserved at every step.
    p = hand.play
    assert p.hands[0] | p.hands[1] | p.hands[2] | p.hands[3] | p.played == FULL_DECK


@settings(max_examples=80, deadline=None)
@given(st.integers(0, 2**32), st.integers(0, 56))
def test_no_observation_contains_another_seats_cards(seed, steps):
    hand = random_hand(seed, SpadesOptions(), steps)
    for seat in range(4):
        obs = hand.observation(seat)
        assert obs.hand == hand.play.hands[seat]
        text = json.dumps(obs.to_json())
        seen = {c for c in range(52) if f'"{card_code(c)}"' in text or
                f"play {card_code(c)}" in text}
        allowed = {c for c in range(52)
                   if (hand.play.hands[seat] | hand.play.played) >> c & 1}
        assert seen <= allowed


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32), st.integers(4, 56), st.integers(0, 3))
# West leads a spade before spades are broken: West held only spades then.
@example(seed=3731663, steps=33, seat=0)
def test_samples_agree_with_the_observation(seed, steps, seat):
    hand = random_hand(seed, SpadesOptions(), steps)
    obs = hand.observation(seat)
    sample = obs.sample(Rng(seed))
    again = sample.observation(seat)
    assert again.to_json() == obs.to_json()
    for s in range(4):
        assert sample.play.hands[s].bit_count() == hand.play.hands[s].bit_count()
        for suit in range(4):
            if obs.voids[s] >> suit & 1:
                assert not sample.play.hands[s] & (0x1FFF << (13 * suit))


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32), st.sampled_from([100, 200]))
def test_replaying_a_record_rebuilds_the_game(seed, target):
    game = SpadesGame(options=SpadesOptions(target=target), seed=seed)
    rng = Rng(seed)
    while not game.is_terminal() and len(game.hands) < 8:
        actions = game.legal_actions()
        game.apply(bid_action(3) if bid_action(3) in actions
                   else actions[rng.below(len(actions))])
    record = json.loads(records.dumps(game.to_record()))
    replay = records.replay(record)
    done = [h for h in replay.hands if h["complete"]]
    assert [h["scores"] for h in done] == [r.scores for r in game.results]
    assert [h["bags"] for h in done] == [r.bags for r in game.results]
    assert replay.result["winner"] == (game.winner and {
        "name": game.winner, "seats": [0, 2] if game.winner == "NS" else [1, 3]})
    assert len(replay.steps) == sum(len(h.actions) for h in game.hands)


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 2**32), options,
       st.tuples(st.integers(-300, 600), st.integers(-300, 600)),
       st.tuples(st.integers(0, 9), st.integers(0, 9)), st.booleans())
def test_scores_equal_an_independent_recomputation(seed, opts, scores, bags, blind):
    opts = SpadesOptions(nil=True, blind_nil=blind, target=opts.target,
                         boston_bonus=opts.boston_bonus)
    rng = Rng(seed)
    hand = SpadesHand.from_seed(seed, dealer=seed % 4, options=opts, scores=scores, bags=bags)
    while not hand.is_terminal():
        actions = hand.legal_actions()
        if hand.bidding:
            pick = actions[rng.below(len(actions))]
            hand.apply(pick if pick <= BID_BASE + 5 or pick == BLIND_NIL_ACTION
                       else BID_BASE + 5)
        else:
            hand.apply(actions[rng.below(len(actions))])
    result = hand.score()
    # hand.bids are in bidding order, from the dealer's left: put them by seat.
    by_seat = [0] * 4
    for i, b in enumerate(hand.bids):
        by_seat[(hand.dealer + 1 + i) % 4] = b
    expected = independent_score(by_seat, hand.play.tricks_won, scores, bags,
                                 opts.boston_bonus)
    assert (result.scores, result.bags) == expected


def test_every_spade_takes_every_trick_but_every_heart_can_be_trumped():
    # East leads first (North deals). All thirteen spades take every trick from the
    # first; all thirteen hearts are top cards too, but West (dealt the spades),
    # void in hearts, may trump them
    spades = SpadesHand(make_deal({1: "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS"}), dealer=0)
    hearts = SpadesHand(make_deal({1: "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH"}), dealer=0)
    for hand in (spades, hearts):
        assert hand.takes_the_rest() is None  # not while bidding
        for _ in range(4):
            hand.apply(bid_action(3))
    assert spades.takes_the_rest() == 1
    assert hearts.takes_the_rest() is None
    hearts.apply(parse_card("AH"))
    hearts.apply(hearts.legal_actions()[0])  # South, holding diamonds only
    assert parse_card("2S") in hearts.legal_actions()  # West may trump the ace
