"""The verifier: judges a run from its record alone (docs/verifier.md).

    verifier.evaluate(run_dir, mode="auto")   # the verifier's records, the run's verdicts
    verifier._reverify(sweep_dir, ...)         # a new versioned evaluation of an archived sweep
    verifier.decide(...)                      # the one verdict policy

The public names are listed in `__all__`; the modules behind them (`_record`, `_verdicts`,
`_judge`, `_observations`, `_evaluate`, `_reverify`) are private. Names load on first use, so
importing the policy never pulls in the LLM client.
"""
from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

_WHERE = {
    # the run as the verifier reads it (records.read_run, tolerant), and the evidence ids into it
    "load_run": "_record", "known_ids": "_record",
    "filter_evidence": "_record", "check_ref": "_record",
    # verdicts and the one policy
    "STATUSES": "_verdicts", "Status": "_verdicts", "Judgement": "_verdicts",
    "RequirementVerdict": "_verdicts", "MODES": "_verdicts", "Mode": "_verdicts",
    "Outcome": "_verdicts", "FAILED": "_verdicts", "decide": "_verdicts", "outcome": "_verdicts",
    "summary": "_verdicts", "check_judgement": "_verdicts", "final_verdict": "_verdicts",
    "llm_judges": "_verdicts", "RunIllusion": "_verdicts", "SweepIllusion": "_verdicts",
    "run_illusion": "_verdicts", "run_illusion_from_dir": "_verdicts", "sweep_illusion": "_verdicts",
    # the LLM judge
    "ClientOptions": "_judge", "JudgeOptions": "_judge", "InputBudget": "_judge",
    # evaluating a run, re-verifying a sweep
    "EvaluationReport": "_evaluate", "evaluate": "_evaluate", "validate_record": "_evaluate",
    "reverify": "_reverify", "ReverifyResult": "_reverify", "RunOutcome": "_reverify",
    "Pair": "_reverify", "agreement": "_reverify", "format_result": "_reverify",
}
__all__ = [
    "ClientOptions", "EvaluationReport", "FAILED", "InputBudget", "JudgeOptions", "Judgement",
    "MODES", "Mode", "Outcome", "Pair", "RequirementVerdict", "ReverifyResult", "RunIllusion",
    "RunOutcome", "STATUSES", "Status", "SweepIllusion", "agreement",
    "check_judgement", "check_ref", "decide", "evaluate", "filter_evidence", "final_verdict",
    "format_result", "known_ids", "llm_judges", "load_run", "outcome", "reverify", "run_illusion",
    "run_illusion_from_dir", "summary", "sweep_illusion", "validate_record",
]


def __getattr__(name: str) -> Any:
    module = _WHERE.get(name)
    if module is None:
        raise AttributeError(f"module 'verifier' has no attribute {name!r}")
    value = getattr(importlib.import_module(f"verifier.{module}"), name)
    globals()[name] = value
    return value


if TYPE_CHECKING:
    from verifier._evaluate import EvaluationReport, evaluate, validate_record
    from verifier._judge import ClientOptions, InputBudget, JudgeOptions
    from verifier._record import check_ref, filter_evidence, known_ids, load_run
    from verifier._reverify import Pair, ReverifyResult, RunOutcome, agreement, format_result, reverify
    from verifier._verdicts import (FAILED, MODES, STATUSES, Judgement, Mode, Outcome, RequirementVerdict,
                                    RunIllusion, Status, SweepIllusion, check_judgement, decide,
                                    final_verdict, llm_judges, outcome, run_illusion,
                                    run_illusion_from_dir, summary, sweep_illusion)
