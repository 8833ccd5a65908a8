"""``skillctl audit``: the security findings plus, per skill, what it can do.

Not a second engine: the findings are ``lint``'s, with the ``security`` category selected
(so configuration, suppressions and SARIF work unchanged); the inventory is the full
:func:`~skillctl.security.capabilities.skill_capabilities` of each skill (hosts and URLs it
contacts, commands it runs, files it reads and writes outside its folder, environment
variables it reads, where data leaves the machine), and which agents would run its commands
without asking (:mod:`skillctl.security.approval`, from the profiles).

``--diff OLD NEW`` compares two versions: two folders, or two git revisions of the tree at a
path. Revisions are read with ``git archive`` into a temporary folder (the repository's hooks
and fsmonitor switched off, the archive unpacked with tarfile's ``data`` filter and a size
cap), then audited like folders: the reviewer of an update sees "now contacts
collector.example", "now reads ~/.aws".
"""

from __future__ import annotations

import functools
import os
import shutil
import subprocess
import tarfile
import tempfile
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from skillctl.errors import PathNotFoundError, UsageError
from skillctl.lint.result import LintReport
from skillctl.model import Diagnostic, Severity
from skillctl.security import facts as F

#: Version of the JSON shape of ``skillctl audit --format json`` (docs/audit.md).
AUDIT_JSON_VERSION = 1
#: Bytes a ``git archive`` of one revision may produce (a larger tree is refused).
MAX_ARCHIVE_BYTES = 256 * 1024 * 1024
#: Seconds one ``git archive`` may take.
GIT_TIMEOUT = 60.0

#: Inventory categories: JSON key, fact kinds, what the text output calls it, and the verbs
#: ``--diff`` uses for a gained and a lost entry.
CATEGORIES: tuple[tuple[str, tuple[str, ...], str, str, str], ...] = (
    ("hosts", (F.HOST,), "contacts", "now contacts", "no longer contacts"),
    ("urls", (F.URL,), "urls", "now fetches", "no longer fetches"),
    ("commands", (F.COMMAND,), "runs", "now runs", "no longer runs"),
    ("reads_outside", (F.READ,), "reads outside its folder", "now reads",
     "no longer reads"),
    ("writes_outside", (F.WRITE,), "writes outside its folder", "now writes",
     "no longer writes"),
    ("env", (F.ENV,), "environment variables", "now reads $", "no longer reads $"),
    ("env_dump", (F.ENV_DUMP,), "reads the whole environment", "now reads the whole "
     "environment with", "no longer reads the whole environment with"),
    ("credential_stores", (F.CREDENTIAL,), "credential stores", "now reads",
     "no longer reads"),
    ("sends_to", (F.SEND,), "sends data to", "now sends data to", "no longer sends data to"),
    ("exfiltration", (F.EXFIL,), "sends secrets to", "now sends secrets to",
     "no longer sends secrets to"),
    ("remote_code", (F.REMOTE_EXEC, F.DECODE_EXEC), "runs downloaded or decoded code with",
     "now runs downloaded or decoded code with", "no longer runs downloaded code with"),
    ("persistence", (F.PERSIST,), "persists through", "now persists through",
     "no longer persists through"),
    ("destructive", (F.DESTROY,), "deletes", "now deletes", "no longer deletes"),
)


@dataclass(frozen=True, slots=True)
class AuditOptions:
    """What ``skillctl audit`` was asked to do (the CLI builds this)."""

    paths: tuple[Path, ...] = ()
    agents: tuple[str, ...] = ()
    config_path: Path | None = None
    strict: bool = False
    use_cache: bool = True


@dataclass(frozen=True, slots=True)
class Entry:
    """One inventory value and where it was seen (``file:line``, at most five)."""

    value: str
    locations: tuple[str, ...]

    def to_dict(self) -> dict[str, Any]:
        """The JSON shape: ``{"value": ..., "locations": [...]}``."""
        return {"value": self.value, "locations": list(self.locations)}


@dataclass(frozen=True, slots=True)
class AgentApproval:
    """Whether one agent would run the skill's commands without asking the user."""

    agent: str
    name: str
    #: True: runs them without asking; False: asks; None: not known for this agent
    unasked: bool | None
    reason: str = ""

    def to_dict(self) -> dict[str, Any]:
        """The JSON shape of one agent's answer."""
        return {"agent": self.agent, "name": self.name, "runs_without_asking": self.unasked,
                "reason": self.reason}


