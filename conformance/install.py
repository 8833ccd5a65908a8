"""Install the pinned agents from the npm registry into a cache kept between runs.

Each pin goes to ``<cache>/<id>-<version>/`` (``npm install --prefix``); a finished install
leaves a ``.complete`` stamp, so a second run on the same machine costs nothing and an
interrupted one is redone. The cache is ``$SKILLCTL_CONFORMANCE_CACHE``, else
``$XDG_CACHE_HOME/skillctl-conformance``, else ``~/.cache/skillctl-conformance``: outside the
clone, so that a fresh clone in CI reuses it.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

PINS_FILE = Path(__file__).with_name("pins.json")
#: seconds one ``npm install`` may take before the run fails
INSTALL_TIMEOUT = 900


class InstallError(Exception):
    """A pinned agent could not be installed: the run fails with this one-line reason."""


@dataclass(frozen=True)
class Pin:
    id: str
    package: str
    version: str
    node: str | None = None  # id of a pinned Node.js this package runs (and installs) with


def load_pins(path: Path = PINS_FILE) -> dict[str, Pin]:
    data = json.loads(path.read_text(encoding="utf-8"))
    return {key: Pin(key, value["package"], value["version"], value.get("node"))
            for key, value in data.items() if not key.startswith("_")}


def cache_dir() -> Path:
    explicit = os.environ.get("SKILLCTL_CONFORMANCE_CACHE")
    if explicit:
        return Path(explicit)
    xdg = os.environ.get("XDG_CACHE_HOME")
    base = Path(xdg) if xdg else Path.home() / ".cache"
    return base / "skillctl-conformance"


def prefix(pin: Pin) -> Path:
    """Where ``pin`` is (or will be) installed."""
    safe = pin.version.replace("/", "_")
    return cache_dir() / f"{pin.id}-{safe}"


def package_dir(pin: Pin) -> Path:
    """The installed package's own folder (``node_modules/<package>``)."""
    return prefix(pin) / "node_modules" / pin.package


def bin_path(pin: Pin, name: str) -> Path:
    """An executable the package put in ``node_modules/.bin``."""
    return prefix(pin) / "node_modules" / ".bin" / name


def node_bin_dir(pin: Pin) -> Path | None:
    """The ``bin`` folder of the pinned Node.js ``pin`` runs with (None: the machine's)."""
    if pin.node is None:
        return None
    node = load_pins()[pin.node]
    return package_dir(node) / "bin"


def run_env(pin: Pin, env: dict[str, str]) -> dict[str, str]:
    """``env`` with the pinned Node.js (if ``pin`` has one) first on PATH."""
    folder = node_bin_dir(pin)
    if folder is None:
        return env
    return {**env, "PATH": f"{folder}{os.pathsep}{env.get('PATH', '')}"}


def is_installed(pin: Pin) -> bool:
    return (prefix(pin) / ".complete").is_file()


def install(pin: Pin) -> Path:
    """Install ``pin`` unless the cache has it; return its prefix. Raises InstallError."""
    target = prefix(pin)
    if is_installed(pin):
        return target
    npm = shutil.which("npm")
    if npm is None:
        raise InstallError(f"{pin.id}: npm is not on PATH (needed to install "
                           f"{pin.package}@{pin.version})")
    if pin.node is not None:
        install(load_pins()[pin.node])
    if target.exists():
        shutil.rmtree(target)  # an interrupted install: start again
    target.mkdir(parents=True)
    (target / "package.json").write_text('{"private": true}\n', encoding="utf-8")
    command = [npm, "install", "--prefix", str(target), "--no-audit", "--no-fund",
               "--no-save", "--loglevel=error", f"{pin.package}@{pin.version}"]
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=INSTALL_TIMEOUT,
                              stdin=subprocess.DEVNULL, check=False,
                              env=run_env(pin, dict(os.environ)))
    except subprocess.TimeoutExpired:
        raise InstallError(f"{pin.id}: npm install {pin.package}@{pin.version} did not finish "
                           f"in {INSTALL_TIMEOUT} s") from None
    if done.returncode != 0:
        last = (done.stderr.strip().splitlines() or ["(no output)"])[-1]
        raise InstallError(f"{pin.id}: npm install {pin.package}@{pin.version} failed "
                           f"(exit {done.returncode}): {last}")
    (target / ".complete").write_text(f"{pin.package}@{pin.version}\n", encoding="utf-8")
    return target


def install_all(ids: list[str] | None = None) -> dict[str, Path]:
    """Install every pin (or those named); the first failure raises InstallError."""
    pins = load_pins()
    chosen = ids if ids is not None else list(pins)
    return {key: install(pins[key]) for key in chosen}
