import os
import subprocess
from pathlib import Path


def load_dotenv(path: Path) -> dict[str, str]:
    values: dict[str, str] = {}
    for line in path.read_text().splitlines():
        line = line.strip()
        if line and not line.startswith("#") and "=" in line:
            key, _, value = line.partition("=")
            values[key.strip()] = value.strip().strip('"')
    return values


if __name__ == "__main__":
    env = dict(os.environ, **load_dotenv(Path(".env")))
    subprocess.run(["uvicorn", "app:app", "--reload", "--host", "127.0.0.1"], env=env, check=False)
