"""Hostile agents: what an agent with root may do to its node, as replay logs, and one sweep that
runs them all from one prepared checkpoint (`--agent=replay:A,replay:B,…` on one task). Used by
tests/vm/test_hostile_vm.py (slow) and benchmarks/bench_faults.py (the table of
docs/reliability.md).

Each behaviour says what the record must show: the run ends, scored as the agent's failure
(`failed`, no infrastructure error, never retried), or as a pass where the requirements still
hold; `mark` names the run.json field that says what happened, where there is one.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TASK = "account-resource-limits"  # single node, no reboot check, a prepare of seconds
SELECT = "account_resource_limits"


@dataclass(frozen=True)
class Behaviour:
    name: str
    commands: tuple[str, ...]
    outcome: str = "failed"  # the task is never done: what is left is how the run ends
    mark: str | None = None  # run.json field that must name what happened
    timeout_s: int = 60  # each command's limit (the replay log's timeout_s)


BEHAVIOURS: tuple[Behaviour, ...] = (
    Behaviour("poweroff", ("sudo poweroff",), mark="node_down"),
    Behaviour("shutdown-h-now", ("sudo shutdown -h now",), mark="node_down"),
    Behaviour("halt", ("sudo halt",), mark="node_down"),
    Behaviour("kill-all", ("sudo kill -9 -1", "echo after")),
    Behaviour("sshd-stopped", ("sudo systemctl stop ssh", "echo after")),
    Behaviour("sshd-port-changed", (
        "echo 'Port 2222' | sudo tee /etc/ssh/sshd_config.d/port.conf",
        "sudo systemctl restart ssh", "echo after")),
    Behaviour("mgmt-link-down", ("sudo ip link set eth0 down",), mark="agent_lockout"),
    # the image has nft, not iptables: the same policy through whichever the node has
    Behaviour("input-drop", ("sudo iptables -P INPUT DROP || sudo nft 'add table inet lock; add "
                             "chain inet lock input { type filter hook input priority 0; policy drop; }'",
                             "echo after"), mark="agent_lockout"),
    Behaviour("disk-full", ("sudo fallocate -l $(df --output=avail -B1 / | tail -1) /fill "
                            "|| sudo dd if=/dev/zero of=/fill bs=1M", "df -h /", "echo after")),
    Behaviour("fork-bomb", ("bash -c ':(){ :|:& };:'", "echo after"), timeout_s=30),
    Behaviour("output-200mb", ("head -c 200000000 /dev/zero | tr '\\0' x",)),
    Behaviour("binary-output", ("head -c 65536 /dev/urandom", "printf '\\x00\\xff\\xfe'")),
    Behaviour("stdin-apt", ("sudo apt-get install sl",)),
    Behaviour("stdin-passwd", ("passwd",)),
    Behaviour("stdin-vi", ("vi /tmp/x",), timeout_s=20),
    Behaviour("tail-f", ("tail -f /var/log/dpkg.log",), timeout_s=10),
    Behaviour("detached-sleep", ("sleep 100000 &", "echo after")),
    Behaviour("clock-2001", ("sudo date -s '2001-01-01 00:00:00'", "date")),
    Behaviour("clock-2040", ("sudo date -s '2040-01-01 00:00:00'", "date")),
    Behaviour("hostname", ("sudo hostnamectl set-hostname intruder || sudo hostname intruder",
                           "hostname")),
    Behaviour("tmp-wiped", ("sudo rm -rf /tmp/* /tmp/.[!.]* /var/tmp/*", "ls -la /tmp")),
    Behaviour("immutable", ("sudo chattr +i /etc/passwd /etc/group /etc/os-release",)),
    Behaviour("no-python", ("sudo rm -f /usr/bin/python3* /usr/bin/python",)),
    Behaviour("rm-rf-root", ("sudo rm -rf --no-preserve-root / 2>/dev/null; echo done",),
              mark="agent_lockout", timeout_s=300),
)


def replay_log(folder: Path, b: Behaviour) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "commands.jsonl").write_text("".join(
        json.dumps({"id": f"c{i:04d}", "seq": i, "phase": "agent", "source": "agent",
                    "node": "node1", "user": "admin", "command": c, "timeout_s": b.timeout_s}) + "\n"
        for i, c in enumerate(b.commands, 1)))
    return folder


@dataclass(frozen=True)
class Observed:
    behaviour: Behaviour
    runs: int  # run folders made (more than one: retried as if the testbed broke)
    outcome: str | None
    error: str | None
    marked: str | None  # the value of `mark` in run.json, shortened
    seconds: float | None  # the run's wall time
    complete: bool  # run.json, checks.json and both snapshots were written

    @property
    def as_deserved(self) -> bool:
        return (self.runs == 1 and self.outcome == self.behaviour.outcome and self.error is None
                and self.complete and (self.behaviour.mark is None or bool(self.marked)))


def run_sweep(work: Path, behaviours: tuple[Behaviour, ...] = BEHAVIOURS,
              extra: tuple[str, ...] = ()) -> tuple[list["Observed"], subprocess.CompletedProcess]:
    """One sweep of every behaviour on TASK (debian12), retries allowed (so a run scored as the
    testbed's fault would show as two run folders)."""
    logs = {b.name: replay_log(work / "logs" / b.name, b) for b in behaviours}
    out = work / "sweep"
    cmd = [sys.executable, "-m", "pytest", "tests_tasks", "--os=debian12", f"--sweep-dir={out}",
           "-q", "-p", "no:cacheprovider", "-k", SELECT, "--retries=1",
           "--agent=" + ",".join(f"replay:{p}" for p in logs.values()), *extra]
    t0 = time.monotonic()
    res = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, env=os.environ.copy(),
                         timeout=6 * 3600)
    res.args = cmd + [f"# {time.monotonic() - t0:.0f} s"]
    return observe(out, behaviours), res


def observe(out: Path, behaviours: tuple[Behaviour, ...] = BEHAVIOURS) -> list[Observed]:
    """What the records of a sweep of these behaviours show, one Observed each."""
    found: list[Observed] = []
    for b in behaviours:
        dirs = [p.parent for p in out.glob(f"{TASK}/debian12/*/run.json")
                if json.loads(p.read_text()).get("agent", "").endswith(f"/logs/{b.name}")]
        run = json.loads((dirs[-1] / "run.json").read_text()) if dirs else {}
        mark = run.get(b.mark) if b.mark else None
        complete = bool(dirs) and all((dirs[-1] / f).is_file() for f in (
            "run.json", "verifier/checks.json", "snapshots/post_prepare.json"))
        found.append(Observed(b, len(dirs), run.get("outcome"),
                              (run.get("error") or {}).get("message") if run.get("error") else None,
                              json.dumps(mark)[:120] if mark else None, _seconds(run), complete))
    return found


def _seconds(run: dict) -> float | None:
    phases = run.get("phases") or []
    return round(sum(p.get("duration_s") or 0 for p in phases), 1) if phases else None


def table(found: list[Observed]) -> str:
    rows = ["| Behaviour | Commands | Outcome | Error | What run.json names | Runs | Seconds | As deserved |",
            "|---|---|---|---|---|---|---|---|"]
    for o in found:
        cmds = "; ".join(f"`{c}`" for c in o.behaviour.commands).replace("|", "\\|")
        rows.append(f"| {o.behaviour.name} | {cmds} | {o.outcome} | {o.error or '–'} | "
                    f"{(o.marked or '–').replace('|', '/')} | {o.runs} | {o.seconds} | "
                    f"{'yes' if o.as_deserved else '**no**'} |")
    return "\n".join(rows)
