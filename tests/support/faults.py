"""Failing infrastructure on real VMs: a sweep of one run whose agent waits (so the fault lands
mid-agent), and a fault injected from outside — the node's qemu killed, libvirtd restarted, the
sweep's own processes killed (-9) and then `lab gc` and `--resume`, the storage pool's disk full
(a small tmpfs mounted over the pool, filled while the guest writes; freed once the run has
recorded its error, so the retry can finish). Used by
tests/vm/test_infra_faults_vm.py (slow) and benchmarks/bench_faults.py (docs/reliability.md).

What each must come to: the run is finished in the end (0 runs lost: by a retry, or by
`--resume` after a kill), the fault shows as an infrastructure error where a run saw it, the
outcome is the agent's (the task is never done: `failed`), and nothing is left in libvirt.
"""
from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

import libvirt

from lab import daemons, gc, paths, virt
from tests.support.hostile import ROOT, SELECT, TASK, Behaviour, replay_log

WAIT = Behaviour("wait", ("echo agent-started", "sleep 45", "echo agent-done"), timeout_s=120)
# The guest writes past what the host's pool still holds (direct I/O: it reaches the overlay).
WRITE = Behaviour("write", ("echo agent-started", "sleep 20",
                            "dd if=/dev/zero of=/var/tmp/fill bs=1M count=400 oflag=direct",
                            "echo agent-done"), timeout_s=120)
POOL_SIZE = "1536m"  # room for one node's overlay, serial log and seed
FILLER = ".opsbench-fault-filler"


def _start(out: Path, log: Path, *extra: str) -> subprocess.Popen:
    cmd = [sys.executable, "-m", "pytest", "tests_tasks", "--os=debian12", f"--sweep-dir={out}",
           "-q", "-p", "no:cacheprovider", "-k", SELECT, f"--agent=replay:{log}", "--retries=1", *extra]
    return subprocess.Popen(cmd, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                            text=True, start_new_session=True)


def _runs(out: Path) -> list[dict]:
    found = []
    for p in sorted(out.glob(f"{TASK}/debian12/*/run.json")):
        try:
            found.append(json.loads(p.read_text()) | {"dir": str(p.parent)})
        except ValueError:
            continue
    return found


def _in_agent(out: Path, deadline_s: float = 1800) -> dict:
    """Wait until a run of the sweep is in its agent phase (its post_prepare snapshot is done)."""
    t0 = time.monotonic()
    while time.monotonic() - t0 < deadline_s:
        for run in _runs(out):
            names = [p["name"] for p in run.get("phases") or []]
            if "snapshot:post_prepare" in names and "agent" not in names and not run.get("outcome"):
                time.sleep(5)  # the agent's first command is under way
                return run
        time.sleep(2)
    raise TimeoutError(f"no run of {out} reached its agent phase in {deadline_s:.0f} s")


def _domains_of(out: Path) -> list[libvirt.virDomain]:
    conn = virt.connect("qemu:///system")
    return [d for d in conn.listAllDomains()
            if virt.owner_of(d).get("sweep") in (str(out), str(out.resolve()))]


def kill_qemu(out: Path, proc: subprocess.Popen) -> str:
    doms = _domains_of(out)
    pid = int(Path(f"/run/libvirt/qemu/{doms[0].name()}.pid").read_text())
    os.kill(pid, signal.SIGKILL)
    return f"qemu of {doms[0].name()} (pid {pid}) killed"


def restart_libvirtd(out: Path, proc: subprocess.Popen) -> str:
    subprocess.run(["pkill", "-TERM", "-x", "libvirtd"], check=False)
    time.sleep(3)
    virt.connect.cache_clear()
    daemons.up(out=lambda _: None)
    return "libvirtd stopped and started again"


def kill_sweep(out: Path, proc: subprocess.Popen) -> str:
    os.killpg(proc.pid, signal.SIGKILL)
    return f"the sweep's processes (group {proc.pid}) killed"


def kill_worker(out: Path, proc: subprocess.Popen) -> str:
    children = subprocess.run(["pgrep", "-P", str(proc.pid)], capture_output=True, text=True).stdout.split()
    os.kill(int(children[0]), signal.SIGKILL)
    return f"xdist worker {children[0]} killed"


