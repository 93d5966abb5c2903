"""What sharing the prepared machines saves a validation (`--agent=oracle,nop`), read from the
records of sweeps that ran it. Prints times and ratios; no verdict.

    python3 benchmarks/bench_validation.py SWEEP_DIR [SWEEP_DIR ...]

Per task×OS where the nop run started from the oracle's checkpoint: what the nop run skipped
(the oracle's lease-free setup: provision, pre/post-prepare snapshots, prepare), what it paid
instead (checkpoint + restore), and the validation's time with sharing ÷ without (oracle + nop,
÷ oracle + nop + skipped − paid). Lease waits are left out: they measure the lab's queue.
"""
from __future__ import annotations

import json
import statistics
import sys
from pathlib import Path

SETUP = ("provision", "snapshot:pre_prepare", "prepare", "snapshot:post_prepare")


def phase_s(run: dict, names) -> float:
    return sum(p.get("duration_s") or 0 for p in run.get("phases", []) if p.get("name") in names)


def busy_s(run: dict) -> float:
    return sum(p.get("duration_s") or 0 for p in run.get("phases", []) if p.get("name") != "lease")


def main(dirs: list[str]) -> int:
    runs = {}
    for d in dirs:
        for path in Path(d).glob("**/run.json"):
            try:
                runs[str(path.parent)] = json.loads(path.read_text())
            except (OSError, ValueError):
                continue
    rows = []
    for run in runs.values():
        oracle = runs.get(run.get("prepared_in") or "")
        if run.get("agent") != "nop" or oracle is None or run.get("outcome") not in ("passed", "failed"):
            continue
        skipped = phase_s(oracle, SETUP)
        paid = phase_s(oracle, ("checkpoint",)) + phase_s(run, ("restore",))
        shared = busy_s(oracle) + busy_s(run)
        rows.append((run["task"], run["os"], skipped, paid, busy_s(run), shared / (shared + skipped - paid)))
    if not rows:
        print("no nop run that started from an oracle's checkpoint in", ", ".join(dirs))
        return 1
    print(f"{'task':34} {'os':10} {'skipped s':>9} {'paid s':>7} {'nop s':>6} {'shared/fresh':>12}")
    for task, os_id, skipped, paid, nop, ratio in sorted(rows):
        print(f"{task:34} {os_id:10} {skipped:9.0f} {paid:7.1f} {nop:6.0f} {ratio:12.2f}")
    print(f"median validation time with sharing ÷ without: {statistics.median(r[5] for r in rows):.2f} "
          f"({len(rows)} task×OS)")
    return 0


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    sys.exit(main(sys.argv[1:]))
