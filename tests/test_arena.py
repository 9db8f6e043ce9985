"""The arena: duplicate matches, the figures, the plot, the command."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from parlour.arena import SpadesTable, run_match, svg_plot
from parlour.cli import main


def test_duplicate_match_figures() -> None:
    r = run_match("spades", "normal", "random", hands=6, seed=3, progress=False)
    s = r.summary()
    assert s["deals"] == 6 and s["hands"] == 12
    assert s["ci95"][0] <= s["diff"] <= s["ci95"][1]
    assert s["decision_ms_a"]["decisions"] > 6 * 2 * 26
    assert abs(s["points_per_hand_a"] - s["points_per_hand_b"] - s["diff"]) < 0.02


def test_same_level_on_both_sides_is_exactly_even() -> None:
    # Deterministic bots in both seatings of a deal play identically: luck cancels.
    r = run_match("spades", "normal", "normal", hands=5, seed=2, progress=False)
    assert r.diffs == [0.0] * 5


def test_both_seatings_play_the_same_deal() -> None:
    table = SpadesTable()
    assert [list(x) for x in table.layouts] == [[0, 1, 0, 1], [1, 0, 1, 0]]


def test_plot_is_svg() -> None:
    r = run_match("spades", "easy", "random", hands=4, seed=1, progress=False)
    svg = svg_plot(r)
    assert svg.startswith("<svg") and "polyline" in svg


def test_command_json_and_plot(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    plot = tmp_path / "diff.svg"
    assert main(["arena", "spades", "--a", "easy", "--b", "random", "--hands", "3",
                 "--seed", "4", "--json", "--plot", str(plot)]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["a"] == "easy" and data["deals"] == 3 and len(data["ci95"]) == 2
    assert plot.read_text().startswith("<svg")


@pytest.mark.parametrize("name, words", [("missing/dir/diff.svg", "no directory"),
                                         ("diff.png", "written as SVG")])
def test_a_plot_that_cannot_be_written_is_refused_before_the_match(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str, words: str) -> None:
    # found by hand: a plot into a missing directory crashed after the whole match
    assert main(["arena", "spades", "--a", "easy", "--b", "random", "--hands", "200",
                 "--plot", str(tmp_path / name)]) == 2
    captured = capsys.readouterr()
    assert words in captured.err and captured.out == ""


def test_a_budget_option_that_is_not_a_number_is_refused(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", "spades", "--a-opt", "samples=many", "--hands", "1"]) == 2
    assert "samples=many" in capsys.readouterr().err


@pytest.mark.parametrize("argv, words", [
    # the compiled Spades expert once answered "... invalid keyword argument for _make()"
    # and gave no list of its options: its defaults were module constants, which
    # left the compiled factory without a signature (now Final, so inlined)
    (["spades", "--a-opt", "sampels=40"],
     "the spades expert bot has no option 'sampels' (options: samples, time_budget, "
     "dd_tricks, bid_samples, playouts, model, bid_model, nil_max, partner_shave, bag_fight, "
     "dd_samples)"),
    (["hearts", "--a-opt", "budget=1"],
     "the hearts expert bot has no option 'budget' "
     "(options: samples, time_budget, dd_tricks, pass_deals, pass_cards, infer, pass_infer, "
     "queen_infer, pool, model, relative, end_bonus, noise, noise_tricks, policy_self, "
     "policy_infer)"),
    (["spades", "--b-opt", "samples=4"], "the spades normal bot has no option 'samples' "
                                         "(it takes none)"),
])
def test_an_option_the_bot_does_not_take_is_named(
        capsys: pytest.CaptureFixture[str], argv: list[str], words: str) -> None:
    assert main(["arena", *argv, "--hands", "1"]) == 2
    captured = capsys.readouterr()
    assert words in captured.err and "_make" not in captured.err and captured.out == ""


def test_command_refuses_unknown_level(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", "spades", "--a", "wizard", "--hands", "1"]) == 2
    assert "wizard" in capsys.readouterr().err


def test_a_count_of_hands_below_one_is_refused(capsys):
    import pytest

    from parlour.cli import main

    with pytest.raises(SystemExit) as stop:
        main(["arena", "spades", "--a", "normal", "--b", "easy", "--hands", "-3"])
    assert stop.value.code == 2
    assert "must be at least 1, not -3" in capsys.readouterr().err


def test_a_hearts_match_split_into_deal_ranges_adds_up_to_the_whole() -> None:
    # A long benchmark is run in pieces (in parallel or across sessions) and logged.
    from parlour.arena.hearts import DealResult, MatchResult, add_deal, duplicate_match
    from parlour.bots.base import make_bot

    def make(level: str):  # a factory of bots by seed
        return lambda s: make_bot("hearts", level, seed=s)

    whole = duplicate_match(make("normal"), make("easy"), hands=4, seed=5)
    logged: list[dict[str, object]] = []
    for first in (0, 2):
        duplicate_match(make("normal"), make("easy"), hands=2, seed=5, first=first,
                        on_deal=lambda d: logged.append(json.loads(json.dumps(d.to_json()))))
    rebuilt = MatchResult()
    for line in logged:
        add_deal(rebuilt, DealResult.from_json(line))
    assert [d["deal"] for d in logged] == [0, 1, 2, 3]
    assert rebuilt.diffs == whole.diffs and rebuilt.won_a == whole.won_a
    assert rebuilt.moons_a == whole.moons_a and len(rebuilt.times_a) == len(whole.times_a)


def test_a_hearts_match_says_where_each_sides_points_went() -> None:
    # The queen of spades and the hearts, each side's share a hand, add up to
    # its points in hands without a moon; a log from before the split still reads.
    from parlour.arena.hearts import DealResult, MatchResult, add_deal, play_deal, split_lines
    from parlour.bots.base import make_bot

    def make(level: str):  # a factory of bots by seed
        return lambda s: make_bot("hearts", level, seed=s)

    deals = [play_deal(make("normal"), make("random"), i, seed=7) for i in range(8)]
    plain = [d for d in deals if not d.moons_a and not d.moons_b]
    assert len(plain) >= 6
    for d in plain:
        assert d.split_a is not None and d.split_b is not None
        # 13 for the queen and 13 for the hearts in each of the deal's two plays,
        # shared by the four seats of each play
        assert d.split_a[0] + d.split_b[0] == 6.5 and d.split_a[1] + d.split_b[1] == 6.5
        assert d.split_a[0] + d.split_a[1] == d.points_a
        assert d.split_b[0] + d.split_b[1] == d.points_b
    result = MatchResult()
    for d in plain:
        add_deal(result, DealResult.from_json(json.loads(json.dumps(d.to_json()))))
    queen_a = sum(d.split_a[0] for d in plain if d.split_a) / len(plain)
    [line] = split_lines(result)
    assert f"({len(plain)} deals)" in line and f"queen {queen_a:.2f} / " in line
    assert line.endswith("moons and the jack 0.00 / 0.00")
    old = plain[0].to_json()
    del old["split_a"], old["split_b"]
    before = MatchResult()
    add_deal(before, DealResult.from_json(old))
    assert split_lines(before) == [] and before.deals == 1


@pytest.mark.parametrize("game", ["spades", "hearts"])
def test_the_pimc_reference_plays_whole_hands_in_the_arena(game: str) -> None:
    """The plain PIMC reference (sampled deals, each solved double dummy) is an
    arena opponent in both games: whole hands, legal actions, both seatings."""
    r = run_match(game, "pimc", "normal", hands=1, seed=5, a_options={"samples": 3},
                  progress=False)
    s = r.summary()
    assert s["hands"] == 2 and s["decision_ms_a"]["decisions"] >= 2 * 2 * 12
