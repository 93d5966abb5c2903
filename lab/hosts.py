"""Hypervisor inventory and capacity leases.

A lease places a whole cluster on one host with room (vCPUs, memory, VM count) and reserves
management slots there. Leases live in one JSON file per host guarded by an flock, so
pytest-xdist workers and separate processes share them; a lease whose process died is dropped
the next time anyone looks. A host offers `vcpus × overcommit` vCPU slots: this machine under
emulation (TCG) offers two per core, because an emulated guest's vCPU is a host thread that idles
between commands (benchmarks/bench_sweep.py: a mixed sweep ends 20% sooner than with one slot per
core, the runs themselves about a quarter slower); with KVM one per core. A cluster that needs
more slots than the host has runs alone on it. Each node's vCPUs are still fitted to the host's
cores (`fit_vcpus`).

Waiting is first come, first served: the longest waiter's demand is held back on each host, so a
stream of small clusters cannot starve a big one (a 3-node cluster waiting for an empty host).
"""
from __future__ import annotations

import fcntl
import json
import os
import re
import threading
import time
import tomllib
import uuid
from contextlib import contextmanager
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Callable

from lab import addressing, owner as owners, paths
from lab.errors import DeadlineExceeded
from records import ConfigurationError

DEFAULT_INVENTORY = Path(__file__).with_name("hosts.toml")


@dataclass(frozen=True)
class Host:
    name: str
    uri: str
    vcpus: int
    memory_mib: int
    max_vms: int
    jump: str | None = None  # user@host[:port] to reach guests of a remote hypervisor
    jump_key: str | None = None  # its SSH key (default: ~/.ssh keys and the agent)
    overcommit: float = 1.0  # vCPU slots per host vCPU that leases may take

    @property
    def slots(self) -> int:
        """The vCPUs that leases may take together."""
        return max(1, int(self.vcpus * self.overcommit))

    def __post_init__(self) -> None:
        if not re.match(r"^[a-zA-Z0-9_.-]+$", self.name):
            raise ConfigurationError(f"host name {self.name!r}: use letters, digits, '.', '_' or '-'")
        for f in ("vcpus", "memory_mib", "max_vms", "overcommit"):
            if getattr(self, f) < 1:
                raise ConfigurationError(f"host {self.name!r}: {f} must be ≥ 1")


TCG_OVERCOMMIT = 2.0  # vCPU slots per core for emulated guests (see the module docstring)


def local_host() -> Host:
    from lab import virt  # libvirt is only needed to tell KVM from TCG here
    mem = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES") // (1 << 20)
    return Host(name="local", uri="qemu:///system", vcpus=os.cpu_count() or 1,
                memory_mib=max(512, mem - 2048), max_vms=addressing.MGMT_SLOTS,
                overcommit=1.0 if virt.kvm_usable() else TCG_OVERCOMMIT)


def load_inventory(path: str | Path | None = None) -> list[Host]:
    """`--lab-hosts` (a TOML file), else lab/hosts.toml when present, else this machine."""
    if path is None and not DEFAULT_INVENTORY.exists():
        return [local_host()]
    p = Path(path or DEFAULT_INVENTORY)
    if not p.exists():
        raise ConfigurationError(f"lab hosts file {p} not found; write one like lab/hosts.example.toml")
    try:
        data = tomllib.loads(p.read_text())
    except tomllib.TOMLDecodeError as exc:
        raise ConfigurationError(f"{p}: not valid TOML: {exc}") from None
    hosts = []
    for i, h in enumerate(data.get("hosts", [])):
        try:
            hosts.append(Host(**h))
        except TypeError as exc:
            raise ConfigurationError(f"{p}: [[hosts]] #{i + 1}: {exc}; fields: name, uri, vcpus, "
                           f"memory_mib, max_vms, jump, jump_key, overcommit") from None
    if not hosts:
        raise ConfigurationError(f"{p}: no [[hosts]] entries")
    return hosts


@dataclass(frozen=True)
class Demand:
    vcpus: int
    memory_mib: int
    vms: int


@dataclass(frozen=True)
class Lease:
    id: str
    host: Host
    slots: tuple[int, ...]
    demand: Demand
    pid: int
    pid_start: str | None
    exclusive: bool = False


