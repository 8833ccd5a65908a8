"""What a rule sees: one skill (or all of them) plus the resolved configuration.

Contexts are built by the engine; rules only read them. Everything expensive (the skill's
file list, agent profiles, known field names) is computed once per context, on first use.
"""

from __future__ import annotations

import functools
import os
import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from skillctl.lint.resolved import option_table
from skillctl.model import ParsedSkill, Position, Skill, SkillFile

if TYPE_CHECKING:
    from skillctl.agents.profile import Profile
    from skillctl.lint.resolved import ResolvedConfig
    from skillctl.scan import ScanNote

#: The open specification's fields (agentskills.io).
SPEC_FIELDS = frozenset(
    {"name", "description", "license", "compatibility", "metadata", "allowed-tools"}
)

_T = TypeVar("_T")
_MISSING: Any = object()

#: How much of a file :meth:`SkillContext.head` returns (enough for a shebang line).
HEAD_BYTES = 4096
_READ_CHUNK = 1 << 18
#: Non-blocking: a file swapped for a FIFO since it was listed must not hang the run.
_READ_FLAGS = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0)


_SKILL_TEMPLATE = re.compile(r"[._-]?(?:skills?[-_])?templates?(?:[-_]skills?)?", re.IGNORECASE)
#: (the plural only after "skill": ``skill-templates/``, a package's store of the skill its
#: installer fills in and writes under the skill's name; seventy-ninth sample)
_ONE_SKILL_TEMPLATE = re.compile(r"[._-]?(?:skills?[-_]templates|(?:skills?[-_])?template)"
                                 r"(?:[-_]skills?)?", re.IGNORECASE)
#: A folder that holds templates for new skills (``templates/skill/SKILL.md``,
#: ``templates/skill-skeleton/skills/skill-name/SKILL.md``).
_TEMPLATE_FOLDER = re.compile(r"[._-]?(?:skills?[-_])?(?:templates?|skeletons?|scaffolds?)"
                              r"(?:[-_]skills?)?", re.IGNORECASE)
#: How many folders above a skill's own may mark it as a template.
_TEMPLATE_DEPTH = 4
#: Folders agents load skills from, as a part of a skill's path: below one, a skill is used
#: as it stands (not a source an installer copies or fills in).
AGENT_SKILL_FOLDERS = frozenset({"skills", ".claude", ".agents", ".opencode", ".codex",
                                 ".github", ".gemini", ".cursor"})
#: A whole ``{{name}}`` placeholder (Mustache, Handlebars) that an installer fills in.
_WHOLE_PLACEHOLDER = re.compile(r"\{\{\s*[\w.-]+\s*\}\}")
#: A name left for whoever copies the template to fill in: ``<skill-name>``, ``{{name}}``,
#: ``[TODO: lowercase-hyphen-case-name]``, ``REPLACE-with-kebab-case-name``.
_STAND_IN_NAME = re.compile(r"<[^<>\n]+>|\{\{|\bTODO\b|\bFIXME\b|\bREPLACE|\byour[-_ ]",
                            re.IGNORECASE)


def load_profiles(agent_ids: Sequence[str]) -> tuple[Profile, ...]:
    """The profiles of these agents, skipping any whose module is not available."""
    from skillctl.agents import get_profile

    found = []
    for agent_id in agent_ids:
        try:
            found.append(get_profile(agent_id))
        except ImportError:
            continue
    return tuple(found)


@functools.cache
def every_profile() -> tuple[Profile, ...]:
    """Every agent profile that can be loaded."""
    from skillctl.agents import agent_ids

    return load_profiles(agent_ids())


@functools.cache
def known_fields_by_agent() -> Mapping[str, frozenset[str]]:
    """Field names each agent knows: profile data, plus the shipped extension schemas."""
    from skillctl.lint.schemas import load_schema, schema_ids

    known: dict[str, set[str]] = {"agentskills": set(SPEC_FIELDS)}
    for profile in every_profile():
        known.setdefault(profile.id, set()).update(profile.known_fields)
    for schema_id in schema_ids():
        props = load_schema(schema_id).get("properties", {})
        known.setdefault(schema_id, set()).update(props)
    return {agent: frozenset(fields) for agent, fields in sorted(known.items())}


@functools.cache
def all_known_fields() -> frozenset[str]:
    """Every field name some agent knows."""
    return frozenset().union(*known_fields_by_agent().values())


