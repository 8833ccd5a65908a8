"""Official installers that vendors publish as ``curl … | sh``.

A skill that pipes a vendor's own installer into a shell still runs code it did not pin, so
it is reported; but the code comes from the party whose tool the skill installs, over HTTPS,
and is what that vendor's documentation tells every user to run. Hand-sampled on public
collections (docs/rule-precision.md), these were the bulk of ``remote-code-pipeline``
errors and no reviewer called one of them an attack. They are warnings; any other source
(an unknown host, plain HTTP, a raw IP, a paste or shortener) stays an error.

An entry is a host, or a host and a path prefix where the host serves anyone's files
(``raw.githubusercontent.com/Homebrew/install/``). Add one only for the install command a
vendor documents on its own site.
"""

from __future__ import annotations

from urllib.parse import urlsplit

#: host → path prefixes ("" for the whole host)
_OFFICIAL: dict[str, tuple[str, ...]] = {
    "aka.ms": ("/installazurecli",),               # Azure CLI (Microsoft's own redirector)
    "aspire.dev": ("/install",),                   # .NET Aspire CLI
    "astral.sh": ("",),                            # uv, ruff
    "bun.sh": ("/install",),                       # Bun
    "claude.ai": ("/install.sh",),                 # Claude Code
    "deno.land": ("/install",),                    # Deno
    "fluxcd.io": ("/install.sh",),                 # Flux
    "get.docker.com": ("",),                       # Docker
    "get.pnpm.io": ("/install.sh",),               # pnpm
    "install.python-poetry.org": ("",),            # Poetry
    "moonrepo.dev": ("/install/",),                # proto, moon
    "ollama.com": ("/install.sh",),                # Ollama
    "opencode.ai": ("/install",),                  # OpenCode
    "run.linkerd.io": ("/install",),               # Linkerd
    "sdk.cloud.google.com": ("",),                 # Google Cloud SDK
    "sh.rustup.rs": ("",),                         # rustup
    "raw.githubusercontent.com": (
        "/homebrew/install/",                      # Homebrew
        "/nvm-sh/nvm/",                            # nvm
        "/helm/helm/",                             # Helm
        "/render-oss/cli/",                        # Render CLI
    ),
}


def is_official_installer(url: str) -> bool:
    """True for an HTTPS URL of a vendor's documented installer (see the module docstring)."""
    try:
        parts = urlsplit(url.strip().rstrip(".,;:"))
    except ValueError:
        return False
    host = (parts.hostname or "").lower()
    if parts.scheme.lower() != "https" or parts.port not in (None, 443):
        return False
    prefixes = _OFFICIAL.get(host)
    if prefixes is None and host.startswith("www."):
        prefixes = _OFFICIAL.get(host[4:])
    if prefixes is None:
        return False
    path = parts.path.lower()
    return any(path.startswith(prefix) for prefix in prefixes)