def mount_small_pool() -> None:
    """A small tmpfs over the pool folder. Only with no lab domain alive: it hides the files
    of running clusters."""
    alive = [d.name() for d in virt.connect("qemu:///system").listAllDomains()
             if d.name().startswith("ob-") and d.isActive()]
    if alive:
        raise RuntimeError(f"pool-full needs a lab with nothing running; alive: {', '.join(alive)}")
    pool = paths.ensure(paths.pool_dir())
    subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={POOL_SIZE}", "opsbench-fault-pool",
                    str(pool)], check=True)


def unmount_small_pool() -> None:
    subprocess.run(["umount", "-l", str(paths.pool_dir())], check=False)


def fill_pool(out: Path, proc: subprocess.Popen) -> str:
    """Take every free byte of the pool, then free it once the run has recorded an error."""
    filler = paths.pool_dir() / FILLER
    free = os.statvfs(paths.pool_dir())
    size = free.f_bavail * free.f_frsize
    subprocess.run(["fallocate", "-l", str(size), str(filler)], check=True)

    def free_when_seen() -> None:
        deadline = time.monotonic() + 1800
        while time.monotonic() < deadline and proc.poll() is None:
            if any(r.get("error") for r in _runs(out)):
                break
            time.sleep(2)
        filler.unlink(missing_ok=True)

    threading.Thread(target=free_when_seen, daemon=True).start()
    return f"the pool's {size // 2**20} MiB left taken by a file, freed after the run's error"


@dataclass(frozen=True)
class Fault:
    name: str
    inject: Callable[[Path, subprocess.Popen], str]
    xdist: bool = False
    resume: bool = False  # the sweep is gone: `lab gc`, then the same sweep with --resume
    agent: Behaviour = WAIT
    setup: Callable[[], None] = lambda: None  # before the sweep starts
    teardown: Callable[[], None] = lambda: None  # after, whatever happened


FAULTS: tuple[Fault, ...] = (
    Fault("qemu-killed", kill_qemu),
    Fault("libvirtd-restarted", restart_libvirtd),
    Fault("sweep-killed", kill_sweep, resume=True),
    Fault("worker-killed", kill_worker, xdist=True, resume=True),
    Fault("pool-full", fill_pool, agent=WRITE, setup=mount_small_pool, teardown=unmount_small_pool),
)


@dataclass(frozen=True)
class FaultObserved:
    fault: Fault
    injected: str
    runs: list[dict]  # every run folder of the task, in order
    collected: list[str]  # what `lab gc` removed after the kill (resume faults)
    orphans: list[str]  # what `lab gc` still found at the very end
    seconds: float

    @property
    def final(self) -> dict:
        return self.runs[-1] if self.runs else {}

    @property
    def errors(self) -> list[str]:
        return [(r.get("error") or {}).get("message", "") for r in self.runs if r.get("error")]

    @property
    def as_deserved(self) -> bool:
        return (self.final.get("outcome") == "failed" and not self.final.get("error")
                and not self.orphans and len(self.runs) <= 2)


def run_fault(work: Path, fault: Fault) -> FaultObserved:
    out, log = work / fault.name / "sweep", replay_log(work / fault.name / "log", fault.agent)
    extra = ("-n", "1") if fault.xdist else ()
    t0 = time.monotonic()
    fault.setup()
    proc = _start(out, log, *extra)
    try:
        _in_agent(out)
        injected = fault.inject(out, proc)
        if fault.resume:
            proc.wait(timeout=120)
            collected = gc.collect()
            proc = _start(out, log, "--resume", *extra)
        else:
            collected = []
        proc.wait(timeout=3600)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
        orphans = gc.collect()
        fault.teardown()
    return FaultObserved(fault, injected, _runs(out), collected, orphans,
                         round(time.monotonic() - t0, 1))


def table(found: list[FaultObserved]) -> str:
    rows = ["| Fault | Injected | Run folders | Errors recorded | Final outcome | gc after the kill | Orphans | Seconds | As deserved |",
            "|---|---|---|---|---|---|---|---|---|"]
    for o in found:
        errs = "; ".join(e[:90] for e in o.errors).replace("|", "/") or "–"
        rows.append(f"| {o.fault.name} | {o.injected} | {len(o.runs)} | {errs} | "
                    f"{o.final.get('outcome')} | {len(o.collected)} removed | {len(o.orphans)} | "
                    f"{o.seconds} | {'yes' if o.as_deserved else '**no**'} |")
    return "\n".join(rows)
