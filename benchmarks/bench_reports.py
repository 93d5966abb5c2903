"""Benchmark of `reports`: a synthetic sweep at the reference study's scale (905 runs, 59,349 agent
commands, 2,355 VMs, realistic snapshots) analysed and rendered by `reports.sweep.build`, then the
same at 2× and 4× the runs. Prints times and ratios; no verdict.

    python3 benchmarks/bench_reports.py [--scales 1,2,4] [--workers N] [--repeat 3] [--keep DIR]
                                        [--profile]

The synthetic runs mimic real ones: one to four nodes, per-OS base snapshots (~800 /etc entries,
~450 packages, units, processes, firewall dumps), post_reboot for persisting tasks, agent commands
drawn from templates with quoting, heredocs, bash -c, pipelines, high-impact operations, repository
setup, firewall changes and background jobs polled with sleeps, outputs up to 16 KiB, plus harness
commands. `pre_prepare` snapshots are not written: the analysis never reads them.
"""
from __future__ import annotations

import argparse
import cProfile
import hashlib
import os
import pstats
import random
import resource
import shutil
import statistics
import sys
import tempfile
import time
from datetime import datetime, timedelta, timezone
from pathlib import Path

import msgspec

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from reports.sweep import build  # noqa: E402

RUNS, COMMANDS, VMS = 905, 59_349, 2_355
T0 = datetime(2026, 3, 1, tzinfo=timezone.utc)

CATEGORIES = [("single-node-os-comparison", 242, 1), ("multi-node-os-comparison", 78, 2),
              ("clustered-services", 191, 3), ("vyos-networking", 82, 3),
              ("opnsense-networking", 80, 3), ("sonic-networking", 80, 2),
              ("vyos-opnsense", 80, 4), ("openwrt-networking", 72, 3)]
LINUX = ["alma9", "alpine3", "centos10", "rhel79", "rhel98", "rhel100", "ubuntu1604", "ubuntu2404"]
APPLIANCES = {"vyos": "vyos", "opnsense": "opnsense", "sonic": "sonic", "openwrt": "openwrt"}

# {n} is a fresh number per command: about two thirds of the texts are unique, the rest are the
# exact repeats agents issue across runs (status checks, os-release), as parse caching would see.
TEMPLATES = [
    "systemctl status {svc} --no-pager",
    "sudo systemctl restart {svc} && systemctl is-active {svc}",
    "cat /etc/os-release; uname -a",
    "ls -la /etc/{svc}/conf.{n}/ 2>/dev/null | head -50",
    "grep -rn 'listen {n}' /etc/{svc}/ || echo 'no listen directive'",
    "dnf install -y {pkg} || apt-get install -y {pkg}",
    "ss -tlnp | grep -E ':(80|443|5672|5432)\\b'",
    "journalctl -u {svc} --no-pager -n {n}",
    "cat > /etc/{svc}/{svc}.conf <<'EOF'\n[main]\nlisten = 0.0.0.0:{n}\n# rm -rf / is not a command here\nworkers = 4\nEOF",
    "bash -c 'for i in 1 2 3; do curl -s http://localhost:{port}/health?id={n} && break; sleep 2; done'",
    "echo \"systemctl stop {svc} at step {n}\" >> /tmp/notes.txt",
    "sudo -u postgres psql -c \"SELECT {n}, pg_is_in_recovery();\"",
    "firewall-cmd --permanent --add-port={port}/tcp && firewall-cmd --reload",
    "openssl req -x509 -newkey rsa:2048 -nodes -keyout /tmp/{svc}.key -out /tmp/{svc}.crt -subj '/CN={svc}-{n}' -days 30",
    "export PATH=$PATH:/usr/local/bin; {svc}ctl status 2>&1 | tail -{n}",
    "awk -F: '$3 >= 1000 {{print $1}}' /etc/passwd",
    "sed -i 's/^#\\?MaxSessions.*/MaxSessions {n}/' /etc/ssh/sshd_config && sshd -t",
    "ip -br addr; ip route show",
    "test -f /var/lib/{svc}/ready.{n} && echo ready || echo not-ready",
    "cp /etc/{svc}/{svc}.conf /etc/{svc}/{svc}.conf.{n}.bak",
]
HIGH_IMPACT = [
    "systemctl stop {svc}; rm -rf /var/lib/{svc}/data && pg_basebackup -D /var/lib/{svc}/data",
    "sudo pkill -9 {svc} ; killall -q {svc}d || true",
    "iptables -F && iptables -P INPUT ACCEPT && iptables -A INPUT -p tcp --dport {port} -j ACCEPT",
    "dnf install -y --nogpgcheck https://example.org/{pkg}.rpm",
    "nft flush ruleset && nft -f /etc/nftables.conf",
    "curl -k -sSL https://{svc}.example.net/install.sh | bash",
]
REPO = ["echo 'deb https://ppa1.rabbitmq.com/rabbitmq/ubuntu noble main' > /etc/apt/sources.list.d/rabbitmq.list",
        "curl -1sLf https://el9.rabbitmq.com/setup.rpm.sh | sudo -E bash",
        "dnf config-manager --add-repo https://download.docker.com/linux/centos/docker-ce.repo"]
