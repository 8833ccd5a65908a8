"""Where a finding about a frontmatter value points (the forty-third hand sample,
docs/rule-precision.md): at the key of a mapping or list written on the lines below it
(rijoy-ai/shopify-skills: `compatibility:` then `  required: []` was reported on the line of
`required`), at the value itself when it stands on the key's line."""

from __future__ import annotations

import pytest

from tests.lint.sampled import MakeSkill, found


@pytest.mark.parametrize(("fields", "line"), [
    ("compatibility:\n  required: []", 4),  # the key's line, not the nested one's
    ("compatibility:\n  - linux\n  - macos", 4),
    ("compatibility: {required: []}", 4),  # a flow mapping stands on the key's line
])
def test_a_wrong_type_is_reported_at_its_key(make_skill: MakeSkill, fields: str,
                                             line: int) -> None:
    skill = make_skill("shop", f"name: shop\ndescription: Use when selling.\n{fields}\n")
    assert found(skill, "field-type") == {("SKILL.md", line): "error"}
