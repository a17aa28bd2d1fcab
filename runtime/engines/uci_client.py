"""Talking to a UCI engine: one process, one line at a time, every answer waited for within a deadline.

The Universal Chess Interface is a line protocol on the engine's standard
input and output.  :class:`UciEngine` starts the program, asks ``uci`` and
reads its name and options up to ``uciok``, sets options (checked against
what the engine declared, so a misspelt option is an error, not a silent
no-op), starts games (``ucinewgame``, ``isready``) and asks for a move from
the start position and the moves played (``position startpos moves ...``,
``go`` with a :class:`GoLimit`), reading the last ``info`` line's depth,
nodes and score on the way to ``bestmove``.

No answer is waited for without a deadline: the handshake gets
:data:`START_SECONDS`, a search its budget plus :data:`GRACE_SECONDS` (then
``stop`` is sent and :data:`STOP_SECONDS` more are given).  An engine that
dies, closes its output, or misses a deadline raises :class:`UciFailure`,
which a match records as that engine's loss; the process is then killed.
The engine runs in its own session, so a Ctrl-C meant for the match does not
kill it before the match has said its result, and :meth:`UciEngine.close`
always ends it.
"""

from __future__ import annotations

import enum
import os
import queue
import subprocess
import threading
import time
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Sequence

START_SECONDS = 20.0
"""Time an engine has to answer ``uci`` with ``uciok`` and ``isready`` with ``readyok``
(a Python engine such as sunfish imports for about a second)."""

GRACE_SECONDS = 30.0
"""Time past a search's own budget (its ``movetime``) before ``stop`` is sent."""

UNTIMED_SEARCH_SECONDS = 600.0
"""Time a ``go nodes`` or ``go depth`` search may take before ``stop`` is sent (it has no time of its own)."""

STOP_SECONDS = 5.0
"""Time an engine has to answer ``stop`` with ``bestmove``."""

LINE_BYTES = 65_536
"""Longest line read from an engine; a longer one is cut there (an engine's lines are short)."""

NO_MOVE = frozenset({"(none)", "0000"})
"""What an engine answers ``bestmove`` with when it has no move."""


class UciFailure(RuntimeError):
    """The engine did not start, died, closed its output, broke the protocol or missed a deadline."""


class UciOptionError(ValueError):
    """An option the engine does not have, or a value it does not take; the message says which."""


class LimitKind(enum.Enum):
    """What bounds one search: UCI's ``go movetime`` (milliseconds), ``go nodes`` or ``go depth``."""

    MOVETIME = "movetime"
    NODES = "nodes"
    DEPTH = "depth"


@dataclass(frozen=True)
class GoLimit:
    """The bound of one search, sent as ``go <kind> <value>``."""

    kind: LimitKind
    value: int

    def command(self) -> str:
        return f"go {self.kind.value} {self.value}"

    def answer_seconds(self) -> float:
        """How long to wait for ``bestmove`` before sending ``stop``."""
        if self.kind is LimitKind.MOVETIME:
            return self.value / 1000 + GRACE_SECONDS
        return UNTIMED_SEARCH_SECONDS

    def describe(self) -> str:
        if self.kind is LimitKind.MOVETIME:
            return f"go movetime {self.value} (ms)"
        return f"go {self.kind.value} {self.value}"


@dataclass(frozen=True)
class UciOption:
    """One ``option name ... type ...`` line of the engine's answer to ``uci``."""

    name: str
    type: str
    default: str | None = None
    minimum: int | None = None
    maximum: int | None = None
    choices: tuple[str, ...] = ()

    def checked(self, value: str) -> str:
        """``value`` as the engine expects it; :class:`UciOptionError` when it does not take it."""
        if self.type == "check":
            if value.lower() not in ("true", "false"):
                raise UciOptionError(f"option {self.name} takes true or false, not {value!r}")
            return value.lower()
        if self.type == "spin":
            try:
                number = int(value)
            except ValueError:
                raise UciOptionError(f"option {self.name} takes a whole number, not {value!r}") from None
            if (self.minimum is not None and number < self.minimum) or (
                    self.maximum is not None and number > self.maximum):
                raise UciOptionError(f"option {self.name} takes {self.minimum} to {self.maximum}, not {number}")
            return str(number)
        if self.type == "combo" and self.choices:
            for choice in self.choices:
                if choice.lower() == value.lower():
                    return choice
            shown = ", ".join(self.choices[:12]) + (" ..." if len(self.choices) > 12 else "")
            raise UciOptionError(f"option {self.name} takes one of {shown}; not {value!r}")
        return value


