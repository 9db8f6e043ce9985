"""Spades and Hearts in the terminal: you sit South, bots take the other seats.

The table is told from South's chair: who deals, each bid and card, who wins
each trick, each hand's result and the game's winner, in words. Another
seat's cards are never shown, not even the three it passes.
"""

from __future__ import annotations

from typing import Any

from parlour.bots.base import Bot
from parlour.cards import CardError, parse_card, parse_cards, pretty, pretty_hand
from parlour.games.base import IllegalAction
from parlour.games.trick import SEAT_NAMES
from parlour.terminal import Console, Saver

ME = 2  # South
HELP = ("Type what the prompt asks: a bid (3, nil), three cards to pass (2C 3D QS) or a "
        "card (QS, 10h).\nOther commands: hand (show the table again), help, quit.")


def new_game(game: str, seed: int, options: Any) -> Any:
    if game == "spades":
        from parlour.spades import SpadesGame

        return SpadesGame(options, seed=seed)
    from parlour.hearts import HeartsGame

    return HeartsGame(options, seed=seed)


def game_options(game: str, data: Any) -> Any:
    """The game's options from their JSON (a record's, or ``{"target": N}``)."""
    if game == "spades":
        from parlour.spades import SpadesOptions

        return SpadesOptions.from_json(data)
    from parlour.hearts import HeartsOptions

    return HeartsOptions.from_json(data)


def resume(game_name: str, record: dict[str, Any]) -> Any:
    """The game a (checked) record left off at, ready to carry on."""
    game = new_game(game_name, int(record.get("seed") or 0), game_options(
        game_name, record.get("options")))
    for entry in record["hands"]:
        deal = [parse_cards(" ".join(codes)) for codes in entry["deal"]]
        dealer = entry.get("dealer", game.hand.dealer)
        if game_name == "spades":
            game.start_hand(deal, dealer, entry.get("scores"), entry.get("bags"))
        else:
            from parlour.games.hearts_actions import PASS_NAMES

            pass_name = entry.get("pass")
            game.start_hand(deal, dealer,
                            None if pass_name is None else PASS_NAMES.index(pass_name),
                            entry.get("scores"))
        for text in entry.get("actions", []):
            game.apply(game.parse_action(text))
    return game


