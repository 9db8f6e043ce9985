"""A player's statistics from their games: played and won per game, best
Klondike games by moves and by time, and each trick game's score by hand.
"""

from __future__ import annotations

from typing import Any

from parlour.games.trick import SEAT_NAMES
from parlour.server.games import GAMES

BEST = 10  # Klondike games kept in each best list


def player_stats(player: dict[str, Any] | None, finished: list[dict[str, Any]],
                 unfinished: list[dict[str, Any]]) -> dict[str, Any]:
    """``finished``: the store's finished games of the player; ``unfinished``: those in play."""
    games = {g: {"played": 0, "won": 0, "unfinished": 0} for g in GAMES}
    for game in finished:
        games[game["game"]]["played"] += 1
        games[game["game"]]["won"] += int(game["won"])
    for game in unfinished:
        games[game["game"]]["unfinished"] += 1
    won_deals = [
        {"table": g["table"], "moves": g["result"]["moves"], "seconds": g["result"]["seconds"],
         "draw": g["result"].get("draw", 1), "finished": g["finished"], "seed": g["seed"]}
        for g in finished if g["game"] == "klondike" and g["result"].get("won")]
    charts = []
    me = player["name"] if player else "You"
    for g in finished:
        if g["game"] == "klondike" or not g["result"].get("scores"):
            continue
        # Each seat's name, as the table showed it: the store's where it gives
        # them, else a table of bots: the compass points and the player's name.
        names = g.get("names") or [me if s == g["seat"] else SEAT_NAMES[s] for s in range(4)]
        sides = ["North-South", "East-West"] if g["game"] == "spades" else \
            ["North", "East", "South", "West"]
        charts.append({"table": g["table"], "game": g["game"], "finished": g["finished"],
                       "labels": sides, "hands": g["result"]["scores"],
                       "seat": g["seat"] if g["game"] == "hearts" else g["seat"] % 2,
                       "target": g["options"].get("target"), "won": g["won"],
                       "winner": g["result"].get("winner"), "names": names,
                       "you": g["seat"], "winners": g["result"].get("seats", [])})
    return {
        "player": player,
        "games": games,
        "klondike_best": {
            "moves": sorted(won_deals, key=lambda d: (d["moves"], d["seconds"]))[:BEST],
            "time": sorted(won_deals, key=lambda d: (d["seconds"], d["moves"]))[:BEST],
        },
        "charts": charts[-BEST:],
    }