class SkillContext:
    """One skill as rules see it."""

    def __init__(self, skill: Skill, config: ResolvedConfig) -> None:
        self.skill = skill
        self.parsed: ParsedSkill = skill.parsed
        self.config = config
        self._options = option_table(config)
        self._computed: dict[Callable[[SkillContext], Any], Any] = {}
        self._heads: dict[str, bytes] = {}
        #: The skill directory as a string (for os-level calls, without a Path each time).
        self.directory: str = os.fspath(skill.dir)
        # Plain attributes, not properties: rules read them tens of times per skill.
        #: The frontmatter mapping (empty when there is none).
        self.data: Mapping[str, Any] = skill.parsed.data
        #: True when frontmatter was parsed into a mapping.
        self.has_frontmatter: bool = skill.parsed.frontmatter is not None

    def computed(self, compute: Callable[[SkillContext], _T]) -> _T:
        """``compute(self)``, worked out once per context and shared by every rule that asks.

        For work several rules need (the body's references, say): the first rule to ask pays,
        the others get the same value. A ``compute`` that raises is not remembered.
        """
        value: _T = self._computed.get(compute, _MISSING)  # not try/except: each misses once
        if value is _MISSING:
            value = self._computed[compute] = compute(self)
        return value  # (typed above: no call to typing.cast, ten times per skill)

    # ------------------------------------------------------------------ configuration

    def option(self, name: str) -> Any:
        """A rule option from the configuration (``config.option(name)``)."""
        return self._options[name]

    @functools.cached_property
    def profiles(self) -> tuple[Profile, ...]:
        """Profiles of the agents chosen with ``--agent`` (empty for the portable set)."""
        return load_profiles(self.config.agents)

    # ------------------------------------------------------------------ frontmatter

    def pos(self, *path: str | int) -> Position:
        """Position of a frontmatter key (or the frontmatter start, or line 1)."""
        fm = self.parsed.frontmatter
        return fm.position(*path) if fm is not None else Position(1, 1)

    def value_pos(self, *path: str | int) -> Position:
        """Position of a frontmatter value (falling back to its key); for a mapping or list
        written on the lines below its key, the key's (where the reader looks for it)."""
        fm = self.parsed.frontmatter
        if fm is None:
            return Position(1, 1)
        at = fm.value_position(*path)
        key = fm.position(*path)
        if at.line > key.line:
            value: Any = fm.data
            for part in path:
                value = value.get(part) if isinstance(value, Mapping) else (
                    value[part] if isinstance(value, list) and isinstance(part, int)
                    and 0 <= part < len(value) else None)
            if isinstance(value, (Mapping, list)):
                return key
        return at

    def is_plain(self, *path: str | int) -> bool:
        """True when this key's scalar value was written unquoted."""
        fm = self.parsed.frontmatter
        return fm is not None and tuple(path) in fm.plain_scalars

    # ------------------------------------------------------------------ body and files

    def body_lines(self) -> Iterator[tuple[int, str]]:
        """Body lines with their 1-based line numbers in the file."""
        return enumerate(self._body_lines, self.parsed.body_start_line)

    @functools.cached_property
    def _body_lines(self) -> tuple[str, ...]:
        return tuple(self.parsed.body.split("\n"))

    @functools.cached_property
    def files(self) -> tuple[SkillFile, ...]:
        """The skill's files (bounded listing, sorted), without those of a skill nested in it
        (a folder below with its own SKILL.md): they are that skill's, and reported once,
        with it (issue 16)."""
        from skillctl.scan import list_files

        listed = list_files(self.skill.dir)[0]
        nested = tuple(
            file.relpath[: -len("SKILL.md")]  # "inner/" of "inner/SKILL.md"
            for file in listed
            if "/" in file.relpath and file.relpath.rsplit("/", 1)[1].upper() == "SKILL.MD"
        )
        if not nested:
            return listed
        return tuple(file for file in listed if not file.relpath.startswith(nested))

    def read_file(self, relpath: str, size: int | None = None) -> bytes:
        """The whole content of one of the skill's files (OSError when it cannot be read).

        Its first :data:`HEAD_BYTES` are kept, so :meth:`head` of the same file reads nothing.
        ``size``, the size the listing saw, spares the read that finds the end of the file
        when the first one returns exactly that many bytes.
        """
        fd = os.open(os.path.join(self.directory, relpath), _READ_FLAGS)
        try:  # os-level reads: a third cheaper than open() for the many small files
            chunks = []
            done = False
            if size is not None and 0 < size <= _READ_CHUNK:
                chunks.append(os.read(fd, size))
                done = len(chunks[0]) == size  # (the file as listed; if it grew, not the rest)
            while not done and (chunk := os.read(fd, _READ_CHUNK)):
                chunks.append(chunk)
        finally:
            os.close(fd)
        data = chunks[0] if len(chunks) == 1 else b"".join(chunks)
        self._heads[relpath] = data[:HEAD_BYTES]
        return data

    def head(self, relpath: str) -> bytes:
        """The first :data:`HEAD_BYTES` of one of the skill's files (empty if unreadable)."""
        found = self._heads.get(relpath)
        if found is None:
            try:
                fd = os.open(os.path.join(self.directory, relpath), _READ_FLAGS)
                try:
                    found = os.read(fd, HEAD_BYTES)
                    while len(found) < HEAD_BYTES and (
                        more := os.read(fd, HEAD_BYTES - len(found))
                    ):
                        found += more
                finally:
                    os.close(fd)
            except OSError:
                found = b""
            self._heads[relpath] = found
        return found

    @functools.cached_property
    def file_paths(self) -> frozenset[str]:
        """The relative paths of :attr:`files`, for membership tests."""
        return frozenset(file.relpath for file in self.files)

    @property
    def dir(self) -> Path:
        """The skill directory as found."""
        return self.skill.dir

    @functools.cached_property
    def is_skill_template(self) -> bool:
        """Whether the skill is a template for new skills (its folder or name `template`,
        `_template`, `skill-template`, `template-skill`, `templates`): its links are
        stand-ins for a new skill's files."""
        return self._named_like(_SKILL_TEMPLATE)

    @functools.cached_property
    def is_single_skill_template(self) -> bool:
        """:attr:`is_skill_template` without the plural `templates` (a skill about
        templates, `railway/templates` with `name: railway-templates`; `skill-templates` is
        one): its name is a stand-in."""
        return self._named_like(_ONE_SKILL_TEMPLATE)

    @functools.cached_property
    def name_is_stand_in(self) -> bool:
        """Whether ``name`` is a placeholder in a template for new skills: a stand-in such as
        ``<skill-name>``, ``{skill-name}`` or ``[TODO: …]`` in a skill under a ``templates/``
        (``skeleton``, ``scaffold``) folder, or in one named like
        :attr:`is_single_skill_template`. No agent loads it from there; each copy gets a real
        name."""
        value = self.data.get("name")
        if self.is_unrendered_template and self.holds_placeholder("name"):
            return True
        if self.is_single_skill_template and isinstance(value, str) and (
                _ONE_SKILL_TEMPLATE.fullmatch(value)):
            return True  # the template's own word for a name: "TEMPLATE" in skills/TEMPLATE/
        # ("[TODO: x]" is a flow list holding a mapping to YAML: its text still says TODO)
        text = value if isinstance(value, str) else str(value) if isinstance(
            value, (list, dict)) else ""
        if isinstance(value, dict) and len(value) == 1 and None in value.values():
            text = f"<{next(iter(value))}>"  # "{skill-name}": YAML's one-key map, a stand-in
        if not _STAND_IN_NAME.search(text):
            return False
        if self.is_single_skill_template:
            return True
        folder = Path(os.path.abspath(self.skill.dir))  # (a skill linted as ".")
        for _ in range(_TEMPLATE_DEPTH + 1):
            if _TEMPLATE_FOLDER.fullmatch(folder.name):
                return True
            if folder.parent == folder:
                break
            folder = folder.parent
        return False

    def holds_placeholder(self, key: str) -> bool:
        """Whether the frontmatter's ``key`` is nothing but a ``{{name}}`` placeholder, quoted
        or not (unquoted, YAML reads a map holding a map: its text is looked at)."""
        value = self.data.get(key)
        if isinstance(value, str):
            return _WHOLE_PLACEHOLDER.fullmatch(value.strip()) is not None
        text = self.parsed.text
        if not isinstance(value, Mapping) or text is None:
            return False
        at = self.value_pos(key)
        lines = text.split("\n", at.line)
        if at.line > len(lines):
            return False
        written = lines[at.line - 1][at.column - 1:].split(" #", 1)[0].strip()
        return _WHOLE_PLACEHOLDER.fullmatch(written) is not None

    @functools.cached_property
    def is_unrendered_template(self) -> bool:
        """Whether this SKILL.md is a template an installer fills in: its name or description
        is a whole ``{{placeholder}}``, and it lies in no folder agents load skills from
        (``a11y-scan/agents/copilot/SKILL.md``, written to ``.github/skills/a11y-scan/`` once
        rendered; ninety-second sample). In such a folder an agent loads it unrendered."""
        if not any(self.holds_placeholder(key) for key in ("name", "description")):
            return False
        folder = Path(os.path.abspath(self.skill.dir))
        return not any(part.lower() in AGENT_SKILL_FOLDERS for part in folder.parts)

    def _named_like(self, pattern: re.Pattern[str]) -> bool:
        name = self.data.get("name")
        return bool(pattern.fullmatch(self.skill.dir_name)
                    or (isinstance(name, str) and pattern.fullmatch(name)))


class AcrossContext:
    """All linted skills at once, for cross-skill rules."""

    def __init__(
        self,
        skills: Sequence[Skill],
        config: ResolvedConfig,
        *,
        roots: Sequence[Path] = (),
        notes: Sequence[ScanNote] = (),
        fix_failures: Sequence[tuple[Skill, str]] = (),
    ) -> None:
        self.skills = tuple(skills)
        self.config = config
        #: the directories given on the command line (trees that were searched)
        self.roots = tuple(roots)
        #: what the tree search could not look at
        self.notes = tuple(notes)
        #: skills whose ``--fix`` could not be written, and why
        self.fix_failures = tuple(fix_failures)

    @functools.cached_property
    def profiles(self) -> tuple[Profile, ...]:
        """Profiles of the agents chosen with ``--agent``."""
        return load_profiles(self.config.agents)

    def option(self, name: str) -> Any:
        """A rule option from the configuration."""
        return self.config.option(name)
