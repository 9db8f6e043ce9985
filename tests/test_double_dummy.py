"""The double-dummy solver against brute force on small endings, and its bounds."""

from __future__ import annotations

from parlour.cards import SPADES, Rng, mask_of
from parlour.games.spades import RULES
from parlour.games.trick import TrickPlay, TrickRules
from parlour.solvers.double_dummy import DoubleDummy, solve_tricks


def brute(play: TrickPlay, side: int, weights: list[int], maximisers: int = -1,
          points: bool = False, stop_at: int = 99, trump: int = -1) -> int:
    """Plain minimax through the engine, no pruning: the reference. A trick is
    worth ``weights[winner]``, times its Hearts points with ``points``. With
    ``stop_at`` it stops at the start of that trick (a lone last card still
    plays itself) and counts there what the solver's ``sure_value`` says."""
    if all(h == 0 for h in play.hands):
        return 0
    maximisers = maximisers if maximisers >= 0 else 0b0101 << side
    if play.trick == () and play.trick_count >= stop_at and play.hands[0].bit_count() > 1:
        return DoubleDummy(play.hands, play.leader, weights=weights, maximisers=maximisers,
                           points=points, trump=trump, tricks_done=play.trick_count).sure_value()
    p = play.player
    values = []
    for c in play.legal_cards():
        before = play.trick_count
        play.play(c)
        values.append(trick_gain(play, before, weights, points)
                      + brute(play, side, weights, maximisers, points, stop_at, trump))
        play.unplay()
    return max(values) if maximisers >> p & 1 else min(values)


def trick_gain(play: TrickPlay, before: int, weights: list[int], points: bool) -> int:
    """What the card just played brought in: the trick it completed, if any."""
    if play.trick_count == before:
        return 0
    gain = weights[play.history[-1][6]]
    if points:
        gain *= trick_points([e[0] for e in play.history[-4:]])
    return gain


