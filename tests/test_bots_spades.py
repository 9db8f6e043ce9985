"""Spades bots: they see only observations, always play legal actions, repeat
themselves with a seed, and make the plays a player would expect."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from parlour.bots.base import UnknownBot, levels, make_bot
from parlour.bots.spades_expert import ExpertBot
from parlour.cards import Rng, card_code, parse_card, parse_cards
from parlour.games.spades import SpadesHand, SpadesObservation, bid_action

FAST = {"expert": {"samples": 4, "bid_samples": 4}, "pimc": {"samples": 4}}


def bot(level: str, seed: int = 0) -> object:
    return make_bot("spades", level, seed=seed, **FAST.get(level, {}))


def play_prefix(seed: int, actions: int, rng: Rng) -> SpadesHand:
    hand = SpadesHand.from_seed(seed, dealer=seed % 4)
    normal = make_bot("spades", "normal")
    for _ in range(actions):
        if hand.is_terminal():
            break
        seat = hand.current_player()
        legal = hand.legal_actions()
        pick = normal.choose(hand.observation(seat), legal) if rng.below(2) else (
            legal[rng.below(len(legal))])
        hand.apply(pick)
    return hand


def test_levels_are_registered() -> None:
    assert levels("spades") == ["random", "easy", "normal", "expert", "pimc"]
    with pytest.raises(UnknownBot):
        make_bot("spades", "master")
    with pytest.raises(UnknownBot):
        make_bot("chess", "easy")


def test_observation_holds_no_hidden_card() -> None:
    hand = play_prefix(3, 20, Rng(1))
    for seat in range(4):
        obs = hand.observation(seat)
        others = [hand.play.hands[s] for s in range(4) if s != seat]
        for f in dataclasses.fields(obs):
            value = getattr(obs, f.name)
            ints = value if isinstance(value, list) else [value]
            for x in ints:
                if isinstance(x, int) and not isinstance(x, bool):
                    assert all(x != h or h == 0 for h in others), f.name


@pytest.mark.parametrize("level", ["random", "easy", "normal", "expert", "pimc"])
def test_choice_does_not_depend_on_hidden_cards(level: str) -> None:
    """The same observation over different hidden cards: the same choice.

    The second state is a re-deal of everything the seat cannot see (so the
    other hands are different, "poisoned"), and the bot is rebuilt with the
    same seed: if it could read hidden cards its choices would differ."""
    rng = Rng(9)
    checked = 0
    for seed in range(12):
        hand = play_prefix(seed, rng.below(40), rng)
        if hand.is_terminal():
            continue
        seat = hand.current_player()
        obs = hand.observation(seat)
        other = obs.sample(Rng(seed + 100))
        assert other.observation(seat).to_json() == obs.to_json()
        if other.play.hands == hand.play.hands and hand.play.trick_count < 12:
            continue
        a = bot(level, seed=5).choose(obs, hand.legal_actions())  # type: ignore[attr-defined]
        b = bot(level, seed=5).choose(other.observation(seat),  # type: ignore[attr-defined]
                                      other.legal_actions())
        assert a == b
        checked += 1
    assert checked >= 8


def test_bots_are_given_observations_only() -> None:
    """Whole hands through the same calls the arena makes: an observation object."""
    seen: list[type] = []

    class Spy:
        name = "spy"

        def __init__(self) -> None:
            self.inner = make_bot("spades", "normal")

        def choose(self, observation: object, legal_actions: tuple[int, ...]) -> int:
            seen.append(type(observation))
            return self.inner.choose(observation, legal_actions)

    from parlour.arena import SpadesTable

    table = SpadesTable()
    table.play_hand(0, 1, [Spy(), Spy(), Spy(), Spy()], table.new_carry())
    assert seen and set(seen) == {SpadesObservation}


def test_rule_bots_play_legal_actions_over_thousands_of_positions() -> None:
    rng = Rng(4)
    decisions = 0
    for seed in range(60):
        hand = SpadesHand.from_seed(seed, dealer=seed % 4)
        bots = [make_bot("spades", ["easy", "normal", "random"][rng.below(3)], seed=s)
                for s in range(4)]
        while not hand.is_terminal():
            seat = hand.current_player()
            legal = hand.legal_actions()
            action = bots[seat].choose(hand.observation(seat), legal)
            assert action in legal
            hand.apply(action)
            decisions += 1
    assert decisions > 3000


def test_expert_plays_legal_actions_and_is_deterministic() -> None:
    rng = Rng(8)
    for seed in range(6):
        hand = SpadesHand.from_seed(seed, dealer=seed % 4)
        bots = [make_bot("spades", "expert", seed=s, samples=3, bid_samples=3) for s in range(4)]
        twins = [make_bot("spades", "expert", seed=s, samples=3, bid_samples=3)
                 for s in range(4)]
        while not hand.is_terminal():
            seat = hand.current_player()
            legal = hand.legal_actions()
            obs = hand.observation(seat)
            action = bots[seat].choose(obs, legal)
            assert action in legal
            assert twins[seat].choose(obs, legal) == action
            hand.apply(action if rng.below(4) else legal[rng.below(len(legal))])


def test_expert_time_budget_option() -> None:
    hand = SpadesHand.from_seed(5, dealer=0)
    for b in (3, 3, 3, 3):
        hand.apply(bid_action(b))
    expert = ExpertBot(seed=1, time_budget=0.05)
    ev = expert.evaluate_play(hand.observation(1), hand.legal_actions())
    assert ev.samples >= 1 and ev.best() in hand.legal_actions()


def test_nil_bidder_ducks_and_partner_covers() -> None:
    # North bid nil and holds the 9 of hearts; East leads the 8: North must not
    # overtake... it plays under when it can (the 7), keeping the 9.
    deal = [parse_cards("7H 9H 2C 3C 4C 5C 6C 2D 3D 4D 5D 6D 7D"),
            parse_cards("8H AH KH QH JH 7C 8C 9C TC 8D 9D TD JD"),
            parse_cards("AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S"),
            parse_cards("2H 3H 4H 5H 6H TH JC QC KC AC QD KD AD")]
    hand = SpadesHand(deal, dealer=0)
    for b in (4, 6, 2, 0):  # East, South, West, North
        hand.apply(bid_action(b))
    hand.apply(parse_cards("8H").bit_length() - 1)  # East leads the 8 of hearts
    obs = hand.observation(2)
    assert hand.current_player() == 2
    # South is void in hearts and must trump: covering partner is automatic here;
    # check the rule bot and the expert agree on a legal spade.
    for level in ("normal", "expert"):
        action = bot(level, 1).choose(obs, hand.legal_actions())  # type: ignore[attr-defined]
        assert action // 13 == 3
    hand.apply(bot("normal", 1).choose(obs, hand.legal_actions()))  # type: ignore[attr-defined]
    hand.apply(parse_cards("2H").bit_length() - 1)  # West
    obs_n = hand.observation(0)
    for level in ("normal", "expert"):
        card = bot(level, 1).choose(obs_n, hand.legal_actions())  # type: ignore[attr-defined]
        assert card == parse_cards("9H").bit_length() - 1  # highest heart: the trick is trumped


def test_hint_and_bid_advice() -> None:
    from parlour.bots.advice import bid_advice, hint

    hand = SpadesHand.from_seed(6, dealer=1)
    advice = bid_advice(hand.observation(2), hand.legal_actions(), samples=4)
    assert bid_action(advice.bid) in hand.legal_actions()
    assert advice.text.startswith("bid ") and advice.to_json()["bid"] == advice.bid
    for b in (3, 3, 3, 3):
        hand.apply(bid_action(b))
    seat = hand.current_player()
    h = hint(hand.observation(seat), hand.legal_actions(), samples=4)
    assert h.action in hand.legal_actions()
    assert h.text.startswith("play ") and len(h.reason) > 10


def test_bid_advice_calls_a_risky_nil_a_gamble() -> None:
    """A nil that fails in 4 sampled deals of 10 can still be the expert's bid (a
    weak hand's number bid is often set); the advice must not then say the hand
    "should take no trick" (it once did, at 20%)."""
    from parlour.bots.advice import bid_advice

    risky = SpadesHand.from_seed(5, dealer=3)
    advice = bid_advice(risky.observation(0), risky.legal_actions())
    assert advice.bid == 0 and advice.nil_chance is not None and advice.nil_chance < 0.8
    assert "gamble" in advice.text and "should take no trick" not in advice.text
    assert f"survives only {100 * advice.nil_chance:.0f}% of 64 sampled deals" in advice.text
    safe = SpadesHand.from_seed(308, dealer=3)
    advice = bid_advice(safe.observation(0), safe.legal_actions())
    assert advice.bid == 0 and advice.nil_chance is not None and advice.nil_chance >= 0.8
    assert "should take no trick" in advice.text and "gamble" not in advice.text


def test_hint_explains_covering_partners_nil() -> None:
    from parlour.bots.advice import reason_for

    deal = [parse_cards("7H 9H 2C 3C 4C 5C 6C 2D 3D 4D 5D 6D 7D"),
            parse_cards("8H AH KH QH JH 7C 8C 9C TC 8D 9D TD JD"),
            parse_cards("AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S"),
            parse_cards("2H 3H 4H 5H 6H TH JC QC KC AC QD KD AD")]
    hand = SpadesHand(deal, dealer=3)  # North bids first
    for b in (0, 4, 6, 2):
        hand.apply(bid_action(b))
    hand.apply(parse_cards("9H").bit_length() - 1)  # North leads the 9 of hearts
    hand.apply(parse_cards("8H").bit_length() - 1)  # East plays under
    obs = hand.observation(2)
    text = reason_for(obs, parse_cards("2S").bit_length() - 1, 7.0)
    assert "partner bid nil" in text and "2♠" in text


def test_playouts_follow_the_normal_rules_exactly() -> None:
    """The expert's playouts stand in for ``normal`` players: ``rule_card`` on the
    real state gives the rule bot's card (which it computes on a deal sampled from
    its observation) in every position of many hands, bags and nils included; so
    the rules read nothing but the seat's own view."""
    from parlour.bots.spades_expert import seat_bid_of
    from parlour.bots.spades_play import rule_card

    rng = Rng(3)
    normal = make_bot("spades", "normal")
    compared = 0
    for seed in range(80):
        hand = SpadesHand.from_seed(seed, dealer=seed % 4, bags=[rng.below(10), rng.below(10)])
        players = [make_bot("spades", ["normal", "random", "easy"][rng.below(3)], seed=s)
                   for s in range(4)]
        while not hand.is_terminal():
            seat = hand.current_player()
            obs = hand.observation(seat)
            legal = hand.legal_actions()
            if not hand.bidding:
                bids = [seat_bid_of(hand, s) for s in range(4)]
                assert rule_card(hand.play, bids, hand.bags) == normal.choose(obs, legal)
                compared += 1
            hand.apply(players[seat].choose(obs, legal))
    assert compared > 3000


