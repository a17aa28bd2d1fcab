"""``zrf import fairy NAME``: a Fairy-Stockfish variant as a ZRF file (or a Zillions package), verified.

Exit status: 0 written; 1 the variant does not fit an imported ZRF yet (the reasons), its ZRF
does not pass ``zrf check``, or the verification found a difference (the first position);
2 usage, an unknown variant, or no ``pyffish``.
"""

from __future__ import annotations

import json
import sys

import click

from runtime.fairy.library import FairyConfigError, FairyUnavailable
from zrf.atomic_write import write_bytes_atomically

from .fairy_import import ImportUnfit, import_variant, write_import_package

#: The engines a game imports from.
SOURCES = ("fairy",)


@click.command(name="import", short_help="Import a Fairy-Stockfish variant as a ZRF (or a Zillions package).")
@click.argument("source", type=click.Choice(SOURCES), metavar="fairy")
@click.argument("name", metavar="NAME")
@click.option("--config", type=click.Path(exists=True, dir_okay=False), default=None,
              help="A variants.ini holding the section NAME (default: a variant Fairy-Stockfish has built in).")
@click.option("-o", "--output", type=click.Path(dir_okay=False), default=None, help="Write the ZRF to FILE.")
@click.option("--package", "package_dir", type=click.Path(file_okay=False), default=None,
              help="Write a Zillions package (Rules/ and Images/ with its bitmaps) under DIR.")
@click.option("--no-verify", is_flag=True, help="Write the ZRF without comparing the two engines.")
@click.option("--depth", type=click.IntRange(1, 5), default=3, show_default=True, help="perft depth compared.")
@click.option("--positions", type=click.IntRange(0), default=200, show_default=True,
              help="Positions of seeded random games compared.")
@click.option("--json", "as_json", is_flag=True, help="Print the ZRF, the pieces read and the verification as JSON.")
def import_(source: str, name: str, config: str | None, output: str | None, package_dir: str | None,
            no_verify: bool, depth: int, positions: int, as_json: bool) -> None:
    """Write Fairy-Stockfish's variant NAME as a ZRF, verified against Fairy-Stockfish first:
    the same perft to --depth and the same moves in --positions positions of random games.

    \b
    Exit status: 0 written (verified unless --no-verify); 1 the variant does
    not fit an imported ZRF yet (the reason), its ZRF does not pass zrf check,
    or it plays differently (the first position that differs); 2 usage, an
    unknown variant, or no pyffish (pip install -e '.[fairy]')."""
    text = None
    if config:
        with open(config, encoding="utf-8") as fh:
            text = fh.read()
    try:
        imported = import_variant(name, text, depth, positions, check=not no_verify, package=package_dir is not None)
    except (FairyUnavailable, FairyConfigError, KeyError) as exc:
        raise click.UsageError(str(exc).strip("'\"")) from None
    except ImportUnfit as exc:
        click.echo(f"zrf: error: {name}: an imported ZRF cannot play it yet: {exc}", err=True)
        sys.exit(1)
    if imported.lint_errors:
        for d in imported.lint_errors:
            click.echo(d.format(), err=True)
        sys.exit(1)
    checked = imported.verification
    if checked is not None and not checked.ok:
        click.echo(f"zrf: error: {name}: the ZRF plays differently from Fairy-Stockfish: "
                   + checked.describe().replace("\n", "\n    "), err=True)
        sys.exit(1)
    if output:
        write_bytes_atomically(output, imported.text.encode("utf-8"))
    written = write_import_package(imported, package_dir) if package_dir else []
    if as_json:
        click.echo(json.dumps({"variant": name, "zrf": imported.text, "files": written,
                               "pieces": {p.name: p.betza for p in imported.rules.pieces.values()},
                               "verification": checked.as_json() if checked else None}, indent=2))
    elif not output and not package_dir:
        click.echo(imported.text, nl=False)
    for path in written if not as_json else ():
        click.echo(f"wrote {path}", err=True)
    if checked is not None and not as_json:
        click.echo(f"verified: {checked.describe()}", err=True)
