"""Hearts bots: observations only, legal actions always, repeatable with a seed,
and the plays a user would notice (the queen, the moon, the pass)."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from typing import Any

import pytest

from parlour.arena.hearts import duplicate_match
from parlour.bots.base import levels, make_bot
from parlour.bots.hearts_rules import choose_pass, rule_card
from parlour.cards import Rng, card_code, parse_card, parse_cards
from parlour.games.hearts import (
    PASS_ACROSS,
    PASS_BIT,
    PASS_LEFT,
    PASS_NONE,
    HeartsHand,
    HeartsObservation,
    HeartsOptions,
)
from parlour.games.trick import TrickPlay

FAST = {"expert": {"samples": 6}, "pimc": {"samples": 4}}


def bot(level: str, seed: int = 0) -> Any:
    return make_bot("hearts", level, seed=seed, **FAST.get(level, {}))


def random_position(seed: int) -> HeartsHand:
    """A hand with a random number of random actions applied (passes included)."""
    rng = Rng(seed)
    hand = HeartsHand.from_seed(seed, dealer=seed % 4, pass_dir=seed % 4,
                                options=HeartsOptions(jack_of_diamonds=seed % 3 == 0))
    steps = rng.below(56)
    for _ in range(steps):
        if hand.is_terminal():
            break
        legal = hand.legal_actions()
        hand.apply(legal[rng.below(len(legal))])
    return hand


def card_positions(count: int) -> Iterator[tuple[int, HeartsHand, Any]]:
    """The seed, hand and observation of each of the first ``count`` random
    positions where a card is to be played."""
    for seed in range(count):
        hand = random_position(seed)
        if hand.is_terminal() or hand.observation(hand.current_player()).passing:
            continue
        yield seed, hand, hand.observation(hand.current_player())


def test_levels_are_registered_weakest_first():
    # ismcts: OpenSpiel's IS-MCTS, the reference opponent (pyspiel loaded on demand)
    assert levels("hearts") == ["random", "easy", "normal", "expert", "ismcts", "pimc"]


@pytest.mark.parametrize("level", ["random", "easy", "normal"])
def test_rule_bots_return_legal_actions_over_thousands_of_positions(level):
    b = bot(level, 1)
    passes = 0
    for seed in range(3000):
        hand = random_position(seed)
        if hand.is_terminal():
            continue
        seat = hand.current_player()
        legal = hand.legal_actions()
        action = b.choose(hand.observation(seat), legal)
        assert action in legal, (seed, level)
        passes += hand.passing
        hand.apply(action)
    assert passes > 100


def test_expert_returns_legal_actions_over_many_positions():
    b = bot("expert", 1)
    for seed in range(400):
        hand = random_position(seed)
        if hand.is_terminal():
            continue
        legal = hand.legal_actions()
        action = b.choose(hand.observation(hand.current_player()), legal)
        assert action in legal, seed
        hand.apply(action)


def test_expert_solves_late_tricks_exactly_only_where_its_own_points_are_all_that_count():
    b = make_bot("hearts", "expert", seed=1, samples=6, dd_tricks=5)
    exact = 0
    for seed, hand, obs in card_positions(300):
        scorers = sum(1 for p in obs.points if p > 0)
        expected = (obs.hand.bit_count() <= 5 and scorers >= 2
                    and not obs.options.jack_of_diamonds)
        assert b._solve_exactly(obs) == expected, seed  # scores are 0: no game can end
        exact += expected
        legal = hand.legal_actions()
        assert b.choose(obs, legal) in legal, seed
    assert exact > 10
    # the default never solves: a moon or the rules' playouts decide as before
    assert not make_bot("hearts", "expert", seed=1)._solve_exactly(obs)


@pytest.mark.parametrize("level", ["random", "easy", "normal", "expert"])
def test_whole_hands_are_played_to_the_end(level):
    for seed in range(3):
        hand = HeartsHand.from_seed(seed, pass_dir=PASS_LEFT)
        bots = [bot(level, s) for s in range(4)]
        while not hand.is_terminal():
            s = hand.current_player()
            hand.apply(bots[s].choose(hand.observation(s), hand.legal_actions()))
        assert sum(hand.score().gained) in (26, 78, -26)


def _reachable(obj: Any, seen: set[int] | None = None) -> list[Any]:
    """Every object reachable from an observation's fields."""
    seen = set() if seen is None else seen
    out = []
    stack = [obj]
    while stack:
        x = stack.pop()
        if id(x) in seen:
            continue
        seen.add(id(x))
        out.append(x)
        if dataclasses.is_dataclass(x) and not isinstance(x, type):
            stack.extend(getattr(x, f.name) for f in dataclasses.fields(x))
        elif isinstance(x, (list, tuple, set)):
            stack.extend(x)
        elif isinstance(x, dict):
            stack.extend(x.values())
    return out