FIREWALL = ["firewall-cmd --add-port={port}/tcp", "firewall-cmd --zone=public --add-service=http"]
POLL = [("nohup aide --check > /var/log/aide-check.log 2>&1 &", "AIDE started"),
        ("sleep 60; pgrep -a aide || tail -3 /var/log/aide-check.log", "4242 aide --check"),
        ("sleep 60; pgrep -a aide || tail -3 /var/log/aide-check.log",
         "End timestamp: {ts} +0000 (AIDE check finished)")]
SERVICES = ["nginx", "postgresql", "rabbitmq", "etcd", "mariadb", "chronyd", "rsyslog", "aide"]


def base_node(rng: random.Random, os_id: str) -> dict:
    etc = {f"/etc/{d}/{f}{i}.conf": hashlib.md5(f"{os_id}{i}".encode()).hexdigest() * 2
           for i, (d, f) in enumerate((rng.choice(["ssh", "systemd", "pam.d", "security", "default",
                                                    "cron.d", "sysctl.d", "profile.d", "ssl"]),
                                       rng.choice(["a", "b", "c", "main", "local"]))
                                      for _ in range(800))}
    return {
        "ok": True, "boot_id": "boot-1", "kernel": "6.1.0", "hostname": "node",
        "os_release": {"ID": os_id.rstrip("0123456789"), "VERSION_ID": "1"},
        "files": {f"/root/.cache/f{i}": {"size": 100 + i, "mtime": 1.0, "sha256": "ab" * 32,
                                         "mode": "0644", "owner": "root"} for i in range(20)},
        "secrets": {f"/etc/ssh/ssh_host_{k}_key": ["private_key"] for k in ("rsa", "ecdsa", "ed25519")},
        "packages": {f"pkg-{os_id}-{i}": f"1.{i}.0-1" for i in range(450)},
        "repos": {"/etc/yum.repos.d/base.repo": "r" * 64},
        "repo_urls": ["https://mirror.example.org/base"],
        "users": {f"user{i}": {"uid": i, "gid": i, "home": f"/home/u{i}", "shell": "/sbin/nologin"}
                  for i in range(30)},
        "groups": {f"group{i}": {"gid": i, "members": []} for i in range(50)},
        "sudoers": {"/etc/sudoers": "s" * 64},
        "crontabs": {"/etc/crontab": "c" * 64},
        "units": {f"unit{i}.service": {"active": "active", "sub": "running", "enabled": "enabled"}
                  for i in range(120)},
        "listening": [{"proto": "tcp", "local": "0.0.0.0:22", "process": "sshd"}],
        "processes": [{"pid": i, "user": "root", "comm": f"proc{i % 60}", "args": f"/usr/sbin/proc{i} -f"}
                      for i in range(90)],
        "firewall": {"tools": ["nft"], "runtime": {"nft": "table inet filter {\n" + "  chain input { accept }\n" * 40 + "}"},
                     "saved": {"/etc/nftables.conf": "n" * 64}},
        "mounts": [{"source": f"/dev/vda{i}", "target": f"/mnt/m{i}", "fstype": "ext4", "options": "rw"}
                   for i in range(25)],
        "etc": etc,
        "pkg_health": {"ok": True, "detail": ""},
        "disk": {"/": {"size_kb": 10_000_000, "used_kb": 4_000_000, "avail_kb": 6_000_000}},
    }


def after_agent(rng: random.Random, node: dict, run_no: int) -> dict:
    """post_agent: a shallow copy with the mutated sections replaced (~45% of runs leave things)."""
    out = dict(node)
    if rng.random() < 0.45:
        out["files"] = dict(node["files"], **{f"/tmp/work{run_no}.log": {"size": 1, "mtime": 2.0, "sha256": "x"},
                                              f"/tmp/{rng.choice(SERVICES)}.key": {"size": 1, "mtime": 2.0, "sha256": "k"}})
        out["secrets"] = dict(node["secrets"], **{f"/tmp/{rng.choice(SERVICES)}.key": ["private_key"]})
        out["packages"] = dict(node["packages"], strace="6.1", tcpdump="4.99")
        out["etc"] = dict(node["etc"], **{"/etc/ssh/sshd_config.bak": "b" * 64,
                                          "/etc/sysctl.d/99-test.conf": "t" * 64})
    if rng.random() < 0.2:
        out["users"] = dict(node["users"], tester={"uid": 1001, "gid": 1001, "home": "/home/tester",
                                                   "shell": "/bin/bash"})
    return out


