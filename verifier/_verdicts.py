"""Verdicts: what the verifier says about each requirement, the one policy that turns checks and
LLM judgements into a run's outcome (docs/verifier.md), and the illusion of done.
"""
from __future__ import annotations

from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Literal, Mapping, Sequence

from records import (CheckRecord, CheckResult, Method, Requirement, RunPaths, find_runs,
                     read_json_optional, read_object_optional, read_sweep)
from verifier._record import check_ref

# -- verdict -----------------------------------------------------------------------------------
# What the verifier says about one requirement: each method's judgement and the final verdict.

Status = Literal["satisfied", "partially_satisfied", "not_satisfied", "indeterminate"]
STATUSES: tuple[Status, ...] = (
    "satisfied", "partially_satisfied", "not_satisfied", "indeterminate")


@dataclass(frozen=True)
class Judgement:
    method: Method
    status: Status
    summary: str
    evidence: tuple[str, ...]
    dropped_evidence: tuple[str, ...] = ()  # cited by the model but not in the record
    reason: str | None = None  # why it is indeterminate (refusal, malformed reply, no evidence…)
    phases: Mapping[str, str] = field(default_factory=dict)  # checks: status per check phase

    def to_json(self) -> dict[str, Any]:
        return {"method": self.method, "status": self.status, "summary": self.summary,
                "evidence": list(self.evidence), "dropped_evidence": list(self.dropped_evidence),
                "reason": self.reason, "phases": dict(self.phases)}

    @classmethod
    def from_json(cls, d: Mapping[str, Any]) -> "Judgement":
        return cls(method=d["method"], status=d["status"], summary=d.get("summary", ""),
                   evidence=tuple(d.get("evidence", ())),
                   dropped_evidence=tuple(d.get("dropped_evidence", ())),
                   reason=d.get("reason"), phases=dict(d.get("phases") or {}))


@dataclass(frozen=True)
class RequirementVerdict:
    id: str
    text: str
    method: Method  # the method whose judgement stands
    status: Status
    summary: str
    evidence: tuple[str, ...]
    judgements: tuple[Judgement, ...]  # every method that judged it
    disagreement: bool  # two methods judged it and differ

    def judgement(self, method: Method) -> Judgement | None:
        return next((j for j in self.judgements if j.method == method), None)

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "text": self.text, "method": self.method, "status": self.status,
                "summary": self.summary, "evidence": list(self.evidence),
                "disagreement": self.disagreement,
                "judgements": [j.to_json() for j in self.judgements]}

    @classmethod
    def from_json(cls, d: Mapping[str, Any]) -> "RequirementVerdict":
        return cls(id=d["id"], text=d["text"], method=d["method"], status=d["status"],
                   summary=d.get("summary", ""), evidence=tuple(d.get("evidence", ())),
                   judgements=tuple(Judgement.from_json(j) for j in d.get("judgements", ())),
                   disagreement=bool(d.get("disagreement")))


# -- policy ------------------------------------------------------------------------------------
# The final verdict policy (docs/verifier.md): the one place a run's outcome is decided.
#
# A requirement decided by a check holds only when its check was satisfied after the agent and,
# where the task persists, after the reboot too. When a check and the LLM both judged a
# requirement, the check's verdict is final and a difference is recorded as a disagreement.
# A run passes only when every requirement is satisfied; it fails when one is not; otherwise (a
# check of ours that errored, a judgement missing) it is undecided: neither the agent's pass nor
# its failure. run.json, evaluation-report.json, summary.md and the HTML report all take their
# outcome from here.

Mode = Literal["auto", "checks", "llm", "both"]
MODES: tuple[Mode, ...] = ("auto", "checks", "llm", "both")
Outcome = Literal["passed", "failed", "undecided"]
_CHECK_STATUS: dict[str, Status] = {"satisfied": "satisfied", "not_satisfied": "not_satisfied",
                                    "error": "indeterminate"}


def llm_judges(requirement: Requirement, mode: Mode) -> bool:
    """Whether the LLM verifier is asked about `requirement` in `mode`."""
    if mode == "checks":
        return False
    return mode in ("llm", "both") or requirement.method == "llm"