def parse_option(line: str) -> UciOption | None:
    """The option an ``option name N type T [default D] [min A] [max B] [var V]...`` line declares.

    The name runs up to the word ``type`` (``Skill Level``); each later field
    runs up to the next field word.
    """
    words = line.split()
    if words[:2] != ["option", "name"] or "type" not in words[2:]:
        return None
    at = words.index("type", 2)
    name = " ".join(words[2:at])
    fields_seen: list[tuple[str, list[str]]] = [("type", [])]
    for word in words[at + 1:]:
        if word in ("default", "min", "max", "var"):
            fields_seen.append((word, []))
        else:
            fields_seen[-1][1].append(word)
    kind = " ".join(fields_seen[0][1])
    default = None
    bounds: dict[str, int] = {}
    choices: list[str] = []
    for key, value_words in fields_seen[1:]:
        value = " ".join(value_words)
        if key == "default":
            default = value
        elif key == "var":
            choices.append(value)
        else:
            try:
                bounds[key] = int(value)
            except ValueError:
                continue
    if not name or not kind:
        return None
    return UciOption(name, kind, default, bounds.get("min"), bounds.get("max"), tuple(choices))


@dataclass
class SearchAnswer:
    """An engine's move and what its last ``info`` line said about the search."""

    move: str
    depth: int | None = None
    nodes: int | None = None
    score_cp: int | None = None
    mate_in: int | None = None
    seconds: float = 0.0
    """Wall-clock seconds from ``go`` to ``bestmove``."""

    @property
    def has_move(self) -> bool:
        return self.move not in NO_MOVE


def _read_info(answer: SearchAnswer, words: list[str]) -> None:
    """Depth, nodes and score of one ``info`` line, into ``answer``."""
    for i, word in enumerate(words[:-1]):
        following = words[i + 1]
        try:
            if word == "depth":
                answer.depth = int(following)
            elif word == "nodes":
                answer.nodes = int(following)
            elif word == "score" and i + 2 < len(words):
                value = int(words[i + 2])
                if following == "cp":
                    answer.score_cp, answer.mate_in = value, None
                elif following == "mate":
                    answer.mate_in, answer.score_cp = value, None
        except ValueError:
            continue


