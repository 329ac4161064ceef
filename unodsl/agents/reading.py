"""What other players' plays suggest they did not hold, read with a policy as the model of
how they play (mcts: `read=policy`, the rollout policy).

A player who played X as their turn began held no card the model would have played rather
than X: asked of the two alone (the model given a hand of X and Y, and the turn's options
in either order, plays Y both times), each card Y that went on the top card then. That is
a guess about play, not a rule: it goes into the seat's knowledge as *likely*
(unodsl.seat.knowledge), which a sampler leaves when no world fits it. Cards go by the
cards alone only in some editions (`pure_playable`); in the others nothing is read.
"""
from __future__ import annotations

from ..engine.decisions import DRAW, TURN, Decision

# Events after which the card on top is the one they name (and its colour the colour in play).
TOPPING = frozenset({"play", "start_card", "discard", "stack", "jump_in", "react"})


class PlayReader:
    """Reads a seat's history as it grows (see the module's docstring)."""

    def __init__(self, edition, seat: int, policy):
        self.edition, self.seat, self.policy = edition, seat, policy
        self.pure = edition.pure_playable
        self.top = None
        self.colour = None
        self.turn = None  # the player whose turn began and who has not drawn or played yet
        self.sizes: list[int] = []
        self.side = 0
        self.preferred: dict = {}  # (top face, colour, played face) -> faces the model would rather play

    def lacks(self, observation, view) -> tuple:
        """What `observation` suggests (Observation.lacks' form: (seat, uids, False)); then it
        is taken in (the card on top, the colour in play, whose turn began)."""
        event = observation.event
        found = ()
        if event is not None:
            kind = event["event"]
            player = event.get("player")
            if kind == "play" and player == self.turn and player != self.seat and self.pure and self.top is not None:
                card = event.get("card")
                if card is not None:
                    found = ((player, self._rather(card, view), False),)
            self._take(event, kind, player)
        return found

    def _take(self, event: dict, kind: str, player) -> None:
        if kind == "turn":
            self.turn = player
            return
        if kind in ("draw", "play") and player == self.turn:
            self.turn = None
        if kind == "flip":
            self.side = 1 - self.side
            if self.top is not None:
                self.top = self.top.back
                self.colour = self.top.colour
        card = event.get("card")
        if kind in TOPPING and isinstance(card, int):
            self.top = self.edition.card(card, self.side)
            self.colour = self.top.colour if self.top.colour is not None else self.colour
        elif kind == "colour":
            self.colour = event.get("colour")

    def _rather(self, uid: int, view) -> frozenset:
        """The cards the model would have played rather than card `uid` on the top card then."""
        edition, side = self.edition, self.side
        played = edition.card(uid, side)
        key = (self.top.face, self.colour, played.face)
        faces = self.preferred.get(key)
        if faces is None:
            faces = self.preferred[key] = self._preferred_faces(played, view)
        return frozenset(other for other in range(len(edition.deck))
                         if other != uid and edition.card(other, side).face in faces)

    def _preferred_faces(self, played, view) -> frozenset:
        probe = _Probe(self, view)
        faces = set()
        for face in self.edition.faces:
            if face.face == played.face or face.side != played.side:
                continue
            if not face.spec.playable.function(face, probe, probe.me):
                continue
            if all(self._choice(probe, pair, [*pair, DRAW]) is pair[pair.index(face)] for pair in
                   ((played, face), (face, played))):
                faces.add(face.face)
        return frozenset(faces)

    def _choice(self, probe, hand: tuple, options: list):
        probe.hand = hand
        try:
            return self.policy.choose(Decision(TURN, probe.me, options), probe)
        except Exception:  # noqa: BLE001 (a model that cannot answer from so little says nothing)
            return None


class _Probe:
    """What the model is shown of the table as the player decided: the top card and colour,
    the hand asked about, the sizes of the hands as the seat sees them now."""

    def __init__(self, reader: PlayReader, view):
        self.me = -1  # (a player not at the table: no condition finds them among the seats)
        self.edition = reader.edition
        self.settings = view.settings
        self.top = reader.top
        self.discard = (reader.top,)
        self.colour = reader.colour
        self.side = reader.side
        self.n = view.n
        self.hand_sizes = list(view.hand_sizes) + [7]
        self.out = {}
        self.turn = self.me
        self.turns = view.turns
        self.table = ()
        self.hand = ()

    @property
    def hands(self):
        return {self.me: self.hand}

    def table_uses(self) -> list:
        return []

    def is_bluff(self, card) -> bool:
        rule = card.spec.bluff_if
        if rule is None:
            return False
        rest = list(self.hand)
        if card in rest:
            rest.remove(card)
        saved, self.hand = self.hand, tuple(rest)
        try:
            return bool(rule.function(card, self, self.me))
        except Exception:  # noqa: BLE001 (a rule reading more than this probe holds: no bluff known)
            return False
        finally:
            self.hand = saved
