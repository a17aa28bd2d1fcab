"""``zrf play`` in the terminal, driven by click's CliRunner feeding the keyboard.

A person plays a native game (Canopus) against the random player, asks for
hints, takes a move back, saves the game as ``.zsg``, and a second session
loads it and goes on from the same position.
"""

from __future__ import annotations

from click.testing import CliRunner

from runtime.commands.play import play
from runtime.loading.opening import open_game
from runtime.core.protocol import Game, Move, Outcome, State, make_signature
from zrf.zsg import read_zsg


def run(args, keys):
    return CliRunner().invoke(play, args, input=keys, catch_exceptions=False)


def test_hints_undo_save_and_load(tmp_path):
    saved = tmp_path / "game.zsg"
    keys = "moves e2\ne2 - e3\nundo\ne2 - e4\nPawn z1 - z2\nmoves\n" \
           f"save {saved}\nquit\n"
    result = run(["canopus", "--white", "human", "--black", "random", "--seed", "7"], keys)
    assert result.exit_code == 0, result.output
    out = result.output
    # hints from e2: exactly the Soldier moves the native engine lists from e2
    start = open_game("canopus").initial_state()
    from_e2 = sorted(m.notation for m in start.legal_moves() if m.parts[0].split()[1] == "e2")
    assert from_e2 and all(line in out for line in from_e2)
    assert "illegal move 'Pawn z1 - z2'" in out
    # undo took back both the person's move and the computer's reply: the second
    # board after "undo" is the start position again, so the game has 2 plies
    text = read_zsg(str(saved))
    assert text.seats == "HC" and text.variant == "Canopus"
    assert [ln.number for ln in text.moves] == [1, 1]
    assert text.moves[0].text == "Soldier e2 - e4"
    reply = text.moves[1].text
    assert f"1. Black: {reply}" in out
    # a second session loads it: the person (White) is to move after those two plies
    again = run(["canopus", "--white", "human", "--black", "random", "--load", str(saved)], "moves\nquit\n")
    assert again.exit_code == 0, again.output
    after = start.apply(next(m for m in start.legal_moves() if m.notation == "Soldier e2 - e4"))
    after = after.apply(next(m for m in after.legal_moves() if m.notation == reply))
    assert "2. White>" in again.output
    assert all(m.notation in again.output for m in after.legal_moves())


def test_load_reports_a_move_that_does_not_fit(tmp_path):
    bad = tmp_path / "bad.zsg"
    bad.write_text("Zillions Save Game File Version 0.02 HH\r\nRulesFile=x.zrf\r\nVariantName=Canopus\r\n"
                   "1. Soldier e2 - e5\r\n", encoding="latin-1")
    result = CliRunner().invoke(play, ["canopus", "--load", str(bad)], input="quit\n")
    assert result.exit_code == 2
    assert "bad.zsg:4:1: no legal move matches '1. Soldier e2 - e5'" in result.output


def test_computer_only_game_announces_the_rule():
    result = run(["canopus", "--white", "random", "--black", "random", "--seed", "3"], "")
    assert result.exit_code == 0
    last = result.output.strip().splitlines()[-1]
    # replay the same seeds independently of the CLI loop and compare the ending
    from runtime.players.player import RandomPlayer
    game = open_game("canopus")
    players = {"White": RandomPlayer(3), "Black": RandomPlayer(4)}
    state = game.initial_state()
    for _ in range(5000):
        if state.outcome() is not None:
            break
        state = state.apply(players[state.current_player].choose(state))
    outcome = state.outcome()
    assert outcome is not None and last == f"game over: {outcome.describe()}"
    assert outcome.rule in last


class Ring(Game):
    """Three players take turns moving their own token one cell round a ring of 4; reaching cell 3 wins."""

    name = "Ring"
    players = ("Red", "Green", "Blue")
    positions = ("c0", "c1", "c2", "c3")
    piece_types = ("Token",)

    def initial_state(self):
        return RingState(self, (0, 0, 0), 0)


