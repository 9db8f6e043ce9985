"""A client for tables with friends: seat your own bot (or yourself) at a
Spades or Hearts table of ``parlour serve``, by its invite code or link.

::

    from parlour.bots import make_bot
    from parlour.client import TableClient

    client = TableClient.join("http://127.0.0.1:8000", code="K7QF3M", name="MyBot")
    final = client.play(make_bot(client.game, "normal"))
    print(final["over"]["winner"])

It speaks the table protocol of ``docs/protocol.md``: a seat taken over HTTP
(its token kept), a socket that says hello with the token and the last version
seen, and an ``act`` with the view's version and an id of its own whenever a
view has legal actions. The bot is asked as every bot is
(``bot.choose(observation, legal_actions)``): the observation is the engine's
own (:class:`~parlour.games.spades.SpadesObservation`,
:class:`~parlour.games.hearts.HeartsObservation`), built from the view, and the
legal actions are the engine's action ints. A dropped connection is reopened
with backoff and an action not yet answered is sent again with the same id
(the server applies it once); a refusal by close code (4xxx, 1008, 1009) ends
the play with its reason. At game over, asked for more than one game, it says
yes to a rematch and follows the table's ``rematch`` to the next table.

The parts without a server run here:

>>> parse_invite("k7q-f3m")
Invite(server='http://127.0.0.1:8000', code='K7QF3M', table=None)
>>> parse_invite("http://192.168.1.5:8000/spades/Qx3abc")
Invite(server='http://192.168.1.5:8000', code=None, table='Qx3abc')
"""

from __future__ import annotations

import json
import secrets
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol
from urllib.parse import quote, urlsplit

from parlour.cards import SPADES, SUIT_NAMES, parse_card, parse_cards
from parlour.games import hearts_actions, spades
from parlour.games.hearts import HeartsObservation
from parlour.games.hearts_actions import PASS_NAMES
from parlour.games.hearts_scoring import HeartsOptions
from parlour.games.spades import SpadesObservation, SpadesOptions
from parlour.games.spades_scoring import BLIND_NIL
from parlour.games.trick import trick_winner

__all__ = ["DEFAULT_SERVER", "ClientError", "Invite", "TableClient", "legal_from_view",
           "observation_from_view", "parse_invite"]

DEFAULT_SERVER = "http://127.0.0.1:8000"
GAMES = ("spades", "hearts")
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"  # as the server's: no 0/O, 1/I/L
# Seconds before each reconnect after a drop (docs/protocol.md), then every 10 s.
BACKOFF = (0.3, 0.7, 1.5, 3.0, 6.0, 10.0)
FINAL_CLOSES = (1008, 1009)  # a flood, another site, a message too big: never retried
REFUSALS = 5  # refusals of our own action at one version before we give up
# The server takes 20 messages a second from a connection (docs/protocol.md): a
# bot as quick as the machine stays under it, or a message is refused.
MIN_GAP = 1 / 15


class ClientError(Exception):
    """Why the client cannot go on, in one line for the person running it."""


class Player(Protocol):
    """A bot as :mod:`parlour.bots` makes them (or a person at the keyboard)."""

    def choose(self, observation: Any, legal_actions: Sequence[int]) -> int: ...


@dataclass(frozen=True)
class Invite:
    """Where a table is: a server and the table's invite code or its id."""

    server: str
    code: str | None = None
    table: str | None = None


def parse_invite(text: str, server: str = DEFAULT_SERVER) -> Invite:
    """An invite code (case, spaces and dashes forgiven) on ``server``, or a
    table's link (``http://host:8000/spades/TABLE``, its server included).

    >>> parse_invite("K7QF30")
    Traceback (most recent call last):
    ...
    parlour.client.ClientError: 'K7QF30' is neither an invite code (6 letters and digits, \
like K7QF3M) nor a table's link (like http://127.0.0.1:8000/spades/TABLE)
    """
    if "/" in text:
        parts = urlsplit(text.strip())
        path = [p for p in parts.path.split("/") if p]
        if parts.scheme in ("http", "https") and parts.netloc and len(path) == 2 \
                and path[0] in GAMES:
            return Invite(f"{parts.scheme}://{parts.netloc}", table=path[1])
    else:
        code = "".join(ch for ch in text.upper() if ch not in " -")
        if len(code) == 6 and all(ch in CODE_ALPHABET for ch in code):
            return Invite(server.rstrip("/"), code=code)
    raise ClientError(f"{text!r} is neither an invite code (6 letters and digits, like K7QF3M) "
                      f"nor a table's link (like {DEFAULT_SERVER}/spades/TABLE)")


