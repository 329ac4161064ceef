"""The simple statements in the generated code (draws, skip, reverse, choices, hands shown
and swapped, a written rule applied), and the ones made of blocks: `if`, `for each player`,
`ask`; and `eliminate`. (Which statement exists, and what it runs on, is its row,
on its class in unodsl/lang/ast/.)"""
from __future__ import annotations

from ...errors import ScriptError
from .. import ast
from ..registry import compiles
from .model import _unknown
from .players import true_only_of_someone
from .state_chance import _let_variable


class StatementCode:
    """One handler per statement, registered by its node class (`@compiles(ast.Draw)`)."""

    @compiles(ast.Draw)
    def s_Draw(self, s):
        draw = "g.draw_or_wait" if self.vocab.stacking and s.target.who != "me" else "g.draw"
        self.aimed(s, f"{draw}({{p}}, {self.amount(s.amount, '`draws`')})")

    @compiles(ast.On)
    def s_On(self, s):
        raise ScriptError(f"a hook is a rule for the whole table: write `on {s.event}:` at the top of a house "
                          "rule, not inside a block", s.line, s.column)

    @compiles(ast.StackRule)
    def s_StackRule(self, s):
        raise ScriptError("a stacking rule is for the whole table: write `stack where ...` at the "
                          "top of a house rule, not inside a block", s.line, s.column)

    @compiles(ast.JumpIn)
    def s_JumpIn(self, s):
        raise ScriptError("an out-of-turn window is for the whole table: write `jump in where ...` at the "
                          "top of a house rule, not inside a block", s.line, s.column)

    @compiles(ast.UnoAnyTime)
    def s_UnoAnyTime(self, s):
        raise ScriptError("an out-of-turn window is for the whole table: write `uno at any time, false calls "
                          "draw N` at the top of a house rule, not inside a block", s.line, s.column)

    @compiles(ast.DrawOrPass)
    def s_DrawOrPass(self, s):
        call = f"g.draw_or_pass({{p}}, {self.amount(s.amount, '`draws`')}, {self.predicate(s.predicate)})"
        self.aimed(s, call)

    @compiles(ast.DrawUntil)
    def s_DrawUntil(self, s):
        self.aimed(s, f"g.draw_until({{p}}, {self.predicate(s.predicate)})")

    @compiles(ast.DrawTo)
    def s_DrawTo(self, s):
        self.aimed(s, f"g.draw_or_discard_to({{p}}, {self.amount(s.size, '`to`')}, {s.can_draw})")

    @compiles(ast.DiscardAll)
    def s_DiscardAll(self, s):
        # (sugar: `move all cards where C from P's hand to discard pile`, on the move's short path)
        self.aimed(s, f"g.discard_all({{p}}, {self.predicate(s.predicate)})")

    @compiles(ast.GiveAll)
    def s_GiveAll(self, s):
        self.emit(f"g.give_all(me, {self.predicate(s.predicate)}, list({self.each(s.recipients)}))")

    @compiles(ast.Skip)
    def s_Skip(self, s):
        self.aimed(s, "g.skip({p})")

    @compiles(ast.Reverse)
    def s_Reverse(self, s):
        self.emit("g.reverse()")

    @compiles(ast.FlipCards)
    def s_FlipCards(self, s):
        if not self.vocab.sides:
            raise ScriptError("this edition's cards have one side: there is nothing to turn over", s.line, s.column,
                              hint="an edition of two-sided cards declares its `sides:` (docs/authoring.md, "
                                   "\"Two-sided cards\")")
        self.emit("g.flip_cards(me)")

    @compiles(ast.ChooseColour)
    def s_ChooseColour(self, s):
        if not self.vocab.colours:
            raise ScriptError("this edition has no colours: there is none to choose", s.line, s.column,
                              hint="an edition of Wilds only (`colours: []`) plays any card on any card")
        self.for_each(s.chooser, "g.choose_colour({p})")

    @compiles(ast.ChoosePlayer)
    def s_ChoosePlayer(self, s):
        chooser = self.single(s.chooser)
        self.emit(f"chosen = g.choose_player({chooser}, {self.player_predicate(s.predicate)})")
        self.chose(s)

    def chose(self, s) -> None:
        """After `choose [random] player`: someone, unless a condition left no one to choose.
        Without one, no one is left only when every other player has left the round,
        which is then over: so is the script (what follows would be about no one)."""
        if s.predicate is None and self.vocab.eliminates:
            self.emit("if chosen is None:")
            self.emit("    return")
        self.chosen, self.maybe_nobody = True, s.predicate is not None

    @compiles(ast.ExtraTurn)
    def s_ExtraTurn(self, s):
        self.emit("g.extra_turn(me)")

    @compiles(ast.TurnAnother)
    def s_TurnAnother(self, s):
        if self.context.kind != "start":
            raise ScriptError(f"`turn another` replaces a start card, so it belongs in an `on_start:` rule, "
                              f"not in {self.context.about()}", s.line, s.column)
        self.emit("g.turn_another(card)")
        self.emit("return")  # the card is no longer on the pile: nothing more to do with it

    @compiles(ast.ShowHand)
    def s_ShowHand(self, s):
        self.aimed(s, f"g.show_hand({{p}}, list({self.each(s.viewers)}))")

    @compiles(ast.FaceUp)
    def s_FaceUp(self, s):
        self.aimed(s, "g.face_up({p}, me)")

    @compiles(ast.SwapHands)
    def s_SwapHands(self, s):
        self.emit(f"g.swap_hands({self.single(s.player)}, {self.single(s.other)})")

    @compiles(ast.RotateHands)
    def s_RotateHands(self, s):
        self.emit("g.rotate_hands()")

    @compiles(ast.ApplyRule)
    def s_ApplyRule(self, s):
        if self.context.kind == "written":
            raise ScriptError("a rule written on a card cannot apply the rule written on it: "
                              "it would apply itself again and again", s.line, s.column)
        if not self.context.has_card:
            raise ScriptError(f"`apply written rule` reads the card's rule, but {self.context.about()} "
                              "is about no card", s.line, s.column)
        self.emit("g.apply_written_rule(me, card)")

    @compiles(ast.ApplyNamedRule)
    def s_ApplyNamedRule(self, s):
        self.applies_written_rule(s, f"`apply written rule {s.name}`")
        if s.name not in self.vocab.written_rules:
            error = _unknown(s, s.name, list(self.vocab.written_rules), what="written rule")
            error.line, error.column = s.name_line or s.line, s.name_column or s.column
            if not self.vocab.written_rules:
                error.hint = "write its script in the edition's `written_rules:` section"
            raise error
        self.emit(f"g.apply_written_rule(me, card, {s.name!r})")

    @compiles(ast.ApplyRandomRule)
    def s_ApplyRandomRule(self, s):
        self.applies_written_rule(s, "`apply random written rule`")
        self.chance(s)
        if not self.vocab.written_rules:
            raise ScriptError("`apply random written rule` draws one of the edition's written rules, but it has "
                              "none", s.line, s.column, hint="write them in the edition's `written_rules:` section")
        self.emit("g.apply_written_rule(me, card, g.random_written_rule())")

    def applies_written_rule(self, s, what: str) -> None:
        """Refuse to apply a written rule where it could not run: inside a rule written on a
        card or in `written_rules:` (rules applying rules could apply each other forever), and
        in a script about no card (a written rule is about the card played)."""
        if self.context.kind == "written":
            raise ScriptError(f"a written rule cannot apply a written rule ({what}): rules applying rules "
                              "could apply each other forever", s.line, s.column,
                              hint="write the statements of the other rule here instead")
        if not self.context.has_card:
            raise ScriptError(f"{what} runs a rule about the card played, but {self.context.about()} "
                              "is about no card", s.line, s.column)

    @compiles(ast.Nothing)
    def s_Nothing(self, s):
        self.emit("pass")

    @compiles(ast.If)
    def s_If(self, s):
        bodies = [body for _, body in s.branches] + ([s.otherwise] if s.otherwise else [])

        def header(index):
            if index < len(s.branches):
                self.emit(f"{'if' if index == 0 else 'elif'} {self.expr(s.branches[index][0], self.card)}:")
                if true_only_of_someone(s.branches[index][0]):  # (`if chosen.hand >= 0:`)
                    self.maybe_nobody = False
            else:
                self.emit("else:")

        self.branches(bodies, bool(s.otherwise), header)

    @compiles(ast.ForEach)
    def s_ForEach(self, s):
        if s.variable != "player":
            self.for_each_named(s)
            return
        if self.looping:
            raise ScriptError("a `for each player` loop inside another would hide the outer `player`",
                              s.line, s.column, hint="name the inner loop's player: `for each q in others:`")
        group = self.each(s.group)
        self.looping = True
        try:
            self.loop_over(s, group, "player")
        finally:
            self.looping = False

    def for_each_named(self, s) -> None:
        """`for each p in GROUP:`: `p` holds each player in turn, as a `let` name holds one
        (`p draws 1`, `p's hand`, `p.hand`), in the block only."""
        name = s.variable
        if name in self.reserved_names() or name in self.lets:
            raise ScriptError(f"`for each {name}` would hide what `{name}` already means here", s.line, s.column,
                              hint="give the loop's player another name")
        group = self.each(s.group)
        self.lets[name] = "player"
        try:
            self.loop_over(s, group, _let_variable(name), name)
        finally:
            del self.lets[name]

    def loop_over(self, s, group: str, variable: str, name: str | None = None) -> None:
        def header(_index):
            self.emit(f"for {variable} in list({group}):")
            self.depth += 1
            self.emit(f"if {variable} in g.out: continue  # left the round during the loop")
            self.depth -= 1
            self.spend_each_pass(s.body)
            if name is not None:
                self.assigned = self.assigned | {name}

        # (the body may run no time at all: what it does to `chosen` is not certain after it)
        self.loop(s, lambda: self.branches([s.body], False, header))

    @compiles(ast.Eliminate)
    def s_Eliminate(self, s):
        self.vocab.eliminating = True
        self.for_each(s.target, f"g.eliminate({{p}}, {s.shuffled})")

    @compiles(ast.Ask)
    def s_Ask(self, s):
        var = self.fresh("a")
        question = self.said(s.question, s.question_line or s.line, s.question_column or s.column)
        answers = [self.said(answer.text, answer.line, answer.column) for answer in s.answers]
        if any(answer.startswith("''.join(") for answer in answers):  # (values said: each worked out once)
            names = [self.fresh("o") for _ in answers]
            for name, answer in zip(names, answers):
                self.emit(f"{name} = {answer}")
            answers = names
        self.emit(f"{var} = g.ask_question({self.single(s.target)}, {question}, [{', '.join(answers)}])")

        def header(index):
            self.emit(f"{'if' if index == 0 else 'elif'} {var} == {answers[index]}:")

        # (the player answers with one of the answers: every path runs one of them)
        self.branches([answer.body for answer in s.answers], True, header)