def test_expert_bids_nil_with_a_hand_that_cannot_take_a_trick() -> None:
    deal = [parse_cards("2S 3S 2H 3H 4H 5H 2D 3D 4D 5D 2C 3C 4C"),
            parse_cards("AS KS QS JS 6H 7H 8H 9H 6D 7D 8D 9D 5C"),
            parse_cards("TS 9S 8S 7S TH JH QH TD JD QD 6C 7C 8C"),
            parse_cards("6S 5S 4S KH AH KD AD 9C TC JC QC KC AC")]
    hand = SpadesHand(deal, dealer=3)  # North bids first
    assert ExpertBot(seed=2).choose(hand.observation(0), hand.legal_actions()) == bid_action(0)
    # With the ace and king of spades the same seat never bids nil.
    hand = SpadesHand([deal[1], deal[0], deal[2], deal[3]], dealer=3)
    assert ExpertBot(seed=2).choose(hand.observation(0), hand.legal_actions()) != bid_action(0)


def test_nil_max_lets_the_playouts_weigh_a_nil_on_a_dangerous_looking_hand() -> None:
    # Unguarded jack, queen and king of clubs: the rough danger rules a nil out
    # by default; with ``nil_max=2`` the nil is weighed by the playouts, and the
    # king of clubs makes it fail on some sampled deals, so it is no sure thing.
    deal = [parse_cards("2S 3S 2H 3H 4H 5H 2D 3D 4D 5D JC QC KC"),
            parse_cards("AS KS QS JS 6H 7H 8H 9H 6D 7D 8D 9D 5C"),
            parse_cards("TS 9S 8S 7S TH JH QH TD JD QD 6C 7C 8C"),
            parse_cards("6S 5S 4S KH AH KD AD 9C TC 2C 3C 4C AC")]
    hand = SpadesHand(deal, dealer=3)
    obs, legal = hand.observation(0), hand.legal_actions()
    plain = ExpertBot(seed=2, samples=24).evaluate_bids(obs, legal)
    assert bid_action(0) not in plain.actions
    weighed = ExpertBot(seed=2, samples=24, nil_max=2).evaluate_bids(obs, legal)
    assert weighed.actions[:-1] == plain.actions and weighed.actions[-1] == bid_action(0)
    assert 0.0 < weighed.nil_safe[-1] < 1.0
    assert weighed.best() in legal


