"""The ZRF language server: ``zrf lsp`` speaks the Language Server Protocol over standard input and output.

Every answer comes from :mod:`zrf.editing` (diagnostics, hover, completion,
definitions, references, outline, folding, formatting), which knows nothing of
the protocol; this package adds the protocol (pygls and lsprotocol), when to
analyse (debounced, one analysis at a time, the newest text first), which file
each diagnostic is published for, and the one answer that needs the
interpreter: what the game does from its start position
(:mod:`~runtime.lsp.game_report`, run in a child process under a time limit).
It may import :mod:`zrf` and runtime's floors below it.
"""
