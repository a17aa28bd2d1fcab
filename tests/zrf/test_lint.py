"""Exact diagnostics (code, line, column, message) of every linter check on small ZRF snippets.

Each snippet is the tiny game below with one mistake put in; columns are
counted by hand from the text (the ``moves`` list starts at column 28 of
line 7, the ``extra`` forms are on line 10).
"""

from __future__ import annotations

import pytest

from zrf.lint import lint_file

BASE = """(game (title "T")
  (players White Black)
  (turn-order White Black)
  (board (grid (start-rectangle 0 0 10 10)
               (dimensions ("a/b/c" (10 0)) ("3/2/1" (0 10)))
               (directions (n 0 -1) (s 0 1) (e 1 0) (w -1 0))))
  (piece (name Man) (moves {moves}))
  (board-setup (White (Man a1)) (Black (Man c3)))
  (loss-condition (White Black) stalemated)
{extra})
"""

GOOD_MOVES = "(n (verify empty?) add)"


def lint(tmp_path, text: str, variant: str | None = None):
    path = tmp_path / "t.zrf"
    path.write_text(text)
    result = lint_file(str(path), variant)
    return [(d.code, d.span.root().line, d.span.root().col, d.message) for d in result.diagnostics]


def game(moves: str = GOOD_MOVES, extra: str = "") -> str:
    return BASE.format(moves=moves, extra=extra)


def test_clean_game_has_no_diagnostics(tmp_path):
    assert lint(tmp_path, game()) == []


def test_unbalanced_parentheses_from_reader(tmp_path):
    text = game().rstrip()[:-1]  # drop the final ')'
    assert lint(tmp_path, text) == [("E102", 1, 1, "unbalanced '(': never closed")]


def test_unknown_top_level_keyword(tmp_path):
    text = game() + '(gmae (title "X"))\n'
    assert lint(tmp_path, text) == [("E303", 11, 1, "unknown top-level keyword 'gmae'")]


def test_unknown_keyword_in_game_with_suggestion(tmp_path):
    assert lint(tmp_path, game(extra="  (turnorder White Black)")) == [
        ("E305", 10, 3, "unknown keyword 'turnorder' in game (did you mean 'turn-order'?)")]


def test_keyword_of_another_place(tmp_path):
    assert lint(tmp_path, game(extra="  (grid)")) == [
        ("E305", 10, 3, "keyword 'grid' is not allowed in game")]


def test_undefined_macro_in_game(tmp_path):
    assert lint(tmp_path, game(extra="  (common-pieces)")) == [
        ("E230", 10, 3, "undefined macro 'common-pieces' (not a keyword allowed in game)")]


def test_undefined_macro_as_move_block(tmp_path):
    assert lint(tmp_path, game("(slide n)")) == [
        ("E230", 7, 28, "undefined macro 'slide' (not a keyword, direction or position)")]


def test_undefined_macro_inside_program(tmp_path):
    assert lint(tmp_path, game("(n (step e) add)")) == [
        ("E230", 7, 31, "undefined macro 'step' (not a keyword allowed in a move program)")]


def test_unknown_direction_in_program(tmp_path):
    assert lint(tmp_path, game("(nw (verify empty?) add)")) == [
        ("E371", 7, 29, "unknown direction or position 'nw' in a move program")]


def test_unknown_predicate(tmp_path):
    assert lint(tmp_path, game("(n (verify emtpy?) add)")) == [
        ("E375", 7, 39, "unknown predicate or undeclared attribute 'emtpy?'")]


def test_condition_used_as_statement(tmp_path):
    assert lint(tmp_path, game("(n empty? add)")) == [
        ("E364", 7, 31, "condition 'empty?' used as a statement (wrap it in (verify ...))")]


def test_wrong_arity_in_program(tmp_path):
    assert lint(tmp_path, game("(n (verify empty? friend?) add)")) == [
        ("E380", 7, 31, "'verify' takes 1 argument, got 2")]


def test_wrong_arity_in_game(tmp_path):
    assert lint(tmp_path, game(extra='  (option "pass turn")')) == [
        ("E380", 10, 3, "'option' takes 2 arguments, got 1")]


def test_unknown_piece_in_add(tmp_path):
    assert lint(tmp_path, game("(n (verify empty?) (add King))")) == [
        ("E370", 7, 52, "add names unknown piece 'King'")]


def test_unknown_zone(tmp_path):
    assert lint(tmp_path, game("(n (verify (in-zone? promo)) add)")) == [
        ("E372", 7, 49, "in-zone? names unknown zone 'promo'")]


def test_undeclared_attribute(tmp_path):
    assert lint(tmp_path, game("(n (set-attribute moved? true) add)")) == [
        ("E375", 7, 46, "set-attribute names undeclared attribute 'moved?'")]


def test_declared_attribute_is_a_condition(tmp_path):
    text = game("(n (verify moved?) add)").replace("(name Man)", "(name Man) (attribute moved? false)")
    assert lint(tmp_path, text) == []


