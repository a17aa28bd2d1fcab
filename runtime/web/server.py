"""``zrf serve``: a small local web server to play any game in a browser.

Standard library only (``http.server``).  It listens on the loopback address
by default.  Games live in memory, one per id; the page talks JSON:

* ``GET /api/games``: the built-in games;
* ``POST /api/new`` ``{"game": NAME}`` or ``{"zrf": TEXT, "filename": F, "variant": V}``;
* ``GET /api/state?id=ID``; ``POST /api/move`` ``{"id", "notation"}``;
  ``POST /api/ai`` ``{"id", "kind", "seconds", "strength"}`` plays the
  computer's move; ``POST /api/hint`` (same body) only names it;
  ``POST /api/undo`` ``{"id"}``;
* ``GET /api/zsg?id=ID[&seats=HC]``: the game so far as a Zillions saved game.
"""

from __future__ import annotations

import json
import os
import tempfile
import threading
import uuid
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlparse

from runtime.games import GameLoadError, load_game
from runtime.notation import MoveMatchError, find_move
from runtime.protocol import Game, Move, State
from runtime.render import render_svg
from runtime.savegames import saved_game_text
from runtime.search import make_player

from .moves import describe_move

STATIC = os.path.join(os.path.dirname(os.path.abspath(__file__)), "static")
MAX_UPLOAD = 4 * 1024 * 1024


@dataclass
class Session:
    """One game being played in the browser."""

    game: Game
    spec: str
    variant: str | None
    state: State
    history: list[tuple[State, Move]] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def payload(self) -> dict:
        s = self.state
        outcome = s.outcome()
        return {
            "game": self.game.name,
            "players": list(self.game.players),
            "to_move": s.current_player,
            "svg": render_svg(s),
            "moves": [describe_move(m) for m in s.legal_moves()] if outcome is None else [],
            "history": [m.notation for _, m in self.history],
            "last": describe_move(self.history[-1][1]) if self.history else None,
            "outcome": None if outcome is None else {
                "text": outcome.describe(), "winners": list(outcome.winners),
                "losers": list(outcome.losers), "draw": outcome.draw, "rule": outcome.rule},
        }


class GameStore:
    """Sessions by id, and the folder uploaded ZRF files are kept in."""

    def __init__(self) -> None:
        self.sessions: dict[str, Session] = {}
        self.lock = threading.Lock()
        self.upload_dir = tempfile.mkdtemp(prefix="zrf-serve-")

    def new(self, spec: str, variant: str | None) -> tuple[str, Session]:
        game = load_game(spec, variant)
        session = Session(game, spec, variant, game.initial_state())
        sid = uuid.uuid4().hex[:12]
        with self.lock:
            self.sessions[sid] = session
        return sid, session

    def upload(self, text: str, filename: str) -> str:
        base = os.path.basename(filename or "upload.zrf") or "upload.zrf"
        if not base.lower().endswith(".zrf"):
            base += ".zrf"
        folder = tempfile.mkdtemp(dir=self.upload_dir)
        path = os.path.join(folder, base)
        with open(path, "w", encoding="utf-8") as fh:
            fh.write(text)
        return path

    def get(self, sid: str) -> Session:
        with self.lock:
            session = self.sessions.get(sid)
        if session is None:
            raise KeyError("no such game (the server may have been restarted)")
        return session


class ApiError(Exception):
    def __init__(self, status: int, message: str, **extra):
        super().__init__(message)
        self.status, self.message, self.extra = status, message, extra


