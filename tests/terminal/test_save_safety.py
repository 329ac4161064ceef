"""Saves lose nothing (docs/play.md, "Saving, quitting, resuming").

`resume` refuses a damaged or edited save with one placed message per problem,
exit 1, no traceback, and leaves the file as it was; a save whose edition, rules
or settings changed since is refused unless --replay-anyway; `play --save F`
never replaces a file that is not this match's save (unless --overwrite), nor
one that is not a regular file, and keeps the file's permissions.
"""
from __future__ import annotations

import json
import os
import re
import shutil
import stat

import pytest

import unodsl
from unodsl.terminal import save as saves

from .conftest import flat, run_play, setup_file

ARGS = ["--players", "you,greedy", "--seed", "4", "--target", "100"]


@pytest.fixture(scope="module")
def good_save(tmp_path_factory) -> str:
    """A sound save of a match in progress: 6 answers of the first round."""
    path = tmp_path_factory.mktemp("good") / "match.json"
    result = run_play("play", "classic", *ARGS, "--save", str(path), lines=["d", "k"] * 3 + ["quit"])
    assert result.exit_code == 0
    data = json.loads(path.read_text())
    assert len(data["answers"]) >= 4 and not data["finished"]
    return path.read_text()


@pytest.fixture(scope="module")
def rich_save(tmp_path_factory) -> str:
    """A save with a stacked table, birthdays, a setting and a built-in house rule."""
    path = tmp_path_factory.mktemp("rich") / "match.json"
    result = run_play("play", "classic", "--players", "you,greedy", "--seed", "2", "--setup",
                      setup_file("classic_challenge"), "--birthday", "01-02,03-04", "--set", "hand_size=5",
                      "--rule", "@seven-zero", "--save", str(path), lines=["n", "d", "quit"])
    assert result.exit_code == 0, result.stderr
    assert json.loads(path.read_text())["answers"]
    return path.read_text()


def _rename(key, new):
    def change(data):
        data[new] = data.pop(key)
    return change


def _set(*path_and_value):
    *path, value = path_and_value

    def change(data):
        place = data
        for step in path[:-1]:
            place = place[step]
        place[path[-1]] = value
    return change


def _drop(key):
    return lambda data: data.pop(key)


