"""The ``zrf serve`` application (Starlette): the page, its static files and the JSON API.

Routes (every ``/api/`` answer is JSON; ``POST`` bodies must be JSON):

* ``GET /``: the page, with this server's launch token in a ``<meta>`` tag;
* ``GET /static/...``: the page's script and style;
* ``GET /api/games``: the games the page may open (:mod:`runtime.web.catalog`);
* ``POST /api/new`` ``{"game": NAME, "variant": V}`` or ``{"upload": FILE,
  "includes": [FILE...], "variant": V}`` with ``FILE = {"name", "data": BASE64}``,
  and optionally ``"clock": "300+2"`` and ``"seed": N`` (the random players' rolls
  and the computer players drawn from N, as ``zrf play --seed``);
  needs the launch token; answers the game with its ``id`` and ``token``;
* ``GET /api/state?id=ID[&ply=N]``: the game as the page draws it (``ply``: show
  the position after the first N moves instead of the last);
* ``GET /api/image?id=ID&key=KEY``: one of the game's own bitmaps as PNG
  (:mod:`runtime.web.bitmap_routes`: only the keys the game's pictures name);
* ``POST /api/move`` ``{"id", "notation"}``, ``POST /api/ai`` ``{"id", "kind",
  "seconds", "strength"}`` (the computer moves), ``POST /api/hint`` (same body;
  only names the move), ``POST /api/stop`` ``{"id", "version"}`` (the computer's
  move at that version of the game is stopped now and not played: the answer to
  its ``/api/ai`` is the game unchanged with ``"stopped": true``), ``POST
  /api/undo`` ``{"id"}`` (the last move taken back, the clocks as they were when
  it was made), ``POST /api/open-zsg``
  ``{"id", "zsg": FILE}`` (replays a saved game of this game, which then goes on
  from its last position; the page then steps through it with ``?ply=``): each
  needs the game's token;
* ``GET /api/zsg?id=ID[&seats=HC]``: the game so far as a Zillions saved game;
* ``POST /api/invite`` ``{"id", "player"}`` (the owner's token): a new seat token
  for ``player``, answered as the invite link's fragment ``#join=ID.TOKEN`` and the
  watch link's ``#watch=ID`` (:mod:`runtime.web.seats`); ``POST /api/join``
  ``{"id"}`` with a seat's token: the game and the player it plays (``you``);
* ``GET /api/events?id=ID``: the game's live updates as server-sent events
  (:mod:`runtime.web.live_updates`);
* ``POST /api/resign`` and ``POST /api/draw`` ``{"id", "player"}``: the player (one the
  token holds) resigns, or offers a draw (the other side's offer accepted: drawn);
* the rules editor (:mod:`runtime.web.rules_edit`), each with the owner's token:
  ``POST /api/rules`` ``{"id"}``: the rules file's ``name`` and ``text``;
  ``POST /api/rules-check`` ``{"id", "text"}``: its ``diagnostics``, as ``zrf check``
  finds them; ``POST /api/rules-hover`` ``{"id", "text", "offset"}``: the ``hover``
  text at ``offset``; ``POST /api/rules-apply`` ``{"id", "text"}``: the game reloaded
  from the text (a new upload), its moves replayed while legal (``stopped`` says
  where they stopped).

A move (``/api/move``) needs the token of whoever holds the player to move: the
owner's, or that seat's once it was given away; everything else that changes the
game needs the owner's.  A random player's turn (``?Dice``) is always rolled by
chance (the session's :class:`ChanceRoller`), whatever kind ``/api/ai`` names.

Tokens travel in the ``X-ZRF-Token`` header, which no other site's page can
set on a request here (a cross-origin custom header needs CORS approval this
server never gives).  The request guard (:mod:`runtime.web.guard`) runs in
front of every route.  A route that serves more (a game's images, say) is one
more ``Route`` in :func:`make_app` using :func:`session_for` or
:func:`session_call` to find its game.
"""

from __future__ import annotations

import asyncio
import json
import os
import secrets
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