@dataclass
class UciEngine:
    """One running UCI engine (see the module docstring); use it as a context manager or call :meth:`close`."""

    program: Path
    start_seconds: float = START_SECONDS
    id_name: str = ""
    options: dict[str, UciOption] = field(default_factory=dict)
    """Declared options by lower-case name (UCI option names are not case-sensitive)."""
    _process: subprocess.Popen | None = field(default=None, repr=False)
    _lines: "queue.Queue[str | None]" = field(default_factory=queue.Queue, repr=False)

    # ------------------------------------------------------------ process

    def start(self) -> "UciEngine":
        """Start the program and read its name and options; :class:`UciFailure` when it will not."""
        try:
            self._process = subprocess.Popen(
                [str(self.program)], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                stderr=subprocess.DEVNULL, bufsize=0, start_new_session=True)
        except OSError as exc:
            raise UciFailure(f"{self.program}: cannot start: {exc.strerror or exc}") from None
        threading.Thread(target=self._pump, args=(self._process.stdout,), daemon=True,
                         name=f"uci-reader-{self._process.pid}").start()
        self._send("uci")
        deadline = time.monotonic() + self.start_seconds
        while True:
            line = self._next_line(deadline, "uciok")
            if line.startswith("id name "):
                self.id_name = line[len("id name "):].strip()
            elif line.startswith("option "):
                option = parse_option(line)
                if option is not None:
                    self.options[option.name.lower()] = option
            elif line.strip() == "uciok":
                break
        self._ready()
        return self

    def _pump(self, stream) -> None:
        """Reader thread: every line of the engine's output into the queue, then None at its end."""
        try:
            while True:
                raw = stream.readline(LINE_BYTES)
                if not raw:
                    break
                self._lines.put(raw.decode("utf-8", "replace").rstrip("\r\n"))
        except (OSError, ValueError):
            pass
        self._lines.put(None)

    def _send(self, line: str) -> None:
        if self._process is None or self._process.stdin is None:
            raise UciFailure(f"{self.name}: not running")
        try:
            self._process.stdin.write((line + "\n").encode("utf-8"))
            self._process.stdin.flush()
        except (BrokenPipeError, OSError):
            raise UciFailure(f"{self.name}: the engine has exited ({self._exit_text()})") from None

    def _next_line(self, deadline: float, waiting_for: str) -> str:
        """The engine's next line; :class:`UciFailure` at ``deadline`` (monotonic) or at the output's end."""
        try:
            line = self._lines.get(timeout=max(0.0, deadline - time.monotonic()))
        except queue.Empty:
            raise UciFailure(f"{self.name}: no {waiting_for} in time") from None
        if line is None:
            self._lines.put(None)  # later reads see the end too
            raise UciFailure(f"{self.name}: the engine closed its output while we waited for {waiting_for} "
                             f"({self._exit_text()})")
        return line

    def _exit_text(self) -> str:
        if self._process is None:
            return "not started"
        try:
            code = self._process.wait(timeout=1.0)
        except subprocess.TimeoutExpired:
            return "still running"
        return f"exit status {code}"

    @property
    def name(self) -> str:
        return self.id_name or os.path.basename(str(self.program))

    def _ready(self) -> None:
        self._send("isready")
        deadline = time.monotonic() + self.start_seconds
        while self._next_line(deadline, "readyok").strip() != "readyok":
            pass

    def close(self) -> None:
        """Ask the engine to quit, and kill it if it has not within a second.  Safe to call twice."""
        process, self._process = self._process, None
        if process is None:
            return
        try:
            if process.stdin is not None:
                process.stdin.write(b"quit\n")
                process.stdin.flush()
                process.stdin.close()
        except OSError:
            pass
        try:
            process.wait(timeout=1.0)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=5.0)

    def __enter__(self) -> "UciEngine":
        return self if self._process is not None else self.start()

    def __exit__(self, *exc) -> None:
        self.close()

    # ------------------------------------------------------------ protocol

    def has_option(self, name: str) -> bool:
        return name.lower() in self.options

    def set_option(self, name: str, value: str) -> None:
        """``setoption name N value V`` after checking both; :class:`UciOptionError` when the engine
        does not declare the option or does not take the value."""
        option = self.options.get(name.lower())
        if option is None:
            raise UciOptionError(f"{self.name} has no option {name!r} (it has: "
                                 + ", ".join(o.name for o in self.options.values()) + ")")
        if option.type == "button":
            self._send(f"setoption name {option.name}")
        else:
            self._send(f"setoption name {option.name} value {option.checked(value)}")

    def load_variants(self, path: str, variants: Sequence[str]) -> None:
        """``setoption name VariantPath value PATH`` (Fairy-Stockfish reads the file at once), then
        wait until the engine is ready and take ``variants``, which the file defines, as choices of
        ``UCI_Variant`` (the engine does not declare its options again)."""
        self.set_option("VariantPath", path)
        self._ready()
        declared = self.options.get("uci_variant")
        if declared is not None and declared.choices:
            added = tuple(v for v in variants if v not in declared.choices)
            self.options["uci_variant"] = replace(declared, choices=declared.choices + added)

    def new_game(self) -> None:
        """``ucinewgame``, then wait until the engine is ready."""
        self._send("ucinewgame")
        self._ready()

    def search(self, moves: Sequence[str], limit: GoLimit) -> SearchAnswer:
        """The engine's move from the start position after ``moves`` (UCI texts), within ``limit``."""
        self._send("position startpos" + (" moves " + " ".join(moves) if moves else ""))
        started = time.monotonic()
        self._send(limit.command())
        answer = SearchAnswer("")
        deadline = started + limit.answer_seconds()
        stopped = False
        while True:
            try:
                line = self._next_line(deadline, "bestmove")
            except UciFailure:
                if self._process is None or self._process.poll() is not None:
                    raise
                if stopped:
                    raise UciFailure(f"{self.name}: no bestmove within {limit.answer_seconds():.0f} s of "
                                     f"{limit.describe()}, nor {STOP_SECONDS:g} s after stop") from None
                self._send("stop")
                stopped = True
                deadline = time.monotonic() + STOP_SECONDS
                continue
            words = line.split()
            if not words:
                continue
            if words[0] == "info":
                _read_info(answer, words)
            elif words[0] == "bestmove":
                answer.move = words[1] if len(words) > 1 else "(none)"
                answer.seconds = time.monotonic() - started
                if stopped:
                    raise UciFailure(f"{self.name}: no bestmove within {limit.answer_seconds():.0f} s "
                                     f"of {limit.describe()}")
                return answer
