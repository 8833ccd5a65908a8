"""Safe writes (skillctl/fsio.py): atomic rename, mode kept, confinement, no half-written file.

Failures are injected for real where the OS allows it (RLIMIT_FSIZE makes ``write`` fail
with EFBIG in a child process; a FIFO or a directory stands where a file should be) and by
making ``os.fsync``/``os.replace`` raise where it does not.
"""

from __future__ import annotations

import errno
import os
import stat
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from skillctl.errors import SkillctlError
from skillctl.fsio import UnsafeWriteError, atomic_write_bytes, atomic_write_text

REPO = Path(__file__).resolve().parent.parent


def _leftovers(directory: Path) -> list[str]:
    return sorted(p.name for p in directory.iterdir() if p.name.endswith(".skillctl-tmp"))


def test_replaces_content_and_leaves_no_temp_file(tmp_path: Path) -> None:
    target = tmp_path / "SKILL.md"
    target.write_text("old\n")
    atomic_write_text(target, "new\r\nline endings kept\n")
    assert target.read_bytes() == b"new\r\nline endings kept\n"
    assert _leftovers(tmp_path) == []


def test_replaces_the_inode_not_the_content_in_place(tmp_path: Path) -> None:
    target = tmp_path / "SKILL.md"
    target.write_text("old\n")
    before = os.stat(target).st_ino
    with open(target, "rb") as reader:  # a reader holding the old file sees the old bytes
        atomic_write_bytes(target, b"new\n")
        assert reader.read() == b"old\n"
    assert os.stat(target).st_ino != before


@pytest.mark.parametrize("mode", [0o600, 0o644, 0o755, 0o700, 0o444])
def test_keeps_the_file_mode(tmp_path: Path, mode: int) -> None:
    target = tmp_path / "run.sh"
    target.write_text("#!/bin/sh\n")
    os.chmod(target, mode)
    atomic_write_text(target, "#!/bin/sh\necho hi\n")
    assert stat.S_IMODE(os.stat(target).st_mode) == mode


def test_new_file_is_created_readable(tmp_path: Path) -> None:
    target = tmp_path / "AGENTS.md"
    atomic_write_text(target, "x\n", confine_to=tmp_path)
    assert target.read_text() == "x\n"
    assert stat.S_IMODE(os.stat(target).st_mode) == 0o644  # not mkstemp's 0600


def test_symlink_inside_the_tree_is_written_through_and_kept(tmp_path: Path) -> None:
    real = tmp_path / "shared" / "SKILL.md"
    real.parent.mkdir()
    real.write_text("old\n")
    link = tmp_path / "skill" / "SKILL.md"
    link.parent.mkdir()
    link.symlink_to("../shared/SKILL.md")
    atomic_write_text(link, "new\n", confine_to=tmp_path)
    assert link.is_symlink()
    assert real.read_text() == "new\n"


def test_symlink_out_of_the_tree_is_refused(tmp_path: Path) -> None:
    outside = tmp_path / "outside.md"
    outside.write_text("precious\n")
    tree = tmp_path / "tree"
    tree.mkdir()
    link = tree / "SKILL.md"
    link.symlink_to(outside)
    with pytest.raises(UnsafeWriteError) as info:
        atomic_write_text(link, "overwritten\n", confine_to=tree)
    assert isinstance(info.value, SkillctlError) and info.value.exit_code == 2
    assert "outside" in str(info.value) and str(link) in str(info.value)
    assert outside.read_text() == "precious\n"
    assert link.is_symlink()
    assert _leftovers(tree) == [] and _leftovers(tmp_path) == []


def test_symlinked_parent_folder_out_of_the_tree_is_refused(tmp_path: Path) -> None:
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / "SKILL.md").write_text("precious\n")
    tree = tmp_path / "tree"
    tree.mkdir()
    (tree / "skill").symlink_to(elsewhere)
    with pytest.raises(UnsafeWriteError):
        atomic_write_text(tree / "skill" / "SKILL.md", "x\n", confine_to=tree)
    assert (elsewhere / "SKILL.md").read_text() == "precious\n"


def test_dotdot_out_of_the_tree_is_refused(tmp_path: Path) -> None:
    tree = tmp_path / "tree"
    tree.mkdir()
    with pytest.raises(UnsafeWriteError):
        atomic_write_text(tree / ".." / "escaped.md", "x\n", confine_to=tree)
    assert not (tmp_path / "escaped.md").exists()