import anyio
from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import ClientDisconnect, Request
from starlette.responses import HTMLResponse, JSONResponse, Response, StreamingResponse
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from runtime.core.notation import MoveMatchError, find_move
from runtime.core.errors import EngineRequired
from runtime.core.protocol import Outcome, reads_saved_games
from runtime.fairy.opponents import FairyOpponents, FairyRefusal, is_fairy_spec
from runtime.interpreter import ZrfRuntimeError
from runtime.loading.opening import AxiomGames, open_game
from runtime.loading.registry import find_game
from runtime.players.chance import random_players
from runtime.players.factory import make_player
from runtime.players.knowledge import KnowledgeCache
from runtime.players.spec import parse_player_spec
from runtime.savedgames.saving import SavedGameError, replay_saved
from runtime.web.bitmap_routes import IMAGE_HEADERS, graphics_notes, image_png
from runtime.web.catalog import Catalog, load_zrf_file
from runtime.web.downloads import zsg_response
from runtime.web.error_answers import JSON_HEADERS, ApiError, PathHider, unexpected
from runtime.web.game_clocks import GameClocks, parse_control
from runtime.web.guard import RequestGuard
from runtime.web.live_updates import StreamCount, TooManyStreams, change_events
from runtime.web.move_cells import describe_move
from runtime.web.package_pictures import PackagePictures
from runtime.web.rules_edit import RulesSource, check_text, edited_text, edited_upload, hover_at, replayed
from runtime.web.rules_text import rules_texts
from runtime.web.seats import Standing
from runtime.web.server_limits import ServerLimits
from runtime.web.sessions import Session, SessionGone, SessionStore
from runtime.web.uploads import (
    UploadError,
    UploadStoreError,
    decode_files,
    decode_saved_game,
    write_upload,
)
from runtime.web.views import session_payload
from zrf.diagnostics import ZrfError

STATIC = Path(__file__).resolve().parent / "static"
TOKEN_HEADER = "x-zrf-token"
TOKEN_SLOT = "__ZRF_LAUNCH_TOKEN__"
#: the longest variant title a request may name
MAX_VARIANT = 200
#: a computer player with a clock thinks at most this share of its time left (plus most of the increment)
CLOCK_SHARE = 30


@dataclass
class ServeContext:
    """Everything the routes share: the catalog, the limits, the sessions, the two worker pools,
    the players' knowledge."""

    catalog: Catalog
    limits: ServerLimits
    store: SessionStore
    hider: PathHider
    launch_token: str
    #: a person's game work (loading, moving, drawing): ``limits.workers`` at once
    limiter: anyio.CapacityLimiter
    #: the computer's thinking: ``limits.searches`` at once, apart, so that no search holds a
    #: person's move; the event loop only awaits either pool, so it always answers
    searcher: anyio.CapacityLimiter
    #: what the computer players learned of the open games (weakly held: a closed game's goes with it)
    knowledge: KnowledgeCache
    #: the live-update streams open now (at most ``limits.max_streams``)
    streams: StreamCount
    #: the built-in games' package pictures, written under the upload root
    pictures: PackagePictures
    #: Fairy-Stockfish's engines, one per game it plays (:mod:`runtime.fairy.opponents`)
    fairy: FairyOpponents

    def searches_waiting(self) -> int:
        """Computer moves waiting for a searcher."""
        return self.searcher.statistics().tasks_waiting

    def make_room_for_a_search(self) -> None:
        """503 at once when every searcher is busy and ``limits.search_queue`` moves already wait."""
        running = self.searcher.borrowed_tokens
        waiting = self.searches_waiting()
        if running >= self.searcher.total_tokens and waiting >= self.limits.search_queue:
            raise ApiError(503, f"the computer is busy: {running} move{' is' if running == 1 else 's are'} being "
                                f"worked out and {waiting} wait{'s' if waiting == 1 else ''} (this server thinks "
                                f"for {self.limits.searches} game{'' if self.limits.searches == 1 else 's'} at a "
                                f"time and queues {self.limits.search_queue}); try again")

    async def run(self, fn: Callable[[], Any], doing: str, thinking: bool = False) -> Any:
        """Run game work in a worker thread (``thinking``: the computer's, in its own pool),
        turning the game's own failures into 4xx answers."""
        try:
            return await anyio.to_thread.run_sync(fn, limiter=self.searcher if thinking else self.limiter)
        except (ApiError, SessionGone):
            raise
        except ZrfError as exc:  # GameLoadError included
            lines = self.hider.lines(exc.diagnostics) if exc.diagnostics else self.hider.text(str(exc)).splitlines()
            raise ApiError(400, "cannot load this game", lines) from None
        except ZrfRuntimeError as exc:
            raise ApiError(422, "the game's rules failed while running", [self.hider.text(str(exc))]) from None
        except MoveMatchError as exc:
            raise ApiError(400, str(exc)) from None
        except FairyRefusal as exc:
            raise ApiError(400, self.hider.text(str(exc)), self.hider.lines(exc.diagnostics)) from None
        except SavedGameError as exc:
            raise ApiError(400, "the saved game does not fit this game", [self.hider.text(str(exc))]) from None
        except (MemoryError, RecursionError) as exc:
            raise ApiError(422, f"the game is too large or too deep to run here ({type(exc).__name__} while "
                                f"{doing})") from None


