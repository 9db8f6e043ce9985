"""Property tests over random Hearts hands and games: the state interface holds
together, and sampling the unseen cards agrees with what a seat has seen."""

from hypothesis import given, settings
from hypothesis import strategies as st

from parlour.cards import FULL_DECK, SUIT_MASKS, Rng, cards_of
from parlour.games.base import IllegalAction
from parlour.hearts import PASS_BIT, PASS_NONE, HeartsGame, HeartsHand, HeartsOptions

seeds = st.integers(0, 2**32)


def random_prefix(hand, rng, steps):
    for _ in range(steps):
        if hand.is_terminal():
            break
        legal = hand.legal_actions()
        hand.apply(legal[rng.below(len(legal))])


@settings(max_examples=40, deadline=None)
@given(seed=seeds, direction=st.integers(0, 3))
def test_a_random_hand_keeps_every_rule(seed, direction):
    hand = HeartsHand.from_seed(seed, pass_dir=direction)
    rng = Rng(seed)
    steps = 0
    while not hand.is_terminal():
        legal = hand.legal_actions()
        assert len(legal) > 0
        if not hand.passing:
            held = hand.play.hands[hand.current_player()]
            assert all(held >> c & 1 for c in legal)
            # a card outside the legal ones is refused and changes nothing
            outside = held & ~sum(1 << c for c in legal)
            if outside:
                before = hand.actions
                try:
                    hand.apply(cards_of(outside)[0])
                    raise AssertionError("an illegal card was accepted")
                except IllegalAction:
                    pass
                assert hand.actions == before
        hand.apply(legal[rng.below(len(legal))])
        steps += 1
    assert steps == 52 + (4 if direction != PASS_NONE else 0)
    result = hand.score()
    assert sum(result.points) == 26
    assert sum(hand.play.tricks_won) == 13
    assert (hand.play.taken[0] | hand.play.taken[1] | hand.play.taken[2]
            | hand.play.taken[3]) == FULL_DECK
    if result.moon is not None:
        assert result.points[result.moon] == 26


@settings(max_examples=25, deadline=None)
@given(seed=seeds, steps=st.integers(0, 56))
def test_undo_retraces_and_a_clone_is_unchanged(seed, steps):
    hand = HeartsHand.from_seed(seed, pass_dir=seed % 4)
    rng = Rng(seed ^ 0x5A5A)
    random_prefix(hand, rng, steps)
    copy = hand.clone()
    actions = hand.actions
    hands = hand.play.hands[:]
    random_prefix(hand, rng, 10)
    assert copy.actions == actions and copy.play.hands == hands
    while len(hand.actions) > len(actions):
        hand.undo()
    assert hand.actions == actions and hand.play.hands == hands


@settings(max_examples=60, deadline=None)
@given(seed=seeds, steps=st.integers(0, 56), seat=st.integers(0, 3))
def test_a_sample_agrees_with_the_observation(seed, steps, seat):
    hand = HeartsHand.from_seed(seed, pass_dir=seed % 4)
    rng = Rng(seed + 1)
    random_prefix(hand, rng, steps)
    view = hand.observation(seat)
    for k in range(3):
        world = view.sample(Rng(seed * 7 + k))
        again = world.observation(seat)
        # the seat sees exactly what it saw: same cards, passes, plays, voids, points
        assert again == view
        assert world.current_player() == hand.current_player()
        if not hand.passing and hand.pass_dir:
            receiver = (seat + hand.pass_dir) % 4
            still_held = view.passed & ~view.played
            assert world.play.hands[receiver] & still_held == still_held
        for s in range(4):
            for suit in range(4):
                if view.voids[s] >> suit & 1:
                    assert not world.play.hands[s] & SUIT_MASKS[suit]


def test_samples_vary_the_unseen_cards():
    hand = HeartsHand.from_seed(77, pass_dir=1)
    random_prefix(hand, Rng(3), 10)
    view = hand.observation(0)
    worlds = {tuple(view.sample(Rng(k)).play.hands) for k in range(20)}
    assert len(worlds) > 10


def test_during_passing_a_sample_keeps_the_seats_own_pass_and_hides_the_others():
    hand = HeartsHand.from_seed(5, pass_dir=2)
    for _ in range(3):
        hand.apply(hand.legal_actions()[100])
    view = hand.observation(1)
    world = view.sample(Rng(9))
    assert world.passes[1] == hand.passes[1]
    assert len(world.passes) == 3 and world.passing
    assert world.play.hands[1] == hand.play.hands[1]


@settings(max_examples=5, deadline=None)
@given(seed=seeds, target=st.integers(26, 120),
       moon=st.sampled_from(["add_to_others", "subtract_from_self"]),
       jack=st.booleans(), queen=st.booleans())
def test_a_random_game_ends_with_one_lowest_score_at_the_target(seed, target, moon, jack, queen):
    options = HeartsOptions(target=target, moon=moon, jack_of_diamonds=jack,
                            queen_breaks_hearts=queen)
    game = HeartsGame(options=options, seed=seed)
    rng = Rng(seed)
    while not game.is_terminal():
        legal = game.legal_actions()
        game.apply(legal[rng.below(len(legal))])
    scores = game.scores
    assert max(scores) >= target
    assert scores.count(min(scores)) == 1 and scores[game.winner] == min(scores)
    for result in game.results[:-1]:
        s = result.scores
        assert max(s) < target or s.count(min(s)) > 1
    for i, hand in enumerate(game.hands):
        assert hand.pass_dir == (1, 3, 2, 0)[i % 4]
        assert all(a & PASS_BIT for a in hand.actions[:4]) or hand.pass_dir == PASS_NONE