def test_partner_shave_models_a_partner_that_bids_under_normal() -> None:
    """``partner_shave``: the first bidder of a side expects its partner to bid a
    trick under ``normal`` in that share of the sampled deals, so the expected
    score of its bids changes on some deals; once the partner has bid, nothing
    is modelled and nothing changes."""
    differ = 0
    for seed in range(6):
        hand = SpadesHand.from_seed(seed, dealer=seed % 4)
        obs, legal = hand.observation(hand.current_player()), hand.legal_actions()
        plain = ExpertBot(seed=1, samples=12).evaluate_bids(obs, legal)
        shaved = ExpertBot(seed=1, samples=12, partner_shave=100).evaluate_bids(obs, legal)
        assert plain.actions == shaved.actions and shaved.best() in legal
        differ += plain.value != shaved.value
        normal = make_bot("spades", "normal")
        for _ in range(2):  # the first bidder's partner has now bid
            seat = hand.current_player()
            hand.apply(normal.choose(hand.observation(seat), hand.legal_actions()))
        obs, legal = hand.observation(hand.current_player()), hand.legal_actions()
        plain = ExpertBot(seed=1, samples=12).evaluate_bids(obs, legal)
        shaved = ExpertBot(seed=1, samples=12, partner_shave=100).evaluate_bids(obs, legal)
        assert plain.value == shaved.value
    assert differ >= 3