@dataclass(frozen=True, slots=True)
class Inventory:
    """What one skill can do, from its scripts and the commands it tells the agent to run."""

    path: str
    dir: str
    name: str | None
    categories: dict[str, tuple[Entry, ...]]
    scripts: tuple[str, ...]
    agents: tuple[AgentApproval, ...]
    #: files the analysis did not read whole (size limits)
    not_analysed: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        """The JSON shape of one skill (docs/audit.md)."""
        return {
            "path": self.path,
            "dir": self.dir,
            "name": self.name,
            "inventory": {key: [e.to_dict() for e in self.categories.get(key, ())]
                          for key, *_ in CATEGORIES},
            "scripts": list(self.scripts),
            "agents": [a.to_dict() for a in self.agents],
            "not_analysed": list(self.not_analysed),
        }


@dataclass(frozen=True, slots=True)
class AuditReport:
    """The security findings and every skill's inventory."""

    lint: LintReport
    skills: tuple[Inventory, ...]
    strict: bool = False

    def exit_code(self) -> int:
        """0 without security errors (and warnings with ``strict``), else 1."""
        if self.lint.count(Severity.ERROR):
            return 1
        return 1 if self.strict and self.lint.count(Severity.WARNING) else 0

    def to_dict(self) -> dict[str, Any]:
        """The versioned JSON document (docs/audit.md, skillctl/schemas/output/audit.json)."""
        return {
            "version": AUDIT_JSON_VERSION,
            "kind": "audit",
            "skills": [s.to_dict() for s in self.skills],
            "diagnostics": [d.to_dict() for d in self.lint.diagnostics],
            "summary": self.lint.summary(),
        }


def _entries(facts: Sequence[F.Fact]) -> tuple[Entry, ...]:
    where: dict[str, list[str]] = {}
    for fact in facts:
        if fact.documentary:
            continue
        spots = where.setdefault(fact.value, [])
        spot = f"{fact.file}:{fact.line}"
        if len(spots) < 5 and spot not in spots:
            spots.append(spot)
    return tuple(Entry(value, tuple(spots)) for value, spots in sorted(where.items()))


_SCRIPT_KINDS = frozenset({"python", "shell", "js"})


def inventory_of(skill_dir: Path, entry: Path, config: Any,
                 profiles: Sequence[Any]) -> Inventory:
    """The inventory of the skill at ``skill_dir`` (``entry`` is its SKILL.md)."""
    from skillctl.collect import load_skill
    from skillctl.lint.context import SkillContext
    from skillctl.security import capabilities
    from skillctl.security.approval import unasked_agents

    skill = load_skill(skill_dir, entry)
    ctx = SkillContext(skill, config)
    caps = capabilities.skill_capabilities(ctx, full=True)
    categories = {key: _entries(caps.of_kind(*kinds)) for key, kinds, *_ in CATEGORIES}
    scripts = tuple(
        f.relpath for f in ctx.files
        if not f.is_symlink and f.relpath != entry.name and capabilities.kind_of(
            f.relpath, functools.partial(ctx.head, f.relpath)) in _SCRIPT_KINDS)
    unasked = {u.agent: u for u in unasked_agents(profiles, ctx.data)}
    agents = []
    for profile in profiles:
        found = unasked.get(profile.id)
        if found is not None:
            agents.append(AgentApproval(profile.id, profile.display_name, True, found.reason))
        elif profile.runs_scripts_without_approval is False:
            agents.append(AgentApproval(profile.id, profile.display_name, False,
                                        "asks before running shell commands"))
        else:
            agents.append(AgentApproval(profile.id, profile.display_name, None,
                                        "not known for this agent"))
    return Inventory(str(entry), str(skill_dir), skill.declared_name, categories, scripts,
                     tuple(agents), caps.skipped)


def run_audit(options: AuditOptions) -> AuditReport:
    """Lint the skills below ``options.paths`` with the security rules; take each one's
    inventory. Raises what ``lint`` raises for a missing path or no skill (exit 2)."""
    from skillctl.lint.context import every_profile, load_profiles
    from skillctl.lint.engine import LintOptions, run_lint

    run = run_lint(LintOptions(paths=options.paths, agents=options.agents,
                               select=("security",), strict=options.strict,
                               config_path=options.config_path, use_cache=options.use_cache))
    profiles = load_profiles(options.agents) if options.agents else every_profile()
    skills = tuple(
        inventory_of(Path(result.dir), Path(result.path), run.config, profiles)
        for result in run.report.results if result.dir is not None)
    return AuditReport(run.report, skills, strict=run.config.strict)


