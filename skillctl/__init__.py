"""skillctl: inspect, lint and render agent skills the way each coding agent sees them."""

from __future__ import annotations

__version__ = "0.1.0"
