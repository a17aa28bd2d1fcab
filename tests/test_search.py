"""The alpha-beta and MCTS players: they find forced wins, obey their budgets and clocks.

Expected moves come from outside the player: the theory of a take-away game,
python-chess's own enumeration of mates, and an exhaustive walk over every
reply in the engine under test.
"""

from __future__ import annotations

import math

import chess
import pytest

from runtime.players.alphabeta import CHECK_EXTENSION_PLIES, DECIDED, AlphaBetaPlayer
from runtime.players.clock import TimeControl
from runtime.loading.opening import open_game
from runtime.players.knowledge import KnowledgeCache, learn
from runtime.players.mcts import MCTSPlayer
from runtime.core.notation import play_moves
from runtime.players.player import RandomPlayer
from runtime.players.factory import make_player

from .conftest import ROOT
from .search_helpers import chess_position
from .toygames import TakeAway

CHESS = str(ROOT / "tests" / "games" / "chess.zrf")


@pytest.mark.parametrize("stones", [4, 5, 7, 8, 10])
def test_alphabeta_finds_the_winning_move(stones):
    """Taking 1 or 2, the player to move loses exactly on a multiple of 3: the winning move takes n % 3."""
    state = TakeAway(stones).initial_state()
    move = AlphaBetaPlayer(max_depth=12, node_budget=None, seed=1).choose(state)
    assert move.data == stones % 3


@pytest.mark.parametrize("stones", [4, 5, 7])
def test_mcts_finds_the_winning_move(stones):
    state = TakeAway(stones).initial_state()
    move = MCTSPlayer(iterations=2000, seed=3).choose(state)
    assert move.data == stones % 3


def test_players_are_deterministic_for_a_seed():
    state = TakeAway(9).initial_state()  # a lost position: every move loses, choice is by seed
    assert RandomPlayer(5).choose(state) == RandomPlayer(5).choose(state)
    assert MCTSPlayer(iterations=300, seed=2).choose(state) == MCTSPlayer(iterations=300, seed=2).choose(state)


def test_make_player_rejects_unknown_kinds():
    with pytest.raises(ValueError):
        make_player("oracle")


def test_alphabeta_is_reproducible_under_a_node_budget():
    """Two players with the same seed and budget make the same choice after the same count of generations."""
    state = TakeAway(40, takes=(1, 2, 3)).initial_state()
    a = AlphaBetaPlayer(max_depth=8, node_budget=50, seed=4)
    b = AlphaBetaPlayer(max_depth=8, node_budget=50, seed=4)
    assert a.choose(state) == b.choose(state)
    assert a.info.nodes == b.info.nodes


def test_alphabeta_finds_the_mate_in_one_python_chess_knows():
    """After 1. f3 e5 2. g4 Black mates with Qh4; python-chess lists the mating moves independently."""
    board = chess.Board()
    for uci in ("f2f3", "e7e5", "g2g4"):
        board.push_uci(uci)
    mates = {(uci[:2], uci[2:4]) for uci in _mates_in_one(board)}
    game = open_game(CHESS)
    state = play_moves(game.initial_state(), ["f2 - f3", "e7 - e5", "g2 - g4"])
    move = AlphaBetaPlayer(max_depth=2, node_budget=None, seed=0).choose(state)
    tokens = move.parts[0].split()
    assert {(tokens[1], tokens[3])} <= mates == {("d8", "h4")}
    assert state.apply(move).outcome().winners == ("Black",)


def _mates_in_one(board) -> set[str]:
    """python-chess's mating moves on ``board`` (UCI)."""
    return {m.uci() for m in list(board.legal_moves) if _after(board, m, board.is_checkmate)}


def _mates_in_two(fen: str) -> set[str]:
    """python-chess's first moves that force mate in two (every reply allows a mate in one)."""
    board = chess.Board(fen)

    def mate_in_one() -> bool:
        return bool(_mates_in_one(board))

    found = set()
    for m in list(board.legal_moves):
        board.push(m)
        if not board.is_game_over() and all(_after(board, r, mate_in_one) for r in list(board.legal_moves)):
            found.add(m.uci())
        board.pop()
    return found


