"""Pausing Python's cyclic garbage collector around work that makes no cycles."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def paused_gc() -> Iterator[None]:
    """Keep the cyclic garbage collector off for the block (restored after it).

    Discovery and the report writers build many long-lived objects and almost no cycles;
    every full collection walks all of them again. It cost ``list`` on 10,000 skills about
    half of its CPU time, and writing 100,000 findings 0.1 s. Reference counting still frees
    everything that is dropped.
    """
    if not gc.isenabled():
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        gc.enable()
