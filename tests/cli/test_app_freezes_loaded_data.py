"""Starting the app moves what is loaded out of the collector's reach before play begins, so that
full collections do not pause single steps (issue 10: the engine's caches and data)."""

from __future__ import annotations

import gc

import pytest

from rajas_tui import cli


def test_the_app_is_started_after_gc_freeze(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[str] = []
    monkeypatch.setattr(gc, "freeze", lambda: calls.append("freeze"))
    monkeypatch.setattr(cli, "run_app", lambda *arguments, **options: calls.append("app") or 0)
    assert cli.main([]) == 0
    assert calls == ["freeze", "app"]


def test_headless_commands_leave_the_collector_alone(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[str] = []
    monkeypatch.setattr(gc, "freeze", lambda: calls.append("freeze"))
    assert cli.main(["simulate", "--games", "1", "--seed", "3"]) == 0
    assert calls == []
