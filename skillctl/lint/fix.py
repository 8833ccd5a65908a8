"""``--fix`` and ``--diff``: rewrite only what is safe, and say what changed.

Safe fixes: strip a BOM (``bom``), CRLF to LF (``crlf``), quote a value with an unquoted
colon (``yaml-colon``), rename a misspelt key (``unknown-field``: one suggestion, not set
already, of which the key is no deliberate variant such as ``agents`` or
``dspy-compatibility``), add the exec bit to a script the skill runs directly
(``script-not-executable``). Nothing that changes what a reader gets: metadata values are
never quoted (``metadata.internal: true`` stays a boolean).

Frontmatter edits are made in place on the exact text ruamel.yaml located (key and value
positions from the round-trip parse), then the result is parsed again with ruamel and
checked to hold exactly the expected data; an edit that does not verify is dropped. Editing
the located text, rather than dumping the round-trip tree, keeps comments, key order,
quoting, indentation and line wrapping byte for byte everywhere else. The body is never
changed (line endings aside). Files are written only through :mod:`skillctl.fsio`, confined
to the skill directory.
"""

from __future__ import annotations

import difflib
import os
import re
import stat
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from skillctl.collect import load_skill
from skillctl.errors import SkillctlError
from skillctl.fsio import UnsafeWriteError, atomic_write_bytes, inside
from skillctl.lint.context import SkillContext, all_known_fields
from skillctl.lint.resolved import ResolvedConfig
from skillctl.lint.result import FixRecord
from skillctl.model import LineEndings, Skill
from skillctl.parse import parse_yaml, read_bytes

_TOP_LEVEL_PAIR = re.compile(
    r"^(?P<key>[A-Za-z0-9_][A-Za-z0-9_.-]*)(?P<sep>:[ \t]+)(?P<value>\S.*?)\s*$"
)
_DELIMITER = re.compile(r"---[ \t]*")
_YAML_FAILURES = ("yaml-syntax", "yaml-colon", "duplicate-key", "frontmatter-not-mapping")


@dataclass(frozen=True, slots=True)
class FixOutcome:
    """What ``--fix``/``--diff`` did: the records, a unified diff, the re-read skills."""

    records: tuple[FixRecord, ...]
    diff: str
    skills: tuple[Skill, ...]
    #: skills whose fixes could not be written, and why (reported by the ``fix-failed`` rule)
    failures: tuple[tuple[Skill, str], ...] = ()


def _wanted(rule_id: str, skill: Skill, config: ResolvedConfig) -> bool:
    if not config.enabled(rule_id):
        return False
    fm = skill.parsed.frontmatter
    silenced = (fm.ignored_rules if fm is not None else frozenset()) | config.ignored_for(
        skill.entry
    )
    return rule_id not in silenced and "*" not in silenced