def test_flag_never_set_is_a_warning(tmp_path):
    assert lint(tmp_path, game("(n (verify (flag? jumped)) add)")) == [
        ("W376", 7, 46, "flag? tests flag 'jumped' that no set-flag ever sets (always false)")]


def test_flag_set_elsewhere_is_fine(tmp_path):
    assert lint(tmp_path, game("(n (set-flag jumped true) (verify (flag? jumped)) add)")) == []


def test_unknown_move_type_in_add_partial(tmp_path):
    assert lint(tmp_path, game("(n (verify empty?) (add-partial jumptype))")) == [
        ("W377", 7, 60, "add-partial continues with move type 'jumptype' that no piece declares"
         " (the turn ends there)")]


def test_unknown_position_in_setup(tmp_path):
    text = game().replace("(Man c3)", "(Man c4)")
    assert lint(tmp_path, text) == [("E373", 8, 45, "board-setup names unknown position 'c4'")]


def test_unknown_piece_and_player_in_setup(tmp_path):
    text = game().replace("(Black (Man c3))", "(Red (King c3))")
    assert lint(tmp_path, text) == [
        ("E374", 8, 34, "board-setup names unknown player 'Red'"),
        ("E370", 8, 39, "board-setup names unknown piece 'King'"),
    ]


def test_unknown_player_in_turn_order(tmp_path):
    text = game().replace("(turn-order White Black)", "(turn-order White Blak)")
    assert lint(tmp_path, text) == [("E374", 3, 21, "turn-order names unknown player 'Blak'")]


def test_unknown_names_in_goal(tmp_path):
    extra = "  (win-condition (White Red) (pieces-remaining 0 King))"
    assert lint(tmp_path, game(extra=extra)) == [
        ("E374", 10, 3, "win-condition names unknown player 'Red'"),
        ("E370", 10, 50, "pieces-remaining names unknown piece 'King'"),
    ]


def test_unknown_position_in_absolute_config(tmp_path):
    extra = "  (win-condition (White) (absolute-config Man (a1 z9)))"
    assert lint(tmp_path, game(extra=extra)) == [
        ("E373", 10, 51, "absolute-config names unknown position 'z9'")]


def test_else_outside_if(tmp_path):
    assert lint(tmp_path, game("(n else add)")) == [("E363", 7, 31, "'else' outside an (if ...)")]


def test_piece_without_moves_warns(tmp_path):
    extra = "  (piece (name Stone))"
    assert lint(tmp_path, game(extra=extra)) == [
        ("W330", 10, 3, "piece 'Stone' has no moves or drops and is not a (dummy)")]


def test_dummy_piece_without_moves_is_fine(tmp_path):
    assert lint(tmp_path, game(extra="  (piece (name Stone) (dummy))")) == []


def test_block_without_add_warns(tmp_path):
    assert lint(tmp_path, game("(n (verify empty?))")) == [
        ("W361", 7, 28, "move block of 'Man' never adds a move (no add, add-copy or add-partial)")]


def test_code_after_while_true_is_unreachable(tmp_path):
    assert lint(tmp_path, game("((while true n add) add)")) == [
        ("W362", 7, 48, "unreachable: a (while true ...) loop only ends by stopping the block,"
         " so 'add' never runs")]


def test_move_priorities_with_undeclared_type(tmp_path):
    assert lint(tmp_path, game(extra="  (move-priorities jumptype)")) == [
        ("W311", 10, 20, "move-priorities names move type 'jumptype' that no piece declares")]


def test_zone_for_unknown_player(tmp_path):
    text = game().replace("(directions (n 0 -1) (s 0 1) (e 1 0) (w -1 0)))",
                          "(directions (n 0 -1) (s 0 1) (e 1 0) (w -1 0)))\n"
                          "         (zone (name promo) (players Red) (positions a3))")
    assert lint(tmp_path, text) == [
        ("W321", 7, 10, "zone 'promo' is declared for 'Red', which is not a player")]


def test_drops_without_stock_warn(tmp_path):
    extra = "  (piece (name Stone) (drops ((verify empty?) add)))"
    assert lint(tmp_path, game(extra=extra)) == [
        ("W340", 10, 30, "piece 'Stone' has drops but no player gets off-board stock of it"
         " (board-setup ... off N): its drops never happen")]


def test_drops_with_stock_are_fine(tmp_path):
    extra = "  (piece (name Stone) (drops ((verify empty?) add)))"
    text = game(extra=extra).replace("(White (Man a1))", "(White (Man a1) (Stone off 3))")
    assert lint(tmp_path, text) == []


def test_setup_on_killed_position_warns(tmp_path):
    text = game().replace("(directions (n 0 -1) (s 0 1) (e 1 0) (w -1 0)))",
                          "(directions (n 0 -1) (s 0 1) (e 1 0) (w -1 0))) (kill-positions c3)")
    assert lint(tmp_path, text) == [("W341", 8, 45, "board-setup uses killed position 'c3'")]


