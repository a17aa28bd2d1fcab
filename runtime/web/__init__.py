"""``zrf serve``: the browser page and its server (Starlette, served by uvicorn).

* :mod:`.app`: the routes and the JSON API; :mod:`.server`: uvicorn on a
  bound socket, with a deadline for receiving each request;
* :mod:`.guard`: only this server's own page may call it (Host, Origin,
  Sec-Fetch-Site; security headers on every answer);
* :mod:`.catalog`: the games a request may name (built-in names and the
  command line's files), each loaded with its includes confined to its
  folder; :mod:`.uploads`: uploaded files, each upload in its own folder;
* :mod:`.sessions`: one session per game, with a token, expiry and a cap;
* :mod:`.views`, :mod:`.move_cells`, :mod:`.royals`, :mod:`.rules_text`,
  :mod:`.downloads`, :mod:`.bitmap_routes`: what the page is sent;
* :mod:`.error_answers`: every failure as a 4xx answer with ZRF diagnostics;
* :mod:`.server_limits`: the caps, stated once.

docs/play.md describes the page; docs/security.md the threat model and
what each defence covers.  The package may import :mod:`zrf` and every
package of runtime/ below it (core up to rl, and the Fairy-Stockfish bridge
and the language server); only :mod:`runtime.commands` imports it.
"""
