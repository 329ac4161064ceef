"""PettingZoo's and Gymnasium's own checks of unodsl.rl on every shipped edition and the
popular house rules, at 2, 4 and 7 players (where the edition seats them)."""
from __future__ import annotations

import pytest

pytest.importorskip("pettingzoo", reason="unodsl.rl needs the rl extra: pip install 'unodsl[rl]'")

from gymnasium.utils.env_checker import check_env  # noqa: E402
from pettingzoo.test import api_test, seed_test  # noqa: E402

import unodsl.rl as rl  # noqa: E402
from unodsl.edition.loader import load_edition  # noqa: E402
from unodsl.edition.rules import popular_rule_names  # noqa: E402
from unodsl.resources import edition_names  # noqa: E402

CYCLES = 60  # steps of each agent api_test plays (a round is a few hundred steps at most)


def _tables() -> list[tuple[str, int]]:
    tables = []
    for name in edition_names():
        seats = load_edition(name).settings["players"]
        tables += [(name, n) for n in (2, 4, 7) if seats["min"] <= n <= seats["max"]]
    return tables


@pytest.mark.filterwarnings("ignore::UserWarning")
@pytest.mark.parametrize("edition, players", _tables())
def test_every_edition_passes_the_api_and_seed_tests(edition, players):
    api_test(rl.env(edition, players=players), num_cycles=CYCLES)
    seed_test(lambda: rl.env(edition, players=players), num_cycles=CYCLES)


@pytest.mark.filterwarnings("ignore::UserWarning")
@pytest.mark.parametrize("rule", popular_rule_names())
@pytest.mark.parametrize("players", [2, 4, 7])
def test_classic_with_each_popular_rule_passes_the_api_and_seed_tests(rule, players):
    api_test(rl.env("classic", players=players, rules=[f"@{rule}"]), num_cycles=CYCLES)
    seed_test(lambda: rl.env("classic", players=players, rules=[f"@{rule}"]), num_cycles=CYCLES)


@pytest.mark.filterwarnings("ignore::UserWarning")
@pytest.mark.parametrize("edition", edition_names())
def test_the_single_agent_wrapper_passes_gymnasiums_check(edition):
    players = 4 if edition == "teams" else 2
    check_env(rl.SingleAgentEnv(edition, players=players), skip_render_check=True)
