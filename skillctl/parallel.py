"""Map a function over many items on every core, above a measured threshold, in input order.

Small runs stay in one process: starting workers costs more than it saves (see
docs/benchmarks.md for the measurement behind :data:`THRESHOLD`). Results always come back in
the order of the input, so output is the same whatever the number of workers. When a pool
cannot be started or breaks (a sandbox without ``fork``, a killed worker), the work is done
serially instead: parallelism may make a run faster, never make it fail.

On Linux the pool is ``jobs - 1`` forked children plus this process, which works too: all of
them take chunks of the input from one shared pipe (so a process slowed by other jobs simply
takes fewer), and each child sends each chunk's results back, pickled, through its own pipe,
which this process empties between its own chunks. No feeder or result thread competes with
the workers for the cores. Elsewhere (macOS, where ``fork`` is unsafe, or when this process
already runs threads) a :class:`~concurrent.futures.ProcessPoolExecutor` does the same job.

``SKILLCTL_JOBS`` sets the number of worker processes (``1`` turns the pool off).
"""

from __future__ import annotations

import contextlib
import functools
import os
import sys
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    from multiprocessing.context import BaseContext

T = TypeVar("T")
R = TypeVar("R")

#: Items below which one process is faster than a pool (measured, docs/benchmarks.md).
THRESHOLD = 1000
#: Skills a lint worker should get at least: half the measured break-even of 2 workers
#: (~500 skills), so a machine with many cores starts as many workers as the run can use.
MIN_SKILLS_PER_WORKER = 250
#: Chunks per worker: enough to balance uneven items, few enough to keep overhead low.
_CHUNKS_PER_WORKER = 4
#: Items per chunk handed out by the forked pool's pipe (a chunk costs one 4-byte read).
_FORK_CHUNK = 16
#: At most this many chunks: their 4-byte numbers are written before any child reads one,
#: so they must fit in the smallest buffer Linux gives a pipe (one page, when a user has
#: used up their pipe pages).
_MAX_FORK_CHUNKS = 1024
_TOKEN = 4
#: New container objects between two collections of the youngest generation during a map
#: (Python's default is 700; see :func:`_gc_frozen`).
_YOUNG_THRESHOLD = 50_000


