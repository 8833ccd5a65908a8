"""The code base stays ruff-clean and mypy --strict clean (the tools come with the test extra)."""

from __future__ import annotations

import ast
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent


def _tool(name: str) -> str:
    found = shutil.which(name, path=str(Path(sys.executable).parent)) or shutil.which(name)
    if found is None:
        pytest.skip(f"{name} is not installed (pip install -e '.[test]')")
    return found


def test_ruff_is_clean() -> None:
    result = subprocess.run(
        [_tool("ruff"), "check", "--no-cache", "."], cwd=REPO, capture_output=True, text=True
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_mypy_strict_is_clean() -> None:
    result = subprocess.run(
        [_tool("mypy"), "--no-incremental"], cwd=REPO, capture_output=True, text=True
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_only_cli_knows_typer_and_only_report_knows_rich() -> None:
    """The layering of ARCHITECTURE.md: typer only in cli/, rich only in report/ and cli/,
    and in report/ only inside functions (start-up never pays for it)."""
    offenders = []
    for path in sorted((REPO / "skillctl").rglob("*.py")):
        rel = path.relative_to(REPO / "skillctl")
        layer = rel.parts[0] if len(rel.parts) > 1 else ""
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            stripped = line.strip()
            typer = stripped.startswith(("import typer", "from typer"))
            rich = stripped.startswith(("import rich", "from rich"))
            top_level = line == stripped
            if (typer and layer != "cli") or (
                rich and (layer not in ("cli", "report") or top_level)
            ):
                offenders.append(f"{rel}:{number}: {stripped}")
    assert offenders == []


def _module_name(path: Path) -> str:
    parts = path.relative_to(REPO).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _runtime_imports(tree: ast.Module, package: str, *,
                     type_only: bool = False) -> Iterator[str]:
    """Every module that ``tree`` may import as it runs: at module level and inside
    functions (lazy imports run too), but not under ``if TYPE_CHECKING:`` (never run) unless
    ``type_only``."""

    def walk(node: ast.AST) -> Iterator[ast.Import | ast.ImportFrom]:
        for child in ast.iter_child_nodes(node):
            if (not type_only and isinstance(child, ast.If)
                    and "TYPE_CHECKING" in ast.unparse(child.test)):
                yield from (n for c in child.orelse for n in walk(ast.Module([c], [])))
                continue
            if isinstance(child, ast.Import | ast.ImportFrom):
                yield child
            yield from walk(child)

    for node in walk(tree):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
            continue
        base = node.module or ""
        if node.level:  # relative: from the module's package
            base = ".".join([*package.split(".")[: len(package.split(".")) - node.level + 1],
                             *([base] if base else [])])
        yield base
        yield from (f"{base}.{alias.name}" for alias in node.names)


def import_graph(*, type_only: bool = False) -> dict[str, set[str]]:
    """skillctl's modules and the skillctl modules each imports at run time (and, with
    ``type_only``, for the type checker too)."""
    paths = {_module_name(p): p for p in sorted((REPO / "skillctl").rglob("*.py"))}
    graph: dict[str, set[str]] = {}
    for name, path in paths.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        tree = ast.parse(path.read_text(encoding="utf-8"))
        graph[name] = {m for m in _runtime_imports(tree, package, type_only=type_only)
                       if m in paths and m != name}
    return graph


def find_cycle(graph: dict[str, set[str]]) -> list[str]:
    """One import cycle of ``graph`` (its modules, the first repeated at the end), or []."""
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    path: list[str] = []

    def visit(node: str) -> list[str]:
        state[node] = 1
        path.append(node)
        for target in sorted(graph[node]):
            if state.get(target) == 1:
                return [*path[path.index(target):], target]
            if target not in state and (cycle := visit(target)):
                return cycle
        state[node] = 2
        path.pop()
        return []

    for start in sorted(graph):
        if start not in state and (cycle := visit(start)):
            return cycle
    return []


def test_the_cycle_finder_finds_a_cycle() -> None:
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": set(), "c": {"a", "b"}}) == []


def test_the_import_graph_sees_lazy_imports_and_skips_type_only_ones() -> None:
    graph = import_graph()
    assert "skillctl.collect" in graph["skillctl.lint.engine"]  # imported inside a function
    assert "skillctl.cache" not in graph["skillctl.replay"]  # only under TYPE_CHECKING
    assert "skillctl.gitfacts" in graph["skillctl.cache"]


def test_skillctl_imports_run_one_way() -> None:
    """No import cycle among skillctl's modules, lazy imports included: each module sits
    above what it imports (the cache below the lint rules, never importing one)."""
    assert find_cycle(import_graph()) == []


def test_type_only_imports_run_one_way_too() -> None:
    """Names imported for the type checker alone follow the same order: the configuration
    value (``lint.resolved``) sits below the rule context, which sits below the registry,
    which sits below the configuration reader (``lint.config``)."""
    graph = import_graph(type_only=True)
    assert "skillctl.lint.context" in graph["skillctl.lint.registry"]  # under TYPE_CHECKING
    assert "skillctl.lint.config" not in graph["skillctl.lint.context"]
    assert find_cycle(graph) == []


def test_rule_modules_are_imported_by_the_lint_package_only() -> None:
    """Facts a rule and the core share (git index modes, real paths) live in a core module
    (``skillctl.gitfacts``): the core never reaches up into a rule module, not even lazily
    or for types."""
    offenders = []
    for path in sorted((REPO / "skillctl").rglob("*.py")):
        name = _module_name(path)
        if name.startswith(("skillctl.lint", "skillctl.cli")):
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            targets = (
                [a.name for a in node.names] if isinstance(node, ast.Import)
                else [node.module or ""] if isinstance(node, ast.ImportFrom) else []
            )
            offenders += [f"{name}: {t}" for t in targets if t.startswith("skillctl.lint.rules")]
    assert offenders == []