def api(doing: str):
    """Wrap a route: its :class:`ApiError` becomes the JSON answer, anything else a logged 422."""
    def wrap(fn):
        async def route(request: Request) -> Response:
            ctx: ServeContext = request.app.state.ctx
            try:
                return await fn(request, ctx)
            except ApiError as exc:
                return exc.response()
            except SessionGone as exc:
                return ApiError(404, str(exc)).response()
            except ClientDisconnect:
                return ApiError(400, "the request was not complete").response()
            except Exception as exc:  # a bug: never a 500 or a traceback on the page
                return unexpected(exc, doing).response()
        route.__name__ = fn.__name__
        return route
    return wrap


def ok(data: dict) -> JSONResponse:
    return JSONResponse(data, headers=JSON_HEADERS)


async def json_body(request: Request, limits: ServerLimits) -> dict:
    """The request's JSON object: JSON content type, at most ``max_body_bytes``, else 4xx."""
    media = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if media != "application/json":
        raise ApiError(415, "requests must send JSON (Content-Type: application/json)")
    limit = limits.max_body_bytes
    declared = request.headers.get("content-length")
    if declared is not None and (not declared.isdigit() or int(declared) > limit):
        raise ApiError(413, f"the request is larger than the server's limit of {limit} bytes (--max-upload-kb)")
    chunks, size = [], 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > limit:
            raise ApiError(413, f"the request is larger than the server's limit of {limit} bytes (--max-upload-kb)")
        chunks.append(chunk)
    try:
        data = json.loads(b"".join(chunks) or b"null")
    except (ValueError, RecursionError):
        raise ApiError(400, "the request body is not JSON") from None
    if not isinstance(data, dict):
        raise ApiError(400, "the request body must be a JSON object")
    return data


def _check_token(offered: str | None, expected: str) -> None:
    if offered is None or not secrets.compare_digest(offered.encode(), expected.encode()):
        raise ApiError(403, "missing or wrong token (reload the page)")


def session_for(request: Request, ctx: ServeContext) -> Session:
    """The session named by ``?id=`` (read-only routes: the id alone suffices)."""
    return ctx.store.get(request.query_params.get("id", ""))


async def session_call(request: Request, ctx: ServeContext, owner: bool = True) -> tuple[Session, dict]:
    """The session named in a POST body and the body; the owner's token must come with it
    (``owner=False``: any token of the game; the route checks what it allows)."""
    body = await json_body(request, ctx.limits)
    session = ctx.store.get(body.get("id"))
    offered = request.headers.get(TOKEN_HEADER)
    if owner and not session.token_matches(offered):
        holder = session.seats.holder(offered)
        if holder.player is not None:
            raise ApiError(403, f"this link plays {holder.player} only; the game's owner does that")
        raise ApiError(403, "missing or wrong game token (reload the page)")
    return session, body