def test_link_to_killed_position_is_a_warning(tmp_path):
    text = game().replace("(directions (n 0 -1) (s 0 1) (e 1 0) (w -1 0)))",
                          "(directions (n 0 -1) (s 0 1) (e 1 0) (w -1 0)))\n"
                          "         (kill-positions b2) (links next (a1 b2))")
    assert lint(tmp_path, text) == [
        ("W323", 7, 46, "link next a1->b2 uses killed position 'b2'; the link is ignored")]


def test_link_to_unknown_position_is_an_error(tmp_path):
    text = game().replace("(directions (n 0 -1) (s 0 1) (e 1 0) (w -1 0)))",
                          "(directions (n 0 -1) (s 0 1) (e 1 0) (w -1 0)))\n"
                          "         (links next (a1 x9))")
    assert lint(tmp_path, text) == [("E323", 7, 26, "link to unknown position 'x9'")]


def test_engine_file_is_reported_and_dummy_pieces_not_flagged(tmp_path):
    text = game("(from)", extra='  (engine "Axiom.dll")\n  (piece (name Helper) (moves (from)))')
    diags = lint(tmp_path, text)
    assert diags == [
        ("A001", 10, 3, "needs the Axiom engine plug-in Axiom.dll: its moves and goals are generated by"
         " that DLL, so this file can be read and checked but not played")]


def test_diagnostic_inside_macro_points_at_call_with_note(tmp_path):
    text = "(define step ($1 (verify emtpy?) add))\n" + game("(step n)")
    path = tmp_path / "t.zrf"
    path.write_text(text)
    (d,) = lint_file(str(path)).diagnostics
    assert d.format().splitlines() == [
        f"{path}:8:28: E375 unknown predicate or undeclared attribute 'emtpy?'",
        f"{path}:1:26: note: in macro body",
    ]


def test_variant_option_selects_one_entry(tmp_path):
    text = game() + '(variant (title "V") (piece (name Man) (moves (ne add))))\n'
    assert lint(tmp_path, text, variant="T") == []
    assert lint(tmp_path, text, variant="V") == [
        ("E371", 11, 48, "unknown direction or position 'ne' in a move program")]


def test_unknown_variant_raises_keyerror(tmp_path):
    path = tmp_path / "t.zrf"
    path.write_text(game())
    with pytest.raises(KeyError):
        lint_file(str(path), "Nope")


def test_keyword_alone_as_statement(tmp_path):
    assert lint(tmp_path, game("(n go add)")) == [
        ("E305", 7, 31, "keyword 'go' cannot stand alone as a statement here")]


def test_direction_named_like_a_position_is_flagged():
    """A leap direction called e2 on a board with a cell e2 hides the cell in move programs."""
    from zrf.lint import lint_model
    from zrf.macros import expand_document
    from zrf.model import build_model
    from zrf.reader import parse_text

    text = ('(game (title "t") (players White Black) (turn-order White Black)\n'
            ' (board (grid (start-rectangle 0 0 10 10) (dimensions ("a/b/c/d/e" (10 0)) ("2/1" (0 10)))\n'
            '   (directions (n 0 -1) (e2 2 0))))\n'
            ' (piece (name Man) (moves (e2 add)))\n'
            ' (board-setup (White (Man a1))))\n')
    zf = build_model(expand_document(parse_text(text, "t.zrf")), "t.zrf")
    diags = [d for d in lint_model(zf) if d.code == "W323D"]
    assert len(diags) == 1
    assert "direction 'e2' is also a position name" in diags[0].message
    assert (diags[0].span.line, diags[0].span.col) == (2, 2)


def test_old_bare_options_of_zillions_are_accepted(tmp_path):
    """(pass-partial true) is the old bare form of (option "pass partial" true), like (pass-turn ...)."""
    text = game(extra="  (pass-partial true) (recycle-promotions false)")
    assert lint(tmp_path, text) == []
    path = tmp_path / "t.zrf"
    assert lint_file(str(path)).model.games[0].options["pass partial"] == "true"


def test_unknown_option_name_warns(tmp_path):
    extra = '  (option "frobnicate" true) (option "go-extension" true) (option "pass turn" forced)'
    assert lint(tmp_path, game(extra=extra)) == [
        ("W312", 10, 11, "unknown option \"frobnicate\": it is ignored")]


def test_create_arguments_in_the_order_the_runtime_reads_them(tmp_path):
    assert lint(tmp_path, game("(n (create White Man n) (create Man n e) add)")) == [
        ("E362", 7, 66, "create takes [player] [piece] [direction or position] in that order; "
         "'e' is left over")]


def test_attacked_with_a_move_type_is_a_warning(tmp_path):
    """LeShogi's (attacked? no-king): Zillions loads it; what it means is not known (runtime: false)."""
    text = game("(n (verify (not-attacked? jump)) add)").replace(
        "(moves ", "(moves (move-type jump) ")
    assert lint(tmp_path, text) == [
        ("W378", 7, 71, "not-attacked? with move type 'jump': Zillions accepts it, its meaning is not known;"
         " the runtime answers false")]
