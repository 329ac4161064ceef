"""Settings are typed by the schema (or, for an edition's own setting, by the value
the edition gives it): `--set` reads its text as that type, a wrong value is a
placed error on every command, and a list or a mapping is refused (issue 10)."""
from __future__ import annotations

import pytest

import unodsl
from unodsl.cli.options import parse_settings
from unodsl.sim.simulate import make_side, simulate

from cli_helpers import no_traceback, run

COMMANDS = [("validate", "classic"), ("simulate", "classic", "-g", "2"), ("compare", "classic", "-g", "2"),
            ("play", "classic")]


@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: c[0])
@pytest.mark.parametrize("setting, message, hint", [
    ("stacking=flase", 'settings.stacking: expected true or false, got the text "flase"', "did you mean 'false'?"),
    ("stacking=maybe", 'settings.stacking: expected true or false, got the text "maybe"', "write true or false"),
    ("hand_size=abc", 'settings.hand_size: expected a whole number', "Cards dealt"),
    ("players={min: 2, max: 20}", "settings.players is a mapping: --set cannot replace it", "write it in an edition file"),
    ("hand_size=[1]", "settings.hand_size: expected a whole number", None),
    ("two_player_rule={a: 1}", "settings.two_player_rule: expected true or false", None),
])
def test_a_bad_value_on_the_command_line_is_a_placed_error(command, setting, message, hint):
    result = run(*command, "--set", setting)
    no_traceback(result)
    assert result.exit_code == 1
    output = result.stdout + result.stderr
    assert f"--set {setting}: error: {message}" in output
    assert hint is None or f"hint: {hint}" in output


@pytest.mark.parametrize("option", ["--set-a", "--set-b"])
def test_compare_reads_each_sides_settings_the_same_way(option):
    result = run("compare", "classic", "-g", "2", option, "stacking=flase")
    assert result.exit_code == 1 and "expected true or false" in result.stderr


@pytest.mark.parametrize("text, value", [("true", True), ("Yes", True), ("on", True), ("OFF", False),
                                         ("no", False), ("false", False)])
def test_true_and_false_words(text, value):
    edition = unodsl.load_edition("classic", settings=parse_settings((f"stacking={text}",), "--set"))
    assert edition.settings["stacking"] is value


def test_values_are_read_as_their_settings_type():
    edition = unodsl.load_edition("classic", settings=parse_settings(
        ("hand_size= 5", "two_player_rule=off", "scoring=penalty"), "--set"))
    assert (edition.settings["hand_size"], edition.settings["two_player_rule"], edition.settings["scoring"]) \
        == (5, False, "penalty")


def test_a_huge_number_is_refused_without_parsing_it():
    result = run("validate", "classic", "--set", "hand_size=" + "9" * 5000)
    assert result.exit_code == 1 and "at most 18 digits" in result.stdout


def test_a_list_or_a_mapping_is_refused_by_the_python_interface_too():
    with pytest.raises(unodsl.EditionError, match="not a list or a mapping"):
        make_side("classic", 2, 1, "random", settings={"stacking": [1]})
    with pytest.raises(unodsl.EditionError, match="not a list or a mapping"):
        simulate("classic", games=2, settings={"players": {"min": 2, "max": 4}})


def test_an_own_setting_given_again_over_a_base_keeps_its_type(tmp_path):
    path = tmp_path / "mine.yaml"
    path.write_text("name: Mine\nbase: classic\nsettings:\n  stacking: flase\n")
    result = run("validate", str(path))
    assert result.exit_code == 1
    assert result.stdout.startswith(f'{path}:4:13: error: $.settings.stacking: expected true/false, '
                                    'got the text "flase"\n')
    path.write_text("name: Mine\nbase: classic\nsettings:\n  stacking: true\n  house: 3\n")
    assert run("validate", str(path)).exit_code == 0


def test_settings_given_as_data_are_checked_by_the_schema():
    """A scenario's `settings:` (or Python) may give a mapping where the setting is one."""
    assert unodsl.load_edition("classic", settings={"players": {"min": 2, "max": 4}}).settings["players"] \
        == {"min": 2, "max": 4}
    with pytest.raises(unodsl.EditionError, match="settings.hand_size: expected a whole number, got a list"):
        unodsl.load_edition("classic", settings={"hand_size": [1]})