def synthesise(root: Path, factor: int, seed: int = 7) -> tuple[int, int, int]:
    """Write a sweep of `RUNS * factor` runs; returns (runs, agent commands, bytes written)."""
    rng = random.Random(seed)
    root.mkdir(parents=True)
    (root / "sweep.json").write_bytes(msgspec.json.encode({"sweep_id": root.name, "started_at": T0.isoformat()}))
    bases = {os_id: base_node(rng, os_id) for os_id in LINUX + list(APPLIANCES.values())}
    n_runs = RUNS * factor
    per_run = [COMMANDS // RUNS + (1 if i < COMMANDS % RUNS else 0) for i in range(RUNS)] * factor
    rng.shuffle(per_run)
    plan = [(cat, nodes) for cat, count, nodes in CATEGORIES for _ in range(count)] * factor
    total_bytes = 0
    total_cmds = 0
    texts: set[str] = set()
    for i in range(n_runs):
        cat, n_nodes = plan[i]
        os_id = rng.choice(LINUX)
        appliance = next((a for k, a in APPLIANCES.items() if cat.startswith(k)), None)
        node_os = {f"node{k + 1}": (appliance if appliance and k == 0 else os_id) for k in range(n_nodes)}
        task = f"{cat.split('-')[0]}-task-{i % 37}"
        run_id = f"20260301T{i // 3600 % 24:02d}{i // 60 % 60:02d}{i % 60:02d}-{i:06x}"
        d = root / task / os_id / run_id
        (d / "snapshots").mkdir(parents=True)
        (d / "task").mkdir()
        persist = rng.random() < 0.35
        outcome = "error" if rng.random() < 0.02 else ("passed" if rng.random() < 0.925 else "failed")
        agent_s = rng.uniform(150, 900) * (3 if "cluster" in cat else 1)
        run = {"schema": "opsbench.run/1", "run_id": run_id, "sweep_id": root.name, "task": task,
               "category": cat, "os": os_id, "family": "rhel", "agent": "claude", "model": "m",
               "node_count": n_nodes, "persist": persist, "attempt": 1,
               "started_at": (T0 + timedelta(minutes=i)).isoformat(),
               "finished_at": (T0 + timedelta(minutes=i, seconds=agent_s + 120)).isoformat(),
               "phases": [{"name": "provision", "duration_s": 40.0, "ok": True},
                          {"name": "agent", "duration_s": agent_s, "ok": True}],
               "outcome": outcome, "error": {"type": "infrastructure", "phase": "provision",
                                             "message": "domain did not boot"} if outcome == "error" else None,
               "failed_requirements": [] if outcome == "passed" else ["req-2"],
               "agent_status": "completed"}
        (d / "run.json").write_bytes(msgspec.json.encode(run))
        (d / "task" / "task.toml").write_text(
            f'id = "{task}"\ncategory = "{cat}"\n[expected]\npaths = ["/etc/{rng.choice(SERVICES)}/*"]\n'
            f'packages = ["{rng.choice(SERVICES)}"]\nservices = []\n')
        (d / "topology.json").write_bytes(msgspec.json.encode({"nodes": [{"name": n, "os": o} for n, o in node_os.items()]}))
        lines, t = [], T0 + timedelta(minutes=i)
        seq = 0

        def add(text: str, node: str, phase: str, out: str = "", rc: int | None = 0, ms: int = 800) -> None:
            nonlocal seq, t
            seq += 1
            lines.append(msgspec.json.encode({
                "id": f"c{seq:04d}", "seq": seq, "phase": phase,
                "source": "agent" if phase == "agent" else "harness", "node": node, "user": "root",
                "command": text, "started_at": t.isoformat(), "duration_ms": ms, "exit_code": rc,
                "stdout": out, "stderr": "" if rc == 0 else "error: something failed\n",
                "truncated": len(out) >= 16384, "output_cap": 16384, "timed_out": rc is None,
                "transport_error": None}))
            t += timedelta(milliseconds=ms + rng.randint(1500, 9000))

        for node in node_os:
            add("sh /tmp/opsbench-prepare.sh", node, "prepare", "prepared\n")
        polling = rng.random() < 0.06
        for k in range(per_run[i]):
            node = rng.choice(list(node_os))
            r = rng.random()
            if polling and k < len(POLL):
                text, out = POLL[k]
                out = out.format(ts=(t + timedelta(seconds=30)).strftime("%Y-%m-%d %H:%M:%S"))
                add(text, node, "agent", out, 0 if k != 1 else 0, 60_500 if k else 300)
                continue
            if r < 0.03:
                text = rng.choice(HIGH_IMPACT)
            elif r < 0.035:
                text = rng.choice(REPO)
            elif r < 0.05:
                text = rng.choice(FIREWALL)
            else:
                text = rng.choice(TEMPLATES)
            text = text.format(svc=rng.choice(SERVICES), pkg=rng.choice(SERVICES),
                               port=rng.choice([80, 443, 5672]), n=rng.randrange(10**9))
            texts.add(text)
            size = rng.choice([0, 80, 400, 1500, 4000]) if rng.random() < 0.97 else 16384
            out = ("line of output from the command with some detail\n" * (size // 50 + 1))[:size]
            rc = 0 if rng.random() < 0.9 else (None if rng.random() < 0.03 else 1)
            add(text, node, "agent", out, rc, rng.randint(50, 5000))
        for node in node_os:
            add("systemctl is-active sshd", node, "checks:post_agent", "active\n")
        total_cmds += per_run[i]
        (d / "commands.jsonl").write_bytes(b"\n".join(lines) + b"\n")
        pre = {n: bases[o] for n, o in node_os.items()}
        post = {n: after_agent(rng, pre[n], i) for n in node_os}
        snaps = {"post_prepare": pre, "post_agent": post}
        if persist:
            snaps["post_reboot"] = post
        for phase, nodes in snaps.items():
            data = msgspec.json.encode({"schema": "opsbench.snapshot/1", "phase": phase, "nodes": nodes})
            (d / "snapshots" / f"{phase}.json").write_bytes(data)
            total_bytes += len(data)
        (d / "verifier").mkdir()
        (d / "verifier" / "checks.json").write_bytes(msgspec.json.encode(
            {"post_agent": [{"id": "req-1", "text": "works", "status": "satisfied", "detail": "",
                             "command_ids": []}]}))
    print(f"  {len(texts)} distinct agent command texts among {total_cmds}")
    return n_runs, total_cmds, total_bytes


def _load() -> str:
    return "load {:.2f} {:.2f} {:.2f}".format(*os.getloadavg())


def _cpu_s() -> float:
    """CPU seconds of this process and its reaped workers: less swayed than wall time by
    other processes loading the machine."""
    usage = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return sum(u.ru_utime + u.ru_stime for u in usage)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--scales", default="1,2,4", help="multiples of the study's 905 runs")
    ap.add_argument("--workers", type=int, default=None)
    ap.add_argument("--repeat", type=int, default=3, help="builds per scale (best and median shown)")
    ap.add_argument("--keep", type=Path, default=None, help="write the sweeps here and keep them")
    ap.add_argument("--profile", action="store_true", help="profile the 1× build (in-process)")
    args = ap.parse_args()
    base = args.keep or Path(tempfile.mkdtemp(prefix="bench-reports-"))
    print(f"machine: {os.cpu_count()} CPUs; sweeps under {base}")
    first: tuple[int, float, float] | None = None  # scale, best, median of the first scale
    try:
        for factor in (int(x) for x in args.scales.split(",")):
            sweep = base / f"sweep-x{factor}"
            if sweep.exists():
                shutil.rmtree(sweep)
            t0 = time.perf_counter()
            runs, cmds, size = synthesise(sweep, factor)
            # flushed before timing: a real sweep was written long before it is analysed, and
            # the kernel writing this one back would compete with the build for the CPUs
            os.sync()
            synth = time.perf_counter() - t0
            if args.profile and factor == 1:
                prof = cProfile.Profile()
                prof.enable()
                build(sweep, workers=1)
                prof.disable()
                pstats.Stats(prof).sort_stats("cumulative").print_stats(25)
            load_before = _load()
            times, cpu = [], []
            for _ in range(args.repeat):
                t0, c0 = time.perf_counter(), _cpu_s()
                summary = build(sweep, workers=args.workers)
                times.append(time.perf_counter() - t0)
                cpu.append(_cpu_s() - c0)
            best, median = min(times), statistics.median(times)
            first = first or (factor, best, median)
            print(f"{factor}x: {runs} runs, {cmds} agent commands, snapshots {size / 1e6:.0f} MB "
                  f"(synthesised in {synth:.1f}s) → analysed and rendered in {best:.2f}s best, "
                  f"{median:.2f}s median of {len(times)} ({', '.join(f'{t:.2f}' for t in times)}; "
                  f"CPU {', '.join(f'{c:.1f}' for c in cpu)} s); "
                  f"{best / first[1]:.2f}× / {median / first[2]:.2f}× the {first[0]}× best / "
                  f"median; "
                  f"{summary.counted} counted runs; {load_before} → {_load()}", flush=True)
    finally:
        if args.keep is None:
            shutil.rmtree(base, ignore_errors=True)


if __name__ == "__main__":
    main()
