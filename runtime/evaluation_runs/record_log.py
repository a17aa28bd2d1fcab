"""The report folder's log of finished games: appended game by game, read back to resume a run.

``DIR/games.jsonl`` holds one JSON object a line: first the plan's
fingerprint (``{"evaluate": {...}}``: game, variant, player, seed, ply limit),
then one :class:`~runtime.evaluation_runs.selfplay_games.GameRecord` per
finished game, written and flushed as it arrives.  A run given a folder whose
log has the same fingerprint plays only the games the log lacks (a last line
cut short by an interruption is cut off the file); a different fingerprint is a
:class:`LogMismatch`, so games of two different plans are never mixed.
"""

from __future__ import annotations

import json
from pathlib import Path

from runtime.evaluation_runs.selfplay_games import GameRecord

LOG_NAME = "games.jsonl"


class LogMismatch(ValueError):
    """The folder's log was written by a different plan; the message says what differs."""


class RecordLog:
    """The log of one report folder (see the module docstring); :meth:`close` it when done."""

    def __init__(self, folder: str, fingerprint: dict):
        self.path = Path(folder) / LOG_NAME
        self.records: dict[int, GameRecord] = {}
        if self.path.exists():
            self._read(fingerprint)
            self._file = self.path.open("a", encoding="utf-8")
        else:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self._file = self.path.open("w", encoding="utf-8")
            self._write({"evaluate": fingerprint})

    def _read(self, fingerprint: dict) -> None:
        data = self.path.read_bytes()
        if not data.endswith(b"\n"):  # the last line was cut short: drop it
            data = data[:data.rfind(b"\n") + 1]
            with self.path.open("r+b") as file:
                file.truncate(len(data))
        lines = data.decode("utf-8", errors="replace").splitlines()
        try:
            header = json.loads(lines[0])["evaluate"] if lines else None
        except (ValueError, KeyError, TypeError):
            header = None
        if header != fingerprint:
            differs = ([k for k in fingerprint if header.get(k) != fingerprint[k]]
                       if isinstance(header, dict) else ["the header"])
            raise LogMismatch(f"{self.path} holds games of another evaluation ({', '.join(differs)} "
                              f"differ): give another --report folder")
        for line in lines[1:]:
            try:
                record = GameRecord.from_json(json.loads(line))
            except (ValueError, TypeError, KeyError):
                continue  # not a record: left out, its game played again
            self.records[record.index] = record

    def _write(self, data: dict) -> None:
        self._file.write(json.dumps(data) + "\n")
        self._file.flush()

    def append(self, record: GameRecord) -> None:
        self.records[record.index] = record
        self._write(record.as_json())

    def close(self) -> None:
        self._file.close()
