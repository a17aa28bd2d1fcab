"""The engine cache and ``zrf engines``: listing, and a build from a source distribution.

The build test compiles a made-up "source distribution" (a tiny UCI program
in ``src/``, beside a ``pyffish.cpp`` that does not compile, as the real one
would not without Python's headers) with the real compiler and the real
flags, so everything but the size of the real build runs: unpacking, which
files are compiled, two jobs, linking, the UCI check, the cache and its
record.  The real build (``zrf engines build fairy-stockfish``) takes minutes
and downloads; docs/play.md gives its measured time.
"""

from __future__ import annotations

import json
import shutil
import tarfile

import pytest
from click.testing import CliRunner

from runtime.engines import fairy_build
from runtime.engines.engine_cache import build_record, cached_program, resolve
from zrf.cli import main

TINY_ENGINE = r"""
#include <iostream>
#include <string>
int main() {
    std::string line;
    while (std::getline(std::cin, line)) {
        if (line == "uci") std::cout << "id name Tiny" << std::endl << "uciok" << std::endl;
        else if (line == "isready") std::cout << "readyok" << std::endl;
        else if (line == "quit") break;
    }
}
"""


def _sdist(tmp_path):
    root = tmp_path / "pyffish-9.9.9"
    (root / "src" / "nnue" / "features").mkdir(parents=True)
    (root / "src" / "main.cpp").write_text(TINY_ENGINE)
    (root / "src" / "pyffish.cpp").write_text("#error the Python binding is not part of the program\n")
    (root / "src" / "nnue" / "features" / "empty.cpp").write_text("int tiny_feature() { return 1; }\n")
    archive = tmp_path / "pyffish-9.9.9.tar.gz"
    with tarfile.open(archive, "w:gz") as tar:
        tar.add(root, arcname="pyffish-9.9.9")
    return archive


def test_the_sources_are_the_engine_without_its_bindings(tmp_path):
    root = fairy_build.unpack(_sdist(tmp_path), tmp_path / "unpacked")
    names = [p.relative_to(root).as_posix() for p in fairy_build.sources(root)]
    assert names == ["src/main.cpp", "src/nnue/features/empty.cpp"]
    assert fairy_build.version_of(tmp_path / "pyffish-0.0.90.tar.gz") == "0.0.90"
    assert "-DLARGEBOARDS" in fairy_build.FLAGS and "-DNNUE_EMBEDDING_OFF" in fairy_build.FLAGS


def test_an_archive_that_escapes_its_folder_is_refused(tmp_path):
    evil = tmp_path / "pyffish-6.6.6.tar.gz"
    payload = tmp_path / "payload"
    payload.write_text("x")
    with tarfile.open(evil, "w:gz") as tar:
        tar.add(payload, arcname="../../outside.txt")
    with pytest.raises(fairy_build.BuildError):
        fairy_build.unpack(evil, tmp_path / "unpacked")
    assert not (tmp_path.parent / "outside.txt").exists()


@pytest.mark.skipif(shutil.which("g++") is None, reason="no g++ to compile with")
def test_zrf_engines_build_from_a_source_distribution(tmp_path, monkeypatch):
    monkeypatch.setenv("ZRF_ENGINES_DIR", str(tmp_path / "cache"))
    result = CliRunner().invoke(main, ["engines", "build", "fairy-stockfish", "--from",
                                       str(_sdist(tmp_path)), "--json"])
    assert result.exit_code == 0, result.output
    built = json.loads(result.stdout)
    assert built["build"]["id_name"] == "Tiny" and built["build"]["version"] == "9.9.9"
    assert resolve("fairy-stockfish") == cached_program("fairy-stockfish")
    assert build_record("fairy-stockfish").source == "pyffish-9.9.9.tar.gz"
    listed = json.loads(CliRunner().invoke(main, ["engines", "list", "--json"]).stdout)
    row = next(e for e in listed["engines"] if e["name"] == "fairy-stockfish")
    assert row["where"] == "cache" and row["build"]["id_name"] == "Tiny"


@pytest.mark.skipif(shutil.which("g++") is None, reason="no g++ to compile with")
def test_a_failed_build_says_where_and_leaves_the_cache_alone(tmp_path, monkeypatch):
    monkeypatch.setenv("ZRF_ENGINES_DIR", str(tmp_path / "cache"))
    archive = _sdist(tmp_path)
    broken = tmp_path / "broken"
    with tarfile.open(archive) as tar:
        tar.extractall(broken)  # our own archive, just made
    (broken / "pyffish-9.9.9" / "src" / "main.cpp").write_text("int main( {\n")
    archive = tmp_path / "pyffish-9.9.8.tar.gz"
    with tarfile.open(archive, "w:gz") as tar:
        tar.add(broken / "pyffish-9.9.9", arcname="pyffish-9.9.8")
    result = CliRunner().invoke(main, ["engines", "build", "fairy-stockfish", "--from", str(archive)])
    assert result.exit_code == 1
    assert "compile src/main.cpp failed" in result.output
    assert not cached_program("fairy-stockfish").exists()


def test_only_fairy_stockfish_is_built_here():
    result = CliRunner().invoke(main, ["engines", "build", "stockfish"])
    assert result.exit_code == 2 and "only fairy-stockfish is built here" in result.output
