"""A generated game as a Zillions package: ``Rules/<Package>.zrf`` and ``Images/<Package>/*.bmp``.

``zrf gen GAME --package DIR`` writes the folder a Zillions user unpacks into
the install (``--zip FILE`` the same as a zip archive a designer can
publish).  The rules file is the fresh render of the game's template; the
bitmaps are exactly the files that rules file names: it is read back, every
``(image ...)`` string is mapped to the board picture or the (piece, player)
it stands for, and each is drawn (:mod:`codegen.board_bitmaps`,
:mod:`codegen.piece_bitmaps`) as a 24-bit BMP.  A name with nothing to draw,
or a picture no form names, stops the generation, so the package can never
ship a missing or an unused bitmap.
"""

from __future__ import annotations

import io
import zipfile

from runtime.pictures.labels import piece_labels
from runtime.loading.registry import find_game
from variants.pictures import GamePictures
from zrf.atomic_write import write_bytes_atomically, write_tree_atomically
from zrf.images import BOARD, file_references
from zrf.macros import expand_document
from zrf.model import build_model
from zrf.reader import parse_text

from .board_bitmaps import draw_board
from .piece_bitmaps import colours_for, piece_bitmap
from .render import GenerationError, pictures_for, render, target_for

#: Timestamp of every zip member, so that the same game gives the same archive.
ZIP_TIME = (2000, 1, 1, 0, 0, 0)


def _bmp(image) -> bytes:
    out = io.BytesIO()
    image.convert("RGB").save(out, "BMP")
    return out.getvalue()


def package_files(name: str) -> dict[str, bytes]:
    """``relative path -> content`` of built-in game ``name``'s package (see the module docstring)."""
    entry = find_game(name)
    if entry is None:
        raise GenerationError(f"{name}: not a built-in game")
    target = target_for(entry)
    if target is None:
        raise GenerationError(f"{name}: no generated ZRF")
    return files_for(render(name), pictures_for(target.folder), name)


def files_for(text: str, pictures: GamePictures, name: str) -> dict[str, bytes]:
    """``relative path -> content`` of the package of a rendered rules file ``text`` whose
    bitmaps ``pictures`` describes (``name`` for messages)."""
    rules = f"Rules/{pictures.package}.zrf"
    files = {rules: text.encode("utf-8")}
    zfile = build_model(expand_document(parse_text(text, rules)), rules)
    labels = piece_labels(pictures.piece_types)
    prefix = pictures.folder + "/"
    wanted = {b.file for b in pictures.boards}
    wanted |= {pictures.piece_file(p, t) for p in pictures.players for t in pictures.piece_types}
    drawn: set[str] = set()
    for ref in file_references(zfile):
        if not ref.written.startswith(prefix):
            raise GenerationError(f"{ref.span}: image {ref.written!r} is outside {prefix}")
        file = ref.written[len(prefix):]
        if file in drawn:
            continue
        if ref.kind == BOARD:
            image = draw_board(pictures.board(file))
        elif ref.player in pictures.players and ref.piece in pictures.piece_types \
                and file == pictures.piece_file(ref.player, ref.piece):
            colours = colours_for(ref.player, pictures.players.index(ref.player))
            image = piece_bitmap(ref.piece, labels[ref.piece], colours, pictures.piece_size,
                                 pictures.symbols.get(ref.piece))
        else:
            raise GenerationError(f"{ref.span}: nothing draws {ref.written!r}")
        files[f"Images/{pictures.package}/{file}"] = _bmp(image)
        drawn.add(file)
    if drawn != wanted:
        raise GenerationError(f"{name}: pictures never named by the rules file: {sorted(wanted - drawn)}")
    return files


def write_package(name: str, directory: str) -> list[str]:
    """Write the package under ``directory``, all or nothing: the rules file replaces
    ``Rules/<Package>.zrf`` and the bitmaps replace the folder ``Images/<Package>/`` only once
    every file is written (:func:`zrf.atomic_write.write_tree_atomically`); a failure (a
    full disk) leaves the old package as it was.  Returns the paths written.  OSError on failure."""
    return write_tree_atomically(directory, package_files(name))


def write_zip(name: str, zip_path: str) -> list[str]:
    """Write the package as a zip archive (members ``Rules/...`` and ``Images/...``), made in
    memory and written to a temporary file that replaces ``zip_path`` only when whole
    (:func:`zrf.atomic_write.write_bytes_atomically`).  Returns the members; OSError on failure."""
    files = package_files(name)
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as zf:
        for rel, content in files.items():
            zf.writestr(zipfile.ZipInfo(rel, ZIP_TIME), content, zipfile.ZIP_DEFLATED)
    write_bytes_atomically(zip_path, buffer.getvalue())
    return list(files)
