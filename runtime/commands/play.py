"""``zrf play``: play a game in the terminal against people or the computer."""

from __future__ import annotations

import json

import click

from runtime.core.notation import MoveMatchError, find_move, split_move_list
from runtime.core.protocol import Game, Move, State
from runtime.engines.uci_client import UciFailure
from runtime.players.chance import ChanceRoller, choosing_players
from runtime.players.factory import PlayerSource, make_player
from runtime.players.knowledge import KnowledgeCache
from runtime.players.player import Forfeit, Player, Unplayable, tell_game
from runtime.players.spec import ENGINES, PlayerKind, PlayerSpec, SpecError, parse_player_spec
from runtime.players.uci import UciSetupError
from runtime.pictures.textboard import board_text
from zrf.printable import printable

from runtime.commands.common import (fairy_game_for, game_argument, json_option, moves_option, open_or_exit,
                                     position_after, variant_option)
from runtime.commands.line_editing import LineReader

#: The seat kind of a person at the keyboard; every other kind is a computer player's
#: (runtime.players.factory.PlayerKind: ai, alphabeta, mcts, random).
PERSON = "human"

HELP = """commands:
  <move>          a move in saved-game notation or 'from - to [= Type]' (parts joined by ';')
  moves [CELL]    list the legal moves (hints), or only those from CELL
  undo            take back the last move (and the computer's reply)
  save FILE       save the game as a Zillions saved game (.zsg; replaces FILE all at once)
  load FILE       continue a saved game (.zsg) instead of this one
  board           show the board again
  help            this text
  quit            leave the game
At a terminal: arrow keys edit the line, Up/Down recall earlier lines, Tab completes."""

COMMANDS = ("moves", "undo", "save", "load", "board", "help", "quit")

KIND_HELP = ("human, ai, mcts, random, a player spec (alphabeta:strength=5, uci:ENGINE) or fairy-stockfish "
             "(Fairy-Stockfish playing this game's export; fairy-stockfish:elo=1500,time=0.5)")


class Seats:
    """The computer players of one ``zrf play`` session, and the engines' processes they own.

    An engine (``uci:``, ``fairy-stockfish``) hears the game as the moves from the start, so
    before any player chooses it is told the game so far again (:meth:`choose`; our own players
    ignore it), since ``undo`` and ``load`` rewrite the game.  :meth:`close` ends the engines.
    """

    def __init__(self, game: Game, kinds: dict[str, str], seconds: float, strength: int, seed: int):
        self.players: dict[str, Player] = {}
        self.sources: list[PlayerSource] = []
        #: the computer players of this game learn it once
        self.knowledge = KnowledgeCache()
        specs = {}
        for name, kind in kinds.items():
            if kind != "human":
                try:
                    specs[name] = parse_player_spec(kind)
                except SpecError as exc:
                    raise click.UsageError(str(exc)) from None
        exported = None
        if any(spec.kind is PlayerKind.FAIRY for spec in specs.values()):
            exported = fairy_game_for(game)
        for i, (name, spec) in enumerate(specs.items()):
            try:
                self.players[name] = self._player(spec, seed + i, seconds, strength, exported)
            except (ValueError, UciSetupError, UciFailure) as exc:
                self.close()
                raise click.UsageError(str(exc)) from None

    def _player(self, spec: PlayerSpec, seed: int, seconds: float, strength: int, exported) -> Player:
        if spec.kind is PlayerKind.HUMAN:
            raise ValueError(f"{spec.text}: a person plays as 'human'")
        if spec.kind not in ENGINES:
            return make_player(spec, seed=seed, time_limit=seconds, strength=strength, knowledge=self.knowledge)
        source = PlayerSource(spec.with_budget(seconds=seconds), uci_game=exported)
        self.sources.append(source)
        assert source.seat is not None
        source.seat.open()  # an engine that cannot play says so before the game starts
        return source.player(seed)

    def __contains__(self, name: str) -> bool:
        return name in self.players

    def choose(self, name: str, start: State, moves: list[Move], state: State) -> Move:
        """``name``'s move in ``state``, reached from ``start`` by ``moves``; Forfeit or Unplayable
        when its engine cannot go on."""
        player = self.players[name]
        tell_game(player, start, moves)
        return player.choose(state)

    def close(self) -> None:
        for source in self.sources:
            source.close()


def _starts_from(move: Move, cell: str) -> bool:
    """Does the move's first part move a piece from ``cell``, or drop one there?"""
    first = (move.details or (None,))[0]
    return first is not None and (first.source == cell if first.movements else first.target == cell)


