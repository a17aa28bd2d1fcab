"""The cross-checker finds exactly the positions where two engines differ.

The engines here are tiny take-away games whose move trees can be worked out by
hand, so every expected disagreement below is derived from the rules, not from
the checker's own output.
"""

from __future__ import annotations

from runtime.verify.crosscheck import CrossChecker, CrossCheckResult, KnownDifference, NameMap
from runtime.core.protocol import Move, Outcome, Signature

from runtime.loading.registry import find_game

from .toygames import TakeAway, TakeState

CANON_ZRF = str(find_game("canon-chess").zrf)


def test_identical_engines_agree_everywhere():
    ref, cand = TakeAway(4), TakeAway(4)
    checker = CrossChecker(ref, cand)
    result = checker.tree(ref.initial_state(), cand.initial_state(), depth=3)
    assert result.agree
    # compared: positions fewer than 3 plies deep, transpositions with equal remaining depth once:
    # ply 0: heap 4; ply 1: heaps 3 and 2; ply 2: heaps 2, 1 (from 3) and 1, 0 (from 2) -> 2, 1, 0
    assert result.positions == 1 + 2 + 3


def test_extra_move_in_candidate_is_reported_with_its_path():
    # the candidate also allows taking 3: from 4 stones "take 3" exists only there
    ref, cand = TakeAway(4), TakeAway(4, takes=(1, 2, 3))
    checker = CrossChecker(ref, cand)
    result = checker.tree(ref.initial_state(), cand.initial_state(), depth=1)
    assert not result.agree
    first = result.failures[0]
    assert first.kind == "successors"
    assert first.path == []
    assert first.only_candidate == ["take 3"]
    assert first.only_reference == []


def test_disagreement_deeper_in_the_tree_names_the_moves_that_reach_it():
    # the candidate's extra "take 3" shows at every compared heap of >= 3 stones
    ref, cand = TakeAway(5), TakeAway(5, takes=(1, 2, 3))
    result = CrossChecker(ref, cand).tree(ref.initial_state(), cand.initial_state(), depth=2)
    paths = sorted(tuple(d.path) for d in result.failures)
    # heaps of >= 3 stones are: the root (5), after take 1 (4), after take 2 (3)
    assert paths == [(), ("take 1",), ("take 2",)]


def test_outcome_disagreement_and_known_difference():
    class Misere(TakeAway):
        def initial_state(self):
            return MisereState(self, self.stones, 0)

    class MisereState(TakeState):
        def apply(self, move):
            return MisereState(self.game, self.stones - move.data, 1 - self.turn)

        def outcome(self):
            if self.stones == 0:
                return Outcome.win(self.current_player, self.game.players, "misere")
            return None

    # the heap-0 position (one ply deep) is compared when the tree goes two plies deep
    ref, cand = TakeAway(1), Misere(1)
    result = CrossChecker(ref, cand).tree(ref.initial_state(), cand.initial_state(), depth=2)
    assert [d.kind for d in result.failures] == ["outcome"]
    known = KnownDifference("misere", "the candidate plays misere", lambda r, c, d: d.kind == "outcome")
    result = CrossChecker(ref, cand, known=[known]).tree(ref.initial_state(), cand.initial_state(), depth=2)
    assert result.agree
    assert [d.known for d in result.disagreements] == ["misere"]


def test_name_map_translates_candidate_names():
    ref = TakeAway(3)
    cand = TakeAway(3, cell="pile", stone="Pebble")
    assert not CrossChecker(ref, cand).tree(ref.initial_state(), cand.initial_state(), 1).agree
    names = NameMap(cells={f"pile{i}": f"heap{i}" for i in range(3)}, pieces={"Pebble": "Stone"})
    result = CrossChecker(ref, cand, names).tree(ref.initial_state(), cand.initial_state(), 3)
    assert result.agree


def test_playouts_are_reproducible_and_follow_agreed_moves():
    ref, cand = TakeAway(9), TakeAway(9)
    a = CrossChecker(ref, cand).playout(ref.initial_state(), cand.initial_state(), seed=7, plies=50)
    b = CrossChecker(ref, cand).playout(ref.initial_state(), cand.initial_state(), seed=7, plies=50)
    assert a.positions == b.positions and a.agree and a.playouts == 1


def test_merged_turns_compare_a_two_turn_split_with_a_whole_turn_engine():
    """A game where each player takes two half-turns compares equal, turn by turn, with
    the same game written as one move per turn, once the half-turns are merged."""
    from runtime.core.merged_turns import MergedTurns

    from .toygames import DoubleTake, TakeTwice

    whole, halves = TakeTwice(6), MergedTurns(DoubleTake(6))
    result = CrossChecker(whole, halves).tree(whole.initial_state(), halves.initial_state(), 3)
    # one line of play: heaps 6, 4 and 2 are the positions fewer than 3 turns deep
    assert result.agree and result.positions == 3
    # unmerged, the half-turn game disagrees at once (its successors have the same side to move)
    raw = DoubleTake(6)
    assert not CrossChecker(whole, raw).tree(whole.initial_state(), raw.initial_state(), 1).agree


