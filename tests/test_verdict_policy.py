"""The one verdict policy (verifier._verdicts, docs/verifier.md "Final verdict policy"): every row
of the documented table, and the lifecycle, the evaluation report and the reports all agreeing."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from records import CheckRecord, Requirement
from verifier._verdicts import decide, outcome
from verifier._verdicts import Judgement

CHECK = Requirement("req-1", "the service answers", "check")
OTHER = Requirement("req-2", "the log rotates", "check")
LLM = Requirement("req-3", "the cause is explained", "llm")


def _row(rid: str, status: str, detail: str = "") -> dict:
    return {"id": rid, "text": "", "status": status, "detail": detail, "command_ids": []}


def _llm(status: str) -> Judgement:
    return Judgement(method="llm", status=status, summary="judged", evidence=("c0001",))


# (row of the table, requirements, check results per phase, persist, reboot checked, llm
#  judgements, expected status per requirement, expected run outcome)
TABLE = [
    ("check satisfied", [CHECK], {"post_agent": [_row("req-1", "satisfied")]}, False, True, {},
     {"req-1": "satisfied"}, "passed"),
    ("check not satisfied", [CHECK], {"post_agent": [_row("req-1", "not_satisfied")]}, False, True,
     {}, {"req-1": "not_satisfied"}, "failed"),
    ("check errored (our code)", [CHECK], {"post_agent": [_row("req-1", "error", "Traceback")]},
     False, True, {}, {"req-1": "indeterminate"}, "undecided"),
    ("persist, satisfied after the agent and after the reboot", [CHECK],
     {"post_agent": [_row("req-1", "satisfied")], "post_reboot": [_row("req-1", "satisfied")]},
     True, True, {}, {"req-1": "satisfied"}, "passed"),
    ("persist, lost at the reboot", [CHECK],
     {"post_agent": [_row("req-1", "satisfied")], "post_reboot": [_row("req-1", "not_satisfied")]},
     True, True, {}, {"req-1": "not_satisfied"}, "failed"),
    ("persist, no post_reboot recorded", [CHECK], {"post_agent": [_row("req-1", "satisfied")]},
     True, True, {}, {"req-1": "indeterminate"}, "undecided"),
    ("persist, run with --no-reboot-check", [CHECK], {"post_agent": [_row("req-1", "satisfied")]},
     True, False, {}, {"req-1": "satisfied"}, "passed"),
    ("persist, not satisfied after the agent", [CHECK],
     {"post_agent": [_row("req-1", "not_satisfied")], "post_reboot": [_row("req-1", "satisfied")]},
     True, True, {}, {"req-1": "not_satisfied"}, "failed"),
    ("llm requirement satisfied", [LLM], {}, False, True, {"req-3": _llm("satisfied")},
     {"req-3": "satisfied"}, "passed"),
    ("llm requirement partially satisfied", [LLM], {}, False, True,
     {"req-3": _llm("partially_satisfied")}, {"req-3": "partially_satisfied"}, "failed"),
    ("llm requirement, no judgement (verifier unavailable)", [LLM], {}, False, True, {},
     {"req-3": "indeterminate"}, "undecided"),
    ("one failed, one errored", [CHECK, OTHER],
     {"post_agent": [_row("req-1", "not_satisfied"), _row("req-2", "error")]}, False, True, {},
     {"req-1": "not_satisfied", "req-2": "indeterminate"}, "failed"),
]


@pytest.mark.parametrize("name, reqs, checks, persist, rebooted, llm, statuses, result", TABLE,
                         ids=[row[0] for row in TABLE])
def test_every_row_of_the_policy_table(name, reqs, checks, persist, rebooted, llm, statuses,
                                       result) -> None:
    verdicts = decide(reqs, "auto", CheckRecord.from_json(checks), persist, rebooted, llm)
    assert {v.id: v.status for v in verdicts} == statuses
    assert outcome(verdicts) == result


def test_the_table_in_docs_lists_every_tested_row() -> None:
    doc = (Path(__file__).resolve().parents[1] / "docs" / "verifier.md").read_text()
    for name, *_ in TABLE:
        assert f"| {name} |" in doc, f"docs/verifier.md lacks the row {name!r}"


def test_with_both_the_check_stands_and_the_disagreement_is_kept() -> None:
    (v,) = decide([CHECK], "both", CheckRecord.from_json(
        {"post_agent": [_row("req-1", "satisfied")]}), False, True, {"req-1": _llm("not_satisfied")})
    assert v.status == "satisfied" and v.disagreement


def test_skipping_the_reboot_is_said_in_the_verdict() -> None:
    (v,) = decide([CHECK], "auto", CheckRecord.from_json(
        {"post_agent": [_row("req-1", "satisfied")]}), True, False)
    assert "--no-reboot-check" in v.summary


def test_run_json_and_the_evaluation_report_agree(tmp_path: Path) -> None:
    """The lifecycle writes run.json's outcome from the verifier's report (or, when the verifier
    cannot run, from the same policy on the checks alone): one answer in both files."""
    from fixtures.lifecycle import TaskRun
    from tests.verifier.sweep_factory import RunSpec, make_run
    from verifier import evaluate

    spec = RunSpec(requirements=(("req-1", "nginx serves the default page on port 80.", "check"),),
                   post_agent={"req-1": "error"})
    run_dir = make_run(tmp_path, spec)
    report = evaluate(run_dir, mode="checks")
    assert report.outcome == "undecided"
    task_run = TaskRun.__new__(TaskRun)  # only the policy path, no cluster
    task_run.task = type("T", (), {"requirements": [CHECK], "persist": False})()
    task_run.cfg = type("C", (), {"reboot_check": True})()
    checks = json.loads((run_dir / "verifier" / "checks.json").read_text())
    assert outcome(task_run._check_verdicts(checks)) == report.outcome


def test_check_detail_is_the_checks_own_message() -> None:
    from fixtures.checks import _assertion_detail
    assert _assertion_detail("ops cannot sudo: denied\nassert 1 == 0\n +  where 1 = rc") == "ops cannot sudo: denied"
    assert _assertion_detail("assert 1 == 0\n +  where 1 = rc").startswith("assert 1 == 0")
    assert _assertion_detail("") == "assertion failed"


def test_a_check_whose_reboot_stopped_in_emergency_mode_leaves_the_verdict_to_the_run() -> None:
    """boot-kernel-parameter's check reboots: a dead end there is the agent's failure for the whole
    run (lifecycle scores every check of the phase), not one check's error, nor retried."""
    from fixtures.checks import judge
    from lab.errors import BootDeadEnd

    def reboots(ctx):
        raise BootDeadEnd("node1", "You are in emergency mode.")

    with pytest.raises(BootDeadEnd):
        judge("req-2", "", reboots, None, {}, lambda mark=None: [])
    broken = judge("req-2", "", lambda ctx: 1 / 0, None, {}, lambda mark=None: [])
    assert broken.status == "error"