# (id, change of the sound save's data, the key placed (its value's line), words of the message)
EDITED = [
    ("answers renamed", _rename("answers", "answer"), "answer", "unknown key 'answer'"),
    ("answers missing", _drop("answers"), None, "the key 'answers' is missing"),
    ("answers not a list", _set("answers", "abc"), "answers", "answers must be a list"),
    ("answer not an answer", _set("answers", 2, {"card": "x"}), "answers", "answer 3 is not an answer"),
    ("answer refused", _set("answers", 0, "purple"), "answers", "answer 1 of the save is refused now"),
    ("answer card unknown", _set("answers", 1, {"card": 5000}), "answers",
     "names card 5000, which this edition's deck does not have"),
    ("marker unknown", _set("answers", 0, {"marker": "FOLD"}), "answers", "answer 1 is not an answer"),
    ("target a text", _set("target", "abc"), "target", "target must be a whole number of points above 0"),
    ("target zero", _set("target", 0), "target", "target must be a whole number"),
    ("target true", _set("target", True), "target", "target must be a whole number"),
    ("seed true", _set("seed", True), "seed", "seed must be a whole number or a text"),
    ("seed null", _set("seed", None), "seed", "seed must be a whole number or a text"),
    ("players a number", _set("players", 5), "players", "players must be a non-empty text"),
    ("players mistyped", _set("players", "you,gredy"), "players", "did you mean 'greedy'"),
    ("players too many", _set("players", ",".join(["greedy"] * 11)), "players", "not 11"),
    ("birthday not a date", _set("birthdays", ["13-45", "01-01"]), "birthdays", "is not MM-DD"),
    ("birthdays one short", _set("birthdays", ["01-01"]), "birthdays", "1 birthdays given for 2 players"),
    ("birthdays a text", _set("birthdays", "01-01"), "birthdays", "birthdays must be a list"),
    ("setup a text", _set("setup", "x"), "setup", "setup must be a mapping with hands"),
    ("setup turn far", _set("setup", {"hands": [[], []], "discard": ["red 1"], "turn": 9}), "setup",
     "setup turn must be a seat, 0 to 1"),
    ("setup card unknown", _set("setup", {"hands": [["gold 3"], []], "discard": ["red 1"]}), "setup",
     "no card 'gold 3'"),
    ("setup colour unknown", _set("setup", {"hands": [[], []], "discard": ["red 1"], "colour": "gold"}), "setup",
     "the setup's colour 'gold' is not a colour of Classic UNO"),
    ("settings a list", _set("settings", []), "settings", "settings must be a mapping"),
    ("setting a list", _set("settings", {"hand_size": [5]}), "settings", "must be a single value"),
    ("fingerprint damaged", _set("fingerprint", "edition", "zz"), "fingerprint",
     "fingerprint edition must be a sha256 digest"),
    ("fingerprint missing", _drop("fingerprint"), None, "the key 'fingerprint' is missing"),
    ("finished a text", _set("finished", "no"), "finished", "finished must be true or false"),
    ("finished but not", _set("finished", True), "finished", "the save says the match is over"),
    ("unknown key", _set("extra", 1), "extra", "unknown key 'extra'"),
    ("version 1", _set("version", 1), "version", "a save of version 1; this unodsl resumes versions 2 and 3"),
    ("other format", _set("format", "other"), None, "not a saved match of unodsl play"),
    ("edition outside", _set("edition", "../elsewhere/my.yaml"), "edition", "is outside the folder of"),
    ("edition absolute", _set("edition", "/etc/passwd.yaml"), "edition", "is an absolute path"),
    ("edition unknown", _set("edition", "nowhere"), "edition", "no built-in edition named 'nowhere'"),
    ("rule outside", _set("rules", ["@../joke.yaml"]), "rules", "is outside the folder of"),
    ("edition changed name", _set("edition", "veto"), "fingerprint", "the edition changed"),
    ("rules added", _set("rules", ["on play where number == 7: next draws 1"]), "fingerprint",
     "the house rules changed"),
    ("setting edited", _set("settings", {"hand_size": 5}), "fingerprint", "the settings were edited"),
]


def _lines_of(text: str, key: str | None) -> range:
    """The lines of a top-level key and its value in a save written with indent=1."""
    if key is None:
        return range(1, 2)
    lines = text.splitlines()
    start = next(number for number, line in enumerate(lines, 1) if line.startswith(f' "{key}"'))
    end = next(number for number in range(start + 1, len(lines) + 1) if not lines[number - 1].startswith("  "))
    return range(start, end)


@pytest.mark.parametrize("change, key, words", [case[1:] for case in EDITED], ids=[case[0] for case in EDITED])
def test_an_edited_save_is_refused_in_place_and_left_as_it_was(good_save, tmp_path, change, key, words):
    data = json.loads(good_save)
    change(data)
    path = tmp_path / "match.json"
    path.write_text(json.dumps(data, indent=1) + "\n")
    before = path.read_bytes()
    result = run_play("resume", str(path), lines=["quit"])
    assert result.exit_code == 1
    assert result.stdout == ""
    assert words in flat(result.stderr)
    assert result.stderr.startswith(f"{path}:")
    # The message with these words is placed at the key's value.
    message = next(m for m in re.split(rf"(?m)^(?={re.escape(str(path))}:)", result.stderr) if words in flat(m))
    line = re.match(rf"{re.escape(str(path))}:(\d+):\d+: error: ", message)
    assert line and int(line[1]) in _lines_of(path.read_text(), key), result.stderr
    assert path.read_bytes() == before


