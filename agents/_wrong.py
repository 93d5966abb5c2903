"""A wrong-solution agent runs one of the task's `wrong-<name>.sh` scripts like the oracle runs
its reference solution: a plausible mistake the task's checks must catch (docs/tasks.md).
`--agent=wrong:<name>` runs one; `--agent=wrong` runs every one the task has."""
from __future__ import annotations

from agents._base import AgentReport, AgentSession
from agents._oracle import OracleAgent


class WrongAgent(OracleAgent):
    def __init__(self, solution: str, steps: list[tuple[str, str]] | None = None) -> None:
        super().__init__(steps)
        self.solution = solution
        self.name = f"wrong:{solution}"
        self.what = f"the wrong solution wrong-{solution}.sh"

    def for_task(self, task) -> "WrongAgent":
        wrong = task.wrong_solution(self.solution)  # a TaskError names the ones there are
        return WrongAgent(self.solution, steps=[(s.node, s.script) for s in wrong.steps])

    def solve(self, session: AgentSession) -> AgentReport:
        if self.steps is None:
            raise RuntimeError("WrongAgent.solve before for_task(task): its steps are the task's")
        return super().solve(session)
