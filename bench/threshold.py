#!/usr/bin/env python3
"""Measure where skillctl's process pool starts to pay (``skillctl.parallel.THRESHOLD``).

Usage: ``python bench/threshold.py [CORPUS] [--runs 9]`` (CORPUS defaults to
``bench/out/corpus-2000``; make it with ``python bench/run.py --sizes 2000 --generate-only``).

Two measurements, because a shared machine makes wall times noisy:

1. a model from CPU times, which load barely moves: ``c`` = parsing and linting one skill
   (what a worker does, :func:`skillctl.lint.engine.lint_one`), ``p`` = pickling its two
   paths to a worker and its result and summary back, ``F`` = starting and joining a pool of
   2 workers. On 2 idle cores the pool wins once ``n * c / 2 + n * p + F < n * c``, that is
   above ``n* = F / (c / 2 - p)``;
2. direct medians of wall time, serial versus pool, for a range of sizes (only meaningful
   when the machine is otherwise idle; the load average is printed next to them).
"""

from __future__ import annotations

import argparse
import os
import pickle
import statistics
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent


def _noop(x: int) -> int:
    return x


def main() -> int:
    """Print the model's break-even point and the direct timings."""
    parser = argparse.ArgumentParser()
    parser.add_argument("corpus", nargs="?", default=str(HERE / "out" / "corpus-2000"))
    parser.add_argument("--runs", type=int, default=9)
    parser.add_argument("--sizes", default="10,25,50,100,200,400")
    args = parser.parse_args()

    import functools

    from skillctl import parallel
    from skillctl.collect import candidates_for
    from skillctl.lint.config import resolve_config
    from skillctl.lint.engine import lint_one
    from skillctl.lint.registry import registered

    root = Path(args.corpus)
    config = resolve_config(start=root, config_path=None, agents=(), select=(), ignore=(),
                            strict=False)
    candidates = [(c.dir, c.entry) for c in candidates_for([root])[0]][:400]
    registered()
    job = functools.partial(lint_one, config=config)
    job(candidates[0])

    start = time.process_time()
    results = [job(pair) for pair in candidates]
    c = (time.process_time() - start) / len(candidates)
    start = time.process_time()
    for pair, r in zip(candidates, results, strict=True):
        pickle.loads(pickle.dumps(pair))
        pickle.loads(pickle.dumps(r))
    p = (time.process_time() - start) / len(candidates)
    fixed = []
    for _ in range(args.runs):
        t = time.perf_counter()
        parallel.map_ordered(_noop, [1, 2], jobs=2, threshold=0)
        fixed.append(time.perf_counter() - t)
    f = min(fixed)  # the least disturbed start: closest to an idle machine
    print(f"parse+lint per skill c = {c * 1000:.2f} ms, pickling per skill p = {p * 1000:.3f} ms, "
          f"pool start+join F = {f * 1000:.1f} ms (min of {args.runs})")
    if c / 2 > p:
        print(f"model: the pool pays above n* = F / (c/2 - p) = {f / (c / 2 - p):.0f} skills")
    print(f"load average {os.getloadavg()[0]:.2f}")
    for n in (int(x) for x in args.sizes.split(",")):
        items = candidates[:n]
        serial, pooled = [], []
        for _ in range(args.runs):
            t = time.perf_counter()
            parallel.map_ordered(job, items, jobs=1)
            serial.append(time.perf_counter() - t)
            t = time.perf_counter()
            parallel.map_ordered(job, items, jobs=2, threshold=0)
            pooled.append(time.perf_counter() - t)
        s_med, p_med = statistics.median(serial), statistics.median(pooled)
        print(f"n={n:4d}: serial {s_med * 1000:7.1f} ms, pool {p_med * 1000:7.1f} ms, "
              f"pool/serial {p_med / s_med:.2f} (load {os.getloadavg()[0]:.1f})", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