def _may_move(session: Session, offered: str | None) -> None:
    """403 unless ``offered`` holds the player to move (call with the session's lock held)."""
    refusal = session.seats.refusal(offered, session.state.current_player)
    if refusal is not None:
        raise ApiError(403, refusal)


def _ended(session: Session) -> None:
    """400 once the game ended on time or as the players chose (call with the session's lock held)."""
    session.outcome()
    if session.ended is not None:
        raise ApiError(400, "the game is over")


def _still(session: Session) -> None:
    if session.still is not None:
        raise ApiError(400, f"this game cannot be played here: {session.still}")


def _text(value: object, what: str, limit: int) -> str:
    if not isinstance(value, str) or len(value) > limit:
        raise ApiError(400, f"{what} must be text of at most {limit} characters")
    return value


def _number(value: object, default: float, low: float, high: float) -> float:
    """A JSON number clamped to [low, high]; ``default`` when absent or not a number."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return default
    x = float(value)
    return min(high, max(low, x)) if x == x else default


# --------------------------------------------------------------------------- routes

async def index(request: Request) -> Response:
    ctx: ServeContext = request.app.state.ctx
    html = (STATIC / "index.html").read_text(encoding="utf-8").replace(TOKEN_SLOT, ctx.launch_token)
    return HTMLResponse(html, headers={"Cache-Control": "no-store"})


@api("listing the games")
async def games(request: Request, ctx: ServeContext) -> Response:
    return ok(ctx.catalog.listing())


@api("opening the game")
async def new_game(request: Request, ctx: ServeContext) -> Response:
    body = await json_body(request, ctx.limits)
    _check_token(request.headers.get(TOKEN_HEADER), ctx.launch_token)
    variant = body.get("variant") or None
    if variant is not None:
        variant = _text(variant, "variant", MAX_VARIANT)
    control = body.get("clock")
    if control is not None and parse_control(control) is None:
        raise ApiError(400, "clock must be 'SECONDS+INCREMENT' (at most 36000+600), e.g. '300+2'")
    seed = body.get("seed")
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2 ** 63):
        raise ApiError(400, "seed must be a whole number from 0 to 2**63 - 1")
    ctx.store.purge()
    if body.get("upload") is not None:
        try:
            files = decode_files(body["upload"], body.get("includes"), ctx.limits)
        except UploadError as exc:
            raise ApiError(400, str(exc)) from None
        try:
            folder, spec = write_upload(ctx.store.upload_root, files)
        except UploadStoreError as exc:  # a full disk: the partial folder is already gone
            raise ApiError(422, str(exc)) from None
        entry = None

        def load():
            return _loaded(lambda: load_zrf_file(spec, variant), spec, variant)
    else:
        name = _text(body.get("game"), "game", 1000)
        entry = ctx.catalog.get(name)
        if entry is None:
            raise ApiError(404, "no game of that name on this server (the list is at /api/games)")
        folder, spec = None, entry.spec

        def load():
            return _loaded(lambda: entry.load(variant), spec if entry.is_file else None, variant)
    try:
        def open_session():
            game, still = load()
            drawn_as = ctx.pictures.drawing_game(entry.spec) if entry is not None and not entry.is_file else None
            session = ctx.store.open(game, spec, folder)
            with session.lock:
                session.rules = _rules_source(entry, spec, variant)
                session.still, session.drawn_as = still, drawn_as
                if seed is not None:
                    session.seeded(seed)
                if control is not None and still is None:
                    seconds, increment = parse_control(control)
                    session.clocks = GameClocks(seconds, increment, session.choosers(), session.state.current_player)
                session.texts = entry.texts(session.game) if entry is not None else rules_texts(session.game)
                session.notes = graphics_notes(session, ctx.hider.lines)
                return session, session_payload(session)
        session, payload = await ctx.run(open_session, "opening the game")
    except BaseException:
        if folder:
            ctx.store.discard_folder(folder)
        raise
    return ok({**payload, "token": session.token})


def _rules_source(entry: Any, spec: str, variant: str | None) -> RulesSource | None:
    """The rules file an opened game was read from: the upload's or the listed file, or a
    built-in game's generated ZRF (None when it has none)."""
    if entry is None or entry.is_file:
        return RulesSource(spec, variant)
    built_in = find_game(entry.spec)
    if built_in is None or not built_in.zrf or not os.path.isfile(built_in.zrf):
        return None
    return RulesSource(built_in.zrf, built_in.zrf_variant)


