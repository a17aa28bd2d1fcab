"""``zrf serve``: a local web page to play any game."""

from __future__ import annotations

import sys

import click

from runtime.web.server_limits import ServerLimits

_DEFAULTS = ServerLimits()


@click.command(short_help="Serve a local web page to play any game in a browser.")
@click.argument("games", metavar="[GAME|FOLDER]...", nargs=-1)
@click.option("--port", "-p", type=click.IntRange(0, 65535), default=8000, show_default=True,
              help="Port to listen on (0 picks a free one).")
@click.option("--host", default="127.0.0.1", show_default=True,
              help="Address to listen on. The default serves this machine only.")
@click.option("--max-games", type=click.IntRange(1, 10_000), default=_DEFAULTS.max_sessions, show_default=True,
              help="Games open at once; opening one more closes the least recently used.")
@click.option("--idle-minutes", type=click.FloatRange(0.1), default=_DEFAULTS.idle_seconds / 60,
              show_default=True, help="A game without a move for this long is closed.")
@click.option("--max-upload-kb", type=click.IntRange(1, 1_000_000), default=_DEFAULTS.max_body_bytes // 1024,
              show_default=True, help="Largest request body (an upload is sent base64: 4/3 of its size).")
@click.option("--max-watchers", type=click.IntRange(1, 10_000), default=_DEFAULTS.max_streams, show_default=True,
              help="Pages following games live at once (players of shared games and spectators).")
@click.option("--log", "log_requests", is_flag=True, help="Log every request to standard error.")
def serve(games: tuple[str, ...], port: int, host: str, max_games: int, idle_minutes: float,
          max_upload_kb: int, max_watchers: int, log_requests: bool) -> None:
    """Serve a page where a person picks a game or uploads a .zrf and plays it by clicking,
    against a person or the computer, and can download the game as .zsg.

    The page offers the built-in games and every GAME named here: a built-in
    name, a .zrf file, or a FOLDER (every .zrf below it); the first is
    preselected.  The page can open nothing else but uploads, and a game's
    includes must stay inside its folder.  Only pages this server sends may
    use it (see docs/security.md).
    """
    try:
        from runtime.web.app import make_app
        from runtime.web.server import SWITCH_INTERVAL, address_of, bind, make_server
    except ImportError as exc:
        raise click.UsageError(f"zrf serve needs Starlette and uvicorn ({exc.name} is missing): "
                               "pip install 'zrf-toolkit[web]'") from None
    from runtime.web.catalog import Catalog, CatalogError

    try:
        catalog = Catalog.from_arguments(games)
    except CatalogError as exc:
        raise click.UsageError(str(exc)) from None
    limits = ServerLimits(max_sessions=max_games, idle_seconds=idle_minutes * 60,
                          max_body_bytes=max_upload_kb * 1024, max_streams=max_watchers)
    try:
        sock = bind(host, port)
    except OSError as exc:
        raise click.UsageError(f"cannot listen on {host}:{port}: {exc.strerror or exc}") from None
    server = make_server(make_app(catalog, limits), limits, log_requests)
    click.echo(f"serving on {address_of(sock)}  (Ctrl-C to stop)", err=True)
    if host not in ("127.0.0.1", "localhost", "::1"):
        click.echo("warning: --host serves beyond this machine; anyone who can reach this address can "
                   "open games and upload files (there is no login)", err=True)
    sys.setswitchinterval(SWITCH_INTERVAL)
    try:
        server.run(sockets=[sock])
    except KeyboardInterrupt:  # uvicorn re-raises Ctrl-C after its orderly shutdown
        pass
    finally:
        sock.close()
    click.echo("stopped; uploads deleted", err=True)
