"""The turn loop written for each edition (unodsl.engine.specialise) plays the identical games
the interpreter plays: the same rounds, scores and final hands, and the same random numbers
drawn (the generators' states at the end), for every shipped edition and popular house rule,
with random, greedy and mixed agents, at two and more players."""
from __future__ import annotations

import random
import re

import pytest

import unodsl
from unodsl.match import Match
from unodsl.agents.random_agent import RandomAgent
from unodsl.engine.decisions import DRAW, TURN, WRITE_RULE
from unodsl.engine.round import Round
from unodsl.engine.specialise import respecialise, round_source, specialised
from unodsl.resources import data_dir
from unodsl.sim.tally import CountingMatch

EDITIONS = sorted(path.stem for path in data_dir("editions").glob("*.yaml"))
HOUSE_RULES = sorted(path.stem for path in (data_dir("editions") / "house-rules" / "popular").glob("*.yaml"))
BLANK_CARD_RULES = sorted(path.stem for path in (data_dir("editions") / "house-rules").glob("*.yaml"))
AGENTS = ("random", "greedy", "random,greedy")


def seats(agents: str, players: int) -> str:
    kinds = agents.split(",")
    return ",".join(kinds[seat % len(kinds)] for seat in range(players))


def played(edition, players: int, agents: str, seed: int, specialise: bool, match_class=Match) -> tuple:
    """Everything a match leaves behind that its random numbers decide."""
    match = match_class(edition, players=players, agents=seats(agents, players), seed=seed, record=False,
                        target=200, specialise=specialise)
    result = match.play()
    rnd = match.round
    assert isinstance(rnd, specialised(edition, match_class.round_class)) == specialise
    return (result, [[card.uid for card in hand] for hand in rnd.hands], [c.uid for c in rnd.discard],
            [c.uid for c in rnd.draw_pile], rnd.side, [sorted(seen) for seen in rnd.known],
            dict(rnd.face_up_until), match.rng.getstate(),
            [agent.rng.getstate() for agent in match.agents])


def same_games(edition, tables, label: str, seeds=range(3)) -> None:
    """Both loops play the same games at each of `tables` (numbers of players), for every
    mix of agents and seed."""
    for players in tables:
        for agents in AGENTS:
            for seed in seeds:
                assert played(edition, players, agents, seed, True) == played(edition, players, agents, seed, False), \
                    f"{label}, {players} players, {agents}, seed {seed}"


def tables(edition) -> list[int]:
    low, high = edition.settings["players"]["min"], edition.settings["players"]["max"]
    return sorted({max(low, 2), min(max(low, 4), high), min(high, 7)})


@pytest.mark.parametrize("name", EDITIONS)
def test_every_edition_plays_the_same_games(name):
    edition = unodsl.load_edition(name)
    same_games(edition, tables(edition), name)


@pytest.mark.parametrize("name", EDITIONS)
def test_a_match_nobody_records_plays_the_recorded_game(name):
    """Recording changes nothing but the log: the quick paths of unrecorded rounds (the loop
    written for the edition, a draw or a chance with no event to record) play the same game."""
    edition = unodsl.load_edition(name)
    for seed in range(3):
        for agents in AGENTS:
            recorded = Match(edition, players=4, agents=seats(agents, 4), seed=seed, target=200)
            unrecorded = Match(edition, players=4, agents=seats(agents, 4), seed=seed, target=200, record=False)
            assert recorded.result() == unrecorded.result(), f"{name}, {agents}, seed {seed}"
            assert recorded.rng.getstate() == unrecorded.rng.getstate()
            assert [a.rng.getstate() for a in recorded.agents] == [a.rng.getstate() for a in unrecorded.agents]


@pytest.mark.parametrize("rule", HOUSE_RULES)
def test_every_popular_house_rule_plays_the_same_games(rule):
    same_games(unodsl.load_edition("classic", rules=[f"@{rule}"]), (2, 4), f"@{rule}")


@pytest.mark.parametrize("rule", BLANK_CARD_RULES)
def test_every_starter_rule_on_a_blank_card_plays_the_same_games(rule):
    """VETO's starter rules, written on its blank card (hands face up, extra turns, ...)."""
    same_games(unodsl.load_edition("veto", rules=[f"@{rule}"]), (4,), f"@{rule}")


@pytest.mark.parametrize("settings", [{"play_drawn": "must"}, {"play_drawn": "never"},
                                      {"draw_until_playable": True}, {"stacking": True}])
def test_the_turns_draw_is_written_for_each_way_of_drawing(settings):
    """A drawn card that goes is always played, never played, or drawn until one goes."""
    same_games(unodsl.load_edition("classic", settings=settings), (2, 4), str(settings))