def test_an_observation_holds_no_state_and_no_hidden_card():
    for seed in range(200):
        hand = random_position(seed)
        if hand.is_terminal():
            continue
        seat = hand.current_player()
        obs = hand.observation(seat)
        objects = _reachable(obs)
        assert not any(isinstance(x, (HeartsHand, TrickPlay)) for x in objects)
        hidden = 0
        for s in range(4):
            if s != seat:
                hidden |= hand.play.hands[s]
        if not hand.passing:
            hidden &= ~obs.passed  # the cards it passed it knows
        masks = [obs.hand, obs.passed, obs.received, obs.played, *obs.played_by]
        for c in [*obs.plays, *obs.trick]:
            masks.append(1 << c)
        assert not any(m & hidden for m in masks), seed


@pytest.mark.parametrize("level", ["easy", "normal", "expert", "pimc"])
def test_a_choice_depends_on_the_observation_only(level):
    """Two hands that look the same to the seat (hidden cards dealt differently)
    get the same choice from bots seeded alike."""
    checked = 0
    for seed in range(60):
        hand = random_position(seed)
        if hand.is_terminal():
            continue
        seat = hand.current_player()
        obs = hand.observation(seat)
        other = obs.sample(Rng(seed + 99))
        assert other.observation(seat) == obs
        a = bot(level, 5).choose(obs, hand.legal_actions())
        b = bot(level, 5).choose(other.observation(seat), other.legal_actions())
        assert a == b
        checked += 1
    assert checked > 40


@pytest.mark.parametrize("level", ["random", "easy", "normal", "expert", "pimc"])
def test_bots_are_repeatable_with_a_seed(level):
    def run(seed: int) -> list[int]:
        hand = HeartsHand.from_seed(21, pass_dir=PASS_ACROSS)
        bots = [bot(level, seed + s) for s in range(4)]
        while not hand.is_terminal():
            s = hand.current_player()
            hand.apply(bots[s].choose(hand.observation(s), hand.legal_actions()))
        return hand.actions

    assert run(3) == run(3)


# --- the plays players notice -----------------------------------------------


def _position(deal: list[str], plays: str, pass_dir: int = PASS_NONE,
              options: HeartsOptions | None = None) -> HeartsHand:
    hand = HeartsHand([parse_cards(h) for h in deal], pass_dir=pass_dir, options=options)
    for code in plays.split():
        hand.apply(parse_card(code))
    return hand


def _choice(level: str, hand: HeartsHand) -> str:
    s = hand.current_player()
    return card_code(bot(level, 1).choose(hand.observation(s), hand.legal_actions()))


def test_pass_the_queen_with_few_spades_and_keep_it_with_many():
    few = parse_cards("QS 3S 2C 5C 9C 4D 8D TD 3H 6H 8H 9H TH")
    assert choose_pass(few, 1) >> parse_card("QS") & 1
    many = parse_cards("QS 2S 3S 4S 5S 2C 5C 9C 4D 8D 3H 6H 8H")
    assert not choose_pass(many, 1) >> parse_card("QS") & 1


def test_pass_makes_a_void_in_a_short_suit():
    hand = parse_cards("4D 9D 2S 3S 5S 7S 2C 4C 6C 8C 3H 5H 7H")
    passed = choose_pass(hand, 1)
    assert passed & parse_cards("4D 9D") == parse_cards("4D 9D")


