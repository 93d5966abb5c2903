"""The final verdict policy (docs/verifier.md): the one place a run's outcome is decided.

A requirement decided by a check holds only when its check was satisfied after the agent and,
where the task persists, after the reboot too. When a check and the LLM both judged a
requirement, the check's verdict is final and a difference is recorded as a disagreement.
A run passes only when every requirement is satisfied; it fails when one is not; otherwise (a
check of ours that errored, a judgement missing) it is undecided: neither the agent's pass nor
its failure. run.json, evaluation-report.json, summary.md and the HTML report all take their
outcome from here.
"""
from __future__ import annotations

from typing import Literal, Mapping, Sequence

from records import CheckRecord, CheckResult, Method, Requirement
from verifier.evidence import check_ref
from verifier.verdict import Judgement, RequirementVerdict, Status

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
