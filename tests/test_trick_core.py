"""The shared trick core: taking cards back and playing others must leave the
hand exactly as if the other cards had been played in the first place."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from parlour.cards import SPADES, Rng, shuffled_deck
from parlour.games.trick import TrickPlay, TrickRules, deal_hands, trick_winner

RULES = {
    "spades": TrickRules(trump=SPADES, break_suit=SPADES),
    "hearts": TrickRules(break_suit=2, first_lead=0, first_trick_forbidden=1 << 49),
    "no trumps": TrickRules(),
}


def state(play: TrickPlay) -> tuple:
    return (play.hands, play.trick, play.leader, play.player, play.broken, play.voids,
            play.tricks_won, play.taken, play.played, play.trick_count, play.history,
            play.legal_cards())


def random_cards(play: TrickPlay, rng: Rng, n: int) -> list[int]:
    out = []
    for _ in range(n):
        if play.finished:
            break
        legal = play.legal_cards()
        card = legal[rng.below(len(legal))]
        play.play(card)
        out.append(card)
    return out


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32), game=st.sampled_from(sorted(RULES)),
       first=st.integers(0, 52), back=st.integers(0, 52))
def test_undo_then_play_equals_playing_from_the_start(seed, game, first, back):
    rules = RULES[game]
    deal = deal_hands(shuffled_deck(seed), dealer=seed % 4)
    play = TrickPlay(rules, deal, leader=(seed + 1) % 4)
    rng = Rng(seed)
    cards = random_cards(play, rng, first)
    back = min(back, len(cards))
    for card in reversed(cards[len(cards) - back:]):
        assert play.unplay() == card
    kept = cards[: len(cards) - back]
    fresh = TrickPlay(rules, deal, leader=(seed + 1) % 4)
    for card in kept:
        fresh.play(card)
    assert state(play) == state(fresh)
    # and the game goes on the same way: the same winners of every later trick
    more = random_cards(play, Rng(seed + 1), 52)
    for card in more:
        fresh.play(card)
    assert state(play) == state(fresh)
    for leader, trick, winner in play.completed_tricks():
        assert trick_winner(trick, leader, rules.trump) == winner


@pytest.mark.parametrize("game", sorted(RULES))
def test_the_seat_said_to_take_the_rest_takes_every_trick_left_whatever_is_played(game):
    # Whenever the play says one seat takes every trick left (so a table plays the
    # rest itself), every way of playing the rest gives that seat every trick and
    # the play goes on saying so; it says so often enough with tricks to spare
    claimed = 0
    for seed in range(200):
        rng = Rng(seed)
        play = TrickPlay(RULES[game], deal_hands(shuffled_deck(seed), seed % 4), seed % 4)
        while not play.finished:
            seat = play.takes_the_rest()
            if seat >= 0:
                claimed += play.trick_count < 12
                before = list(play.tricks_won)
                for _ in range(8):
                    rest = play.copy()
                    while not rest.finished:
                        assert rest.takes_the_rest() == seat
                        random_cards(rest, rng, 1)
                    gained = [a - b for a, b in zip(rest.tricks_won, before, strict=True)]
                    assert gained == [13 - sum(before) if s == seat else 0 for s in range(4)]
            random_cards(play, rng, 1)
    assert claimed >= 40, claimed  # with two tricks or more left
