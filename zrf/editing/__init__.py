"""What an editor needs to know about a ZRF text while it is being written.

Plain functions and values over a document's text and path, with no editor
protocol in them, so the language server (:mod:`runtime.lsp`) and a web page's
rules editor can both call them:

* :mod:`~zrf.editing.analysis`: one file read, expanded, modelled and linted
  from its text (the diagnostics ``zrf check`` prints, grouped by the file
  each belongs to), with the files it includes;
* :mod:`~zrf.editing.name_index`: where every piece, direction, zone,
  position, player, attribute and macro is defined and named;
* :mod:`~zrf.editing.cursor`: what surrounds a place in a text that may not
  parse (the word there, the lists it stands in, comments and strings);
* :mod:`~zrf.editing.completion`, :mod:`~zrf.editing.hover`,
  :mod:`~zrf.editing.outline`, :mod:`~zrf.editing.folding`,
  :mod:`~zrf.editing.formatting`: the answers an editor asks for;
* :mod:`~zrf.editing.session`: the one owner of the state that lives across
  calls (the open texts, their latest analyses and the memo each next analysis
  reuses, which file's diagnostics come from which analysis);
* :mod:`~zrf.editing.textmate`: the TextMate grammar (syntax colours) written
  from the keyword table.

Positions are those of :class:`zrf.syntax.Span`: lines and columns count from
1, columns in characters (code points), and a line ends at ``\\n``.  A
transport converts them to its own units.
"""
