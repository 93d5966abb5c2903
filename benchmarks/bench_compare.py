"""Benchmark of `python -m reports compare`: two synthetic sweeps at the reference study's scale
(905 runs each, from benchmarks/bench_reports.py's generator, seeds 7 and 8), built once, then
compared by agent. Prints the time of the comparison (reading both runs tables, the statistics,
compare.md and compare.html) against the time of the builds; no verdict.

    python3 benchmarks/bench_compare.py [--repeat 3] [--keep DIR]
"""
from __future__ import annotations

import argparse
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_reports import synthesise  # noqa: E402

from records import RunPaths, find_runs, read_json, write_json  # noqa: E402
from reports.compare import compare, load_runs, write  # noqa: E402
from reports.sweep import build  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--keep", type=Path, default=None)
    args = ap.parse_args()
    root = args.keep or Path(tempfile.mkdtemp(prefix="bench-compare-"))
    sweeps, build_s = [], 0.0
    for seed, agent in ((7, "model-a"), (8, "model-b")):
        sweep = root / f"seed{seed}"
        if not (sweep / "data" / "runs.parquet").is_file():
            synthesise(sweep, 1, seed=seed)
            for run_dir in find_runs(sweep):  # the two sweeps: two agents
                run_json = RunPaths(run_dir).run
                write_json(run_json, read_json(run_json) | {"agent": agent})
            t0 = time.perf_counter()
            build(sweep)
            build_s += time.perf_counter() - t0
        sweeps.append(sweep)
    times = []
    for _ in range(args.repeat):
        t0 = time.perf_counter()
        rows = load_runs(sweeps)
        c = compare(rows, "agent")
        write(c, root / "out")
        times.append(time.perf_counter() - t0)
    med = statistics.median(times)
    print(f"compare of 2 × 905 runs ({len(rows)} rows, {len(c.pairs)} paired test(s)): "
          f"median {med:.2f} s of {args.repeat} (min {min(times):.2f} s)")
    if build_s:
        print(f"building the two sweeps took {build_s:.1f} s: compare is {med / build_s:.3f} of that")
    if args.keep is None:
        shutil.rmtree(root, ignore_errors=True)


if __name__ == "__main__":
    main()