def usable_cores() -> int:
    """The CPUs this process may run on (its affinity mask where the platform has one)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return max(1, os.cpu_count() or 1)


def jobs_wanted(jobs: int | None = None) -> int:
    """Worker count: ``jobs`` if given, else ``$SKILLCTL_JOBS``, else every usable core.

    A worker parses and lints skills from their paths, so only two paths go to it and a
    result and a summary come back; measured on 2 cores, 2 workers lint 2,000 skills about
    1.5x faster than one process, and lose below ~500 skills (docs/benchmarks.md), hence
    :data:`THRESHOLD`. ``SKILLCTL_JOBS=1`` keeps everything in one process.
    """
    if jobs is None:
        raw = os.environ.get("SKILLCTL_JOBS", "").strip()
        if raw.isdigit() and int(raw) > 0:
            jobs = int(raw)
    if jobs is None or jobs < 1:
        jobs = usable_cores()
    return max(1, jobs)


def use_pool(count: int, jobs: int, threshold: int = THRESHOLD) -> bool:
    """Whether ``count`` items are worth a pool of ``jobs`` workers."""
    return jobs > 1 and count >= threshold


def map_ordered(
    func: Callable[[T], R],
    items: Sequence[T],
    *,
    jobs: int | None = None,
    threshold: int = THRESHOLD,
    min_per_worker: int = 1,
) -> list[R]:
    """``[func(x) for x in items]``, spread over worker processes when that pays.

    ``func`` must be a module-level function and the items and results picklable. Exceptions
    raised by ``func`` propagate as they would serially (the one of the first failing item).
    No worker is started for fewer than ``min_per_worker`` items (on a machine with many
    cores, a small run gets a few workers, not one per core).
    """
    workers = min(jobs_wanted(jobs), max(1, len(items) // max(1, min_per_worker)))
    with _gc_frozen():
        if not use_pool(len(items), workers, threshold):
            return [func(item) for item in items]
        if _forks_safely():
            return _map_forked(func, items, workers)
        return _map_executor(func, items, workers)


@contextlib.contextmanager
def _gc_frozen() -> Iterator[None]:
    """Keep what is alive now out of the garbage collector's reach for the duration, and
    collect the youngest generation only every :data:`_YOUNG_THRESHOLD` new objects.

    A forked worker shares this process's memory until it writes to it, and the collector
    writes to every object it visits: frozen, those pages stay shared instead of being copied
    into each worker. In one process it spares the full collections that thousands of new
    results would trigger over every module, rule and schema loaded (measured: 2,000 skills
    spent ~35 ms collecting, ~15 ms frozen). Nothing is frozen if something else froze first.

    Linting a skill leaves no reference cycle behind, so a collection of the young objects
    finds nothing to free; it only walks the results kept so far (about ten objects a
    skill): at the default threshold of 700, ~60 collections took ~15 ms of 2,000 skills'
    run. A higher threshold keeps collections (so memory stays bounded should some input
    make cycles) but makes them rare. The caller's thresholds are restored afterwards.
    """
    import gc

    thresholds = gc.get_threshold()
    gc.set_threshold(max(thresholds[0], _YOUNG_THRESHOLD), *thresholds[1:])
    frozen = not gc.get_freeze_count()
    if frozen:
        gc.freeze()
    try:
        yield
    finally:
        if frozen:
            gc.unfreeze()
        gc.set_threshold(*thresholds)


def _forks_safely() -> bool:
    """Whether this process may fork its own workers: Linux, and no other thread running
    (a lock held by another thread at the fork would stay held in the child forever)."""
    if not sys.platform.startswith("linux") or not hasattr(os, "fork"):
        return False
    import threading

    return threading.active_count() == 1


# -- the forked pool (Linux) ------------------------------------------------------------------

#: A chunk that raised: the item's index, the exception, its formatted traceback.
_Failure = tuple[int, BaseException, str]
#: Frames on a child's result pipe: this many bytes of length, then a pickled
#: ``(token, results)`` of a chunk done, or ``(-1, failure)`` of the chunk that raised.
_FRAME_HEADER = 8


def _map_forked(func: Callable[[T], R], items: Sequence[T], workers: int) -> list[R]:
    """``jobs - 1`` forked children and this process share the chunks of ``items``."""
    import signal

    size = max(1, min(_FORK_CHUNK, len(items) // (workers * _CHUNKS_PER_WORKER)))
    size = max(size, -(-len(items) // _MAX_FORK_CHUNKS))
    count = -(-len(items) // size)
    try:
        tokens_r, tokens_w = os.pipe()
    except OSError:
        return [func(item) for item in items]
    tokens = b"".join(i.to_bytes(_TOKEN, "little") for i in range(count))
    try:
        os.set_blocking(tokens_w, False)  # a full pipe must not hang the run
        written = os.write(tokens_w, tokens)
    except OSError:
        written = 0
    finally:
        os.close(tokens_w)  # every reader sees the end of the pipe once it is empty
    if written != len(tokens):
        os.close(tokens_r)
        return [func(item) for item in items]
    children: list[tuple[int, int]] = []  # (pid, read end of its result pipe)
    try:
        try:
            # ^C while forking would be swallowed by fork's at-fork hooks ("Exception ignored
            # in ... _releaseLock"): hold it back until every child is started (and ignores
            # it); a ^C held back is raised on leaving this block, where it kills them.
            with _sigint_held() as previous_mask:
                work = functools.partial(
                    _take_chunks, func, items, size, tokens_r, remote=True
                )
                for _ in range(workers - 1):
                    started = _fork_child(work, children, previous_mask)
                    if started is None:
                        break  # fork failed (process limit, memory): the others do the work
                    children.append(started)
            inbox = _Inbox([fd for _, fd in children])
            by_chunk: dict[int, list[Any]] = {}

            def keep(token: int, chunk: list[Any]) -> None:
                by_chunk[token] = chunk
                inbox.drain()  # a child's pipe must not fill up and stop it

            failure = _take_chunks(func, items, size, tokens_r, keep)
            inbox.drain(until_closed=True)
        except BaseException:
            # ^C (exit 130) or an error of this process: no child may outlive the run.
            for pid, _ in children:
                with contextlib.suppress(OSError):
                    os.kill(pid, signal.SIGKILL)
            raise
        finally:
            for pid, fd in children:
                with contextlib.suppress(OSError):
                    os.close(fd)
                with contextlib.suppress(OSError):
                    os.waitpid(pid, 0)
    finally:
        os.close(tokens_r)
    by_chunk.update(inbox.chunks)
    failures = inbox.failures if failure is None else [*inbox.failures, failure]
    return _assemble(func, items, size, count, by_chunk, failures)


def _fork_child(
    work: Callable[[Callable[[int, list[Any]], None]], _Failure | None],
    siblings: Sequence[tuple[int, int]],
    mask: set[int] | None,
    close: Sequence[int] = (),
) -> tuple[int, int] | None:
    """Fork one worker; in the parent return its pid and result pipe, in the child never
    return: it closes ``close`` and its siblings' pipes, runs ``work`` (which hands each
    chunk's results to the sender it is given), writes a failure, and exits without running
    any clean-up."""
    import signal

    try:
        result_r, result_w = os.pipe()
    except OSError:
        return None
    try:
        pid = os.fork()
    except OSError:
        os.close(result_r)
        os.close(result_w)
        return None
    if pid:
        os.close(result_w)
        return pid, result_r
    status = 1
    try:  # the child: nothing below may return into the caller's code
        signal.signal(signal.SIGINT, signal.SIG_IGN)  # ^C is the parent's to handle
        if mask is not None:
            signal.pthread_sigmask(signal.SIG_SETMASK, mask)
        os.close(result_r)
        for fd in (*close, *(fd for _, fd in siblings)):
            os.close(fd)

        def send(token: int, chunk: list[Any]) -> None:
            _send(result_w, (token, chunk))

        failure = work(send)
        if failure is not None:
            _send(result_w, (-1, failure))
        status = 0
    finally:
        os._exit(status)  # no atexit handlers, no flushing of buffers copied from the parent


def _take_chunks(
    func: Callable[[T], R],
    items: Sequence[T],
    size: int,
    tokens: int,
    done: Callable[[int, list[Any]], None],
    *,
    remote: bool = False,
) -> _Failure | None:
    """Run ``func`` on chunk after chunk taken from the shared pipe, handing each chunk's
    results to ``done``, until the pipe is empty (None) or an item raises (its failure;
    ``remote``: with the traceback as text, which does not survive pickling)."""
    while True:
        token = _read_token(tokens)
        if token is None:
            return None
        start = token * size
        chunk: list[Any] = []
        for index in range(start, min(start + size, len(items))):
            try:
                chunk.append(func(items[index]))
            except Exception as exc:
                if not remote:
                    return index, exc, ""
                import traceback

                return index, exc, traceback.format_exc()
        done(token, chunk)


def _read_token(fd: int) -> int | None:
    """The next chunk number from the shared pipe, or None when it is empty.

    All numbers are written before any process reads, and Linux serves a pipe read under
    the pipe's lock, so each 4-byte read gets one whole number and no number goes twice.
    """
    data = _read_exactly(fd, _TOKEN)
    return int.from_bytes(data, "little") if data else None


def _read_exactly(fd: int, size: int) -> bytes:
    """``size`` bytes from a pipe, or b"" at its end (whole tokens, see :func:`_read_token`)."""
    data = os.read(fd, size)
    while 0 < len(data) < size:  # never seen; a short read would only split a token
        more = os.read(fd, size - len(data))
        if not more:
            return b""
        data += more
    return data


def _send(fd: int, message: tuple[int, Any]) -> None:
    """Write one pickled frame to a child's result pipe.

    What cannot be pickled is not sent: the parent then does that chunk itself (and, for a
    failure, raises the error there, as a serial run would).
    """
    import pickle

    try:
        data = pickle.dumps(message, protocol=pickle.HIGHEST_PROTOCOL)
    except Exception:
        return
    view = memoryview(len(data).to_bytes(_FRAME_HEADER, "little") + data)
    while view:
        view = view[os.write(fd, view) :]


class _Inbox:
    """The frames the children send, read as they come (without waiting) and unpickled."""

    def __init__(self, fds: Sequence[int]) -> None:
        self.chunks: dict[int, list[Any]] = {}
        self.failures: list[_Failure] = []
        self._pending: dict[int, bytearray] = {}
        for fd in fds:
            self.add(fd)

    def add(self, fd: int) -> None:
        """Read a further child's pipe too."""
        self._pending[fd] = bytearray()
        os.set_blocking(fd, False)

    def drain(self, *, until_closed: bool = False) -> None:
        """Take what the children have written so far, or (``until_closed``) everything
        until each has closed its pipe: finished, failed or killed."""
        for fd in list(self._pending):
            if until_closed:
                os.set_blocking(fd, True)
            buffer = self._pending[fd]
            while True:
                try:
                    part = os.read(fd, 1 << 16)
                except BlockingIOError:
                    break
                if not part:
                    del self._pending[fd]  # a frame cut short by a death is left out
                    break
                buffer += part
            self._unpack(buffer)

    def _unpack(self, buffer: bytearray) -> None:
        import pickle

        start = 0
        while len(buffer) - start >= _FRAME_HEADER:
            length = int.from_bytes(buffer[start : start + _FRAME_HEADER], "little")
            end = start + _FRAME_HEADER + length
            if end > len(buffer):
                break
            try:
                token, value = pickle.loads(buffer[start + _FRAME_HEADER : end])
            except Exception:
                token, value = -2, None  # unreadable: its chunk is done again here
            start = end
            if token >= 0:
                self.chunks[token] = value
            elif token == -1:
                self.failures.append(value)
        del buffer[:start]


