"""Where code piped into a shell comes from: a vendor's documented installer, a named HTTPS
source, or a source with no name to hold to account.

A skill that pipes a vendor's own installer into a shell still runs code it did not pin, so
it is reported; but the code comes from the party whose tool the skill installs, over HTTPS,
and is what that vendor's documentation tells every user to run. Hand-sampled on public
collections (docs/rule-precision.md), these were the bulk of ``remote-code-pipeline``
errors and no reviewer called one of them an attack. They are warnings.

The same held for installers of smaller projects that no list can keep up with (a CLI's own
``install.sh`` on ``raw.githubusercontent.com/<owner>/<repo>/``, a penetration-testing tool's
release): four samples of unseen collections gave 12 ``remote-code-pipeline`` errors on such
lines and not one that a reviewer called an attack. Statically, a malicious
``https://get.tool.example/i.sh`` and an honest one look the same; what tells an attack apart
is a source nobody can be held to (:func:`named_https_source` is false): plain HTTP, a raw
IP, a paste or file-drop service, a URL shortener, a collector. Those stay errors; a named
HTTPS source is a warning (unpinned code, still an alarm that ``audit`` and ``--select
security`` show).

An entry is a host, or a host and a path prefix where the host serves anyone's files
(``raw.githubusercontent.com/Homebrew/install/``). Add one only for the install command a
vendor documents on its own site.
"""

from __future__ import annotations

from urllib.parse import urlsplit

from skillctl.security.facts import endpoint_kind, host_of

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


def named_https_source(url: str) -> bool:
    """True for an HTTPS URL on the default port whose host is a domain name (not an IP
    address) and not a paste, file-drop, shortener, collector or chat-webhook service."""
    try:
        parts = urlsplit(url.strip().rstrip(".,;:"))
        port = parts.port
    except ValueError:
        return False
    host = host_of(url.strip())
    if parts.scheme.lower() != "https" or port not in (None, 443) or "." not in host:
        return False
    if host.replace(".", "").isdigit() or ":" in host:  # an IPv4 or IPv6 literal
        return False
    return endpoint_kind(url) is None