class TrickTable:
    """One game at the terminal: the narration, the prompts and the player's input."""

    def __init__(self, name: str, game: Any, bots: dict[int, Bot], console: Console,
                 saver: Saver) -> None:
        self.name = name
        self.game = game
        self.bots = bots
        self.console = console
        self.saver = saver
        self.hand_number = 0
        self.shown = -1
        self.played_out = 0  # the last hand whose rest played itself

    # --- the loop ------------------------------------------------------------

    def play(self) -> int:
        say = self.console.say
        while not self.game.is_terminal():
            self._announce_hand()
            seat = self.game.current_player()
            if self.game.hand.nothing_to_play_for():
                # as at the web table: the rest of the hand plays itself, yours too
                if self.played_out != self.hand_number:
                    self.played_out = self.hand_number
                    say(f"  {self._nothing_left()}: the rest of the hand plays itself.")
                if seat == ME:
                    self._apply(ME, self.game.legal_actions()[0])
                    continue
            if seat != ME:
                action = self.bots[seat].choose(self.game.observation(seat),
                                                self.game.legal_actions())
                self._apply(seat, action)
                continue
            obs = self.game.observation(ME).to_json()
            key = len(self.game.hand.actions)
            if key != self.shown:
                say("\n".join(self.describe(obs)))
                self.shown = key
            line = self.console.ask(self.prompt(obs))
            if line is None:
                say("Bye." + self._saved_note())
                return 0
            text = line.strip().lower()
            if text in ("q", "quit", "exit"):
                say("Bye." + self._saved_note())
                return 0
            if text in ("help", "?"):
                say(HELP)
            elif text in ("hand", ""):
                say("\n".join(self.describe(obs)))
            else:
                try:
                    action = self.to_action(obs, text)
                    self._apply(ME, action)
                except (IllegalAction, CardError, ValueError) as e:
                    say(f"  {self.refusal(obs, str(e))}")
        say(self.game_over())
        return 0

    def _nothing_left(self) -> str:
        seat = self.game.hand.takes_the_rest()
        if seat is None:
            return "No points are left"
        return "You take every trick left" if seat == ME else \
            f"{SEAT_NAMES[seat]} takes every trick left"

    def _saved_note(self) -> str:
        path = self.saver.path
        return "" if path is None else (
            f" The game is saved in {path}: carry on with "
            f"'parlour play {self.name} --resume {path}'.")

    def _apply(self, seat: int, action: int) -> None:
        game = self.game
        hand = game.hand
        tricks = hand.play.trick_count
        broken = hand.play.broken
        results = len(game.results)
        text = game.action_to_string(action)
        game.apply(action)
        self.saver.save(game.to_record())
        say = self.console.say
        who = "You" if seat == ME else SEAT_NAMES[seat]
        verb, _, rest = text.partition(" ")
        if verb == "bid":
            say(f"  {who} bid{'s' * (seat != ME)} {rest}.")
        elif verb == "pass":
            say("  You pass " + pretty_hand(parse_cards(rest)) + "." if seat == ME
                else f"  {who} passes three cards.")
            if not hand.passing:
                got = hand.observation(ME).received
                say(f"  The passes are made. You receive {pretty_hand(got)}.")
        else:
            say(f"  {who} play{'s' * (seat != ME)} {pretty(parse_card(rest))}.")
        if hand.play.trick_count > tricks:
            _leader, _cards, winner = hand.play.completed_tricks()[-1]
            taker = "You win" if winner == ME else f"{SEAT_NAMES[winner]} wins"
            say(f"  {taker} the trick.")
        if self.name == "hearts" and hand.play.broken and not broken:
            say("  Hearts are broken.")
        if len(game.results) > results:
            for line in self.hand_result(game.results[-1]):
                say(line)

    # --- what is shown ---------------------------------------------------------

    def _announce_hand(self) -> None:
        number = len(self.game.hands)
        if number == self.hand_number:
            return
        self.hand_number = number
        hand = self.game.hand
        dealer = "You deal" if hand.dealer == ME else f"{SEAT_NAMES[hand.dealer]} deals"
        line = f"Hand {number}: {dealer}."
        if self.name == "hearts":
            from parlour.games.hearts_actions import PASS_NAMES

            direction = PASS_NAMES[hand.pass_dir]
            line += (" No passing this hand." if direction == "none" else
                     f" Pass three cards {direction} (to {SEAT_NAMES[(ME + hand.pass_dir) & 3]}).")
        self.console.say(line)

    def describe(self, obs: dict[str, Any]) -> list[str]:
        """The table as South sees it: scores, bids or passes, the trick, the hand."""
        lines = []
        scores = obs["scores"]
        if self.name == "spades":
            lines.append(f"Scores: NS {scores[0]} ({obs['bags'][0]} bags), "
                         f"EW {scores[1]} ({obs['bags'][1]} bags)")
            if obs["bids"]:
                first = (obs["dealer"] + 1) % 4
                lines.append("Bids: " + ", ".join(
                    f"{SEAT_NAMES[(first + i) % 4]} {'nil' if b == 0 else b}"
                    for i, b in enumerate(obs["bids"])))
            lines.append("Tricks: " + ", ".join(
                f"{SEAT_NAMES[s]} {n}" for s, n in enumerate(obs["tricks_won"])))
        else:
            lines.append("Scores: " + ", ".join(
                f"{SEAT_NAMES[s]} {p}" for s, p in enumerate(scores)))
            if obs["passed"]:
                lines.append("You passed: " + pretty_hand(parse_cards(" ".join(obs["passed"]))))
            if obs["received"]:
                lines.append("You received: "
                             + pretty_hand(parse_cards(" ".join(obs["received"]))))
        if obs["trick"]:
            leader = obs["leader"]
            lines.append("Trick: " + "  ".join(
                f"{SEAT_NAMES[(leader + i) % 4]} {pretty(parse_card(c))}"
                for i, c in enumerate(obs["trick"])))
        lines.append(f"Your hand: {pretty_hand(parse_cards(' '.join(obs['hand'])))}")
        return lines

    def phase(self, obs: dict[str, Any]) -> str:
        if self.name == "spades":
            return "bid" if len(obs["bids"]) < 4 else "play"
        return "pass" if obs["passing"] else "play"

    def prompt(self, obs: dict[str, Any]) -> str:
        phase = self.phase(obs)
        if phase == "bid":
            return "Your bid (0-13 or nil)> "
        if phase == "pass":
            to = SEAT_NAMES[(ME + self.game.hand.pass_dir) & 3]
            return f"Three cards to pass to {to}> "
        return "Your card to lead> " if not obs["trick"] else "Your card> "

    def to_action(self, obs: dict[str, Any], text: str) -> int:
        """The player's words as the action the prompt asked for."""
        phase = self.phase(obs)
        words = text.split()
        if words and words[0] == phase:  # "bid 3", "play QS" as in a record
            words = words[1:]
        if phase == "bid":
            bid = " ".join(words)
            if bid not in ("nil", "blind nil") and not (bid.isdigit() and int(bid) <= 13):
                raise ValueError("your bid is a number of tricks, 0 to 13, or nil")
        elif phase == "pass":
            if len(words) != 3:
                raise ValueError("you pass three cards, like 2C 3D QS")
        elif len(words) != 1:
            raise ValueError("you play one card, like QS or 10h")
        return int(self.game.parse_action(f"{phase} {' '.join(words)}"))

    def refusal(self, obs: dict[str, Any], reason: str) -> str:
        """The engine's reason, said to the player ("you")."""
        reason = reason.replace(f"{SEAT_NAMES[ME]} does not hold", "you do not hold")
        return f"Not allowed: {reason}."

    def hand_result(self, result: Any) -> list[str]:
        number = len(self.game.results)
        if self.name == "spades":
            from parlour.games.spades_scoring import describe_event

            t = result.tricks
            lines = [f"Hand {number} is over. Tricks: NS {t[0] + t[2]} (North {t[0]}, "
                     f"South {t[2]}), EW {t[1] + t[3]} (East {t[1]}, West {t[3]})."]
            lines += [f"  {describe_event(e)}" for e in result.events]
            lines.append(f"  Hand: NS {result.points[0]:+d}, EW {result.points[1]:+d}. Scores: "
                         f"NS {result.scores[0]} ({result.bags[0]} bags), EW {result.scores[1]} "
                         f"({result.bags[1]} bags).")
            return lines
        from parlour.games.hearts_scoring import describe_event as hearts_event

        lines = [f"Hand {number} is over. Points taken: " + ", ".join(
            f"{SEAT_NAMES[s]} {result.points[s]}" for s in range(4)) + "."]
        lines += [f"  {hearts_event(e)}." for e in result.events]
        lines.append("  Scores: " + ", ".join(
            f"{SEAT_NAMES[s]} {result.scores[s]}" for s in range(4)) + ".")
        return lines

    def game_over(self) -> str:
        game = self.game
        scores = game.scores
        if self.name == "spades":
            team = game.winner_team
            names = ("North and South", "East and West")
            you = "you and your partner win" if team == 0 else "you lose"
            return (f"Game over: {names[team]} win, {scores[team]} to {scores[1 - team]} "
                    f"({you}).")
        seat = game.winner
        who = "You win" if seat == ME else f"{SEAT_NAMES[seat]} wins"
        return (f"Game over: {who} with the lowest score, {scores[seat]}. Scores: "
                + ", ".join(f"{SEAT_NAMES[s]} {scores[s]}" for s in range(4)) + ".")