class RingState(State):
    def __init__(self, game, where, turn):
        self.game, self.where, self.turn = game, where, turn

    @property
    def current_player(self):
        return self.game.players[self.turn]

    def legal_moves(self):
        if self.outcome():
            return []
        return [Move.single(f"Token step {self.current_player}", 1), Move.single("Pass", 0)]

    def apply(self, move):
        where = list(self.where)
        where[self.turn] += move.data
        return RingState(self.game, tuple(where), (self.turn + 1) % 3)

    def outcome(self):
        for i, w in enumerate(self.where):
            if w >= 3:
                return Outcome.win(self.game.players[i], self.game.players, "reached c3")
        return None

    def signature(self):
        return make_signature(self.current_player, [])


def test_three_players_take_turns(monkeypatch):
    import runtime.commands.play as mod
    monkeypatch.setattr(mod, "open_or_exit", lambda spec, variant, **options: Ring())
    keys = "Token step Red\nPass\nPass\nToken step Red\nPass\nPass\nToken step Red\n"
    result = run(["ring", "--white", "human", "--black", "human", "--player", "Blue=human"], keys)
    assert result.exit_code == 0, result.output
    prompts = [line.split(">")[0] for line in result.output.splitlines() if ">" in line]
    assert [p.split(". ")[1] for p in prompts][:4] == ["Red", "Green", "Blue", "Red"]
    assert result.output.strip().endswith("game over: Red wins (reached c3)")


def test_unknown_player_kind_is_a_usage_error():
    result = CliRunner().invoke(play, ["canopus", "--black", "oracle"], input="")
    assert result.exit_code == 2 and "unknown player 'oracle'" in result.output


def test_bare_cells_are_moves_and_the_board_comes_once_per_turn_with_the_last_move_marked():
    """Two people type ``d2d4`` and ``e7 e5``; the board is printed three times (before each of
    the three prompts, never again after a move), and the last one marks e7 and e5 in brackets.

    The expected rows are written by hand from the chess start after 1. d4 e5.
    """
    chess = str(__import__("pathlib").Path(__file__).parent / "games" / "chess.zrf")
    result = run([chess, "--white", "human", "--black", "human"], "d2d4\ne7 e5\nquit\n")
    assert result.exit_code == 0, result.output
    out = result.output
    assert out.count("pieces: ") == 3
    assert "1. White> " in out and "1. Black> " in out and "2. White> " in out
    last = out.rsplit("1. Black> ", 1)[1]
    assert "  7  pa  pa  pa  pa [.]  pa  pa  pa" in last
    assert "  5  .   .   .   .  [pa] .   .   ." in last
    assert "  4  .   .   .   PA  .   .   .   ." in last
    assert "illegal" not in out and "ambiguous" not in out


def test_a_random_player_rolls_and_nobody_is_asked_for_its_move(zillions_dir):
    """Ur (Zillions' own file) has the random players ?Dice and ?Up; its turn order is ``Down
    repeat (?Dice ...) x4 Up (?Dice ...) x4 Down``.  A person given Up and Down is asked only as
    Up or Down, and after Down's first move the four ?Dice turns are rolled without asking;
    ``--player ?Dice=human`` is refused with a note; the rolls are the same for the same --seed."""
    ur = str(zillions_dir / "Rules" / "07.Ur.zrf")
    args = [ur, "--player", "Up=human", "--player", "Down=human", "--player", "?Dice=human", "--seed", "5"]
    result = run(args, "d0 d1\nquit\n")
    assert result.exit_code == 0, result.output
    out = result.output
    assert "?Dice is a random player: it rolls by chance" in out
    prompts = [line.split("> ")[0].split(". ", 1)[1] for line in out.splitlines() if "> " in line]
    assert prompts and all(p in ("Up", "Down") for p in prompts), prompts
    assert prompts[:2] == ["Down", "Up"], prompts
    rolls = [line for line in out.splitlines() if ": ?Dice " in line]
    assert len(rolls) == 4, rolls
    assert run(args, "d0 d1\nquit\n").output == out
