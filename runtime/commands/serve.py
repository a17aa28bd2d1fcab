"""``zrf serve``: a local web page to play any game."""

from __future__ import annotations

import click


@click.command()
@click.argument("game", metavar="[GAME]", required=False)
@click.option("--port", "-p", type=click.IntRange(0, 65535), default=8000, show_default=True,
              help="Port to listen on (0 picks a free one).")
@click.option("--host", default="127.0.0.1", show_default=True,
              help="Address to listen on. The default serves this machine only.")
def serve(game: str | None, port: int, host: str) -> None:
    """Serve a page where a person picks a built-in game or uploads a .zrf and plays it
    by clicking, against a person or the computer, and can download the game as .zsg.

    GAME (a built-in name or a .zrf path) is preselected on the page.
    """
    from runtime.web.server import make_server

    server = make_server(host, port, game)
    h, p = server.server_address[:2]
    click.echo(f"serving on http://{h}:{p}/  (Ctrl-C to stop)", err=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
