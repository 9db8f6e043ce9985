"""Situations any good player knows: positions from real hands (normal bots
playing seeded deals), each with the play a good player makes and, in a
comment above it, why. The expert must get at least 90% of them right and
``normal`` at least 70% (issue 19); every position is a real choice (a legal
card that is wrong exists), so the suite can fail.

A position is a deal (``SpadesHand``/``HeartsHand.from_seed(seed, dealer=seed % 4)``,
with the Spades teams' bags or the Hearts pass direction) and the actions
before it, short: a bid is its number (``n`` nil), a card its code, a Hearts
pass its three cards joined by dots.

The positions were found by rule in hands the ``normal`` bots played, so
``normal`` (whose rules these are) gets nearly all of them; the expert's
search has to find them. Left out on purpose: "win a trick the contract
needs", whose answer depends on whether the contract can still be made,
which the hidden cards decide (the expert rightly gave up such tricks to
charge the opponents bags); a nil bidder second or third to play (playing
a card that wins for now but will be overtaken can be right).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest

from parlour.bots.base import make_bot
from parlour.bots.hearts_expert import sure_card
from parlour.bots.review import MISTAKE, judge
from parlour.cards import card_code, parse_card
from parlour.games.hearts import HeartsHand
from parlour.games.spades import SpadesHand


@dataclass(frozen=True)
class S:
    game: str
    kind: str
    seed: int
    setting: Any  # Spades: the teams' bags; Hearts: the pass direction
    actions: str
    good: str  # the right cards (any of them)

    def position(self) -> Any:
        if self.game == "spades":
            hand: Any = SpadesHand.from_seed(self.seed, dealer=self.seed % 4, bags=self.setting)
        else:
            hand = HeartsHand.from_seed(self.seed, dealer=self.seed % 4, pass_dir=self.setting)
        for token in self.actions.split():
            if "." in token:
                hand.apply(hand.parse_action("pass " + token.replace(".", " ")))
            elif token in ("n", "bn") or token.isdigit():
                bid = {"n": "nil", "bn": "blind nil"}.get(token, token)
                hand.apply(hand.parse_action(f"bid {bid}"))
            else:
                hand.apply(parse_card(token))
        return hand


SITUATIONS = [
    # partner East bid nil and is winning with 6S: cover it
    S("spades", "s-cover-nil", 377, [0, 0],
              "3 6 3 0 2D 7D 6D 5D AC 3C 9C TC QC 5C 8C 3S 2H QH 6H TH AS 4S TS JS JC 7C 6C KS 3H "
              "5H 7H 4H 5S 6S KD",
      "8S 9S QS"),
    # partner West bid nil and is winning with 6C: cover it
    S("spades", "s-cover-nil", 937, [0, 0],
              "2 0 3 8 4C 6C 2C",
      "7C AC"),
    # partner South bid nil and is winning with 7S: cover it
    S("spades", "s-cover-nil", 2492, [0, 0],
              "2 0 5 4 5D 2D JD AD AC KC 9C 4C AH 8H 7H 2H TC 3S 6C JC 5S 7S 6S",
      "QS"),
    # partner North bid nil and is winning with 6H: cover it
    S("spades", "s-cover-nil", 2827, [0, 0],
              "0 5 4 4 2D AD 3D 4D 2C 4C JC TC 5H 6H 3H",
      "7H 9H QH"),
    # last to play and partner South wins with QD: do not overtake
    S("spades", "s-no-overtake", 1, [0, 0],
              "2 3 4 4 2C AC 9C 6C AD 2D 4D 7D AH 2H 7H 3H 8H 5H KH 4H KD JD 3D 3S KC JC 3C 4C QC "
              "2S 5C 7C 5D QD 8D",
      "6H QH"),
    # last to play and partner North wins with 8S: do not overtake
    S("spades", "s-no-overtake", 6, [0, 0],
              "3 4 4 2 AC 4C 3C 2C 7C 5C 6C 9C KC 8C 7D 3S AD 2D 4D 6S AH 2H 3H 7S 5D 8S 3D",
      "TC JC 6H 7H 8H 2S 4S"),
    # last to play and partner West wins with 9H: do not overtake
    S("spades", "s-no-overtake", 7, [0, 0],
              "1 7 2 3 2C 7C AC 4C 6H 9H 2H",
      "8H"),
    # last to play and partner South wins with JD: do not overtake
    S("spades", "s-no-overtake", 8, [0, 0],
              "2 6 1 2 3H 5H KH AH QH 8S TS 2H AC 3C 5C 2C AD 6D 2D 4D KC 4C 8C 7C QC 9C TC JC 6C "
              "6S AS 5D 3D KD 8D QD KS 4S QS 2S 7D JD 4H",
      "6H 7H TH"),
    # last to play and partner East wins with KC: do not overtake
    S("spades", "s-no-overtake", 13, [0, 0],
              "2 4 3 3 8C 7C AC 3C 3H 2H 8H 9H AH JH 5H 4H TC 2C QC 2S AS 3S 6S KS 6H QH 8S TH QS "
              "5C JS 4S 4C KC 7H",
      "3D JD KD"),
    # last to play and partner West wins with KC: do not overtake
    S("spades", "s-no-overtake", 14, [0, 0],
              "3 4 2 4 AD 6D 7D 3D 2D 9D KD JD 5C AC 2C 7C 3C KC JC",
      "8D TD 2H 3H 5H 8H TH"),
    # contract made, 7 bags: duck, last to play
    S("spades", "s-duck-bags", 63, [7, 7],
              "2 2 2 4 2D 3D AD 5D TD KD 4D 6D 3H 4H AH 2H AC 7C 2C 5C QD 3S 7D TH 8C 4C QC 3C KC "
              "4S TC JC 7H 5H QH KH 6C 7S JH JD 9H 8H 2S 9C JS 9S TS",
      "6S"),
    # contract made, 7 bags: duck, last to play
    S("spades", "s-duck-bags", 89, [7, 7],
              "4 3 2 2 AH 4H 2H 3H 9H 6H QH 5H KH TH JH 7H 9C 3C KC AC 8H 4S JS KS 2C 6C QC 4C 2D "
              "AD 8D 5D AS 3S 2S 6S 7C JC TC 3D 5C 5S JD 8C QS TS 6D 7S QD 4D TD",
      "9D"),
    # contract made, 7 bags: duck, last to play
    S("spades", "s-duck-bags", 139, [7, 7],
              "1 2 3 5 4H AH 3H 7H 2C AC 3C 5C AD 5D JD 2D 5H QH JH 2H KH 4S 8H 6H KD 7D 3D 6D 7C "
              "KC JC 4C 9D 8D 6S QD 9C 8C 3S 6C TD 4D 8S QC TS 9S 7S 2S QS 5S TH",
      "JS"),
    # contract made, 7 bags: duck, last to play
    S("spades", "s-duck-bags", 151, [7, 7],
              "2 1 5 3 AH 4H 3H 5H 2H KH 7H QH 8D AD 3D 2D AC 3C 8C 7C 4D 9D QD 4S 6H 6S 7S TC JD "
              "KD 5S 8S AS 2S 3S 9S KS TS 5D JC 2C 4C KC 8H 6D 9H QC JS 6C TD JH",
      "5C"),
    # contract made, 7 bags: duck, last to play
    S("spades", "s-duck-bags", 242, [7, 7],
              "2 4 3 2 2D 4D QD AD 6D 7D TD 3D AC 5C 4C 2C AH 2H 3H 7H KD 9D 8H 8D 5D 3S 8S 9S KH "
              "4H 5H TH 9H 6H 4S JH 6C QC 9C 3C QH TS JD 7C TC 8C 5S KC 6S 2S KS",
      "7S"),
    # contract made, 7 bags: duck, last to play
    S("spades", "s-duck-bags", 266, [7, 7],
              "4 2 3 2 AC 2C 3C 4C 3H 2H QH 5H AH TS JH 6H AD 4D JD 3D KD 6D QD 3S TC 6C QC KC 8H "
              "TH QS AS JC 5C 4H 7C 8C 9C 5S 2D 7H 5D 2S 9H 9D 4S KH 7D 6S 9S TD",
      "8S"),
    # East bid nil and can stay under 7D: play under it
    S("spades", "s-own-nil", 377, [0, 0],
              "3 6 3 0 2D 7D 6D",
      "4D 5D"),
    # North bid nil and can stay under TD: play under it
    S("spades", "s-own-nil", 1253, [0, 0],
              "4 4 0 5 AC 2C 9C QC QD 8D 3D KD 4D 7D 9D 2D 3H 2H QH 7H 5D 6D TD",
      "4C 5C 6C 7C 4H 5H 6H 9H"),
    # West bid nil and can stay under 9S: play under it
    S("spades", "s-own-nil", 1529, [0, 0],
              "3 0 7 3 3C 5C QC AC AD 4D 8D 2D AH 9H TH 7H QH JH 6H 8H JC 4C 9C 3S 3D TD 7D 6D TC "
              "6C 7C 6S 8S 9S 2S",
      "4S"),
    # South bid nil and can stay under 8D: play under it
    S("spades", "s-own-nil", 1532, [0, 0],
              "5 0 1 5 6C 4C KC 3C 4D 8D 7D",
      "2D"),
    # North bid nil and can stay under JD: play under it
    S("spades", "s-own-nil", 2034, [0, 0],
              "3 0 5 4 2H 3H KH 6H 4D KD 8D TD KC 5C 8C QC QD 9D 5D 6D QH AH TH 4H TC 7C 7S 4C 7D "
              "2D JD",
      "2C 3C 6C 5H 7H"),
    # East bid nil and can stay under QD: play under it
    S("spades", "s-own-nil", 2389, [0, 0],
              "5 1 7 0 2H QH 6H 7H AC TC 9C 8S 3H JH 2S 5H 5S 4S AS JS 4D JD 8D TD QC JC 8C TS 5D "
              "9D QD",
      "2C 4C 5C 6C 4H"),
    # East has no clubs: dump the queen on North's trick
    S("hearts", "h-dump-queen", 1, 0,
              "2C AC KC JC 5S 3S 4S AS 3C 4C 9C 6C 2D KD QD TD 4D 7D 3D QH 5C 7C QC",
      "QS"),
    # North has no clubs: dump the queen on West's trick
    S("hearts", "h-dump-queen", 3, 1,
              "TC.JC.QH AD.JH.AS TD.QD.KS JD.AH.QS 2C JS JC KC 3C 7C",
      "QS"),
    # West has no hearts: dump the queen on South's trick
    S("hearts", "h-dump-queen", 4, 1,
              "JC.KD.AH AC.9D.QD QC.AD.QS KC.QH.KH 2C KC JC AC 2D AD 4D KD 3D KH AS QD 4C 3C QH 9C "
              "6C 8C 7C 9H 5D 6D 8H KS 7H 6H 5H JH TH",
      "QS"),
    # North has no diamonds: dump the queen on South's trick
    S("hearts", "h-dump-queen", 5, 1,
              "AD.KH.AH QC.QD.KD AC.6D.9H KC.QH.QS 2C AC KC JC 2D JD 8D 3D 6C 5C 4C 3C 9C TC QC 8C "
              "2S 9S 6S 7S 5D 9D 7D KD 4S TH KS JS 2H KH 8H 9H 4D QD TD",
      "QS"),
    # North has no clubs: dump the queen on South's trick
    S("hearts", "h-dump-queen", 6, 0,
              "2C AC 5C 6C 7S 6S 5S 4S 9S 8S 3S 2S 7C 4C 3C KC 2D 4D 7D 3D TS JS AS KD 9C 8C",
      "QS"),
    # South has no clubs: dump the queen on East's trick
    S("hearts", "h-dump-queen", 9, 0,
              "2C AC QC KC 4S KS TS 8S 9D 5D 4D 8D 5S 2S 3S 9S 3C JC TC 9C JS KH 7S AH 5H 3H 4H JH "
              "2D QD TD JD 6H 2H 8H 7H 4C 8C",
      "QS"),
    # East has no hearts and the queen of spades is out: throw the AS
    S("hearts", "h-throw-high-spade", 5, 0,
              "2C KC 9C QC 2D AD KD 6D 6C 5C 4C 3C 9D 8D 3D 5D JD 7D 9H TD 2H",
      "AS"),
    # South has no diamonds and the queen of spades is out: throw the AS
    S("hearts", "h-throw-high-spade", 12, 0,
              "2C QC AC JC 2S 4S 3S KS 3C 5C 6C 4C 5D 2D 4D QD 5S KH 6S JS 3D 9D 8D KD 3H 7H 5H 6H "
              "7C 9C TC 8C 2H JH 8H 9H 8S 7S TS TH JD TD",
      "AS"),
    # South has no hearts and the queen of spades is out: throw the KS
    S("hearts", "h-throw-high-spade", 18, 0,
              "2C KC JC AC 2D KD JD 9D 3D 4D 7D AD 4C 5C 3C 7C 5S 4S 9S 8S JS 7S 6S TS 6D 5D 8D AS "
              "2H KH QH JH 8C TC 6C TH 3H 4H 5H",
      "KS"),
    # West has no clubs and the queen of spades is out: throw the KS/AS
    S("hearts", "h-throw-high-spade", 27, 0,
              "2C AD AC KC 3C 5C 6C JH 6D 4D 5D TD 3S JS TS 4S 6H 4H 2H 5H 9C 8H 4C 8C TH 7H AH 9H "
              "2D TC KD QD JC 9D",
      "KS AS"),
    # South has no diamonds and the queen of spades is out: throw the AS
    S("hearts", "h-throw-high-spade", 38, 0,
              "2C AC QC TC 2D AD 8D TD 4C AH 6C 5C 6H 2H 4H 5H 8C 7C 9C JH 7H 3H TH 8H 3S 7S KS 8S "
              "JC 9H KC 3C 4S KH 9S 6S 9D 7D",
      "AS"),
    # West has no hearts and the queen of spades is out: throw the KS
    S("hearts", "h-throw-high-spade", 51, 0,
              "2C QC AC 5C 2D AD KD JD 3C 7C 6C KC 3D 4D 7D 6D 8D AH 5D QD 4C JC TC 9C 6H 5H 4H KH "
              "8H QH TH 9H 5S 2S 6S 4S 2H JH",
      "KS"),
    # hearts led, East winning with 7H: play under it, not over
    S("hearts", "h-heart-under", 1, 0,
              "2C AC KC JC 5S 3S 4S AS 3C 4C 9C 6C 2D KD QD TD 4D 7D 3D QH 5C 7C QC QS 2H 7H",
      "3H 4H"),
    # hearts led, West winning with 3H: play under it, not over
    S("hearts", "h-heart-under", 2, 0,
              "2C 8C TC AC 9D 4D 3D 8D 9C 4C 7C 6C 8S 2S 6S 7S JS AS QS JD 2D KD TD KH 3H",
      "2H"),
    # hearts led, East winning with TH: play under it, not over
    S("hearts", "h-heart-under", 3, 0,
              "2C JC 6C KC 3C 7C TC 5C 6S 7S 3S 5S 4C 8C QC QH 2D 9D 5D QD 9C AC 9H AS 2H 4H TH",
      "3H 6H 7H"),
    # hearts led, South winning with TH: play under it, not over
    S("hearts", "h-heart-under", 4, 0,
              "2C JC AC QC 6C 4C 5C AH 5H TH",
      "7H"),
    # hearts led, South winning with 7H: play under it, not over
    S("hearts", "h-heart-under", 6, 0,
              "2C AC 5C 6C 7S 6S 5S 4S 9S 8S 3S 2S 7C 4C 3C KC 2D 4D 7D 3D TS JS AS KD 9C 8C QS JH "
              "TC QC AH TH 5D KH TD 8H 2H 3H QD QH 4H AD 6H 9D 7H 8D",
      "5H"),
    # hearts led, South winning with 5H: play under it, not over
    S("hearts", "h-heart-under", 8, 0,
              "2C AC 9C TC 4S 6S 3S KS 8S 7S QS 2S 3C 5C 7C 6C 9S 5S KH AS 2D 4D AD QD 5H",
      "2H 4H"),
    # AS is winning the spade trick: the queen goes under it
    S("hearts", "h-queen-under", 2, 0,
              "2C 8C TC AC 9D 4D 3D 8D 9C 4C 7C 6C 8S 2S 6S 7S JS AS",
      "QS"),
    # KS is winning the spade trick: the queen goes under it
    S("hearts", "h-queen-under", 3, 0,
              "2C JC 6C KC 3C 7C TC 5C 6S 7S 3S 5S 4C 8C QC QH 2D 9D 5D QD 9C AC 9H AS 2H 4H TH 7H "
              "3D TD JD 8D 8H 5H JH 6H 9S 2S 8S JS TS AD KS",
      "QS"),
    # KS is winning the spade trick: the queen goes under it
    S("hearts", "h-queen-under", 16, 0,
              "2C TC AC KC 3S 2S 9S 7S 3C 5C JC 8C 5S KS",
      "QS"),
    # KS is winning the spade trick: the queen goes under it
    S("hearts", "h-queen-under", 39, 1,
              "KC.QH.KS QC.JH.KH 9C.AC.QS 7C.8D.AH 2C JC KC QC 3C KH 5C 4C 2H 5H 7H 4H 6C JH 9C 7C "
              "3D 8D 7D 2D TC 8C TH AC 5D AS 4D AD 3H 6H 8H QH 2S 6S 5S 3S 8S 7S TS 9S JS KS KD",
      "QS"),
    # KS is winning the spade trick: the queen goes under it
    S("hearts", "h-queen-under", 40, 0,
              "2C JC TC AC 3D 2D QD TD 2S 7S 6S 5S 4C 7C KC 6C 4D 6D 8D 5D 9D AD JD AH 8C AS 5C 9C "
              "2H 7H 4H 6H 9H TH 5H 8H 4S 3S KS",
      "QS"),
    # AS is winning the spade trick: the queen goes under it
    S("hearts", "h-queen-under", 56, 0,
              "2C AC KC JC 7S 6S 5S 3S 3D 9D 7D 6D 5C 3C 7C 4C 8C 9C 6C KS 4D 5D 2D AD TD JD 8D KD "
              "8S AS AH",
      "QS"),
    # South holds all 14 points so far and wins this trick with points: take it
    S("hearts", "h-stop-moon", 61, 0,
              "2C QC AC 6C 4C QS 3C JH 6S 5S KS 9S 5C KD 8C AD 9C QD 7C JD TC TS JC 8D 5H 3H 7H",
      "8H QH KH"),
    # North holds all 14 points so far and wins this trick with points: take it
    S("hearts", "h-stop-moon", 66, 0,
              "2C KC QC 9C 3C TC 5C 8C 4D AD QD JD 4C 6C QS 8H 3D 2D KD 8D 3H 4H 7H",
      "TH"),
    # South holds all 14 points so far and wins this trick with points: take it
    S("hearts", "h-stop-moon", 89, 0,
              "2C AC QC 8C 5D 4D AD KD 3C 5C 6C 9C 2D 6D 8D QD TC KH 7C KC 9D QS 3D 7D 3S 2S TS AS "
              "3H 9H 8H",
      "QH"),
    # East holds all 14 points so far and wins this trick with points: take it
    S("hearts", "h-stop-moon", 112, 0,
              "2C QC JC 9C 3C 4C 5C AC 5D 9D 3D 4D 6C QS 8C KC 5S 4S 3S 7S 2D 6D KS QD 2S QH AS JS "
              "7D TS 8S KD 3H JH 7H",
      "KH AH"),
    # North holds all 14 points so far and wins this trick with points: take it
    S("hearts", "h-stop-moon", 237, 0,
              "2C QC 7C AC 2D QS 7D 5D 4C AS 8C 5C 6D 8H KD QD 6C 9S JD 3C TC 9D TD 9C 4S 3S 3H",
      "5S 7S TS"),
    # West holds all 14 points so far and wins this trick with points: take it
    S("hearts", "h-stop-moon", 406, 0,
              "2C JC TC QC 4D 2D 8D 3D 3C QS 5C AC 6D KS TD 9D 3S AS JS 6S 5D 7D 7C AD JD KH QD 4C "
              "6C 2S TS 8C 4S 7S 2H",
      "9S"),
]


def _answers(level: str) -> list[tuple[S, str, bool]]:
    out = []
    for s in SITUATIONS:
        hand = s.position()
        seat = hand.current_player()
        bot = make_bot(s.game, level, seed=7)
        card = card_code(bot.choose(hand.observation(seat), hand.legal_actions()))
        out.append((s, card, card in s.good.split()))
    return out


def test_every_situation_is_a_real_choice_in_both_games() -> None:
    assert len(SITUATIONS) >= 40
    assert {s.game for s in SITUATIONS} == {"spades", "hearts"}
    for s in SITUATIONS:
        legal = {card_code(a) for a in s.position().legal_actions()}
        assert set(s.good.split()) <= legal, s
        assert legal - set(s.good.split()), s  # a wrong card exists


@pytest.mark.parametrize(("level", "share"), [("expert", 0.9), ("normal", 0.7)])
def test_good_players_plays(level: str, share: float) -> None:
    answers = _answers(level)
    missed = [f"{s.game} {s.kind} seed {s.seed}: played {card}, good {s.good}"
              for s, card, right in answers if not right]
    right = len(answers) - len(missed)
    assert right >= share * len(answers), "\n".join(missed)


@dataclass(frozen=True)
class Judged:
    """The hand review's verdict on one legal card of a situation."""

    situation: S
    card: str
    right: bool  # one of the situation's right cards
    mistake: bool  # the review marks it
    cost: float
    losing: bool  # wrong, and worse on the real cards than the best right card (by the threshold)


