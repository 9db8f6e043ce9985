"""Helpers shared by the tests."""

from __future__ import annotations

import asyncio
import json
import re
import threading
from collections.abc import Coroutine, Mapping, Sequence
from typing import Any

from parlour.cards import FULL_DECK, cards_of, parse_cards

CARD_CODE = re.compile(r'"([2-9TJQKA][CDHS])"')


def make_deal(partial: Mapping[int, str]) -> list[int]:
    """Four 13-card hands: the seats given get (at least) those cards, the rest
    of the pack fills the hands in seat order."""
    hands = [parse_cards(partial.get(s, "")) for s in range(4)]
    rest = list(cards_of(FULL_DECK & ~(hands[0] | hands[1] | hands[2] | hands[3])))
    for s in range(4):
        while hands[s].bit_count() < 13:
            hands[s] |= 1 << rest.pop(0)
    assert rest == [] and sum(h.bit_count() for h in hands) == 52
    return hands


def scan(frames: Sequence[Sequence[dict[str, Any]]]) -> int:
    """Every view in every connection's frames (the four seats' first) against
    every other seat's hand at that version: no card anyone holds is named to
    another. The number of views checked."""
    hands: dict[tuple[int, int], set[str]] = {}  # (version, seat) -> its cards unplayed
    for seen in frames[:4]:
        for frame in seen:
            if frame["type"] == "view" and frame["view"].get("status") != "waiting":
                hands[(frame["version"], frame["view"]["seat"])] = set(frame["view"]["hand"])
    checked = 0
    for seen in frames:
        for frame in seen:
            if frame["type"] != "view" or frame["view"].get("status") == "waiting":
                continue
            view = frame["view"]
            # The draw is face up; until a new hand's first trick is taken the
            # view shows the last trick of the hand before (its cards dealt again).
            played = 52 - sum(view.get("cards_left", [0]))
            fresh = played - len(view.get("trick", [])) < 4
            public = {k: v for k, v in view.items()
                      if k != "draw" and not (fresh and k == "last_trick")}
            named = set(CARD_CODE.findall(json.dumps(public)))
            others: set[str] = set()
            for seat in range(4):
                if seat != view["seat"]:
                    others |= hands.get((frame["version"], seat), set())
            known = set(view.get("passed", []))  # your own pass, in the receiver's hand
            leaked = (named & others) - known
            assert not leaked, (view["seat"], frame["version"], sorted(leaked))
            checked += 1
    return checked


def run_async(main: Coroutine[Any, Any, Any]) -> Any:
    """``asyncio.run`` in a thread of its own: the browser tests' Playwright keeps
    an event loop running in the main thread for the whole session."""
    out: dict[str, Any] = {}

    def go() -> None:
        try:
            out["result"] = asyncio.run(main)
        except BaseException as e:  # (raised again in the test's thread)
            out["error"] = e

    worker = threading.Thread(target=go)
    worker.start()
    worker.join()
    if "error" in out:
        raise out["error"]
    return out.get("result")
