"""The run's outcome follows the final verdict policy: checks in every phase, and LLM-decided
requirements, must all be satisfied."""
from types import SimpleNamespace as NS

from fixtures.lifecycle import unmet_requirements


def _row(rid, status, detail=""):
    return {"id": rid, "text": "", "status": status, "detail": detail, "command_ids": []}


def test_checks_in_every_phase_count():
    results = {"post_agent": [_row("req-1", "satisfied"), _row("req-2", "satisfied")],
               "post_reboot": [_row("req-1", "satisfied"), _row("req-2", "not_satisfied", "gone")]}
    failed, unmet = unmet_requirements(results)
    assert failed == ["req-2"] and unmet == ["req-2 (post_reboot: gone)"]


def test_llm_decided_requirements_count_and_check_decided_ones_stand():
    results = {"post_agent": [_row("req-1", "satisfied")]}
    verdict = NS(requirements=[
        NS(id="req-1", method="check", status="satisfied", summary=""),
        NS(id="req-2", method="llm", status="partially_satisfied", summary="cause not explained"),
        NS(id="req-3", method="llm", status="satisfied", summary="")])
    failed, unmet = unmet_requirements(results, verdict)
    assert failed == ["req-2"] and unmet == ["req-2 (llm: partially_satisfied: cause not explained)"]


def test_an_errored_check_is_not_a_pass():
    failed, _ = unmet_requirements({"post_agent": [_row("req-1", "error", "Traceback")]})
    assert failed == ["req-1"]


def test_check_detail_is_the_checks_own_message():
    from fixtures.checks import _assertion_detail
    assert _assertion_detail("ops cannot sudo: denied\nassert 1 == 0\n +  where 1 = rc") == "ops cannot sudo: denied"
    assert _assertion_detail("assert 1 == 0\n +  where 1 = rc").startswith("assert 1 == 0")
    assert _assertion_detail("") == "assertion failed"


def test_a_check_whose_reboot_stopped_in_emergency_mode_leaves_the_verdict_to_the_run():
    """boot-kernel-parameter's check reboots: a dead end there is the agent's failure for the whole
    run (lifecycle scores every check of the phase), not one check's error, nor retried."""
    import pytest
    from fixtures.checks import judge
    from lab.errors import BootDeadEnd

    def reboots(ctx):
        raise BootDeadEnd("node1", "You are in emergency mode.")

    with pytest.raises(BootDeadEnd):
        judge("req-2", "", reboots, None, {}, lambda mark=None: [])
    broken = judge("req-2", "", lambda ctx: 1 / 0, None, {}, lambda mark=None: [])
    assert broken.status == "error"