DUMP_DEAL = ["2C 4C 5C 6C 7C 8C 9C 3D 4D 5D 6D 7D 8D",
             "QS 2S 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH",
             "3C TC JC QC KC AC 2D 9D TD JD QD KD AD",
             "AH KH 3S 4S 5S 6S 7S 8S 9S TS JS KS AS"]


@pytest.mark.parametrize("level", ["normal", "expert"])
def test_no_points_on_the_first_trick_then_dump_the_queen_when_void(level):
    hand = _position(DUMP_DEAL, "2C")
    assert _choice(level, hand) == "2S"  # East may not throw points on the first trick
    hand = _position(DUMP_DEAL, "2C 2S AC 3S 2D 4S 3D")  # South leads a diamond
    assert hand.current_player() == 1
    assert _choice(level, hand) == "QS"


def test_a_card_under_the_trick_and_one_over_it_are_not_the_same_card():
    # 6H and 8H are gone and 7H leads the trick: 5H ducks it and 9H takes it,
    # so the expert weighs them apart (they were once merged as one card).
    from types import SimpleNamespace

    from parlour.bots.hearts_expert import candidates, separating

    hand = parse_cards("5H 9H")
    obs = SimpleNamespace(hand=hand, trick=[parse_card("7H")],
                          played=parse_cards("6H 8H 7H"))
    assert sorted(card_code(c) for c in candidates(hand, hand, separating(obs), False)) == \
        ["5H", "9H"]
    gone = SimpleNamespace(hand=hand, trick=[], played=parse_cards("6H 7H 8H"))
    assert [card_code(c) for c in candidates(hand, hand, separating(gone), False)] == ["5H"]


UNDER_DEAL = ["2C AS 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD",
              "3C QS 2S 2H 3H 4H 5H 6H 7H 8H 9H TH JH",
              "4C 6C 7C 8C 9C TC JC QC KC AC QH KH AH",
              "5C 3S 4S 5S 6S 7S 8S 9S TS JS KS KD AD"]


@pytest.mark.parametrize("level", ["normal", "expert"])
def test_the_queen_goes_under_the_ace_of_spades(level):
    hand = _position(UNDER_DEAL, "2C 3C 4C 5C 3S AS")
    assert hand.current_player() == 1
    assert _choice(level, hand) == "QS"


def test_stopping_a_moon_takes_the_heart_trick():
    # East has every point so far (20) and leads the king of hearts; North,
    # last, takes the trick with the ace rather than duck with the four.
    trick = (parse_card("KH"), parse_card("2H"), parse_card("3H"))
    hand = parse_cards("AH 4H 5C")
    legal = parse_cards("AH 4H")
    out = parse_cards("5H 6H 7H 8H 9H 2D 3D 4D")
    card = rule_card(0, hand, legal, trick, 3, 1, out, [0, 20, 0, 0], False, 1, False,
                     [0, 0, 0, 0], 100)
    assert card_code(card) == "AH"
    # With the points spread, ducking is right.
    card = rule_card(0, hand, legal, trick, 3, 1, out, [3, 14, 3, 0], False, 1, False,
                     [0, 0, 0, 0], 100)
    assert card_code(card) == "4H"


def test_normal_beats_easy_and_easy_beats_random_over_duplicate_deals():
    def make(level: str) -> Any:
        return lambda s: make_bot("hearts", level, seed=s)

    r = duplicate_match(make("easy"), make("random"), hands=60, seed=7)
    m, half = r.diff()
    assert m + half < 0
    r = duplicate_match(make("normal"), make("easy"), hands=120, seed=7)
    m, _half = r.diff()
    assert m < 0


def test_the_hint_gives_the_expert_choice_with_a_reason():
    from parlour.bots.hearts_expert import HeartsExpert

    hand = _position(DUMP_DEAL, "2C 2S AC 3S 2D 4S 3D")
    advice = HeartsExpert(seed=1, samples=20).hint(hand.observation(1), hand.legal_actions())
    assert card_code(advice.action) == "QS"
    assert advice.reason == "dump the queen on the diamond lead"
    few = parse_cards("QS 3S 2C 5C 9C 4D 8D TD 3H 6H 8H 9H TH")
    passing = HeartsHand.from_seed(1, pass_dir=PASS_LEFT)
    obs = passing.observation(0)
    obs.hand = few
    advice = HeartsExpert(seed=1).hint(obs, [PASS_BIT | choose_pass(few, 1)])
    assert advice.reason.startswith("you hold too few spades (2) to guard the queen of spades")