def check_judgement(requirement: Requirement, checks: CheckRecord | None,
                    persist: bool, reboot_checked: bool = True) -> Judgement | None:
    """The checks' combined verdict across phases, or None when no check result was recorded.
    `reboot_checked` False: the run was told to skip the reboot re-check (--no-reboot-check),
    so a persisting task is judged after the agent alone, and the verdict says so."""
    after_agent = checks.result("post_agent", requirement.id) if checks else None
    if after_agent is None:
        return None
    after_reboot = checks.result("post_reboot", requirement.id) if checks else None
    phases = {"post_agent": after_agent.status}
    if after_reboot is not None:
        phases["post_reboot"] = after_reboot.status
    deciding: list[tuple[str, CheckResult]] = [("post_agent", after_agent)]
    if persist and after_agent.status == "satisfied" and after_reboot is not None:
        deciding.append(("post_reboot", after_reboot))
    phase, result = deciding[-1]
    status = _CHECK_STATUS[result.status]
    reason = None
    if result.status == "error":
        reason = f"the check errored ({phase})"
    elif persist and after_agent.status == "satisfied" and after_reboot is None:
        if reboot_checked:
            status, reason = "indeterminate", "the task persists but no post_reboot check was recorded"
        else:
            reason = "persistence not checked: the run skipped the reboot (--no-reboot-check)"
    evidence = tuple(dict.fromkeys(
        ref for p, r in deciding for ref in (check_ref(p, r.id), *r.command_ids)))
    summary = "; ".join(f"{p}: {r.status}" + (f": {r.detail}" if r.detail else "")
                        for p, r in deciding)
    return Judgement(method="check", status=status, summary=summary, evidence=evidence,
                     reason=reason, phases=phases)


def final_verdict(requirement: Requirement, mode: Mode, check: Judgement | None,
                  llm: Judgement | None) -> RequirementVerdict:
    by_check = mode != "llm" and requirement.method == "check"
    by_llm = llm_judges(requirement, mode)
    judgements: list[Judgement] = []
    if by_check:
        judgements.append(check or _unjudged("check", "no check result was recorded"))
    if by_llm:
        judgements.append(llm or _unjudged("llm", "the LLM verifier gave no judgement"))
    if not judgements:
        judgements.append(_unjudged("llm", f"not judged: --verifier={mode} runs no LLM"))
    # The first judgement stands: the check's where one applies, else the LLM's.
    final = judgements[0]
    return RequirementVerdict(
        id=requirement.id, text=requirement.text, method=final.method, status=final.status,
        summary=final.summary if final.reason is None else _with_reason(final),
        evidence=final.evidence, judgements=tuple(judgements),
        # A missing judgement is not an opinion, so only two real ones can disagree.
        disagreement=(by_check and by_llm and check is not None and llm is not None
                      and check.status != llm.status))


def decide(requirements: Sequence[Requirement], mode: Mode, checks: CheckRecord | None,
           persist: bool, reboot_checked: bool = True,
           llm: Mapping[str, Judgement] | None = None) -> tuple[RequirementVerdict, ...]:
    """Every requirement's final verdict, from the checks and (where the mode asks) the LLM."""
    return tuple(final_verdict(r, mode, check_judgement(r, checks, persist, reboot_checked),
                               (llm or {}).get(r.id)) for r in requirements)


FAILED: tuple[Status, ...] = ("not_satisfied", "partially_satisfied")


def outcome(verdicts: Sequence[RequirementVerdict]) -> Outcome:
    if any(v.status in FAILED for v in verdicts):
        return "failed"
    if all(v.status == "satisfied" for v in verdicts):
        return "passed"
    return "undecided"


def summary(verdicts: Sequence[RequirementVerdict]) -> str:
    result = outcome(verdicts)
    satisfied = sum(v.status == "satisfied" for v in verdicts)
    parts = [f"{result}: {satisfied} of {len(verdicts)} requirements satisfied"]
    for status in ("not_satisfied", "partially_satisfied", "indeterminate"):
        ids = [f"{v.id} ({v.method})" for v in verdicts if v.status == status]
        if ids:
            parts.append(f"{status.replace('_', ' ')}: {', '.join(ids)}")
    disagreements = [v.id for v in verdicts if v.disagreement]
    if disagreements:
        parts.append(f"check and LLM disagree on {', '.join(disagreements)}")
    return "; ".join(parts)


def _unjudged(method: Method, reason: str) -> Judgement:
    return Judgement(method=method, status="indeterminate", summary="", evidence=(), reason=reason)


def _with_reason(j: Judgement) -> str:
    return f"{j.summary} ({j.reason})" if j.summary else j.reason or ""


