"""Benchmark of importing and analysing the study corpus (tests/data/study/): `import_folder`
then `reports.sweep.build`, as `python -m reports import` does. Prints times and the share of each
step; no verdict.

    python3 benchmarks/bench_study_import.py [--workers N] [--repeat 5]
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from reports.importer import find_trials, import_folder, trial_copies  # noqa: E402
from reports.sweep import build  # noqa: E402

CORPUS = ROOT / "tests" / "data" / "study"


def once(workers: int) -> tuple[float, float]:
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "sweep"
        t0 = time.perf_counter()
        import_folder(CORPUS, out, workers=workers)
        t1 = time.perf_counter()
        build(out, workers=workers)
        return t1 - t0, time.perf_counter() - t1


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--repeat", type=int, default=5)
    args = ap.parse_args()
    trials = trial_copies(find_trials(CORPUS))  # a trial in both layouts is one
    size = sum(f.stat().st_size for f in CORPUS.rglob("*") if f.is_file())
    print(f"corpus: {len(trials)} trials, {size / 2**20:.1f} MiB; workers {args.workers}")
    times = [once(args.workers) for _ in range(args.repeat)]
    imp = statistics.median(t[0] for t in times)
    ana = statistics.median(t[1] for t in times)
    total = imp + ana
    print(f"import  {imp:6.2f} s  ({imp / total:.0%})")
    print(f"analyse {ana:6.2f} s  ({ana / total:.0%})")
    print(f"total   {total:6.2f} s  median of {args.repeat}; {total / len(trials) * 1000:.0f} ms per trial")


if __name__ == "__main__":
    main()
