"""Hard limits that keep every run bounded in time and memory, whatever is on disk.

They are documented in SECURITY.md and the README; change them together.
"""

from __future__ import annotations

#: Configuration files (skillctl.toml, pyproject.toml) larger than this are refused.
MAX_CONFIG_BYTES = 4 * 1024 * 1024
#: Baseline files larger than this are refused (about 200,000 findings).
MAX_BASELINE_BYTES = 64 * 1024 * 1024
#: Bytes of a SKILL.md that are read at all; the rest of a larger file is never loaded.
MAX_READ_BYTES = 4 * 1024 * 1024
#: Claude Code skips a SKILL.md larger than this (``file-too-large``).
CLAUDE_MAX_FILE_BYTES = 1_000_000
#: Frontmatter larger than this is not handed to a YAML parser.
MAX_FRONTMATTER_BYTES = 256 * 1024
#: YAML nodes (after alias expansion) and nesting depth accepted in frontmatter.
MAX_YAML_NODES = 20_000
MAX_YAML_DEPTH = 64
#: Directory walks: how deep and how many entries before a scan stops (and says so).
MAX_SCAN_DEPTH = 32
MAX_SCAN_ENTRIES = 200_000
#: Files listed per skill directory.
MAX_SKILL_FILES = 2_000
MAX_SKILL_FILE_DEPTH = 8