# --- the view as the engine's observation ----------------------------------------


def _cards(codes: Sequence[str]) -> int:
    return parse_cards(list(codes))


def _voids(names: Sequence[Sequence[str]]) -> list[int]:
    return [sum(1 << SUIT_NAMES.index(suit) for suit in seat) for seat in names]


def _played_by(plays: Sequence[int], leader: int, trump: int) -> list[int]:
    """Who played each card, from the cards in order and the current trick's
    leader: each finished trick's winner led the next, so the leaders are
    found backwards from the last (the first lead is not in a Hearts view)."""
    out = [0, 0, 0, 0]
    done = len(plays) // 4
    for i, card in enumerate(plays[4 * done:]):
        out[(leader + i) & 3] |= 1 << card
    for t in range(done - 1, -1, -1):
        trick = tuple(plays[4 * t:4 * t + 4])
        leader = (leader - trick_winner(trick, 0, trump)) & 3
        for i, card in enumerate(trick):
            out[(leader + i) & 3] |= 1 << card
    return out


def observation_from_view(view: dict[str, Any]) -> SpadesObservation | HeartsObservation:
    """The seat's observation, the engine's own object, from a trick game's view
    (a view is ``observation(seat).to_json()`` and what is public, so nothing
    is guessed: the same observation the engine gives, field for field).

    >>> from parlour.spades import SpadesGame, SpadesOptions
    >>> game = SpadesGame(SpadesOptions(), seed=4)
    >>> for _ in range(9):
    ...     game.apply(game.legal_actions()[-1])
    >>> view = {**game.observation(1).to_json(), "legal": []}
    >>> observation_from_view(view) == game.observation(1)
    True
    """
    game = view.get("game")
    if game == "spades":
        actions = [spades.parse_action(text) for text in view["actions"]]
        plays = [a for a in actions if a < 52]
        return SpadesObservation(
            seat=view["seat"], dealer=view["dealer"],
            options=SpadesOptions.from_json(view["options"]), hand=_cards(view["hand"]),
            bids=[BLIND_NIL if b == "blind nil" else b for b in view["bids"]],
            actions=actions, trick=tuple(parse_card(c) for c in view["trick"]),
            leader=view["leader"], player=view["player"], tricks_won=list(view["tricks_won"]),
            played=_cards([c for a in view["actions"] if a.startswith("play")
                           for c in a.split()[1:]]),
            played_by=_played_by(plays, view["leader"], SPADES), voids=_voids(view["voids"]),
            spades_broken=view["spades_broken"], scores=list(view["scores"]),
            bags=list(view["bags"]), cards_left=list(view["cards_left"]))
    if game == "hearts":
        plays = [parse_card(c) for c in view["plays"]]
        pass_dir = PASS_NAMES.index(view["pass"])
        # Passes are taken in seat order, so while passing the seat to act is
        # how many have passed; after it, all four have (none in a no-pass hand).
        passes_made = view["player"] if view["passing"] else 4 if pass_dir else 0
        return HeartsObservation(
            seat=view["seat"], dealer=view["dealer"], pass_dir=pass_dir,
            options=HeartsOptions.from_json(view["options"]), passing=view["passing"],
            passes_made=passes_made, hand=_cards(view["hand"]), passed=_cards(view["passed"]),
            received=_cards(view["received"]), plays=plays,
            trick=tuple(parse_card(c) for c in view["trick"]), leader=view["leader"],
            player=view["player"], points=list(view["points"]), played=_cards(view["plays"]),
            played_by=_played_by(plays, view["leader"], -1) if plays else [0, 0, 0, 0],
            voids=_voids(view["voids"]),
            only_points=sum(1 << s for s in view["only_points"]),
            hearts_broken=view["hearts_broken"], scores=list(view["scores"]),
            cards_left=list(view["cards_left"]))
    raise ClientError(f"the client plays Spades and Hearts, not {game!r}")


def legal_from_view(view: dict[str, Any]) -> list[int]:
    """The view's legal actions as the engine's action ints.

    >>> legal_from_view({"game": "spades", "legal": ["bid nil", "bid 1", "play QS"]})
    [52, 53, 49]
    """
    parse = spades.parse_action if view.get("game") == "spades" else hearts_actions.parse_action
    return [parse(text) for text in view["legal"]]


def action_text(game: str, action: int) -> str:
    """An action int in the record notation the table reads.

    >>> action_text("hearts", 49)
    'play QS'
    """
    if game == "spades":
        return spades.action_to_string(action)
    return hearts_actions.action_to_string(action)