def _loaded(load: Callable[[], Any], path: str | None, variant: str | None) -> tuple[Any, str | None]:
    """``(game, None)``; for a game that needs an Axiom plug-in, its set-up position and why."""
    try:
        return load(), None
    except EngineRequired as exc:
        if path is None:
            raise
        reason = str(exc).rsplit(": ", 1)[-1]
        return (open_game(path, variant, confine_includes=True, axiom=AxiomGames.SHOW_SET_UP),
                f"{reason}: shown in its set-up position")


def _ply(text: str | None) -> int | None:
    """``?ply=`` as a move count (None when absent); 400 unless it is a plain number."""
    if text is None or text == "":
        return None
    if not (text.isascii() and text.isdigit()) or len(text) > 9:
        raise ApiError(400, "ply must be a number of moves (0 is the start)")
    return int(text)


@api("reading the game")
async def state(request: Request, ctx: ServeContext) -> Response:
    session = session_for(request, ctx)
    ply = _ply(request.query_params.get("ply"))

    def read():
        with session.lock:
            return session_payload(session, ply)
    return ok(await ctx.run(read, "reading the game"))


@api("serving the image")
async def image(request: Request, ctx: ServeContext) -> Response:
    session = session_for(request, ctx)
    key = request.query_params.get("key", "")

    def read():
        with session.lock:
            return image_png(session, key)
    data = await ctx.run(read, "serving the image")
    return Response(data, media_type="image/png", headers=IMAGE_HEADERS)


@api("opening the saved game")
async def open_zsg(request: Request, ctx: ServeContext) -> Response:
    session, body = await session_call(request, ctx)
    _still(session)
    try:
        saved = decode_saved_game(body.get("zsg"), ctx.limits)
    except UploadError as exc:
        raise ApiError(400, str(exc)) from None

    def replay():
        with session.lock:
            history = replay_saved(session.game, saved)
            if history:
                end = history[-1][0].apply(history[-1][1])
            elif saved.setup:  # a set-up and no move (replay_saved checked the game can edit)
                end = reads_saved_games(session.game).edited_state(
                    [(e.player, e.piece, e.position) for e in saved.setup])
            else:
                end = session.game.initial_state()
            session.replaced(end, history)
            return session_payload(session)
    return ok(await ctx.run(replay, "opening the saved game"))


@api("playing the move")
async def move(request: Request, ctx: ServeContext) -> Response:
    session, body = await session_call(request, ctx, owner=False)
    notation = _text(body.get("notation", ""), "notation", 10_000)
    offered = request.headers.get(TOKEN_HEADER)

    def play():
        with session.lock:
            _ended(session)
            _may_move(session, offered)
            session.played(find_move(session.state, notation))
            return session_payload(session)
    return ok(await ctx.run(play, "playing the move"))