def _quote(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _edit_frontmatter(
    skill: Skill, config: ResolvedConfig, lines: list[str], first_line: int
) -> tuple[list[str], list[FixRecord]]:
    """Apply the frontmatter fixes to ``lines``; return new lines and what was done."""
    parsed = skill.parsed
    fm = parsed.frontmatter
    path = str(skill.entry)
    records: list[FixRecord] = []
    new = list(lines)
    expected: dict[str, Any] | None = dict(fm.data) if fm is not None else None
    # Positions are usable when strict YAML succeeded, or failed only on unquoted colons (the
    # data then comes from the line-aligned lenient retry, which the colon fix reproduces).
    strict_ok = all(p.code == "yaml-colon" for p in parsed.problems if p.code in _YAML_FAILURES)

    def index_of(file_line: int) -> int | None:
        i = file_line - first_line
        return i if 0 <= i < len(new) else None

    # rename misspelt keys
    if fm is not None and strict_ok and expected is not None and _wanted(
        "unknown-field", skill, config
    ):
        from skillctl.lint.rules.fields import typo_target

        known = frozenset(set(all_known_fields()) | set(config.option("extra-fields")))
        for key in list(fm.data):
            if key in known or not isinstance(key, str):
                continue
            # only a plain misspelling: never a key the author may have meant as it is
            # (``agents``, ``dspy-compatibility``) nor one whose target is set already
            target = typo_target(key, fm.data, known)
            if target is None or target in expected:  # (two keys that fix to one)
                continue
            pos = fm.positions.get((key,))
            i = index_of(pos.line) if pos else None
            if pos is None or i is None:
                continue
            col = pos.column - 1
            if new[i][col : col + len(key)] != key:
                continue
            new[i] = new[i][:col] + target + new[i][col + len(key) :]
            expected = {(target if k == key else k): v for k, v in expected.items()}
            records.append(FixRecord(path, "unknown-field", f"renamed {key!r} to {target!r}"))
    # Metadata values are never quoted: a tool reads ``metadata.internal: true`` as a
    # boolean and ``version: 1.0`` as a number; quoting would change what it reads.

    strict_failed = any(p.code in _YAML_FAILURES for p in parsed.problems)
    quoted: dict[str, str] = {}
    if parsed.has_problem("yaml-colon") and _wanted("yaml-colon", skill, config):
        for i, line in enumerate(new):
            match = _TOP_LEVEL_PAIR.match(line)
            if not match:
                continue
            value = match["value"]
            if value[0] in "\"'|>[{&*!" or ": " not in value or " #" in value:
                continue
            new[i] = f"{match['key']}{match['sep']}{_quote(value)}"
            quoted[match["key"]] = value
            records.append(
                FixRecord(
                    path,
                    "yaml-colon",
                    f"quoted the value of {match['key']!r} (line {first_line + i})",
                )
            )

    if not records:
        return lines, []
    check, problems = parse_yaml("\n".join(new), first_line)
    if check is None or any(p.code in _YAML_FAILURES for p in problems):
        return lines, []  # never write frontmatter that does not parse strictly
    if expected is not None and not _verified(dict(check.data), expected, quoted, strict_failed):
        return lines, []
    return new, records


def _verified(
    data: dict[str, Any], expected: dict[str, Any], quoted: dict[str, str], strict_failed: bool
) -> bool:
    """Whether the edited frontmatter holds what the edits meant it to hold.

    When strict YAML failed before, ``expected`` is the lenient retry's reading, which also
    quoted values the colon fix leaves alone (``false  # comment``): then only the keys, the
    quoted values and the metadata are compared.
    """
    if not strict_failed:
        return data == expected
    if set(data) != set(expected):
        return False
    if any(data.get(key) != text for key, text in quoted.items()):
        return False
    return data.get("metadata") == expected.get("metadata")


def _tree_of(skill: Skill, trees: Sequence[Path]) -> Path:
    """The linted path (a folder; a file's folder) that ``skill`` was found under: every
    write for the skill must stay inside its real path, so a skill folder that is a link out
    of the tree is not written through."""
    where = os.path.abspath(skill.dir)
    best: str | None = None
    for tree in trees:
        folder = os.path.abspath(tree)
        if not os.path.isdir(folder):
            folder = os.path.dirname(folder)
        if (where == folder or where.startswith(folder.rstrip(os.sep) + os.sep)) and (
                best is None or len(folder) > len(best)):
            best = folder
    return Path(best) if best is not None else skill.dir


def _chmod_scripts(skill: Skill, config: ResolvedConfig, write: bool,
                   tree: Path) -> list[FixRecord]:
    if not _wanted("script-not-executable", skill, config):
        return []
    from skillctl.lint.rules.scripts import reported_not_executable

    records = []
    skill_root = os.path.realpath(skill.dir)
    root = os.path.realpath(tree)
    # only the scripts the rule reports: one run only through an interpreter keeps its mode
    for file, *_ in reported_not_executable(SkillContext(skill, config)):
        if file.executable:
            continue
        target = skill.dir / file.relpath
        real = os.path.realpath(target)
        if os.path.commonpath([real, skill_root]) != skill_root:
            continue
        if os.path.commonpath([real, root]) != root:
            raise UnsafeWriteError(f"{target}: refusing to change the mode of {real}, "
                                   f"outside {tree}")
        if write:
            mode = stat.S_IMODE(os.stat(real).st_mode)
            os.chmod(real, mode | ((mode & 0o444) >> 2))
        records.append(FixRecord(str(target), "script-not-executable", "added the exec bit"))
    return records


def fix_skill(skill: Skill, config: ResolvedConfig, *, write: bool,
              tree: Path | None = None) -> tuple[list[FixRecord], str]:
    """Fix one skill's entry file and scripts; return the records and a unified diff. Every
    write stays inside the real path of ``tree`` (the skill's folder when None)."""
    tree = skill.dir if tree is None else tree
    records: list[FixRecord] = []
    diff = ""
    parsed = skill.parsed
    path = str(skill.entry)
    usable = parsed.text is not None and not any(
        p.code in ("not-utf8", "file-too-large", "unreadable") for p in parsed.problems
    )
    if usable:
        try:
            raw, _ = read_bytes(skill.entry)
        except OSError:
            raw = b""
            usable = False
    if usable:
        had_bom = raw.startswith(b"\xef\xbb\xbf")
        original = raw[3:].decode("utf-8") if had_bom else raw.decode("utf-8")
        strip_bom = had_bom and _wanted("bom", skill, config)
        endings = parsed.line_endings
        to_lf = endings in (LineEndings.CRLF, LineEndings.MIXED, LineEndings.CR) and _wanted(
            "crlf", skill, config
        )
        text = original.replace("\r\n", "\n").replace("\r", "\n")
        lines = text.split("\n")
        edited = lines
        fm_records: list[FixRecord] = []
        can_edit = endings in (LineEndings.LF, LineEndings.NONE, LineEndings.CRLF) or to_lf
        if can_edit and lines and _DELIMITER.fullmatch(lines[0]):
            closer = next((i for i in range(1, len(lines)) if _DELIMITER.fullmatch(lines[i])), None)
            if closer is not None:
                fm_new, fm_records = _edit_frontmatter(skill, config, lines[1:closer], 2)
                edited = [lines[0], *fm_new, *lines[closer:]]
        new_text = "\n".join(edited)
        if endings is LineEndings.CRLF and not to_lf:
            new_text = new_text.replace("\n", "\r\n")
        elif not to_lf:
            new_text = original if not fm_records else new_text
        if strip_bom:
            records.append(FixRecord(path, "bom", "removed the UTF-8 byte order mark"))
        if to_lf:
            records.append(
                FixRecord(path, "crlf", f"converted {endings.value.upper()} line endings to LF")
            )
        records.extend(fm_records)
        new_raw = (b"\xef\xbb\xbf" if had_bom and not strip_bom else b"") + new_text.encode("utf-8")
        if new_raw != raw:
            notes = "".join(
                f"# {path}: {_tense(r.description, write)}\n"
                for r in records if r.rule in ("bom", "crlf")
            )
            body_diff = "".join(
                difflib.unified_diff(
                    text.splitlines(keepends=True),
                    "\n".join(edited).splitlines(keepends=True),
                    fromfile=f"a/{path}",
                    tofile=f"b/{path}",
                )
            )
            diff = notes + body_diff
            if not inside(skill.entry, tree):  # refused with --diff too, so the two agree
                raise UnsafeWriteError(f"{skill.entry}: refusing to write through a link to "
                                       f"{os.path.realpath(skill.entry)}, outside {tree}")
            if write:
                atomic_write_bytes(skill.entry, new_raw, confine_to=tree)
    chmods = _chmod_scripts(skill, config, write, tree)
    records.extend(chmods)
    diff += "".join(f"# {r.path}: {_tense(r.description, write)}\n" for r in chmods)
    if not write:  # --diff changed nothing: "would add the exec bit", not "added"
        records = [FixRecord(r.path, r.rule, _tense(r.description, False)) for r in records]
    return records, diff


#: The past-tense verbs fix descriptions start with, and what --diff says instead.
_WOULD = {"added": "would add", "removed": "would remove", "converted": "would convert",
          "renamed": "would rename", "quoted": "would quote"}


def _tense(description: str, write: bool) -> str:
    """A fix's description as done (``write``) or as what ``--diff`` would do."""
    if write:
        return description
    verb, space, rest = description.partition(" ")
    return _WOULD[verb] + space + rest if verb in _WOULD else "would: " + description


def fix_skills(skills: Sequence[Skill], config: ResolvedConfig, *, write: bool,
               trees: Sequence[Path] = ()) -> FixOutcome:
    """Fix every skill (or, with ``write=False``, only say what would change), writing only
    inside the real path of the linted path (of ``trees``) each skill lies under."""
    records: list[FixRecord] = []
    diffs: list[str] = []
    fixed: list[Skill] = []
    failures: list[tuple[Skill, str]] = []
    for skill in skills:
        try:
            skill_records, diff = fix_skill(skill, config, write=write,
                                            tree=_tree_of(skill, trees))
        except (SkillctlError, OSError) as exc:
            # One file that cannot be written (a link out of the tree, a read-only folder)
            # must not stop the others from being fixed and linted.
            reason = str(exc) if isinstance(exc, SkillctlError) else (exc.strerror or str(exc))
            failures.append((skill, reason))
            fixed.append(skill)
            continue
        records.extend(skill_records)
        if diff:
            diffs.append(diff)
        if write and skill_records:
            skill = load_skill(skill.dir, skill.entry, scope=skill.scope, root=skill.root)
        fixed.append(skill)
    return FixOutcome(tuple(records), "".join(diffs), tuple(fixed), tuple(failures))
