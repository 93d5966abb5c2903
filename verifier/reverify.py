"""Re-verifying an archived sweep without VMs: a new, versioned evaluation of every run, and the
pairs of verdicts whose agreement measures the LLM verifier.

Three comparisons, each a list of pairs (one per run and requirement):
  llm_vs_checks   the new LLM judgement vs the checks' verdict (check requirements only)
  old_vs_new_llm  the old evaluation's LLM judgement vs the new one, where both have one
  old_vs_new      the old final verdict vs the new final verdict
A run whose new evaluation could not reach the LLM is left out of the pairs (its
indeterminates are the API's, not the model's) and listed apart.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Mapping

from verifier.check_record import CheckRecord
from verifier.evaluator import evaluate
from verifier.evaluation import EvaluationReport
from verifier.jsonio import read_json_or_none
from verifier.llm_judge import ClientOptions, JudgeOptions
from verifier.policy import Mode, check_judgement
from verifier.requirements import RequirementsError, load_requirements
from verifier.sweep import run_dirs
from verifier.verdict import RequirementVerdict
from verifier.versions import next_version, report_name


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
             blind: bool = False, effort: str | None = None, against: int = 1,
             client_options: ClientOptions = ClientOptions(),
             judge_options: JudgeOptions = JudgeOptions()) -> ReverifyResult:
    sweep_dir = Path(sweep_dir)
    runs: list[RunOutcome] = []
    pairs: dict[str, list[Pair]] = {"llm_vs_checks": [], "old_vs_new_llm": [], "old_vs_new": []}
    for run_dir in run_dirs(sweep_dir):
        name = str(run_dir.relative_to(sweep_dir))
        try:
            load_requirements(run_dir)
        except RequirementsError as e:
            runs.append(RunOutcome(name, None, f"skipped: {e}"))
            continue
        version = next_version(run_dir / "verifier")
        new = evaluate(run_dir, mode, model, blind, client_options, judge_options=judge_options,
                       effort=effort, version=version)
        runs.append(RunOutcome(name, version, new.verifier.error))
        if new.verifier.error is None:
            old = _old_verdicts(run_dir, against)
            for key, found in _pairs(run_dir, name, new, old).items():
                pairs[key] += found
    return ReverifyResult(against=against, runs=tuple(runs),
                          **{k: tuple(v) for k, v in pairs.items()})


def _old_verdicts(run_dir: Path, version: int) -> Mapping[str, RequirementVerdict]:
    data = read_json_or_none(run_dir / "verifier" / report_name(version)) or {}
    return {d["id"]: RequirementVerdict.from_json(d) for d in data.get("requirements", ())}


def _pairs(run_dir: Path, name: str, new: EvaluationReport,
           old: Mapping[str, RequirementVerdict]) -> dict[str, list[Pair]]:
    checks_json = read_json_or_none(run_dir / "verifier" / "checks.json")
    checks = CheckRecord.from_json(checks_json) if isinstance(checks_json, dict) else None
    out: dict[str, list[Pair]] = {"llm_vs_checks": [], "old_vs_new_llm": [], "old_vs_new": []}
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