def _after(board, move, test):
    board.push(move)
    try:
        return test()
    finally:
        board.pop()


def test_alphabeta_finds_a_quiet_mate_in_two_on_a_hand_built_position():
    """K+R+N v K+P: 1. Nc6 (a quiet move, no check) mates next move whatever Black plays.

    The position was picked because python-chess finds exactly one mating
    first move (and no mate in one); the test asks python-chess again.
    """
    fen = "k2N4/4R3/4K3/7p/8/8/8/8 w - - 0 1"
    expected = _mates_in_two(fen)
    assert expected == {"d8c6"}
    state = _chess_state(fen)
    move = AlphaBetaPlayer(max_depth=4, node_budget=None, seed=0).choose(state)
    legs = move.parts[0].split()
    assert legs[1] + legs[3] in expected


def _chess_state(fen: str):
    """The chess ZRF's position of a FEN (White to move), set up by saved-game edits."""
    return chess_position(open_game(CHESS), chess.Board(fen))


def test_a_check_at_the_horizon_is_searched_one_ply_more():
    """One ply deep, a free rook (Bxb4) against a back-rank mate (Re8#): the mate is seen only
    because the checked position at the horizon is searched on (check extension) instead of
    being stood on by quiescence.  python-chess confirms Re8 is the one mate."""
    fen = "6k1/5ppp/8/8/1r6/8/3B1PPP/4R1K1 w - - 0 1"
    assert _mates_in_one(chess.Board(fen)) == {"e1e8"}
    move = AlphaBetaPlayer(max_depth=1, node_budget=None, seed=0).choose(_chess_state(fen))
    legs = move.parts[0].split()
    assert legs[1] + legs[3] == "e1e8"


def test_futility_pruning_keeps_a_quiet_move_that_gives_mate():
    """White, a queen and a rook down, one ply from the horizon: far below the window, its quiet
    moves are pruned (futility), but not Re8, which gives check and is mate (python-chess: the
    one mate).  Searched as a node one ply deep whose window White's static value cannot reach."""
    fen = "6k1/5ppp/8/8/2q5/8/r5PP/4R2K w - - 0 1"
    assert _mates_in_one(chess.Board(fen)) == {"e1e8"}
    state = _chess_state(fen)
    player = AlphaBetaPlayer(max_depth=3, node_budget=None, seed=0)
    player._setup(state)
    player._root = "White"
    player._extend_until = 1 + CHECK_EXTENSION_PLIES  # as choose() sets it for a one-ply search
    assert player._prune
    sig = state.signature()
    assert player._static(sig) + player._margin < 0  # far below a window starting at 0: futile
    value = player._search(state, sig, 1, 0.0, math.inf, 1)
    assert value >= DECIDED


def test_no_futility_pruning_where_a_quiet_move_makes_goal_progress():
    """Alpha Centauri is won by a meeting that quiet moves approach: its evaluation scores goal
    progress, which one quiet move can change by more than any margin, so nothing is pruned."""
    _, state, knowledge = _alpha_centauri()
    player = AlphaBetaPlayer(max_depth=1, node_budget=None, seed=0, knowledge=knowledge)
    player._setup(state)
    assert player.evaluator.scored_goals and not player._prune


AC_POSITIONS = 30
"""Alpha Centauri positions to learn from in these tests (enough to see the royals' steps; learning is slow)."""


def _alpha_centauri(position: dict | None = None):
    game = open_game("alpha-centauri")
    state = game.initial_state() if position is None else game.state_from(position, "White")
    return game, state, learn(game, AC_POSITIONS)


def test_alphabeta_makes_the_meeting_in_one():
    """White's King e7 steps to e6, next to the Dame on f5 inside the Encounter Zone: a win at once."""
    game, state, knowledge = _alpha_centauri({"e7": ("White", "King"), "f5": ("White", "Dame"),
                                              "a1": ("Black", "King"), "i1": ("Black", "Dame")})
    move = AlphaBetaPlayer(max_depth=2, node_budget=None, seed=0, knowledge=knowledge).choose(state)
    assert state.apply(move).outcome().winners == ("White",)


