"""Hand review through the HTTP API: a person's finished hand is judged in the
worker pool, with progress while it runs, then stored, so a second look (or
one after a restart) is instant; only the seat's own decisions, and only a
finished hand of a table of theirs."""

from __future__ import annotations

import time
from typing import Any

import pytest
from starlette.testclient import TestClient

from test_server_app import auth, client_for, connect, new_table, play_hand, stored_actions


def reviewed(client: TestClient, table: str, hand: int) -> tuple[dict[str, Any], list[int]]:
    """Ask until the review is made; also the progress seen on the way."""
    seen: list[int] = []
    deadline = time.monotonic() + 300  # a guard against a hang, not a wait for time
    while time.monotonic() < deadline:
        answer = client.get(f"/api/tables/{table}/hands/{hand}/review", headers=auth(table))
        body = answer.json()
        if body["status"] == "done":
            assert answer.status_code == 200
            return body["review"], seen
        assert answer.status_code == 202 and body["status"] == "running", body
        assert 0 <= body["done"] <= body["total"]
        seen.append(body["done"])
        time.sleep(0.05)
    raise AssertionError("the review never finished")


@pytest.mark.parametrize("game", ["spades", "hearts"])
def test_a_finished_hand_is_reviewed_decision_by_decision(game: str, db: str) -> None:
    with client_for(db) as client:
        table = new_table(client, game, seed=11, pace="fast")
        with connect(client, table) as ws:
            view = play_hand(ws)
        me = view["seat"]
        review, progress = reviewed(client, table, 1)
        assert progress and progress == sorted(progress)  # it counted up
        assert review["hand"] == 1 and review["seat"] == me
        # All four hands as dealt, and every trick with its four cards and winner.
        assert sorted(len(cards) for cards in review["deal"]) == [13] * 4
        assert len(review["tricks"]) == 13
        assert all(len(t["cards"]) == 4 and 0 <= t["winner"] < 4 for t in review["tricks"])
        played = {c for t in review["tricks"] for c in t["cards"]}
        assert played == {c for cards in review["deal"] for c in cards}
        # Each decision judged is one the person made, and among the choices valued.
        stored = stored_actions(db, table)
        assert review["decisions"]
        for d in review["decisions"]:
            action = stored[d["index"]]  # the first hand's actions come first
            assert d["chosen"] in (action, action.split(" ", 1)[1])
            assert d["best"] in [c["action"] for c in d["choices"]]
            assert d["cost"] >= 0
            # A card the expert plays without search (the queen dumped, a moon
            # stopped) makes any other a mistake, whatever the sampled deals cost it.
            assert d["mistake"] == (d["sure"] or (d["cost"] > review["threshold"]
                                                  and d["best"] != d["chosen"]))
            if d["mistake"]:
                assert ("a strong player does not play" if d["sure"] else "cost about") in d["text"]
                assert f"the expert {'plays' if d['kind'] == 'card' else 'passes'}" in d["text"]
        assert review["line"].startswith("Your decisions")
        # The second look is the stored review, at once.
        again = client.get(f"/api/tables/{table}/hands/1/review", headers=auth(table))
        assert again.status_code == 200 and again.json()["review"] == review
    with client_for(db) as restarted:
        after = restarted.get(f"/api/tables/{table}/hands/1/review", headers=auth(table))
        assert after.status_code == 200 and after.json()["review"] == review


def test_a_review_is_for_a_finished_hand_of_ones_own(db: str) -> None:
    with client_for(db, bot_delay=30.0) as client:
        table = new_table(client, "hearts", seed=3)
        url = f"/api/tables/{table}/hands/1/review"
        assert client.get(url).status_code == 404  # without the seat's token
        unfinished = client.get(url, headers=auth(table))
        assert unfinished.status_code == 409 and "not over" in unfinished.json()["error"]
        bad = client.get(f"/api/tables/{table}/hands/first/review", headers=auth(table))
        assert bad.status_code == 400 and "number" in bad.json()["error"]
        solitaire = new_table(client, "klondike")
        other = client.get(f"/api/tables/{solitaire}/hands/1/review", headers=auth(solitaire))
        assert other.status_code == 400 and "Spades and Hearts" in other.json()["error"]


@pytest.mark.parametrize("game", ["hearts", "spades"])
def test_cards_the_table_plays_itself_are_not_judged(game: str) -> None:
    # once nothing is left to play for (every heart and the queen taken, or one
    # seat sure to take every trick left) the table plays the rest of the hand
    # itself, whoever holds the cards: the review judges only the seat's turns
    # before that, never a card it did not choose
    from parlour.bots.review import Plan
    from parlour.games.hearts import HeartsGame, HeartsOptions
    from parlour.games.spades import SpadesGame, SpadesOptions

    def start() -> Any:
        return HeartsGame(HeartsOptions(), 11, 0) if game == "hearts" else SpadesGame(
            SpadesOptions(), 2, 0)

    state = start()
    actions, before, after = [], [], []
    while len(state.hands) == 1 and not state.is_terminal():
        hand = state.hand
        if state.current_player() == 0:
            settled = hand.takes_the_rest() is not None or (
                game == "hearts" and hand.points_settled())
            (after if settled else before).append(len(actions))
        action = state.legal_actions()[-1]  # the highest card: the tricks go early
        actions.append(state.action_to_string(action))
        state.apply(action)
    assert after, "nothing was settled before South's last turns"
    plan = Plan.of(game, start(), actions, 1, 0)
    assert plan.decisions == before
