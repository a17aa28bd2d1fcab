"""The ``pyffish`` module and the variant definitions loaded into it.

``pyffish`` (Fairy-Stockfish's Python binding) is an optional extra: it is imported when
a command first needs it, and its absence is a :class:`FairyUnavailable` whose message says
how to install it.  Definitions loaded with ``pyffish.load_variant_config`` live inside the
library for the rest of the process; :class:`FairyLibrary` is their one owner, remembering
which texts it loaded (a bounded number: a text is loaded once, and names are derived from
the text, so loading again is never needed).
"""

from __future__ import annotations

import hashlib
import threading
from types import ModuleType

INSTALL_HINT = "pip install 'zrf-toolkit[fairy]' (or: pip install pyffish)"

#: How many distinct definitions one process loads before refusing more (each stays in the library).
MAX_LOADED = 10_000


class FairyUnavailable(RuntimeError):
    """``pyffish`` cannot be imported; the message says how to install it."""


class FairyConfigError(ValueError):
    """A variants.ini text that Fairy-Stockfish does not accept."""


class FairyLibrary:
    """The loaded ``pyffish`` module and the definitions loaded into it (one per process)."""

    _instance: FairyLibrary | None = None
    _instance_lock = threading.Lock()

    def __init__(self, module: ModuleType) -> None:
        self.module = module
        self._loaded: set[str] = set()
        self._lock = threading.Lock()

    @classmethod
    def get(cls) -> FairyLibrary:
        """The process's library; raises :class:`FairyUnavailable` without ``pyffish``."""
        with cls._instance_lock:
            if cls._instance is None:
                try:
                    import pyffish
                except ImportError as exc:
                    raise FairyUnavailable(
                        f"Fairy-Stockfish's Python module pyffish is not installed ({exc}); "
                        f"install it with: {INSTALL_HINT}") from None
                cls._instance = cls(pyffish)
            return cls._instance

    def builtin_variants(self) -> list[str]:
        """The variants Fairy-Stockfish knows without a definition."""
        return sorted(self.module.variants())

    def knows(self, variant: str) -> bool:
        return variant in self.module.variants()

    def load(self, text: str) -> dict[str, str]:
        """Load a variants.ini text (once per text): its section names -> the names they are
        loaded under.  Fairy-Stockfish keeps the first definition of a name for good, so each
        section is loaded under its name and a digest of the text (``chess2-1a2b3c4d``), and
        two texts defining one name never meet.  Raises :class:`FairyConfigError` when a
        section is then unknown to Fairy-Stockfish."""
        key = hashlib.sha256(text.encode()).hexdigest()
        names = {name: f"{name}-{key[:10]}" for name in section_names(text)}
        with self._lock:
            if key not in self._loaded:
                if len(self._loaded) >= MAX_LOADED:
                    raise FairyConfigError(f"more than {MAX_LOADED} variant definitions loaded in one process")
                self.module.load_variant_config(_renamed(text, names))
                self._loaded.add(key)
        missing = [name for name, inner in names.items() if not self.knows(inner)]
        if missing:
            raise FairyConfigError("Fairy-Stockfish did not accept the section(s) " + ", ".join(missing))
        return names


def section_names(text: str) -> list[str]:
    """The variant names of the ``[name]`` or ``[name:parent]`` headers of a variants.ini text."""
    names = []
    for line in text.splitlines():
        line = line.strip()
        if line.startswith("[") and line.endswith("]"):
            names.append(line[1:-1].split(":", 1)[0].strip())
    return names


def _renamed(text: str, names: dict[str, str]) -> str:
    """``text`` with its section headers (and parents defined in it) renamed by ``names``."""
    out = []
    for line in text.splitlines():
        stripped = line.strip()
        if stripped.startswith("[") and stripped.endswith("]"):
            name, _, parent = stripped[1:-1].partition(":")
            name, parent = name.strip(), parent.strip()
            header = names.get(name, name) + (":" + names.get(parent, parent) if parent else "")
            line = f"[{header}]"
        out.append(line)
    return "\n".join(out) + "\n"