def test_alphabeta_forces_the_meeting_in_two():
    """King e8, Dame f5: no meeting in one; the chosen turn must leave a meeting in one after every reply.

    Checked by walking every Black reply in the engine itself.
    """
    game, state, knowledge = _alpha_centauri({"e8": ("White", "King"), "f5": ("White", "Dame"),
                                              "a1": ("Black", "King"), "i1": ("Black", "Dame")})
    assert not any(state.apply(m).outcome() for m in state.legal_moves())
    move = AlphaBetaPlayer(max_depth=4, node_budget=None, seed=0, knowledge=knowledge).choose(state)
    after = state.apply(move)
    assert after.outcome() is None
    for reply in after.legal_moves():
        mine = after.apply(reply)
        assert any(mine.apply(m).outcome() and mine.apply(m).outcome().winners == ("White",)
                   for m in mine.legal_moves()), reply.notation


def test_iterative_deepening_returns_a_legal_move_under_a_tiny_clock():
    """Alpha Centauri's first turn has over a thousand moves; 10 ms cannot finish even the first ply."""
    game, state, knowledge = _alpha_centauri()
    player = AlphaBetaPlayer(clock=TimeControl(per_move=0.01), node_budget=None, max_depth=30, seed=0,
                             knowledge=knowledge)
    move = player.choose(state)
    assert move in state.legal_moves()
    assert player.info.depth <= 1


def test_a_game_clock_is_shared_between_moves():
    """With a game clock the player still answers with a legal move, and the search stops by the clock."""
    game = open_game(CHESS)
    state = game.initial_state()
    player = AlphaBetaPlayer(node_budget=None, max_depth=40, seed=0)
    move = player.choose(state, clock=TimeControl(remaining=0.3, moves_to_go=10))
    assert move in state.legal_moves()
    assert player.info.depth < 40


def test_a_position_seen_before_in_the_game_is_scored_as_a_draw():
    """Playing the same position twice, the player remembers the first: the search sees a return as a draw."""
    game = open_game(CHESS)
    state = game.initial_state()
    player = AlphaBetaPlayer(max_depth=1, node_budget=None, seed=0)
    player.choose(state)
    assert state.signature() in player.played


@pytest.fixture(scope="module")
def chess_knowledge():
    """One knowledge cache for the chess searches of this module (learning is the slow part)."""
    return KnowledgeCache(capacity=1)


class _Forgetful(dict):
    """A memo that keeps nothing."""

    def __setitem__(self, key, value):
        pass


@pytest.mark.parametrize("fen", [
    "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w - - 4 4",
    "r2q1rk1/ppp2ppp/2np1n2/2b1p1B1/2B1P1b1/2NP1N2/PPP2PPP/R2Q1RK1 w - - 0 8",
    "2r3k1/pp3ppp/2n5/3p4/3P4/2N2N2/PP3PPP/2R3K1 w - - 0 20",
])
def test_captures_kept_for_quiescence_change_no_search(fen, chess_knowledge):
    """A position quiesced again reads its captures (moves, children, gains, landing cells) from
    memory; a player that keeps none generates them again.  Both must search the same tree: the
    same move and score after the same count of nodes."""
    cache = chess_knowledge
    kept = AlphaBetaPlayer(max_depth=3, node_budget=300, seed=0, knowledge_cache=cache)
    again = AlphaBetaPlayer(max_depth=3, node_budget=300, seed=0, knowledge_cache=cache)
    again._captures = _Forgetful()
    a, b = kept.choose(_chess_state(fen)), again.choose(_chess_state(fen))
    assert (a.notation, kept.info.score, kept.info.nodes, kept.info.positions) == \
        (b.notation, again.info.score, again.info.nodes, again.info.positions)
    assert kept.info.nodes > 50  # a real search, with quiescence under it
    # most positions entered stand pat or hit the table: more positions than generations
    assert kept.info.positions > kept.info.nodes


