"""The agent's part of the run record (docs/records.md): record_dir/agent/…"""
from __future__ import annotations

from pathlib import Path

from agents.base import AgentReport
from llm.records import write_json_atomic


def agent_dir(record_dir: Path) -> Path:
    return record_dir / "agent"


def write_report(record_dir: Path, report: AgentReport) -> None:
    write_json_atomic(agent_dir(record_dir) / "report.json", report.to_json())