def judged(s: S) -> list[Judged]:
    """Every legal card of the situation ``s`` as the hand review judges it."""
    position = s.position()
    seat = position.current_player()
    good = set(s.good.split())
    verdicts = {}
    for action in position.legal_actions():
        text = position.action_to_string(action)
        verdict = judge(s.game, position, text, seat, seed=1)
        if verdict is not None:
            verdicts[text.split()[-1]] = verdict
    sign = -1 if s.game == "hearts" else 1  # Hearts counts the points taken
    best = max((sign * v["real"] for code, v in verdicts.items() if code in good), default=None)
    return [Judged(s, code, code in good, v["mistake"], v["cost"],
                   code not in good and best is not None
                   and best - sign * v["real"] > MISTAKE[s.game])
            for code, v in verdicts.items()]


def test_the_review_marks_every_card_that_loses_on_the_real_cards() -> None:
    # Issue 20: the review judges from what the seat saw (sampled deals), not
    # from the hidden cards; a wrong card that also loses on the real cards
    # (solved double dummy late in the hand, played out by the rules before)
    # is a mistake it must mark. A card beneath the trick's winner and one
    # above it were once taken for the same card (h-heart-under 6: 9H over 7H).
    losing = [j for s in SITUATIONS for j in judged(s) if j.losing]
    for game in ("spades", "hearts"):
        assert sum(j.situation.game == game for j in losing) >= 15, game
    missed = [f"{j.situation.game} {j.situation.kind} seed {j.situation.seed}: {j.card} "
              f"(cost {j.cost})" for j in losing if not j.mistake]
    assert not missed, "\n".join(missed)


def test_the_review_names_the_card_the_expert_plays_without_search() -> None:
    # The expert plays the queen on another seat's trick, and a moon stopped,
    # without search (``sure_card``); the review once judged those positions by
    # the sampled deals alone, whose playouts undervalue both, so with another
    # model of the other seats it let 2H pass where QH stops South's moon
    # (h-stop-moon 89), and it could name as the expert's card one the expert
    # does not play.
    seen = 0
    for s in SITUATIONS:
        if s.game != "hearts":
            continue
        position = s.position()
        seat = position.current_player()
        legal = position.legal_actions()
        mask = sum(1 << a for a in legal)
        sure = sure_card(position.observation(seat), mask)
        if sure < 0:
            continue
        seen += 1
        for a in legal:
            text = position.action_to_string(a)
            verdict = judge("hearts", position, text, seat, seed=1)
            assert verdict is not None
            if a == sure:
                assert not verdict["mistake"], (s, verdict)
            elif card_code(a) not in s.good.split():
                assert verdict["mistake"] and verdict["best"] == card_code(sure), (s, verdict)
                assert card_code(sure) in s.good.split()
                assert "the expert plays" in verdict["text"], verdict
    assert seen >= 8  # the dumped queens and the moons stopped
