"""Reading one command line at the terminal, with line editing, history and completion.

``zrf play`` reads moves and commands through :class:`LineReader`:

* at a terminal, with **prompt_toolkit** when it is installed: arrow keys and
  Emacs keys edit the line, Up/Down walk the lines typed earlier in this
  game, Tab completes a command word or a legal move, and a grey suggestion
  from the history can be taken with the Right arrow;
* at a terminal without prompt_toolkit, with the standard **readline**
  module (where Python has one): the same editing keys, history and Tab
  completion;
* when input is not a terminal (a pipe, a file, the test runner), plainly
  with ``click.prompt``, so scripted games behave exactly as before.

``LineReader.backend`` (an :class:`Editing`) says which one is in use.  History lives for the
session only; nothing is written to disk.
"""

from __future__ import annotations

import sys
from typing import Callable, Iterable

import click

from zrf.text_enum import TextEnum


class Editing(TextEnum):
    """How a :class:`LineReader` reads a line (equal to its name as text, which tests and
    messages use)."""

    PROMPT_TOOLKIT = "prompt_toolkit"
    READLINE = "readline"
    PLAIN = "plain"


Words = Callable[[], Iterable[str]]
"""Gives the completions for the current position: command words and legal moves."""


class LineReader:
    """Reads lines with the best editing available; see the module docstring."""

    def __init__(self, words: Words = lambda: (), interactive: bool | None = None):
        self.words = words
        if interactive is None:
            interactive = sys.stdin.isatty() and sys.stdout.isatty()
        self.backend = Editing.PLAIN
        self._session = None
        if interactive:
            self.backend = self._start_prompt_toolkit() or self._start_readline() or Editing.PLAIN

    # ------------------------------------------------------------------ backends

    def _start_prompt_toolkit(self) -> Editing | None:
        try:
            from prompt_toolkit import PromptSession
            from prompt_toolkit.auto_suggest import AutoSuggestFromHistory
            from prompt_toolkit.completion import Completer, Completion
            from prompt_toolkit.history import InMemoryHistory
        except ImportError:
            return None
        words = self.words

        class _Moves(Completer):
            def get_completions(self, document, complete_event):
                typed = document.text_before_cursor
                for word in words():
                    if word.startswith(typed):
                        yield Completion(word, start_position=-len(typed))

        self._session = PromptSession(history=InMemoryHistory(), completer=_Moves(),
                                      auto_suggest=AutoSuggestFromHistory(), complete_while_typing=False)
        return Editing.PROMPT_TOOLKIT

    def _start_readline(self) -> Editing | None:
        try:
            import readline
        except ImportError:
            return None
        words = self.words
        matches: list[str] = []

        def complete(text: str, state: int) -> str | None:
            # no delimiters: ``text`` is the whole line typed so far
            if state == 0:
                matches[:] = [w for w in words() if w.startswith(text)]
            return matches[state] if state < len(matches) else None

        readline.set_completer_delims("")
        readline.set_completer(complete)
        readline.parse_and_bind("tab: complete")
        readline.clear_history()
        return Editing.READLINE

    # ------------------------------------------------------------------ reading

    def read(self, prompt: str) -> str:
        """One line typed after ``prompt`` (which ends with ``"> "``); EOFError or click.Abort at the end."""
        if self.backend is Editing.PROMPT_TOOLKIT:
            try:
                return self._session.prompt(prompt)
            except KeyboardInterrupt:
                raise click.Abort() from None
        if self.backend is Editing.READLINE:
            try:
                return input(prompt)
            except KeyboardInterrupt:
                raise click.Abort() from None
        text = prompt[:-2] if prompt.endswith("> ") else prompt
        return click.prompt(text, prompt_suffix="> ")