def make_handler(store: GameStore, default_game: str | None):
    class Handler(BaseHTTPRequestHandler):
        server_version = "zrf-serve"

        def log_message(self, fmt, *args):  # quiet by default
            if os.environ.get("ZRF_SERVE_LOG"):
                super().log_message(fmt, *args)

        # -- plumbing
        def _send(self, status: int, body: bytes, ctype: str, extra_headers: dict | None = None) -> None:
            self.send_response(status)
            self.send_header("Content-Type", ctype)
            self.send_header("Content-Length", str(len(body)))
            self.send_header("Cache-Control", "no-store")
            for k, v in (extra_headers or {}).items():
                self.send_header(k, v)
            self.end_headers()
            self.wfile.write(body)

        def _json(self, status: int, data: dict) -> None:
            self._send(status, json.dumps(data).encode("utf-8"), "application/json")

        def _body(self) -> dict:
            length = int(self.headers.get("Content-Length") or 0)
            if length > MAX_UPLOAD:
                raise ApiError(413, "request too large")
            raw = self.rfile.read(length) if length else b"{}"
            try:
                return json.loads(raw.decode("utf-8"))
            except (UnicodeDecodeError, json.JSONDecodeError):
                raise ApiError(400, "the request body is not JSON") from None

        def _handle(self, fn) -> None:
            try:
                fn()
            except ApiError as exc:
                self._json(exc.status, {"error": exc.message, **exc.extra})
            except KeyError as exc:
                self._json(404, {"error": str(exc.args[0]) if exc.args else "not found"})
            except Exception as exc:  # never let one request kill the server
                self._json(500, {"error": f"{type(exc).__name__}: {exc}"})

        # -- routes
        def do_GET(self) -> None:
            self._handle(self._get)

        def do_POST(self) -> None:
            self._handle(self._post)

        def _get(self) -> None:
            url = urlparse(self.path)
            query = parse_qs(url.query)
            if url.path in ("/", "/index.html"):
                return self._static("index.html")
            if url.path.startswith("/static/"):
                return self._static(url.path[len("/static/"):])
            if url.path == "/api/games":
                from variants.registry import BUILTIN_GAMES
                return self._json(200, {"default": default_game, "games": [
                    {"name": g.name, "summary": g.summary} for g in BUILTIN_GAMES.values()]})
            if url.path == "/api/state":
                session = store.get(query.get("id", [""])[0])
                return self._json(200, session.payload())
            if url.path == "/api/zsg":
                session = store.get(query.get("id", [""])[0])
                seats = "".join(c for c in query.get("seats", [""])[0].upper() if c in "HC")
                text = zsg_text(session, seats if len(seats) == len(session.game.players) else None)
                name = (session.game.name or "game").replace(" ", "_") + ".zsg"
                return self._send(200, text.encode("utf-8"), "text/plain; charset=utf-8",
                                  {"Content-Disposition": f'attachment; filename="{name}"'})
            raise ApiError(404, "not found")

        def _static(self, name: str) -> None:
            path = os.path.normpath(os.path.join(STATIC, name))
            if not path.startswith(STATIC) or not os.path.isfile(path):
                raise ApiError(404, "not found")
            ctype = {"html": "text/html", "js": "text/javascript", "css": "text/css"}.get(
                name.rsplit(".", 1)[-1], "application/octet-stream")
            with open(path, "rb") as fh:
                self._send(200, fh.read(), ctype + "; charset=utf-8")

        def _post(self) -> None:
            url = urlparse(self.path)
            body = self._body()
            if url.path == "/api/new":
                variant = body.get("variant") or None
                try:
                    if body.get("zrf") is not None:
                        spec = store.upload(str(body["zrf"]), str(body.get("filename") or "upload.zrf"))
                    else:
                        spec = str(body.get("game") or default_game or "")
                    sid, session = store.new(spec, variant)
                except GameLoadError as exc:
                    raise ApiError(400, "cannot load this game", diagnostics=str(exc).splitlines()) from None
                except Exception as exc:
                    diags = getattr(exc, "diagnostics", None)
                    lines = [d.format() for d in diags] if diags else [str(exc)]
                    raise ApiError(400, "cannot load this game", diagnostics=lines) from None
                return self._json(200, {"id": sid, **session.payload()})
            session = store.get(str(body.get("id", "")))
            with session.lock:
                if url.path == "/api/move":
                    try:
                        move = find_move(session.state, str(body.get("notation", "")))
                    except MoveMatchError as exc:
                        raise ApiError(400, str(exc)) from None
                    session.history.append((session.state, move))
                    session.state = session.state.apply(move)
                elif url.path in ("/api/ai", "/api/hint"):
                    if session.state.outcome() is not None:
                        raise ApiError(400, "the game is over")
                    kind = str(body.get("kind") or "ai")
                    seconds = _number(body.get("seconds"), 5.0, 0.05, 60.0)
                    strength = int(_number(body.get("strength"), 3, 1, 10))
                    try:
                        player = make_player(kind, seed=len(session.history), time_limit=seconds,
                                             strength=strength)
                    except ValueError as exc:
                        raise ApiError(400, str(exc)) from None
                    move = player.choose(session.state)
                    if url.path == "/api/hint":
                        return self._json(200, {"hint": describe_move(move)})
                    session.history.append((session.state, move))
                    session.state = session.state.apply(move)
                elif url.path == "/api/undo":
                    if session.history:
                        session.state, _ = session.history.pop()
                else:
                    raise ApiError(404, "not found")
                return self._json(200, session.payload())

    return Handler


def _number(value, default: float, low: float, high: float) -> float:
    """A JSON number clamped to [low, high]; ``default`` when absent or not a number."""
    try:
        x = float(value)
    except (TypeError, ValueError):
        return default
    return min(high, max(low, x)) if x == x else default


def zsg_text(session: Session, seats: str | None = None) -> str:
    """The game so far as Zillions saved-game text (``seats``: one H/C letter per player)."""
    return saved_game_text(session.game, session.spec, [m for _, m in session.history], seats)


def make_server(host: str = "127.0.0.1", port: int = 8000, default_game: str | None = None) -> ThreadingHTTPServer:
    """A ready server (call ``serve_forever``); port 0 picks a free port."""
    store = GameStore()
    server = ThreadingHTTPServer((host, port), make_handler(store, default_game))
    server.daemon_threads = True
    return server