def test_hearts_plugs_into_the_arena():
    from parlour.arena import run_match

    result = run_match("hearts", "normal", "random", hands=4, seed=2, progress=False)
    s = result.summary()
    assert s["hands"] == 8 and s["diff"] < 0


@pytest.mark.parametrize("seed", [1, (9960 * 1_000_003 + 5) * 8 + 1])
def test_openspiel_ismcts_plays_legal_cards_from_observations(seed):
    """The second seed is one the arena gives a seat in a match of seed 9960: OpenSpiel
    once refused it (its seed is a C int) and the match stopped at its first deal."""
    pytest.importorskip("pyspiel")
    b = make_bot("hearts", "ismcts", seed=seed, simulations=50)
    hand = HeartsHand.from_seed(3, pass_dir=PASS_LEFT)
    others = [bot("normal", s) for s in range(4)]
    while not hand.is_terminal():
        s = hand.current_player()
        player = b if s == 0 else others[s]
        action = player.choose(hand.observation(s), hand.legal_actions())
        assert action in hand.legal_actions()
        hand.apply(action)
    assert b.passes == 1


def test_observation_type():
    hand = HeartsHand.from_seed(1)
    assert isinstance(hand.observation(0), HeartsObservation)
    assert PASS_BIT >> 52 == 1


def test_the_pass_hint_shows_card_symbols_and_names_each_suit_right():
    """The pass hint once read "pass KD AD QH: pass high hearts" (card codes, and
    the diamonds called hearts): the cards are shown as symbols and each suit
    passed gets its own reason."""
    from parlour.bots.hearts_expert import HeartsExpert

    hand = parse_cards("KD AD 5D QH 2C 3C 4C 5S 6S 7S 8S 9S TS")
    passing = HeartsHand.from_seed(1, pass_dir=PASS_LEFT)
    obs = passing.observation(0)
    obs.hand = hand
    advice = HeartsExpert(seed=1).hint(obs, [PASS_BIT | parse_cards("KD AD QH")])
    assert advice.text == ("pass K♦ A♦ Q♥: your high diamonds would win tricks; "
                           "your high heart would win a trick full of hearts")
    hand = parse_cards("QS 3S 4D 9D 2C 5C 9C KC 3H 6H 8H 9H TH")
    obs.hand = hand
    advice = HeartsExpert(seed=1).hint(obs, [PASS_BIT | parse_cards("QS 4D 9D")])
    assert advice.text.startswith("pass 4♦ 9♦ Q♠: ")
    assert "too few spades (2) to guard the queen of spades" in advice.reason
    assert "all your diamonds leaves a void" in advice.reason
    assert "heart" not in advice.reason  # no heart was passed


def _passing_observation(hand: int, pass_dir: int) -> HeartsObservation:
    obs = HeartsHand.from_seed(1, pass_dir=pass_dir).observation(0)
    obs.hand = hand
    return obs


@pytest.mark.parametrize("pass_dir", [PASS_LEFT, PASS_ACROSS, 3])
def test_the_expert_pass_played_out_gives_away_an_unguarded_queen_and_keeps_a_guarded_one(
        pass_dir: int) -> None:
    """The expert judges passes by playing whole hands out, the other seats passing
    as `normal` does: the queen with one low spade goes, the queen with four stays."""
    from parlour.bots.hearts_expert import HeartsExpert

    few = parse_cards("QS 3S 2C 5C 9C 4D 8D TD 3H 6H 8H 9H TH")
    many = parse_cards("QS 2S 3S 4S 5S 2C 5C 9C 4D 8D 3H 6H 8H")
    expert = HeartsExpert(seed=1)
    assert expert.choose_pass(_passing_observation(few, pass_dir)) >> parse_card("QS") & 1
    assert not expert.choose_pass(_passing_observation(many, pass_dir)) >> parse_card("QS") & 1


