"""Self-play statistics for game designers (``zrf evaluate``): is a game balanced, decisive, dramatic?

One player spec plays itself, seats alternating, through the match
machinery (:mod:`runtime.matches`: the schedule, the referee, the table that
seats players and saves games), each batch of games a job of
:mod:`runtime.jobs.executors` (in this process, a process pool or Ray).
Each finished game is replayed once more to measure it (:mod:`.selfplay_games`:
the deciding goal, the branching factor along the game, repetitions, lead
changes by the static evaluation), its record appended to the report folder's
log (:mod:`.record_log`) so that an interrupted run resumes, and the records
are summed up (:mod:`.balance_summary`: first-player win rate with its Wilson
interval, draws, decisiveness, lengths, branching by phase, outcomes by goal)
and drawn (:mod:`.report_page`: one HTML page with inline SVG plots).
"""
