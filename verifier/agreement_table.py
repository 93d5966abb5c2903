"""The agreement table `python -m verifier reverify` prints."""
from __future__ import annotations

from itertools import groupby
from typing import Sequence

from verifier.agreement import agreement
from verifier.reverify import Pair, ReverifyResult


def format_result(result: ReverifyResult) -> str:
    lines = ["Re-verified runs"]
    for run in result.runs:
        status = f"v{run.version}" if run.version is not None else "not re-verified"
        lines.append(f"  {run.run}: {status}" + (f" ({run.note})" if run.note else ""))
    lines += ["", *_table("LLM vs checks, per requirement", result.llm_vs_checks,
                          ("llm", "check"), per_requirement=True)]
    old = f"v{result.against}"
    lines += ["", *_table(f"Old ({old}) vs new LLM judgements", result.old_vs_new_llm,
                          ("old", "new"), per_requirement=False)]
    lines += ["", *_table(f"Old ({old}) vs new final verdicts", result.old_vs_new,
                          ("old", "new"), per_requirement=False)]
    return "\n".join(lines)


def _table(title: str, pairs: Sequence[Pair], names: tuple[str, str],
           per_requirement: bool) -> list[str]:
    lines = [title]
    if not pairs:
        return lines + ["  no pairs to compare"]
    width = max([len("requirement"), len("all"), *(len(p.requirement) for p in pairs)])
    lines.append(f"  {'requirement':<{width}}  {'n':>4}  {'agree':>5}  kappa")
    rows = []
    if per_requirement:
        ordered = sorted(pairs, key=lambda p: p.requirement)
        rows = [(rid, list(group)) for rid, group in groupby(ordered, key=lambda p: p.requirement)]
    rows.append(("all", list(pairs)))
    for label, group in rows:
        a = agreement([p.a for p in group], [p.b for p in group])
        lines.append(f"  {label:<{width}}  {a.n:>4}  {a.raw_text():>5}  {a.kappa_text()}")
    differing = [p for p in pairs if p.a != p.b]
    if differing:
        lines.append("  differing:")
        lines += [f"    {p.run} {p.requirement.split('/')[-1]}: {names[0]}={p.a} {names[1]}={p.b}"
                  for p in differing]
    return lines