def test_report_cap_never_hides_an_unexplained_disagreement():
    """Known differences beyond the report cap are counted, and an unexplained one found
    after them still makes the verdict a disagreement (each sort has its own cap)."""
    ref, cand = TakeAway(8), TakeAway(8, takes=(1, 2, 3))
    # "take 3" exists only in the candidate, at every heap of 3 stones or more;
    # the known difference excuses it only on heaps of 4 or more
    big = KnownDifference("big-heaps", "take 3 on a big heap",
                          lambda r, c, d: r.stones >= 4)
    checker = CrossChecker(ref, cand, known=[big], max_reports=2)
    result = CrossCheckResult()
    for stones in (8, 7, 6, 5, 4, 3, 2):
        checker.compare(TakeState(ref, stones, 0), TakeState(cand, stones, 0), [], result)
    assert result.known == {"big-heaps": 5}  # heaps 8, 7, 6, 5, 4
    assert result.unexplained == 1  # heap 3
    assert not result.agree
    assert [d.known for d in result.disagreements] == ["big-heaps", "big-heaps", None]
    merged = CrossCheckResult()
    merged.merge(result)
    merged.merge(result)
    assert merged.unexplained == 2 and merged.known == {"big-heaps": 10}


def test_position_count_is_the_same_for_any_number_of_workers_and_runs():
    """The tree is split by root move; transpositions are shared within a subtree only,
    so the count does not depend on which worker ran which subtree, nor on earlier runs."""
    from runtime.verify.crosscheck_run import CrossCheckSpec, run
    spec = CrossCheckSpec(game="canon-chess", zrf=CANON_ZRF, variant="Canon Chess")
    one = run(spec, depth=3, games=0, plies=0, workers=1)
    again = run(spec, depth=3, games=0, plies=0, workers=1)
    two = run(spec, depth=3, games=0, plies=0, workers=2)
    assert one.positions == again.positions == two.positions
    # at least the root and its 37 distinct successors, at most the whole perft(2) tree
    assert 1 + 37 < one.positions <= 1 + 37 + 1337


def test_name_map_ignores_bookkeeping_cells():
    """A name map's "ignore" cells are left out of the candidate's positions."""
    from runtime.verify.crosscheck import NameMap
    from runtime.core.protocol import make_signature
    names = NameMap.from_json({"ignore": ["clock-1"], "pieces": {"Tower": "Rook"}})
    sig = make_signature("White", [("a1", "White", "Tower"), ("clock-1", "White", "Clock")])
    assert names.signature(sig).board == frozenset({("a1", "White", "Rook")})


class _Scripted(TakeAway):
    """A game given as a table: position name -> (signature, [(move notation, next position)])."""

    def __init__(self, table, start="root"):
        super().__init__(0)
        self.table, self.start = table, start

    def initial_state(self):
        return _ScriptedState(self, self.start)


class _ScriptedState(TakeState):
    def __init__(self, game, name):
        self.game, self.name = game, name

    @property
    def current_player(self):
        return self.signature().to_move

    def legal_moves(self):
        return [Move.single(text, to) for text, to in self.game.table[self.name][1]]

    def apply(self, move):
        return _ScriptedState(self.game, move.data)

    def outcome(self):
        return None

    def signature(self):
        return self.game.table[self.name][0]