# --- HTTP ---------------------------------------------------------------------------


def _request(server: str, path: str, body: dict[str, Any] | None = None,
             timeout: float = 10.0) -> dict[str, Any]:
    """One call of the server's JSON API; its refusal (``{"error"}``) or an
    unreachable server is a :class:`ClientError` saying so."""
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(server + path, data=data, method="GET" if data is None
                                     else "POST", headers={"content-type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=timeout) as answer:
            reply: dict[str, Any] = json.loads(answer.read())
            return reply
    except urllib.error.HTTPError as e:
        try:
            reason = json.loads(e.read()).get("error") or e.reason
        except (ValueError, AttributeError):
            reason = e.reason
        raise ClientError(f"{server}: {reason}") from None
    except urllib.error.URLError as e:
        why = getattr(e.reason, "strerror", None) or e.reason
        raise ClientError(f"cannot reach the server at {server}: {why}") from None
    except (OSError, ValueError) as e:  # a timeout, a reset, an answer that is not JSON
        raise ClientError(f"the server at {server} did not answer properly: {e}") from None


def find_table(invite: Invite, timeout: float = 10.0) -> dict[str, Any]:
    """What anyone with the link may know of the table (``GET /api/tables/{id}``'s
    summary): its id, game, status and seats."""
    if invite.code is not None:
        return _request(invite.server, "/api/join", {"code": invite.code}, timeout)
    return _request(invite.server, f"/api/tables/{quote(invite.table or '', safe='')}",
                    timeout=timeout)


# --- the table ---------------------------------------------------------------------


@dataclass
class _Pending:
    """Our action sent and not yet answered: sent again as it is after a drop."""

    version: int
    message: str


class TableClient:
    """One seat at a table: its token, and the last version of the table seen."""

    def __init__(self, server: str, table: str, token: str, seat: int, game: str,
                 name: str = "Bot") -> None:
        self.server = server.rstrip("/")
        self.table = table
        self.token = token
        self.seat = seat
        self.game = game
        self.name = name
        self.version: int | None = None
        self.view: dict[str, Any] | None = None
        self.give_up = 120.0  # seconds without a connection before play() stops trying
        self._pending: _Pending | None = None
        self._ids = f"{secrets.token_hex(4)}-"
        self._count = 0
        self._reason: str | None = None
        self._refusals = (-1, 0)  # the version our action was last refused at, how often
        self._got_view = False
        self._sent_at = 0.0  # when the last message went (the pace: MIN_GAP)
        self._last_sent: str | None = None

    @classmethod
    def join(cls, address: str, code: str | None = None, name: str = "Bot",
             seat: int | None = None, timeout: float = 10.0) -> TableClient:
        """Take a seat: ``address`` is the server and ``code`` the invite code, or
        (no code) ``address`` is the table's link. ``seat`` None: the first free."""
        invite = parse_invite(code, address) if code is not None else parse_invite(address)
        return cls.sit(invite, find_table(invite, timeout), name, seat, timeout)

    @classmethod
    def sit(cls, invite: Invite, table: dict[str, Any], name: str, seat: int | None = None,
            timeout: float = 10.0) -> TableClient:
        """Take a seat at a table found with :func:`find_table`."""
        if table.get("game") not in GAMES:
            raise ClientError(f"the client plays Spades and Hearts, not {table.get('game')!r}")
        taken = _request(invite.server, f"/api/tables/{quote(table['table'], safe='')}/seats",
                         {"name": name, "seat": seat}, timeout)
        return cls(invite.server, taken["table"], taken["token"], taken["seat"], table["game"],
                   name)

    @property
    def socket_url(self) -> str:
        scheme, rest = self.server.split("://", 1)
        return f"{'wss' if scheme == 'https' else 'ws'}://{rest}/ws/{quote(self.table, safe='')}"

    # --- playing --------------------------------------------------------------

    def play(self, player: Player, games: int | None = 1,
             on_view: Callable[[dict[str, Any]], None] | None = None) -> dict[str, Any]:
        """Play until ``games`` games are over (None: rematch after rematch until
        the table ends), asking ``player`` whenever the seat is to act;
        ``on_view`` sees every view. Returns the last view (the game over)."""
        from websockets.exceptions import ConnectionClosed, InvalidHandshake
        from websockets.sync.client import connect

        played = 0
        drops = 0  # failed tries since the last connection that brought a view
        down_since: float | None = None
        while True:
            self._got_view = False
            try:
                with connect(self.socket_url, open_timeout=10, close_timeout=2,
                             max_size=2**22) as ws:
                    end = self._session(ws, player, on_view,
                                        games is not None and played + 1 >= games)
                if end == "over":
                    assert self.view is not None
                    return self.view
                played += 1
                continue  # the next table, at once
            except ConnectionClosed as e:
                close = e.rcvd
                if close is not None and (4000 <= close.code < 5000
                                          or close.code in FINAL_CLOSES):
                    raise ClientError(self._reason or close.reason
                                      or f"the table closed the connection ({close.code})"
                                      ) from None
            except (OSError, InvalidHandshake, TimeoutError):
                pass
            # The backoff starts again only once a connection has brought a view:
            # a server that accepts and then closes is not a recovery.
            if self._got_view:
                drops, down_since = 0, None
            now = time.monotonic()
            if down_since is None:
                down_since = now
            elif now - down_since > self.give_up:
                raise ClientError(f"the server at {self.server} stopped answering")
            time.sleep(BACKOFF[min(drops, len(BACKOFF) - 1)])
            drops += 1

    def _session(self, ws: Any, player: Player,
                 on_view: Callable[[dict[str, Any]], None] | None, last: bool) -> str:
        """One connection: "over" at the last game's end, "rematch" when the
        table moves on to the next one."""
        from websockets.exceptions import ConnectionClosed

        self._reason = None
        self._send(ws, json.dumps({"type": "hello", "token": self.token, "version": self.version}))
        if self._pending is not None:
            self._send(ws, self._pending.message)  # the same id: applied once whatever happened
        voted = False
        while True:
            batch = [ws.recv()]
            while True:  # what has come meanwhile (the views missed): act on the latest
                try:
                    batch.append(ws.recv(timeout=0))
                except (TimeoutError, ConnectionClosed):
                    break
            for text in batch:
                message = json.loads(text)
                kind = message.get("type")
                if kind == "view":
                    self._got_view = True
                    self._seen(message["version"], message["view"])
                    if on_view is not None:
                        on_view(message["view"])
                elif kind == "error":
                    self._refused(ws, message)
                elif kind == "left":
                    self._reason = message.get("reason")
                elif kind == "rematch":
                    self.table = message["table"]
                    self.version = self.view = self._pending = None
                    return "rematch"
            view = self.view
            if view is None:
                continue
            if view.get("over"):
                if last:
                    return "over"
                if not voted:
                    self._send(ws, json.dumps({"type": "rematch"}))
                    voted = True
            elif view.get("legal") and self._pending is None:
                self._act(ws, player, view)

    def _seen(self, version: int, view: dict[str, Any]) -> None:
        self.version = version
        self.view = view
        self.seat = view.get("seat", self.seat)  # a draw for partners may move the seat
        pending = self._pending
        # Answered: the table moved past it, or it is held (a Hearts pass before its turn).
        if pending is not None and (version > pending.version or not view.get("legal")):
            self._pending = None

    def _send(self, ws: Any, text: str) -> None:
        wait = self._sent_at + MIN_GAP - time.monotonic()
        if wait > 0:
            time.sleep(wait)
        self._sent_at = time.monotonic()
        self._last_sent = text
        ws.send(text)

    def _refused(self, ws: Any, message: dict[str, Any]) -> None:
        reason = message.get("reason") or "refused"
        if message.get("version") is None:  # the connection is being refused: its close says
            self._reason = reason
            return
        if reason.startswith("too many messages") and self._pending is None \
                and self._last_sent is not None:
            time.sleep(1.0)  # not an action (a rematch, a sync): say it again, slower
            self._send(ws, self._last_sent)
            return
        pending = self._pending
        if pending is None:
            return
        # The table moved on, or its database did not answer: decide again on a
        # fresh view, but not for ever at one version.
        version, count = self._refusals
        count = count + 1 if version == pending.version else 1
        if count >= REFUSALS:
            raise ClientError(f"the table keeps refusing our action: {reason}")
        self._refusals = (pending.version, count)
        self._pending = None
        time.sleep(0.1 * count)
        self._send(ws, json.dumps({"type": "sync"}))

    def _act(self, ws: Any, player: Player, view: dict[str, Any]) -> None:
        legal = legal_from_view(view)
        action = player.choose(observation_from_view(view), legal)
        if action not in legal:
            raise ClientError(f"the bot chose {action!r}, which is not one of the "
                              f"{len(legal)} legal actions")
        self._count += 1
        message = json.dumps({"type": "act", "version": view["version"],
                              "action": action_text(self.game, action),
                              "id": f"{self._ids}{self._count}"})
        self._pending = _Pending(view["version"], message)
        self._send(ws, message)
