"""``parlour.client`` and ``parlour join``: a bot from outside the package plays
a whole game at a table of a person and bots on a real ``parlour serve``, and
comes back by itself when the server restarts in the middle; the observation
it is given is the engine's own, field for field; bad input is one line and
exit status 2.

The bot seated by ``parlour join`` is :class:`LowestCard` below (this module is
imported by the ``parlour join`` subprocess: ``--bot test_client:LowestCard``).
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import threading
import urllib.request
from collections.abc import Iterator, Sequence
from http.cookiejar import CookieJar
from pathlib import Path
from typing import Any

import pytest
from websockets.sync.client import connect

from parlour.cards import parse_card
from parlour.cli import main
from parlour.client import ClientError, TableClient, legal_from_view, observation_from_view
from parlour.records import replay
from parlour.server.games import check_options, new_state, trick_view
from parlour.spades import SpadesHand, SpadesObservation
from services import Server, free_port

TESTS = Path(__file__).resolve().parent
REPO = TESTS.parent
BID = "bid 3"


class LowestCard:
    """Bids 3, then plays its lowest legal card; checks it is given a real
    observation (its own cards, the engine's action ints) on the way."""

    name = "LowBot"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def choose(self, observation: Any, legal_actions: Sequence[int]) -> int:
        assert isinstance(observation, SpadesObservation), type(observation)
        cards = [a for a in legal_actions if a < 52]
        if not cards:
            return 55  # bid 3
        assert all(observation.hand >> c & 1 for c in cards)
        return min(cards)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    running = Server(tmp_path_factory.mktemp("client"))
    running.start()
    yield running
    running.stop()


class Host:
    """A person hosting a table over HTTP (their cookie kept, as a browser does)."""

    def __init__(self, server: Server) -> None:
        self.url = server.url
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(CookieJar()))

    def post(self, path: str, body: dict[str, Any]) -> dict[str, Any]:
        request = urllib.request.Request(self.url + path, data=json.dumps(body).encode(),
                                         headers={"content-type": "application/json"})
        with self.opener.open(request, timeout=10) as answer:
            reply: dict[str, Any] = json.loads(answer.read())
            return reply

    def open_table(self) -> dict[str, Any]:
        self.post("/api/me", {"name": "Ada"})
        return self.post("/api/tables", {
            "game": "spades", "level": "easy", "options": {"target": 50, "mercy": -200},
            "friends": {"grace": 300}})

    def record(self, table: str, token: str) -> dict[str, Any]:
        request = urllib.request.Request(f"{self.url}/api/tables/{table}/record",
                                         headers={"authorization": f"Bearer {token}"})
        with self.opener.open(request, timeout=10) as answer:
            reply: dict[str, Any] = json.loads(answer.read())
            return reply


def start_when_seated(server: Server, table: dict[str, Any], seat: int) -> None:
    """The host's socket: waits until someone is seated and connected in
    ``seat``, then starts the game."""
    with connect(f"ws://127.0.0.1:{server.port}/ws/{table['table']}", open_timeout=10) as ws:
        ws.send(json.dumps({"type": "hello", "token": table["token"], "version": None}))
        while True:
            message = json.loads(ws.recv(timeout=30))
            if message["type"] != "view":
                continue
            there = message["view"]["seats"][seat]
            if there["person"] and there["connected"]:
                ws.send(json.dumps({"type": "start"}))
                return


