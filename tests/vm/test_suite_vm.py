"""The suite end to end on a real VM: the oracle passes a task, the nop agent fails it."""
import json
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.vm
ROOT = Path(__file__).resolve().parents[2]


def _sweep(tmp_path: Path, agent: str) -> dict:
    sweep = tmp_path / agent
    subprocess.run([sys.executable, "-m", "pytest", "tests_tasks", "-k", "disk_full", "--os=debian12",
                    f"--agent={agent}", f"--sweep-dir={sweep}", "-q", "-p", "no:cacheprovider"],
                   cwd=ROOT, capture_output=True, text=True, timeout=1500)
    runs = list(sweep.glob("disk-full-recovery/debian12/*/run.json"))
    assert len(runs) == 1, f"expected one run record under {sweep}"
    return json.loads(runs[0].read_text()) | {"dir": runs[0].parent}


def test_oracle_passes_nop_fails(tmp_path):
    oracle = _sweep(tmp_path, "oracle")
    assert oracle["outcome"] == "passed", oracle
    record = oracle["dir"]
    for phase in ("pre_prepare", "post_prepare", "post_agent"):
        snap = json.loads((record / "snapshots" / f"{phase}.json").read_text())
        assert snap["nodes"]["node1"]["ok"]
    phases = {json.loads(l)["phase"] for l in (record / "commands.jsonl").read_text().splitlines()}
    assert {"prepare", "agent", "checks:post_agent", "snapshot:post_agent"} <= phases
    assert (tmp_path / "oracle" / "report.html").exists()
    nop = _sweep(tmp_path, "nop")
    assert nop["outcome"] == "failed"
    assert {"req-1", "req-3"} <= set(nop["failed_requirements"])