def test_the_expert_pass_is_three_of_its_cards_repeatable_and_normal_without_search() -> None:
    from parlour.bots.hearts_expert import HeartsExpert

    for seed in range(6):
        hand = HeartsHand.from_seed(seed, pass_dir=PASS_LEFT)
        obs = hand.observation(hand.current_player())
        action = HeartsExpert(seed=seed, pass_deals=20).choose(obs, hand.legal_actions())
        mask = action ^ PASS_BIT
        assert action in hand.legal_actions() and mask & ~obs.hand == 0
        assert mask.bit_count() == 3
        assert HeartsExpert(seed=seed, pass_deals=20).choose(obs, hand.legal_actions()) == action
        plain = HeartsExpert(seed=seed, pass_deals=0).choose(obs, hand.legal_actions())
        assert plain == PASS_BIT | choose_pass(obs.hand, 1)


def _queen_share(worlds: list[tuple[Any, int]], seat: int, before_pass: bool = False) -> float:
    """The share of weighted deals where ``seat`` holds the queen of spades
    (now, or in its hand as dealt)."""
    qs = parse_card("QS")
    held = sum(n for w, n in worlds
               if (w.deal[seat] if before_pass else w.play.hands[seat]) >> qs & 1)
    return held / sum(n for _, n in worlds)


def test_the_rules_own_plays_and_passes_count_no_mismatch_on_the_real_deal():
    from parlour.bots.hearts_weights import mismatches

    normal = bot("normal")
    for seed in range(8):
        hand = HeartsHand.from_seed(seed, pass_dir=seed % 4)
        while not hand.is_terminal():
            seat = hand.current_player()
            obs = hand.observation(seat)
            if not obs.passing:
                assert mismatches(obs, hand) == (0, 0, 0, 0.0)
            hand.apply(normal.choose(obs, hand.legal_actions()))


@pytest.mark.parametrize("option", [{"queen_infer": 0.2}, {"policy_infer": 1.0}])
def test_the_weighted_expert_believes_a_seat_that_showed_out_without_the_queen_lacks_her(
        option):
    """West threw a low spade on the diamond lead, void: any sound player
    would have thrown the queen had West held her, so the weighted deals
    seldom give her to West, where plain sampling often does (weighed by the
    rule the queen breaks, or by the learned policy's chance of the plays)."""
    from parlour.bots.hearts_expert import HeartsExpert

    hand = _position(DUMP_DEAL, "2C 2S AC 3S 2D 4S 3D")
    obs = hand.observation(0)  # North: the queen is unseen (East holds her)
    rng = Rng(3)
    plain = _queen_share([(obs.sample(rng), 1) for _ in range(300)], 3)
    expert = HeartsExpert(seed=3, samples=150, **option)
    weighted = _queen_share(expert._weighted_worlds(obs), 3)
    assert plain > 0.25
    assert weighted < plain / 2
    off = HeartsExpert(seed=3, samples=150)
    assert not off._inferring(obs)  # off by default: every sampled deal counts the same


def test_the_learned_policy_explains_the_real_deal_better_than_sampled_ones():
    """The policy's likelihood of the others' plays (``policy_infer``) is
    higher on the deal the expert really played than on most deals a seat
    samples: it reads the cards from the play."""
    from parlour.bots.hearts_weights import mismatches

    expert = bot("expert", 5)
    better = compared = 0
    for seed in range(6):
        hand = HeartsHand.from_seed(seed, pass_dir=0)
        rng = Rng(seed)
        while not hand.is_terminal():
            seat = hand.current_player()
            obs = hand.observation(seat)
            if len(obs.plays) in (16, 28):
                real = mismatches(obs, hand, True)[3]
                assert real < 0.0
                for _ in range(20):
                    world = obs.sample(rng)
                    better += real > mismatches(obs, world, True)[3]
                    compared += 1
            hand.apply(expert.choose(obs, hand.legal_actions()))
    assert better > 0.65 * compared  # 0.5 if the plays told nothing

