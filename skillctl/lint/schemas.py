"""The JSON Schemas of frontmatter that ship with skillctl (``skillctl/schemas/*.json``).

``agentskills`` is the open specification with strict types; every other schema describes the
extra fields one agent reads (``claude-code``). ``skillctl schema`` prints them and the
``field-value`` rule validates frontmatter with them. jsonschema is imported only by
:func:`validate`, never at import time.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

from skillctl.errors import UsageError

SCHEMA_DIR = Path(__file__).resolve().parent.parent / "schemas"
#: The schema of the open specification (no agent id).
SPEC_SCHEMA = "agentskills"


def schema_ids() -> list[str]:
    """Every shipped schema id, sorted (``agentskills``, ``claude-code``, ...)."""
    return sorted(p.stem for p in SCHEMA_DIR.glob("*.json"))


def schema_path(agent_id: str | None) -> Path:
    """The file of an agent's schema (None = the open specification's)."""
    schema_id = agent_id or SPEC_SCHEMA
    path = SCHEMA_DIR / f"{schema_id}.json"
    if not path.is_file():
        known = ", ".join(schema_ids())
        raise UsageError(f"no frontmatter schema for {schema_id!r} (schemas: {known})")
    return path


@functools.cache
def _load(schema_id: str) -> str:
    return schema_path(schema_id).read_text(encoding="utf-8")


def load_schema(agent_id: str | None) -> dict[str, Any]:
    """An agent's schema as a fresh dict (None = the open specification's)."""
    data = json.loads(_load(agent_id or SPEC_SCHEMA))
    assert isinstance(data, dict)
    return data


@functools.cache
def field_defaults() -> Mapping[str, object]:
    """The value each agent field takes when it is left out, where an agent schema says so
    (``default``) and no two schemas disagree (``user-invocable``: true)."""
    found: dict[str, object] = {}
    clashing: set[str] = set()
    for schema_id in schema_ids():
        properties = load_schema(schema_id).get("properties", {})
        for field, spec in properties.items():
            if not isinstance(spec, dict) or "default" not in spec:
                continue
            if field in found and found[field] != spec["default"]:
                clashing.add(field)
            found[field] = spec["default"]
    return {field: value for field, value in found.items() if field not in clashing}


@functools.cache
def _validator(schema_id: str) -> Any:
    import jsonschema  # type: ignore[import-untyped]

    schema = load_schema(schema_id)
    cls = jsonschema.validators.validator_for(schema)
    return cls(schema)


def validate(
    schema_id: str, data: Mapping[str, Any]
) -> Iterator[tuple[tuple[str | int, ...], str]]:
    """Every schema error for ``data`` as (key path, message), sorted by path."""
    errors = []
    for error in _validator(schema_id).iter_errors(dict(data)):
        path = tuple(error.absolute_path)
        errors.append((path, _message(error)))
    yield from sorted(errors, key=lambda e: (tuple(map(str, e[0])), e[1]))


def _message(error: Any) -> str:
    """A short message: for anyOf failures, say what was expected instead of each branch."""
    if error.validator in ("anyOf", "oneOf"):
        expected = [_describe(s) for s in error.validator_value]
        return f"{error.instance!r} is not valid: expected {' or '.join(expected)}"
    return str(error.message)


def _describe(schema: Mapping[str, Any]) -> str:
    if "title" in schema:
        return str(schema["title"])
    if "$ref" in schema:
        return str(schema["$ref"]).rsplit("/", 1)[-1]
    if "enum" in schema:
        return "one of " + ", ".join(repr(v) for v in schema["enum"])
    if "type" in schema:
        kind = schema["type"]
        if kind == "array":
            return "a list of " + _describe(schema.get("items", {})) + "s"
        return f"a {kind}" if isinstance(kind, str) else " or ".join(kind)
    return "a valid value"
