"""Generate the shell completion scripts in ``completions/`` from the Typer app.

Typer's scripts are small stubs that call back into skillctl with
``_SKILLCTL_COMPLETE=complete_<shell>`` on every TAB, so the committed files only change when
Typer's protocol or the program name does. They are generated with the env-var protocol
(``_SKILLCTL_COMPLETE=source_<shell>``), never with ``--show-completion``, which guesses the
shell; ``tests/test_ecosystem_generated.py`` fails when they drift.

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


def render(shell: str) -> str:
    """The completion script for ``shell``, as ``_SKILLCTL_COMPLETE=source_<shell>`` prints it."""
    from typer.testing import CliRunner

    from skillctl.cli.app import app

    result = CliRunner().invoke(
        app, [], prog_name="skillctl", env={"_SKILLCTL_COMPLETE": f"source_{shell}"}
    )
    if result.exit_code != 0 or not result.stdout.strip():
        raise RuntimeError(f"no {shell} completion script (exit {result.exit_code}): "
                           f"{result.stderr or result.stdout}")
    text = result.stdout.strip("\n") + "\n"
    return zsh_autoload(text) if shell == "zsh" else text


def zsh_autoload(text: str) -> str:
    """Make Typer's zsh script work both sourced and autoloaded from ``site-functions``.

    compinit only registers a file in ``$fpath`` whose *first line* is ``#compdef``, and an
    autoloaded ``_skillctl`` must complete on its first call instead of only registering a
    function (the pattern cobra uses); sourced from ``.zshrc`` it still calls ``compdef``.
    """
    register = "compdef _skillctl_completion skillctl"
    if not text.startswith("#compdef skillctl") or register not in text:
        raise RuntimeError("unexpected zsh completion script from Typer; update the transform")
    call = (
        'if [ "$funcstack[1]" = "_skillctl" ]; then\n'
        '  _skillctl_completion "$@"\n'
        "else\n"
        f"  {register}\n"
        "fi"
    )
    return text.replace(register, call)


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
