"""The shared geometry tables on boards small enough to count by hand.

A 3x3 board, cells numbered row by row from the bottom left (a1=0, b1=1, c1=2,
a2=3, b2=4, c2=5, a3=6, b3=7, c3=8), and the same board with the centre b2 cut
out (a hole, as Epsilon Eridani has).
"""

from __future__ import annotations

from variants.geometry import OFF, leap_table, per_cell, ray_table, reverse, step_table

SQUARE = tuple((x, y) for y in range(3) for x in range(3))
HOLED = tuple(xy for xy in SQUARE if xy != (1, 1))  # 8 cells: b2 is missing, c2 becomes 4
NORTH, EAST, NORTHEAST = (0, 1), (1, 0), (1, 1)
KNIGHT = ((1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2))


def test_steps_and_rays_stop_at_the_edge():
    step = step_table(SQUARE, (NORTH, EAST))
    assert step[0][0] == 3 and step[0][6] == OFF          # a1 -> a2; a3 is the top edge
    assert step[1][2] == OFF                              # c1 has nothing east
    rays = ray_table(step)
    assert rays[1][0] == (1, 2)                           # a1 east: b1, c1
    assert rays[0][1] == (4, 7)                           # b1 north: b2, b3
    assert rays[0][7] == ()


def test_a_hole_ends_a_ray_and_a_step():
    step = step_table(HOLED, (NORTHEAST, EAST))
    assert step[0][0] == OFF                              # a1 -> b2, the hole
    assert ray_table(step)[1][3] == ()                    # a2 east meets the hole at once
    assert ray_table(step)[1][0] == (1, 2)


def test_knight_leaps_and_who_leaps_to_a_cell():
    leaps = leap_table(SQUARE, KNIGHT)
    assert leaps[0] == (7, 5)                             # a1: b3 (1,2) then c2 (2,1)
    assert leaps[4] == ()                                 # the centre reaches nothing on 3x3
    assert sum(len(t) for t in leaps) == 16               # each of the 8 outer cells has 2 leaps
    back = reverse(leaps)
    assert back[0] == (5, 7)                              # a1 is reached from c2 and b3, in cell order
    assert {t for t in range(9) if 0 in leaps[t]} == set(back[0])


def test_reverse_keeps_the_rest_of_a_path_entry():
    paths = ((), ((0, ("via",), 1),), ((0, (), 2), (1, (), 3)))
    assert reverse(paths) == (((1, ("via",), 1), (2, (), 2)), ((2, (), 3),), ())


def test_per_cell_turns_direction_first_into_cell_first():
    step = step_table(SQUARE, (NORTH, EAST))
    assert per_cell(step)[0] == (3, 1) and len(per_cell(step)) == 9