def _assemble(
    func: Callable[[T], R],
    items: Sequence[T],
    size: int,
    count: int,
    by_chunk: dict[int, list[Any]],
    failures: list[_Failure],
) -> list[R]:
    """Put the chunks back in input order; run here what no process reported (a killed
    child's chunks); raise the failure of the first failing item, as a serial run would."""
    failed_chunks = {index // size for index, _, _ in failures}
    out: list[R] = []
    for token in range(count):
        chunk = by_chunk.get(token)
        if chunk is None and token not in failed_chunks:
            chunk = []
            for index in range(token * size, min(token * size + size, len(items))):
                try:
                    chunk.append(func(items[index]))
                except Exception as exc:
                    failures.append((index, exc, ""))
                    break
        if chunk is not None:
            out.extend(chunk)
    if failures:
        _, error, remote = min(failures, key=lambda failure: failure[0])
        if remote:
            error.__cause__ = _RemoteTraceback(remote)
        raise error
    return out


class _RemoteTraceback(Exception):
    """The traceback of an exception raised in a worker (shown as the cause)."""

    def __init__(self, text: str) -> None:
        super().__init__(text)
        self.text = text

    def __str__(self) -> str:
        return f'\n"""\n{self.text}"""'


# -- the streamed pool: items handed out while they are still being produced (Linux) -----------

#: A streamed chunk's token: its number, then the offset and length of its pickled items in
#: the buffer all processes share (8 + 4 + 4 bytes: a pipe never splits one, see
#: :func:`_read_token`, and a page holds a whole number of them).
_STREAM_TOKEN = 16
#: The shared buffer's size: address space only, pages are used as chunks are written. A
#: chunk that does not fit (more than ~100,000 skills' paths) is done by this process.
_STREAM_BUFFER = 32 << 20
_NEVER = 1 << 62


def map_streamed(
    func: Callable[[T], R],
    items: Iterable[T],
    *,
    jobs: int | None = None,
    threshold: int = THRESHOLD,
    min_per_worker: int = 1,
) -> list[R]:
    """``[func(x) for x in items]`` like :func:`map_ordered`, for items that take time to
    produce (a directory walk): workers start as soon as ``threshold`` items are known and
    take chunks while this process goes on producing the rest; this process takes its share
    of the chunks once ``items`` is exhausted.

    The guarantees of :func:`map_ordered` hold: results in input order, the exception of the
    first failing item (and no item consumed after a failure this process met), the work
    done here when no worker can be started or one dies, ``SKILLCTL_JOBS=1`` one process
    (all items produced first, then done), no worker for fewer than ``threshold`` items, and
    one worker more each time ``min_per_worker`` further items are known, up to ``jobs``.
    An exception raised by ``items`` itself, or ^C, kills and reaps every worker.
    """
    wanted = jobs_wanted(jobs)
    per_worker = max(1, min_per_worker)
    with _gc_frozen():
        if wanted <= 1:  # produce everything first, as a run below the threshold does
            return [func(item) for item in list(items)]
        if not _forks_safely():
            listed = list(items)
            workers = min(wanted, max(1, len(listed) // per_worker))
            if not use_pool(len(listed), workers, threshold):
                return [func(item) for item in listed]
            return _map_executor(func, listed, workers)
        return _Stream(func, wanted, threshold, per_worker).run(items)


class _Stream:
    """The state of one :func:`map_streamed` on forked workers.

    Chunk ``k`` is ``items[k * size : (k + 1) * size]`` (the last may be shorter). A chunk is
    pickled into an anonymous shared memory buffer, created before any fork, and its token
    written to a pipe all workers read; a chunk that cannot be handed out (buffer or pipe
    full, items that do not pickle) is done here at once. Results come back as in
    :func:`_map_forked`, through one pipe per child.
    """

    def __init__(
        self, func: Callable[[T], R], wanted: int, threshold: int, per_worker: int
    ) -> None:
        self.func: Callable[[Any], Any] = func
        self.wanted = wanted
        self.threshold = threshold
        self.per_worker = per_worker
        self.size = _FORK_CHUNK
        self.items: list[Any] = []
        self.sent = 0  # items chunked so far (a multiple of size until the last chunk)
        self.count = 0  # chunks made
        self.by_chunk: dict[int, list[Any]] = {}
        self.failures: list[_Failure] = []
        self.children: list[tuple[int, int]] = []
        self.inbox = _Inbox(())
        self.tokens_r = self.tokens_w = -1
        self.buffer: Any = None  # mmap.mmap
        self.used = 0  # bytes of the buffer written
        self.next_worker_at = 0  # items known when the next worker is due
        self.started = False
        self.refused = False  # no pool could be set up: everything is done here

    def run(self, items: Iterable[Any]) -> list[Any]:
        """Consume ``items``, handing chunks out as they fill; then work, collect, assemble."""
        try:
            for item in items:
                self.items.append(item)
                if self.started:
                    if len(self.items) - self.sent >= self.size:
                        self._hand_out(len(self.items))
                        if self.failures:
                            break
                    if len(self.items) >= self.next_worker_at:
                        self._grow()
                elif len(self.items) >= self.threshold and not self.refused:
                    self._start()
                    if self.failures:
                        break
            if not self.started:
                return [self.func(item) for item in self.items]
            if not self.failures and self.sent < len(self.items):
                self._hand_out(len(self.items))
            os.close(self.tokens_w)  # every reader sees the end once the pipe is empty
            self.tokens_w = -1
            if not self.failures:
                self._work_here()
            self.inbox.drain(until_closed=True)
        except BaseException:
            # ^C (exit 130) or an error of this process: no child may outlive the run.
            import signal

            for pid, _ in self.children:
                with contextlib.suppress(OSError):
                    os.kill(pid, signal.SIGKILL)
            raise
        finally:
            self._close()
        self.by_chunk.update(self.inbox.chunks)
        del self.items[self.sent :]  # what came after a failure here was never chunked
        return _assemble(
            self.func,
            self.items,
            self.size,
            self.count,
            self.by_chunk,
            [*self.inbox.failures, *self.failures],
        )

    def _workers_for(self, count: int) -> int:
        return min(self.wanted, max(1, count // self.per_worker))

    def _start(self) -> None:
        """Set up the pipe and the buffer, fork the first children, hand out what is known."""
        import mmap
        import pickle  # noqa: F401  (imported once here, not after the fork in every process)

        if self._workers_for(len(self.items)) < 2:
            return
        try:
            self.buffer = mmap.mmap(-1, _STREAM_BUFFER)
            self.tokens_r, self.tokens_w = os.pipe()
            os.set_blocking(self.tokens_w, False)  # a full pipe must not hang the run
        except (OSError, ValueError):
            self.refused = True
            self._close()
            return
        self._grow()
        if not self.children:  # not one fork succeeded (process limit, memory)
            self.refused = True
            self._close()
            return
        self.started = True
        whole = len(self.items) - len(self.items) % self.size
        for end in range(self.sent + self.size, whole + 1, self.size):
            self._hand_out(end)
            if self.failures:
                return

    def _grow(self) -> None:
        """Fork children until there are as many processes as the items known so far use;
        ``next_worker_at`` is then how many items make the next one worth it."""
        want = self._workers_for(len(self.items)) - 1
        work = functools.partial(_take_streamed, self.func, self.size, self.tokens_r, self.buffer)
        # ^C while forking would be swallowed by fork's at-fork hooks: held back until the
        # children are started (and ignore it); a ^C held back is raised on leaving.
        with _sigint_held() as previous_mask:
            while len(self.children) < want:
                started = _fork_child(work, self.children, previous_mask, (self.tokens_w,))
                if started is None:  # a process limit, no memory: no further worker
                    self.next_worker_at = _NEVER
                    return
                self.children.append(started)
                self.inbox.add(started[1])
        more = len(self.children) + 1 < self.wanted
        self.next_worker_at = (len(self.children) + 2) * self.per_worker if more else _NEVER

    def _hand_out(self, end: int) -> None:
        """Make ``items[sent:end]`` the next chunk: hand it to the workers, or do it here."""
        import pickle

        token, start = self.count, self.sent
        self.count += 1
        self.sent = end
        try:
            data = pickle.dumps(self.items[start:end], protocol=pickle.HIGHEST_PROTOCOL)
        except Exception:
            data = None
        offset = self.used
        if data is not None and offset + len(data) <= _STREAM_BUFFER:
            self.buffer[offset : offset + len(data)] = data
            frame = (
                token.to_bytes(8, "little")
                + offset.to_bytes(4, "little")
                + len(data).to_bytes(4, "little")
            )
            try:
                os.write(self.tokens_w, frame)
            except BlockingIOError:
                pass
            else:
                self.used += len(data)
                self.inbox.drain()  # a child's pipe must not fill up and stop it
                return
        self._do(token, start, end)

    def _do(self, token: int, start: int, end: int) -> None:
        """Run one chunk here; its results go to ``by_chunk``, a failure to ``failures``."""
        chunk = []
        for index in range(start, end):
            try:
                chunk.append(self.func(self.items[index]))
            except Exception as exc:
                self.failures.append((index, exc, ""))
                return
        self.by_chunk[token] = chunk
        self.inbox.drain()

    def _work_here(self) -> None:
        """This process's share: chunks from the pipe (their items are in hand here)."""
        while True:
            data = _read_exactly(self.tokens_r, _STREAM_TOKEN)
            if not data:
                return
            token = int.from_bytes(data[:8], "little")
            start = token * self.size
            self._do(token, start, min(start + self.size, len(self.items)))
            if self.failures:
                return

    def _close(self) -> None:
        for fd in (self.tokens_r, self.tokens_w):
            if fd >= 0:
                with contextlib.suppress(OSError):
                    os.close(fd)
        self.tokens_r = self.tokens_w = -1
        for pid, fd in self.children:
            with contextlib.suppress(OSError):
                os.close(fd)
            with contextlib.suppress(OSError):
                os.waitpid(pid, 0)
        self.children = []
        if self.buffer is not None:
            self.buffer.close()
            self.buffer = None


def _take_streamed(
    func: Callable[[T], R],
    size: int,
    tokens: int,
    buffer: Any,
    done: Callable[[int, list[Any]], None],
) -> _Failure | None:
    """A child's work in :func:`map_streamed`: chunk after chunk from the pipe, its items
    unpickled from the shared buffer, until the pipe ends (None) or an item raises."""
    import pickle

    while True:
        data = _read_exactly(tokens, _STREAM_TOKEN)
        if not data:
            return None
        token = int.from_bytes(data[:8], "little")
        offset = int.from_bytes(data[8:12], "little")
        length = int.from_bytes(data[12:], "little")
        try:
            items = pickle.loads(buffer[offset : offset + length])
        except Exception:
            continue  # not sent back: this process does the chunk itself
        chunk: list[Any] = []
        for position, item in enumerate(items):
            try:
                chunk.append(func(item))
            except Exception as exc:
                import traceback

                return token * size + position, exc, traceback.format_exc()
        done(token, chunk)


# -- the executor pool (macOS, Windows, threaded callers) -------------------------------------


def _map_executor(func: Callable[[T], R], items: Sequence[T], workers: int) -> list[R]:
    """The same map on a :class:`~concurrent.futures.ProcessPoolExecutor`."""
    from concurrent.futures import ProcessPoolExecutor
    from concurrent.futures.process import BrokenProcessPool

    chunksize = max(1, len(items) // (workers * _CHUNKS_PER_WORKER))
    try:
        executor = ProcessPoolExecutor(
            max_workers=workers, mp_context=_context(), initializer=_ignore_sigint
        )
    except (OSError, ValueError, NotImplementedError):
        return [func(item) for item in items]
    try:
        with _sigint_held():
            pending = executor.map(func, items, chunksize=chunksize)
        results = list(pending)
    except KeyboardInterrupt:
        # ^C reaches the whole process group; only this process acts on it (exit 130).
        executor.shutdown(wait=False, cancel_futures=True)
        raise
    except (BrokenProcessPool, OSError):
        executor.shutdown(wait=True, cancel_futures=True)
        return [func(item) for item in items]
    executor.shutdown(wait=True)
    return results


@contextlib.contextmanager
def _sigint_held() -> Iterator[set[int] | None]:
    """Block SIGINT in this thread for the duration; a ^C meanwhile is raised at the end.

    Yields the signal mask to restore (None where signals cannot be masked)."""
    import signal

    if not hasattr(signal, "pthread_sigmask"):
        yield None
        return
    previous = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield set(previous)
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, previous)


def _ignore_sigint() -> None:
    """Workers leave ^C to the main process, which cancels the pool and exits with 130."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _context() -> BaseContext | None:
    """``fork`` where it is safe and cheap (Linux): workers inherit the imported modules."""
    import multiprocessing

    # macOS offers fork but system libraries may crash in a forked child: keep its default.
    if sys.platform != "darwin" and "fork" in multiprocessing.get_all_start_methods():
        return multiprocessing.get_context("fork")
    return None
