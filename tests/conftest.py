"""Shared test fixtures: where the ZRF corpus is, and how big slow runs are.

The corpus of real ZRF files and saved games is test data that lives outside
the repository: ``$ZRF_CORPUS`` if set, else ``../shared/corpus`` next to the
checkout.  Tests that need it use the ``corpus_dir`` fixture and are skipped,
with the reason printed, when it is absent.

``ZRF_SLOW_SCALE`` (a float, default 1.0) shrinks the long runs marked
``slow``; CI sets it below 1 so the same checks run at a smaller size.
"""

from __future__ import annotations

import csv
import os
import signal
from contextlib import contextmanager
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def find_corpus() -> Path | None:
    """The corpus folder, or None when it is not available."""
    env = os.environ.get("ZRF_CORPUS")
    candidates = [Path(env)] if env else []
    candidates.append(ROOT.parent / "shared" / "corpus")
    for c in candidates:
        if (c / "MANIFEST.tsv").is_file():
            return c
    return None


def corpus_entries() -> list[dict]:
    """Rows of the corpus MANIFEST.tsv (slug, file, engine, saved_games ...)."""
    corpus = find_corpus()
    if corpus is None:
        return []
    with open(corpus / "MANIFEST.tsv", newline="", encoding="utf-8") as fh:
        return list(csv.DictReader(fh, delimiter="\t"))


def slow_scale() -> float:
    """Factor applied to the sizes of slow tests (CI runs them smaller)."""
    try:
        return max(0.0, float(os.environ.get("ZRF_SLOW_SCALE", "1")))
    except ValueError:
        return 1.0


def full_scale() -> bool:
    """Do slow tests run at their full size (``ZRF_SLOW_SCALE`` at least 1)?"""
    return slow_scale() >= 1


def scaled(n: int, minimum: int = 1) -> int:
    """``n`` scaled by ZRF_SLOW_SCALE, never below ``minimum``."""
    return max(minimum, int(round(n * slow_scale())))


@pytest.fixture(scope="session")
def corpus_dir() -> Path:
    corpus = find_corpus()
    if corpus is None:
        pytest.skip("ZRF corpus not found: set ZRF_CORPUS or place it at ../shared/corpus")
    return corpus


def find_zillions() -> Path | None:
    """The shared Zillions install (Rules/ + Images/): ``$ZRF_ZILLIONS`` or ../shared/zillions."""
    env = os.environ.get("ZRF_ZILLIONS")
    candidates = [Path(env)] if env else []
    candidates.append(ROOT.parent / "shared" / "zillions")
    for c in candidates:
        if (c / "Rules").is_dir() and (c / "Images").is_dir():
            return c
    return None


@pytest.fixture(scope="session")
def zillions_dir() -> Path:
    found = find_zillions()
    if found is None:
        pytest.skip("Zillions install not found: set ZRF_ZILLIONS or place it at ../shared/zillions")
    return found


@contextmanager
def time_limit(seconds: int):
    """Fail (instead of hanging) when the body runs longer than ``seconds`` (SIGALRM)."""
    def on_alarm(signum, frame):
        raise TimeoutError(f"example ran longer than {seconds} s")
    previous = signal.signal(signal.SIGALRM, on_alarm)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


@pytest.fixture(scope="session", autouse=True)
def _translation_cache_in_a_temporary_folder(tmp_path_factory):
    """Tests never read or write the user's translation cache: the session gets its own folder."""
    before = os.environ.get("ZRF_CACHE_DIR")
    os.environ["ZRF_CACHE_DIR"] = str(tmp_path_factory.mktemp("translation-cache"))
    yield
    if before is None:
        os.environ.pop("ZRF_CACHE_DIR", None)
    else:
        os.environ["ZRF_CACHE_DIR"] = before


@pytest.fixture(autouse=True)
def _run_wide_options_end_with_the_test():
    """``zrf --limit`` and ``zrf --allow-outside`` write the environment so that worker processes
    see them (zrf/limits.py, zrf/confinement.py).  A test that runs the command line in this
    process would leave them set for every later test of the process (a raised image limit, reads
    outside allowed): each test starts and ends with the environment the session had."""
    from zrf import confinement, limits

    before = {name: os.environ.get(name) for name in (limits.ENV, confinement.ENV)}
    yield
    for name, value in before.items():
        if value is None:
            os.environ.pop(name, None)
        else:
            os.environ[name] = value
