"""The typed model on hand-written ZRF: variants, grids, links, zones, setup, turn orders, goals.

Expected values are worked out by hand from SEMANTICS §2-§4 and §6.1.
"""

from __future__ import annotations

from zrf.macros import expand_document
from zrf.model import build_model
from zrf.reader import parse_text


def model(text: str):
    doc = parse_text(text, "t.zrf")
    return build_model(expand_document(doc), "t.zrf", doc.encoding)


def codes(zf):
    return [(d.code, d.span.line, d.span.col, d.message) for d in zf.report.diagnostics]


CHESSLIKE = """
(game (title "Base") (players White Black) (turn-order White Black)
  (option "pass turn" forced) (option "maximal captures" true)
  (board (grid (start-rectangle 0 0 10 10)
               (dimensions ("a/b" (10 0)) ("2/1" (0 10)))
               (directions (n 0 -1) (s 0 1))))
  (piece (name Man) (moves (n add)))
  (piece (name King) (moves (s add)))
  (board-setup (White (Man a1) (King b1)) (Black (Man a2)))
  (win-condition (White Black) (pieces-remaining 0 King))
  (loss-condition (White Black) stalemated))
(variant (title "-"))
(variant (title "Small") (default)
  (option "maximal captures" false)
  (piece (name King) (moves (n add) (s add)))
  (piece (name Queen) (moves (n add)))
  (draw-condition (White) repetition))
"""


def test_variant_inheritance_rules():
    zf = model(CHESSLIKE)
    assert [g.title for g in zf.games] == ["Base", "-", "Small"]
    base, sep, small = zf.games
    assert not sep.playable
    assert zf.entry().title == "Small"  # (default)
    # pieces merged by name: King replaced, Queen appended, Man inherited
    assert list(small.pieces) == ["Man", "King", "Queen"]
    assert len(small.pieces["King"].moves) == 2 and len(base.pieces["King"].moves) == 1
    # options merged by name
    assert small.options == {"pass turn": "forced", "maximal captures": "false"}
    # any goal in the variant replaces all of the game's goals
    assert [(g.kind, g.players) for g in small.goals] == [("draw", ["White"])]
    assert [g.kind for g in base.goals] == ["win", "loss"]
    # everything else inherited
    assert small.players == ["White", "Black"] and small.board.cell_count == 4
    assert small.setup.placements == [("White", "Man", "a1"), ("White", "King", "b1"), ("Black", "Man", "a2")]
    assert codes(zf) == []


def test_variant_before_its_game_inherits_from_first_game():
    zf = model('(variant (title "V") (players A B))\n(game (title "G") (players X Y) (turn-order X Y))')
    v, g = zf.games
    assert v.kind == "variant" and v.players == ["A", "B"]
    assert [e.player for e in v.turn_order.entries] == ["X", "Y"]  # inherited from the later game


def test_three_dimensional_grid_names_and_links():
    zf = model("""(game (title "3D") (players P) (turn-order P)
      (board (grid (start-rectangle 0 0 1 1)
         (dimensions ("a/b" (10 0)) ("1/2/3" (0 10)) ("x/y" (100 0)))
         (directions (up 0 0 1) (e 1 0 0) (bad 1 0)))))""")
    b = zf.games[0].board
    assert len(b.positions) == 12
    assert list(b.positions)[:3] == ["a1x", "a1y", "a2x"]  # first dimension first
    assert b.link("a1x", "up") == "a1y" and b.link("a1y", "up") is None
    assert b.link("a3y", "e") == "b3y"
    assert b.positions["b2y"].coords == (1, 1, 1)
    assert codes(zf) == [("E327", 4, 43, "direction 'bad' has 2 offsets for a 3-dimensional grid")]


def test_several_grids_share_direction_names_and_join_by_links():
    zf = model("""(game (title "G") (players P) (turn-order P)
      (board (grid (start-rectangle 0 0 1 1) (dimensions ("a/b" (10 0)) ("1" (0 10))) (directions (e 1 0)))
             (grid (start-rectangle 0 50 1 51) (dimensions ("x/y" (10 0)) ("9" (0 10))) (directions (e 1 0)))
             (links e (b1 x9))))""")
    b = zf.games[0].board
    assert list(b.positions) == ["a1", "b1", "x9", "y9"]
    assert b.link("a1", "e") == "b1" and b.link("b1", "e") == "x9" and b.link("x9", "e") == "y9"
    assert len(b.grids) == 2 and b.positions["x9"].grid == 1


def test_board_is_built_in_textual_order_kill_unlink_links():
    zf = model("""(game (title "G") (players P) (turn-order P)
      (board (grid (start-rectangle 0 0 1 1) (dimensions ("a/b/c" (10 0)) ("1" (0 10)))
                   (directions (e 1 0) (w -1 0)))
             (unlink (a1 b1))
             (kill-positions c1)
             (links e (a1 c1))
             (links e (b1 a1))
             (dummy z0)
             (links next (z0 a1))))""")
    b = zf.games[0].board
    assert b.link("a1", "e") is None          # (a1 c1) dropped: c1 was killed
    assert b.link("b1", "w") is None          # unlink (a1 b1) removed both directions
    assert b.link("b1", "e") == "a1"          # a later link replaces the grid link (b1 c1 was killed anyway)
    assert b.link("z0", "next") == "a1" and b.positions["z0"].dummy
    assert b.cell_count == 2 and b.dummy_count == 1 and b.killed == {"c1"}
    assert codes(zf) == [("W323", 6, 27, "link e a1->c1 uses killed position 'c1'; the link is ignored")]


