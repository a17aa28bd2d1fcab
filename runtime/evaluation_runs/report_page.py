"""The report folder's page: ``index.html`` with inline SVG plots, and ``summary.json``.

The page needs nothing but a browser (no script): the summary as a table,
three bar plots drawn here as SVG (the length histogram, the mean branching
factor by ply, outcomes by goal split into first player, second player and
draw), and one row per game linking its saved ``.zsg`` file.  Every text
from a game file is HTML-escaped.
"""

from __future__ import annotations

import html
import json
import os
from pathlib import Path

WIDTH, HEIGHT, MARGIN = 560, 180, 30

ROLE_COLOURS = {"first": "#3b6fb6", "second": "#c8553d", "draw": "#9a9a9a"}


def _bars(values: list[float], labels: list[str], title: str) -> str:
    """A bar plot of ``values`` (one bar each, labelled under every few bars) as an SVG element."""
    if not values:
        return f"<p>{html.escape(title)}: no data</p>"
    top = max(values) or 1
    step = (WIDTH - 2 * MARGIN) / len(values)
    parts = [(f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT + 40}" role="img" '
              f'aria-label="{html.escape(title)}"><text x="{MARGIN}" y="14" font-size="13">{html.escape(title)} '
              f'(max {top:g})</text>')]
    every = max(1, len(values) // 10)
    for k, (value, label) in enumerate(zip(values, labels)):
        h = (HEIGHT - MARGIN) * value / top
        x = MARGIN + k * step
        parts.append(f'<rect x="{x:.1f}" y="{HEIGHT - h:.1f}" width="{max(1.0, step - 1):.1f}" height="{h:.1f}" '
                     f'fill="#3b6fb6"><title>{html.escape(label)}: {value:g}</title></rect>')
        if k % every == 0:
            parts.append(f'<text x="{x:.1f}" y="{HEIGHT + 14}" font-size="10">{html.escape(label)}</text>')
    parts.append("</svg>")
    return "".join(parts)


def _stacked_goals(by_goal: dict[str, dict[str, int]]) -> str:
    """Outcomes by goal: one horizontal bar per goal, split by who it gave the game to."""
    if not by_goal:
        return "<p>outcomes by goal: no data</p>"
    total = max(sum(roles.values()) for roles in by_goal.values())
    row = 22
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH + 200}" height="{row * len(by_goal) + 40}" '
             f'role="img" aria-label="outcomes by goal"><text x="0" y="14" font-size="13">outcomes by goal '
             + " ".join(f'<tspan fill="{c}">{r}</tspan>' for r, c in ROLE_COLOURS.items()) + "</text>"]
    for k, (goal, roles) in enumerate(by_goal.items()):
        y = 24 + k * row
        x = 200.0
        parts.append(f'<text x="0" y="{y + 14}" font-size="11">{html.escape(goal[:32])}</text>')
        for role, colour in ROLE_COLOURS.items():
            w = (WIDTH - 20) * roles[role] / total
            if w:
                parts.append(f'<rect x="{x:.1f}" y="{y}" width="{w:.1f}" height="{row - 4}" fill="{colour}">'
                             f"<title>{role}: {roles[role]}</title></rect>")
            x += w
    parts.append("</svg>")
    return "".join(parts)


def _percent(rate: dict | None) -> str:
    if rate is None:
        return "-"
    return f"{100 * rate['rate']:.1f} % (95 %: {100 * rate['low']:.1f}&ndash;{100 * rate['high']:.1f})"


def _compared(result: dict, other: dict, other_folder: str) -> str:
    """The two evaluations' main figures side by side, linking the other's page (in ``other_folder``)."""
    pairs = [("first-player win rate", "first_player_win_rate"), ("draw rate", "draw_rate"),
             ("decisiveness", "decisiveness")]
    esc = html.escape
    head = (f"<tr><th></th><th>{esc(result['name'])}, {esc(result['player'])}</th>"
            f"<th><a href=\"{other_folder}/index.html\">{esc(other['name'])}, {esc(other['player'])}</a></th></tr>")
    rows = "".join(f"<tr><th>{label}</th><td>{_percent(result['summary'][key])}</td>"
                   f"<td>{_percent(other['summary'][key])}</td></tr>" for label, key in pairs)
    rows += "".join(f"<tr><th>{label}</th><td>{result['summary']['length'][key]}</td>"
                    f"<td>{other['summary']['length'][key]}</td></tr>"
                    for label, key in (("median length", "median"), ("mean length", "mean")))
    return f"<h2>Compared</h2><table>{head}{rows}</table>"


