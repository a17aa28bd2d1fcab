"""``zrf fmt PATH... [--check] [--diff] [-o OUT]``: format ZRF files, keeping comments and macros.

The layout is :func:`zrf.writer.format_document`'s.  Files are rewritten in
place only when the formatted text differs, through
:func:`zrf.atomic_write.write_bytes_atomically` (a temporary file in the same
folder renamed over the original), so an interrupted run or a full disk
never leaves a half-written file.  The file keeps its text encoding and its
line break style.  ``-`` reads standard input and writes standard output.

Exit status (black conventions): 0 done (or, with ``--check``, nothing
would change); 1 with ``--check`` when some file would be reformatted;
2 for a usage error or a file that cannot be read, parsed or written (its
diagnostic is printed and the file is left untouched; ``E004`` when the
write fails or the target is a device, FIFO or folder).
"""

from __future__ import annotations

import difflib
import json
import os
import sys
from pathlib import Path

import click

from zrf.atomic_write import write_bytes_atomically
from zrf.diagnostics import Diagnostic, ZrfError
from zrf.printable import printable
from zrf.reader import decode, parse_text, read_bytes
from zrf.syntax import Span
from zrf.writer import format_document


def _expand_paths(paths: tuple[str, ...]) -> list[str]:
    """Arguments with every folder replaced by the ``*.zrf`` files below it."""
    out: list[str] = []
    for p in paths:
        if p != "-" and os.path.isdir(p):
            out.extend(sorted(str(f) for f in Path(p).rglob("*.zrf")))
        else:
            out.append(p)
    return out


def _read(path: str) -> tuple[bytes, str]:
    """The raw bytes of ``path`` (``-``: standard input) and the name to report it under.

    Devices and FIFOs are refused and the size is bounded (:func:`zrf.reader.read_bytes`).
    """
    if path == "-":
        return sys.stdin.buffer.read(), "<stdin>"
    return read_bytes(path), path


def format_bytes(data: bytes, name: str) -> tuple[bytes, str, str]:
    """(formatted bytes, original text, formatted text), in the input's own encoding.

    Raises :class:`ZrfError` when the text does not parse.
    """
    text, encoding = decode(data)
    doc = parse_text(text, name, encoding)
    formatted = format_document(doc)
    return formatted.encode(encoding), text, formatted


def _holds(path: str, data: bytes) -> bool:
    """True when ``path`` is a regular file that already holds exactly ``data``."""
    return os.path.isfile(path) and Path(path).read_bytes() == data


def _write(path: str, data: bytes) -> int:
    """Write ``data`` to ``path`` atomically (:mod:`zrf.atomic_write`); 0, or 2 after printing why not."""
    try:
        write_bytes_atomically(path, data)
    except OSError as exc:
        click.echo(Diagnostic("E004", f"cannot write file: {exc.strerror}", Span(path, 1, 1)).format(), err=True)
        return 2
    return 0


def _diff(before: str, after: str, name: str) -> str:
    lines = difflib.unified_diff(before.splitlines(keepends=True), after.splitlines(keepends=True),
                                 f"{name}", f"{name} (formatted)")
    return "".join(line if line.endswith("\n") else line + "\n" for line in lines)


@click.command(short_help="Format ZRF files, keeping comments and macros.")
@click.argument("paths", nargs=-1, required=True, metavar="PATH...")
@click.option("--check", is_flag=True, help="Write nothing; list the files that would change and exit 1 if any.")
@click.option("--diff", "show_diff", is_flag=True, help="Write nothing; print a unified diff of the changes.")
@click.option("-o", "--output", default=None, metavar="OUT",
              help="Write the formatted text to OUT instead (only with one PATH; '-' for stdout).")
@click.option("--json", "as_json", is_flag=True,
              help="Print one JSON object: each file, whether it changed (or would) and its diagnostics.")
def fmt(paths: tuple[str, ...], check: bool, show_diff: bool, output: str | None, as_json: bool) -> None:
    """Format ZRF files in place, keeping every comment and macro definition.

    A folder formats every *.zrf below it; '-' reads standard input and
    writes standard output.
    """
    files = _expand_paths(paths)
    if not files:
        raise click.UsageError("no .zrf files found in the given paths")
    if output is not None and len(files) != 1:
        raise click.UsageError("-o/--output takes exactly one input PATH")
    if as_json and (output == "-" or (output is None and "-" in files and not (check or show_diff))):
        raise click.UsageError("--json prints the report on standard output: write the text with -o FILE")
    status = 0
    changed = 0
    report: list[dict] = []
    for path in files:
        entry = {"path": path, "changed": False, "diagnostics": []}
        report.append(entry)
        try:
            data, name = _read(path)
            new, before, after = format_bytes(data, name)
        except ZrfError as exc:
            entry["diagnostics"] = [d.as_json() for d in exc.diagnostics]
            if not as_json:
                for d in exc.diagnostics:
                    click.echo(d.format(), err=True)
            status = 2
            continue
        differs = new != data
        entry["changed"] = differs
        changed += differs
        if check or show_diff:
            if differs:
                if show_diff and not as_json:
                    click.echo(printable(_diff(before, after, name)), nl=False)
                if check:
                    if not as_json:
                        click.echo(f"would reformat {name}", err=True)
                    status = max(status, 1)
            continue
        if output == "-" or (output is None and path == "-"):
            sys.stdout.buffer.write(new)
            sys.stdout.flush()
        elif output is not None:
            if not _holds(output, new):
                status = max(status, _write(output, new))
        elif differs:
            failed = _write(path, new)
            status = max(status, failed)
            if not failed and not as_json:
                click.echo(f"reformatted {name}", err=True)
    if as_json:
        click.echo(json.dumps({"files": report, "changed": changed, "written": not (check or show_diff)},
                              indent=1))
    elif len(files) > 1 and output is None:
        verb = "would be reformatted" if check or show_diff else "reformatted"
        click.echo(f"{len(files)} files: {changed} {verb}", err=True)
    sys.exit(status)
