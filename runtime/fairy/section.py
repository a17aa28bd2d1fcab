"""A ``variants.ini`` section as data, written and read.

A section is ``[name]`` or ``[name:parent]`` followed by ``key = value`` lines; ``#`` and
``;`` start comments.  :class:`VariantSection` keeps the options in order so that a written
section reads back to the same data, and :func:`read_sections` reads every section of a file.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class VariantSection:
    """One variant: its name, the variant it inherits from (if any) and its options in order."""

    name: str
    parent: str | None = None
    options: dict[str, str] = field(default_factory=dict)
    #: comment lines written above the header
    comments: list[str] = field(default_factory=list)

    def text(self) -> str:
        lines = [f"# {c}" for c in self.comments]
        lines.append(f"[{self.name}:{self.parent}]" if self.parent else f"[{self.name}]")
        lines += [f"{k} = {v}" for k, v in self.options.items()]
        return "\n".join(lines) + "\n"


def read_sections(text: str) -> dict[str, VariantSection]:
    """Every section of a variants.ini text, by name (a later section of a name replaces an earlier one)."""
    out: dict[str, VariantSection] = {}
    current: VariantSection | None = None
    for raw in text.splitlines():
        line = raw.split("#", 1)[0].split(";", 1)[0].strip()
        if not line:
            continue
        if line.startswith("[") and line.endswith("]"):
            name, _, parent = line[1:-1].partition(":")
            current = VariantSection(name.strip(), parent.strip() or None)
            out[current.name] = current
        elif current is not None and "=" in line:
            key, _, value = line.partition("=")
            current.options[key.strip()] = value.strip()
    return out
