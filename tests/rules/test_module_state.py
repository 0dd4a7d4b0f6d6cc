"""No module of `rules` holds state that a call changes, but the one module of caches
(`rules/cache.py`): playing games leaves every other module's globals as they were, no rule
module rebinds a global, and every cache is made by `rules.cache`."""

from __future__ import annotations

import ast
import copy
import importlib
import pkgutil
import random
from pathlib import Path
from types import FunctionType, ModuleType
from typing import Any

import rules
from rules import Config, apply, cache, legal_actions, new_game

RULES_DIR = Path(rules.__file__).parent
# The module of caches, and the module of the drafts a step changes in place (its own records).
CACHE_MODULE = "cache"


def _modules() -> list[ModuleType]:
    return [
        importlib.import_module(f"rules.{info.name}")
        for info in pkgutil.iter_modules(rules.__path__)
        if info.name != CACHE_MODULE
    ]


def _snapshot(module: ModuleType) -> dict[str, tuple[Any, Any]]:
    """Each global's object, and a deep copy of its value where one can be made and compared."""
    taken = {}
    for name, value in vars(module).items():
        if name.startswith("__") or isinstance(value, ModuleType | type | FunctionType):
            taken[name] = (value, value)
            continue
        try:
            copied = copy.deepcopy(value)
        except TypeError:
            copied = value
        if copied != value:  # no equality by value (a __future__ feature): its object alone
            copied = value
        taken[name] = (value, copied)
    return taken


def _play(config: Config, seed: int) -> None:
    chooser = random.Random(seed)
    state = new_game(config)
    while not state.over:
        listed = legal_actions(state)
        # Both kinds of caller: one applying the listed record, one spelling it afresh.
        action = chooser.choice(listed)
        state = apply(state, rules.parse_action(str(action)) if seed % 2 else action)


def test_games_change_no_global_of_a_rules_module() -> None:
    _play(Config(players=3, seed=1), 1)  # the data and the caches read once
    modules = _modules()
    before = {module.__name__: _snapshot(module) for module in modules}
    configs = [
        Config(players=4, seed=2),
        Config(players=2, seed=3, ganga=True),
        Config(players=3, seed=4, boards=("navaratnas", "base", "navaratnas")),
        Config(players=4, seed=5, boards=("navaratnas",) * 4, ganga=True),
    ]
    for seed, config in enumerate(configs):
        _play(config, seed)
    changed = []
    for module in modules:
        after = vars(module)
        for name, (value, copied) in before[module.__name__].items():
            if after.get(name) is not value:
                changed.append(f"{module.__name__}.{name} rebound")
            elif copied is not value and copied != value:
                changed.append(f"{module.__name__}.{name} changed")
        added = set(after) - set(before[module.__name__])
        changed += [f"{module.__name__}.{name} added" for name in sorted(added)]
    assert not changed, changed


def _tree(name: str) -> ast.Module:
    return ast.parse((RULES_DIR / f"{name}.py").read_text(encoding="utf-8"))


def _rule_modules() -> list[str]:
    return sorted(path.stem for path in RULES_DIR.glob("*.py") if path.stem != CACHE_MODULE)


def test_no_rules_module_rebinds_a_global() -> None:
    found = [
        f"{name}.py:{node.lineno}"
        for name in _rule_modules()
        for node in ast.walk(_tree(name))
        if isinstance(node, ast.Global)
    ]
    assert not found, f"global statements: {found}"


def test_every_cache_is_made_by_the_cache_module() -> None:
    """functools' caches, and tables filled by calls, only through `rules.cache`."""
    found = []
    for name in _rule_modules():
        for node in ast.walk(_tree(name)):
            if isinstance(node, ast.ImportFrom) and node.module == "functools":
                kept = {a.name for a in node.names} & {"cache", "lru_cache", "cached_property"}
                found += [f"{name}.py:{node.lineno} imports {k}" for k in sorted(kept)]
            if isinstance(node, ast.Import) and any(a.name == "threading" for a in node.names):
                found.append(f"{name}.py:{node.lineno} imports threading (a lock for a table)")
    assert not found, found


def test_the_cache_module_keeps_what_games_read() -> None:
    """The caches are where `rules.cache` says: a game fills them, `clear` empties them, and
    a game after `clear` plays the same."""
    config = Config(players=4, seed=11)

    def steps() -> list[str]:
        chooser = random.Random(3)
        state = new_game(config)
        played = []
        while not state.over:
            action = chooser.choice(legal_actions(state))
            played.append(str(action))
            state = apply(state, action)
        return played

    first = steps()
    assert sum(cache.sizes().values()) > 0 and cache.ACTIONS.values
    cache.clear()
    assert sum(cache.sizes().values()) == 0 and not cache.ACTIONS.values
    assert steps() == first
