"""Adversarial skill trees: each case writes one hostile skill (or path) below a root.

Every builder takes a root directory, writes its case below it and returns the path a user
would hand to skillctl (a skill directory, or the hostile file itself). The :data:`CASES`
registry says what the parser is expected to report for each case, so tests can be
parametrized from it. Run this module to write every case into a directory by hand::

    python -m tests.hostile.generate /tmp/hostile-tree

Disk use stays small: the 100 MB SKILL.md is sparse, the 10,000-level block map is written
once (about 50 MB), and everything else is a few hundred kilobytes at most.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

#: Name of the file a YAML tag would create if it were ever executed.
MARKER = "PWNED-marker"

GOOD_FRONTMATTER = (
    "name: {name}\ndescription: Does {name} things. Use when the user asks for {name}.\n"
)


def _skill(root: Path, name: str, raw: bytes) -> Path:
    directory = root / name
    directory.mkdir(parents=True, exist_ok=True)
    (directory / "SKILL.md").write_bytes(raw)
    return directory


def _fm(body_yaml: str, body: str = "# Title\n\nBody.\n") -> bytes:
    return f"---\n{body_yaml}---\n{body}".encode()


def good_skill(root: Path, name: str = "good-skill") -> Path:
    """A valid skill, placed next to hostile ones to prove the run goes on."""
    return _skill(root, name, _fm(GOOD_FRONTMATTER.format(name=name)))


# --------------------------------------------------------------------------- YAML bombs


def alias_bomb(root: Path) -> Path:
    """Billion laughs: nine levels of nine aliases each (387 million nodes if expanded)."""
    lines = [
        "name: alias-bomb",
        "description: Billion laughs. Use when testing.",
        'a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]',
    ]
    prev = "a"
    for label in "bcdefgh":
        lines.append(f"{label}: &{label} [{','.join(['*' + prev] * 9)}]")
        prev = label
    lines.append(f"i: [{','.join(['*' + prev] * 9)}]")
    return _skill(root, "alias-bomb", _fm("\n".join(lines) + "\n"))


def deep_flow_seq(root: Path) -> Path:
    """10,000 nested flow sequences: ``[[[[...]]]]``."""
    value = "[" * 10_000 + "]" * 10_000
    return _skill(root, "deep-flow-seq", _fm(f"name: deep-flow-seq\ndescription: x\nv: {value}\n"))


def deep_flow_map(root: Path) -> Path:
    """10,000 nested flow mappings: ``{a: {a: ... 1}}``."""
    value = "{a: " * 10_000 + "1" + "}" * 10_000
    return _skill(root, "deep-flow-map", _fm(f"name: deep-flow-map\ndescription: x\nv: {value}\n"))


def deep_flow_wide(root: Path) -> Path:
    """Flow nesting just under Python's recursion limit, then 40,000 items at the bottom.

    ruamel's scanner re-checks every open flow level for each token, so this costs
    ``depth x tokens`` steps; the frontmatter size cap is what keeps it bounded.
    """
    value = "[" * 400 + "a," * 40_000 + "]" * 400
    return _skill(
        root, "deep-flow-wide", _fm(f"name: deep-flow-wide\ndescription: x\nv: {value}\n")
    )


def deep_block_map(root: Path) -> Path:
    """700 nested block mappings, one space of indent per level (fits the frontmatter cap)."""
    levels = "".join(" " * i + f"k{i}:\n" for i in range(700)) + " " * 700 + "x: 1\n"
    return _skill(root, "deep-block-map", _fm("name: deep-block-map\ndescription: x\n" + levels))


def deep_block_map_10k(root: Path) -> Path:
    """10,000 nested block mappings (about 50 MB of indentation; the read cap cuts it)."""
    directory = root / "deep-block-map-10k"
    directory.mkdir(parents=True, exist_ok=True)
    with open(directory / "SKILL.md", "wb") as handle:
        handle.write(b"---\nname: deep-block-map-10k\ndescription: x\n")
        for i in range(10_000):
            handle.write(b" " * i + b"k%d:\n" % i)
        handle.write(b" " * 10_000 + b"x: 1\n---\nBody.\n")
    return directory


def deep_block_seq(root: Path) -> Path:
    """10,000 nested block sequences on one line: ``- - - - ... a``."""
    return _skill(
        root,
        "deep-block-seq",
        _fm("name: deep-block-seq\ndescription: x\nv:\n  " + "- " * 10_000 + "a\n"),
    )


def many_keys(root: Path) -> Path:
    """30,000 top-level keys: more nodes than the YAML node cap."""
    keys = "".join(f"k{i}: v\n" for i in range(30_000))
    return _skill(root, "many-keys", _fm("name: many-keys\ndescription: x\n" + keys))


def huge_int(root: Path) -> Path:
    """An integer with 100,000 digits (Python refuses to convert more than 4,300)."""
    return _skill(
        root, "huge-int", _fm("name: huge-int\ndescription: x\nn: 1" + "0" * 100_000 + "\n")
    )


def infinite_float(root: Path) -> Path:
    """Floats that overflow to infinity and NaN: JSON has no spelling for them."""
    return _skill(
        root,
        "infinite-float",
        _fm("name: infinite-float\ndescription: x\nbig: 1e999999\nneg: -.inf\nnan: .nan\n"),
    )


def python_tags(root: Path) -> Path:
    """YAML tags that an unsafe loader would turn into calls creating :data:`MARKER`."""
    directory = root / "python-tags"
    directory.mkdir(parents=True, exist_ok=True)
    marker = directory / MARKER
    yaml = (
        "name: python-tags\n"
        f"description: !!python/object/apply:os.system ['touch {marker}']\n"
        f"a: !!python/object/new:subprocess.Popen [['touch', '{marker}']]\n"
        f"b: !!python/object/apply:subprocess.check_call [['touch', '{marker}']]\n"
        "c: !!python/name:os.system\n"
        "d: !!python/module:os\n"
        f"e: !!python/object:pathlib.Path {{path: '{marker}'}}\n"
        f"f: !custom {{x: 1}}\n"
        "g: !!binary aGVsbG8=\n"
        "h: !!set {a, b}\n"
        "i: !!omap [a: 1, b: 2]\n"
    )
    (directory / "SKILL.md").write_bytes(_fm(yaml))
    return directory


# --------------------------------------------------------------------------- bytes


def huge_sparse(root: Path) -> Path:
    """A 100 MB SKILL.md: valid frontmatter, then a hole of NUL bytes (sparse on disk)."""
    directory = root / "huge-sparse"
    directory.mkdir(parents=True, exist_ok=True)
    with open(directory / "SKILL.md", "wb") as handle:
        handle.write(_fm(GOOD_FRONTMATTER.format(name="huge-sparse")))
        handle.truncate(100 * 1024 * 1024)
    return directory


def huge_text(root: Path) -> Path:
    """A 6 MB SKILL.md of real text: the frontmatter is fine, the body is cut at the cap."""
    body = "All work and no play makes a skill a dull skill.\n" * 130_000
    return _skill(root, "huge-text", _fm(GOOD_FRONTMATTER.format(name="huge-text"), body))


def long_line(root: Path) -> Path:
    """One 3 MB line in the frontmatter (bigger than the frontmatter cap)."""
    return _skill(root, "long-line", _fm("name: long-line\ndescription: " + "x" * 3_000_000 + "\n"))


def binary(root: Path) -> Path:
    """A PNG header and random-looking bytes saved as SKILL.md."""
    data = b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + bytes(range(256)) * 16
    return _skill(root, "binary", data)


def nul_in_frontmatter(root: Path) -> Path:
    """A NUL byte inside a frontmatter value."""
    return _skill(
        root,
        "nul-in-frontmatter",
        b"---\nname: nul-in-frontmatter\ndescription: a\x00b\n---\nBody.\n",
    )


def invalid_utf8(root: Path) -> Path:
    """A byte that is not UTF-8 on line 3 of the file."""
    return _skill(
        root,
        "invalid-utf8",
        b"---\nname: invalid-utf8\ndescription: caf\xe9 and \xff\xfe\n---\nBody.\n",
    )


def utf16_le(root: Path) -> Path:
    """UTF-16 little-endian with a BOM (what some Windows editors save)."""
    text = "---\nname: utf16-le\ndescription: x\n---\nBody.\n"
    return _skill(root, "utf16-le", b"\xff\xfe" + text.encode("utf-16-le"))


def utf16_be(root: Path) -> Path:
    """UTF-16 big-endian with a BOM."""
    text = "---\nname: utf16-be\ndescription: x\n---\nBody.\n"
    return _skill(root, "utf16-be", b"\xfe\xff" + text.encode("utf-16-be"))


def utf16_no_bom(root: Path) -> Path:
    """UTF-16 without a BOM: every other byte is NUL."""
    text = "---\nname: utf16-no-bom\ndescription: x\n---\nBody.\n"
    return _skill(root, "utf16-no-bom", text.encode("utf-16-le"))


def empty_file(root: Path) -> Path:
    """A zero-byte SKILL.md."""
    return _skill(root, "empty-file", b"")


def only_dashes(root: Path) -> Path:
    """A SKILL.md that is just ``---``."""
    return _skill(root, "only-dashes", b"---\n")


def cr_only(root: Path) -> Path:
    """Old Mac line endings (CR only)."""
    return _skill(root, "cr-only", b"---\rname: cr-only\rdescription: x\r---\rBody.\r")


def dashes_block(root: Path) -> Path:
    """``---`` inside an indented block scalar: part of the value, not a delimiter."""
    return _skill(
        root, "dashes-block", _fm("name: dashes-block\ndescription: |\n  before\n  ---\n  after\n")
    )


def dashes_quoted(root: Path) -> Path:
    """``---`` at column 0 inside a multi-line quoted value: agents end the frontmatter there."""
    return _skill(
        root, "dashes-quoted", _fm('name: dashes-quoted\ndescription: "before\n---\nafter"\n')
    )


def dashes_inline(root: Path) -> Path:
    """``---`` in the middle of a value and a key named ``---x``."""
    return _skill(
        root, "dashes-inline", _fm("name: dashes-inline\ndescription: a --- b\n'---x': y\n")
    )


# --------------------------------------------------------------------------- file system


def fifo(root: Path) -> Path:
    """A named pipe called SKILL.md (opening it for reading would block forever)."""
    directory = root / "fifo"
    directory.mkdir(parents=True, exist_ok=True)
    os.mkfifo(directory / "SKILL.md")
    return directory


def dir_named_skill_md(root: Path) -> Path:
    """A directory called SKILL.md."""
    directory = root / "dir-named-skill-md"
    (directory / "SKILL.md").mkdir(parents=True, exist_ok=True)
    return directory


def dev_zero(root: Path) -> Path:
    """SKILL.md is a symlink to /dev/zero (an endless stream of NUL bytes)."""
    directory = root / "dev-zero"
    directory.mkdir(parents=True, exist_ok=True)
    os.symlink("/dev/zero", directory / "SKILL.md")
    return directory


def self_link(root: Path) -> Path:
    """SKILL.md is a symlink to itself (ELOOP)."""
    directory = root / "self-link"
    directory.mkdir(parents=True, exist_ok=True)
    os.symlink("SKILL.md", directory / "SKILL.md")
    return directory


def dangling_link(root: Path) -> Path:
    """SKILL.md is a symlink to a file that does not exist."""
    directory = root / "dangling-link"
    directory.mkdir(parents=True, exist_ok=True)
    os.symlink("nowhere/SKILL.md", directory / "SKILL.md")
    return directory


def symlink_loop(root: Path) -> Path:
    """A valid skill whose folders link back to themselves and to each other."""
    directory = _skill(root, "symlink-loop", _fm(GOOD_FRONTMATTER.format(name="symlink-loop")))
    os.symlink(".", directory / "self")
    os.symlink("..", directory / "parent")
    (directory / "a").mkdir()
    (directory / "b").mkdir()
    os.symlink("../b", directory / "a" / "to-b")
    os.symlink("../a", directory / "b" / "to-a")
    return directory


def unreadable_file(root: Path) -> Path:
    """SKILL.md with mode 000 (only denies reads to a non-root user)."""
    directory = _skill(
        root, "unreadable-file", _fm(GOOD_FRONTMATTER.format(name="unreadable-file"))
    )
    os.chmod(directory / "SKILL.md", 0)
    return directory


def unreadable_dir(root: Path) -> Path:
    """A folder with mode 000 holding a skill (only denies a non-root user)."""
    outer = root / "unreadable-dir"
    _skill(outer, "hidden-skill", _fm(GOOD_FRONTMATTER.format(name="hidden-skill")))
    os.chmod(outer, 0)
    return outer


def non_utf8_names(root: Path) -> Path:
    """A skill folder and a script whose names are not valid UTF-8 (made through bytes paths)."""
    base = os.fsencode(root)
    directory = os.path.join(base, b"bad-name-\xff\xfe")
    os.makedirs(os.path.join(directory, b"scripts"), exist_ok=True)
    with open(os.path.join(directory, b"SKILL.md"), "wb") as handle:
        handle.write(_fm("name: bad-name\ndescription: A folder name that is not UTF-8.\n"))
    with open(os.path.join(directory, b"scripts", b"run-\xe9.sh"), "wb") as handle:
        handle.write(b"#!/bin/sh\necho hi\n")
    os.chmod(os.path.join(directory, b"scripts", b"run-\xe9.sh"), 0o755)
    return Path(os.fsdecode(directory))


DEEP_CHAIN_LEVELS = 10_000


def deep_dirs(root: Path, levels: int = DEEP_CHAIN_LEVELS) -> Path:
    """A chain of ``levels`` nested folders with a SKILL.md at the bottom (and at level 3).

    The full path is far longer than PATH_MAX, so it is built with directory file
    descriptors. Remove it with :func:`remove_tree` (``shutil.rmtree`` recurses in Python).
    """
    top = root / "deep-dirs"
    top.mkdir(parents=True, exist_ok=True)
    fd = os.open(top, os.O_RDONLY | os.O_DIRECTORY)
    try:
        for level in range(levels):
            os.mkdir("d", dir_fd=fd)
            child = os.open("d", os.O_RDONLY | os.O_DIRECTORY, dir_fd=fd)
            os.close(fd)
            fd = child
            if level == 2:
                _write_at(fd, _fm(GOOD_FRONTMATTER.format(name="d")))
        _write_at(fd, _fm(GOOD_FRONTMATTER.format(name="d")))
    finally:
        os.close(fd)
    return top


def _write_at(dir_fd: int, data: bytes) -> None:
    handle = os.open("SKILL.md", os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644, dir_fd=dir_fd)
    try:
        os.write(handle, data)
    finally:
        os.close(handle)


def remove_tree(path: Path) -> None:
    """Remove a tree that may be too deep for ``shutil.rmtree`` or have mode-000 folders."""
    if not os.path.lexists(path):
        return
    subprocess.run(["chmod", "-R", "u+rwx", str(path)], check=False, capture_output=True)
    subprocess.run(["rm", "-rf", "--", str(path)], check=False, capture_output=True)
    if os.path.lexists(path):  # pragma: no cover - rm missing
        shutil.rmtree(path, ignore_errors=True)


# --------------------------------------------------------------------------- registry


@dataclass(frozen=True)
class Case:
    """One hostile case and what the parser should say about its SKILL.md."""

    name: str
    build: Callable[[Path], Path]
    #: problem codes parse_file must report for ``<built>/SKILL.md`` (all of them)
    codes: frozenset[str] = frozenset()
    #: the walk of a tree holding this case yields a Candidate for it
    found_by_walk: bool = True
    #: reads need a non-root user to be denied
    needs_non_root: bool = False
    #: expensive: run it in a memory- and time-limited subprocess
    heavy: bool = False
    #: keys the frontmatter must still hold (the file is hostile but its frontmatter is not)
    keeps: frozenset[str] = field(default_factory=frozenset)


def _c(name: str, build: Callable[[Path], Path], *codes: str, **kw: object) -> Case:
    return Case(name, build, frozenset(codes), **kw)  # type: ignore[arg-type]


CASES: dict[str, Case] = {
    case.name: case
    for case in (
        _c("alias-bomb", alias_bomb, "yaml-syntax"),
        _c("deep-flow-seq", deep_flow_seq, "yaml-syntax", heavy=True),
        _c("deep-flow-map", deep_flow_map, "yaml-syntax", heavy=True),
        _c("deep-flow-wide", deep_flow_wide, "yaml-syntax", heavy=True),
        _c("deep-block-map", deep_block_map, "yaml-syntax"),
        _c(
            "deep-block-map-10k",
            deep_block_map_10k,
            "file-too-large",
            "unclosed-frontmatter",
            heavy=True,
        ),
        _c("deep-block-seq", deep_block_seq, "yaml-syntax"),
        _c("many-keys", many_keys, "yaml-syntax"),
        _c("huge-int", huge_int, "yaml-syntax"),
        _c("infinite-float", infinite_float, keeps=frozenset({"name", "big", "nan"})),
        _c("python-tags", python_tags, keeps=frozenset({"name", "description", "a", "c"})),
        _c(
            "huge-sparse",
            huge_sparse,
            "file-too-large",
            "not-utf8",
            heavy=True,
            keeps=frozenset({"name", "description"}),
        ),
        _c(
            "huge-text",
            huge_text,
            "file-too-large",
            heavy=True,
            keeps=frozenset({"name", "description"}),
        ),
        _c("long-line", long_line, "yaml-syntax"),
        _c("binary", binary, "not-utf8", "no-frontmatter"),
        _c("nul-in-frontmatter", nul_in_frontmatter, "not-utf8"),
        _c("invalid-utf8", invalid_utf8, "not-utf8", keeps=frozenset({"name", "description"})),
        _c("utf16-le", utf16_le, "not-utf8"),
        _c("utf16-be", utf16_be, "not-utf8"),
        _c("utf16-no-bom", utf16_no_bom, "not-utf8"),
        _c("empty-file", empty_file, "no-frontmatter"),
        _c("only-dashes", only_dashes, "unclosed-frontmatter"),
        _c("cr-only", cr_only, keeps=frozenset({"name", "description"})),
        _c("dashes-block", dashes_block, keeps=frozenset({"name", "description"})),
        _c("dashes-quoted", dashes_quoted, "yaml-syntax"),
        _c("dashes-inline", dashes_inline, keeps=frozenset({"name", "description", "---x"})),
        _c("fifo", fifo, "unreadable", found_by_walk=False),
        _c("dir-named-skill-md", dir_named_skill_md, "unreadable", found_by_walk=False),
        _c("dev-zero", dev_zero, "unreadable", found_by_walk=False),
        _c("self-link", self_link, "unreadable", found_by_walk=False),
        _c("dangling-link", dangling_link, "unreadable", found_by_walk=False),
        _c("symlink-loop", symlink_loop, keeps=frozenset({"name", "description"})),
        _c("unreadable-file", unreadable_file, "unreadable", needs_non_root=True),
        _c("non-utf8-names", non_utf8_names, keeps=frozenset({"name", "description"})),
    )
}
"""Cases whose SKILL.md is a file (or path) parse_file is handed directly."""

#: Cases that are about folders rather than one SKILL.md.
TREE_CASES: dict[str, Callable[[Path], Path]] = {
    "unreadable-dir": unreadable_dir,
    "deep-dirs": deep_dirs,
}


def build_all(
    root: Path, *, include_heavy: bool = True, include_trees: bool = True
) -> dict[str, Path]:
    """Write every case (and a good skill) below ``root``; return case name -> path."""
    root.mkdir(parents=True, exist_ok=True)
    built = {"good-skill": good_skill(root)}
    for case in CASES.values():
        if include_heavy or not case.heavy:
            built[case.name] = case.build(root)
    if include_trees:
        for name, build in TREE_CASES.items():
            built[name] = build(root)
    return built


if __name__ == "__main__":  # pragma: no cover - manual use
    if len(sys.argv) != 2:
        sys.exit("usage: python -m tests.hostile.generate DIR")
    for case_name, where in sorted(build_all(Path(sys.argv[1])).items()):
        print(f"{case_name}\t{where}")