def test_out_of_turn_editions_play_the_same_games():
    """Reactions (a quiet effect clears the players offered one), and a table card whose use
    draws, not skips (its target's turn comes with the card lying on them and no skip)."""
    from engine import test_out_of_turn

    for name in ("EDITION", "TWO_TABLE_CARDS", "GIVING_SHIELD"):
        edition = getattr(test_out_of_turn, name)
        respecialise(edition)  # (loaded as that module was imported: its loop is written here)
        same_games(edition, (2, 4), name, seeds=range(4))


def test_a_turn_start_hook_may_end_the_round():
    """A player who discards their last cards as their turn begins has won: the loop ends there."""
    edition = unodsl.load_edition("classic", rules=["on turn_start where me.hand <= 2:\n  me discards all"])
    same_games(edition, (2, 3), "turn_start")
    match = Match(edition, players=3, agents="random", seed=2, record=False)
    assert match.result().rounds and all(r.winner is not None for r in match.result().rounds)


def test_simulations_count_the_same_games():
    """A simulation's rounds (CountingRound, which notes every card played) are written out too."""
    edition = unodsl.load_edition("no-mercy")
    for seed in range(4):
        fast = CountingMatch(edition, players=4, agents="random", seed=seed, record=False)
        slow = CountingMatch(edition, players=4, agents="random", seed=seed, record=False, specialise=False)
        fast.play(), slow.play()
        assert type(fast.round).__name__ == "Specialised" and type(slow.round).__name__ == "CountingRound"
        assert fast.tally == slow.tally


def test_hooks_and_blank_cards_play_the_same_games():
    """House rules' hooks (a play hook makes every kind loud; a turn_start hook makes each turn
    begin the long way), and an edition with blank cards (whose rules, written during play, may
    recompile every script: see the next test). A play hook follows a card with an effect too
    (the loop plays such loud kinds itself)."""
    rules = ["on turn_start where me holds number == 3:\n  me draws 1",
             "on play where number == 7:\n  previous draws 1",
             "on play where kind == reverse:\n  me draws 1"]
    same_games(unodsl.load_edition("classic", rules=rules), (3,), "hooks", seeds=range(4))
    # Hooks that watch the turn's draw: it is then drawn the interpreter's way.
    for rule in ("on draw where number == 5:\n  skip next", "on hand_grows where me.hand > 6:\n  skip next"):
        same_games(unodsl.load_edition("classic", rules=[rule]), (3,), rule, seeds=range(4))
    same_games(unodsl.load_edition("classic-2018"), (3,), "classic-2018", seeds=range(4))


def test_recorded_matches_use_the_interpreter():
    edition = unodsl.load_edition("classic")
    recorded = Match(edition, players=2, agents="random", seed=1)
    assert type(recorded.round) is Round


def outside_game(edition, seed: int, specialise: bool) -> tuple:
    """A match nobody records, seat 0 answered from outside: as often as not, it draws
    rather than play a card that goes; otherwise a random option."""
    chooser = random.Random(seed)
    match = Match(edition, players=3, agents=[None, "random", "greedy"], seed=seed, record=False,
                  target=200, specialise=specialise)
    draws = 0
    while not match.finished:
        decision = match.decision
        if decision.kind is TURN and DRAW in decision.options and chooser.random() < 0.5:
            draws += 1
            match.answer(DRAW)
        else:
            match.answer(decision.options[chooser.randrange(len(decision.options))])
    rnd = match.round
    assert isinstance(rnd, specialised(edition)) == specialise
    return (match.result(), [[c.uid for c in hand] for hand in rnd.hands], [c.uid for c in rnd.discard],
            match.rng.getstate()), draws


@pytest.mark.parametrize("name", ["classic", "all-wild"])
def test_a_seat_answered_from_outside_plays_the_same_game_in_both_loops(name):
    """The written loop asks it through Decisions as the interpreter does, and its draws are
    drawn the same way (All Wild!: every card goes, so only such a seat ever draws there)."""
    edition = unodsl.load_edition(name)
    drawn = 0
    for seed in range(3):
        written, draws = outside_game(edition, seed, True)
        assert written == outside_game(edition, seed, False)[0], f"{name}, seed {seed}"
        drawn += draws
    assert drawn > 0


