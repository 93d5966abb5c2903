"""`verifier/executor-evidence.json`: the agent's cited evidence resolved to the full commands.

The agent cites command ids per requirement in agent/report.json. Each cited id is replaced by the
complete recorded command; ids that name no command, and requirements the task does not have,
are listed apart so a reader sees exactly what the claim rested on.
"""
from __future__ import annotations

from msgspec.structs import asdict
from typing import Any

from verifier.run_record import RunRecord

SCHEMA = "opsbench.executor-evidence/1"


def executor_evidence(record: RunRecord) -> dict[str, Any]:
    report = record.agent_report
    known_requirements = {r.id for r in record.requirements}
    entries: list[dict[str, Any]] = []
    unknown_ids: list[str] = []
    unknown_requirements: list[str] = []
    for ev in report.evidence if report else ():
        commands: list[dict[str, Any]] = []
        unknown: list[str] = []
        for cid in dict.fromkeys(ev.command_ids):  # dedupe, keep order
            cmd = record.command(cid)
            if cmd is None:
                unknown.append(cid)
            else:
                commands.append(asdict(cmd))
        entries.append({"requirement": ev.requirement, "commands": commands,
                        "unknown_ids": unknown})
        unknown_ids.extend(u for u in unknown if u not in unknown_ids)
        if ev.requirement not in known_requirements and ev.requirement not in unknown_requirements:
            unknown_requirements.append(ev.requirement)
    cited = {e["requirement"] for e in entries}
    return {
        "schema": SCHEMA,
        "run_id": record.run.get("run_id"),
        "agent_report_present": report is not None,
        "agent_status": report.status if report else None,
        "agent_summary": report.summary if report else None,
        "evidence": entries,
        "unknown_ids": unknown_ids,
        "unknown_requirements": unknown_requirements,
        "uncited_requirements": [r.id for r in record.requirements if r.id not in cited],
    }
