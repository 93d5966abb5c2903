"""The lease scheduler under load: lessee processes (as xdist workers are) share four hosts whose
URIs are libvirt test drivers, and start real test-driver domains on the host they leased."""
import json
import multiprocessing
import os
import signal
import time
from pathlib import Path

import libvirt

from lab import cluster, hosts
from lab.spec import ClusterSpec, NodeSpec

# Every node has 1 vCPU and 256 MiB; a different limit binds on each host. Together they hold
# 64 VMs, the 40 clusters below need 100: some lessees must block.
HOSTS = {  # name: (vcpus, memory_mib, max_vms)
    "a": (32, 8192, 24),  # VM count binds: 24
    "b": (14, 8192, 40),  # vCPUs bind: 14
    "c": (32, 3584, 40),  # memory binds: 14
    "d": (12, 3072, 12),  # all three: 12
}
SIZES = [1, 2, 3, 4] * 10
HOLD_S = 1.0
POLL_S = 0.05
DOMAIN = ("<domain type='test'><name>{}</name><memory unit='MiB'>256</memory><vcpu>1</vcpu>"
          "<os><type>hvm</type></os></domain>")


def _log(path, **event):
    # monotonic is system-wide on Linux, so workers' timestamps compare; one O_APPEND write per line
    event["t"] = time.monotonic()
    fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT)
    try:
        os.write(fd, (json.dumps(event) + "\n").encode())
    finally:
        os.close(fd)


def _lessee(who, n_nodes, inv, state_dir, log, got_q=None):
    sched = hosts.Scheduler(inv, state_dir=state_dir)
    spec = ClusterSpec(nodes=tuple(NodeSpec(f"n{k}", "debian12", vcpus=1, memory_mib=256)
                                   for k in range(n_nodes)))
    asked = time.monotonic()
    lease = sched.acquire(cluster.demand(spec, inv[0]), timeout_s=30, poll_s=POLL_S)
    host = lease.host
    _log(log, ev="got", who=who, host=host.name, waited=time.monotonic() - asked,
         slots=list(lease.slots), vcpus=lease.demand.vcpus, mem=lease.demand.memory_mib,
         vms=lease.demand.vms)
    if got_q is not None:  # the victim: hold the lease until SIGKILLed
        got_q.put((lease.id, host.name))
        time.sleep(3600)
    conn = libvirt.open(host.uri)
    try:
        doms = [conn.defineXML(DOMAIN.format(f"{who}-{n.name}")) for n in spec.nodes]
        for d in doms:
            d.create()
        _, mem, cpus, *_ = conn.getInfo()
        _log(log, ev="up", who=who, host=host.name, uri=conn.getURI(), host_cpus=cpus,
             host_mem=mem, vms=sum(d.isActive() for d in doms))
        time.sleep(HOLD_S)
        _log(log, ev="down", who=who, host=host.name, vms=len(doms))
        for d in doms:
            d.destroy()
            d.undefine()
        assert conn.listAllDomains() == []
    finally:
        conn.close()
    _log(log, ev="free", who=who, host=host.name)
    sched.release(lease)


def _proc_state(pid):
    return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]


