"""`compare`'s rows for the seats' places after the dealer and the first seat's edge: what a
designer asks of a house rule ("does it change the first player's advantage?"), on the same deals."""
from __future__ import annotations

import json

from unodsl.sim.compare import compare, format_text
from unodsl.sim.simulate import make_side

# Everyone but the first player (the dealer's next) draws three more cards when the round starts:
# the first player is obviously ahead, so its edge must rise against classic.
HEAD_START = ("name: A head start for the first player\n"
              "script: |\n"
              "  on round_start:\n"
              "    me draws 3\n"
              "    for each p in others:\n"
              "      if p != next:\n"
              "        p draws 3\n")


def test_a_rule_that_favours_the_first_player_raises_its_edge(tmp_path):
    rule = tmp_path / "head-start.yaml"
    rule.write_text(HEAD_START, encoding="utf-8")
    result = compare(make_side("classic", 4, 1, "greedy"), make_side("classic", 4, 1, "greedy", rules=[f"@{rule}"]),
                     games=40)
    edge = result.metric("first_seat_edge")
    change, p = edge.change()
    assert change.low > 0.03 and p < 0.01  # an obvious advantage (+10.6 pts on these forty matches)
    first = result.metric("place_round_win_rate:1")
    assert first.sides()[1] - first.sides()[0] == change.value  # the edge moves as the first place's wins do
    assert abs(edge.sides()[1] - (first.sides()[1] - 1 / 4)) < 1e-12


def test_an_a_a_comparison_of_the_places_changes_nothing():
    result = compare(make_side("classic", 3, 7, "random"), make_side("classic", 3, 7, "random"), games=20)
    places = [result.metric(f"place_round_win_rate:{place}") for place in range(3)]
    assert abs(sum(p.sides()[0] for p in places) - 1) < 1e-9  # every round has a winner in one place
    for metric in [*places, result.metric("first_seat_edge")]:
        change, p = metric.change()
        assert change.value == 0 and abs(change.low) < 1e-6 and abs(change.high) < 1e-6 and p == 1
    text = format_text(result)
    assert "place 0 after the dealer (the dealer): round wins" in text
    assert "first seat's edge" in text


def test_json_carries_each_place_and_the_edge(tmp_path):
    from click.testing import CliRunner

    from unodsl.cli import main

    out = CliRunner().invoke(main, ["compare", "classic", "classic", "--rule-b", "@seven-zero", "--games", "6",
                                    "--players", "3", "--json", "--no-timing"])
    assert out.exit_code == 0, out.output
    metrics = {m["key"]: m for m in json.loads(out.output)["metrics"]}
    assert {"place_round_win_rate:0", "place_round_win_rate:1", "place_round_win_rate:2", "first_seat_edge"} <= set(metrics)
    edge, first = metrics["first_seat_edge"], metrics["place_round_win_rate:1"]
    assert abs(edge["a"] - (first["a"] - 1 / 3)) < 1e-5 and edge["difference"] == first["difference"]