def test_expert_does_not_overtake_when_a_bag_would_cost_100() -> None:
    """Both sides have made their bids and have 9 bags; South plays last to a
    trick it could win: winning it takes the tenth bag (-100), so it ducks."""
    from parlour.bots.spades_rules import _beats, _winning

    hand = SpadesHand.from_seed(89, dealer=1, scores=[200, 200], bags=[9, 9])
    normal = make_bot("spades", "normal")
    while not (hand.play.trick_count == 11 and len(hand.play.trick) == 3):
        seat = hand.current_player()
        hand.apply(normal.choose(hand.observation(seat), hand.legal_actions()))
    seat = hand.current_player()
    obs = hand.observation(seat)
    legal = hand.legal_actions()
    _i, best = _winning(obs.trick)
    assert any(_beats(c, best) for c in legal) and not all(_beats(c, best) for c in legal)
    assert not _beats(ExpertBot(seed=1).choose(obs, legal), best)


# The cards played in deal 28 (dealer South, bids 1 4 6 2) up to North's turn in trick 10.
CARDS_28 = ("2C 7C JC KC AC 3C QC 4C TC 9C 2D 6C 5C 3S 6S 8C AD 3D 4D 7D AH 7H 2H QH 4H "
            "9H TH KH 9D 8S KD 5D JH 2S 3H TD AS 4S 5S")


