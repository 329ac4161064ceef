"""Values and state in the generated code: `let`, the edition's `state:` (per player and
per game), and chance (`random ...`, drawn in effects only)."""
from __future__ import annotations

from ...errors import ScriptError
from .. import ast
from ..registry import compiles
from .model import (_A_TYPE, ANSWERING_SCRIPTS, CARD_VALUES, GROUP_PLAYERS, PAST_CARDS, PLAYER_ATTRIBUTES,
                    SINGLE_PLAYERS, StateVar, _unknown)


class StateChanceCode:
    """`let` names, state variables and chance."""

    def value_name(self, node: ast.Name, card) -> str:
        """A `let` name, or `card` / `top` as a card value."""
        name = node.name
        if name in CARD_VALUES and name not in self.all_lets:
            if name == "card":
                if not self.context.has_card:
                    raise self.no_card(node, "card")
                self.pure = False
                self.reads_card = True
            elif name in PAST_CARDS:
                self.past_card(node, name)
            return CARD_VALUES[name]
        if name not in self.assigned:
            raise ScriptError(f"`{name}` is read here, but is not certainly set before it", node.line, node.column,
                              hint=f"put `let {name} = ...` before it, on every path (in each branch of an `if`)")
        return _let_variable(name)

    def past_card(self, node: ast.Node, name: str) -> None:
        """`under_top` or `answered`: read in play (never a card's looks alone, as `top` is:
        no condition reading them is kept by face); `answered` only where a card may be played
        as an answer."""
        self.pure = False
        if name == "answered":
            self.answer_read(node, "`answered` is the card an answer answers")

    def answer_read(self, node: ast.Node, what: str) -> None:
        """Refuse `answered` or `played as answer` in a script never played as an answer."""
        if self.context.kind in ANSWERING_SCRIPTS:
            return
        hint = ("in a `stack where` rule, the card answered is `top`" if self.context.kind == "condition"
                else "read it in a card's `effect` (a reaction's too): a card played as an answer runs it")
        raise ScriptError(f"{what}, but {self.context.about()} never runs as an answer",
                          node.line, node.column, hint=hint)

    def dotted_value(self, node: ast.Dotted) -> str:
        """`game.NAME` (a game variable) or `NAME.attribute` of a card held by a `let` name."""
        if node.base in PAST_CARDS and node.base not in self.all_lets:  # `under_top.colour`: none if none
            held = self.value_name(ast.Name(node.line, node.column, node.base), None)
            return f"(None if {held} is None else {self.x_Name(node.attr_node(), held)})"
        if node.base == "game":
            var = self.state_var(self.vocab.game_state, node.attr, node.attr_node(), "game variable")
            self.pure = False
            return f"g.game_state[{var.name!r}]"
        held = self.value_name(ast.Name(node.line, node.column, node.base), None)
        if self.lets[node.base] == "player":  # `victim.hand`: a figure of the player held
            return self.x_PlayerAttr(ast.PlayerAttr(node.line, node.column, player=ast.NamedPlayer(
                node.line, node.column, who="named", name=node.base), attr=node.attr), None)
        if self.lets[node.base] not in ("card", "any"):
            raise ScriptError(f"`{node.base}` is {_A_TYPE[self.lets[node.base]]}, not a card: it has no "
                              f"`.{node.attr}`", node.line, node.column)
        return f"(None if {held} is None else {self.x_Name(node.attr_node(), held)})"

    def read_player_state(self, node: ast.PlayerAttr) -> str:
        self.pure = False
        value = f"g.player_state[{self.single(node.player)}][{node.attr!r}]"
        return self.unless_nobody(node.player, value, "None")

    def state_var(self, declared: dict, name: str, node: ast.Node, what: str) -> StateVar:
        if name in declared:
            return declared[name]
        other = self.vocab.game_state if declared is self.vocab.player_state else self.vocab.player_state
        hint = None
        if name in other:
            hint = (f"`{name}` is a game variable: write `game.{name}`" if other is self.vocab.game_state
                    else f"`{name}` is each player's: write `me.{name}` (or `next.{name}`, ...)")
        error = _unknown(node, name, list(declared), what=what)
        if hint or not declared:
            error.hint = hint or "declare it in the edition's `state:` section"
        raise error

    def state_ref(self, ref: ast.StateRef) -> StateVar:
        """The variable a `set`/`add`/`flip` changes."""
        at = ast.Name(ref.name_line or ref.line, ref.name_column or ref.column, ref.name)
        if ref.player is not None or self.held_base(ref) is not None:
            return self.state_var(self.vocab.player_state, ref.name, at, "player variable")
        if ref.base != "game":
            raise _unknown(ast.Name(ref.line, ref.column, ref.base), ref.base, ["game", *SINGLE_PLAYERS,
                                                                                   *GROUP_PLAYERS],
                           what="name before '.'")
        return self.state_var(self.vocab.game_state, ref.name, at, "game variable")

    def change_state(self, ref: ast.StateRef, call: str) -> None:
        """Emit `call` (with {p}: the seat, or None for the game) for each player of the ref."""
        self.pure = False
        player = ref.player or self.held_base(ref)
        if player is None:
            self.emit(call.format(p="None"))
        else:
            self.for_each(player, call)

    def held_base(self, ref: ast.StateRef) -> ast.NamedPlayer | None:
        """`p.power` where `p` is a name holding a player (a `let`, a loop's `for each p`):
        that player's variable."""
        if ref.player is None and ref.base != "game" and ref.base in self.all_lets:
            return ast.NamedPlayer(ref.line, ref.column, "named", ref.base)
        return None

    def state_value(self, var: StateVar, node: ast.Node, what: str) -> str:
        """The source of a value stored in `var`, checked against its type."""
        kind = self.type_of(node)
        wanted = var.value_type
        if kind not in (wanted, "any"):
            raise ScriptError(f"{what} holds {_A_TYPE[wanted]} ({var.type}), not {_A_TYPE[kind]}",
                              node.line, node.column)
        if var.type == "colour" and isinstance(node, (ast.Str, ast.Name)):
            word = node.value if isinstance(node, ast.Str) else node.name
            # (a Name may be a card's colour, a `let`, ...: only another value, or no name, is wrong)
            written = (isinstance(node, ast.Str) or word in self.vocab.values()
                       or word not in {*self.reserved_names(), *self.all_lets})
            if written and word not in self.vocab.colours:
                raise _unknown(node, word, list(self.vocab.colours), what="colour")
        source = self.expr(node, self.card)
        # What the variable may hold, whatever the value turns out to be: an absent number
        # counts as 0, a text that is no colour as none.
        if var.type == "counter":
            return f"(_whole({source}) or 0)"
        if var.type == "flag":
            return f"bool({source})"
        if var.type == "colour":
            return f"_colour({source}, {tuple(self.vocab.colours)!r})"
        return source

    @compiles(ast.Let)
    def s_Let(self, s):
        name = s.name
        if name in self.reserved_names():
            raise ScriptError(f"`let {name}` would hide what `{name}` already means here", s.line, s.column,
                              hint="give the value another name")
        kind = self.type_of(s.value)
        if isinstance(s.value, ast.PlayerValue) and s.value.player.who == "chosen" and self.maybe_nobody:
            raise ScriptError("`chosen` may be no one here (`choose player where` may find none): a name "
                              "holds someone", s.value.line, s.value.column,
                              hint="choose without a condition, or test first and go on in that test's block: "
                                   "`if chosen.hand >= 0:` ...")
        known = self.lets.get(name)
        if known is not None and "any" not in (known, kind) and known != kind:
            raise ScriptError(f"`{name}` was set to {_A_TYPE[known]}; here it would be {_A_TYPE[kind]}",
                              s.line, s.column, hint="give the value another name")
        self.emit(f"{_let_variable(name)} = {self.expr(s.value, self.card)}")
        self.note_outcome(name, s.value)
        self.lets[name] = kind if known in (None, "any") else known
        self.assigned = self.assigned | {name}

    def reserved_names(self) -> set:
        return {*self.known_names(), *CARD_VALUES, *PLAYER_ATTRIBUTES, *SINGLE_PLAYERS, *GROUP_PLAYERS, "game",
                "settings", *self.vocab.settings}

    @compiles(ast.SetState)
    def s_SetState(self, s):
        var = self.state_ref(s.ref)
        value = self.fresh("v")
        self.emit(f"{value} = {self.state_value(var, s.value, f'`{var.name}`')}")
        self.change_state(s.ref, f"g.set_state({{p}}, {var.name!r}, {value})")

    @compiles(ast.AddState)
    def s_AddState(self, s):
        if s.ref.name == "score" and (s.ref.player or self.held_base(s.ref)) is not None:
            amount = self.fresh("v")  # a player's score (docs/effects.md, "Scores written by scripts")
            self.emit(f"{amount} = {self.amount(s.amount, '`add`')}")
            self.change_state(s.ref, f"g.add_score({{p}}, {amount})")
            return
        var = self.state_ref(s.ref)
        if var.type != "counter":
            raise ScriptError(f"`add` counts: `{var.name}` is a {var.type}, not a counter", s.ref.line,
                              s.ref.column, hint="`set ... to ...` changes it" + (", `flip` turns it over"
                                                                                   if var.type == "flag" else ""))
        amount = self.fresh("v")
        self.emit(f"{amount} = {self.amount(s.amount, '`add`')}")
        self.change_state(s.ref, f"g.add_state({{p}}, {var.name!r}, {amount})")

    @compiles(ast.FlipState)
    def s_FlipState(self, s):
        var = self.state_ref(s.ref)
        if var.type != "flag":
            raise ScriptError(f"`flip` turns a flag over: `{var.name}` is a {var.type}", s.ref.line, s.ref.column,
                              hint="`add N to ...` changes a counter" if var.type == "counter"
                              else "`set ... to ...` changes it")
        self.change_state(s.ref, f"g.flip_state({{p}}, {var.name!r})")

    def value_type(self, node: ast.Node) -> str | None:
        """The type of a `let` name, a state variable or a chance value (None: another node)."""
        if isinstance(node, ast.Name):
            if node.name in self.all_lets:
                return self.lets.get(node.name, "any")
            return "card" if node.name in CARD_VALUES else None
        if isinstance(node, ast.Dotted):
            if node.base == "game" and node.attr in self.vocab.game_state:
                return self.vocab.game_state[node.attr].value_type
            if node.base in self.lets:
                return self.type_of(ast.Name(node.line, node.column, node.attr))
            return None
        if isinstance(node, ast.PlayerAttr) and node.attr in self.vocab.player_state:
            return self.vocab.player_state[node.attr].value_type
        if isinstance(node, ast.RandomOutcome):
            if node.table not in self.vocab.chance:
                return "any"  # (reported as unknown where it is compiled)
            outcomes = [o for o, _ in self.vocab.chance[node.table]]
            return "number" if all(isinstance(o, int) for o in outcomes) else "text"
        if isinstance(node, ast.ChosenValue):  # (`chosen number` is a number, a symbol or a kind a text)
            return "number" if node.what == "number" else "text"
        return {ast.RandomNumber: "number", ast.RandomCard: "card"}.get(type(node))

    # ---- chance

    def chance(self, node: ast.Node) -> None:
        """Chance is drawn where a script acts: a condition may be asked again and again."""
        if self.context.kind in ("condition", "playable"):
            raise ScriptError(f"chance is drawn in effects, not in {self.context.about()}: it may be asked "
                              "again and again", node.line, node.column,
                              hint="draw it in the effect with `let x = random ...` and test `x`")
        self.pure = False

    @compiles(ast.RandomNumber)
    def x_RandomNumber(self, node, card):
        self.chance(node)
        self.number(node.low, "`random number in LOW..HIGH`")
        self.number(node.high, "`random number in LOW..HIGH`")
        return f"g.random_number({self.expr(node.low, card)}, {self.expr(node.high, card)})"

    @compiles(ast.RandomOutcome)
    def x_RandomOutcome(self, node, card):
        self.chance(node)
        if node.table not in self.vocab.chance:
            error = _unknown(node, node.table, list(self.vocab.chance), what="chance table")
            if not self.vocab.chance:
                error.hint = "declare its outcomes in the edition's `chance:` section"
            raise error
        return f"g.random_outcome({node.table!r})"

    @compiles(ast.RandomCard)
    def x_RandomCard(self, node, card):
        self.chance(node)
        return self.unless_nobody(node.owner, f"g.random_card({self.single(node.owner)})", "None")

    @compiles(ast.ChooseRandomPlayer)
    def s_ChooseRandomPlayer(self, s):
        self.chance(s)
        self.emit(f"chosen = g.choose_random_player(me, {self.player_predicate(s.predicate)})")
        self.chose(s)


def _let_variable(name: str) -> str:
    """The Python local holding a `let` name (apart from the function's own names)."""
    return f"v_{name}"


def _let_names(body) -> set:
    """Every name a `let` sets anywhere in `body` (in branches too)."""
    found = set()
    for stmt in body:
        if isinstance(stmt, ast.Let):
            found.add(stmt.name)
        elif isinstance(stmt, ast.If):
            for block in [*(b for _, b in stmt.branches), stmt.otherwise]:
                found |= _let_names(block)
        elif isinstance(stmt, ast.Ask):
            for answer in stmt.answers:
                found |= _let_names(answer.body)
        elif isinstance(stmt, (ast.RepeatTimes, ast.RepeatUntil)):
            found |= _let_names(stmt.body)
        elif isinstance(stmt, ast.ForEach):  # (the loop's own name too: `for each p in others`)
            found |= _let_names(stmt.body) | ({stmt.variable} - {"player"})
    return found