def page(result: dict, folder: str, other: dict | None = None, other_folder: str = "compare") -> str:
    """The HTML of the page for one evaluation (``zrf evaluate --json``'s data), and the compared one's
    figures beside it when given (its page in the subfolder ``other_folder``)."""
    s = result["summary"]
    esc = html.escape
    rows = [("player", esc(result["player"])), ("seed", str(result["seed"])),
            ("games counted", f"{s['games_counted']} of {s['games_planned']}"),
            ("first player", esc(str(s["first_player"]))),
            ("first-player win rate", _percent(s["first_player_win_rate"])),
            ("first player's share of decisive games", _percent(s["first_player_share_of_decisive"])),
            ("draw rate", _percent(s["draw_rate"])), ("decisiveness", _percent(s["decisiveness"])),
            ("length (plies)", "min {min}, median {median}, mean {mean}, max {max}".format(**s["length"])),
            ("branching by phase", ", ".join(f"{k} {v}" for k, v in s["branching_by_phase"].items())),
            ("repetitions, lead changes a game", f"{s['mean_repetitions']}, {s['mean_lead_changes']}"),
            ("learned piece values", esc(", ".join(f"{t} {v}" for t, v in result["piece_values"].items()))),
            ("wall time", f"{result['seconds']} s")]
    histogram = s["length"]["histogram"]
    games = []
    for g in result["games"]:
        links = " ".join(f'<a href="{esc(os.path.relpath(p, folder))}">{esc(Path(p).name)}</a>' for p in g["saved"])
        winner = "void" if g["void"] else ("draw" if g["winner"] is None else g["winner"])
        games.append(f"<tr><td>{g['index'] + 1}</td><td>{esc(winner)}</td><td>{esc(g['goal'])}</td>"
                     f"<td>{g['plies']}</td><td>{g['repetitions']}</td><td>{g['lead_changes']}</td>"
                     f"<td>{g['seconds']}</td><td>{links}</td></tr>")
    return "\n".join([
        "<!DOCTYPE html>", '<html lang="en"><head><meta charset="utf-8">',
        f"<title>zrf evaluate: {esc(result['name'])}</title>",
        ("<style>body{font-family:sans-serif;max-width:60em;margin:1em auto}td,th{padding:2px 8px;"
         "text-align:left}table{border-collapse:collapse}tr:nth-child(even){background:#f2f2f2}</style>"),
        "</head><body>", f"<h1>{esc(result['name'])}</h1>",
        "<table>" + "".join(f"<tr><th>{k}</th><td>{v}</td></tr>" for k, v in rows) + "</table>",
        _compared(result, other, other_folder) if other is not None else "",
        "<h2>Plots</h2>",
        _bars([b["games"] for b in histogram], [f"{b['low']}-{b['high'] - 1}" for b in histogram],
              "games by length (plies)"),
        _bars(s["branching_by_ply"], [str(k) for k in range(len(s["branching_by_ply"]))],
              "mean branching factor by ply"),
        _stacked_goals(s["outcomes_by_goal"]),
        "<h2>Games</h2>",
        "<table><tr><th>game</th><th>winner</th><th>goal</th><th>plies</th><th>repetitions</th>"
        "<th>lead changes</th><th>seconds</th><th>file</th></tr>" + "".join(games) + "</table>",
        "</body></html>", ""])


def write_report(folder: str, result: dict, other: dict | None = None, other_folder: str = "compare") -> None:
    """Write ``summary.json`` and ``index.html`` into ``folder`` (the compared evaluation's figures beside
    this one's when ``other`` is given; its own page is in the subfolder ``other_folder``)."""
    target = Path(folder)
    target.mkdir(parents=True, exist_ok=True)
    (target / "summary.json").write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")
    (target / "index.html").write_text(page(result, folder, other, other_folder), encoding="utf-8")
