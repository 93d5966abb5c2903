"""SIGTERM as Ctrl-C, so a stopped run still destroys its clusters.

xdist, CI runners, `timeout` and `kill` stop a process with SIGTERM, whose default action ends
it at once: no `finally`, no atexit, so its domains, networks and overlays would be left to
`python -m lab gc`. Inside `sigterm_as_interrupt()` the first SIGTERM raises KeyboardInterrupt
instead (the cleanup paths already handle Ctrl-C). Further SIGTERMs in the next `grace_s`
seconds are ignored with a message, so a supervisor that repeats the signal cannot cut the
cleanup short; SIGKILL still stops the process at once.
"""
from __future__ import annotations

import signal
import sys
import threading
import time

GRACE_S = 120.0


class sigterm_as_interrupt:
    """Context manager; does nothing off the main thread or where a SIGTERM handler is set."""

    def __init__(self, grace_s: float = GRACE_S) -> None:
        self.grace_s = grace_s
        self._old = None
        self._first: float | None = None

    def __enter__(self) -> "sigterm_as_interrupt":
        if threading.current_thread() is threading.main_thread():
            current = signal.getsignal(signal.SIGTERM)
            if current in (signal.SIG_DFL, None):
                self._old = current
                signal.signal(signal.SIGTERM, self._handle)
        return self

    def __exit__(self, *exc) -> None:
        if self._old is not None and signal.getsignal(signal.SIGTERM) == self._handle:
            signal.signal(signal.SIGTERM, self._old)
        self._old = None

    @property
    def installed(self) -> bool:
        return self._old is not None

    @property
    def received(self) -> bool:
        """A SIGTERM arrived (and was turned into KeyboardInterrupt)."""
        return self._first is not None

    def _handle(self, signum, frame) -> None:
        now = time.monotonic()
        if self._first is not None and now - self._first < self.grace_s:
            print(f"opsbench: SIGTERM again while cleaning up: ignored for {self.grace_s - (now - self._first):.0f} s "
                  "more; SIGKILL stops at once (then run `python3 -m lab gc`)", file=sys.stderr, flush=True)
            return
        self._first = now
        raise KeyboardInterrupt(f"signal {signum} (SIGTERM)")
