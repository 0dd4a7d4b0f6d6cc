"""Fixtures the app's tests share (tui/ and tables/), and where the run keeps its bytecode."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

# Where PYTHONDONTWRITEBYTECODE is set, every xdist worker would compile the app and rewrite the
# tests' asserts afresh on every run, most of each worker's collection: keep their bytecode in
# the (git-ignored) __pycache__ folders, as a plain pytest run does.
sys.dont_write_bytecode = False
os.environ.pop("PYTHONDONTWRITEBYTECODE", None)

if TYPE_CHECKING:
    from tests.helpers.apps import Held


@pytest.fixture
def held_bot() -> Iterator[Held]:
    """Bots that think until the test releases them (`apps.Held`): pass it as an app's
    `thinker`. Released at the end, so a test that failed half-way leaves no thread waiting."""
    from tests.helpers.apps import Held  # the engine's tests need none of the app's imports

    bot = Held()
    yield bot
    bot.release.set()


@pytest.fixture(autouse=True)
def private_cache(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> Path:
    """Each test's own cache folder: reviews kept by one test (or by the user) never show in
    another."""
    folder = tmp_path_factory.mktemp("cache")
    monkeypatch.setenv("XDG_CACHE_HOME", str(folder))
    return folder


@pytest.fixture(autouse=True)
def not_over_ssh(monkeypatch: pytest.MonkeyPatch) -> None:
    """Tests run as in the owner's own terminal, even when the developer reached the machine
    over SSH: there Save as takes only a name (`RajasApp.save_as_confined`)."""
    monkeypatch.delenv("SSH_CONNECTION", raising=False)
    monkeypatch.delenv("SSH_CLIENT", raising=False)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The slow tests first: begun while every worker still has work, a long terminal test no
    longer runs alone at the end (in collection order the app's come last)."""
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)
