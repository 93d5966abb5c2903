"""How well a sweep uses the lab: a mixed set (a 3-node network task and four single-node tasks)
with the nop agent, `-n 2`, first served strictly first come first served (`--no-backfill`), then
with backfill (the default). Prints, for each, the sweep's wall time, the sum of the runs' own
durations (every phase but the wait for a lease) and their ratio: 0.5 would be two runs side by
side all the time, 1.0 one at a time. Ratios, no verdict.

    python3 benchmarks/bench_sweep.py [--os debian12] [--agent nop] [--out DIR]

Backfill needs durations to go by: the runs of earlier sweeps under the same sweeps folder (the
first pass leaves them for the second).
"""
from __future__ import annotations

import argparse
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from records import RunPaths, find_runs, read_json  # noqa: E402

BIG = "port-forward"  # 3 nodes: more cores than this host has under TCG, so it runs alone
SMALL = ("disk-full-recovery", "account-resource-limits", "sudoers-lockout", "service-sandboxing")


def own_seconds(run: dict) -> float:
    return sum(p.get("duration_s") or 0.0 for p in run.get("phases") or [] if p.get("name") != "lease")


def one_pass(out: Path, os_id: str, agent: str, *extra: str) -> tuple[float, float, int]:
    select = " or ".join(t.replace("-", "_") for t in (BIG, *SMALL))
    cmd = [sys.executable, "-m", "pytest", "tests_tasks", "-k", select, f"--os={os_id}",
           f"--agent={agent}", "-n", "2", f"--sweep-dir={out}", "-q", "-p", "no:cacheprovider", *extra]
    t0 = time.monotonic()
    subprocess.run(cmd, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    wall = time.monotonic() - t0
    runs = [read_json(RunPaths(d).run) for d in find_runs(out)]
    return wall, sum(own_seconds(r) for r in runs), len(runs)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--os", default="debian12")
    ap.add_argument("--agent", default="nop")
    ap.add_argument("--out", type=Path, default=ROOT / "sweeps" / f"bench-sweep-{time.strftime('%Y%m%dT%H%M%S')}")
    args = ap.parse_args()
    results = {}
    for name, extra in (("first come, first served", ("--no-backfill",)), ("backfill", ())):
        wall, own, n = one_pass(args.out / name.split()[0].strip(","), args.os, args.agent, *extra)
        results[name] = (wall, own, n)
        print(f"{name}: {n} runs; wall {wall:.0f} s; runs' own time {own:.0f} s; "
              f"wall ÷ own = {wall / own if own else float('nan'):.2f}")
    (before, after) = results.values()
    if before[0] and after[0]:
        print(f"backfill: wall time × {after[0] / before[0]:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
