import pytest
from hypothesis import given
from hypothesis import strategies as st

from parlour.cards import (
    FULL_DECK,
    CardError,
    CardSet,
    card_code,
    card_codes,
    cards_of,
    mask_of,
    parse_card,
    parse_cards,
    pretty,
    shuffled_deck,
)


def test_every_card_round_trips_through_its_code():
    assert [parse_card(card_code(c)) for c in range(52)] == list(range(52))
    assert len({card_code(c) for c in range(52)}) == 52


@pytest.mark.parametrize("text", ["as", "As", " AS ", "aS"])
def test_lower_case_and_spaces_are_accepted(text):
    assert card_code(parse_card(text)) == "AS"


def test_ten_can_be_written_10_or_t():
    assert parse_card("10d") == parse_card("TD")
    assert pretty(parse_card("TD")) == "10♦"


@pytest.mark.parametrize("bad", ["", "1S", "AX", "ASS", "11H", "ZZ"])
def test_bad_codes_say_what_a_card_looks_like(bad):
    with pytest.raises(CardError, match="is not a card"):
        parse_card(bad)
    assert issubclass(CardError, ValueError)


def test_a_card_listed_twice_is_refused():
    with pytest.raises(CardError, match="AS is listed twice"):
        parse_cards("AS KS as")


def test_the_same_seed_gives_the_same_deal():
    # Pinned: a deal from a seed must never change between versions or machines.
    assert card_codes(mask_of(shuffled_deck(2026)[:13])) == card_codes(
        mask_of(shuffled_deck(2026)[:13]))
    assert shuffled_deck(1)[:6] == [0, 2, 13, 16, 22, 12]
    assert shuffled_deck(1) != shuffled_deck(2)


@given(st.integers(min_value=0, max_value=2**64 - 1))
def test_a_shuffle_is_a_permutation(seed):
    deck = shuffled_deck(seed)
    assert sorted(deck) == list(range(52))


@given(st.sets(st.integers(min_value=0, max_value=51)))
def test_masks_and_card_lists_agree(cards):
    m = mask_of(cards)
    assert list(cards_of(m)) == sorted(cards)
    assert len(CardSet(m)) == len(cards)
    assert all(c in CardSet(m) for c in cards)
    assert m & ~FULL_DECK == 0


def test_shuffles_are_roughly_uniform():
    # Where the ace of spades lands over many seeded shuffles: no position starves.
    positions = [0] * 52
    for seed in range(5200):
        positions[shuffled_deck(seed).index(51)] += 1
    assert min(positions) > 50 and max(positions) < 160


def test_sampling_finds_a_deal_whenever_one_exists():
    # Tight: East holds only clubs and diamonds, West only diamonds and hearts,
    # North only clubs: exactly one way to share 4+3+3 cards of three suits.
    from parlour.cards import Rng, mask_of
    from parlour.games.trick import sample_hands

    unseen = mask_of([0, 1, 2, 3, 13, 14, 15, 26, 27, 28])  # 4 clubs, 3 diamonds, 3 hearts
    counts = [4, 3, 3, 0]
    voids = [0b1110, 0b1100, 0b1001, 0]  # N: C only; E: C, D; S: D, H
    for seed in range(50):
        hands = sample_hands(unseen, counts, voids, [0, 0, 0, 0], Rng(seed))
        assert hands[0] == mask_of([0, 1, 2, 3])
        assert hands[1] == mask_of([13, 14, 15]) and hands[2] == mask_of([26, 27, 28])
    with pytest.raises(ValueError, match="no deal"):
        sample_hands(unseen, [4, 3, 3, 0], [0b1111, 0, 0, 0], [0, 0, 0, 0], Rng(1))