def test_the_weighted_expert_believes_its_passer_kept_no_unguarded_queen():
    """North received three cards from West; West's rules would have passed
    the queen with few low spades before them, so the weighted deals seldom
    give West the queen as dealt."""
    from parlour.bots.hearts_expert import HeartsExpert

    qs = parse_card("QS")
    normal = bot("normal")
    for seed in range(40):
        hand = HeartsHand.from_seed(seed, pass_dir=PASS_LEFT)
        if (hand.deal[3] | hand.deal[0]) >> qs & 1:
            continue  # the queen is West's or North's own: nothing to infer
        for _ in range(4):
            s = hand.current_player()
            hand.apply(normal.choose(hand.observation(s), hand.legal_actions()))
        obs = hand.observation(0)
        rng = Rng(seed)
        plain = _queen_share([(obs.sample(rng), 1) for _ in range(300)], 3, before_pass=True)
        weighted = _queen_share(
            HeartsExpert(seed=seed, samples=150, pass_infer=0.2)._weighted_worlds(obs), 3,
            before_pass=True)
        assert plain > 0.15
        assert weighted < plain / 2
        return
    raise AssertionError("no deal found")


def test_a_point_avoider_neither_stops_a_moon_nor_ducks_high():
    """The expert's model of PIMC-like opponents (the rules' ``AVOID``): last
    to a heart trick East wins with every point so far, it ducks where
    ``normal`` takes the trick to stop the moon; under a diamond it plays
    its lowest diamond where ``normal`` plays the highest that still loses."""
    from parlour.bots.hearts_rules import AVOID, NORMAL

    trick = (parse_card("KH"), parse_card("2H"), parse_card("3H"))
    hand = parse_cards("AH 4H 5C")
    legal = parse_cards("AH 4H")
    out = parse_cards("5H 6H 7H 8H 9H 2D 3D 4D")
    pts = [0, 20, 0, 0]
    assert card_code(rule_card(0, hand, legal, trick, 3, 1, out, pts, False, NORMAL, False,
                               [0, 0, 0, 0], 100)) == "AH"
    assert card_code(rule_card(0, hand, legal, trick, 3, 1, out, pts, False, AVOID, False,
                               [0, 0, 0, 0], 100)) == "4H"
    trick = (parse_card("9D"), parse_card("TD"))
    hand = parse_cards("2D 5D 8D 4C")
    legal = parse_cards("2D 5D 8D")
    out = parse_cards("3D 4D JD KD 5C 6C 7H 8H")
    for level, want in ((NORMAL, "8D"), (AVOID, "2D")):
        card = rule_card(0, hand, legal, trick, 2, 2, out, [1, 1, 0, 0], False, level, False,
                         [0, 0, 0, 0], 100)
        assert card_code(card) == want


def test_cash_leads_the_high_club_early_where_normal_leads_low():
    """The rules' ``CASH`` (the expert's ``model=3`` of the other seats, as
    searching players were measured to lead): leading clubs with seven clubs
    still out, it cashes the king while everyone follows, where ``normal``
    leads the two; with two clubs out, or in hearts, it leads as ``normal``."""
    from parlour.bots.hearts_rules import CASH, NORMAL

    def lead(level: int, hand: str, out: str) -> str:
        cards = parse_cards(hand)
        return card_code(rule_card(0, cards, cards, (), 0, 0, parse_cards(out), [0, 0, 0, 0],
                                   False, level, False, [0, 0, 0, 0], 100))

    early = ("2C KC 9D TD JD", "3C 4C 5C 6C 7C 8C AC 2D 3D 4D 5D 6D 7D 8D QD KD AD")
    assert (lead(NORMAL, *early), lead(CASH, *early)) == ("2C", "KC")
    late = ("2C KC 9D TD JD", "3C AC 2D 3D 4D 5D 6D 7D 8D QD KD AD")
    assert lead(CASH, *late) == lead(NORMAL, *late)
    hearts = ("2H 9H KH", "3H 4H 5H 6H 7H 8H TH JH QH AH")
    assert lead(CASH, *hearts) == lead(NORMAL, *hearts) == "2H"


