"""Where each file of a sweep and of a run lives (docs/records.md): the only place that spells
their names, so no reader or writer can drift from the layout."""
from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

SNAPSHOT_PHASES = ("pre_prepare", "post_prepare", "post_agent", "post_reboot")
_VERSIONED_REPORT = re.compile(r"^evaluation-report\.v(\d+)\.json$")


def versioned(stem: str, suffix: str, version: int) -> str:
    """`usage.json` for version 1 (the run's own evaluation), `usage.v3.json` for version 3
    (a re-verification beside it)."""
    return f"{stem}{suffix}" if version == 1 else f"{stem}.v{version}{suffix}"


@dataclass(frozen=True)
class RunPaths:
    """The files of one run folder, `<sweep>/<task>/<os>/<run-id>/`. Every one but run.json may
    be missing: a crashed run leaves what it wrote so far."""
    dir: Path

    @property
    def run(self) -> Path:
        return self.dir / "run.json"

    @property
    def commands(self) -> Path:
        return self.dir / "commands.jsonl"

    @property
    def topology(self) -> Path:
        return self.dir / "topology.json"

    @property
    def task(self) -> Path:
        """The copy of the task folder as it ran."""
        return self.dir / "task"

    @property
    def task_toml(self) -> Path:
        return self.task / "task.toml"

    @property
    def instruction(self) -> Path:
        return self.task / "instruction.md"

    @property
    def snapshots(self) -> Path:
        return self.dir / "snapshots"

    def snapshot(self, phase: str) -> Path:
        return self.snapshots / f"{phase}.json"

    @property
    def agent(self) -> Path:
        """What the agent writes itself."""
        return self.dir / "agent"

    @property
    def messages(self) -> Path:
        return self.agent / "messages.jsonl"

    @property
    def report(self) -> Path:
        """The agent's final report."""
        return self.agent / "report.json"

    @property
    def usage(self) -> Path:
        return self.agent / "usage.json"

    @property
    def verifier(self) -> Path:
        return self.dir / "verifier"

    @property
    def checks(self) -> Path:
        return self.verifier / "checks.json"

    def evaluation_report(self, version: int = 1) -> Path:
        return self.verifier / versioned("evaluation-report", ".json", version)

    def verifier_usage(self, version: int = 1) -> Path:
        return self.verifier / versioned("usage", ".json", version)

    def verifier_messages(self, version: int = 1) -> Path:
        return self.verifier / versioned("messages", ".jsonl", version)

    @property
    def global_observations(self) -> Path:
        return self.verifier / "global-observations.json"

    @property
    def executor_evidence(self) -> Path:
        return self.verifier / "executor-evidence.json"

    def evaluation_versions(self) -> list[int]:
        """The versions of evaluation-report that exist, ascending."""
        found = [1] if self.evaluation_report(1).exists() else []
        if self.verifier.is_dir():
            found += [int(m.group(1)) for p in self.verifier.iterdir()
                      if (m := _VERSIONED_REPORT.match(p.name))]
        return sorted(found)

    @property
    def analysis(self) -> Path:
        return self.dir / "analysis.json"

    @property
    def page(self) -> Path:
        """The run viewer (reports/run_page.py)."""
        return self.dir / "run.html"


@dataclass(frozen=True)
class SweepPaths:
    """The files of a sweep folder; sweep.json marks a folder as a sweep."""
    dir: Path

    @property
    def meta(self) -> Path:
        return self.dir / "sweep.json"

    @property
    def report(self) -> Path:
        return self.dir / "report.html"

    @property
    def findings(self) -> Path:
        return self.dir / "findings.html"

    @property
    def summary(self) -> Path:
        return self.dir / "summary.md"

    @property
    def data(self) -> Path:
        return self.dir / "data"

    def table(self, name: str) -> Path:
        return self.data / f"{name}.parquet"

    def run(self, task: str, os_id: str, run_id: str) -> RunPaths:
        return RunPaths(self.dir / task / os_id / run_id)

    def is_sweep(self) -> bool:
        return self.meta.is_file()


def find_runs(sweep_dir: Path, task: str = "*", os_id: str = "*") -> list[Path]:
    """The run folders of a sweep (`<task>/<os>/<run-id>/run.json`), in path order."""
    return sorted(p.parent for p in Path(sweep_dir).glob(f"{task}/{os_id}/*/run.json"))


def find_runs_below(root: Path) -> list[Path]:
    """The run folders of every sweep directly under `root` (a sweeps folder), in path order."""
    return sorted(p.parent for p in Path(root).glob("*/*/*/*/run.json"))