def test_fifty_vms_over_test_driver_hosts(tmp_path):
    # test:///default is one in-memory state per process, so it can't tell hosts apart. Each host
    # gets its own node XML instead: its URI is distinct and its node info matches the inventory,
    # so a lessee proves it reached the host it leased. Driver state stays per process, hence the
    # cross-process accounting comes from the shared log.
    toml = []
    for name, (vcpus, mem, max_vms) in HOSTS.items():
        xml = tmp_path / f"{name}.xml"
        xml.write_text(f"<node><cpu><mhz>2000</mhz><model>i686</model><active>{vcpus}</active>"
                       f"<total>{vcpus}</total><nodes>1</nodes><sockets>1</sockets>"
                       f"<cores>{vcpus}</cores><threads>1</threads></cpu>"
                       f"<memory>{mem * 1024}</memory></node>")
        toml.append(f'[[hosts]]\nname = "{name}"\nuri = "test://{xml}"\nvcpus = {vcpus}\n'
                    f"memory_mib = {mem}\nmax_vms = {max_vms}\n")
    (tmp_path / "hosts.toml").write_text("\n".join(toml))
    inv = hosts.load_inventory(tmp_path / "hosts.toml")
    by_name = {h.name: h for h in inv}
    state, log = tmp_path / "leases", tmp_path / "events.jsonl"
    sched = hosts.Scheduler(inv, state_dir=state)

    ctx = multiprocessing.get_context("fork")
    got_q = ctx.Queue()
    victim = ctx.Process(target=_lessee, args=("victim", 4, inv, state, log, got_q))
    lessees = [ctx.Process(target=_lessee, args=(f"l{i}", n, inv, state, log))
               for i, n in enumerate(SIZES)]
    try:
        victim.start()
        victim_lease, victim_host = got_q.get(timeout=20)
        for p in lessees:
            p.start()
        time.sleep(0.5)  # others pile up and block meanwhile
        _log(log, ev="free", who="victim", host=victim_host)
        os.kill(victim.pid, signal.SIGKILL)
        # reclaimed while the victim is still an unreaped zombie: no waiting on the parent's wait()
        deadline = time.monotonic() + 10
        while any(l["id"] == victim_lease for h in inv for l in sched.leases(h)):
            assert time.monotonic() < deadline, "a SIGKILLed lessee's lease was never reclaimed"
            time.sleep(0.05)
        assert _proc_state(victim.pid) == "Z"
        for p in lessees:
            p.join(timeout=max(0.1, deadline + 30 - time.monotonic()))
            assert p.exitcode == 0, f"lessee {p.name} ended with {p.exitcode}"
    finally:
        for p in [victim, *lessees]:
            if p.pid is not None:
                if p.exitcode is None:
                    p.kill()
                p.join()

    events = [json.loads(line) for line in log.read_text().splitlines()]
    got = {e["who"]: e for e in events if e["ev"] == "got"}
    assert set(got) == {"victim", *(f"l{i}" for i in range(len(SIZES)))}  # everyone got a lease

    # Logged [got, free] lies inside the real lease, so any overlap seen here really happened.
    for name, h in by_name.items():
        used, slots = {"vcpus": 0, "mem": 0, "vms": 0}, {}
        for e in sorted((e for e in events if e["host"] == name and e["ev"] in ("got", "free")),
                        key=lambda e: (e["t"], e["ev"] == "got")):
            g = got[e["who"]]
            sign = 1 if e["ev"] == "got" else -1
            for k in used:
                used[k] += sign * g[k]
            if sign > 0:
                assert not set(g["slots"]) & {s for v in slots.values() for s in v}, (name, e)
                slots[e["who"]] = g["slots"]
            else:
                del slots[e["who"]]
            assert used["vcpus"] <= h.vcpus and used["mem"] <= h.memory_mib \
                and used["vms"] <= h.max_vms, f"host {name} over its limits: {used}"
        assert used == {"vcpus": 0, "mem": 0, "vms": 0}

    # each cluster ran whole, on the one host it leased
    ups = {e["who"]: e for e in events if e["ev"] == "up"}
    assert set(ups) == set(got) - {"victim"}
    for who, e in ups.items():
        h = by_name[got[who]["host"]]
        assert (e["host"], e["uri"], e["host_cpus"], e["host_mem"]) == \
            (h.name, h.uri, h.vcpus, h.memory_mib)
        assert e["vms"] == got[who]["vms"] == len(got[who]["slots"]) == SIZES[int(who[1:])]

    alive = peak = 0
    for e in sorted((e for e in events if e["ev"] in ("up", "down")),
                    key=lambda e: (e["t"], e["ev"] == "up")):
        alive += e["vms"] if e["ev"] == "up" else -e["vms"]
        peak = max(peak, alive)
    assert peak >= 50, f"only {peak} VMs ran at once"
    assert sum(e["vms"] for e in ups.values()) == sum(SIZES) == 100  # VMs that ran in all
    blocked = [w for w, g in got.items() if g["waited"] >= HOLD_S / 2]
    assert blocked, "no lessee ever waited for room"

    for h in inv:  # released on exit, the victim's reclaimed
        assert json.loads((state / f"{h.name}.json").read_text()) == []
    print(f"peak {peak} VMs alive, {len(blocked)} lessees blocked")