_TWO_CAPTURES = "4k3/8/2p5/3n4/4P3/8/8/3QK3 w - - 0 1"
"""The knight on d5, guarded by the pawn on c6, can be taken by the pawn on e4 or the queen on d1 (python-chess:
exd5 and Qxd5 are White's only captures): the same material won, with a pawn or with the queen."""


def _capture_cells(move) -> str:
    legs = move.parts[0].split()
    return legs[1] + legs[3]


def test_of_two_captures_winning_the_same_the_cheaper_piece_is_ordered_first(chess_knowledge):
    """Near the horizon (moves ordered by their data), a capture is ordered by the material it wins, and of
    two that win the same, the one made with the cheaper piece comes first: pawn takes knight, then queen."""
    board = chess.Board(_TWO_CAPTURES)
    captures = {m.uci() for m in board.legal_moves if board.is_capture(m)}
    assert captures == {"e4d5", "d1d5"}
    state = _chess_state(_TWO_CAPTURES)
    player = AlphaBetaPlayer(max_depth=3, node_budget=None, seed=0, knowledge_cache=chess_knowledge)
    player._setup(state)
    player._root = "White"
    for seed in range(5):  # whatever the random tie-break draws
        player.rng.seed(seed)
        ordered = player._children(state, state.signature(), state.legal_moves(), True, None, 1, False)
        first_two = [_capture_cells(move) for move, _, _ in ordered[:2]]
        assert first_two == ["e4d5", "d1d5"]


def _followed_captures(state, knowledge_cache, seed: int = 0) -> list:
    """The signatures of the positions quiescence enters below ``state`` (White to move, an open window)."""
    player = AlphaBetaPlayer(max_depth=3, node_budget=None, seed=seed, knowledge_cache=knowledge_cache)
    player._setup(state)
    player._root = "White"
    followed = []
    quiesce = player._quiesce

    def recording(child, sig, alpha, beta, ply, qply, target=None):
        followed.append(sig)
        return quiesce(child, sig, alpha, beta, ply, qply, target)

    player._quiesce = recording
    player._quiesce(state, state.signature(), -math.inf, math.inf, 0, 0)
    return followed[1:]


def test_quiescence_tries_the_capture_with_the_cheaper_piece_first(chess_knowledge):
    """At the horizon the same order holds: the first capture quiescence follows is exd5, not Qxd5."""
    state = _chess_state(_TWO_CAPTURES)
    pawn_takes = next(m for m in state.legal_moves() if _capture_cells(m) == "e4d5")
    for seed in range(5):  # whatever the random tie-break draws
        followed = _followed_captures(state, chess_knowledge, seed)
        assert followed[0] == state.apply(pawn_takes).signature()


@pytest.mark.parametrize("fen, guarded", [
    ("4k3/8/2p5/3r4/8/8/8/3QK3 w - - 0 1", True),   # the rook on d5 guarded by the pawn on c6
    ("4k3/8/8/3r4/8/8/8/3QK3 w - - 0 1", False),    # the same rook alone
])
def test_quiescence_leaves_a_queen_taking_a_guarded_rook(fen, guarded, chess_knowledge):
    """Qxd5 wins a rook with the queen; where the pawn on c6 takes the queen back (python-chess says
    the square is attacked after the capture) quiescence does not follow it, and stands pat; where
    nothing guards the rook it does."""
    board = chess.Board(fen)
    assert [m.uci() for m in board.legal_moves if board.is_capture(m)] == ["d1d5"]
    board.push_uci("d1d5")
    assert board.is_attacked_by(chess.BLACK, chess.D5) is guarded
    state = _chess_state(fen)
    queen_takes = next(m for m in state.legal_moves() if _capture_cells(m) == "d1d5")
    followed = _followed_captures(state, chess_knowledge)
    assert followed == ([] if guarded else [state.apply(queen_takes).signature()])