def test_wary_stops_a_moon_sooner_than_normal():
    """The rules' ``WARY`` (the expert's ``model=4`` of the other seats): East
    has taken all 5 points so far and leads the nine of hearts; ``normal``,
    which sees a moon only from 8 points, ducks with the five, ``WARY`` takes
    the trick with the king to stop it. With the points shared, both duck."""
    from parlour.bots.hearts_rules import NORMAL, WARY

    def follow(level: int, pts: list[int]) -> str:
        hand = parse_cards("5H KH 2C 3C")
        legal = parse_cards("5H KH")
        out = parse_cards("2H 3H 4H 6H 7H 8H TH JH QH AH 4C 5C 6C 7C 8C")
        return card_code(rule_card(2, hand, legal, (parse_card("9H"),), 1, 1, out, pts,
                                   False, level, False, [0, 0, 0, 0], 100))

    assert (follow(NORMAL, [0, 5, 0, 0]), follow(WARY, [0, 5, 0, 0])) == ("5H", "KH")
    assert follow(NORMAL, [0, 9, 0, 0]) == follow(WARY, [0, 9, 0, 0]) == "KH"
    assert follow(WARY, [1, 5, 0, 0]) == "5H"


def test_the_expert_playout_model_changes_its_play_and_is_checked():
    """``model=1`` (the other seats played as point avoiders), ``model=3``
    (leading as searching players do) and ``model=4`` (stopping moons sooner)
    and ``model=6`` (the learned policy's cards drawn) make the expert choose
    differently from ``model=0`` (the ``normal`` rules) in some positions;
    ``model=6`` is the default (since 2026-12-07); another model is refused."""
    from parlour.bots.hearts_expert import HeartsExpert

    differ = {1: 0, 3: 0, 4: 0, 6: 0}
    for seed, hand, obs in card_positions(40):
        legal = hand.legal_actions()
        plain = HeartsExpert(seed=seed, samples=30, model=0).choose(obs, legal)
        for model in differ:
            if HeartsExpert(seed=seed, samples=30, model=model).choose(obs, legal) != plain:
                differ[model] += 1
    assert all(n > 0 for n in differ.values()), differ
    assert HeartsExpert().model == 6 and make_bot("hearts", "expert", seed=1).model == 6
    assert make_bot("hearts", "expert", seed=1, model=2).model == 2
    with pytest.raises(ValueError, match="model is 0"):
        HeartsExpert(model=7)


def test_the_learned_playout_policy_is_the_rules_with_corrections():
    """The learned policy (``model=5``, ``6``: the other seats in the playouts)
    picks legal cards; with only the rules' feature weighted it is the ``normal``
    rules (up to equivalent cards); the expert with it is repeatable."""
    from parlour.bots.hearts_expert import HeartsExpert
    from parlour.bots.hearts_policy import NF, policy_card, rep_of, reps
    from parlour.bots.hearts_rules import NORMAL, observed_card, penalty, taken_by_seat
    from parlour.cards import FULL_DECK

    only_rules = (1.0,) + (0.0,) * (NF - 1)
    for seed, hand, obs in card_positions(30):
        legal_actions = hand.legal_actions()
        legal = 0
        for c in legal_actions:
            legal |= 1 << c
        trick = list(obs.trick) + [0] * (4 - len(obs.trick))
        n = len(obs.trick)
        out = FULL_DECK & ~obs.played & ~obs.hand
        pts = [penalty(t) for t in taken_by_seat(obs.plays, obs.played_by)]
        args = (obs.seat, obs.hand, legal, trick, n, obs.leader, out, pts, len(obs.plays) < 4,
                False, list(obs.scores), obs.options.target)
        sep = out
        for t in obs.trick:
            sep |= 1 << t
        cards = reps(legal, sep, False)
        rule = observed_card(obs, legal, NORMAL)
        if len(cards) > 1:
            assert policy_card(*args, only_rules) == rep_of(cards, rule)
        for model in (5, 6):
            a = HeartsExpert(seed=seed, samples=10, model=model).choose(obs, legal_actions)
            assert a in legal_actions
            assert HeartsExpert(seed=seed, samples=10, model=model).choose(obs, legal_actions) == a



