"""The first implementation of :func:`parlour.solvers.klondike_position.blocked` (one list
of flags a card), kept as an oracle: the bitmask version must agree with it everywhere."""

from __future__ import annotations

from parlour.solvers.klondike_position import (
    ABOVE0,
    ABOVE1,
    BELOW0,
    BELOW1,
    CARD,
    KINGS,
    PRED,
    RANK,
    SUCC,
    Position,
    reachable,
)

HOME = 1
ON_TOP = 2  # can be the top card of a pile (or taken from the talon)
LEAVES = 4  # can leave its place (with the cards on it)
HOLDS = 8  # can be the top card of a pile, for another card to lie on
IN_TALON = 16
DOWN = 32
BOTTOM = 64  # a bottom card whose leaving empties a pile (not a king)
QUEUED = 128


def blocked_reference(pos: Position, draw: int = 1) -> bool:
    """The reference answer of ``blocked``."""
    piles, found, talon, pointer = pos
    # one int of flags a card (fewer lists to build: this runs at every position searched)
    flag = [0] * 52
    above = [-1] * 52
    under = [-1] * 52
    at = [-1] * 52  # index in the talon
    for s in range(4):
        for r in range(1, found[s] + 1):
            flag[CARD[s][r]] = HOME | HOLDS | LEAVES
    empty = False
    for p in piles:
        n = len(p)
        if n == 1:
            empty = True
            continue
        down = p[0]
        for k in range(1, n):
            c = p[k]
            if k + 1 < n:
                above[c] = p[k + 1]
                under[p[k + 1]] = c
            else:
                flag[c] |= ON_TOP
            if k <= down:
                flag[c] |= DOWN
        if RANK[p[1]] != 13:
            flag[p[1]] |= BOTTOM
    # with draw 3 a talon card out of reach comes into reach only once a card before it
    # or the one just after it has been taken (until then the draws pass over it)
    n = len(talon)
    for i in range(n):
        c = talon[i]
        at[c] = i
        flag[c] |= IN_TALON | ON_TOP if draw == 1 else IN_TALON
    if draw > 1 and n:
        for i in reachable(n, pointer, draw):
            flag[talon[i]] |= ON_TOP
    first_taken = n  # cards after the first talon card taken are all in reach
    # a worklist: a card is looked at again when something it depends on changed
    work: list[int] = []
    for c in range(52):
        if not flag[c] & HOME:
            flag[c] |= QUEUED
            work.append(c)
    while work:
        c = work.pop()
        f = flag[c] & ~QUEUED
        if f & HOME:
            flag[c] = f
            continue
        if not f & ON_TOP and above[c] >= 0 and flag[above[c]] & LEAVES:
            f |= ON_TOP
        r = RANK[c]
        old = f
        if f & ON_TOP and (r == 1 or flag[PRED[c]] & HOME):
            f |= HOME | HOLDS | LEAVES
            nxt = SUCC[c]
            if nxt >= 0 and not flag[nxt] & QUEUED:
                flag[nxt] |= QUEUED
                work.append(nxt)
        else:
            placed = empty if r == 13 else bool((flag[ABOVE0[c]] | flag[ABOVE1[c]]) & HOLDS)
            if f & ON_TOP and (not f & IN_TALON or placed):
                f |= HOLDS
            if placed and not f & IN_TALON and (not f & DOWN or f & ON_TOP):
                f |= LEAVES
        flag[c] = f
        gained = f & ~old
        if not gained & (HOLDS | LEAVES):
            continue
        i = at[c]
        if i >= 0 and i < first_taken:
            # a talon card taken: the talon cards after it, and the one before, in reach
            for j in range(i - 1, first_taken):
                if j >= 0 and j != i:
                    t = talon[j]
                    if not flag[t] & ON_TOP:
                        flag[t] |= ON_TOP
                        if not flag[t] & QUEUED:
                            flag[t] |= QUEUED
                            work.append(t)
            first_taken = i
        if gained & HOLDS:
            for b in (BELOW0[c], BELOW1[c]):
                if b >= 0 and not flag[b] & QUEUED:
                    flag[b] |= QUEUED
                    work.append(b)
        if gained & LEAVES:
            b = under[c]
            if b >= 0 and not flag[b] & QUEUED:
                flag[b] |= QUEUED
                work.append(b)
            if f & BOTTOM and not empty:
                empty = True
                for k in KINGS:
                    if not flag[k] & QUEUED:
                        flag[k] |= QUEUED
                        work.append(k)
    return any(not flag[c] & HOME for c in range(52))