def test_bag_fight_sheds_a_high_spade_once_both_contracts_are_decided() -> None:
    """North-South have made their 6 (7 tricks) and East-West can no longer
    make their 7 (2 tricks, 4 left). East leads the ace of spades; North, last
    to play, holds the ten and queen: both lose this trick, but the queen kept
    may take a bag later. The plain endgame solver has every seat take what it
    can, so it sees no difference between the two (``bag_fight=0``); the
    expert's endgame has each side give the other the tricks left, and North
    sheds the queen, expecting fewer tricks for its side."""
    hand = SpadesHand.from_seed(28, dealer=0, bags=[0, 0])
    for bid in (1, 4, 6, 2):
        hand.apply(bid_action(bid))
    for code in CARDS_28.split():
        hand.apply(parse_card(code))
    seat = hand.current_player()
    obs, legal = hand.observation(seat), hand.legal_actions()
    assert seat == 2 and sorted(card_code(c) for c in legal) == ["QS", "TS"]
    plain = ExpertBot(seed=1, bag_fight=0).evaluate_play(obs, legal)
    assert abs(plain.value[0] - plain.value[1]) < 0.01  # the tie goes to the ten
    fight = ExpertBot(seed=1)
    assert card_code(fight.choose(obs, legal)) == "QS"
    ev = fight.evaluate_play(obs, legal)
    tricks = {card_code(c): t for c, t in zip(ev.actions, ev.tricks, strict=True)}
    assert tricks["QS"] < tricks["TS"] - 0.5
    with pytest.raises(ValueError, match="bag_fight"):
        ExpertBot(bag_fight=2)


# Deal 63 (dealer West) by the `normal` bots, bids 2 2 2 4, up to West's lead
# with three tricks left.
ACTIONS_63 = ("bid 2,bid 2,bid 2,bid 4,2D,3D,AD,5D,TD,KD,4D,6D,3H,4H,AH,2H,AC,7C,2C,5C,QD,3S,"
              "7D,TH,8C,4C,QC,3C,KC,4S,TC,JC,7H,5H,QH,KH,6C,7S,KS,AS,QS,5S,TS,6S")


def test_the_review_counts_bags_on_the_real_cards_of_a_decided_endgame() -> None:
    """Both sides have made their bids exactly; the last three tricks are bags
    to whoever takes them. West leads from J♦ 2♠ J♠; North holds 8♠ 9♠,
    the only other spades. J♠ (the top spade) takes one bag and then 2♠ puts
    North on lead to take the rest; 2♠ first lets North win it and lead a
    spade back into J♠, and West's J♦ wins the last trick: two bags. The
    review's outcome on the real cards must say so (it once solved the real
    cards with every side grabbing tricks, and called 2♠ the better card)."""
    from parlour.bots.review import judge

    hand = SpadesHand.from_seed(63, dealer=3)
    for text in ACTIONS_63.split(","):
        hand.apply(hand.parse_action(text if text.startswith("bid") else "play " + text))
    assert hand.current_player() == 3 and hand.play.trick_count == 10
    assert hand.play.tricks_won == [2, 3, 2, 3]
    verdict = judge("spades", hand, "play 2S", 3)
    real = {c["action"]: c["real"] for c in verdict["choices"]}
    assert real["JS"] > real["2S"]
    assert verdict["real"] == real["2S"]


def test_expert_does_not_bid_above_the_tricks_it_expects() -> None:
    """Over many deals the expert's number bids are, on average, at most the tricks
    its playouts of that bid give it (a set costs more than an overtrick) and
    within two of them; no bid is more than a trick above them."""
    bot = ExpertBot(seed=4, bid_samples=16)
    gaps = []
    for seed in range(12):
        hand = SpadesHand.from_seed(seed, dealer=seed % 4)
        while hand.bidding:
            seat = hand.current_player()
            ev = bot.evaluate_bids(hand.observation(seat), hand.legal_actions())
            best = ev.best()
            if best != bid_action(0):
                gaps.append(ev.tricks[ev.actions.index(best)] - (best - bid_action(0)))
            hand.apply(best)
    assert len(gaps) > 30
    assert min(gaps) > -1.0
    assert 0.0 < sum(gaps) / len(gaps) < 2.0


def _bid_advice_at(seed: int, bids_before: int) -> Any:
    """The advice for the seat to bid after ``bids_before`` ``normal`` bids of deal ``seed``."""
    from parlour.bots.advice import bid_advice

    hand = SpadesHand.from_seed(seed, dealer=seed % 4)
    normal = make_bot("spades", "normal")
    for _ in range(bids_before):
        seat = hand.current_player()
        hand.apply(normal.choose(hand.observation(seat), hand.legal_actions()))
    return bid_advice(hand.observation(hand.current_player()), hand.legal_actions(), samples=32)


