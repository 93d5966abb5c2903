"""Who owns a lab resource: every cluster writes an owner file before it creates anything, and
names every domain, network and overlay `ob-<key>-…`. `python -m lab gc` removes what belongs to
an owner whose process is gone."""
from __future__ import annotations

import json
import os
import signal
import socket
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path

from lab import paths


def _start_time(pid: int) -> str | None:
    """Process start time (clock ticks since boot): guards against PID reuse. None for a gone
    process, and for a zombie: killed (kill -9) but not yet reaped, it will never clean up, and
    its parent (an xdist controller, a CI runner) may be slow to reap it."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return None if fields[0] == "Z" else fields[19]


@dataclass(frozen=True)
class Owner:
    key: str  # 8 hex, the cluster's name prefix
    # the sweep's folder: unique on a machine, where its name is not (every validation's is `runs`)
    sweep: str = ""
    run: str = ""
    pid: int = field(default_factory=os.getpid)
    pid_start: str | None = None
    machine: str = field(default_factory=socket.gethostname)
    uri: str = "qemu:///system"
    created: float = field(default_factory=time.time)
    kept: bool = False  # left up on purpose (--keep-failed): only `gc --kept` removes it

    def __post_init__(self) -> None:
        if self.pid_start is None:
            object.__setattr__(self, "pid_start", _start_time(self.pid))

    @property
    def prefix(self) -> str:
        return f"ob-{self.key}-"

    def alive(self) -> bool:
        if self.kept:
            return True
        if self.machine != socket.gethostname():
            return True  # can't see another machine's processes: never reap them
        return _start_time(self.pid) == self.pid_start

    def metadata(self) -> dict[str, str]:
        return {"key": self.key, "sweep": self.sweep, "run": self.run, "pid": str(self.pid),
                "machine": self.machine}


def owners_dir() -> Path:
    return paths.ensure(paths.home() / "owners")


def write(owner: Owner) -> Path:
    path = owners_dir() / f"{owner.key}.json"
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps(asdict(owner)))
    tmp.replace(path)
    return path


def read_all() -> dict[str, Owner]:
    found = {}
    for f in owners_dir().glob("*.json"):
        try:
            found[f.stem] = Owner(**json.loads(f.read_text()))
        except (OSError, ValueError, TypeError):
            continue
    return found


def remove(key: str) -> None:
    (owners_dir() / f"{key}.json").unlink(missing_ok=True)


def interrupt_sweep(sweep: str, wait_s: float, poll_s: float = 0.5) -> list[Owner]:
    """SIGTERM the other live processes of this machine that own clusters of `sweep`, and wait
    up to `wait_s` for them to destroy them. An xdist controller stopped with SIGTERM uses it:
    the signal reaches the controller alone, and xdist kills a busy worker (SIGKILL) after
    10 s, before its clusters are gone. Returns the owners still registered after the wait."""
    mine = [o for o in read_all().values() if o.sweep == sweep and o.pid != os.getpid()
            and not o.kept and o.machine == socket.gethostname() and o.alive()]
    for pid in {o.pid for o in mine}:
        try:
            os.kill(pid, signal.SIGTERM)
        except ProcessLookupError:
            pass
    deadline = time.monotonic() + wait_s
    while True:
        now = read_all()
        left = [o for o in mine if o.key in now and o.alive()]
        if not left or time.monotonic() >= deadline:
            return left
        time.sleep(poll_s)