def test_a_sibling_with_a_common_prefix_is_outside(tmp_path: Path) -> None:
    (tmp_path / "tree").mkdir()
    (tmp_path / "tree-evil").mkdir()
    with pytest.raises(UnsafeWriteError):
        atomic_write_text(tmp_path / "tree-evil" / "x.md", "x\n", confine_to=tmp_path / "tree")


def test_non_regular_targets_are_refused(tmp_path: Path) -> None:
    fifo = tmp_path / "SKILL.md"
    os.mkfifo(fifo)
    with pytest.raises(UnsafeWriteError):
        atomic_write_text(fifo, "x\n")
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)
    folder = tmp_path / "dir"
    folder.mkdir()
    with pytest.raises(UnsafeWriteError):
        atomic_write_text(folder, "x\n")
    os.symlink("/dev/zero", tmp_path / "zero")
    with pytest.raises(UnsafeWriteError):
        atomic_write_text(tmp_path / "zero", "x\n")
    assert _leftovers(tmp_path) == []


@pytest.mark.parametrize("where", ["fsync", "replace", "chmod"])
@pytest.mark.parametrize(
    "error", [OSError(errno.ENOSPC, "No space left on device"), KeyboardInterrupt()]
)
def test_original_intact_when_the_write_fails(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, where: str, error: BaseException
) -> None:
    target = tmp_path / "SKILL.md"
    target.write_text("original\n")
    os.chmod(target, 0o640)

    def fail(*args: object, **kwargs: object) -> None:
        raise error

    monkeypatch.setattr(os, where, fail)
    with pytest.raises(type(error)):
        atomic_write_text(target, "half-written\n")
    monkeypatch.undo()
    assert target.read_text() == "original\n"
    assert stat.S_IMODE(os.stat(target).st_mode) == 0o640
    assert _leftovers(tmp_path) == []


def test_original_intact_when_the_disk_refuses_the_bytes(tmp_path: Path) -> None:
    """A real write failure: RLIMIT_FSIZE makes write() fail with EFBIG part-way through."""
    target = tmp_path / "SKILL.md"
    target.write_text("original\n")
    child = textwrap.dedent(
        f"""
        import resource, signal, sys
        from pathlib import Path
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (4096, 4096))
        from skillctl.fsio import atomic_write_bytes
        try:
            atomic_write_bytes(Path({str(target)!r}), b"x" * 1_000_000)
        except OSError as exc:
            print("failed", exc.errno)
            sys.exit(0)
        sys.exit("the write did not fail")
        """
    )
    proc = subprocess.run(
        [sys.executable, "-c", child], capture_output=True, text=True, timeout=60, cwd=REPO
    )
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.split() == ["failed", str(errno.EFBIG)]
    assert target.read_text() == "original\n"
    assert _leftovers(tmp_path) == []


_WRITER = textwrap.dedent(
    """
    import sys
    from pathlib import Path
    from skillctl.fsio import atomic_write_bytes
    path, tag, rounds = Path(sys.argv[1]), sys.argv[2], int(sys.argv[3])
    payload = (tag * 20 + "\\n").encode() * 5000   # 100 KB: many write() calls
    for _ in range(rounds):
        atomic_write_bytes(path, payload, confine_to=path.parent)
    """
)


def test_concurrent_writers_never_leave_a_mixed_file(tmp_path: Path) -> None:
    target = tmp_path / "SKILL.md"
    target.write_bytes(b"start\n")
    tags = "abcdef"
    payloads = {(t * 20 + "\n").encode() * 5000 for t in tags} | {b"start\n"}
    writers = [
        subprocess.Popen([sys.executable, "-c", _WRITER, str(target), t, "40"], cwd=REPO)
        for t in tags
    ]
    seen = 0
    try:
        while any(w.poll() is None for w in writers):
            data = target.read_bytes()
            assert data in payloads, f"torn read: {len(data)} bytes, starts {data[:30]!r}"
            seen += 1
    finally:
        codes = [w.wait(timeout=120) for w in writers]
    assert codes == [0] * len(tags)
    assert target.read_bytes() in payloads
    assert seen > 0
    assert _leftovers(tmp_path) == []


def test_a_new_file_gets_the_mode_the_umask_allows(tmp_path: Path) -> None:
    old = os.umask(0o077)
    try:
        atomic_write_bytes(tmp_path / "new.md", b"x")
    finally:
        os.umask(old)
    assert stat.S_IMODE(os.stat(tmp_path / "new.md").st_mode) == 0o600