async def _computer(request: Request, ctx: ServeContext, hint_only: bool) -> Response:
    session, body = await session_call(request, ctx, owner=not hint_only)
    offered = request.headers.get(TOKEN_HEADER)
    _still(session)
    kind = _text(body.get("kind") or "ai", "kind", 20)
    seconds = _number(body.get("seconds"), 5.0, 0.05, ctx.limits.max_think_seconds)
    with session.lock:
        clocks, mover = session.clocks, session.state.current_player
        if clocks is not None and mover in clocks.left:  # the computer keeps to its clock
            seconds = max(0.05, min(seconds, clocks.time_left(mover) / CLOCK_SHARE + 0.8 * clocks.increment))
    strength = int(_number(body.get("strength"), 3, 1, 10))
    try:
        if is_fairy_spec(kind):  # exported and verified once a game; refused with the reasons otherwise
            fairy = ctx.fairy.player(kind, session.game, session.history, seconds)
        else:
            fairy = None
            if parse_player_spec(kind).has_budget:  # else "alphabeta:depth=64" would think without end
                raise ApiError(400, "kind names a player without a budget (such as ai, mcts or random): the "
                                    "strength and seconds asked are its budget")
            make_player(kind, strength=strength)  # a kind the factory cannot make is refused before the queue
    except ValueError as exc:
        raise ApiError(400, str(exc)) from None

    def think():
        with session.lock:
            if session.outcome() is not None:
                raise ApiError(400, "the game is over")
            mover = session.state.current_player
            rolls = session.roller.rolls_for(mover)
            if hint_only:
                _may_move(session, offered)
                if rolls:
                    raise ApiError(400, f"{mover} is a random player: its turn is rolled, not chosen")
            elif mover in session.seats.invited:
                raise ApiError(403, f"{mover} is played by the person you invited")
            if rolls:
                chosen = session.roller.roll(session.state)
            else:
                version = session.version
                player = fairy or make_player(kind, seed=session.player_seed(), time_limit=seconds,
                                              strength=strength, knowledge=ctx.knowledge,
                                              cancelled=lambda: session.stop_asked(version))
                chosen = player.choose(session.state)
                if session.stop_asked(version):  # the page's Stop: the move worked out so far is not played
                    return {**session_payload(session), "stopped": True}
            if hint_only:
                return {"hint": describe_move(chosen)}
            session.played(chosen)
            return session_payload(session)
    ctx.make_room_for_a_search()
    return ok(await ctx.run(think, "thinking", thinking=True))


@api("thinking")
async def ai(request: Request, ctx: ServeContext) -> Response:
    return await _computer(request, ctx, hint_only=False)


@api("thinking")
async def hint(request: Request, ctx: ServeContext) -> Response:
    return await _computer(request, ctx, hint_only=True)


@api("stopping the computer")
async def stop(request: Request, ctx: ServeContext) -> Response:
    """The page's Stop: the computer's move at the game's ``version`` is not worked out further (nor
    played); a search that is running stops at once, one still waiting never starts.  Needs no lock,
    which the search holds while it thinks."""
    session, body = await session_call(request, ctx)
    version = body.get("version")
    if isinstance(version, bool) or not isinstance(version, int):
        raise ApiError(400, "version must be the game's version the page shows")
    session.stopped_at = version
    return ok({"stopped": version})


@api("taking the move back")
async def undo(request: Request, ctx: ServeContext) -> Response:
    session, _ = await session_call(request, ctx)

    def take_back():
        with session.lock:
            if session.seats.invited:
                raise ApiError(400, "moves cannot be taken back in a game shared with another browser")
            session.took_back()
            return session_payload(session)
    return ok(await ctx.run(take_back, "taking the move back"))


@api("writing the saved game")
async def zsg(request: Request, ctx: ServeContext) -> Response:
    session = session_for(request, ctx)
    seats = request.query_params.get("seats", "")[:16]

    def write():
        with session.lock:
            return zsg_response(session, seats)
    return await ctx.run(write, "writing the saved game")


@api("inviting")
async def invite(request: Request, ctx: ServeContext) -> Response:
    session, body = await session_call(request, ctx)
    player = body.get("player")
    if not isinstance(player, str) or player not in session.game.players:
        raise ApiError(400, "player must be one of the game's players")
    if player in random_players(session.game):
        raise ApiError(400, f"{player} is a random player: it rolls by chance, nobody plays it")
    with session.lock:
        token = session.seats.invite(player)
    return ok({"join": f"#join={session.id}.{token}", "watch": f"#watch={session.id}", "player": player})


