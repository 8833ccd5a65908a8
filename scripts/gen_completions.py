"""Generate the shell completion scripts in ``completions/``.

Every TAB starts ``skillctl`` with ``_SKILLCTL_COMPLETE=complete_<protocol>``; the committed
files only change when that protocol or the program name does. bash and zsh use skillctl's own
scripts below, fish uses Typer's (``_SKILLCTL_COMPLETE=source_fish``, never
``--show-completion``, which guesses the shell). ``tests/test_ecosystem_generated.py`` fails
when they drift.

Why not Typer's bash and zsh scripts: its zsh script ``eval``s skillctl's output, whose quoting
leaves backslashes alone, so a skill folder named ``a *(e{touch\\ PWN}) `` next to one named
``z\\`` ran code on ``skillctl show <TAB>`` (issue 15 item 1); its bash script expands the
output unquoted (globbing) into COMPREPLY. Ours read one candidate per line (the bash protocol:
plain values, no quoting) into an array and hand it to the shell's own completion functions,
which quote what they insert; nothing skillctl prints is ever evaluated. skillctl itself only
offers names that need no quoting (``skillctl.cli.completion.shell_safe``).

Usage: python scripts/gen_completions.py [--check]
"""

from __future__ import annotations

import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
OUT_DIR = REPO / "completions"

#: shell -> file name, where each shell's installers expect it.
FILES = {
    "bash": "skillctl.bash",
    "zsh": "_skillctl",
    "fish": "skillctl.fish",
}

#: bash: candidates read line by line (no word splitting, no globbing of the output).
BASH = r"""# bash completion for skillctl. Nothing skillctl prints is evaluated: each output line is
# one candidate, read as plain text.
_skillctl_completion() {
    local line
    COMPREPLY=()
    while IFS= read -r line; do
        [[ -n $line ]] && COMPREPLY+=("$line")
    done < <(env COMP_WORDS="${COMP_WORDS[*]}" COMP_CWORD="$COMP_CWORD" \
                 _SKILLCTL_COMPLETE=complete_bash "$1" 2>/dev/null)
    return 0
}

complete -o default -F _skillctl_completion skillctl
"""

#: zsh: the bash protocol's lines into an array, added with compadd (which quotes them).
ZSH = r"""#compdef skillctl
# zsh completion for skillctl. Nothing skillctl prints is evaluated: each output line is one
# candidate, added with compadd, which quotes it for the command line.

_skillctl_completion() {
  local -a candidates
  candidates=("${(@f)$(env COMP_WORDS="${words[1,$CURRENT]}" COMP_CWORD=$((CURRENT - 1)) \
                         _SKILLCTL_COMPLETE=complete_bash skillctl 2>/dev/null)}")
  candidates=("${(@)candidates:#}")
  if (( ${#candidates} )); then
    compadd -- "${(@)candidates}"
  else
    _files
  fi
}

if [ "$funcstack[1]" = "_skillctl" ]; then
  _skillctl_completion "$@"
else
  compdef _skillctl_completion skillctl
fi
"""


def render(shell: str) -> str:
    """The completion script for ``shell``: our own for bash and zsh, Typer's for fish."""
    if shell == "bash":
        return BASH
    if shell == "zsh":
        return ZSH
    return typer_script(shell)


def typer_script(shell: str) -> str:
    """The script ``_SKILLCTL_COMPLETE=source_<shell>`` prints (only fish's is shipped: fish
    splits ``complete --arguments`` output into candidates without evaluating it)."""
    from typer.testing import CliRunner

    from skillctl.cli.app import app

    result = CliRunner().invoke(
        app, [], prog_name="skillctl", env={"_SKILLCTL_COMPLETE": f"source_{shell}"}
    )
    if result.exit_code != 0 or not result.stdout.strip():
        raise RuntimeError(f"no {shell} completion script (exit {result.exit_code}): "
                           f"{result.stderr or result.stdout}")
    return result.stdout.strip("\n") + "\n"


def render_all() -> dict[Path, str]:
    """Every completion file and its content."""
    return {OUT_DIR / name: render(shell) for shell, name in FILES.items()}


def main(argv: list[str] | None = None) -> int:
    """Write the scripts, or with ``--check`` report which committed ones are stale."""
    args = sys.argv[1:] if argv is None else argv
    stale = []
    for path, text in render_all().items():
        current = path.read_text(encoding="utf-8") if path.exists() else None
        if "--check" in args:
            if current != text:
                stale.append(path)
            continue
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        print(f"wrote {path.relative_to(REPO)}")
    for path in stale:
        print(f"{path.relative_to(REPO)} is out of date: run python scripts/gen_all.py",
              file=sys.stderr)
    return 1 if stale else 0


if __name__ == "__main__":
    sys.exit(main())