def _hints(state: State, cell: str) -> str:
    """The legal moves, or those whose first part starts from ``cell``, one per line."""
    moves = state.legal_moves()
    if cell:
        moves = [m for m in moves if _starts_from(m, cell)]
        if not moves:
            return f"no legal move from {cell}"
    return "\n".join(m.notation for m in moves)


@click.command(short_help="Play a game in the terminal against people or the computer.")
@game_argument
@variant_option
@moves_option
@click.option("--white", "white", default="human", show_default=True, metavar="KIND",
              help="Who plays the first player who chooses moves: " + KIND_HELP + ".")
@click.option("--black", "black", default="ai", show_default=True, metavar="KIND",
              help="Who plays the second player who chooses moves: the same kinds as --white.")
@click.option("--player", "others", multiple=True, metavar="NAME=KIND",
              help="Who plays any player by name (for games with other names or more players).")
@click.option("--time", "seconds", type=click.FloatRange(0.01), default=2.0, show_default=True,
              help="Seconds the computer may think per move (at most).")
@click.option("--strength", type=click.IntRange(1, 10), default=3, show_default=True,
              help="Computer strength: a level of the strength scale, a node budget a move that plays the same "
                   "on any machine (docs/play.md, 'The strength scale', gives each level's budget and its "
                   "Elo on chess); --time still caps it.")
@click.option("--seed", type=int, default=0, show_default=True,
              help="Seed for the computer players and the random players' rolls.")
@click.option("--max-plies", type=click.IntRange(1), default=None,
              help="Stop after this many plies (for computer-only games).")
@click.option("--load", "load_path", type=click.Path(exists=True, dir_okay=False), default=None,
              help="Continue a saved game (.zsg).")
@json_option
def play(game: str, variant: str | None, moves: str, white: str, black: str, others: tuple[str, ...],
         seconds: float, strength: int, seed: int, max_plies: int | None,
         load_path: str | None, as_json: bool) -> None:
    """Play GAME in the terminal.

    The first player is --white, the second --black (whatever the game calls
    them); --player NAME=KIND sets any player.  A random player (a name
    starting with ?, such as ?Dice) is nobody's seat: it rolls by chance,
    seeded by --seed.  Moves may be typed as `d2 - d4`, `d2 d4` or `d2d4`;
    the board is shown once per turn with the last move's cells in brackets.
    Type `help` at the prompt.
    With --json no board is printed and the game ends with one JSON object
    (the moves played and the outcome): meant for games between computer
    players.  A fairy-stockfish player plays the game's export to
    Fairy-Stockfish (verified first; a game that does not export exits 2 with
    the export's reasons).
    """
    def tell(text: str) -> None:  # answers to a person's commands: on standard error with --json
        click.echo(printable(text), err=as_json)
    g = open_or_exit(game, variant)
    state = position_after(g, moves)
    history: list[tuple[State, Move]] = []
    if load_path:
        state, history = _load(g, load_path)
    roller = ChanceRoller(g, seed)
    choosing = choosing_players(g)
    kinds = dict(zip(choosing, (white, black)))
    for spec in others:
        name, _, kind = spec.partition("=")
        if name not in g.players:
            raise click.UsageError(f"--player: {name!r} is not a player of {g.name} ({', '.join(g.players)})")
        if roller.rolls_for(name):
            tell(f"{name} is a random player: it rolls by chance (--seed), nobody plays it")
            continue
        kinds[name] = kind
    players = Seats(g, kinds, seconds, strength, seed)
    try:
        return _session(g, game, state, history, kinds, players, roller,
                        _typed_moves(g, moves) if not load_path else [], max_plies, as_json)
    finally:
        players.close()


def _typed_moves(game: Game, moves: str) -> list[Move]:
    """The moves of --moves (already checked by :func:`position_after`), from the start."""
    state, out = game.initial_state(), []
    for text in split_move_list(moves):
        move = find_move(state, text)
        out.append(move)
        state = state.apply(move)
    return out


