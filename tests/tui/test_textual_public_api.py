"""The app uses Textual's public API only, but for one module that says which Textual it was
written for (rajas_tui/tui/private_textual.py): a Textual release may change its private parts
at any time, and then only that module's version test fails, not the app silently."""

from __future__ import annotations

import ast
import importlib
import inspect
import pkgutil
import textwrap
from importlib.metadata import version
from pathlib import Path
from types import ModuleType

import rajas_tui
from rajas_tui.tui import private_textual

ROOT = Path(rajas_tui.__file__).parent
ALLOWED = ROOT / "tui" / "private_textual.py"


def _sources() -> list[Path]:
    return [p for p in sorted(ROOT.rglob("*.py")) if p != ALLOWED]


def _private(module: str) -> bool:
    parts = module.split(".")
    return parts[0] == "textual" and any(part.startswith("_") for part in parts)


def test_nothing_but_one_module_imports_textual_s_private_parts() -> None:
    found = []
    for path in _sources():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                found += [f"{path}: {a.name}" for a in node.names if _private(a.name)]
            elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith("textual"):
                module = node.module or ""
                if _private(module):
                    found.append(f"{path}: {module}")
                found += [f"{path}: {module}.{a.name}" for a in node.names if a.name[0] == "_"]
    assert not found, "\n".join(found)


def test_no_class_overrides_a_private_method_of_textual() -> None:
    found = []
    for module, cls in _classes():
        textual_bases = [b for b in cls.__mro__[1:] if b.__module__.startswith("textual")]
        for name, value in vars(cls).items():
            ours = inspect.isfunction(value) and value.__module__ == module.__name__
            private = name.startswith("_") and not name.startswith("__")
            if ours and private and any(name in vars(base) for base in textual_bases):
                found.append(f"{cls.__module__}.{cls.__qualname__}.{name}")
    assert not found, "\n".join(found)


def test_no_class_calls_a_private_method_of_textual_or_textual_serve() -> None:
    """A private method of a Textual (or textual-serve) base called from a class of ours is as
    tied to one release as an override of it is."""
    found = []
    for module, cls in _classes():
        bases = [b for b in cls.__mro__[1:] if b.__module__.startswith("textual")]
        theirs = {
            name
            for base in bases
            for name in vars(base)
            if name.startswith("_") and not name.startswith("__") and name not in vars(cls)
        }
        tree = ast.parse(textwrap.dedent(inspect.getsource(cls)))
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Attribute)
                and isinstance(node.value, ast.Name)
                and node.value.id == "self"
                and node.attr in theirs
            ):
                found.append(f"{module.__name__}.{cls.__qualname__}: self.{node.attr}")
    assert not found, "\n".join(found)


def _classes() -> list[tuple[ModuleType, type]]:
    """Every class of the app but private_textual's, with its module."""
    found = []
    for info in pkgutil.walk_packages([str(ROOT)], "rajas_tui."):
        if info.name.endswith("__main__"):
            continue  # running it starts rajas
        module = importlib.import_module(info.name)
        if module is private_textual:
            continue
        found += [
            (module, cls)
            for cls in vars(module).values()
            if inspect.isclass(cls) and cls.__module__ == module.__name__
        ]
    return found


def test_the_app_has_no_garbage_collector_policy_elsewhere() -> None:
    """Python's collector as it comes, but for the one freeze after start-up in the one module
    of exceptions: no other part of the app freezes, pauses or tunes it."""
    users = [p for p in _sources() if "tui" in p.parts and "import gc" in p.read_text("utf-8")]
    assert not users, users


def test_the_one_private_module_is_for_the_textual_installed() -> None:
    """private_textual was written for and checked with this Textual; on another, read its
    every use of Textual's private parts again against that release, then say the new one."""
    assert version("textual") == private_textual.TEXTUAL_VERSION


def test_the_one_private_module_is_for_the_textual_serve_installed() -> None:
    """The same for textual-serve, whose aiohttp application `rajas serve` runs itself."""
    assert version("textual-serve") == private_textual.TEXTUAL_SERVE_VERSION
