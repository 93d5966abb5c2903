"""`python -m reports export SWEEP --hf DIR`: a sweep's data set in the Hugging Face datasets
layout — one parquet file per table under `data/`, and a README dataset card whose YAML header
names each table as a config (so `load_dataset(DIR, "runs")` works), with the schema of every
column (from reports/data.py's one schema table) and where the data came from.
"""
from __future__ import annotations

import argparse
import shutil
import subprocess
from pathlib import Path

from reports.data import SCHEMAS
from records import RecordError, SweepPaths, read_json_optional, read_sweep, write_text
from reports.sweep import build

WHAT = {"runs": "one row per run", "commands": "one row per command (every phase)",
        "requirements": "one row per requirement result per phase",
        "leftovers": "one row per leftover finding", "high_impact": "one row per (command, high-impact class)"}


def _commit() -> str:
    try:
        return subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=Path(__file__).parent,
                              capture_output=True, text=True, timeout=5).stdout.strip() or "unknown"
    except (OSError, subprocess.SubprocessError):
        return "unknown"


def card(sweep: Path, meta: dict, counts: dict[str, int]) -> str:
    # an empty table gets no config: the datasets library cannot load a parquet file of no rows
    configs = "\n".join(f"- config_name: {name}\n  data_files: data/{name}.parquet"
                        + ("\n  default: true" if name == "runs" else "")
                        for name in SCHEMAS if counts.get(name))
    out = ["---", "configs:", configs, "tags:", "- opsbench", "- llm-agents", "- system-administration",
           "---", "", f"# opsbench sweep `{meta.get('sweep_id') or sweep.name}`", "",
           "What an LLM agent (or a scripted one) did on real VM clusters when given system "
           "administration tasks, and what opsbench's checks and analysis found. Exported by "
           f"`python -m reports export` (opsbench {_commit()}) from the sweep's run folders, "
           "whose files every row can be traced back to (docs/records.md). Secrets were redacted "
           "when the records were written and again when these tables were built.", "",
           "## Provenance", "",
           f"- sweep: `{meta.get('sweep_id') or sweep.name}`, started {meta.get('started_at', '?')}, "
           f"finished {meta.get('finished_at', '?')}",
           f"- command line: `{' '.join(meta.get('argv') or []) or '?'}`", "",
           "## Tables", "", "| config | rows | what |", "|---|---|---|"]
    out += [f"| `{n}` | {counts.get(n, 0)} | {WHAT[n]}{'' if counts.get(n) else ' (empty here: no config)'} |"
            for n in SCHEMAS]
    out += ["", "```python", "from datasets import load_dataset",
            "runs = load_dataset('parquet', data_files={'train': 'data/runs.parquet'})['train']",
            "```"]
    for name, cols in SCHEMAS.items():
        out += ["", f"### `{name}`", "", "| column | type | meaning |", "|---|---|---|"]
        out += [f"| `{c.name}` | {c.type} | {c.doc} |" for c in cols]
    return "\n".join(out) + "\n"


def export_hf(sweep: Path, out: Path) -> Path:
    meta = read_sweep(sweep)
    data = SweepPaths(sweep).data
    if not all((data / f"{n}.parquet").is_file() for n in SCHEMAS):
        build(sweep)
    import pyarrow.parquet as pq
    (out / "data").mkdir(parents=True, exist_ok=True)
    counts = {}
    for name in SCHEMAS:
        shutil.copyfile(data / f"{name}.parquet", out / "data" / f"{name}.parquet")
        counts[name] = pq.read_metadata(out / "data" / f"{name}.parquet").num_rows
    write_text(out / "README.md", card(sweep, read_json_optional(SweepPaths(sweep).meta) or meta,
                                              counts))
    return out


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(prog="python -m reports export", description=__doc__.split("\n\n")[0])
    ap.add_argument("sweep", type=Path)
    ap.add_argument("--hf", type=Path, required=True, help="folder to write the data set into")
    args = ap.parse_args(argv)
    if args.hf.exists() and any(args.hf.iterdir()):
        raise RecordError(f"--hf {args.hf}: not empty; give a new folder")
    print(f"wrote {export_hf(args.sweep, args.hf)}")
    return 0
