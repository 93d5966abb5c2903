"""Which package may import which (docs/architecture.md): the records at the bottom, the pytest
harness (fixtures) at the top, no cycle. `__main__` modules are command-line entry points and may
reach further (`python -m lab try` starts the harness)."""
import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ALLOWED = {
    "tasklib": set(),  # the task author's library: task modules import it without the harness
    "records": set(),
    "lab": {"records"},
    "llm": {"records"},
    "agents": {"records", "lab", "llm"},
    "verifier": {"records", "llm"},
    "reports": {"records", "verifier"},
    "fixtures": {"records", "lab", "llm", "agents", "verifier", "reports"},
}


def imports(package: str) -> dict[str, set[str]]:
    found: dict[str, set[str]] = {}
    for path in (ROOT / package).rglob("*.py"):
        if path.name == "__main__.py":
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            names = [node.module] if isinstance(node, ast.ImportFrom) and node.module and node.level == 0 \
                else [a.name for a in node.names] if isinstance(node, ast.Import) else []
            for name in names:
                top = name.split(".")[0]
                if top in ALLOWED and top != package:
                    found.setdefault(top, set()).add(str(path.relative_to(ROOT)))
    return found


def test_each_package_imports_only_the_layers_below_it():
    wrong = {f"{p} -> {q}": sorted(files) for p in ALLOWED for q, files in imports(p).items()
             if q not in ALLOWED[p]}
    assert not wrong, wrong


def test_the_allowed_imports_have_no_cycle():
    order: list[str] = []
    left = dict(ALLOWED)
    while left:
        ready = [p for p, deps in left.items() if deps <= set(order)]
        assert ready, f"cycle among {sorted(left)}"
        order += sorted(ready)
        for p in ready:
            del left[p]


def _module_graph() -> dict[str, set[str]]:
    """Module → the modules of ours it imports (anywhere in it, function bodies too), without
    `if TYPE_CHECKING:` blocks, which never run."""
    mods: dict[str, Path] = {}
    for package in ALLOWED:
        for path in (ROOT / package).rglob("*.py"):
            name = ".".join(path.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")
            mods[name] = path
    graph: dict[str, set[str]] = {m: set() for m in mods}
    for name, path in mods.items():
        tree = ast.parse(path.read_text())
        skipped = {id(n) for node in ast.walk(tree) if isinstance(node, ast.If)
                   and ast.unparse(node.test) == "TYPE_CHECKING" for n in ast.walk(node)}
        for node in ast.walk(tree):
            if id(node) in skipped:
                continue
            targets = ([node.module] + [f"{node.module}.{a.name}" for a in node.names]
                       if isinstance(node, ast.ImportFrom) and node.module and node.level == 0
                       else [a.name for a in node.names] if isinstance(node, ast.Import) else [])
            graph[name] |= {t for t in targets if t in mods and t != name}
    return graph


def test_no_module_imports_itself_back_through_others():
    graph = _module_graph()
    seen: dict[str, int] = {}  # 1: on the current path, 2: done

    def visit(m: str, path: list[str]) -> None:
        seen[m] = 1
        for n in sorted(graph[m]):
            assert seen.get(n) != 1, "import cycle: " + " -> ".join(path[path.index(n):] + [n]) \
                if n in path else f"import cycle through {n}"
            if n not in seen:
                visit(n, path + [n])
        seen[m] = 2

    for m in sorted(graph):
        if m not in seen:
            visit(m, [m])