@pytest.mark.parametrize("text, place, words", [
    ("not json", "1:1", "not JSON (Expecting value)"),
    ('{"format": "unodsl-match",\n "version": 2,}', "2:15", "not JSON"),
    ("", "1:1", "not JSON"),
    ("[1, 2]", "1:1", "not a saved match of unodsl play"),
    ('{"format": "unodsl-match", "format": "unodsl-match"}', "1:1", "the key 'format' is given twice"),
    ('{"format": "unodsl-match", "version": 2, "seed": NaN}', "1:1", "NaN is not a number a save holds"),
    ("[" * 100000, "1:1", "not a saved match"),
])
def test_a_damaged_save_is_refused_in_place(tmp_path, text, place, words):
    path = tmp_path / "match.json"
    path.write_text(text)
    result = run_play("resume", str(path))
    assert result.exit_code == 1
    assert result.stderr.startswith(f"{path}:{place}: error: ")
    assert words in result.stderr
    assert path.read_text() == text


def test_a_bad_setting_replayed_anyway_is_placed_at_the_setting_in_the_save(good_save, tmp_path):
    data = json.loads(good_save)
    data["settings"] = {"hand_size": "abc"}
    path = tmp_path / "match.json"
    path.write_text(json.dumps(data, indent=1))
    result = run_play("resume", "--replay-anyway", str(path))
    assert result.exit_code == 1 and result.stdout == ""
    line = next(n for n, text in enumerate(path.read_text().splitlines(), 1) if '"hand_size"' in text)
    assert result.stderr.startswith(f"{path}:{line}:")
    assert "hand_size: expected a whole number" in result.stderr


def test_a_save_that_is_not_utf8_or_not_a_file_is_refused(tmp_path):
    path = tmp_path / "match.json"
    path.write_bytes(b'{"format": "\xff"}')
    result = run_play("resume", str(path))
    assert result.exit_code == 1 and "not UTF-8 text" in result.stderr
    pipe = tmp_path / "pipe.json"
    os.mkfifo(pipe)
    result = run_play("resume", str(pipe))
    assert result.exit_code == 1 and result.stderr.startswith(f"{pipe}:1:1: error: ")
    assert "a FIFO (named pipe), not a regular file" in result.stderr


# ---- the fingerprint: an edition or rule file changed since

def _play_files(folder, lines=("d", "k", "d", "k", "quit"), extra=()):
    """A match of an edition file built on a copy of classic, with a rule file, saved beside them."""
    classic = unodsl.resources.edition_path("classic")
    shutil.copy(classic, folder / "base.yaml")
    (folder / "mine.yaml").write_text("base: base.yaml\nname: Mine\nid: mine\n")
    (folder / "joke.yaml").write_text("name: joke\nscript: |\n  on play where number == 7:\n    next draws 1\n")
    save = folder / "match.json"
    result = run_play("play", str(folder / "mine.yaml"), *ARGS, "--rule", f"@{folder / 'joke.yaml'}",
                      "--save", str(save), *extra, lines=list(lines))
    assert result.exit_code == 0, result.stderr
    return save


@pytest.mark.parametrize("edited, words", [
    ("mine.yaml", "the edition changed (its file, or a base it builds on)"),
    ("base.yaml", "the edition changed (its file, or a base it builds on)"),
    ("joke.yaml", "the house rules changed"),
])
def test_a_save_whose_files_changed_is_refused_unless_replayed_anyway(tmp_path, edited, words):
    save = _play_files(tmp_path)
    before = save.read_bytes()
    with open(tmp_path / edited, "a") as stream:
        stream.write("# edited\n")
    refused = run_play("resume", str(save), lines=["quit"])
    assert refused.exit_code == 1 and refused.stdout == ""
    assert words in refused.stderr and "--replay-anyway" in refused.stderr
    assert refused.stderr.startswith(f"{save}:")
    assert save.read_bytes() == before
    anyway = run_play("resume", "--replay-anyway", str(save), lines=["quit"])
    assert anyway.exit_code == 0
    assert f"{len(json.loads(before)['answers'])} answers replayed" in flat(anyway.stdout)