def test_successors_differing_in_any_part_of_the_position_disagree():
    """Successors are keyed by what they change in the position (successor_key), not by
    the whole board: a successor differing from the reference's only in the side to move,
    only in the hands, or only in a board entry the move did not touch is still another
    position.  By hand: the reference's moves "a" to "d" lead to four positions; the
    candidate's "a" is the same as the reference's, "b" differs in the side to move, "c"
    in the hands, "d" in a cell far from the move (f8 holds a Rook); "a2" reaches a's
    position again (no difference: the same successor twice) and "e" reaches nothing the
    reference has."""

    board = frozenset({("e1", "White", "King"), ("e8", "Black", "King"), ("a1", "White", "Rook")})
    moved = board - {("a1", "White", "Rook")} | {("a2", "White", "Rook")}
    far = moved | {("f8", "Black", "Rook")}
    hands = frozenset({("White", "Pawn", 1)})

    def sig(to_move, b, h=frozenset()):
        return Signature(to_move, b, h)

    def table(successors):
        out = {"root": (sig("White", board), [(m, m) for m in successors])}
        out.update((m, (s, [])) for m, s in successors.items())
        return out

    ref = _Scripted(table({"a": sig("Black", moved), "b": sig("Black", moved | {("h1", "White", "Pawn")}),
                           "c": sig("Black", board - {("a1", "White", "Rook")}, hands),
                           "d": sig("Black", moved - {("e8", "Black", "King")} | {("e7", "Black", "King")})}))
    cand = _Scripted(table({"a": sig("Black", moved), "b": sig("White", moved | {("h1", "White", "Pawn")}),
                            "c": sig("Black", board - {("a1", "White", "Rook")}),
                            "d": sig("Black", far - {("e8", "Black", "King")} | {("e7", "Black", "King")}),
                            "a2": sig("Black", moved), "e": sig("Black", board)}))
    result = CrossChecker(ref, cand).tree(ref.initial_state(), cand.initial_state(), 1)
    [d] = result.failures
    assert d.kind == "successors"
    assert d.only_reference == ["b", "c", "d"]
    assert d.only_candidate == ["b", "c", "d", "e"]
    # the same tables with the candidate's differences removed agree
    same = _Scripted(table({"a": sig("Black", moved), "b": sig("Black", moved | {("h1", "White", "Pawn")}),
                            "c": sig("Black", board - {("a1", "White", "Rook")}, hands),
                            "d": sig("Black", moved - {("e8", "Black", "King")} | {("e7", "Black", "King")}),
                            "a2": sig("Black", moved)}))
    assert CrossChecker(ref, same).tree(ref.initial_state(), same.initial_state(), 1).agree


def test_a_rule_changed_in_alpha_centauri_is_reported_move_by_move():
    """A planted difference in a real game: the native Alpha Centauri engine against itself
    with the Hopper's sacrifice switched off (hopper_sacrifice=False), at a position where
    the only possible sacrifice is the Hopper on e5 jumping the Black Pawn on e6 onto its
    own Guard on e7.  By hand, the reference alone has that jump, once after each of the
    King's and the Dame's legal first parts: King a1-a2 (b1 holds the Dame, a1 is a corner)
    and Dame b1-b2, b1-c1 (a1 holds the King): three turns, and the candidate has no move
    the reference lacks."""
    from variants.alpha_centauri.engine import alpha_centauri

    W, B = "White", "Black"
    position = {"a1": (W, "King"), "b1": (W, "Dame"), "i9": (B, "King"), "h9": (B, "Dame"),
                "e5": (W, "Hopper"), "e6": (B, "Pawn"), "e7": (W, "Guard")}
    ref = alpha_centauri().state_from(position, W)
    cand = alpha_centauri(hopper_sacrifice=False).state_from(position, W)
    result = CrossCheckResult()
    CrossChecker(ref.game, cand.game).compare(ref, cand, [], result)
    [d] = result.failures
    assert d.only_candidate == []
    assert len(d.only_reference) == 3
    assert all("Hopper e5" in m and "e7" in m for m in d.only_reference), d.only_reference
    assert {m.split(";")[0] for m in d.only_reference} == {"King a1 - a2", "Dame b1 - b2", "Dame b1 - c1"}


def test_a_crosscheck_job_leaves_no_cyclic_garbage_and_restores_the_collector():
    """The jobs hold the cyclic collector off (runtime.jobs.collector_scope) because a
    cross-check frees its positions by reference counting alone: with the collector
    switched off around a playout of Canon Chess (its ZRF against the native engine),
    ``gc.collect()`` afterwards finds nothing.  The collector's settings are those of
    before once a job ends, normally or by an exception."""
    import gc

    from runtime.jobs.collector_scope import CollectorScope
    from runtime.verify.crosscheck_run import CrossCheckSpec, _build_checker

    spec = CrossCheckSpec(game="canon-chess", zrf=CANON_ZRF, variant="Canon Chess")
    checker, ref, cand, path = _build_checker(spec)
    checker.playout(ref, cand, seed=1, plies=2, path=path)  # tables and memos made once
    before = gc.get_threshold()
    gc.collect()
    gc.disable()
    try:
        with CollectorScope("a cross-check job") as scope:
            assert gc.get_threshold() == tuple(max(a, b) for a, b in zip(before, scope.thresholds))
            result = checker.playout(ref, cand, seed=2, plies=8, path=path)
        found = gc.collect()
    finally:
        gc.enable()
    assert result.agree and result.positions > 1
    assert found == 0
    assert gc.get_threshold() == before and gc.get_freeze_count() == 0
    try:
        with CollectorScope("a cross-check job"):
            assert gc.get_freeze_count() > 0
            raise KeyError("stop")
    except KeyError:
        pass
    assert gc.get_threshold() == before and gc.get_freeze_count() == 0