def fit_vcpus(requested: list[int], host_vcpus: int, emulated: bool) -> list[int]:
    """Under emulation, shrink per-node vCPUs so the cluster fits the host's cores."""
    if not emulated or sum(requested) <= host_vcpus:
        return list(requested)
    share = max(1, host_vcpus // len(requested))
    return [min(r, share) for r in requested]


def _holder_alive(lease: dict) -> bool:
    return owners.Owner(key="x", pid=lease["pid"], pid_start=lease["pid_start"]).alive()


class Scheduler:
    def __init__(self, hosts: list[Host], state_dir: Path | None = None) -> None:
        self.hosts = hosts
        self.state_dir = paths.ensure(state_dir or paths.leases_dir())

    @contextmanager
    def _locked(self, host: Host):
        lock = open(self.state_dir / f"{host.name}.lock", "a+")
        try:
            fcntl.flock(lock, fcntl.LOCK_EX)
            state_file = self.state_dir / f"{host.name}.json"
            queue_file = self.state_dir / f"{host.name}.waiters.json"
            leases = json.loads(state_file.read_text()) if state_file.exists() else []
            leases = [l for l in leases if l.get("kept") or _holder_alive(l)]
            waiters = json.loads(queue_file.read_text()) if queue_file.exists() else []
            waiters = [w for w in waiters if _holder_alive(w)]
            box = {"leases": leases, "waiters": waiters}
            yield box
            for path, key in ((state_file, "leases"), (queue_file, "waiters")):
                tmp = path.with_suffix(".tmp")
                tmp.write_text(json.dumps(box[key]))
                tmp.replace(path)
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)
            lock.close()

    def _fits(self, host: Host, leases: list[dict], demand: Demand) -> bool:
        if any(l["exclusive"] for l in leases):
            return False
        used_v = sum(l["demand"]["vcpus"] for l in leases)
        used_m = sum(l["demand"]["memory_mib"] for l in leases)
        used_n = sum(l["demand"]["vms"] for l in leases)
        if demand.vcpus > host.slots:  # oversized: only on an empty host
            return not leases and demand.memory_mib <= host.memory_mib and demand.vms <= host.max_vms
        return (used_v + demand.vcpus <= host.slots and used_m + demand.memory_mib <= host.memory_mib
                and used_n + demand.vms <= host.max_vms)

    def _ahead(self, host: Host, box: dict, ticket: str | None) -> list[dict]:
        """As pseudo-leases: the demand of the longest waiter on this host, unless that is us."""
        waiters = sorted(box["waiters"], key=lambda w: (w["since"], w["ticket"]))
        if not waiters or waiters[0]["ticket"] == ticket:
            return []
        first = waiters[0]["demand"]
        return [{"demand": first, "exclusive": first["vcpus"] > host.slots, "slots": []}]

    def try_acquire(self, demand: "Demand | Callable[[Host], Demand]",
                    ticket: str | None = None, expected_s: float | None = None) -> Lease | None:
        """`demand` may depend on the host (vCPUs are fitted to each host's cores under TCG).
        `ticket`: this caller's place in the queue of waiters (see `acquire`). `expected_s`: how
        long the caller expects to hold the lease; with it, a request may start ahead of the
        longest waiter when it fits beside the running leases and is expected to end before
        that waiter could start anyway (backfill: small runs fill what a waiting large cluster
        cannot use yet, without delaying it)."""
        need = demand if callable(demand) else (lambda host: demand)
        if not any(need(h).memory_mib <= h.memory_mib and need(h).vms <= h.max_vms for h in self.hosts):
            demand = need(self.hosts[0])
            raise ConfigurationError(f"no lab host can ever hold {demand.vms} VMs with {demand.memory_mib} MiB; "
                           f"hosts: " + ", ".join(f"{h.name} ({h.memory_mib} MiB, {h.max_vms} VMs)"
                                                  for h in self.hosts))
        me = owners.Owner(key="x")
        now = time.time()
        # least-loaded host first, so parallel workers spread out
        for host in sorted(self.hosts, key=self._load):
            demand = need(host)
            with self._locked(host) as box:
                ahead = self._ahead(host, box, ticket)
                if not self._fits(host, box["leases"] + ahead, demand) and not (
                        ahead and expected_s is not None and self._fits(host, box["leases"], demand)
                        and now + expected_s <= self._could_start(host, box["leases"], ahead[0], now)):
                    continue
                taken = {s for l in box["leases"] for s in l["slots"]}
                free = [s for s in range(min(host.max_vms, addressing.MGMT_SLOTS)) if s not in taken]
                lease = Lease(id=uuid.uuid4().hex[:12], host=host, slots=tuple(free[:demand.vms]),
                              demand=demand, pid=me.pid, pid_start=me.pid_start,
                              exclusive=demand.vcpus > host.slots)
                box["leases"].append({"id": lease.id, "slots": list(lease.slots),
                                      "demand": asdict(demand), "pid": lease.pid,
                                      "pid_start": lease.pid_start, "exclusive": lease.exclusive,
                                      "thread": threading.get_ident(),
                                      "expected_end": None if expected_s is None else now + expected_s})
                box["waiters"] = [w for w in box["waiters"] if w["ticket"] != ticket]
            if ticket:  # after the host's lock is released: one lock at a time, no deadlock
                self._leave_queue(ticket, skip=host)
            return lease
        return None

    def _could_start(self, host: Host, leases: list[dict], waiter: dict, now: float) -> float:
        """When the waiter (a pseudo-lease of `_ahead`) could start at the earliest: the running
        leases end in the order their holders expect, and it starts once it fits. A lease with
        no expected end (kept, or its holder gave none) or past it makes this `now`: nothing
        can be promised, so nothing is backfilled."""
        running = list(leases)
        start = now
        for lease in sorted(leases, key=lambda l: l.get("expected_end") or 0.0):
            if self._fits(host, running, Demand(**waiter["demand"])):
                return start
            end = lease.get("expected_end")
            if end is None or lease.get("kept") or end < now:
                return now
            running.remove(lease)
            start = end
        return start

    def acquire(self, demand: "Demand | Callable[[Host], Demand]", timeout_s: float = 6 * 3600,
                poll_s: float = 1.0, expected_s: float | None = None) -> Lease:
        """Blocks while every host is full; waiters are served in arrival order, except that a
        run expected to end before the first waiter could start may go first (`try_acquire`)."""
        deadline = time.monotonic() + timeout_s
        ticket = None
        try:
            while True:
                lease = self.try_acquire(demand, ticket, expected_s)
                if lease:
                    ticket = None  # left the queue with the lease
                    return lease
                if ticket is None and self._blocked_by_own_leases(demand):
                    raise ConfigurationError(
                        f"this test already holds lab capacity that leaves no host room for {demand}: "
                        "it would wait for itself. Close the cluster it holds first (a module- or "
                        "session-scoped cluster fixture lives until its scope ends), or provision the "
                        "second cluster from another test module")
                if time.monotonic() > deadline:
                    raise DeadlineExceeded(f"lab capacity for {demand} within {timeout_s:.0f} s")
                if ticket is None:
                    ticket, since = self._join_queue(demand), time.time()
                elif not self._queued(ticket):  # lost our place (pruned): back at the same spot
                    self._join_queue(demand, ticket, since)
                time.sleep(poll_s)
        finally:
            if ticket:
                self._leave_queue(ticket)

    def _blocked_by_own_leases(self, demand: "Demand | Callable[[Host], Demand]") -> bool:
        """Whether the calling thread's own leases alone keep `demand` off every host."""
        need = demand if callable(demand) else (lambda host: demand)
        me = owners.Owner(key="x")
        for host in self.hosts:
            with self._locked(host) as box:
                mine = [l for l in box["leases"] if not l.get("kept") and (l["pid"], l["pid_start"],
                        l.get("thread")) == (me.pid, me.pid_start, threading.get_ident())]
            if not mine or self._fits(host, mine, need(host)):
                return False
        return True

    def _queued(self, ticket: str) -> bool:
        with self._locked(self.hosts[0]) as box:
            return any(w["ticket"] == ticket for w in box["waiters"])

    def _join_queue(self, demand: "Demand | Callable[[Host], Demand]", ticket: str | None = None,
                    since: float | None = None) -> str:
        need = demand if callable(demand) else (lambda host: demand)
        me = owners.Owner(key="x")
        ticket, since = ticket or uuid.uuid4().hex[:12], since or time.time()
        for host in self.hosts:
            with self._locked(host) as box:
                box["waiters"] = [w for w in box["waiters"] if w["ticket"] != ticket]
                box["waiters"].append({"ticket": ticket, "since": since, "pid": me.pid,
                                       "pid_start": me.pid_start, "demand": asdict(need(host))})
        return ticket

    def _leave_queue(self, ticket: str, skip: Host | None = None) -> None:
        for host in self.hosts:
            if host is skip:
                continue
            with self._locked(host) as box:
                box["waiters"] = [w for w in box["waiters"] if w["ticket"] != ticket]

    def release(self, lease: Lease) -> None:
        with self._locked(lease.host) as box:
            box["leases"] = [l for l in box["leases"] if l["id"] != lease.id]

    def keep(self, lease: Lease, owner_key: str) -> None:
        """The lease outlives its process (a cluster kept for debugging)."""
        with self._locked(lease.host) as box:
            for l in box["leases"]:
                if l["id"] == lease.id:
                    l["kept"] = owner_key

    def drop_kept(self, owner_key: str) -> None:
        for host in self.hosts:
            with self._locked(host) as box:
                box["leases"] = [l for l in box["leases"] if l.get("kept") != owner_key]

    def _load(self, host: Host) -> float:
        f = self.state_dir / f"{host.name}.json"
        try:
            leases = json.loads(f.read_text())
        except (OSError, ValueError):
            return 0.0
        return sum(l["demand"]["vcpus"] for l in leases) / host.slots

    def leases(self, host: Host) -> list[dict]:
        with self._locked(host) as box:
            return list(box["leases"])