def test_where_every_kind_may_react_a_quiet_effect_still_clears_the_offers():
    """An edition in which every kind is also a reaction (to any card): after each quiet
    effect the loop clears who was offered a reaction, as play_card does."""
    from unodsl.edition.loader import load_edition_text

    kinds = ("number", "draw_two", "reverse", "skip", "wild", "wild_draw_four")
    text = "name: Reacting\nid: reacting\nbase: classic\nkinds:\n" + "".join(
        f"  {kind}:\n    reaction: {{against: always, effect: choose colour}}\n" for kind in kinds)
    edition = load_edition_text(text, "reacting.yaml")
    assert "self.offered.clear()" in round_source(edition)
    same_games(edition, (2, 4), "reacting", seeds=range(4))


def test_a_round_class_that_changes_play_card_has_its_own_called_by_the_written_loop():
    """A method of the turn's that a subclass writes again is what the loop derived runs:
    copied in when it can be (as the tally's), called when not (one calling `super()`)."""
    played = []

    class Watching(Round):
        def play_card(self, p, card):
            played.append(card)
            return super().play_card(p, card)

    class OwnLoop(Round):
        def _turns(self):
            return super()._turns()

    edition = unodsl.load_edition("classic")
    loop = specialised(edition, Watching)
    assert loop is not Watching and issubclass(loop, Watching)
    assert "self.play_card(p, card)" in loop.source and "kind is kind_" not in loop.source
    assert specialised(edition, OwnLoop) is OwnLoop  # (a class that writes its own turn loop)
    assert specialised(edition, Round) is specialised(edition, Round)  # made once per edition
    class WatchingMatch(Match):
        round_class = Watching

    match = WatchingMatch(edition, players=3, agents="random", seed=4, record=False, max_rounds=1)
    match.play()
    assert played and type(match.round) is loop


def test_the_written_loop_has_the_editions_answers_in_it():
    """What makes it quicker: the kinds' effects copied in with their primitives written out,
    the playable table read by face, a random agent's pick inline."""
    edition = unodsl.load_edition("classic")
    source = round_source(edition)
    assert specialised(edition).source == source  # (what a reader is shown)
    assert "skips[(p + self.direction) % n] += 1" in source  # `skip next` (the lists read from local names)
    assert "self.direction = -self.direction" in source  # `reverse`
    assert "row = rows[top.face]" in source
    assert "playable[floor(rand() * len(playable))]" in source
    compile(source, "<classic>", "exec")


@pytest.mark.parametrize("players", range(2, 11))
def test_a_deck_without_numbers_deals_from_the_same_seat_unrecorded(players):
    """Every card of All Wild! counts 0 for the dealer: all tie until the cards run out, and
    chance decides among those who drew last (a match nobody records skips the draws)."""
    edition = unodsl.load_edition("all-wild")
    for seed in range(4):
        recorded = Match(edition, players=players, agents="random", seed=seed, max_rounds=1)
        unrecorded = Match(edition, players=players, agents="random", seed=seed, max_rounds=1, record=False)
        dealer = next(event["player"] for event in recorded.log if event["event"] == "dealer")
        assert recorded.round.dealer == unrecorded.round.dealer == dealer
        assert unrecorded.result() == recorded.result() and unrecorded.rng.getstate() == recorded.rng.getstate()


def test_an_edition_of_many_kinds_writes_out_the_commonest_and_plays_the_same_games():
    """A file may declare hundreds of kinds: the loop writes out 32 (the commonest in the deck),
    and the others take its general branch."""
    from unodsl.edition.loader import load_edition_text
    from unodsl.engine.specialise import MAX_WRITTEN_KINDS

    kinds = "\n".join(f"  k{i}: {{name: K{i}, points: 1, playable: always, deck: {{count: {1 + i % 3}}}}}"
                      for i in range(300))
    edition = load_edition_text(f"name: Many\nid: many\nversion: 1\nsource: t\ncolours: [red]\nkinds:\n{kinds}\n")
    source = round_source(edition)
    assert source.count("if kind is kind_") == MAX_WRITTEN_KINDS  # (and `elif kind is kind_`)
    first = re.search(r"^ +if kind is kind_(\d+):", source, re.M).group(1)
    assert first == "2"  # (k2: of the kinds with 3 cards, the commonest, the first declared)
    for seed in range(3):
        assert played(edition, 3, "random", seed, True) == played(edition, 3, "random", seed, False)


def test_no_text_of_the_edition_file_becomes_code_of_the_loop():
    """A kind's name is written into the loop as a literal in a comment: one holding a newline
    and Python stays in the comment (it ended the comment, and the code after it was compiled)."""
    from unodsl.edition.loader import load_edition_text

    text = "name: Inject\nid: inject\nbase: classic\nkinds:\n  skip:\n" \
           "    name: \"Skip\\n        raise SystemExit('injected')\"\n"
    edition = load_edition_text(text, "inject.yaml")
    assert not any(line.strip().startswith("raise SystemExit") for line in round_source(edition).splitlines())
    assert played(edition, 2, "random", 1, True) == played(edition, 2, "random", 1, False)


