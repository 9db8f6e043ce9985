"""Rule-based Hearts bots: ``easy`` and ``normal``.

Both read only a :class:`~parlour.games.hearts.HeartsObservation`. ``easy``
passes its three highest cards and plays "duck if you can, else go low; dump
the queen and high hearts when void". ``normal`` plays as a decent club player:

- passing: the queen of spades unless four or more low spades guard it, the
  ace and king of spades when the queen may come to them, high hearts, and
  short clubs or diamonds to make a void;
- play: the highest card that still loses the trick, the queen under the ace
  or king of spades, cash high cards early in a suit when nobody is void,
  lead spades low to smoke out the queen, lead from short suits, dump the
  queen (then high spades, then high hearts) when void;
- the moon: shoot when it has taken every point so far with control of the
  hearts left; stop an opponent's moon by taking a heart and never dumping
  points on the shooter's trick;
- the jack of diamonds (when the option is on): capture it cheaply, never
  throw it away;
- the score near the target: when it is the lowest seat, give points to the
  seat at the top so the game ends while it is ahead.

The card-play rules work on masks (:func:`rule_card`), so the expert's
playouts use them too; the module is compiled with mypyc.

>>> from parlour.games.hearts import HeartsHand
>>> hand = HeartsHand.from_seed(4)
>>> bot = HeartsRuleBot("normal")
>>> while not hand.is_terminal():
...     seat = hand.current_player()
...     hand.apply(bot.choose(hand.observation(seat), hand.legal_actions()))
>>> sum(hand.score().points)
26
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from parlour.bots.registry import register_bot
from parlour.cards import FULL_DECK, Rng

__all__ = [
    "AVOID",
    "CASH",
    "EASY",
    "NORMAL",
    "HeartsRuleBot",
    "alike",
    "choose_pass",
    "legal_cards",
    "pass_danger",
    "rule_card",
    "taken_by_seat",
    "trick_winner",
]

EASY = 0
NORMAL = 1
# Not a level offered at the table: ``normal`` as a seat that only avoids
# points plays it, the expert's model of such opponents in its playouts
# (PIMC's solver counts the seat's own points and nothing else): it never
# goes for the moon nor stops one, and ducks with its lowest card.
AVOID = 2
# Not a level offered at the table either: ``normal`` leading as the searching
# players measured lead (``benchmarks/hearts_model_fit.py``): a lead in clubs or
# diamonds with six or more of the suit out is its highest card, cashed while
# everyone follows; the expert's ``model=3`` of the other seats.
CASH = 3
# Not a level offered at the table either: ``normal`` wary of a moon, stopping
# it once one seat holds every point so far and ``WARY_THREAT`` or more (where
# ``normal`` waits for ``MOON_THREAT``): against IS-MCTS the expert keeps
# little of the moon edge it has against ``normal`` (``docs/bots_journal.md``);
# the expert's ``model=4`` of the other seats.
WARY = 4

CLUBS, DIAMONDS, HEARTS, SPADES = 0, 1, 2, 3
SUIT = (0x1FFF, 0x1FFF << 13, 0x1FFF << 26, 0x1FFF << 39)
HEARTS_MASK = 0x1FFF << 26
SPADES_MASK = 0x1FFF << 39
QS = 49  # queen of spades: suit 3 * 13 + rank 10
KS = 50
AS = 51
JD = 22  # jack of diamonds: suit 1 * 13 + rank 9
QS_BIT = 1 << QS
HIGH_SPADES = (1 << KS) | (1 << AS)
PASS_BIT = 1 << 52
# A seat with all the points so far and at least this many is trying the moon
# (for ``WARY``, the second).
MOON_THREAT = 8
WARY_THREAT = 4


def _high(m: int) -> int:
    return m.bit_length() - 1


def _low(m: int) -> int:
    return (m & -m).bit_length() - 1


def trick_points(trick: Sequence[int], n: int) -> int:
    """Hearts-and-queen points in the first ``n`` cards of ``trick``."""
    p = 0
    for i in range(n):
        c = trick[i]
        if c == QS:
            p += 13
        elif c // 13 == HEARTS:
            p += 1
    return p


def trick_winner(trick: Sequence[int], leader: int) -> int:
    """The seat that takes a whole trick (four cards, led by ``leader``): the
    highest card of the suit led."""
    led = trick[0] // 13
    best = trick[0]
    bi = 0
    for i in range(1, 4):
        if trick[i] // 13 == led and trick[i] > best:
            best = trick[i]
            bi = i
    return (leader + bi) & 3


def moon_seat(pts: Sequence[int]) -> int:
    """The seat holding every point taken so far (at least one), or -1."""
    seat = -1
    for s in range(4):
        if pts[s] > 0:
            if seat >= 0:
                return -1
            seat = s
    return seat


def rule_card(me: int, hand: int, legal: int, trick: Sequence[int], n: int, leader: int,
              out: int, pts: Sequence[int], first: bool, level: int, jack: bool,
              scores: Sequence[int], target: int) -> int:
    """The card the rules choose.

    ``hand`` and ``legal`` are masks; ``trick`` holds the ``n`` cards of the
    trick in progress led by ``leader``; ``out`` the cards still held by the
    other seats (the unseen cards); ``pts`` the hearts-and-queen points each
    seat has taken; ``first`` whether this is the first trick.
    """
    if legal & (legal - 1) == 0:
        return _low(legal)
    if level == EASY:
        return _easy_card(legal, trick, n)
    shooter = moon_seat(pts)
    moons = level != AVOID
    shooting = moons and shooter == me and _can_shoot(me, hand, out, pts)
    threat = moons and shooter >= 0 and shooter != me and pts[shooter] >= (
        WARY_THREAT if level == WARY else MOON_THREAT)
    if n == 0:
        return _lead(hand, legal, out, shooting, threat, jack, level == CASH)
    led = trick[0] // 13
    best = trick[0]
    bi = 0
    for i in range(1, n):
        c = trick[i]
        if c // 13 == led and c > best:
            best = c
            bi = i
    win_seat = (leader + bi) & 3
    tpts = trick_points(trick, n)
    jack_in = False
    if jack:
        for i in range(n):
            if trick[i] == JD:
                jack_in = True
    if legal & SUIT[led]:
        return _follow(hand, legal, led, best, n, out, tpts, first, shooting, threat,
                       win_seat == shooter, jack, jack_in, level == AVOID)
    return _discard(me, hand, legal, out, shooting, threat and win_seat == shooter, win_seat,
                    jack, scores, target)


def _easy_card(legal: int, trick: Sequence[int], n: int) -> int:
    if n == 0:
        # The lowest card by rank (clubs first among equals).
        best = -1
        m = legal
        while m:
            c = _low(m)
            m &= m - 1
            if best < 0 or c % 13 < best % 13:
                best = c
        return best
    led = trick[0] // 13
    top = trick[0]
    for i in range(1, n):
        if trick[i] // 13 == led and trick[i] > top:
            top = trick[i]
    if legal & SUIT[led]:
        under = legal & ((1 << top) - 1)
        return _high(under) if under else _low(legal)
    if legal & QS_BIT:
        return QS
    if legal & HEARTS_MASK:
        return _high(legal & HEARTS_MASK)
    return _highest_rank(legal)


def _highest_rank(m: int) -> int:
    best = -1
    while m:
        c = _low(m)
        m &= m - 1
        if best < 0 or c % 13 >= best % 13:
            best = c
    return best


def _can_shoot(me: int, hand: int, out: int, pts: Sequence[int]) -> bool:
    """Worth going for the moon: this seat has every point so far, the queen
    among them or in hand, and its hearts top the hearts still out."""
    if pts[me] < 14 and not (pts[me] >= 6 and hand & QS_BIT):
        return False
    out_hearts = out & HEARTS_MASK
    if not out_hearts:
        return True
    mine = hand & HEARTS_MASK
    if not mine:
        return False
    # every heart out must fall under one of ours
    return _high(mine) > _high(out_hearts) and mine.bit_count() * 2 >= out_hearts.bit_count()


def _lead(hand: int, legal: int, out: int, shooting: bool, threat: bool, jack: bool,
          cash: bool = False) -> int:
    if shooting:
        # Cash masters, hearts last so the others follow with theirs.
        best = -1
        best_key = -1
        m = legal
        while m:
            c = _low(m)
            m &= m - 1
            s = c // 13
            master = not out & SUIT[s] & ~((2 << c) - 1)
            key = (2 if master else 0) * 100 + (1 if s != HEARTS else 0) * 50 + c % 13
            if key > best_key:
                best_key = key
                best = c
        return best
    if threat and legal & HEARTS_MASK:
        top = _high(legal & HEARTS_MASK)
        if not out & HEARTS_MASK & ~((2 << top) - 1):
            return top  # a master heart wins a trick with a heart in it
    best = -1
    best_score = -100000
    for s in range(4):
        mine = legal & SUIT[s]
        if not mine:
            continue
        c = _low(mine)
        suit_out = out & SUIT[s]
        higher = (suit_out & ~((2 << c) - 1)).bit_count()
        lower = (suit_out & ((1 << c) - 1)).bit_count()
        if not suit_out:
            score = -300  # everyone void: they dump their points on it
        elif higher == 0:
            score = -150 + suit_out.bit_count()
        else:
            score = 10 * higher - 12 * lower
            if lower == 0:
                score += 40  # cannot win it
        if s == SPADES:
            if hand & QS_BIT:
                score -= 120
            elif out & QS_BIT:
                if hand & HIGH_SPADES:
                    score -= 80
                elif c < QS:
                    score += 60  # smoke out the queen
        elif s == HEARTS:
            score -= 5
        elif s == DIAMONDS and jack and hand & (1 << JD) and c == JD:
            score -= 30
        score += 6 * (6 - (hand & SUIT[s]).bit_count())
        if score > best_score:
            best_score = score
            best = c
    if cash and best // 13 in (CLUBS, DIAMONDS) and (out & SUIT[best // 13]).bit_count() >= 6:
        return _high(legal & SUIT[best // 13])
    return best


def _follow(hand: int, legal: int, led: int, best: int, n: int, out: int, tpts: int,
            first: bool, shooting: bool, threat: bool, shooter_winning: bool, jack: bool,
            jack_in: bool, duck_low: bool = False) -> int:
    above = legal & ~((2 << best) - 1)
    under = legal & ((1 << best) - 1)
    if first:
        return _high(legal)  # no points can fall on the first trick
    if shooting:
        return _high(above) if above else _low(legal)
    if threat and tpts > 0 and above and shooter_winning:
        return _high(above)  # take a point to stop the moon
    if jack:
        jd = 1 << JD
        if led == DIAMONDS and tpts < 4 and (jack_in or legal & jd):
            # win the jack cheaply when nothing higher can still come
            later_higher = out & SUIT[DIAMONDS] & ~((2 << _high(legal)) - 1)
            if above and (n == 3 or not later_higher):
                if legal & jd and jd & above and (n == 3 or not out & ~((2 << JD) - 1) & SUIT[1]):
                    return JD
                return _high(above)
    if under:
        if led == SPADES and under & QS_BIT:
            return QS  # the queen under the ace or king
        return _low(under) if duck_low else _high(under)
    # Every card wins so far.
    if n == 3:
        if jack and above >> JD & 1:
            return JD  # the trick is ours anyway: take the jack with it
        safe = above & ~QS_BIT
        return _high(safe) if safe else _high(above)
    suit_out = out & SUIT[led]
    if led == SPADES:
        low = above & ~QS_BIT & ~HIGH_SPADES
        if out & QS_BIT and low:
            return _low(low)
        if not (out & QS_BIT) and above & ~QS_BIT:
            return _high(above & ~QS_BIT)  # the queen is gone: high spades are safe
        return _low(above & ~QS_BIT) if above & ~QS_BIT else QS
    if tpts == 0 and led != HEARTS and suit_out.bit_count() >= 7:
        return _high(legal)  # early in the suit: cash the high card while all follow
    return _low(legal)


def _discard(me: int, hand: int, legal: int, out: int, shooting: bool, feeding_shooter: bool,
             win_seat: int, jack: bool, scores: Sequence[int], target: int) -> int:
    jd = (1 << JD) if jack else 0
    if shooting:
        # keep hearts and masters: throw the lowest of a side suit
        side = legal & ~HEARTS_MASK & ~QS_BIT & ~jd
        return _low(side) if side else _low(legal)
    if feeding_shooter:
        safe = legal & ~HEARTS_MASK & ~QS_BIT
        if safe:
            return _highest_rank(safe)
        return _low(legal)
    if legal & QS_BIT:
        return QS
    if legal & HIGH_SPADES and out & QS_BIT:
        return _high(legal & HIGH_SPADES)
    hearts = legal & HEARTS_MASK
    if hearts and (_high(hearts) % 13 >= 6 or not legal & ~HEARTS_MASK):
        return _high(hearts)
    # Playing to the score: the lowest seat feeds the leader near the target.
    if hearts and target > 0:
        low = min(scores)
        top = max(scores)
        if scores[me] == low and scores[win_seat] == top and top + 3 >= target:
            return _high(hearts)
    rest = legal & ~jd if legal & ~jd else legal
    # the highest card, from the shortest suit among ties
    best = -1
    best_key = -1
    m = rest
    while m:
        c = _low(m)
        m &= m - 1
        key = (c % 13) * 16 + 13 - (hand & SUIT[c // 13]).bit_count()
        if c // 13 == HEARTS:
            key += 2
        if key > best_key:
            best_key = key
            best = c
    return best


# --- passing -----------------------------------------------------------------


def pass_danger(hand: int, jack: bool = False) -> list[int]:
    """How much each of the 52 cards is worth passing (cards not held: -1)."""
    danger = [-1] * 52
    low_spades = (hand & SPADES_MASK & ((1 << QS) - 1)).bit_count()
    has_queen = hand & QS_BIT != 0
    keep_queen = has_queen and low_spades >= 4
    for c in range(52):
        if not hand >> c & 1:
            continue
        s = c // 13
        r = c % 13
        length = (hand & SUIT[s]).bit_count()
        if c == QS:
            d = 10 if keep_queen else 200
        elif c in (KS, AS):
            if keep_queen:
                d = 20
            elif has_queen:
                d = 150  # the queen goes too: keep no spade above the low ones
            else:
                d = 160 if low_spades < 3 else 60
        elif s == SPADES:
            d = -50  # low spades guard against the queen
        elif s == HEARTS:
            d = 8 * r if r >= 7 else r
        else:
            d = 6 * r
            if length <= 2 and not (s == CLUBS and hand & 1 and length == 1):
                d += 60 - 10 * length  # make a void
            elif length == 3:
                d += 12
            if jack and s == DIAMONDS and r >= 9:
                d = -10  # the jack and cards that capture it stay
        danger[c] = d
    return danger


def choose_pass(hand: int, level: int, jack: bool = False) -> int:
    """The three cards to pass (a mask)."""
    if level == EASY:
        cards = sorted(range(52), key=lambda c: (c % 13, c // 13), reverse=True)
        picked = [c for c in cards if hand >> c & 1][:3]
        return (1 << picked[0]) | (1 << picked[1]) | (1 << picked[2])
    danger = pass_danger(hand, jack)
    order = sorted((c for c in range(52) if danger[c] >= -50), key=lambda c: (-danger[c], c))
    mask = 0
    for c in order[:3]:
        mask |= 1 << c
    return mask


# --- the observation ----------------------------------------------------------


def taken_by_seat(plays: Sequence[int], played_by: Sequence[int]) -> list[int]:
    """The cards each seat has taken in the finished tricks (public)."""
    taken = [0, 0, 0, 0]
    full = len(plays) - len(plays) % 4
    for t in range(0, full, 4):
        led = plays[t] // 13
        best = plays[t]
        for i in range(t + 1, t + 4):
            if plays[i] // 13 == led and plays[i] > best:
                best = plays[i]
        m = (1 << plays[t]) | (1 << plays[t + 1]) | (1 << plays[t + 2]) | (1 << plays[t + 3])
        for s in range(4):
            if played_by[s] >> best & 1:
                taken[s] |= m
    return taken


def penalty(m: int) -> int:
    return (m & HEARTS_MASK).bit_count() + (13 if m & QS_BIT else 0)


def legal_cards(hand: int, trick: list[int], n: int, first: bool, broken: bool) -> int:
    """The cards ``hand`` may play to ``trick`` (its first ``n`` cards): follow
    suit; no point on the first trick unless nothing else is held; the 2 of
    clubs leads it; no heart led before hearts are ``broken`` unless only
    hearts are held."""
    if n > 0:
        m = hand & SUIT[trick[0] // 13]
        if m:
            return m
        if first:
            m = hand & ~(HEARTS_MASK | (1 << QS))
            if m:
                return m
        return hand
    if first and hand & 1:
        return 1
    if not broken:
        m = hand & ~HEARTS_MASK
        if m:
            return m
    return hand


def alike(a: int, b: int, sep: int, jack: bool) -> bool:
    """Whether cards ``a`` and ``b`` are the same card to the seat that holds
    them: one suit, no card of ``sep`` between them, neither the queen of
    spades nor (when it counts) the jack of diamonds."""
    if a == b:
        return True
    lo = min(a, b)
    hi = max(a, b)
    if lo // 13 != hi // 13 or lo == QS or hi == QS or (jack and (lo == JD or hi == JD)):
        return False
    between = ((1 << hi) - 1) & ~((2 << lo) - 1)
    return not sep & between


def observed_card(obs: Any, legal: int, level: int) -> int:
    """:func:`rule_card` fed from an observation."""
    taken = taken_by_seat(obs.plays, obs.played_by)
    pts = [penalty(t) for t in taken]
    trick = tuple(obs.trick)
    out = FULL_DECK & ~obs.played & ~obs.hand
    return rule_card(obs.seat, obs.hand, legal, trick, len(trick), obs.leader, out, pts,
                     len(obs.plays) < 4, level, obs.options.jack_of_diamonds, obs.scores,
                     obs.options.target)


class HeartsRuleBot:
    """The ``easy`` or ``normal`` Hearts bot. ``seed`` is accepted for the
    common interface; the rules are deterministic."""

    def __init__(self, level: str = "normal", seed: int = 0) -> None:
        if level not in ("easy", "normal"):
            raise ValueError(f"no rule-based Hearts level {level!r}")
        self.name = level
        self.level = EASY if level == "easy" else NORMAL
        self.rng = Rng(seed)

    def choose(self, observation: Any, legal_actions: Sequence[int]) -> int:
        obs = observation
        if not legal_actions:
            raise ValueError("no legal action to choose from")
        if obs.passing:
            mask = choose_pass(obs.hand, self.level, obs.options.jack_of_diamonds)
            action = PASS_BIT | mask
            return action if action in legal_actions else legal_actions[0]
        legal = 0
        for c in legal_actions:
            legal |= 1 << c
        return observed_card(obs, legal, self.level)


def _easy(seed: int = 0) -> HeartsRuleBot:
    return HeartsRuleBot("easy", seed)


def _normal(seed: int = 0) -> HeartsRuleBot:
    return HeartsRuleBot("normal", seed)


register_bot("hearts", "easy", _easy)
register_bot("hearts", "normal", _normal)
