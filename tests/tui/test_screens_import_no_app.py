"""No screen or widget imports the app module when it runs: the app imports its screens, and
a screen knows the app's type only for the type checker (`if TYPE_CHECKING:`), so a screen can
be read and tested without the app's palette, themes and signals."""

from __future__ import annotations

import ast
from pathlib import Path

import rajas_tui.tui

APP = "rajas_tui.tui.app"
TUI = Path(rajas_tui.tui.__file__).parent
MODULES = sorted([*TUI.glob("screens/*.py"), *TUI.glob("widgets/*.py")])


def _type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _names(node: ast.stmt) -> list[str]:
    """The modules an import statement loads."""
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names]
    if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module is not None:
        return [node.module, *(f"{node.module}.{alias.name}" for alias in node.names)]
    return []


def run_time_app_imports(source: str) -> list[int]:
    """The lines of `source` that import the app module outside an `if TYPE_CHECKING:` block,
    at the top or inside a function."""
    found: list[int] = []

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.If) and _type_checking(node):
            for child in node.orelse:
                visit(child)
            return
        if isinstance(node, ast.stmt) and APP in _names(node):
            found.append(node.lineno)
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(ast.parse(source))
    return found


def test_the_check_finds_a_run_time_import() -> None:
    source = (
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n"
        "    from rajas_tui.tui.app import RajasApp\n"
        "def f():\n"
        "    from rajas_tui.tui import app\n"
        "import rajas_tui.tui.app\n"
    )
    assert run_time_app_imports(source) == [5, 6]


def test_no_screen_or_widget_imports_the_app_at_run_time() -> None:
    assert len(MODULES) > 20
    found = {
        str(path.relative_to(TUI)): lines
        for path in MODULES
        if (lines := run_time_app_imports(path.read_text(encoding="utf-8")))
    }
    assert found == {}
