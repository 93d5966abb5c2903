"""An AgentSession whose nodes are folders on this machine: commands really run (bash, in the
node's folder) and are recorded in commands.jsonl exactly as docs/records.md lays it out."""
from __future__ import annotations

import json
import os
import signal
import subprocess
import time
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Mapping, Sequence

import msgspec

from agents import AgentOptions, ClusterInfo, Interface, NetworkInfo, NodeInfo
from records import CommandRecord

OUTPUT_CAP = 64 * 1024  # bytes kept per stream, head first


def local_cluster(*names: str) -> ClusterInfo:
    nodes = tuple(
        NodeInfo(name=name, os="debian12", family="debian", os_name="Debian 12 (bookworm)",
                 login_user="admin", sudo=True, mgmt_address=f"192.0.2.{10 + i}",
                 interfaces=(Interface("eth1", "priv", f"10.100.0.{10 + i}/24",
                                       f"52:54:00:00:00:{10 + i:02x}"),))
        for i, name in enumerate(names, 1))
    return ClusterInfo(nodes=nodes, networks=(NetworkInfo("priv", "10.100.0.0/24", False, False),))


@dataclass
class LocalSession:
    record_dir: Path
    instruction: str = "Write hello to /tmp/hello on node1."
    task_id: str = "local-task"
    requirement_ids: Sequence[str] = ("req-1",)
    requirements: Mapping[str, str] = field(default_factory=lambda: {"req-1": "The thing is done."})
    cluster: ClusterInfo = field(default_factory=lambda: local_cluster("node1", "node2"))
    options: AgentOptions = field(default_factory=AgentOptions)
    task_dir: Path = Path(".")
    phase: str = "agent"
    default_timeout_s: float = 120.0
    records: list[CommandRecord] = field(default_factory=list)

    def node_dir(self, node: str) -> Path:
        path = self.record_dir / "nodes" / node
        path.mkdir(parents=True, exist_ok=True)
        return path

    def run(self, node: str, command: str, timeout_s: float | None = None,
            user: str | None = None) -> CommandRecord:
        # Everything runs as this process's user; the record names whom the lab would use.
        as_user = user or self.cluster.node(node).login_user  # KeyError names the nodes
        timeout = timeout_s or self.default_timeout_s
        started_at = datetime.now(timezone.utc).isoformat()
        t0 = time.monotonic()
        proc = subprocess.Popen(["bash", "-c", command], cwd=self.node_dir(node),
                                stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, start_new_session=True,
                                env={**os.environ, "NODE": node})
        timed_out = False
        try:
            out, err = proc.communicate(timeout=timeout)
        except subprocess.TimeoutExpired:
            timed_out = True
            os.killpg(proc.pid, signal.SIGKILL)  # the whole group: background children too
            out, err = proc.communicate()
        return self._record(node, as_user, command, started_at, t0,
                            None if timed_out else proc.returncode, out, err, timed_out)

    def _record(self, node: str, user: str, command: str, started_at: str, t0: float,
                exit_code: int | None, out: bytes, err: bytes, timed_out: bool) -> CommandRecord:
        seq = len(self.records) + 1
        rec = CommandRecord(
            id=f"c{seq:04d}", seq=seq, phase=self.phase,
            source="agent" if self.phase == "agent" else "harness",
            node=node, user=user, command=command, started_at=started_at,
            duration_ms=int((time.monotonic() - t0) * 1000), exit_code=exit_code,
            stdout=out[:OUTPUT_CAP].decode("utf-8", "replace"),
            stderr=err[:OUTPUT_CAP].decode("utf-8", "replace"),
            truncated=len(out) > OUTPUT_CAP or len(err) > OUTPUT_CAP, output_cap=OUTPUT_CAP,
            timed_out=timed_out, transport_error=None)
        self.records.append(rec)
        with (self.record_dir / "commands.jsonl").open("a", encoding="utf-8") as f:
            f.write(json.dumps(msgspec.structs.asdict(rec)) + "\n")
        return rec

    def commands(self) -> list[dict]:
        path = self.record_dir / "commands.jsonl"
        return [json.loads(line) for line in path.read_text().splitlines()] if path.exists() else []
