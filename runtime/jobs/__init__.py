"""Running work: where a sweep's or a cross-check's jobs run, and a time limit on one job.

:mod:`.executors` runs a list of calls in this process, a local process pool
or on Ray, and gives the results back in order; :mod:`.time_limits` stops a
runaway job on a wall-clock alarm.  Nothing here knows games: it imports only
the standard library (and Ray, lazily).
"""
