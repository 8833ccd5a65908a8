import argparse
import os
import subprocess
import tomllib
from pathlib import Path

CONFIG = Path.home() / ".config" / "backup-tool" / "config.toml"
TEMPLATE = '''# backup-tool configuration
repository = "sftp:backup@nas.example.com:/srv/restic"
password_file = "~/.config/backup-tool/password"
paths = ["~/projects"]
'''


def load() -> dict[str, object]:
    with CONFIG.open("rb") as handle:
        return tomllib.load(handle)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--init", action="store_true")
    parser.add_argument("--restore", nargs=2, metavar=("SNAPSHOT", "DIR"))
    args = parser.parse_args()
    if args.init:
        CONFIG.parent.mkdir(parents=True, exist_ok=True)
        CONFIG.write_text(TEMPLATE)
        return
    config = load()
    env = dict(os.environ, RESTIC_REPOSITORY=str(config["repository"]),
               RESTIC_PASSWORD_FILE=os.path.expanduser(str(config["password_file"])))
    if args.restore:
        snapshot, target = args.restore
        subprocess.run(["restic", "restore", snapshot, "--target", target], env=env, check=True)
    else:
        paths = [os.path.expanduser(p) for p in config["paths"]]  # type: ignore[attr-defined]
        subprocess.run(["restic", "backup", *paths], env=env, check=True)


if __name__ == "__main__":
    main()
