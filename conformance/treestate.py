"""A case's tree as it was before an agent ran, and putting it back afterwards.

Agents write into the home they are given (Claude Code ``~/.claude.json`` and its
``installed_plugins.json``, Codex its System skills under ``$CODEX_HOME``, Gemini CLI
``~/.gemini``). skillctl must judge the tree the agent judged, so the suite records every path
and the bytes of every regular file before a driver runs, and afterwards removes what was
created, rewrites what was changed and recreates what was removed.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import stat
from dataclasses import dataclass, field
from pathlib import Path


@dataclass
class TreeState:
    root: Path
    #: path -> (mode, bytes) for regular files, (mode, link target) for links, (mode, None)
    #: for folders
    entries: dict[str, tuple[int, bytes | str | None]] = field(default_factory=dict)

    @classmethod
    def capture(cls, root: Path) -> TreeState:
        state = cls(root)
        for folder, dirs, files in os.walk(root):
            for name in dirs + files:
                state._record(os.path.join(folder, name))
        return state

    def _record(self, path: str) -> None:
        st = os.lstat(path)
        if stat.S_ISLNK(st.st_mode):
            self.entries[path] = (st.st_mode, os.readlink(path))
        elif stat.S_ISREG(st.st_mode):
            with open(path, "rb") as handle:
                self.entries[path] = (st.st_mode, handle.read())
        else:
            self.entries[path] = (st.st_mode, None)

    def restore(self) -> None:
        """Put the tree back as it was captured (created paths removed first, deepest last)."""
        now = TreeState.capture(self.root)
        for path in sorted(set(now.entries) - set(self.entries), key=len):
            if not os.path.lexists(path):
                continue  # inside a folder removed just before
            if os.path.isdir(path) and not os.path.islink(path):
                shutil.rmtree(path, ignore_errors=True)
            else:
                with contextlib.suppress(FileNotFoundError):
                    os.unlink(path)
        for path in sorted(self.entries, key=len):
            mode, content = self.entries[path]
            if now.entries.get(path) == (mode, content):
                continue
            if stat.S_ISDIR(mode):
                os.makedirs(path, exist_ok=True)
                os.chmod(path, stat.S_IMODE(mode))
            elif stat.S_ISLNK(mode):
                with contextlib.suppress(FileNotFoundError):
                    os.unlink(path)
                os.symlink(str(content), path)
            elif stat.S_ISREG(mode):
                if os.path.lexists(path) and not os.path.isfile(path):
                    shutil.rmtree(path, ignore_errors=True)
                assert isinstance(content, bytes)
                Path(path).write_bytes(content)
                os.chmod(path, stat.S_IMODE(mode))