def _held_player(session: Session, offered: str | None, player: object) -> str:
    """``player`` if the holder of ``offered`` plays it (the owner: a seat not given away), else 403."""
    if not isinstance(player, str) or player not in session.game.players or session.roller.rolls_for(player):
        raise ApiError(400, "player must be one of the game's players who choose their moves")
    holder = session.seats.holder(offered)
    if holder.player == player or (holder.standing is Standing.OWNER and player not in session.seats.invited):
        return player
    raise ApiError(403, f"you do not play {player}")


def _player_of_live_game(session: Session, request: Request, body: dict) -> str:
    """The player the request's token holds and names in ``body`` (:func:`_held_player`), in a game
    not yet over; called with the session's lock held."""
    player = _held_player(session, request.headers.get(TOKEN_HEADER), body.get("player"))
    if session.outcome() is not None:
        raise ApiError(400, "the game is over")
    return player


@api("resigning")
async def resign(request: Request, ctx: ServeContext) -> Response:
    session, body = await session_call(request, ctx, owner=False)
    with session.lock:
        player = _player_of_live_game(session, request, body)
        session.end(Outcome.loss(player, session.choosers(), "resigned"))
        return ok(session_payload(session))


@api("offering a draw")
async def draw(request: Request, ctx: ServeContext) -> Response:
    """Offer a draw for ``player``, or accept the other side's offer (the game is then drawn)."""
    session, body = await session_call(request, ctx, owner=False)
    with session.lock:
        player = _player_of_live_game(session, request, body)
        if session.draw_offer is not None and session.draw_offer != player:
            session.end(Outcome.drawn("agreed"))
        else:
            session.draw_offer = player
            session.changed()
        return ok(session_payload(session))


@api("joining the game")
async def join(request: Request, ctx: ServeContext) -> Response:
    session, _ = await session_call(request, ctx, owner=False)
    holder = session.seats.holder(request.headers.get(TOKEN_HEADER))
    if holder.player is None:
        raise ApiError(403, "this invite link is not valid (it may have been replaced by a newer one)")

    def read():
        with session.lock:
            return {**session_payload(session), "you": holder.player}
    return ok(await ctx.run(read, "joining the game"))


