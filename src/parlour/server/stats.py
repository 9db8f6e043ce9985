"""A player's statistics from their games: played and won per game, streaks,
averages (points per hand, a Klondike win's moves and time), Klondike by draw,
best Klondike games by moves and by time, and each trick game's score by hand.

>>> games = [{"game": "klondike", "won": w, "result": {"won": w, "draw": 1, "moves": 100,
...           "seconds": 60}} for w in (True, True, False, True)]
>>> streaks(games)
{'current': 1, 'best': 2}
"""

from __future__ import annotations

from typing import Any

from parlour.games.trick import SEAT_NAMES
from parlour.server.games import GAMES

BEST = 10  # Klondike games kept in each best list
DRAWS = (1, 3)


def streaks(games: list[dict[str, Any]]) -> dict[str, int]:
    """Wins in a row among ``games`` (oldest first): the run going now, and the longest."""
    current = best = 0
    for game in games:
        current = current + 1 if game["won"] else 0
        best = max(best, current)
    return {"current": current, "best": best}


def _average(total: float, count: int) -> float | None:
    return round(total / count, 1) if count else None


def points_per_hand(game: str, finished: list[dict[str, Any]]) -> dict[str, Any]:
    """The player's points a hand over their finished games of Spades (their side's)
    or Hearts (their own: fewer is better)."""
    points = hands = 0
    for g in finished:
        scores = g["result"].get("scores") if g["game"] == game else None
        if not scores:
            continue
        mine = g["seat"] % 2 if game == "spades" else g["seat"]
        points += scores[-1][mine]  # (running totals: the last is the game's)
        hands += len(scores)
    return {"points_per_hand": _average(points, hands), "hands": hands}


def klondike_record(deals: list[dict[str, Any]]) -> dict[str, Any]:
    """Played, won, streaks and a win's average moves and time, over ``deals``."""
    wins = [d["result"] for d in deals if d["result"].get("won")]
    return {"played": len(deals), "won": len(wins), **streaks(deals),
            "moves": _average(sum(w["moves"] for w in wins), len(wins)),
            "seconds": _average(sum(w["seconds"] for w in wins), len(wins))}


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
    for name in GAMES:
        games[name].update(streaks([g for g in finished if g["game"] == name]))
    deals = [g for g in finished if g["game"] == "klondike"]
    lost = [{"table": d["table"], "finished": d["finished"], "moves": d["result"].get("moves"),
             "draw": d["result"].get("draw", 1),
             "given_up": d["result"].get("winner") == "given up"}
            for d in deals if not d["result"].get("won")]
    return {
        "player": player,
        "games": games,
        "averages": {"spades": points_per_hand("spades", finished),
                     "hearts": points_per_hand("hearts", finished),
                     "klondike": klondike_record(deals)},
        "klondike_draws": {str(draw): klondike_record(
            [d for d in deals if d["result"].get("draw", 1) == draw]) for draw in DRAWS},
        "klondike_lost": lost[::-1][:BEST],  # the latest first, each with its post-mortem
        "klondike_best": {
            "moves": sorted(won_deals, key=lambda d: (d["moves"], d["seconds"]))[:BEST],
            "time": sorted(won_deals, key=lambda d: (d["seconds"], d["moves"]))[:BEST],
        },
        "charts": charts[-BEST:],
    }