# ------------------------------------------------------------------ --diff


@dataclass(frozen=True, slots=True)
class SkillChange:
    """What one skill (matched by name) gained and lost between two versions."""

    name: str
    gained: dict[str, tuple[str, ...]]
    lost: dict[str, tuple[str, ...]]
    status: str = "changed"  # "changed", "added" or "removed"

    def to_dict(self) -> dict[str, Any]:
        """The JSON shape of one skill's change."""
        return {"name": self.name, "status": self.status,
                "gained": {k: list(v) for k, v in self.gained.items() if v},
                "lost": {k: list(v) for k, v in self.lost.items() if v}}


@dataclass(frozen=True, slots=True)
class AuditDiff:
    """Capabilities and findings gained and lost from ``old`` to ``new``."""

    old: str
    new: str
    skills: tuple[SkillChange, ...]
    findings_gained: tuple[Diagnostic, ...]
    findings_lost: tuple[Diagnostic, ...]
    #: the new version's whole audit, for SARIF
    new_report: AuditReport | None = field(default=None, compare=False)

    def exit_code(self) -> int:
        """1 when the new version has a security error the old one did not, else 0."""
        return 1 if any(d.severity == Severity.ERROR for d in self.findings_gained) else 0

    def to_dict(self) -> dict[str, Any]:
        """The versioned JSON document of ``--diff`` (docs/audit.md)."""
        return {
            "version": AUDIT_JSON_VERSION,
            "kind": "audit-diff",
            "old": self.old,
            "new": self.new,
            "skills": [s.to_dict() for s in self.skills],
            "findings_gained": [d.to_dict() for d in self.findings_gained],
            "findings_lost": [d.to_dict() for d in self.findings_lost],
        }


def _skill_key(inventory: Inventory, root: Path) -> str:
    """A skill's name across versions: its declared name, else its folder below the root."""
    if inventory.name:
        return inventory.name
    try:
        return Path(inventory.dir).relative_to(root).as_posix() or Path(inventory.dir).name
    except ValueError:
        return Path(inventory.dir).name


def _relative_finding(diagnostic: Diagnostic, root: Path) -> tuple[str, str, str]:
    """What identifies a finding across versions: rule, file below the root, message."""
    try:
        path = Path(diagnostic.path).relative_to(root).as_posix()
    except ValueError:
        path = diagnostic.path
    return diagnostic.rule, path, diagnostic.message


def diff_reports(old: AuditReport, new: AuditReport, old_root: Path, new_root: Path,
                 old_label: str, new_label: str) -> AuditDiff:
    """Compare two audits skill by skill (by name) and finding by finding."""
    before = {_skill_key(s, old_root): s for s in old.skills}
    after = {_skill_key(s, new_root): s for s in new.skills}
    changes = []
    for name in sorted(set(before) | set(after)):
        was, now = before.get(name), after.get(name)
        gained: dict[str, tuple[str, ...]] = {}
        lost: dict[str, tuple[str, ...]] = {}
        for key, *_ in CATEGORIES:
            old_values = {e.value for e in was.categories.get(key, ())} if was else set()
            new_values = {e.value for e in now.categories.get(key, ())} if now else set()
            gained[key] = tuple(sorted(new_values - old_values))
            lost[key] = tuple(sorted(old_values - new_values))
        status = "added" if was is None else "removed" if now is None else "changed"
        if status != "changed" or any(gained.values()) or any(lost.values()):
            changes.append(SkillChange(name, gained, lost, status))
    old_findings = {_relative_finding(d, old_root): d for d in old.lint.diagnostics}
    new_findings = {_relative_finding(d, new_root): d for d in new.lint.diagnostics}
    return AuditDiff(
        old_label, new_label, tuple(changes),
        tuple(d for k, d in new_findings.items() if k not in old_findings),
        tuple(d for k, d in old_findings.items() if k not in new_findings),
        new_report=new,
    )