class WritesLeaving(RandomAgent):
    """A random agent that writes, on a blank card, a rule that makes a player leave."""

    def pick(self, kind, options, about, view):
        if kind is WRITE_RULE:
            return "eliminate next, cards under discard pile"
        return super().pick(kind, options, about, view)


def test_a_rule_written_mid_game_that_eliminates_plays_the_same_games():
    """In an edition with blank cards the loop copies the kinds' effects in, good only until a
    rule written at the table makes a player leave and every script is compiled again (then
    `next` passes over who left): from that play on, the loop calls the kinds' functions. Each
    loop plays on an edition of its own (the recompile changes the edition in place), the same
    matches in the same order: the rule is written in the first, and players leave."""
    editions = {loop: unodsl.load_edition("classic-2018") for loop in (True, False)}
    assert not editions[True].vocabulary.eliminates
    assert "and (not vocabulary_.eliminates):" in round_source(editions[True])  # (the effects copied in)
    for seed in range(6):
        games = {}
        for loop, edition in editions.items():
            match = Match(edition, players=4, agents=[WritesLeaving] * 4, seed=seed, record=False,
                          target=200, specialise=loop)
            result = match.play()
            games[loop] = (result, [[card.uid for card in hand] for hand in match.round.hands],
                           [c.uid for c in match.round.discard], match.rng.getstate(),
                           [agent.rng.getstate() for agent in match.agents])
        assert games[True] == games[False], f"seed {seed}"
        assert editions[True].vocabulary.eliminates, "the rule was written, and scripts compiled again"
    assert type(match.round).__name__ != "Specialised"
    left = Match(editions[True], players=4, agents=[WritesLeaving] * 4, seed=1, record=False, target=200)
    left.play()
    assert isinstance(left.round, specialised(editions[True])) and left.round.out  # (someone left)


def test_where_every_card_always_goes_the_playable_cards_are_the_hand():
    """UNO All Wild!: every kind's `playable` is `always`, so no table is read; a kind that
    may be played only sometimes keeps the table."""
    from unodsl.edition.loader import load_edition_text

    assert "playable = hand[:]" in round_source(unodsl.load_edition("all-wild"))
    assert "playable = hand[:]" not in round_source(unodsl.load_edition("classic"))
    text = "name: Nearly\nid: nearly\nbase: all-wild\nkinds:\n  wild_skip:\n    playable: top.kind != wild_skip\n"
    edition = load_edition_text(text, "nearly.yaml")
    assert "playable = hand[:]" not in round_source(edition)
    same_games(edition, (3,), "nearly")


def test_a_bluff_condition_of_a_plain_card_beside_blank_cards():
    """In an edition with blank cards (whose written rules may compile every script again) a
    kind without an effect is played in the loop, its bluff condition read as it runs."""
    from unodsl.edition.loader import load_edition_text

    text = "name: Bluffs\nid: bluffs\nbase: classic-2018\nkinds:\n  number:\n" \
           "    bluff_if: me holds colour == top.colour\n"
    edition = load_edition_text(text, "bluffs.yaml")
    assert any(kind.blank for kind in edition.kinds.values()) and edition.kinds["number"].bluff_if is not None
    same_games(edition, (3,), "bluffs")


# Classic with two table cards and a Wild that puts the next player out: random agents use the
# table cards (through OfferingTableCards and the random policy) both before and after players have left the round.
KNOCKOUT_AND_TRADE = """
  knockout:
    name: Knockout
    wild: true
    deck: {count: 12}
    points: 50
    playable: always
    effect: |
      eliminate next, cards under discard pile
      choose colour
  trade:
    name: Trade
    deck: {count: 2}
    points: 20
    use: chosen draws 2
"""


def test_a_random_use_of_a_table_card_picks_among_the_players_still_in_as_the_interpreter_does():
    # (the use is picked by index among the uses a Decision would list: each card, on each other
    # player still in the round, in turn order; with no one out, the next seats)
    classic = (data_dir("editions") / "classic.yaml").read_text()
    text = classic.replace("total: 108\n", "").replace("\nkinds:\n", "\nkinds:\n" + KNOCKOUT_AND_TRADE.lstrip("\n"), 1)
    edition = unodsl.load_edition_text(text + "table: [trade]\n", "knockout.yaml")
    same_games(edition, (3, 5), "knockout and trade", seeds=range(4))


