"""Precision and recall of the leftover analysis against hand-labelled findings
(`tests/data/leftover-labels.jsonl`: the study corpus analysed here, and replays of its trials on
our VMs, kept in `tests/data/replays/` and analysed here too). `python -m reports.labels` prints the table docs/findings.md shows.

A label names a finding the analysis made at some point (run, node, object), says whether it is
really something the agent left behind, and why. A true leftover that the analysis now reports
inside a folder it found (`folded_into`) counts as found.
"""
from __future__ import annotations

import json
import sys
import tempfile
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable, Mapping

from reports.importer import import_folder
from reports.leftovers import CLASSES
from records import RunPaths, find_runs, read_json_optional
from reports.replay_records import REPLAYS, analysed
from reports.sweep import build

ROOT = Path(__file__).resolve().parent.parent
LABELS = ROOT / "tests" / "data" / "leftover-labels.jsonl"
CORPUS = ROOT / "tests" / "data" / "study"


@dataclass(frozen=True)
class ClassScore:
    cls: str
    found: int  # findings the analysis reports
    true_found: int  # of them, labelled true
    labelled_true: int  # true leftovers in the labels
    recalled: int  # of them, reported (itself or its folder)

    @property
    def precision(self) -> float | None:
        return self.true_found / self.found if self.found else None

    @property
    def recall(self) -> float | None:
        return self.recalled / self.labelled_true if self.labelled_true else None


def load_labels(path: Path = LABELS) -> list[dict]:
    return [json.loads(ln) for ln in path.read_text(encoding="utf-8").splitlines() if ln.strip()]


def corpus_findings(corpus: Path = CORPUS) -> list[dict]:
    """The study corpus imported and analysed by the code as it is now."""
    with tempfile.TemporaryDirectory() as tmp:
        sweep = Path(tmp) / "sweep"
        import_folder(corpus, sweep)
        build(sweep, workers=1)
        out = []
        for run_dir in find_runs(sweep):
            run = read_json_optional(RunPaths(run_dir).run) or {}
            analysis = read_json_optional(RunPaths(run_dir).analysis) or {}
            out += [{"source": "study corpus", "run": run.get("imported_from"), **f}
                    for f in analysis["leftovers"]["findings"]]
        return out


def replay_findings(root: Path = REPLAYS) -> list[dict]:
    """What the analysis as it is now finds in the replays kept from our VMs."""
    return [{"source": "replay", "run": trial, **f} for trial, rep in analysed(root).items()
            for f in rep.get("findings") or []]


def key(item: Mapping) -> tuple[str, str, str, str]:
    return str(item["source"]), str(item["run"]), str(item["node"]), str(item["object"])


def score(findings: Iterable[Mapping], labels: Iterable[Mapping]) -> tuple[dict[str, ClassScore], list[Mapping]]:
    """Per class scores, and the findings no label covers (to be labelled)."""
    labels = list(labels)
    by_key = {key(lab): lab for lab in labels}
    findings = list(findings)
    found_keys = {key(f) for f in findings}
    acc: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0, 0])
    unlabelled = []
    for f in findings:
        lab = by_key.get(key(f))
        if lab is None:
            unlabelled.append(f)
            continue
        acc[f["class"]][0] += 1
        acc[f["class"]][1] += bool(lab["leftover"])
    for lab in labels:
        if not lab["leftover"]:
            continue
        acc[lab["class"]][2] += 1
        folded = lab.get("folded_into")
        inside = folded and (lab["source"], lab["run"], lab["node"], folded) in found_keys
        acc[lab["class"]][3] += key(lab) in found_keys or bool(inside)
    return {c: ClassScore(c, *acc[c]) for c in CLASSES if c in acc}, unlabelled


def table(scores: Mapping[str, ClassScore]) -> str:
    def pct(v: float | None) -> str:
        return "–" if v is None else f"{100 * v:.1f}%"
    rows = ["| Class | Reported | Of them true | Precision | True leftovers labelled | Reported "
            "| Recall |", "|---|---|---|---|---|---|---|"]
    for s in scores.values():
        rows.append(f"| {s.cls} | {s.found} | {s.true_found} | {pct(s.precision)} | "
                    f"{s.labelled_true} | {s.recalled} | {pct(s.recall)} |")
    return "\n".join(rows)


def main() -> int:
    labels = load_labels()
    scores, unlabelled = score(corpus_findings() + replay_findings(), labels)
    print(f"{len(labels)} labelled findings ({sum(1 for x in labels if x['leftover'])} true)")
    print(table(scores))
    for f in unlabelled:
        print(f"unlabelled: {f['source']} {f['run']} {f['node']} {f['object']}", file=sys.stderr)
    return 1 if unlabelled else 0


if __name__ == "__main__":
    sys.exit(main())