@api("following the game")
async def events(request: Request, ctx: ServeContext) -> Response:
    session = session_for(request, ctx)
    try:
        ctx.streams.take()
    except TooManyStreams as exc:
        raise ApiError(503, str(exc)) from None

    async def stream():
        try:
            async for text in change_events(lambda: None if session.closed or ctx.streams.stopping else session.version,
                                            request.is_disconnected):
                yield text
        finally:
            ctx.streams.give_back()
    return StreamingResponse(stream(), media_type="text/event-stream",
                             headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"})


async def _rules_call(request: Request, ctx: ServeContext) -> tuple[Session, dict, RulesSource]:
    """The session, body and rules file of an editor's request (the owner's token)."""
    session, body = await session_call(request, ctx)
    with session.lock:
        source = session.rules
    if source is None:
        raise ApiError(400, "this game has no rules file to edit")
    return session, body, source


@api("reading the rules file")
async def rules(request: Request, ctx: ServeContext) -> Response:
    _, _, source = await _rules_call(request, ctx)
    text = await ctx.run(source.read, "reading the rules file")
    return ok({"name": source.name, "text": text})


@api("checking the rules")
async def rules_check(request: Request, ctx: ServeContext) -> Response:
    session, body, source = await _rules_call(request, ctx)
    text = edited_text(body.get("text"), ctx.limits)
    return ok(await ctx.run(lambda: check_text(source, text, ctx.hider, session.edit_memo), "checking the rules"))


@api("reading the word")
async def rules_hover(request: Request, ctx: ServeContext) -> Response:
    session, body, source = await _rules_call(request, ctx)
    text = edited_text(body.get("text"), ctx.limits)
    offset = body.get("offset")
    return ok(await ctx.run(lambda: hover_at(source, text, offset, ctx.hider, session.edit_memo), "reading the word"))


@api("applying the edit")
async def rules_apply(request: Request, ctx: ServeContext) -> Response:
    session, body, source = await _rules_call(request, ctx)
    text = edited_text(body.get("text"), ctx.limits)

    def gather():
        main, includes = edited_upload(source, text)
        try:
            return decode_files(main, includes, ctx.limits)
        except UploadError as exc:
            raise ApiError(400, str(exc)) from None
    files = await ctx.run(gather, "reading the edit")
    try:
        folder, spec = write_upload(ctx.store.upload_root, files)
    except UploadStoreError as exc:
        raise ApiError(422, str(exc)) from None
    edited = RulesSource(spec, source.variant)
    try:
        def reload():
            try:
                game = load_zrf_file(spec, source.variant)
            except EngineRequired as exc:
                raise ApiError(400, f"the edited game cannot be played here: {exc}") from None
            with session.lock:
                replay = replayed(game, [m for _, m in session.history])
                old_folder = session.reloaded(game, spec, folder, edited, replay.state, replay.history)
                session.texts = rules_texts(session.game)
                session.notes = graphics_notes(session, ctx.hider.lines)
                return {**session_payload(session), "replayed": len(replay.history), "stopped": replay.stopped}, \
                    old_folder
        payload, old_folder = await ctx.run(reload, "applying the edit")
    except BaseException:
        ctx.store.discard_folder(folder)
        raise
    if old_folder:
        ctx.store.discard_folder(old_folder)
    return ok(payload)


async def http_error(request: Request, exc: HTTPException) -> Response:
    """Starlette's own refusals (unknown route, wrong method) as JSON."""
    message = {404: "not found", 405: "method not allowed"}.get(exc.status_code, "refused")
    return ApiError(exc.status_code, message).response()


def make_app(catalog: Catalog, limits: ServerLimits | None = None) -> Starlette:
    """The application; its lifespan closes idle sessions and deletes every upload at shutdown."""
    limits = limits or ServerLimits()
    store = SessionStore(limits)
    ctx = ServeContext(catalog, limits, store, PathHider(store.upload_root, [*catalog.bases(), store.pictures_root]),
                       secrets.token_urlsafe(24), anyio.CapacityLimiter(limits.workers),
                       anyio.CapacityLimiter(limits.searches), KnowledgeCache(capacity=limits.max_sessions),
                       StreamCount(limits.max_streams), PackagePictures(store.pictures_root), FairyOpponents())

    @asynccontextmanager
    async def lifespan(app):
        async def purge_now_and_then():
            while True:
                await asyncio.sleep(max(1.0, min(60.0, limits.idle_seconds / 4)))
                store.purge()
        task = asyncio.create_task(purge_now_and_then())
        try:
            yield
        finally:
            task.cancel()
            store.close()
            ctx.fairy.close()

    app = Starlette(routes=[
        Route("/", index),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
        Route("/api/games", games),
        Route("/api/new", new_game, methods=["POST"]),
        Route("/api/state", state),
        Route("/api/move", move, methods=["POST"]),
        Route("/api/ai", ai, methods=["POST"]),
        Route("/api/hint", hint, methods=["POST"]),
        Route("/api/undo", undo, methods=["POST"]),
        Route("/api/stop", stop, methods=["POST"]),
        Route("/api/zsg", zsg),
        Route("/api/image", image),
        Route("/api/open-zsg", open_zsg, methods=["POST"]),
        Route("/api/invite", invite, methods=["POST"]),
        Route("/api/join", join, methods=["POST"]),
        Route("/api/events", events),
        Route("/api/resign", resign, methods=["POST"]),
        Route("/api/draw", draw, methods=["POST"]),
        Route("/api/rules", rules, methods=["POST"]),
        Route("/api/rules-check", rules_check, methods=["POST"]),
        Route("/api/rules-hover", rules_hover, methods=["POST"]),
        Route("/api/rules-apply", rules_apply, methods=["POST"]),
    ], exception_handlers={HTTPException: http_error}, lifespan=lifespan)
    app.state.ctx = ctx
    app.state.before_stop = ctx.streams.stop
    app.add_middleware(RequestGuard)
    return app
