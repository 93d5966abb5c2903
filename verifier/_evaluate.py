"""Evaluating one run folder: the evaluation report and its JSON Schemas, and `evaluate`, which
writes the verifier's records.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, replace
from datetime import datetime, timezone
from functools import cache
from pathlib import Path
from typing import Any

import jsonschema

from records import RunPaths, create_json, versioned, write_json
from verifier._judge import ClientOptions, JudgeOptions, JudgeResult, judge, templates_digest
from verifier._observations import (CommandStats, command_stats, executor_evidence,
                                    global_observations, phase_diffs)
from verifier._record import Run, load_run
from verifier._verdicts import (MODES, Mode, Outcome, RequirementVerdict, RunIllusion, decide,
                                llm_judges, outcome, run_illusion, summary)

# -- evaluation --------------------------------------------------------------------------------
# `verifier/evaluation-report.json`: the verdict on every requirement and the run's outcome.

EVALUATION_SCHEMA = "opsbench.evaluation-report/1"


@dataclass(frozen=True)
class VerifierInfo:
    """How this evaluation was made."""
    version: int
    created_at: str
    mode: Mode
    blind: bool
    model: str | None  # None when no LLM was asked
    effort: str | None
    templates: str | None
    templates_sha256: str | None
    input_chars: int | None
    input_notes: tuple[str, ...]
    usage_file: str | None
    messages_file: str | None
    error: str | None  # the LLM verifier could not be used (infrastructure); see docs/verifier.md

    def to_json(self) -> dict[str, Any]:
        return {"version": self.version, "created_at": self.created_at, "mode": self.mode,
                "blind": self.blind, "model": self.model, "effort": self.effort,
                "templates": self.templates, "templates_sha256": self.templates_sha256,
                "input_chars": self.input_chars,
                "input_notes": list(self.input_notes), "usage_file": self.usage_file,
                "messages_file": self.messages_file, "error": self.error}


@dataclass(frozen=True)
class EvaluationReport:
    run_id: str | None
    task: str | None
    os: str | None
    persist: bool
    verifier: VerifierInfo
    requirements: tuple[RequirementVerdict, ...]
    summary: str
    llm_summary: str | None
    command_stats: CommandStats
    outcome: Outcome
    illusion_of_done: RunIllusion

    @property
    def decided(self) -> int:
        return sum(v.status != "indeterminate" for v in self.requirements)

    @property
    def coverage(self) -> float:
        return self.decided / len(self.requirements) if self.requirements else 0.0

    def requirement(self, rid: str) -> RequirementVerdict | None:
        return next((v for v in self.requirements if v.id == rid), None)

    def to_json(self) -> dict[str, Any]:
        return {
            "schema": EVALUATION_SCHEMA,
            "run_id": self.run_id, "task": self.task, "os": self.os, "persist": self.persist,
            "verifier": self.verifier.to_json(),
            "outcome": self.outcome,
            "summary": self.summary,
            "llm_summary": self.llm_summary,
            "requirements": [v.to_json() for v in self.requirements],
            "command_stats": self.command_stats.to_json(),
            "coverage": {"decided": self.decided, "total": len(self.requirements),
                         "share": round(self.coverage, 4)},
            "disagreements": [v.id for v in self.requirements if v.disagreement],
            "illusion_of_done": self.illusion_of_done.to_json(),
        }


# -- record schemas ----------------------------------------------------------------------------
# The JSON Schemas of the verifier's records (verifier/schemas/), to validate what is written.

SCHEMAS_DIR = Path(__file__).with_name("schemas")
KINDS = ("evaluation-report", "global-observations", "executor-evidence", "usage")


@cache
def schema(kind: str) -> dict[str, Any]:
    if kind not in KINDS:
        raise ValueError(f"no schema {kind!r}; schemas: {', '.join(KINDS)}")
    return json.loads((SCHEMAS_DIR / f"{kind}.schema.json").read_text(encoding="utf-8"))


def validate_record(kind: str, data: Any) -> None:
    """Raise jsonschema.ValidationError when `data` does not match the `kind` record's schema."""
    jsonschema.Draft202012Validator(schema(kind),
                                    format_checker=jsonschema.FormatChecker()).validate(data)


# -- evaluator ---------------------------------------------------------------------------------
# Evaluating one run folder: the three records of the reference study, from the record alone.
#
# `evaluate(run_dir)` is what the harness calls after the checks; `reverify` calls it with a
# version above 1 to add a new evaluation beside the old ones without touching them.

def evaluate(run_dir: Path, mode: Mode = "auto", model: str | None = None, blind: bool = False,
             client_options: ClientOptions = ClientOptions(), *,
             judge_options: JudgeOptions = JudgeOptions(), effort: str | None = None,
             version: int = 1) -> EvaluationReport:
    """Judge every requirement of the run in `run_dir` and write the verifier's records.

    mode: `auto` (checks, plus the LLM for `method = "llm"` requirements), `checks`, `llm`
    (the LLM judges everything), `both` (checks and the LLM judge the check requirements;
    the check's verdict stands). Version 1 writes evaluation-report.json, global-observations.json
    and executor-evidence.json (replacing them); a higher version writes only
    evaluation-report.v<N>.json and refuses to replace one that exists.
    """
    if mode not in MODES:
        raise ValueError(f"unknown verifier mode {mode!r}; expected one of {', '.join(MODES)}")
    run_dir = Path(run_dir)
    paths = RunPaths(run_dir)
    record = load_run(run_dir)
    diffs = phase_diffs(record)
    options = replace(judge_options, model=model or judge_options.model,
                      effort=effort or judge_options.effort)
    judged = [r for r in record.requirements if llm_judges(r, mode)]
    result = None
    if judged:
        result = judge(record, judged, show_checks=mode == "auto", blind=blind, diffs=diffs,
                       options=options, client=client_options,
                       log_path=paths.verifier_messages(version))
        write_json(paths.verifier_usage(version), result.usage)
    report = _report(record, mode, blind, options, version, result)
    if version == 1:
        write_json(paths.global_observations, global_observations(record, diffs))
        write_json(paths.executor_evidence, executor_evidence(record))
        write_json(paths.evaluation_report(1), report.to_json())
    else:
        create_json(paths.evaluation_report(version), report.to_json())
    return report


def _report(record: Run, mode: Mode, blind: bool, options: JudgeOptions, version: int,
            result: JudgeResult | None) -> EvaluationReport:
    llm = result.judgements if result else {}
    verdicts = decide(record.requirements, mode, record.checks, record.persist,
                      record.reboot_checked, llm)
    info = VerifierInfo(
        version=version, created_at=datetime.now(timezone.utc).isoformat(timespec="seconds"),
        mode=mode, blind=blind,
        model=options.model if result else None, effort=options.effort if result else None,
        templates=str(options.templates_dir) if result else None,
        templates_sha256=templates_digest(options.templates_dir) if result else None,
        input_chars=result.input.chars if result else None,
        input_notes=result.input.notes if result else (),
        usage_file=versioned("usage", ".json", version) if result else None,
        messages_file=versioned("messages", ".jsonl", version) if result else None,
        error=result.error if result else None)
    return EvaluationReport(
        run_id=record.run.get("run_id"), task=record.run.get("task"), os=record.run.get("os"),
        persist=record.persist, verifier=info, requirements=verdicts, summary=summary(verdicts),
        llm_summary=result.summary if result else None,
        command_stats=command_stats(record.commands), outcome=outcome(verdicts),
        illusion_of_done=run_illusion(record.checks, record.agent_status, outcome(verdicts)))
