"""Hostile agents and failing infrastructure on real VMs. Every behaviour of
tests/support/hostile.py as the agent of one task, all from one prepared checkpoint; then every
fault of tests/support/faults.py injected into a sweep of its own. Prints the tables and the
ratios (runs scored as deserved, runs lost, retried, orphans); no verdict.

    python3 benchmarks/bench_faults.py [--work DIR] [--only NAME,NAME] [--write-doc]

`--write-doc` puts the tables into docs/reliability.md (between their generated-table markers);
with `--only`, the rows it ran replace theirs and the other rows stay.
Takes about 2 minutes a behaviour and 5 a fault under TCG.
"""
from __future__ import annotations

import argparse
import re
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from lab import gc  # noqa: E402
from tests.support import faults  # noqa: E402
from tests.support.hostile import BEHAVIOURS, run_sweep, table  # noqa: E402

DOC = Path(__file__).resolve().parents[1] / "docs" / "reliability.md"
END = "<!-- end -->"


def _marker(what: str) -> str:
    return f"<!-- {what} table: benchmarks/bench_faults.py --write-doc -->"


def _first_cell(row: str) -> str:
    return row.split("|")[1].strip() if row.startswith("|") else ""


def merge_rows(old: str, new: str) -> str:
    """`new`'s rows replace the rows of `old` with the same first cell; the others stay (a run
    with --only updates its rows, not the whole table)."""
    new_rows = new.splitlines()
    fresh = {_first_cell(r): r for r in new_rows[2:]}
    kept = [fresh.pop(_first_cell(r), r) for r in old.splitlines()[2:] if r.startswith("|")]
    return "\n".join(new_rows[:2] + kept + list(fresh.values()))


def _put(doc: str, what: str, text: str) -> str:
    begin = _marker(what)
    found = re.search(re.escape(begin) + r"\n(.*?)\n" + re.escape(END), doc, flags=re.S)
    if found:
        text = merge_rows(found.group(1), text)
    block = f"{begin}\n{text}\n{END}"
    if begin not in doc:
        return doc + "\n" + block + "\n"
    return re.sub(re.escape(begin) + r".*?" + re.escape(END), lambda _: block, doc, flags=re.S)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--work", type=Path, default=None)
    ap.add_argument("--only", default="", help="comma list of behaviour names")
    ap.add_argument("--write-doc", action="store_true")
    args = ap.parse_args(argv)
    only = set(filter(None, args.only.split(",")))
    work = args.work or Path(tempfile.mkdtemp(prefix="bench-faults-"))
    doc = DOC.read_text()
    chosen = tuple(b for b in BEHAVIOURS if not only or b.name in only)
    if chosen:
        found, res = run_sweep(work / "hostile", chosen)
        orphans = gc.collect()
        text = table(found)
        print(text)
        n = len(found)
        print(f"\nbehaviours {n}; scored as deserved {sum(o.as_deserved for o in found)}/{n}; "
              f"runs lost {sum(o.runs == 0 for o in found)}; retried {sum(o.runs > 1 for o in found)}; "
              f"infrastructure errors {sum(o.error is not None for o in found)}; "
              f"orphans after the sweep {len(orphans)}; sweep: {res.args[-1]} (records in {work})\n")
        doc = _put(doc, "hostile-agents", text)
    injected = [faults.run_fault(work / "faults", f) for f in faults.FAULTS
                if not only or f.name in only]
    if injected:
        text = faults.table(injected)
        print(text)
        n = len(injected)
        print(f"\nfaults {n}; as deserved {sum(o.as_deserved for o in injected)}/{n}; runs lost "
              f"{sum(not o.runs or o.final.get('outcome') is None for o in injected)}; orphans "
              f"{sum(len(o.orphans) for o in injected)}")
        doc = _put(doc, "infrastructure-faults", text)
    if args.write_doc:
        DOC.write_text(doc)
    return 0


if __name__ == "__main__":
    sys.exit(main())
