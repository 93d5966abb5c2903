"""`python -m reports <sweep-dir> [--check-dns]` — (re)build a sweep's findings.
`python -m reports import <folder> [--out <sweep-dir>] [--check-dns]` — import Harbor trial
folders (the reference study's layout) as a sweep, then build its findings.
`python -m reports study-comparison [corpus] [--out docs/study-comparison.md]` — our analysis
beside the study's verifier, on the study corpus (tests/data/study/).
`python -m reports compare SWEEP [SWEEP …] --by model|effort|agent|os|os-release [--out DIR]` —
sweeps side by side with intervals and paired tests (reports/compare.py).
`python -m reports export SWEEP --hf DIR` — the sweep's tables as a Hugging Face data set."""
from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

from reports.importer import import_folder
from records import RecordError, SweepPaths
from reports.sweep import build


def _build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m reports",
                                description="Compute a sweep's findings: analysis.json per run, "
                                            "summary.md, findings.html and data/*.parquet.")
    p.add_argument("sweep_dir", type=Path, help="a sweep folder (has sweep.json)")
    p.add_argument("--check-dns", action="store_true",
                   help="resolve repository hosts (otherwise reported as 'not checked')")
    p.add_argument("--workers", type=int, default=None, help="processes (default: CPU count)")
    return p


def _import_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m reports import",
                                description="Import the reference study's trial folders (both "
                                            "published layouts) into opsbench's record layout "
                                            "as a new sweep, then build its findings.")
    p.add_argument("folder", type=Path, help="a folder holding Harbor trial folders")
    p.add_argument("--out", type=Path, default=None,
                   help="sweep folder to write (default: sweeps/import-<folder name>)")
    p.add_argument("--check-dns", action="store_true", help="resolve repository hosts")
    p.add_argument("--workers", type=int, default=None, help="processes (default: CPU count)")
    return p


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    t0 = time.perf_counter()
    try:
        if argv[:1] == ["export"]:
            from reports.export import main as export_main
            return export_main(argv[1:])
        if argv[:1] == ["compare"]:
            from reports.compare import main as compare_main
            return compare_main(argv[1:])
        if argv[:1] == ["run-page"]:
            from reports.run_page import write_run_page
            for run_dir in argv[1:] or ["."]:
                print(write_run_page(Path(run_dir)))
            return 0
        if argv[:1] == ["study-comparison"]:
            from reports.study_comparison import main as study_comparison
            return study_comparison(argv[1:])
        if argv[:1] == ["import"]:
            args = _import_parser().parse_args(argv[1:])
            out = args.out or Path("sweeps") / f"import-{args.folder.resolve().name}"
            workers = args.workers if args.workers is not None else (os.cpu_count() or 1)
            sweep_dir = import_folder(args.folder, out, workers=workers)
            print(f"imported {args.folder} → {sweep_dir}")
            check_dns = args.check_dns
        else:
            args = _build_parser().parse_args(argv)
            sweep_dir, check_dns, workers = args.sweep_dir, args.check_dns, args.workers
        summary = build(sweep_dir, check_dns=check_dns, workers=workers)
    except RecordError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    print(f"{summary.runs} runs ({summary.counted} counted, {summary.errors} errors) "
          f"in {time.perf_counter() - t0:.1f}s")
    for unreadable, why in summary.unreadable:
        print(f"warning: skipped {unreadable}: {why}", file=sys.stderr)
    out = SweepPaths(sweep_dir)
    for path in (out.summary, out.findings, out.data):
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
