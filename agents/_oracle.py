"""The oracle agent runs the task's reference solution: the task must pass with it.

Default: `solution.sh` (or `solution.<family>.sh`) on every node in topology order, as root,
with NODE/OB_NODES/OB_ADDR_* in its environment. Tasks whose solution must hop between nodes
declare ordered `[[oracle.steps]]` (node + script) in task.toml.
"""
from __future__ import annotations

from pathlib import Path

from agents._base import AgentReport, AgentSession, ClusterInfo, Evidence
from records import ConfigurationError

HEREDOC_END = "OPSBENCH_SCRIPT_EOF"


def script_command(script: str, env: dict[str, str]) -> str:
    """The script inline as a heredoc, so the record holds exactly what ran. bash reads the
    heredoc as its stdin, which its commands inherit: one that reads stdin (rabbitmqctl, ssh,
    `read`) would eat the rest of the script, and bash would stop early with exit 0. So the
    script is one `{ … } </dev/null` group, read whole before any of it runs."""
    if HEREDOC_END in script:
        raise ConfigurationError(f"a task script may not contain the line {HEREDOC_END}")
    exports = " ".join(f"{k}={_sq(v)}" for k, v in env.items())
    return f"{exports} bash -s <<'{HEREDOC_END}'\n{{\n{script.rstrip()}\n}} </dev/null\n{HEREDOC_END}"


def _sq(value: str) -> str:
    return "'" + value.replace("'", "'\\''") + "'"


def family_variant(task_dir: Path, filename: str, family: str, os_id: str | None = None) -> Path:
    """`<stem>.<os id>.<ext>` (an appliance's own script), else `<stem>.<family>.<ext>`, else
    the file itself."""
    stem, dot, ext = filename.rpartition(".")
    for variant in ([os_id] if os_id else []) + [family]:
        specific = task_dir / f"{stem}.{variant}.{ext}"
        if specific.exists():
            return specific
    return task_dir / filename


def script_env(cluster: ClusterInfo, node: str) -> dict[str, str]:
    """What every task script (prepare, solution) finds in its environment (docs/tasks.md)."""
    env = {"NODE": node, "OB_NODES": " ".join(n.name for n in cluster.nodes)}
    for n in cluster.nodes:
        for iface in n.interfaces:
            if iface.address and iface.network != "mgmt":
                key = f"OB_ADDR_{n.name}_{iface.network}".upper().replace("-", "_")
                env[key] = iface.address.split("/")[0]
    return env


class OracleAgent:
    name = "oracle"
    what = "the reference solution"

    def __init__(self, steps: list[tuple[str, str]] | None = None) -> None:
        self.steps = steps  # [(node, script file name)], from task.toml's [[oracle.steps]]

    def for_task(self, task) -> "OracleAgent":
        """This agent with the steps of `task` (a fixtures.tasks.Task)."""
        return OracleAgent(steps=[(s.node, s.script) for s in task.reference_steps])

    def solve(self, session: AgentSession) -> AgentReport:
        steps = self.steps or [(n.name, "solution.sh") for n in session.cluster.nodes]
        ids, failed = [], []
        for node, filename in steps:
            info = session.cluster.node(node)
            path = family_variant(session.task_dir, filename, info.family, info.os)
            if not path.exists():
                raise ConfigurationError(f"{session.task_dir}: no {filename} (or {path.name}) for the oracle")
            timeout = session.options.limits.wall_s
            rec = session.run(node, script_command(path.read_text(), script_env(session.cluster, node)),
                              timeout_s=timeout, user="root")
            ids.append(rec.id)
            if rec.exit_code != 0:
                failed.append(f"{path.name} on {node} exited {rec.exit_code}")
        if failed:
            return AgentReport(status="blocked", summary="; ".join(failed),
                               evidence=tuple(Evidence(r, tuple(ids)) for r in session.requirement_ids))
        return AgentReport(status="completed", summary=f"ran {self.what} ({len(ids)} step(s))",
                           evidence=tuple(Evidence(r, tuple(ids)) for r in session.requirement_ids))
