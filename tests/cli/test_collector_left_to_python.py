"""The command line leaves the garbage collector to Python before the app starts: the app's one
freeze, after its first frame, is in rajas_tui/tui/private_textual.py."""

from __future__ import annotations

import gc

import pytest

from rajas_tui import cli


def test_the_app_starts_with_python_s_collector(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    calls: list[str] = []
    monkeypatch.setattr(gc, "freeze", lambda: calls.append("freeze"))
    monkeypatch.setattr(gc, "disable", lambda: calls.append("disable"))
    monkeypatch.setattr(cli, "run_app", lambda *arguments, **options: calls.append("app") or 0)
    assert cli.main([]) == 0
    assert calls == ["app"]


def test_headless_commands_leave_the_collector_alone(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[str] = []
    monkeypatch.setattr(gc, "freeze", lambda: calls.append("freeze"))
    assert cli.main(["simulate", "--games", "1", "--seed", "3"]) == 0
    assert calls == []
