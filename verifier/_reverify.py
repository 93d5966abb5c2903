"""Re-verifying an archived sweep: new versioned evaluations, the pairs of verdicts they give, and
their agreement (raw and Cohen's kappa).
"""
from __future__ import annotations

from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from fractions import Fraction
from itertools import groupby
from pathlib import Path
from typing import Callable, Hashable, Mapping, Sequence

from records import (CheckRecord, RequirementsError, RunPaths, find_runs, load_requirements,
                     read_json_optional, read_object_optional, read_sweep)
from verifier._evaluate import EvaluationReport, evaluate
from verifier._judge import ClientOptions, JudgeOptions
from verifier._verdicts import Mode, RequirementVerdict, check_judgement

# -- agreement ---------------------------------------------------------------------------------
# Agreement between two raters' labels on the same items: raw agreement and Cohen's kappa.
#
# kappa = (p_o - p_e) / (1 - p_e), where p_o is the share of items both label alike and p_e the
# agreement expected by chance from each rater's label frequencies. Computed with exact fractions
# so symmetric inputs give bit-identical results.

@dataclass(frozen=True)
class Agreement:
    n: int
    raw: float | None  # share of items labelled alike; None when there are no items
    kappa: float | None  # None when undefined; `note` says why
    categories: tuple[str, ...]
    note: str | None = None

    def kappa_text(self) -> str:
        return f"{self.kappa:.2f}" if self.kappa is not None else f"undefined ({self.note})"

    def raw_text(self) -> str:
        return f"{self.raw:.2f}" if self.raw is not None else "n/a"


def agreement(a: Sequence[Hashable], b: Sequence[Hashable]) -> Agreement:
    if len(a) != len(b):
        raise ValueError(f"label sequences differ in length: {len(a)} vs {len(b)}")
    n = len(a)
    categories = tuple(sorted({str(x) for x in (*a, *b)}))
    if n == 0:
        return Agreement(n=0, raw=None, kappa=None, categories=(), note="no items")
    p_o = Fraction(sum(x == y for x, y in zip(a, b, strict=True)), n)
    ca, cb = Counter(a), Counter(b)
    p_e = sum((Fraction(ca[k], n) * Fraction(cb[k], n) for k in ca.keys() & cb.keys()),
              Fraction(0))
    if p_e == 1:
        # Both raters used one and the same category throughout: chance explains everything.
        return Agreement(n=n, raw=float(p_o), kappa=None, categories=categories,
                         note=f"one category only: {categories[0]}")
    return Agreement(n=n, raw=float(p_o), kappa=float((p_o - p_e) / (1 - p_e)),
                     categories=categories)


# -- reverify ----------------------------------------------------------------------------------
# Re-verifying an archived sweep without VMs: a new, versioned evaluation of every run, and the
# pairs of verdicts whose agreement measures the LLM verifier.
#
# Three comparisons, each a list of pairs (one per run and requirement):
#   llm_vs_checks   the new LLM judgement vs the checks' verdict (check requirements only)
#   old_vs_new_llm  the old evaluation's LLM judgement vs the new one, where both have one
#   old_vs_new      the old final verdict vs the new final verdict
# A run whose new evaluation could not reach the LLM is left out of the pairs (its
# indeterminates are the API's, not the model's) and listed apart.

_PAIR_KINDS = ("llm_vs_checks", "old_vs_new_llm", "old_vs_new")


@dataclass(frozen=True)
class Pair:
    run: str  # run folder relative to the sweep
    requirement: str  # <task>/<requirement id>, so the same requirement groups across runs
    a: str
    b: str


@dataclass(frozen=True)
class RunOutcome:
    run: str
    version: int | None  # the version written; None when the run was not re-verified
    note: str | None  # why not, or the LLM error


@dataclass(frozen=True)
class ReverifyResult:
    against: int
    runs: tuple[RunOutcome, ...]
    llm_vs_checks: tuple[Pair, ...]
    old_vs_new_llm: tuple[Pair, ...]
    old_vs_new: tuple[Pair, ...]