def _session(g: Game, game: str, state: State, history: list, kinds: dict[str, str], players: Seats,
             roller: ChanceRoller, prefix: list[Move], max_plies: int | None, as_json: bool) -> None:
    """The game at the prompt until it ends; ``prefix``: the moves played before ``history``."""
    def say(text: str) -> None:  # boards and moves: not in --json
        if not as_json:
            click.echo(printable(text))  # names from the file: nothing a terminal would obey

    def tell(text: str) -> None:  # answers to a person's commands: on standard error with --json
        click.echo(printable(text), err=as_json)
    start = history[0][0] if history else (g.initial_state() if prefix else state)
    reader = LineReader(lambda: COMMANDS + tuple(m.notation for m in state.legal_moves()))
    kinds.update((p, "random") for p in g.players if roller.rolls_for(p))  # a computer seat in a .zsg
    say(f"{g.name}: " + ", ".join(f"{p} ({kinds.get(p, PERSON)})" for p in g.players))
    people = any(kinds.get(p, PERSON) == PERSON for p in g.players)
    shown = None  # the position whose board was printed last

    def show_board() -> None:
        nonlocal shown
        if shown is not state:
            last = history[-1][1] if history else None
            say(board_text(state, _cells_of(last)))
            shown = state
    while True:
        outcome = state.outcome()
        if outcome is not None:
            show_board()
            say(f"game over: {outcome.describe()}")
            return _finish(as_json, g, history, outcome, "game over")
        if max_plies is not None and len(history) >= max_plies:
            say(f"stopped after {len(history)} plies (--max-plies)")
            return _finish(as_json, g, history, None, "--max-plies")
        mover = state.current_player
        if mover in players or roller.rolls_for(mover):
            try:
                move = roller.roll(state) if roller.rolls_for(mover) else \
                    players.choose(mover, start, prefix + [m for _, m in history], state)
            except (Forfeit, Unplayable) as exc:
                say(f"{mover} cannot go on: {exc}")
                return _finish(as_json, g, history, None, f"{mover} cannot go on: {exc}")
            say(f"{g.move_number(len(history))}. {mover}: {move.notation}")
            history.append((state, move))
            state = state.apply(move)
            if not people:
                show_board()
            continue
        show_board()
        try:
            line = reader.read(printable(f"{g.move_number(len(history))}. {mover}> ", one_line=True)).strip()
        except (EOFError, click.Abort):
            say("\nbye")
            return _finish(as_json, g, history, None, "end of input")
        if not line:
            continue
        word, _, rest = line.partition(" ")
        if word in ("quit", "exit"):
            return _finish(as_json, g, history, None, "quit")
        if word == "help":
            tell(HELP)
        elif word == "moves":
            tell(_hints(state, rest.strip()))
        elif word == "board":
            shown = None
            show_board()
        elif word == "undo":
            if not history:
                tell("nothing to undo")
                continue
            state, _ = history.pop()
            while history and (state.current_player in players or roller.rolls_for(state.current_player)):
                state, _ = history.pop()
        elif word == "save":
            if not rest:
                tell("usage: save FILE.zsg")
                continue
            _save(g, game, kinds, history, rest.strip())
        elif word == "load":
            if not rest:
                tell("usage: load FILE.zsg")
                continue
            try:
                state, history = _load(g, rest.strip())
            except click.UsageError as exc:
                tell(f"cannot load: {exc.message}")
                continue
            prefix = []
            start = history[0][0] if history else state
            say(f"loaded {len(history)} moves from {rest.strip()}")
        else:
            try:
                move = find_move(state, line)
            except MoveMatchError as exc:
                tell(str(exc))
                continue
            history.append((state, move))
            state = state.apply(move)


def _cells_of(move: Move | None) -> frozenset[str]:
    """The cells a move starts from and reaches (a drop: where it lands), for marking."""
    if move is None:
        return frozenset()
    cells = set()
    for part in move.details or ():
        if part is None:
            continue
        for m in part.movements:
            cells.update((m.source, m.target))
        cells.update(p.cell for p in part.placements)
    return frozenset(cells)


def _finish(as_json: bool, game, history, outcome, reason: str) -> None:
    """With --json, the one JSON object that ends a game: its moves and how it ended."""
    if not as_json:
        return
    click.echo(json.dumps({
        "game": game.name, "moves": [m.notation for _, m in history], "stopped": reason,
        "outcome": None if outcome is None else {
            "winners": list(outcome.winners), "losers": list(outcome.losers), "draw": outcome.draw,
            "rule": outcome.rule}}, indent=2))


def _save(game, spec: str, kinds: dict[str, str], history, path: str) -> None:
    """Write the game so far to ``path``; a seat whose kind is not :data:`PERSON` is the computer's."""
    from runtime.savedgames.saving import save
    seats = "".join("H" if kinds.get(p, PERSON) == PERSON else "C" for p in game.players)
    try:
        save(path, game, spec, [m for _, m in history], seats)
    except OSError as exc:
        click.echo(printable(f"cannot save {path}: {exc.strerror or exc} (nothing was written)"))
        return
    click.echo(printable(f"saved {len(history)} moves to {path}"))


def _load(game, path: str):
    from zrf.diagnostics import ZrfError

    from runtime.savedgames.saving import SavedGameError, load
    try:
        return load(path, game)
    except ZrfError as exc:
        raise click.UsageError(str(exc)) from None
    except SavedGameError as exc:
        raise click.UsageError(str(exc)) from None
