"""``skillctl schema``: prints the JSON Schemas lint validates frontmatter with."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from skillctl.cli.app import app

runner = CliRunner()
schemas = pytest.importorskip("skillctl.lint.schemas")


def test_default_schema_is_the_open_spec_and_valid_json_schema() -> None:
    result = runner.invoke(app, ["schema"])
    assert result.exit_code == 0, result.stderr
    printed = json.loads(result.stdout)
    assert printed == schemas.load_schema(None)
    assert set(printed["required"]) == {"name", "description"}
    import jsonschema

    cls = jsonschema.validators.validator_for(printed)
    cls.check_schema(printed)


def test_every_agent_gets_a_valid_schema() -> None:
    import jsonschema

    from skillctl.agents import agent_ids

    for agent in agent_ids():
        result = runner.invoke(app, ["schema", "--agent", agent])
        assert result.exit_code == 0, (agent, result.stderr)
        printed = json.loads(result.stdout)
        jsonschema.validators.validator_for(printed).check_schema(printed)
        if agent in schemas.schema_ids():
            assert printed == schemas.load_schema(agent)
            assert result.stderr == ""
        else:
            assert printed == schemas.load_schema(None)
            assert "no frontmatter schema of its own" in result.stderr


def test_schema_validates_a_real_skill_and_rejects_a_broken_one(tmp_path: Path) -> None:
    """What an editor would do with the printed schema: check real frontmatter."""
    import jsonschema

    from skillctl.parse import parse_file

    printed = json.loads(runner.invoke(app, ["schema"]).stdout)
    validator = jsonschema.validators.validator_for(printed)(printed)
    made = runner.invoke(app, ["new", "good-one", "--dir", str(tmp_path)])
    assert made.exit_code == 0
    good = parse_file(tmp_path / "good-one" / "SKILL.md")
    assert list(validator.iter_errors(dict(good.data))) == []
    assert list(validator.iter_errors({"name": "Bad Name", "description": ""})) != []


def test_path_option_points_at_the_shipped_file() -> None:
    result = runner.invoke(app, ["schema", "--path"])
    assert result.exit_code == 0
    path = Path(result.stdout.strip())
    assert path.is_file() and path.suffix == ".json"
    assert json.loads(path.read_text(encoding="utf-8")) == schemas.load_schema(None)


def test_unknown_agent_is_a_usage_error() -> None:
    result = runner.invoke(app, ["schema", "--agent", "nope"])
    assert result.exit_code == 2
    assert "unknown agent 'nope'" in result.stderr
    assert result.stdout == ""
