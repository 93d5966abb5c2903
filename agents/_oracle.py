"""The oracle agent runs the task's reference solution: the task must pass with it.

Default: `solution.sh` (or `solution.<family>.sh`) on every node in topology order, as root,
with NODE/OB_NODES/OB_ADDR_* in its environment. Tasks whose solution must hop between nodes
declare ordered `[[oracle.steps]]` (node + script) in task.toml.
"""
from __future__ import annotations

from agents._base import AgentReport, AgentSession, Evidence
from agents._scripts import script_command, script_env, script_path, script_text
from records import ConfigurationError

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
            path = script_path(session.task_dir, filename, info.family, info.os)
            if not path.exists():
                raise ConfigurationError(f"{session.task_dir}: no {filename} (or {path.name}) for the oracle")
            timeout = session.options.limits.wall_s
            rec = session.run(node, script_command(script_text(path), script_env(session.cluster, node)),
                              timeout_s=timeout, user="root")
            ids.append(rec.id)
            if rec.exit_code != 0:
                failed.append(f"{path.name} on {node} exited {rec.exit_code}")
        if failed:
            return AgentReport(status="blocked", summary="; ".join(failed),
                               evidence=tuple(Evidence(r, tuple(ids)) for r in session.requirement_ids))
        return AgentReport(status="completed", summary=f"ran {self.what} ({len(ids)} step(s))",
                           evidence=tuple(Evidence(r, tuple(ids)) for r in session.requirement_ids))