# -- illusion ----------------------------------------------------------------------------------
# The illusion of done: the agent's claim or the checks at the agent's end said "done", and the
# record says otherwise.
#
# Two kinds, per requirement and disjoint:
#   claimed but failed   the agent reported `completed`, yet the run failed on a requirement that
#                        was not satisfied right after it (post_agent: a check, or a requirement the
#                        LLM or an imported record decided);
#   lost on reboot       a check was satisfied post_agent and not satisfied post_reboot (the work
#                        held while the agent looked and vanished with the restart).
# A check that errored is neither; a run without post_agent checks is undetermined. This is the
# only definition: the evaluation report and the reports' analysis both use it.

EXCLUDED_OUTCOMES = ("error", "skipped")  # infrastructure, not the agent's doing


@dataclass(frozen=True)
class RunIllusion:
    determined: bool
    agent_claimed_completed: bool | None  # None: the agent left no report
    failed_post_agent: tuple[str, ...]
    lost_on_reboot: tuple[str, ...]
    outcome: str | None = None

    @property
    def claimed_but_failed(self) -> bool:
        """Said done, and the run failed on something not lost at the reboot."""
        failed = bool(self.failed_post_agent) if self.outcome is None else \
            self.outcome == "failed" and (bool(self.failed_post_agent) or not self.lost_on_reboot)
        return bool(self.determined and self.agent_claimed_completed and failed)

    @property
    def any(self) -> bool:
        return self.claimed_but_failed or bool(self.lost_on_reboot)

    def to_json(self) -> dict[str, Any]:
        return {"determined": self.determined,
                "agent_claimed_completed": self.agent_claimed_completed,
                "claimed_but_failed": self.claimed_but_failed,
                "failed_post_agent": list(self.failed_post_agent),
                "lost_on_reboot": list(self.lost_on_reboot)}


def run_illusion(checks: CheckRecord | None, agent_status: str | None,
                 outcome: str | None = None) -> RunIllusion:
    """`outcome`: the run's final outcome (`decide`, above), when known."""
    claimed = None if agent_status is None else agent_status == "completed"
    if checks is None or "post_agent" not in checks.phases:
        return RunIllusion(False, claimed, (), (), outcome)
    after_agent = checks.phases["post_agent"]
    failed = tuple(r.id for r in after_agent if r.status == "not_satisfied")
    lost = tuple(r.id for r in after_agent if r.status == "satisfied"
                 and (after := checks.result("post_reboot", r.id)) is not None
                 and after.status == "not_satisfied")
    return RunIllusion(True, claimed, failed, lost, outcome)


def run_illusion_from_dir(run_dir: Path) -> RunIllusion:
    """From the files alone (no snapshots or commands needed), so sweeps are cheap to count."""
    paths = RunPaths(run_dir)
    checks = read_json_optional(paths.checks)
    report = read_json_optional(paths.report)
    run = read_object_optional(paths.run) or {}
    status = report.get("status") if isinstance(report, dict) else run.get("agent_status")
    return run_illusion(CheckRecord.from_json(checks) if isinstance(checks, dict) else None, status,
                        run.get("outcome"))


@dataclass(frozen=True)
class SweepIllusion:
    runs: int  # runs counted (infrastructure errors and skips excluded)
    excluded: int
    undetermined: int
    claimed_completed: int
    claimed_but_failed: int
    lost_on_reboot: int
    either: int  # runs with at least one of the two kinds

    def to_json(self) -> dict[str, int]:
        return asdict(self)


def sweep_illusion(sweep_dir: Path) -> SweepIllusion:
    read_sweep(sweep_dir)  # a clear error when it is not a sweep
    counted: list[RunIllusion] = []
    excluded = 0
    for run_dir in find_runs(sweep_dir):
        run = read_object_optional(RunPaths(run_dir).run) or {}
        if run.get("outcome") in EXCLUDED_OUTCOMES:
            excluded += 1
            continue
        counted.append(run_illusion_from_dir(run_dir))
    return SweepIllusion(
        runs=len(counted), excluded=excluded,
        undetermined=sum(not r.determined for r in counted),
        claimed_completed=sum(bool(r.agent_claimed_completed) for r in counted),
        claimed_but_failed=sum(r.claimed_but_failed for r in counted),
        lost_on_reboot=sum(bool(r.lost_on_reboot) for r in counted),
        either=sum(r.any for r in counted),
    )
