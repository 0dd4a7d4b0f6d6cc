"""The modules of `rules` import one another without a circle, and the data layer (`catalog`,
`model` and what they read with) sits below every rule that uses it.

grimp, which import-linter brings, reads every import, those inside functions and under
TYPE_CHECKING too: a circle hidden in a function is a circle here."""

from __future__ import annotations

import grimp

# The data layer: the vocabulary and the data files read once (kept by `cache`, the bottom
# module). None of it imports a rule.
DATA_LAYER = frozenset(
    {
        "rules.cache",
        "rules.model",
        "rules.plurals",
        "rules.gains",
        "rules.actions",
        "rules.catalog",
        "rules.errors",
    }
)


def _graph() -> grimp.ImportGraph:
    return grimp.build_graph("rules", cache_dir=None)


def _circles(graph: grimp.ImportGraph) -> list[list[str]]:
    """Every strongly connected group of more than one module (or a module importing itself),
    found by Tarjan's algorithm, each as a shortest circle through its first module."""
    modules = sorted(m for m in graph.modules if m.startswith("rules."))
    edges = {m: sorted(graph.find_modules_directly_imported_by(m) & set(modules)) for m in modules}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[list[str]] = []

    def visit(module: str) -> None:
        index[module] = low[module] = len(index)
        stack.append(module)
        on_stack.add(module)
        for other in edges[module]:
            if other not in index:
                visit(other)
                low[module] = min(low[module], low[other])
            elif other in on_stack:
                low[module] = min(low[module], index[other])
        if low[module] == index[module]:
            group = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                group.append(top)
                if top == module:
                    break
            if len(group) > 1 or module in edges[module]:
                groups.append(sorted(group))

    for module in modules:
        if module not in index:
            visit(module)
    circles = []
    for group in groups:
        first = group[0]
        back = min(
            (
                graph.find_shortest_chain(other, first) or ()
                for other in edges[first]
                if other in group
            ),
            key=len,
        )
        circles.append([first, *back])
    return circles


def test_rules_modules_import_in_no_circle() -> None:
    circles = _circles(_graph())
    assert not circles, "import circles in rules/: " + "; ".join(
        " -> ".join(circle) for circle in circles
    )


def test_the_circle_finder_sees_a_circle() -> None:
    """The finder itself: an import added from `model` back up to `state` makes a circle."""
    graph = _graph()
    graph.add_import(importer="rules.model", imported="rules.state")
    assert ["rules.model", "rules.state", "rules.model"] in _circles(graph)


def test_the_data_layer_imports_no_rule() -> None:
    graph = _graph()
    for module in sorted(DATA_LAYER):
        above = graph.find_upstream_modules(module) - DATA_LAYER
        assert not above, f"{module} imports {sorted(above)}, above the data layer"