def test_a_save_names_its_files_relative_to_itself_and_moves_with_them(tmp_path):
    (tmp_path / "a").mkdir()
    save = _play_files(tmp_path / "a")
    data = json.loads(save.read_text())
    assert data["edition"] == "mine.yaml" and data["rules"] == ["@joke.yaml"]
    assert data["unodsl"] == unodsl.__version__ and set(data["fingerprint"]) == {"edition", "rules", "settings"}
    shutil.move(tmp_path / "a", tmp_path / "b")
    resumed = run_play("resume", str(tmp_path / "b" / "match.json"), lines=["quit"])
    assert resumed.exit_code == 0 and f"{len(data['answers'])} answers replayed" in flat(resumed.stdout)


def test_a_save_above_the_edition_names_its_folder(tmp_path):
    (tmp_path / "editions").mkdir()
    classic = unodsl.resources.edition_path("classic")
    shutil.copy(classic, tmp_path / "editions" / "mine.yaml")
    result = run_play("play", str(tmp_path / "editions" / "mine.yaml"), *ARGS, "--save",
                      str(tmp_path / "m.json"), lines=["quit"])
    assert result.exit_code == 0
    assert json.loads((tmp_path / "m.json").read_text())["edition"] == "editions/mine.yaml"


@pytest.mark.parametrize("option", ["edition", "rule"])
def test_play_refuses_a_save_outside_the_folder_of_its_files(tmp_path, option):
    (tmp_path / "files").mkdir()
    (tmp_path / "saves").mkdir()
    shutil.copy(unodsl.resources.edition_path("classic"), tmp_path / "files" / "mine.yaml")
    (tmp_path / "files" / "joke.yaml").write_text("name: joke\nscript: 'on play where number == 7: next draws 1'\n")
    edition = str(tmp_path / "files" / "mine.yaml") if option == "edition" else "classic"
    rules = ["--rule", f"@{tmp_path / 'files' / 'joke.yaml'}"] if option == "rule" else []
    save = tmp_path / "saves" / "m.json"
    result = run_play("play", edition, *ARGS, *rules, "--save", str(save), lines=["quit"])
    assert result.exit_code == 1 and result.stdout == ""
    assert f"is outside the folder of the save {save}" in flat(result.stderr)
    assert "keep the save beside the edition and rule files, or in a folder above them" in flat(result.stderr)
    assert not save.exists()


def test_a_save_of_another_unodsl_version_says_so_and_goes_on(good_save, tmp_path):
    path = tmp_path / "match.json"
    path.write_text(good_save.replace(f'"unodsl": "{unodsl.__version__}"', '"unodsl": "0.0.1"'))
    result = run_play("resume", str(path), lines=["quit"])
    assert result.exit_code == 0
    assert f"saved by unodsl 0.0.1; this is unodsl {unodsl.__version__}" in flat(result.stdout)


# ---- play --save F: what it may replace, and how

def test_play_never_replaces_a_file_that_is_not_a_save(tmp_path):
    path = tmp_path / "notes.txt"
    path.write_text("my notes\n")
    refused = run_play("play", "classic", *ARGS, "--save", str(path), lines=["quit"])
    assert refused.exit_code == 1 and refused.stdout == ""
    assert f"{path} exists and is not a saved match" in refused.stderr and "--overwrite" in refused.stderr
    assert path.read_text() == "my notes\n"
    replaced = run_play("play", "classic", *ARGS, "--save", str(path), "--overwrite", lines=["quit"])
    assert replaced.exit_code == 0
    assert json.loads(path.read_text())["format"] == "unodsl-match"


def test_play_never_replaces_another_match_or_this_match_in_progress(good_save, tmp_path):
    path = tmp_path / "match.json"
    path.write_text(good_save)
    other = run_play("play", "classic", "--players", "you,greedy", "--seed", "5", "--target", "100",
                     "--save", str(path), lines=["quit"])
    assert other.exit_code == 1 and "is the save of another match" in other.stderr
    same = run_play("play", "classic", *ARGS, "--save", str(path), lines=["quit"])
    assert same.exit_code == 1
    count = len(json.loads(good_save)["answers"])
    assert f"holds this match in progress ({count} answers): `unodsl resume {path}` continues it" in flat(same.stderr)
    assert path.read_text() == good_save