#: Attributes of the scratch repository that ``git archive`` runs in: its
#: ``info/attributes`` outranks every ``.gitattributes`` of the archived tree, so no file is
#: left out (``export-ignore`` would hide a payload from the audit), filtered or rewritten.
_NEUTRAL_ATTRIBUTES = ("* -export-ignore -export-subst -filter -text -eol -ident "
                       "-working-tree-encoding\n")


def _git(argv: list[str], env: dict[str, str], deadline: float, what: str,
         ) -> subprocess.CompletedProcess[bytes]:
    """One git call within what is left of ``deadline``; a timeout is a usage error."""
    try:
        return subprocess.run(argv, capture_output=True, stdin=subprocess.DEVNULL, env=env,
                              timeout=max(0.1, deadline - time.monotonic()), check=False)
    except subprocess.TimeoutExpired:
        raise UsageError(f"{what}: git took longer than {GIT_TIMEOUT:.0f} s") from None


def _first_line(error: bytes, default: str) -> str:
    from skillctl.textsafe import printable

    lines = error.decode("utf-8", "replace").strip().splitlines()
    return printable(lines[0]) if lines else default


def _resolve(folder: Path, revision: str, deadline: float) -> tuple[str, str, str]:
    """The object directory of ``folder``'s repository, the tree SHA of ``folder`` at
    ``revision``, and its git prefix; only ``rev-parse`` runs in the repository itself."""
    from skillctl import gitfacts

    git = shutil.which("git")
    if git is None:
        raise UsageError("--diff with git revisions needs git on PATH")
    root = gitfacts.git_root(folder)
    if root is None:
        raise UsageError(f"{folder} is not inside a git work tree (--diff REV1 REV2 PATH "
                         "reads PATH's repository)")
    if not gitfacts.plain_repository(root):
        raise UsageError(f"{root}: its .git is not a plain repository (a file git reads is "
                         "a FIFO, a device or a link); git is not asked")
    base = [git, "-c", "core.hooksPath=/dev/null", "-c", "core.fsmonitor=false",
            "-c", "protocol.allow=never", "-C", os.fspath(folder)]
    env = {**os.environ, "GIT_TERMINAL_PROMPT": "0", "GIT_OPTIONAL_LOCKS": "0",
           "GIT_CONFIG_NOSYSTEM": "1"}
    top = _git([*base, "rev-parse", "--path-format=absolute", "--git-common-dir",
                "--show-prefix"], env, deadline, str(folder))
    answer = top.stdout.decode("utf-8", "surrogateescape").split("\n")
    if top.returncode != 0 or len(answer) < 2:
        raise UsageError(f"{folder} is not inside a git work tree (--diff REV1 REV2 PATH "
                         "reads PATH's repository)")
    common, prefix = answer[0], answer[1].strip()
    tree = _git([*base, "rev-parse", "--verify", "--quiet", f"{revision}:{prefix}"], env,
                deadline, revision)
    sha = tree.stdout.decode("ascii", "replace").strip()
    if tree.returncode != 0 or not sha:
        raise UsageError(f"cannot read revision {revision!r} of {folder}: not a revision "
                         "there")
    return os.path.join(common, "objects"), sha, prefix


