"""`python -m lab try` on a real VM: the prepared cluster, SSH lines that work, checks on demand
(failing before the solution, passing after it), the run's record and page, and nothing left
in libvirt, whether the author ends the session or presses Ctrl-C."""
from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from lab import gc, virt

pytestmark = pytest.mark.vm
ROOT = Path(__file__).resolve().parents[2]
TASK = "disk-full-recovery"


def _ours(sweep: Path) -> list[str]:
    conn = virt.connect("qemu:///system")
    return [d.name() for d in conn.listAllDomains()
            if virt.owner_of(d).get("sweep") in (str(sweep), str(sweep.resolve()))]


def _start(sweep: Path) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "lab", "try", TASK, "--os", "debian12",
                             "--sweep-dir", str(sweep)], cwd=ROOT, stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                            start_new_session=True)


def _until_prompt(proc: subprocess.Popen, deadline_s: float = 900) -> list[str]:
    lines, t0 = [], time.monotonic()
    while time.monotonic() - t0 < deadline_s:
        line = proc.stdout.readline()
        if not line:
            break
        lines.append(line.rstrip("\n"))
        if line.startswith("try> "):
            return lines
    raise AssertionError("no prompt: " + "\n".join(lines[-40:]))


def test_checks_on_demand_the_solution_and_the_end(tmp_path):
    sweep = tmp_path / "try"
    proc = _start(sweep)
    try:
        said = _until_prompt(proc)
        ssh = next(line for line in said if line.strip().startswith("node1: ssh -i "))
        cmd = ssh.split(": ", 1)[1].split() + ["-o", "BatchMode=yes", "-o", "ConnectTimeout=20", "hostname"]
        reached = subprocess.run(cmd, capture_output=True, text=True, timeout=60)
        assert reached.returncode == 0 and reached.stdout.strip(), reached.stderr  # the printed line works

        proc.stdin.write("c\n")
        proc.stdin.flush()
        before = _until_prompt(proc)
        assert any(re.search(r"req-1: not_satisfied", line) for line in before), before
        proc.stdin.write("s\n")
        proc.stdin.flush()
        solved = _until_prompt(proc)
        assert any("reference solution: completed" in line for line in solved), solved
        proc.stdin.write("c\nq\n")
        proc.stdin.flush()
        rest, _ = proc.communicate(timeout=900)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
    assert "req-1: satisfied" in rest and f"{TASK}[debian12]: passed" in rest, rest[-3000:]
    run_dir = next(sweep.glob(f"{TASK}/debian12/*/"))
    assert json.loads((run_dir / "run.json").read_text())["agent"] == "try"
    assert (run_dir / "run.html").is_file()
    assert _ours(sweep) == []


def test_ctrl_c_destroys_the_cluster(tmp_path):
    sweep = tmp_path / "try"
    proc = _start(sweep)
    try:
        _until_prompt(proc)
        assert _ours(sweep), "the cluster is up while the author looks around"
        os.killpg(proc.pid, signal.SIGINT)  # as Ctrl-C in its terminal: stdin stays open
        proc.wait(timeout=300)
        out = proc.stdout.read()
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
    assert "stopped: the cluster is destroyed" in out, out[-2000:]
    assert _ours(sweep) == [] and not [r for r in gc.collect() if str(sweep) in r]