def test_play_may_start_this_match_again_over_its_unstarted_save(tmp_path):
    path = tmp_path / "match.json"
    assert run_play("play", "classic", *ARGS, "--save", str(path), lines=["quit"]).exit_code == 0
    again = run_play("play", "classic", *ARGS, "--save", str(path), lines=["d", "quit"])
    assert again.exit_code == 0
    assert len(json.loads(path.read_text())["answers"]) == 1


@pytest.mark.parametrize("kind", ["fifo", "device", "link to a folder", "link to nothing"])
def test_play_refuses_a_save_that_is_not_a_regular_file(tmp_path, kind):
    path = tmp_path / "match.json"
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "device":
        path = "/dev/null"
    elif kind == "link to a folder":
        os.symlink(tmp_path, path)
    else:
        os.symlink(tmp_path / "nowhere" / "x.json", path)
    result = run_play("play", "classic", *ARGS, "--save", str(path), "--overwrite", lines=["quit"])
    assert result.exit_code in (1, 2) and result.stdout == ""
    assert "regular file" in result.stderr or "link to nothing" in result.stderr \
        or "is a directory" in result.stderr
    assert os.path.lexists(path) and not os.path.isfile(path)


def test_the_save_keeps_its_permissions_and_its_link(tmp_path):
    real = tmp_path / "real.json"
    assert run_play("play", "classic", *ARGS, "--save", str(real), lines=["quit"]).exit_code == 0
    umask = os.umask(0)
    os.umask(umask)
    assert stat.S_IMODE(real.stat().st_mode) == 0o666 & ~umask  # as any new file
    real.chmod(0o640)
    link = tmp_path / "link.json"
    link.symlink_to(real)
    assert run_play("play", "classic", *ARGS, "--save", str(link), lines=["d", "quit"]).exit_code == 0
    assert link.is_symlink() and stat.S_IMODE(real.stat().st_mode) == 0o640
    assert len(json.loads(real.read_text())["answers"]) == 1


def test_a_resume_that_fails_writes_nothing(good_save, tmp_path, monkeypatch):
    path = tmp_path / "match.json"
    data = json.loads(good_save)
    data["answers"][3] = "purple"
    path.write_text(json.dumps(data))
    writes = []
    monkeypatch.setattr(saves, "write", lambda *args: writes.append(args))
    assert run_play("resume", str(path)).exit_code == 1
    assert writes == []


# ---- any edit of a save: resumed, or refused in place; never a traceback

from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 2**70) | st.floats(allow_nan=False) | st.text(max_size=12)
    | st.sampled_from(["classic", "veto", "you,greedy", "greedy,greedy", "red", "DRAW", "../x.yaml", "01-01"]),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(
        st.sampled_from(["card", "label", "marker", "use", "target", "hands", "turn", "x"]), inner, max_size=3),
    max_leaves=6)


def _places(data, path=()):
    """Every path into the save's data (keys of mappings, indexes of lists)."""
    yield path
    items = data.items() if isinstance(data, dict) else enumerate(data) if isinstance(data, list) else ()
    for key, value in items:
        yield from _places(value, (*path, key))


@pytest.mark.parametrize("which", ["good_save", "rich_save"])
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_any_edit_of_a_save_is_resumed_or_refused_in_place(request, which, tmp_path, data):
    save = json.loads(request.getfixturevalue(which))
    place = data.draw(st.sampled_from([p for p in _places(save) if p]), label="place")
    parent = save
    for step in place[:-1]:
        parent = parent[step]
    if data.draw(st.booleans(), label="remove") and isinstance(parent, dict):
        del parent[place[-1]]
    else:
        parent[place[-1]] = data.draw(JSON_VALUES, label="value")
    path = tmp_path / "match.json"
    path.write_text(json.dumps(save, indent=1))
    before = path.read_bytes()
    result = run_play("resume", "--replay-anyway", str(path), lines=["quit"])  # no Traceback (run_play)
    assert result.exit_code in (0, 1), result.stderr
    if result.exit_code == 1:
        assert result.stdout == ""
        assert re.match(rf"{re.escape(str(path))}:\d+:\d+: error: ", result.stderr), result.stderr
        assert path.read_bytes() == before