def test_the_policy_plays_the_model_the_learner_fits():
    """The playouts score a card from its features without building the whole
    vector (for speed); the learner fits the whole vector (``card_features``).
    Both must be one model: the best card and the card a draw picks are those
    of the features' softmax under the weights."""
    import math

    from parlour.bots.hearts_policy import WEIGHTS, card_features, policy_card, reps
    from parlour.bots.hearts_rules import penalty, taken_by_seat
    from parlour.cards import FULL_DECK

    compared = 0
    for _seed, hand, obs in card_positions(400):
        legal = 0
        for c in hand.legal_actions():
            legal |= 1 << c
        n = len(obs.trick)
        trick = list(obs.trick) + [0] * (4 - n)
        out = FULL_DECK & ~obs.played & ~obs.hand
        pts = [penalty(t) for t in taken_by_seat(obs.plays, obs.played_by)]
        sep = out
        for t in obs.trick:
            sep |= 1 << t
        cards = reps(legal, sep, True)
        if len(cards) < 2:
            continue
        rest = (obs.leader, out, pts, len(obs.plays) < 4, True, list(obs.scores),
                obs.options.target)
        vals = [sum(w * x for w, x in zip(WEIGHTS, card_features(
            c, obs.seat, obs.hand, legal, trick, n, *rest), strict=True)) for c in cards]
        top = max(vals)
        assert policy_card(obs.seat, obs.hand, legal, trick, n, *rest, WEIGHTS) == \
            cards[vals.index(top)]
        chances = [math.exp(v - top) for v in vals]
        z = sum(chances)
        acc = 0.0
        for c, ch in zip(cards, chances, strict=True):
            # a draw just inside this card's share of [0, 1) picks it
            u = acc + ch / z / 2
            acc += ch / z
            assert policy_card(obs.seat, obs.hand, legal, trick, n, *rest, WEIGHTS, u) == c
        compared += 1
    assert compared > 100

def test_the_expert_valued_against_the_others_counts_a_moon_as_the_table_does():
    """With ``relative=1`` a hand is valued as the seat's points less the mean
    of the other three's: shooting the moon (every other seat takes 26) is worth
    17.3 points more than a clean hand in which the others split the 26 points
    (26 less 26 / 3), where counting only its own points (the default) sees no
    difference."""
    from parlour.bots.hearts_expert import HeartsExpert
    from parlour.bots.hearts_playout import outcome

    hearts = 0x1FFF << 26
    queen = 1 << 49
    moon = [hearts | queen, 0, 0, 0]           # seat 0 took every point
    clean = [0, hearts, queen, 0]               # seat 0 took none
    for relative, want in ((0.0, 0.0), (1.0, 52 / 3)):
        shot = outcome(moon, 0, False, True, [0, 0, 0, 0], 100, relative)
        plain = outcome(clean, 0, False, True, [0, 0, 0, 0], 100, relative)
        assert plain - shot == pytest.approx(want)
    # a moon by another seat: 26 to this seat either way, but against the others' mean only 8.67
    assert outcome([0, hearts | queen, 0, 0], 0, False, True, [0] * 4, 100, 1.0) == \
        pytest.approx(26 - 52 / 3)
    assert make_bot("hearts", "expert", seed=1, relative=0.5).relative == 0.5
    with pytest.raises(ValueError, match="relative"):
        HeartsExpert(relative=2.0)


def test_the_expert_values_the_end_of_the_game_by_its_end_bonus():
    """A hand that ends the game (a seat reaches the target) is worth ``end_bonus``
    points of the hand to the seat left lowest, and costs as much to the others;
    with ``end_bonus=0`` the hand is valued by its points alone."""
    from parlour.bots.hearts_expert import END_BONUS, HeartsExpert
    from parlour.bots.hearts_playout import outcome

    hearts = 0x1FFF << 26
    queen = 1 << 49
    taken = [0, hearts, queen, 0]          # seat 0 clean, seat 1 13 hearts, seat 2 the queen
    near = [60, 90, 40, 70]                # seat 1 reaches 100: seat 2 (53) ends lowest
    assert outcome(taken, 2, False, True, near, 100) == 13 - END_BONUS
    assert outcome(taken, 0, False, True, near, 100) == 0 + END_BONUS
    for seat in (0, 2):
        assert outcome(taken, seat, False, True, near, 100, end_bonus=0.0) == \
            outcome(taken, seat, False, True, [0] * 4, 100)
    assert make_bot("hearts", "expert", seed=1, end_bonus=0.0).end_bonus == 0.0
    with pytest.raises(ValueError, match="end_bonus"):
        HeartsExpert(end_bonus=-1.0)
