import pytest

from records import CheckRecord, Requirement
from verifier._verdicts import check_judgement, final_verdict, llm_judges, outcome
from verifier._verdicts import Judgement

CHECK = Requirement("req-1", "nginx runs", "check")
LLM_REQ = Requirement("req-3", "the report explains", "llm")


def _checks(post_agent: str, post_reboot: str | None = None) -> CheckRecord:
    data = {"post_agent": [{"id": "req-1", "status": post_agent, "detail": "d",
                            "command_ids": ["c0010"]}]}
    if post_reboot is not None:
        data["post_reboot"] = [{"id": "req-1", "status": post_reboot, "command_ids": ["c0020"]}]
    return CheckRecord.from_json(data)


def _llm(status: str) -> Judgement:
    return Judgement(method="llm", status=status, summary="llm says", evidence=("c0001",))


@pytest.mark.parametrize("post_agent, post_reboot, persist, status", [
    ("satisfied", None, False, "satisfied"),
    ("not_satisfied", None, False, "not_satisfied"),
    ("error", None, False, "indeterminate"),
    ("satisfied", "satisfied", True, "satisfied"),
    ("satisfied", "not_satisfied", True, "not_satisfied"),  # lost on reboot
    ("satisfied", "error", True, "indeterminate"),
    ("satisfied", None, True, "indeterminate"),  # persists, but no reboot check
    ("not_satisfied", "satisfied", True, "not_satisfied"),  # must hold after the agent too
    ("satisfied", "not_satisfied", False, "satisfied"),  # reboot is not asked for
])
def test_check_verdict_across_phases(post_agent, post_reboot, persist, status):
    j = check_judgement(CHECK, _checks(post_agent, post_reboot), persist)
    assert j.status == status and j.method == "check"
    assert j.evidence[:2] == ("check:post_agent:req-1", "c0010")


def test_no_check_result_is_no_judgement():
    assert check_judgement(CHECK, None, False) is None
    assert check_judgement(Requirement("req-9", "x", "check"), _checks("satisfied"), False) is None


def test_which_requirements_the_llm_judges():
    assert [llm_judges(r, m) for r in (CHECK, LLM_REQ) for m in ("auto", "checks", "llm", "both")] \
        == [False, False, True, True, True, False, True, True]


def test_both_keeps_both_judgements_the_check_stands_and_disagreement_is_marked():
    check = check_judgement(CHECK, _checks("not_satisfied"), False)
    v = final_verdict(CHECK, "both", check, _llm("satisfied"))
    assert (v.status, v.method, v.disagreement) == ("not_satisfied", "check", True)
    assert [j.method for j in v.judgements] == ["check", "llm"]
    assert not final_verdict(CHECK, "both", check, _llm("not_satisfied")).disagreement


def test_llm_mode_uses_the_llm_alone():
    check = check_judgement(CHECK, _checks("not_satisfied"), False)
    v = final_verdict(CHECK, "llm", check, _llm("satisfied"))
    assert (v.status, v.method, len(v.judgements)) == ("satisfied", "llm", 1)


def test_unjudged_requirements_are_indeterminate_with_the_reason():
    v = final_verdict(LLM_REQ, "checks", None, None)
    assert v.status == "indeterminate" and "--verifier=checks" in v.summary
    v = final_verdict(CHECK, "both", None, _llm("satisfied"))
    assert v.status == "indeterminate" and not v.disagreement  # a missing check is no opinion


@pytest.mark.parametrize("statuses, expected", [
    (["satisfied", "satisfied"], "passed"),
    (["satisfied", "partially_satisfied"], "failed"),
    (["indeterminate", "not_satisfied"], "failed"),
    (["satisfied", "indeterminate"], "undecided"),
])
def test_a_run_passes_only_when_every_requirement_is_satisfied(statuses, expected):
    verdicts = [final_verdict(LLM_REQ, "auto", None, _llm(s)) for s in statuses]
    assert outcome(verdicts) == expected