def test_join_seats_an_outside_bot_for_two_games_through_a_restart(server: Server) -> None:
    host = Host(server)
    table = host.open_table()
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(
        [str(REPO / "src"), str(TESTS), os.environ.get("PYTHONPATH", "")])}
    joined = subprocess.Popen(
        [sys.executable, "-W", "ignore", "-m", "parlour.cli", "join", table["code"].lower(),
         "--server", server.url, "--bot", "test_client:LowestCard", "--seat", "0",
         "--games", "2"],
        cwd=TESTS, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        start_when_seated(server, table, 0)
        # The host's own seat is played by the library's client too; halfway
        # through the first hand the server is stopped and started again.
        hosting = TableClient(server.url, table["table"], table["token"], 2, "spades", "Ada")
        restarted = threading.Event()

        def restart_once(view: dict[str, Any]) -> None:
            if not restarted.is_set() and len(view.get("actions", [])) >= 20:
                restarted.set()
                server.stop()
                server.start()

        final = hosting.play(LowestCard(), games=2, on_view=restart_once)
        out, err = joined.communicate(timeout=60)
    finally:
        if joined.poll() is None:
            joined.kill()
            joined.communicate()
    assert restarted.is_set()
    # Both said yes to a rematch and followed it to the next table.
    assert final["over"] and final["table"] != table["table"]
    assert final["seats"][0]["name"] == "LowBot", final["seats"]
    assert joined.returncode == 0, err
    lines = out.splitlines()
    assert lines[0].startswith("Seated as LowBot in North's seat"), out
    assert any(line.startswith("Hand 1: NS ") for line in lines), out
    ends = [line for line in lines if line.startswith("Game over: ")]
    won = "win" if 0 in final["over"]["seats"] else "lose"
    assert len(ends) == 2 and lines[-1] == f"Game over: {final['over']['winner']} (you {won}).", out
    # North's every bid and card were LowestCard's: nobody stood in for it (but
    # the table itself, playing out the tricks left once one seat takes them all).
    record = host.record(table["table"], table["token"])
    steps = replay(record).steps
    chose = _chosen_steps(record)
    north = [step for n, step in enumerate(steps) if step["actor"] == 0 and chose[n]]
    assert north and all(
        step["action"] == BID if step["action"].startswith("bid") else
        parse_card(step["action"].split()[1]) == min(parse_card(a.split()[1])
                                                     for a in step["legal"])
        for step in north)


def _chosen_steps(record: dict[str, Any]) -> list[bool]:
    """For each action of a Spades record: whether its seat chose it (false once
    the hand had nothing left to play for, when the table plays the rest)."""
    out = []
    for entry in record["hands"]:
        deal = [sum(1 << parse_card(c) for c in cards) for cards in entry["deal"]]
        hand = SpadesHand(deal, entry["dealer"])
        for text in entry["actions"]:
            out.append(not hand.nothing_to_play_for())
            hand.apply(hand.parse_action(text))
    return out


@pytest.mark.parametrize("game", ["spades", "hearts"])
def test_the_view_gives_back_the_engines_own_observation(game: str) -> None:
    # Random Spades bids are mostly set, so a mercy rule ends the game too.
    options = check_options(game, {"target": 60, **({"mercy": -100} if game == "spades" else {})})
    for seed in range(4):
        state = new_state(game, options, seed)
        rng = random.Random(seed)
        for _ in range(500):
            if state.is_terminal():
                break
            for seat in range(4):
                view = trick_view(game, state, seat)
                view["options"] = options  # as a table's view gives them
                assert observation_from_view(view) == state.observation(seat)
                if view["legal"]:
                    assert legal_from_view(view) == list(state.legal_actions())
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])


