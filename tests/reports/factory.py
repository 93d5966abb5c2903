"""Builds run and sweep folders as docs/records.md describes them, for the reports tests."""
from __future__ import annotations

import copy
import json
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

T0 = datetime(2026, 1, 1, tzinfo=timezone.utc)


def iso(t: datetime) -> str:
    return t.isoformat().replace("+00:00", "Z")


def base_node(os_id: str = "debian", version: str = "12") -> dict[str, Any]:
    """A healthy freshly prepared node."""
    return {
        "ok": True, "boot_id": "b-1", "kernel": "6.1.0", "hostname": "node1",
        "os_release": {"ID": os_id, "VERSION_ID": version, "PRETTY_NAME": f"{os_id} {version}"},
        "files": {"/root/.profile": {"size": 161, "mtime": 1.0, "sha256": "p", "mode": "0644",
                                     "owner": "root"}},
        "secrets": {"/etc/ssh/ssh_host_ed25519_key": ["private_key"]},
        "packages": {"bash": "5.2", "openssh-server": "9.2", "coreutils": "9.1"},
        "repos": {"/etc/apt/sources.list": "s1"},
        "repo_urls": ["http://deb.debian.org/debian"],
        "users": {"root": {"uid": 0, "gid": 0, "home": "/root", "shell": "/bin/bash"},
                  "debian": {"uid": 1000, "gid": 1000, "home": "/home/debian", "shell": "/bin/bash"}},
        "groups": {"root": {"gid": 0, "members": []}, "sudo": {"gid": 27, "members": ["debian"]},
                   "debian": {"gid": 1000, "members": []}},
        "sudoers": {"/etc/sudoers": "su1"},
        "crontabs": {"/etc/crontab": "c1"},
        "units": {"ssh.service": {"active": "active", "sub": "running", "enabled": "enabled"},
                  "cron.service": {"active": "active", "sub": "running", "enabled": "enabled"}},
        "listening": [{"proto": "tcp", "local": "0.0.0.0:22", "process": "sshd"}],
        "processes": [{"pid": 1, "user": "root", "comm": "systemd", "args": "/sbin/init"},
                      {"pid": 400, "user": "root", "comm": "sshd", "args": "sshd: /usr/sbin/sshd"},
                      {"pid": 2, "user": "root", "comm": "kthreadd", "args": "[kthreadd]"}],
        "firewall": {"tools": ["nft"], "runtime": {"nft": "table inet filter {\n}\n"},
                     "saved": {"/etc/nftables.conf": "n1"}},
        "mounts": [{"source": "/dev/vda1", "target": "/", "fstype": "ext4", "options": "rw"}],
        "etc": {"/etc/hostname": "h1", "/etc/ssh/sshd_config": "sc1", "/etc/passwd": "pw1",
                "/etc/shadow": "sh1", "/etc/group": "g1", "/etc/nftables.conf": "n1",
                "/etc/ld.so.cache": "ld1", "/etc/apt/sources.list": "s1", "/etc/sudoers": "su1",
                "/etc/crontab": "c1"},
        "pkg_health": {"ok": True, "detail": ""},
        "disk": {"/": {"size_kb": 1000, "used_kb": 500, "avail_kb": 500}},
    }


def changed(node: dict[str, Any], **updates: Any) -> dict[str, Any]:
    """A deep copy of `node` with dict keys merged and list keys replaced."""
    out = copy.deepcopy(node)
    for key, value in updates.items():
        if isinstance(value, dict) and isinstance(out.get(key), dict):
            out[key].update(copy.deepcopy(value))
        else:
            out[key] = copy.deepcopy(value)
    return out


def make_sweep(root: Path, sweep_id: str = "sweep-1") -> Path:
    root.mkdir(parents=True, exist_ok=True)
    (root / "sweep.json").write_text(json.dumps(
        {"sweep_id": sweep_id, "started_at": iso(T0), "finished_at": iso(T0), "argv": []}))
    return root


class RunBuilder:
    """One run folder; `cmd` appends agent commands on a clock, `write` lays the files out."""

    def __init__(self, sweep: Path, task: str = "demo-task", os: str = "debian12",
                 category: str = "single-node", run_id: str = "20260101T000000-abcdef",
                 node_count: int = 1, persist: bool = False, outcome: str | None = "passed",
                 agent_status: str | None = "completed", family: str = "debian",
                 expected: dict[str, list[str]] | None = None, agent_s: float = 200.0,
                 error: dict[str, Any] | None = None) -> None:
        self.dir = sweep / task / os / run_id
        self.run: dict[str, Any] = {
            "schema": "opsbench.run/1", "run_id": run_id, "sweep_id": sweep.name, "task": task,
            "category": category, "os": os, "family": family, "agent": "claude",
            "model": "m", "host": "qemu:///system", "node_count": node_count, "persist": persist,
            "attempt": 1, "started_at": iso(T0), "finished_at": iso(T0 + timedelta(seconds=600)),
            "phases": [{"name": "provision", "started_at": iso(T0), "duration_s": 30.0,
                        "ok": True, "error": None},
                       {"name": "agent", "started_at": iso(T0), "duration_s": agent_s,
                        "ok": True, "error": None}],
            "outcome": outcome, "error": error, "failed_requirements": [],
            "agent_status": agent_status,
        }
        self.expected = expected or {}
        self.commands: list[dict[str, Any]] = []
        self.snapshots: dict[str, dict[str, Any]] = {}
        self.checks: dict[str, Any] | None = None
        self.clock = T0 + timedelta(seconds=60)

    def cmd(self, command: str, node: str = "node1", exit_code: int | None = 0,
            stdout: str = "", stderr: str = "", duration_ms: int = 1000, gap_s: float = 2.0,
            phase: str = "agent", timed_out: bool = False,
            transport_error: str | None = None) -> str:
        cid = f"c{len(self.commands) + 1:04d}"
        self.commands.append({
            "id": cid, "seq": len(self.commands) + 1, "phase": phase,
            "source": "agent" if phase == "agent" else "harness", "node": node, "user": "root",
            "command": command, "started_at": iso(self.clock), "duration_ms": duration_ms,
            "exit_code": exit_code, "stdout": stdout, "stderr": stderr, "truncated": False,
            "output_cap": 65536, "timed_out": timed_out, "transport_error": transport_error})
        self.clock += timedelta(milliseconds=duration_ms) + timedelta(seconds=gap_s)
        return cid

    def snapshot(self, phase: str, **nodes: dict[str, Any]) -> None:
        self.snapshots[phase] = {"schema": "opsbench.snapshot/1", "phase": phase,
                                 "taken_at": iso(self.clock), "nodes": nodes}

    def write(self) -> Path:
        d = self.dir
        (d / "task").mkdir(parents=True, exist_ok=True)
        (d / "snapshots").mkdir(exist_ok=True)
        (d / "run.json").write_text(json.dumps(self.run))
        lines = [f'id = "{self.run["task"]}"', f'category = "{self.run["category"]}"',
                 "[expected]"]
        lines += [f"{k} = {json.dumps(v)}" for k, v in self.expected.items()]
        (d / "task" / "task.toml").write_text("\n".join(lines) + "\n")
        (d / "commands.jsonl").write_text("".join(json.dumps(c) + "\n" for c in self.commands))
        for phase, snap in self.snapshots.items():
            (d / "snapshots" / f"{phase}.json").write_text(json.dumps(snap))
        if self.checks is not None:
            (d / "verifier").mkdir(exist_ok=True)
            (d / "verifier" / "checks.json").write_text(json.dumps(self.checks))
        return d
