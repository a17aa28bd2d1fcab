"""The game registry: entry points of group ``zrf.games``, the checkout fallback, third-party engines."""

from __future__ import annotations

import importlib
import json
import tomllib
import warnings
from pathlib import Path

import pytest
from click.testing import CliRunner

from runtime.loading import registry
from runtime.loading.registry import GameEntry, RegistryWarning, find_game, registered_games
from variants.canopus.registration import canopus
from zrf.cli import main

ROOT = Path(__file__).resolve().parents[2]

#: the built-in games, as docs/variants/ describes them (eight names in five folders)
BUILT_IN = {"alpha-centauri", "canon-chess", "canonic-chess", "canonical-chess", "canopus",
            "epsilon-eridani", "star-pool-chess", "super-star-canopus"}


class FakeDistribution:
    def __init__(self, name: str):
        self.name = name


class FakeEntryPoint:
    """What importlib.metadata gives for an installed package's entry point."""

    def __init__(self, name: str, value: str, dist: str, loaded=None):
        self.name, self.value, self.group = name, value, registry.ENTRY_POINT_GROUP
        self.dist = FakeDistribution(dist)
        self._loaded = loaded

    def load(self):
        if isinstance(self._loaded, Exception):
            raise self._loaded
        return self._loaded


@pytest.fixture
def fresh_registry():
    """Forget the loaded registry before and after the test (it is read once per process)."""
    registry._load_registry.cache_clear()
    yield
    registry._load_registry.cache_clear()


def _installed(monkeypatch, points):
    """The installed ``zrf.games`` entry points are ``points`` (the other groups stay as they are)."""
    real = registry.importlib.metadata.entry_points
    monkeypatch.setattr(registry.importlib.metadata, "entry_points",
                        lambda group: list(points) if group == registry.ENTRY_POINT_GROUP else real(group=group))


def test_the_built_in_games_are_registered_by_this_distribution():
    games = registered_games()
    assert BUILT_IN <= set(games)
    assert all(games[name].provider == "zrf-toolkit" for name in BUILT_IN)
    assert find_game("Canopus") is games["canopus"]
    assert find_game("no-such-game") is None


def test_every_registration_module_entry_is_in_pyproject_and_back():
    """Copying a variant folder without adding its entry point (or the reverse) is caught."""
    declared = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["entry-points"]["zrf.games"]
    found = {}
    for path in sorted(ROOT.glob("variants/*/registration.py")):
        module = importlib.import_module(f"variants.{path.parent.name}.registration")
        for attr, value in vars(module).items():
            if isinstance(value, GameEntry):
                found[value.name] = f"{module.__name__}:{attr}"
    assert found == declared
    assert set(found) == BUILT_IN


def test_each_generated_zrf_exists_and_each_factory_makes_a_game():
    for name in BUILT_IN:
        entry = find_game(name)
        assert Path(entry.zrf).is_file(), name
        assert entry.load().name, name


def test_without_installed_entry_points_the_checkout_is_read_with_a_warning(monkeypatch, fresh_registry):
    _installed(monkeypatch, [])
    with pytest.warns(RegistryWarning, match="not installed"):
        games = registered_games()
    assert set(games) == BUILT_IN


def test_a_third_party_engine_is_listed_and_loaded(monkeypatch, fresh_registry):
    theirs = GameEntry("my-canopus", canopus, "Canopus, published elsewhere")
    alpha = importlib.import_module("variants.alpha_centauri.registration").ALPHA_CENTAURI
    ours = [FakeEntryPoint("alpha-centauri", "variants.alpha_centauri.registration:ALPHA_CENTAURI",
                           "zrf-toolkit", alpha)]
    _installed(monkeypatch, ours + [FakeEntryPoint("my-canopus", "their_pkg:GAME", "their-pkg", theirs)])
    assert set(registered_games()) == {"alpha-centauri", "my-canopus"}
    assert find_game("my-canopus").provider == "their-pkg"
    assert find_game("my-canopus").load().initial_state().legal_moves()
    result = CliRunner().invoke(main, ["variants"])
    assert result.exit_code == 0
    assert result.output.splitlines()[1].split() == ["my-canopus", "Canopus,", "published", "elsewhere",
                                                     "[their-pkg]"]
    assert "[" not in result.output.splitlines()[0]
    rows = json.loads(CliRunner().invoke(main, ["variants", "--json"]).output)
    assert [r["package"] for r in rows] == ["zrf-toolkit", "their-pkg"]


def test_broken_or_wrong_entry_points_are_left_out_with_a_warning(monkeypatch, fresh_registry):
    good = GameEntry("fine", canopus, "works")
    _installed(monkeypatch, [
        FakeEntryPoint("fine", "a:GOOD", "zrf-toolkit", good),
        FakeEntryPoint("broken", "b:X", "pkg-b", ImportError("no module named b")),
        FakeEntryPoint("not-an-entry", "c:X", "pkg-c", object()),
        FakeEntryPoint("other-name", "d:X", "pkg-d", good),
        FakeEntryPoint("fine", "e:X", "pkg-e", good),
        FakeEntryPoint("strings", "f:X", "pkg-f", GameEntry("strings", "variants.canopus.engine:canopus", "old")),
    ])
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        games = registered_games()
    assert list(games) == ["fine"] and games["fine"].provider == "zrf-toolkit"
    messages = [str(w.message) for w in caught if w.category is RegistryWarning]
    assert len(messages) == 5, messages
    assert any("cannot be loaded: ImportError" in m for m in messages)
    assert any("not a runtime.loading.registry.GameEntry" in m for m in messages)
    assert any("names the game 'fine', not 'other-name'" in m for m in messages)
    assert any("registered twice" in m for m in messages)
    assert any("its factory is a str, not a callable" in m for m in messages)


def test_an_empty_registry_says_so(monkeypatch, fresh_registry):
    _installed(monkeypatch, [FakeEntryPoint("x", "x:X", "zrf-toolkit", ImportError("gone"))])
    with pytest.warns(RegistryWarning, match="no games are registered"):
        assert registered_games() == {}


def test_the_command_line_prints_a_registry_warning_as_one_line(monkeypatch, fresh_registry):
    _installed(monkeypatch, [])
    result = CliRunner().invoke(main, ["variants"])
    assert result.exit_code == 0
    assert "zrf: warning: the 'zrf.games' entry points are not installed" in result.stderr
    assert "Traceback" not in result.output