@contextmanager
def revision_tree(repo_path: Path, revision: str) -> Iterator[Path]:
    """The tree of ``repo_path`` (a folder in a git work tree) at ``revision``, unpacked in
    a temporary folder that is removed afterwards.

    The repository is hostile. Only ``git rev-parse`` runs in it (hooks and fsmonitor off,
    and only when its ``.git`` is plain: a FIFO as ``.git/config`` would make git wait). The
    tree is archived in a scratch repository that borrows the objects (``alternates``) but
    none of the configuration, with no user or system configuration either, so no filter,
    textconv or other command a ``.git/config`` or ``.gitattributes`` names is run, and with
    attributes that keep every file as committed. The git calls of one revision share
    :data:`GIT_TIMEOUT` seconds; the archive is capped at :data:`MAX_ARCHIVE_BYTES` and
    unpacked with tarfile's ``data`` filter (no links out, no devices, no absolute paths). A
    revision that starts with ``-`` is refused (it would be read as an option).
    """
    if revision.startswith("-") or not revision.strip():
        raise UsageError(f"not a git revision: {revision!r}")
    deadline = time.monotonic() + GIT_TIMEOUT
    folder = repo_path if repo_path.is_dir() else repo_path.parent
    objects, sha, _prefix = _resolve(Path(os.path.abspath(folder)), revision, deadline)
    git = shutil.which("git") or "git"
    clean = {key: value for key, value in os.environ.items()
             if not key.startswith("GIT_")}
    clean.update(GIT_CONFIG_NOSYSTEM="1", GIT_CONFIG_GLOBAL=os.devnull, GIT_ATTR_NOSYSTEM="1",
                 GIT_TERMINAL_PROMPT="0", GIT_OPTIONAL_LOCKS="0", HOME=os.devnull)
    with tempfile.TemporaryDirectory(prefix="skillctl-audit-") as scratch:
        gitdir = Path(scratch) / "git"
        made = _git([git, "init", "-q", "--bare", "--template=", os.fspath(gitdir)], clean,
                    deadline, revision)
        if made.returncode != 0:
            raise UsageError(f"cannot read revision {revision!r}: "
                             f"{_first_line(made.stderr, 'git init failed')}")
        (gitdir / "objects" / "info").mkdir(parents=True, exist_ok=True)
        (gitdir / "objects" / "info" / "alternates").write_text(objects + "\n")
        (gitdir / "info").mkdir(exist_ok=True)
        (gitdir / "info" / "attributes").write_text(_NEUTRAL_ATTRIBUTES)
        archive = Path(scratch) / "tree.tar"
        with archive.open("wb") as out:
            process = subprocess.Popen(
                [git, "--git-dir", os.fspath(gitdir), "-c", "core.hooksPath=/dev/null",
                 "archive", "--format=tar", sha], stdout=subprocess.PIPE,
                stderr=subprocess.PIPE, stdin=subprocess.DEVNULL, env=clean)
            assert process.stdout is not None
            written = 0
            try:
                while chunk := process.stdout.read(1 << 16):
                    written += len(chunk)
                    if written > MAX_ARCHIVE_BYTES:
                        raise UsageError(f"{revision}: the tree is larger than "
                                         f"{MAX_ARCHIVE_BYTES // (1 << 20)} MiB")
                    if time.monotonic() > deadline:
                        raise subprocess.TimeoutExpired(process.args, GIT_TIMEOUT)
                    out.write(chunk)
                _, errors = process.communicate(timeout=max(0.1, deadline - time.monotonic()))
            except subprocess.TimeoutExpired:
                raise UsageError(f"git archive {revision} took longer than "
                                 f"{GIT_TIMEOUT:.0f} s") from None
            finally:
                if process.poll() is None:
                    process.kill()
                    process.wait()
        if process.returncode != 0:
            raise UsageError(f"cannot read revision {revision!r} of {repo_path}: "
                             f"{_first_line(errors, 'git archive failed')}")
        tree = Path(scratch) / "tree"
        tree.mkdir()
        with tarfile.open(archive) as tar:
            tar.extractall(tree, filter="data")
        archive.unlink()
        inside = repo_path.name if repo_path.is_file() else ""
        yield tree / inside if inside else tree


def run_diff(old: str, new: str, options: AuditOptions) -> AuditDiff:
    """``--diff OLD NEW``: two folders (no PATH), or two git revisions of PATH's tree."""
    paths = options.paths
    if not paths:
        old_path, new_path = Path(old), Path(new)
        hint = "for git revisions give the skill's path too: --diff REV1 REV2 PATH"
        for path in (old_path, new_path):
            if not path.exists():
                raise PathNotFoundError(path, f"--diff OLD NEW; {hint}")
            if not path.is_dir():
                raise UsageError(f"--diff OLD NEW: {path} is not a folder ({hint})")
        return diff_reports(_audit_tree(old_path, options), _audit_tree(new_path, options),
                            old_path, new_path, old, new)
    if len(paths) != 1:
        raise UsageError("--diff REV1 REV2 takes exactly one PATH (the skill or tree whose "
                         "history to compare)")
    target = paths[0]
    if not target.exists():
        raise PathNotFoundError(target)
    with revision_tree(target, old) as old_tree, revision_tree(target, new) as new_tree:
        return diff_reports(_audit_tree(old_tree, options), _audit_tree(new_tree, options),
                            old_tree, new_tree, f"{old}:{target}", f"{new}:{target}")


def _audit_tree(path: Path, options: AuditOptions) -> AuditReport:
    from dataclasses import replace

    return run_audit(replace(options, paths=(path,), use_cache=False))
