"""``zrf lsp``: the ZRF language server, for any editor that speaks the Language Server Protocol."""

from __future__ import annotations

import click


@click.command(short_help="Run the ZRF language server for editors (stdio).")
@click.option("--stdio", is_flag=True, help="Talk over standard input and output (the default and only way).")
def lsp(stdio: bool) -> None:
    """Run the ZRF language server over standard input and output.

    An editor starts it and talks to it: diagnostics as you type (those of
    `zrf check`, each in the file it belongs to), hover, completion, go to
    definition, references, outline, folding, formatting (`zrf fmt`) and the
    "what does this game do now" command.  docs/editors.md sets up VS Code,
    Neovim and Emacs.
    """
    try:
        from runtime.lsp.language_server import serve_stdio
    except ImportError as exc:
        raise click.UsageError(f"zrf lsp needs pygls and lsprotocol ({exc.name} is missing): "
                               "pip install -e '.[lsp]'") from None
    serve_stdio()