def _bound_in_the_package(bound) -> set:
    """(module, function) of every assignment in unodsl whose target has a part `bound(part)`."""
    import ast as syntax
    from pathlib import Path

    package = Path(unodsl.__file__).parent
    binding = set()
    for path in package.rglob("*.py"):
        tree = syntax.parse(path.read_text(encoding="utf-8"))
        for function in (n for n in syntax.walk(tree) if isinstance(n, syntax.FunctionDef)):
            for node in syntax.walk(function):
                targets = node.targets if isinstance(node, syntax.Assign) else \
                    [node.target] if isinstance(node, (syntax.AugAssign, syntax.AnnAssign)) else []
                if any(bound(part) for target in targets for part in syntax.walk(target)):
                    binding.add((path.relative_to(package).as_posix(), function.name))
    return binding


def test_the_attributes_the_written_loop_reads_from_local_names_are_bound_only_before_play():
    """The loop reads the round's STABLE attributes from the names its turn binds them to at
    its top: only the making of a round (or of a view, a world, a check's stand-in, or
    something else of the same name) binds one; nothing that runs during the turns does."""
    import ast as syntax

    from unodsl.engine.turns import STABLE

    binding = _bound_in_the_package(lambda part: isinstance(part, syntax.Attribute) and part.attr in STABLE
                                    and isinstance(part.ctx, syntax.Store))
    before_play = {("engine/round.py", "__init__"), ("engine/setup.py", "apply_setup"),  # a round made, laid out
                   ("seat/world_maker.py", "__init__"), ("seat/world_maker.py", "make"),  # a world made
                   ("engine/view.py", "view_of"), ("agents/reading.py", "__init__"),  # views, not rounds
                   ("edition/checks.py", "__init__"), ("match.py", "__init__"),  # a check's stand-in, a match
                   ("sim/stats.py", "__init__"), ("sim/stats.py", "add")}  # (counts named n)
    assert binding <= before_play, sorted(binding - before_play)


def test_every_part_of_the_round_holds_its_own_state():
    """Round's slots are its parts' STATE, each name held by one part."""
    names = [name for part in (Round, *Round.PARTS) for name in part.STATE]
    assert len(names) == len(set(names)), sorted(name for name in set(names) if names.count(name) > 1)
    assert set(Round.__slots__) == {*names, "__weakref__"}
    assert all(part in Round.__mro__ for part in Round.PARTS)


def test_the_lists_whose_items_the_written_loop_reads_once_keep_them():
    """The loop reads `hands[p]` once a turn (STABLE_ITEMS): each seat's hand is the same list
    the whole round. Only a world being made, and a seat's observer trying faces for a moment
    (put back at once, in a recorded round), bind an item of one."""
    import ast as syntax

    from unodsl.engine.turns import STABLE_ITEMS

    binding = _bound_in_the_package(
        lambda part: isinstance(part, syntax.Subscript) and isinstance(part.ctx, syntax.Store)
        and getattr(part.value, "attr", getattr(part.value, "id", None)) in STABLE_ITEMS)
    assert binding <= {("seat/world_maker.py", "make"), ("seat/observe.py", "_bluff_faces")}, sorted(binding)


def test_a_file_of_many_large_effects_has_some_called_not_copied_in():
    """What is copied into the loop is bounded (MAX_COPIED_STATEMENTS, all kinds together):
    past it, the kinds' effects are called, and the games are the same."""
    from unodsl.edition.loader import load_edition_text
    from unodsl.engine.specialise import MAX_COPIED_STATEMENTS

    body = "\n".join(["      next draws 1", "      me chooses colour", "      skip next"] * 30)
    kinds = "\n".join(f"  k{i}:\n    name: K{i}\n    points: 1\n    playable: always\n    deck: {{count: 4}}\n"
                      f"    on_start: skip next\n    effect: |\n{body}" for i in range(32))
    edition = load_edition_text(f"name: Big\nid: big\nversion: 1\nsource: t\ncolours: [red, blue]\n"
                                f"settings: {{players: {{min: 2, max: 4}}}}\nkinds:\n{kinds}\n", "big.yaml")
    source = round_source(edition)
    called = len(re.findall(r"kind_\d+\.effect\.function\(self, p, card\)", source))
    assert called >= 32 - MAX_COPIED_STATEMENTS // 90  # (each effect is over 90 statements)
    assert len(source.splitlines()) < 2000
    for seed in range(2):
        assert played(edition, 3, "random", seed, True) == played(edition, 3, "random", seed, False)