def reverify(sweep_dir: Path, *, mode: Mode = "both", model: str | None = None,
             blind: bool = False, effort: str | None = None, against: int = 1, jobs: int = 1,
             client_options: ClientOptions = ClientOptions(),
             judge_options: JudgeOptions = JudgeOptions(),
             on_run: Callable[[RunOutcome], None] = lambda run: None) -> ReverifyResult:
    """Re-judge every run of the sweep, `jobs` runs at a time; `on_run` hears of each as it ends."""
    sweep_dir = Path(sweep_dir)
    read_sweep(sweep_dir)  # a clear error when it is not a sweep

    def one(run_dir: Path) -> tuple[RunOutcome, dict[str, list[Pair]]]:
        outcome, found = _reverify_run(sweep_dir, run_dir, mode, model, blind, effort, against,
                                       client_options, judge_options)
        on_run(outcome)
        return outcome, found

    with ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
        done = list(pool.map(one, find_runs(sweep_dir)))  # in run order, whatever ends first
    pairs: dict[str, list[Pair]] = {key: [] for key in _PAIR_KINDS}
    for _, found in done:
        for key in _PAIR_KINDS:
            pairs[key] += found.get(key, [])
    return ReverifyResult(against=against, runs=tuple(outcome for outcome, _ in done),
                          **{key: tuple(v) for key, v in pairs.items()})


def _reverify_run(sweep_dir: Path, run_dir: Path, mode: Mode, model: str | None, blind: bool,
                  effort: str | None, against: int, client_options: ClientOptions,
                  judge_options: JudgeOptions) -> tuple[RunOutcome, dict[str, list[Pair]]]:
    name = str(run_dir.relative_to(sweep_dir))
    try:
        load_requirements(run_dir)
    except RequirementsError as e:
        return RunOutcome(name, None, f"skipped: {e}"), {}
    version = max([1, *RunPaths(run_dir).evaluation_versions()]) + 1  # 1 is the run's own
    new = evaluate(run_dir, mode, model, blind, client_options, judge_options=judge_options,
                   effort=effort, version=version)
    if new.verifier.error is not None:
        return RunOutcome(name, version, new.verifier.error), {}
    return RunOutcome(name, version, None), _pairs(run_dir, name, new,
                                                   _old_verdicts(run_dir, against))


def _old_verdicts(run_dir: Path, version: int) -> Mapping[str, RequirementVerdict]:
    data = read_object_optional(RunPaths(run_dir).evaluation_report(version)) or {}
    return {d["id"]: RequirementVerdict.from_json(d) for d in data.get("requirements", ())}


def _pairs(run_dir: Path, name: str, new: EvaluationReport,
           old: Mapping[str, RequirementVerdict]) -> dict[str, list[Pair]]:
    checks_json = read_json_optional(RunPaths(run_dir).checks)
    checks = CheckRecord.from_json(checks_json) if isinstance(checks_json, dict) else None
    out: dict[str, list[Pair]] = {key: [] for key in _PAIR_KINDS}
    for req in load_requirements(run_dir):
        verdict = new.requirement(req.id)
        key = f"{new.task or run_dir.parent.parent.name}/{req.id}"
        llm = verdict.judgement("llm") if verdict else None
        check = check_judgement(req, checks, new.persist) if req.method == "check" else None
        if llm and check:
            out["llm_vs_checks"].append(Pair(name, key, llm.status, check.status))
        before = old.get(req.id)
        if before is None or verdict is None:
            continue
        before_llm = before.judgement("llm")
        if before_llm and llm:
            out["old_vs_new_llm"].append(Pair(name, key, before_llm.status, llm.status))
        out["old_vs_new"].append(Pair(name, key, before.status, verdict.status))
    return out


# -- agreement table ---------------------------------------------------------------------------
# The agreement table `python -m verifier reverify` prints.

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
