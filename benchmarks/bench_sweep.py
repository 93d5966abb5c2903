"""How well a sweep uses the lab: a mixed set (a 3-node network task and four single-node tasks)
with `-n 2`, run twice: before, as the lab scheduled until 2026-12-07 (one vCPU slot per core,
first come, first served: `--no-backfill` and a `--lab-hosts` file with overcommit 1); after,
with the defaults (backfill, and two vCPU slots per core under TCG). Prints, for each, the
sweep's wall time, the sum of the runs' own durations (every phase but the wait for a lease) and
their ratio: 0.5 would be two runs side by side all the time, 1.0 one at a time. Ratios, no
verdict.

    python3 benchmarks/bench_sweep.py [--os debian12] [--agent nop] [--out DIR] [--slots N]

`--slots N` adds a pass with backfill on a host declared with N vCPU slots. Backfill needs
durations to go by: the runs of earlier sweeps under the same --out folder (the first pass
leaves them for the later ones).
"""
from __future__ import annotations

import argparse
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from lab.hosts import local_host  # noqa: E402
from fixtures.validate import run_pytest  # noqa: E402
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
    out.mkdir(parents=True, exist_ok=True)
    with (out.parent / f"{out.name}.log").open("w") as log:  # a Ctrl-C ends the sweep cleanly
        run_pytest(cmd, cwd=ROOT, stdout=log, stderr=subprocess.STDOUT)
    wall = time.monotonic() - t0
    runs = [read_json(RunPaths(d).run) for d in find_runs(out)]
    return wall, sum(own_seconds(r) for r in runs), len(runs)


def slots_file(out: Path, slots: int) -> Path:
    """A --lab-hosts file: this machine, offering `slots` vCPU slots."""
    here = local_host()
    path = out / f"hosts-{slots}.toml"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(f'[[hosts]]\nname = "local"\nuri = "{here.uri}"\nvcpus = {here.vcpus}\n'
                    f'overcommit = {slots / here.vcpus}\nmemory_mib = {here.memory_mib}\n'
                    f'max_vms = {here.max_vms}\n')
    return path


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--os", default="debian12")
    ap.add_argument("--agent", default="nop")
    ap.add_argument("--out", type=Path, default=ROOT / "sweeps" / f"bench-sweep-{time.strftime('%Y%m%dT%H%M%S')}")
    ap.add_argument("--slots", type=int, default=None, help="also a pass on a host of this many vCPU slots")
    args = ap.parse_args()
    before = ("--no-backfill", "--lab-hosts", str(slots_file(args.out, local_host().vcpus)))
    passes = [("before: one slot per core, first come, first served", "before", before),
              ("after: the defaults", "after", ())]
    if args.slots:
        passes.append((f"backfill, {args.slots} vCPU slots", f"slots{args.slots}",
                       ("--lab-hosts", str(slots_file(args.out, args.slots)))))
    results = {}
    for name, folder, extra in passes:
        wall, own, n = one_pass(args.out / folder, args.os, args.agent, *extra)
        results[name] = (wall, own, n)
        print(f"{name}: {n} runs; wall {wall:.0f} s; runs' own time {own:.0f} s; "
              f"wall ÷ own = {wall / own if own else float('nan'):.2f}")
    first = results[passes[0][0]]
    for name, (wall, own, _) in list(results.items())[1:]:
        if first[0] and first[1]:
            print(f"{name}: wall time × {wall / first[0]:.2f} and runs' own time × {own / first[1]:.2f} "
                  f"of before")
    return 0


if __name__ == "__main__":
    sys.exit(main())