def trick_points(cards: list[int]) -> int:
    return sum(1 for c in cards if c // 13 == 2) + sum(13 for c in cards if c == 49)


def random_ending(rng: Rng, n: int, rules: TrickRules, partial: int) -> TrickPlay:
    deck = list(range(52))
    rng.shuffle(deck)
    hands = [mask_of(deck[i * n:(i + 1) * n]) for i in range(4)]
    play = TrickPlay(rules, hands, leader=rng.below(4))
    play.trick_count = 13 - n  # not the first trick
    play.broken = rng.below(2) == 1
    for _ in range(partial):
        cards = play.legal_cards()
        play.play(cards[rng.below(len(cards))])
    return play


def solver_for(play: TrickPlay, side: int, weights: list[int] | None = None,
               rules: TrickRules = RULES) -> DoubleDummy:
    return DoubleDummy(play.hands, play.leader, play.trick, trump=rules.trump, side=side,
                       weights=weights, break_suit=rules.break_suit, broken=play.broken,
                       tricks_done=play.trick_count)


def test_matches_brute_force_on_small_spades_endings() -> None:
    rng = Rng(11)
    for i in range(120):
        n = 2 + i % 3
        play = random_ending(rng, n, RULES, partial=i % 4)
        side = i & 1
        weights = [1 if (s & 1) == side else 0 for s in range(4)]
        expected = brute(play, side, weights)
        dd = solver_for(play, side)
        assert dd.value() == expected, (i, play.hands, play.trick)
        # every move's value, against brute force after that move
        for card, v in dd.move_values():
            before = play.trick_count
            play.play(card)
            assert v == trick_gain(play, before, weights, False) + brute(play, side, weights), \
                (i, card)
            play.unplay()


def test_matches_brute_force_with_nil_weights_and_no_trumps() -> None:
    rng = Rng(5)
    no_trump = TrickRules()
    for i in range(80):
        rules = RULES if i % 2 else no_trump
        play = random_ending(rng, 2 + i % 3, rules, partial=i % 3)
        weights = [1, -16, -64, 2] if i % 3 else [0, 1, 0, 0]
        side = 0
        expected = brute(play, side, weights)
        dd = solver_for(play, side, weights, rules)
        assert dd.value() == expected
        assert dd.value(-1, 0) <= max(expected, -1) or expected >= 0


def test_both_sides_add_up_to_the_tricks_left() -> None:
    rng = Rng(2)
    deck = list(range(52))
    for _ in range(4):
        rng.shuffle(deck)
        short = [mask_of(deck[i * 13:i * 13 + 6]) for i in range(4)]  # 6 tricks left
        ns = solve_tricks(short, leader=1, trump=SPADES, side=0)
        ew = solve_tricks(short, leader=1, trump=SPADES, side=1)
        assert ns + ew == 6


def test_quick_trick_bound_does_not_change_the_answer() -> None:
    from parlour.cards import parse_cards as p
    # North holds all the top spades: 4 sure tricks whatever the others do
    hands = [p("AS KS QS JS"), p("2S 3H 4H 5H"), p("6H 7H 8H 9H"), p("TH JH QH KH")]
    assert solve_tricks(hands, leader=0, trump=SPADES, side=0) == 4
    # unbroken spades: North must lead spades anyway, holding nothing else
    assert solve_tricks(hands, leader=0, trump=SPADES, side=0, broken=False,
                        break_suit=SPADES) == 4


def hearts_solver(play: TrickPlay, seat: int, horizon: int = 0) -> DoubleDummy:
    r = play.rules
    return DoubleDummy(play.hands, play.leader, play.trick, weights=[-1 if s == seat else 0
                                                                    for s in range(4)],
                       maximisers=1 << seat, points=True, break_suit=r.break_suit,
                       broken=play.broken, breakers=r.breakers, tricks_done=play.trick_count,
                       horizon=horizon)


def test_hearts_points_one_seat_against_three_match_brute_force() -> None:
    """The Hearts PIMC reference's solve: a seat keeping its points down against
    three seats giving them to it, checked against plain minimax."""
    from parlour.games.hearts import _RULES

    rng = Rng(9)
    for i in range(80):
        play = random_ending(rng, 2 + i % 3, _RULES[False], partial=i % 4)
        seat = i % 4
        expected = brute(play, 0, [-1 if s == seat else 0 for s in range(4)], 1 << seat,
                         points=True)
        dd = hearts_solver(play, seat)
        assert dd.value() == expected, (i, play.hands, play.trick)
        if play.player == seat:
            assert max(v for _c, v in dd.move_values()) == expected


def test_a_horizon_past_the_end_changes_nothing_and_a_short_one_counts_less() -> None:
    from parlour.games.hearts import _RULES

    rng = Rng(4)
    for _ in range(30):
        play = random_ending(rng, 4, _RULES[False], partial=0)
        seat = play.player
        exact = hearts_solver(play, seat).value()
        assert hearts_solver(play, seat, horizon=5).value() == exact
        # stopping after one trick counts only that trick's points: never more taken
        assert hearts_solver(play, seat, horizon=1).value() >= exact


def test_masters_at_a_horizon_never_outnumber_the_tricks() -> None:
    from parlour.cards import parse_cards as p
    # North's two spades and East's two hearts are all masters: four of them, two tricks
    hands = [p("AS KS"), p("AH KH"), p("2C 3C"), p("2D 3D")]
    dd = DoubleDummy(hands, leader=0, trump=SPADES, side=0, weights=[1, 0, 1, 0])
    assert dd.sure_value() == 2  # North, on lead, cashes both
    dd = DoubleDummy(hands, leader=1, trump=SPADES, side=0, weights=[1, 0, 1, 0])
    assert dd.sure_value() == 0  # East, on lead, cashes both


def test_a_horizon_matches_brute_force_stopped_there() -> None:
    """Searched one trick past the current one: Hearts points (where the last
    trick before the horizon is valued card class by card class) and Spades
    tricks with nil weights (masters counted at the horizon), every move."""
    from parlour.games.hearts import _RULES

    rng = Rng(21)
    for i in range(160):
        hearts = i % 2 == 0
        rules = _RULES[False] if hearts else RULES
        play = random_ending(rng, 4 + i % 2, rules, partial=i % 4)
        seat = i % 4
        if hearts:
            weights = [-1 if s == seat else 0 for s in range(4)]
            maximisers = 1 << seat
            dd = hearts_solver(play, seat, horizon=1)
        else:
            weights = [1, -16, 1, 0] if i % 3 else [1, 0, 1, 0]
            maximisers = 0b0101
            dd = DoubleDummy(play.hands, play.leader, play.trick, trump=SPADES, side=0,
                             weights=weights, break_suit=SPADES, broken=play.broken,
                             tricks_done=play.trick_count, horizon=1)
        stop_at = play.trick_count + 2
        trump = -1 if hearts else SPADES
        expected = brute(play, 0, weights, maximisers, hearts, stop_at, trump)
        assert dd.value() == expected, (i, play.hands, play.trick)
        for card, v in dd.move_values():
            before = play.trick_count
            play.play(card)
            after = brute(play, 0, weights, maximisers, hearts, stop_at, trump)
            assert v == trick_gain(play, before, weights, hearts) + after, (i, card)
            play.unplay()
