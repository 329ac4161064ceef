"""Players in words: the fixed ones, seats by offset, players ranked by a figure,
partners, a loop over players, and a player leaving the round."""
from __future__ import annotations

import dataclasses

from .. import ast
from ..registry import describes
from .words import PLAYERS, Clause, Compound, Context, Who, capital, say

# Players whose words depend on the node (an offset, a figure) or on who `me` is.
_WORKED_OUT = {"seat": "seat_who", "ranked": "ranked_who", "partner": "partner_who", "named": "named_who",
               "relative": "relative_who"}
# A player named from another, in words: "the player to the chosen player's left".
RELATIONS = {"partner": "{owner} partner", "left": "the player to {owner} left",
             "right": "the player to {owner} right", "next": "the player after {obj} in the direction of play",
             "previous": "the player before {obj} in the direction of play"}
# A figure of players ranked, by whether the highest is wanted.
RANKED_FIGURES = {("hand", True): "the most cards", ("hand", False): "the fewest cards",
                  ("score", True): "the highest score", ("score", False): "the lowest score"}


class PlayerWords:
    """Players as the sentence names them (`who`), and the statements about players."""

    def who(self, player: ast.Player, ctx: Context) -> Who:
        if player.who in _WORKED_OUT:
            who = getattr(self, _WORKED_OUT[player.who])(player, ctx)
        else:
            who = ctx.me if player.who == "me" else PLAYERS[player.who]
        return who.as_they() if ctx.they and player.who == ctx.they else who

    @describes(ast.Player)
    def d_Player(self, node: ast.Player, ctx: Context) -> str:
        return self.who(node, ctx).noun

    # ---- players by seat, by rank, in turn; leaving a round

    @describes(ast.SeatOffset)
    def d_SeatOffset(self, node: ast.SeatOffset, ctx: Context) -> str:
        return self.who(node, ctx).noun

    @describes(ast.RankedPlayer)
    def d_RankedPlayer(self, node: ast.RankedPlayer, ctx: Context) -> str:
        return self.who(node, ctx).noun

    def seat_who(self, node: ast.SeatOffset, ctx: Context) -> Who:
        steps = abs(node.offset)
        if node.offset == 2:
            noun = "the player after the next one"
        elif steps == 1:
            noun = "the next player" if node.offset > 0 else "the previous player"
        else:
            noun = f"the player {steps} seats {'on' if node.offset > 0 else 'back'}"
        return Who(f"seat{node.offset}", noun, noun, noun + "'s")

    def ranked_who(self, node: ast.RankedPlayer, ctx: Context) -> Who:
        figure = RANKED_FIGURES.get((node.figure, node.highest),
                                    f"the {'highest' if node.highest else 'lowest'} {node.figure}")
        among = "" if node.among.who == "everyone" else f" among {self.who(node.among, ctx).obj}"
        noun = f"the player with {figure}{among} (the first in turn order on a tie)"
        return Who(f"ranked-{node.figure}-{node.highest}-{node.among.who}", noun, noun, noun + "'s")

    def named_who(self, node: ast.NamedPlayer, ctx: Context) -> Who:
        noun = f"“{node.name}”"
        return Who(f"named-{node.name}", noun, noun, noun + "'s")

    def relative_who(self, node: ast.RelativePlayer, ctx: Context) -> Who:
        base = self.who(node.base, ctx)
        if node.steps != 1:
            way = "after" if node.relation == "next" else "before"
            noun = f"the player {node.steps} seats {way} {base.obj} in the direction of play"
        else:
            noun = RELATIONS[node.relation].format(owner=base.owner, obj=base.obj)
        return Who(f"relative-{node.relation}{node.steps}-{base.key}", noun, noun, noun + "'s")

    @describes(ast.RelativePlayer)
    def d_RelativePlayer(self, node: ast.RelativePlayer, ctx: Context) -> str:
        return self.who(node, ctx).noun

    @describes(ast.NamedPlayer)
    def d_NamedPlayer(self, node: ast.NamedPlayer, ctx: Context) -> str:
        return self.who(node, ctx).noun

    @describes(ast.PlayerValue)
    def d_PlayerValue(self, node: ast.PlayerValue, ctx: Context, negated: bool = False) -> str:
        return self.who(node.player, ctx).obj

    def partner_who(self, node: ast.Player, ctx: Context) -> Who:
        noun = f"{ctx.me.owner} partner"
        return Who("partner", noun, noun, noun + "'s")

    @describes(ast.ForEach)
    def d_ForEach(self, node: ast.ForEach, ctx: Context) -> Compound:
        group = self.who(node.group, ctx)
        inner = dataclasses.replace(ctx, depth=ctx.depth + 1)
        called = "" if node.variable == "player" else f" (“{node.variable}”)"
        text = f"for each of {group.obj}{called}, in turn order: {self.inline(node.body, inner)}"
        return Compound([capital(text) + "."], text)

    @describes(ast.Eliminate)
    def d_Eliminate(self, node: ast.Eliminate, ctx: Context) -> Clause:
        who = self.who(node.target, ctx)
        where = "are shuffled into the draw pile" if node.shuffled else "go under the discard pile"
        return Clause(who, say(who, f"leave the round (the last player left wins it); {who.poss} cards {where}"))
