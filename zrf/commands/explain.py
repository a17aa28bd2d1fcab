"""``zrf explain CODE``: print a diagnostic code's entry from the code table (:mod:`zrf.codes`).

Exit status 0 for a known code; 2, with the closest codes, for an unknown one.
"""

from __future__ import annotations

import json

import click

from zrf.codes import UnknownCode, lookup


@click.command(short_help="Explain a diagnostic code: severity, meaning, an example.")
@click.argument("code", metavar="CODE")
@click.option("--json", "as_json", is_flag=True, help="Print the entry as one JSON object.")
def explain(code: str, as_json: bool) -> None:
    """Explain a diagnostic code (E102, W501 ...): severity, meaning, an example."""
    try:
        entry = lookup(code)
    except UnknownCode as exc:
        raise click.UsageError(str(exc)) from None
    if as_json:
        click.echo(json.dumps({"code": entry.code, "severity": entry.severity.value, "title": entry.title,
                               "explanation": entry.explanation, "example": entry.example,
                               "effect": entry.effect.value, "section": entry.section.heading}, indent=2))
    else:
        click.echo(entry.describe())
