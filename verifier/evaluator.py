"""Evaluating one run folder: the three records of the reference study, from the record alone.

`evaluate(run_dir)` is what the harness calls after the checks; `reverify` calls it with a
version above 1 to add a new evaluation beside the old ones without touching them.
"""
from __future__ import annotations

from dataclasses import replace
from datetime import datetime, timezone
from pathlib import Path

from records import RunPaths, create_json, versioned, write_json

from verifier.command_stats import command_stats
from verifier.evaluation import EvaluationReport, VerifierInfo
from verifier.executor_evidence import executor_evidence
from verifier.global_observations import global_observations, phase_diffs
from verifier.illusion import run_illusion
from verifier.llm_judge import (ClientOptions, JudgeOptions, JudgeResult, judge,
                                 templates_digest)
from verifier.policy import MODES, Mode, decide, llm_judges, outcome, summary
from verifier.run_record import RunRecord, load_run


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


def _report(record: RunRecord, mode: Mode, blind: bool, options: JudgeOptions, version: int,
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