def test_unlink_position_and_direction_forms():
    zf = model("""(game (title "G") (players P) (turn-order P)
      (board (grid (start-rectangle 0 0 1 1) (dimensions ("a/b/c" (10 0)) ("1" (0 10)))
                   (directions (e 1 0) (w -1 0)))
             (unlink b1 (a1 e))))""")
    b = zf.games[0].board
    assert b.links["e"] == {} and b.links["w"] == {}
    assert zf.report.diagnostics == []


def test_positions_may_be_declared_after_links():
    zf = model("""(game (title "G") (players P) (turn-order P)
      (board (links n (p q)) (positions (p 0 0 1 1) (q 0 10 1 11))))""")
    assert zf.games[0].board.link("p", "n") == "q" and zf.report.diagnostics == []


def test_zones_per_player_and_symmetry_and_opposites():
    zf = model("""(game (title "G") (players White Black) (turn-order White Black)
      (board (grid (start-rectangle 0 0 1 1) (dimensions ("a/b" (10 0)) ("2/1" (0 10)))
                   (directions (n 0 -1) (s 0 1) (e 1 0) (w -1 0) (ne 1 -1)))
             (symmetry Black (n s) (s n))
             (zone (name promo) (players White) (positions a2 b2))
             (zone (name promo) (players Black) (positions a1))))""")
    b = zf.games[0].board
    assert b.zone("promo", "White") == {"a2", "b2"} and b.zone("promo", "Black") == {"a1"}
    assert b.zone("promo", "Nobody") == set()
    assert b.symmetry == {"Black": {"n": "s", "s": "n"}}
    assert b.opposites() == {"n": "s", "s": "n", "e": "w", "w": "e"}  # ne has no reverse direction
    assert b.opposite("ne") is None and b.link_back("b2", "ne") == "a1"


def test_setup_with_off_stock_anywhere_in_the_list():
    zf = model("""(game (title "G") (players X O) (turn-order X O)
      (board (grid (start-rectangle 0 0 1 1) (dimensions ("a/b/c" (10 0)) ("1" (0 10)))))
      (piece (name man) (drops ((verify empty?) add)))
      (board-setup (X (man a1 off 5 c1)) (O (man off 4))))""")
    s = zf.games[0].setup
    assert s.placements == [("X", "man", "a1"), ("X", "man", "c1")]
    assert s.off == {("X", "man"): 5, ("O", "man"): 4}
    assert zf.games[0].pieces["man"].drops[0].kind == "drop"


def test_turn_order_forms_and_repeat():
    zf = model("""(game (title "G") (players A B ?R) (turn-order A (B A) (?R A roll) repeat (A fast) B)
      (piece (name p) (moves (move-type fast) (n add) (move-type roll) (s add))))""")
    g = zf.games[0]
    entries = [(e.player, e.moves_as, e.move_type) for e in g.turn_order.entries]
    assert entries == [("A", "A", None), ("B", "A", None), ("?R", "A", "roll"), ("A", "A", "fast"),
                       ("B", "B", None)]
    assert g.turn_order.repeat_from == 3
    assert [g.turn_order.entry(t).player for t in range(8)] == ["A", "B", "?R", "A", "B", "A", "B", "A"]
    assert g.random_players == ["?R"]
    assert g.pieces["p"].move_types == ["fast", "roll"]


def test_neutral_players_never_take_a_turn():
    zf = model('(game (title "G") (players A B Neutral) (turn-order A B))')
    assert zf.games[0].neutral_players == ["Neutral"]


def test_missing_turn_order_follows_players():
    zf = model('(game (title "G") (players A B))')
    assert [e.player for e in zf.games[0].turn_order.entries] == ["A", "B"]


def test_options_quoted_and_old_bare_forms():
    zf = model("""(game (title "G") (players A) (turn-order A)
      (pass-turn forced) (recycle-captures true) (allow-flipping true) (option "smart moves" from))""")
    assert zf.games[0].options == {"pass turn": "forced", "recycle captures": "true",
                                   "prevent flipping": "false", "smart moves": "from"}


def test_goal_forms():
    zf = model("""(game (title "G") (players A B) (turn-order A B)
      (win-condition (A) (absolute-config K (a1 b1)))
      (loss-condition (A B) (and (pieces-remaining 0) stalemated))
      (count-condition stalemated)
      (draw-condition (B) repetition))""")
    goals = [(g.kind, g.players) for g in zf.games[0].goals]
    assert goals == [("win", ["A"]), ("loss", ["A", "B"]), ("count", []), ("draw", ["B"])]


def test_engine_marker_and_dummy_piece():
    zf = model("""(game (title "Ax") (players A) (turn-order A) (engine "../Axiom/Ur/axiom.dll")
      (piece (name Dummy) (dummy) (moves (from))) (move-priorities a b))""")
    g = zf.games[0]
    assert zf.needs_engine and g.engine == "../Axiom/Ur/axiom.dll"
    assert g.pieces["Dummy"].dummy and g.move_priorities == ["a", "b"]


def test_presentation_keywords_kept():
    zf = model("""(game (title "G") (description "d") (history "h") (help "x") (music "m.mid")
      (move-sound "a.wav") (players A) (turn-order A)
      (piece (name p) (notation "P") (image A "p.bmp") (help "h") (moves (n add))))""")
    g = zf.games[0]
    assert g.text("description") == "d" and g.text("history") == "h" and "music" in g.forms
    assert [f.head for f in g.pieces["p"].forms] == ["name", "notation", "image", "help"]
    assert zf.report.diagnostics == []
