import json

from tests.verifier.sweep_factory import RunSpec, make_run
from verifier._verdicts import run_illusion_from_dir, sweep_illusion


def test_claimed_completed_but_a_check_failed(run_dir):
    ill = run_illusion_from_dir(run_dir)
    assert ill.claimed_but_failed and ill.failed_post_agent == ("req-2",) and ill.any


def test_satisfied_after_the_agent_lost_after_the_reboot(tmp_path):
    run = make_run(tmp_path, RunSpec(persist=True, post_reboot={"req-2": "not_satisfied"}))
    ill = run_illusion_from_dir(run)
    assert ill.lost_on_reboot == ("req-2",) and not ill.claimed_but_failed and ill.any


def test_a_blocked_agent_claimed_nothing(tmp_path):
    run = make_run(tmp_path, RunSpec(agent_status="blocked", post_agent={"req-1": "not_satisfied"}))
    ill = run_illusion_from_dir(run)
    assert ill.agent_claimed_completed is False and not ill.any


def test_without_checks_it_is_undetermined(run_dir):
    (run_dir / "verifier" / "checks.json").unlink()
    ill = run_illusion_from_dir(run_dir)
    assert not ill.determined and not ill.any


def test_sweep_counts_exclude_infrastructure_errors(sweep):
    counts = sweep_illusion(sweep)
    assert counts.to_json() == {"runs": 4, "excluded": 1, "undetermined": 0,
                                "claimed_completed": 3, "claimed_but_failed": 1,
                                "lost_on_reboot": 1, "either": 2}
    json.dumps(counts.to_json())