def one_line_exit_2(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    assert main(["join", *argv]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("parlour join: "), err
    return err


def test_bad_input_is_one_line_and_status_2(server: Server,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    assert "no table is waiting with the code ZZZ222" in one_line_exit_2(
        capsys, "ZZZ222", "--server", server.url, "--bot", "normal")
    assert "neither an invite code" in one_line_exit_2(capsys, "K7QF30")
    nobody = f"http://127.0.0.1:{free_port()}"
    assert f"cannot reach the server at {nobody}" in one_line_exit_2(
        capsys, "K7QF3M", "--server", nobody)
    assert "there is no table with this link" in one_line_exit_2(
        capsys, f"{server.url}/spades/nosuchtable")
    code = Host(server).open_table()["code"]
    for bot, reason in (("no_such_module:make", "cannot import no_such_module"),
                        ("parlour.bots.base:nowhere", "parlour.bots.base has no nowhere"),
                        ("json:dumps", "dumps() failed"),
                        ("grandmaster", "no spades bot 'grandmaster'")):
        assert reason in one_line_exit_2(capsys, code, "--server", server.url, "--bot", bot)
    with pytest.raises(ClientError, match="every seat is taken|that seat is taken"):
        TableClient.join(server.url, code=code, seat=2)  # the host's


class Script:
    """A socket that hands out the messages given and keeps what is sent."""

    def __init__(self, *incoming: dict[str, Any]) -> None:
        self.incoming = [json.dumps(m) for m in incoming]
        self.sent: list[dict[str, Any]] = []

    def send(self, text: str) -> None:
        self.sent.append(json.loads(text))

    def recv(self, timeout: float | None = None) -> str:
        if self.incoming:
            return self.incoming.pop(0)
        if timeout == 0:
            raise TimeoutError
        raise EOFError("the script is over")


def spades_view(state: Any, version: int) -> dict[str, Any]:
    view = trick_view("spades", state, 1)
    view.update(version=version, table="t", status="playing")
    return {"type": "view", "version": version, "view": view}


def test_a_dropped_action_is_sent_again_with_its_id_and_stale_views_are_not_acted_on() -> None:
    state = new_state("spades", check_options("spades", {}), 3, first_dealer=0)
    client = TableClient("http://127.0.0.1:1", "t", "token", 1, "spades")
    # The catch-up after a hello: a view missed, where East was to bid, then the
    # current one, where East leads: only the current one is acted on.
    missed = spades_view(state, 0)
    for bid in (3, 2, 4, 1):
        state.apply(state.parse_action(f"bid {bid}"))
    socket = Script(missed, spades_view(state, 4))
    with pytest.raises(EOFError):
        client._session(socket, LowestCard(), None, last=True)
    hello, act = socket.sent
    assert hello == {"type": "hello", "token": "token", "version": None}
    lowest = min(state.legal_actions())
    assert act == {"type": "act", "version": 4, "action": state.action_to_string(lowest),
                   "id": act["id"]} and act["id"]
    # The connection drops before the answer: the next one says the last version
    # seen and sends the same action, the same id, before anything else.
    again = Script(spades_view(state, 4))
    with pytest.raises(EOFError):
        client._session(again, LowestCard(), None, last=True)
    assert again.sent == [{"type": "hello", "token": "token", "version": 4}, act]


def test_a_token_that_is_not_the_tables_ends_play_with_the_reason(server: Server) -> None:
    table = Host(server).open_table()
    client = TableClient(server.url, table["table"], "not-a-token", 0, "spades")
    with pytest.raises(ClientError, match="that seat token is not for this table"):
        client.play(LowestCard())


def test_without_a_bot_you_play_from_the_terminal_with_the_engines_reasons() -> None:
    from parlour.commands.join import _Terminal
    from parlour.terminal import Console

    state = new_state("spades", check_options("spades", {}), 5, first_dealer=0)
    for bid in (3, 2, 4, 1):
        state.apply(state.parse_action(f"bid {bid}"))
    view = trick_view("spades", state, 1)  # East leads, holding A♠ and no other spade
    typed = iter(["AS", "2h"])
    shown: list[str] = []
    you = _Terminal("spades", Console(lambda prompt: shown.append(prompt) or next(typed),
                                      shown.append))
    action = you.choose(observation_from_view(view), legal_from_view(view))
    assert state.action_to_string(action) == "play 2H"
    assert "Your hand: ♠ A  ♥ Q J 5 2  ♦ A Q 10 7 6 5 2  ♣ 5" in "\n".join(shown)
    assert "  Not allowed: spades are not broken." in shown
    assert shown.count("Your card to lead> ") == 2