def test_a_bid_below_the_tricks_expected_says_why() -> None:
    """"bid 2: you expect to take about 4.5 tricks" read as a contradiction: a bid
    a trick or more below the tricks expected names what makes it right (the set
    risk of the nearer bid, or the partner's bid that already makes the contract)."""
    first = _bid_advice_at(1, 1)  # East, first to bid of his side
    assert first.bid <= first.expected_tricks - 0.75
    assert first.text.startswith(f"bid {first.bid}: you expect to take about ")
    assert " would be set " in first.text and f"for bid {first.bid}" in first.text
    assert "partner" not in first.text  # the partner has not bid yet
    second = _bid_advice_at(0, 2)  # West, after his partner East bid
    assert second.bid <= second.expected_tricks - 0.75
    assert "with your partner's " in second.text and " the team bids " in second.text



def test_keen_seats_do_not_duck_with_their_contract_made() -> None:
    """``rule_card``'s ``keen`` seats (the expert's ``model`` option) play as
    ``normal`` except that, with their contract made, they take a trick they
    can win unless the next bag would bring the penalty; the other seats are
    untouched by the mask."""
    from parlour.bots.spades_expert import seat_bid_of
    from parlour.bots.spades_play import rule_card

    rng = Rng(5)
    differ = 0
    for seed in range(60):
        hand = SpadesHand.from_seed(seed, dealer=seed % 4, bags=[rng.below(10), rng.below(10)])
        normal = make_bot("spades", "normal")
        while not hand.is_terminal():
            seat = hand.current_player()
            legal = hand.legal_actions()
            if not hand.bidding:
                play = hand.play
                bids = [seat_bid_of(hand, s) for s in range(4)]
                plain = rule_card(play, bids, hand.bags)
                assert rule_card(play, bids, hand.bags, 0xF & ~(1 << seat)) == plain
                keen = rule_card(play, bids, hand.bags, 1 << seat)
                if keen != plain:
                    differ += 1
                    team = seat & 1
                    contract = sum(bids[s] for s in (team, team + 2) if bids[s] > 0)
                    taken = sum(play.tricks_won[s] for s in (team, team + 2) if bids[s] > 0)
                    assert taken >= contract
                    assert hand.bags[team] + taken - contract + 1 < 10
            hand.apply(normal.choose(hand.observation(seat), legal))
    assert differ > 10


@pytest.mark.parametrize("model", [1, 2])
def test_expert_models_of_the_opponents_play_legal_cards(model: int) -> None:
    rng = Rng(model)
    for seed in range(4):
        hand = play_prefix(seed, 4 + 4 * seed, rng)
        if hand.is_terminal() or hand.bidding:
            continue
        legal = hand.legal_actions()
        obs = hand.observation(hand.current_player())
        a = ExpertBot(seed=1, samples=6, model=model).choose(obs, legal)
        b = ExpertBot(seed=1, samples=6, model=model).choose(obs, legal)
        assert a == b and a in legal


def test_expert_bid_model_plays_the_opponents_keen_in_the_bid_playouts() -> None:
    """``bid_model=1``: the bid playouts play the opponents keen (no duck with
    their contract made), so on some deals the expected score of a bid differs
    from the ``normal`` playouts' on the same sampled deals; the bid is legal."""
    differ = 0
    for seed in range(6):
        hand = SpadesHand.from_seed(seed, dealer=seed % 4)
        normal = make_bot("spades", "normal")
        for _ in range(2):
            seat = hand.current_player()
            hand.apply(normal.choose(hand.observation(seat), hand.legal_actions()))
        obs = hand.observation(hand.current_player())
        legal = hand.legal_actions()
        plain = ExpertBot(seed=1, samples=12).evaluate_bids(obs, legal)
        keen = ExpertBot(seed=1, samples=12, bid_model=1).evaluate_bids(obs, legal)
        assert plain.actions == keen.actions and keen.best() in legal
        differ += plain.value != keen.value
    assert differ >= 2
