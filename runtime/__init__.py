"""Playing games: the engine contract, the ZRF interpreter and everything that plays, checks or shows games.

The root holds no module; each job is a subpackage, each imports only the ones
below it (docs/architecture.md has the table; tests/test_layers.py holds it):
``core`` (the contract) <- ``jobs`` <- ``interpreter`` <- ``loading`` <-
``players``, ``verify``, ``savedgames``, ``pictures`` <- ``rl`` <- ``fairy``,
``lsp`` <- ``web`` <- ``commands`` <- ``sweeps`` (imported by nothing).
"""
