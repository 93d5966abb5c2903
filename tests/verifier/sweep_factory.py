"""Builds run records and sweeps in the layout of docs/records.md, for tests that need no VMs.

    run_dir = make_run(tmp_path / "sweep", RunSpec(...))
    sweep = make_sweep(tmp_path / "sweep")      # sweep.json and the runs of FIXTURE_RUNS

A run's records look like a real one's: every phase's commands (probes, prepare, the agent's,
checks, reboot), the four snapshots with the probe keys, checks.json per phase and the agent's
report. What varies between runs is declared in RunSpec.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

REQUIREMENTS = (("req-1", "nginx serves the default page on port 80.", "check"),
                ("req-2", "Port 80 is allowed by the host firewall.", "check"),
                ("req-3", "The report explains why port 80 was closed.", "llm"))


@dataclass(frozen=True)
class RunSpec:
    task: str = "web-firewall"
    os: str = "debian12"
    run_id: str = "20250101T000000-aaaaaa"
    persist: bool = False
    requirements: tuple[tuple[str, str, str], ...] = REQUIREMENTS
    post_agent: dict[str, str] = field(default_factory=dict)  # id -> status; default satisfied
    post_reboot: dict[str, str] | None = None  # None: no reboot phase
    agent_status: str | None = "completed"  # None: no agent/report.json
    evidence: dict[str, tuple[str, ...]] = field(
        default_factory=lambda: {"req-1": ("c0004",), "req-2": ("c0005", "c9999")})
    outcome: str = "passed"
    agent_output_chars: int = 40  # stdout size of each agent command
    agent_commands: int = 3  # extra agent commands after the standard ones


def _node(boot: str, *, nginx: bool, port80: bool, extra_files: int = 0) -> dict[str, Any]:
    files = {f"/tmp/f{i}": {"size": i, "mtime": "2025-01-01T00:00:00Z", "sha256": f"{i:064x}",
                            "mode": "0644", "owner": "root"} for i in range(extra_files)}
    units = {"ssh.service": {"active": "active", "sub": "running", "enabled": "enabled"}}
    packages = {"openssh-server": "1:9.2", "bash": "5.2"}
    listening = [{"proto": "tcp", "local": "0.0.0.0:22", "process": "sshd"}]
    if nginx:
        units["nginx.service"] = {"active": "active", "sub": "running", "enabled": "enabled"}
        packages["nginx"] = "1.22.1"
        listening.append({"proto": "tcp", "local": "0.0.0.0:80", "process": "nginx"})
    rules = "tcp dport 22 accept" + ("\ntcp dport 80 accept" if port80 else "")
    return {
        "ok": True, "boot_id": boot, "kernel": "6.1.0-18-amd64", "hostname": "node1",
        "os_release": {"ID": "debian", "VERSION_ID": "12"},
        "files": files, "secrets": {}, "packages": packages, "repos": {}, "repo_urls": [],
        "users": {"root": {"uid": 0, "gid": 0, "home": "/root", "shell": "/bin/bash"}},
        "groups": {"root": {"gid": 0, "members": []}}, "sudoers": {}, "crontabs": {},
        "units": units, "listening": listening,
        "processes": [{"pid": 1, "user": "root", "comm": "systemd", "args": "/sbin/init"}],
        "firewall": {"tools": ["nft"], "runtime": {"nft": rules}, "saved": {}},
        "mounts": [{"source": "/dev/vda1", "target": "/", "fstype": "ext4", "options": "rw"}],
        "etc": {"/etc/hostname": "ab" * 32}, "pkg_health": {"ok": True, "detail": ""},
        "disk": {"/": {"size_kb": 1000, "used_kb": 500, "avail_kb": 500}},
    }


class _Log:
    def __init__(self) -> None:
        self.lines: list[dict[str, Any]] = []

    def add(self, phase: str, source: str, command: str, *, exit_code: int | None = 0,
            stdout: str = "", stderr: str = "") -> str:
        cid = f"c{len(self.lines) + 1:04d}"
        self.lines.append({
            "id": cid, "seq": len(self.lines) + 1, "phase": phase, "source": source,
            "node": "node1", "user": "root", "command": command,
            "started_at": "2025-01-01T00:00:00Z", "duration_ms": 12, "exit_code": exit_code,
            "stdout": stdout, "stderr": stderr, "truncated": False, "output_cap": 65536,
            "timed_out": False, "transport_error": None})
        return cid


def make_run(sweep_dir: Path, spec: RunSpec) -> Path:
    run_dir = sweep_dir / spec.task / spec.os / spec.run_id
    (run_dir / "task").mkdir(parents=True)
    _write(run_dir / "task" / "task.toml", _task_toml(spec))
    _write(run_dir / "task" / "instruction.md",
           "Install nginx on node1, serve the default page on port 80 and open the port in the "
           "host firewall. Explain in your report why port 80 was closed.\n")
    _write(run_dir / "topology.json", {"nodes": [{"name": "node1", "os": spec.os,
                                                  "mgmt_address": "192.0.2.10"}], "networks": []})
    log = _Log()
    snaps = {"pre_prepare": _node("b1", nginx=False, port80=False),
             "post_prepare": _node("b1", nginx=False, port80=False),
             "post_agent": _node("b1", nginx=True, port80=True, extra_files=2)}
    log.add("snapshot:pre_prepare", "harness", "probe", stdout="{}")
    log.add("prepare", "harness", "nft delete rule inet filter input tcp dport 80")
    log.add("snapshot:post_prepare", "harness", "probe", stdout="{}")
    log.add("agent", "agent", "apt-get install -y nginx", stdout="x" * spec.agent_output_chars)
    log.add("agent", "agent", "nft add rule inet filter input tcp dport 80 accept")
    for i in range(spec.agent_commands):
        log.add("agent", "agent", f"curl -s localhost/{i}", exit_code=i % 2,
                stdout="y" * spec.agent_output_chars)
    log.add("snapshot:post_agent", "harness", "probe", stdout="{}")
    checks: dict[str, list[dict[str, Any]]] = {"post_agent": _checks(spec, spec.post_agent, log,
                                                                     "checks:post_agent")}
    if spec.post_reboot is not None:
        log.add("reboot", "harness", "systemctl reboot", exit_code=None)
        lost = any(s == "not_satisfied" for s in spec.post_reboot.values())
        snaps["post_reboot"] = _node("b2", nginx=True, port80=not lost)
        log.add("snapshot:post_reboot", "harness", "probe", stdout="{}")
        checks["post_reboot"] = _checks(spec, spec.post_reboot, log, "checks:post_reboot")
    for phase, nodes in snaps.items():
        _write(run_dir / "snapshots" / f"{phase}.json",
               {"schema": "opsbench.snapshot/1", "phase": phase,
                "taken_at": "2025-01-01T00:00:00Z", "nodes": {"node1": nodes}})
    _write(run_dir / "verifier" / "checks.json", checks)
    (run_dir / "commands.jsonl").write_text("".join(json.dumps(c) + "\n" for c in log.lines))
    if spec.agent_status is not None:
        _write(run_dir / "agent" / "report.json", {
            "status": spec.agent_status, "summary": "nginx installed, port 80 opened; it had "
            "been closed by a rule deleted during setup.", "reason": None,
            "evidence": [{"requirement": r, "command_ids": list(ids)}
                         for r, ids in spec.evidence.items()]})
    failed = sorted({r["id"] for results in checks.values() for r in results
                     if r["status"] != "satisfied"})
    _write(run_dir / "run.json", {
        "schema": "opsbench.run/1", "run_id": spec.run_id, "sweep_id": sweep_dir.name,
        "task": spec.task, "category": "fixtures", "os": spec.os, "family": "debian",
        "agent": "oracle", "model": None, "host": "qemu:///system", "node_count": 1,
        "persist": spec.persist, "attempt": 1, "started_at": "2025-01-01T00:00:00Z",
        "finished_at": "2025-01-01T00:05:00Z", "phases": [], "outcome": spec.outcome,
        "error": None, "failed_requirements": failed, "agent_status": spec.agent_status})
    return run_dir


def _checks(spec: RunSpec, statuses: dict[str, str], log: _Log, phase: str) -> list[dict[str, Any]]:
    out = []
    for rid, text, method in spec.requirements:
        if method != "check":
            continue
        status = statuses.get(rid, "satisfied")
        cid = log.add(phase, "harness", f"check {rid}", exit_code=0 if status == "satisfied" else 1)
        out.append({"id": rid, "text": text, "status": status,
                    "detail": f"{rid} {status}", "command_ids": [cid]})
    return out


def _task_toml(spec: RunSpec) -> str:
    lines = [f'id = "{spec.task}"', 'title = "Fixture task"', 'category = "fixtures"',
             'difficulty = "easy"', f'oses = ["{spec.os}"]',
             f"persist = {str(spec.persist).lower()}"]
    for rid, text, method in spec.requirements:
        lines += ["", "[[requirements]]", f'id = "{rid}"', f'text = "{text}"',
                  f'method = "{method}"']
    return "\n".join(lines) + "\n"


def _write(path: Path, data: Any) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(data if isinstance(data, str) else json.dumps(data, indent=1))


# The fixture sweep: one run per situation the verifier must tell apart.
FIXTURE_RUNS = (
    RunSpec(run_id="20250101T000000-000001"),  # everything satisfied
    RunSpec(run_id="20250101T000000-000002", post_agent={"req-2": "not_satisfied"},
            outcome="failed"),  # claimed completed, a check failed: illusion of done
    RunSpec(task="web-firewall-persist", run_id="20250101T000000-000003", persist=True,
            post_reboot={"req-2": "not_satisfied"}, outcome="failed"),  # lost on reboot
    RunSpec(os="debian11", run_id="20250101T000000-000004", persist=True, post_reboot={},
            agent_status="blocked", post_agent={"req-1": "not_satisfied"}, outcome="failed"),
    RunSpec(os="debian13", run_id="20250101T000000-000005", agent_status=None,
            outcome="error"),  # infrastructure error: excluded from illusion counts
)


def make_sweep(sweep_dir: Path, runs: tuple[RunSpec, ...] = FIXTURE_RUNS) -> Path:
    _write(sweep_dir / "sweep.json", {"sweep_id": sweep_dir.name, "started_at":
                                      "2025-01-01T00:00:00Z", "finished_at": None, "argv": []})
    for spec in runs:
        make_run(sweep_dir, spec)
    return sweep_dir
