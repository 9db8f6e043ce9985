"""What a browser meets over HTTP: an unknown address gets the site's own page
with a way home (the API keeps its JSON), and "Continue a game" says where each
game stands (the hand and the score), not how many actions the bots made."""

from __future__ import annotations

from pathlib import Path

import pytest
from starlette.testclient import TestClient

from parlour.server.app import Settings, create_app
from parlour.server.store import Store


@pytest.fixture
def client(tmp_path: Path) -> TestClient:
    app = create_app(Settings(f"sqlite:///{tmp_path / 'parlour.db'}", bot_delay=30.0,
                              workers=1))
    with TestClient(app) as client:
        yield client


@pytest.mark.parametrize("path", ["/nosuchpage", "/rules/chess", "/stats/extra", "/a/b/c"])
def test_an_unknown_page_is_the_sites_own_with_a_way_home(client: TestClient,
                                                          path: str) -> None:
    answer = client.get(path)
    assert answer.status_code == 404
    assert answer.headers["content-type"].startswith("text/html")
    assert "<h1>No such page</h1>" in answer.text
    assert 'href="/"' in answer.text and "/static/base.css" in answer.text


def test_the_api_and_static_files_keep_their_own_404(client: TestClient) -> None:
    api = client.get("/api/nothing-here")
    assert api.status_code == 404 and "error" in api.json()
    table = client.get("/api/tables/nosuch/record")
    assert table.status_code == 404 and table.json() == {"error": "no such table of yours"}
    static = client.get("/static/nosuch.js")
    assert static.status_code == 404 and "<html" not in static.text


def _new_table(client: TestClient, game: str, **options: object) -> str:
    answer = client.post("/api/tables", json={"game": game, "level": "easy",
                                              "options": options, "seed": 5})
    assert answer.status_code == 200, answer.text
    table: str = answer.json()["table"]
    TOKENS[table] = answer.json()["token"]
    return table


TOKENS: dict[str, str] = {}  # each table's seat token, as its browser keeps it


def _play(store: Store, table_id: str, until: int) -> list[int]:
    """Plays the first legal action for every seat until hand ``until`` starts;
    the scores then."""
    table = store.load_table(table_id)
    assert table is not None
    state = table.state
    while len(state.hands) < until:
        seat = table.to_act()
        assert seat is not None
        move = table.attempt(seat, state.action_to_string(state.legal_actions()[0]),
                             table.version)
        store.append(table_id, move, table.result(move.state))
        table.commit(move)
        state = table.state
    return list(state.scores)


def _summaries(client: TestClient) -> dict[str, str]:
    return {row["table"]: row["summary"] for row in client.get("/api/tables").json()}


def test_continue_a_game_says_the_hand_and_the_score(client: TestClient,
                                                     tmp_path: Path) -> None:
    store = Store(f"sqlite:///{tmp_path / 'parlour.db'}")
    spades = _new_table(client, "spades")
    hearts = _new_table(client, "hearts")
    klondike = _new_table(client, "klondike", draw=3)
    assert _summaries(client) == {spades: "hand 1, your side 0 to 0",
                                  hearts: "hand 1, you 0 points",
                                  klondike: "draw 3, a fresh deal"}

    ours, theirs = _play(store, spades, until=3)  # South sits with North: side 0
    hearts_scores = _play(store, hearts, until=2)
    summaries = _summaries(client)  # tables not open here: replayed from the store
    assert summaries[spades] == f"hand 3, your side {ours} to {theirs}"
    south = hearts_scores[2]
    assert summaries[hearts] == f"hand 2, you {south} point{'' if south == 1 else 's'}"

    # An open table (a socket on it) is read as it is, and says the same.
    with client.websocket_connect(f"/ws/{spades}") as ws:
        ws.send_json({"type": "hello", "token": TOKENS[spades]})
        assert ws.receive_json()["view"]["hand_number"] == 3
        assert _summaries(client)[spades] == summaries[spades]
