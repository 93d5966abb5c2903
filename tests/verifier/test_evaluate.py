"""The verifier end to end on a recorded run, its LLM reached over real HTTP through the SDK."""
import json
from pathlib import Path

import pytest

from llm import MissingAPIKey, RetryPolicy
from tests.support.messages_api import MessagesAPIServer, error, message, text
from tests.verifier.scripted import UNITS, client_for, judge_all, text_of, verdicts
from verifier import evaluate
from verifier._judge import ClientOptions
from verifier import validate_record as validate


def _records(run_dir: Path) -> dict:
    out = {}
    for kind in ("evaluation-report", "global-observations", "executor-evidence"):
        out[kind] = json.loads((run_dir / "verifier" / f"{kind}.json").read_text())
        validate(kind, out[kind])
    if (run_dir / "verifier" / "usage.json").exists():
        out["usage"] = json.loads((run_dir / "verifier" / "usage.json").read_text())
        validate("usage", out["usage"])
    return out


def _by_id(report: dict) -> dict:
    return {r["id"]: r for r in report["requirements"]}


def test_checks_only_needs_no_llm_and_writes_valid_records(run_dir, monkeypatch):
    monkeypatch.delenv("ANTHROPIC_API_KEY", raising=False)
    report = evaluate(run_dir, "checks")
    records = _records(run_dir)
    ev = records["evaluation-report"]
    assert ev == report.to_json()
    assert ev["outcome"] == "failed" and ev["verifier"]["model"] is None
    reqs = _by_id(ev)
    assert reqs["req-2"]["status"] == "not_satisfied" and reqs["req-2"]["method"] == "check"
    assert reqs["req-3"]["status"] == "indeterminate"
    assert "--verifier=checks" in reqs["req-3"]["summary"]
    assert ev["coverage"] == {"decided": 2, "total": 3, "share": 0.6667}
    assert ev["command_stats"] == {"total": 5, "successful": 4, "failed": 1, "no_exit_status": 0}
    assert ev["illusion_of_done"]["claimed_but_failed"] is True
    assert "usage" not in records


def test_global_observations_hold_snapshots_and_phase_diffs(run_dir):
    evaluate(run_dir, "checks")
    obs = _records(run_dir)["global-observations"]
    assert set(obs["snapshots"]) == {"pre_prepare", "post_prepare", "post_agent"}
    assert obs["missing_phases"] == ["post_reboot"]
    agent = next(d for d in obs["diffs"] if d["to"] == "post_agent")["nodes"]["node1"]["keys"]
    assert agent["packages"]["added"] == {"nginx": "1.22.1"}
    assert "nginx.service" in agent["units"]["added"]
    assert agent["listening"]["added"] == [
        {"local": "0.0.0.0:80", "process": "nginx", "proto": "tcp"}]


def test_executor_evidence_resolves_commands_and_lists_unknown_ids_apart(run_dir):
    evaluate(run_dir, "checks")
    ex = _records(run_dir)["executor-evidence"]
    req2 = next(e for e in ex["evidence"] if e["requirement"] == "req-2")
    assert [c["id"] for c in req2["commands"]] == ["c0005"]
    assert req2["commands"][0]["command"].startswith("nft add rule")
    assert req2["unknown_ids"] == ["c9999"] and ex["unknown_ids"] == ["c9999"]
    assert ex["uncited_requirements"] == ["req-3"] and ex["agent_status"] == "completed"


def test_bogus_evidence_ids_are_dropped_and_leave_indeterminate(run_dir):
    reply = verdicts({"req-3": ("satisfied", ["c0042x", "snapshot:post_agent:node9:units", 3])})
    with MessagesAPIServer([reply]) as api:
        evaluate(run_dir, client_options=client_for(api))
    j = _by_id(_records(run_dir)["evaluation-report"])["req-3"]["judgements"][0]
    assert j["status"] == "indeterminate" and j["evidence"] == []
    assert j["dropped_evidence"] == ["c0042x", "snapshot:post_agent:node9:units", "3"]
    assert "no valid evidence" in j["reason"]


def test_valid_ids_are_kept_and_invalid_ones_dropped(run_dir):
    reply = verdicts({"req-3": ("satisfied", ["c0004", "c9999", UNITS, "c0004"])})
    with MessagesAPIServer([reply]) as api:
        report = evaluate(run_dir, client_options=client_for(api))
    v = report.requirement("req-3")
    assert v.status == "satisfied" and v.evidence == ("c0004", UNITS)
    assert v.judgements[0].dropped_evidence == ("c9999",)
    assert report.llm_summary == "overview"


def test_malformed_json_gets_one_repair_request(run_dir):
    good = verdicts({"req-3": ("not_satisfied", [UNITS])})
    with MessagesAPIServer([message(text('{"requirements": [')), good]) as api:
        report = evaluate(run_dir, client_options=client_for(api))
    assert report.requirement("req-3").status == "not_satisfied"
    repair = api.requests[1].body["messages"]
    assert [m["role"] for m in repair] == ["user", "assistant", "user"]
    assert "not valid JSON" in text_of(repair[2]) and "req-3" in text_of(repair[2])
    usage = _records(run_dir)["usage"]
    assert [(c["purpose"], c["turn"]) for c in usage["calls"]] == [("verdict", 1), ("repair", 2)]
    assert usage["totals"]["turns"] == 2


def test_malformed_twice_is_indeterminate_with_the_reason(run_dir):
    bad = message(text('{"requirements": [{"id": "req-3", "status": "probably"}]}'))
    with MessagesAPIServer([bad, bad]) as api:
        report = evaluate(run_dir, client_options=client_for(api))
    v = report.requirement("req-3")
    assert v.status == "indeterminate"
    assert "malformed verdict JSON after one repair request" in v.summary
    assert "probably" in v.summary and len(api.requests) == 2
    assert report.verifier.error is None  # the model's failure, not the infrastructure's


def test_a_refusal_is_indeterminate_with_the_reason(run_dir):
    refusal = message(text("I can't help with that."), stop_reason="refusal")
    with MessagesAPIServer([refusal]) as api:
        report = evaluate(run_dir, client_options=client_for(api))
    assert report.requirement("req-3").status == "indeterminate"
    assert "refused" in report.requirement("req-3").summary and len(api.requests) == 1


@pytest.mark.parametrize("stream", [True, False])
def test_529s_are_retried_and_recorded_in_usage(run_dir, stream):
    script = [error(529), error(529, retry_after=0), verdicts({"req-3": ("satisfied", [UNITS])})]
    with MessagesAPIServer(script) as api:
        report = evaluate(run_dir, client_options=client_for(api, stream=stream))
    assert report.requirement("req-3").status == "satisfied"
    usage = _records(run_dir)["usage"]
    assert [r["error"] for r in usage["calls"][0]["retries"]] == ["529 overloaded_error"] * 2
    assert usage["totals"]["input_tokens"] == 100
    assert usage["turns"][0]["model"] == "claude-sonnet-5" and usage["cost"]["usd"] > 0


def test_529s_past_the_retry_budget_leave_indeterminate_and_record_the_error(run_dir):
    with MessagesAPIServer([error(529)] * 3) as api:
        report = evaluate(run_dir, client_options=client_for(api, RetryPolicy(max_retries=2)))
    assert len(api.requests) == 3
    assert "LLMUnavailable" in report.verifier.error
    assert report.requirement("req-3").status == "indeterminate"
    assert report.requirement("req-2").status == "not_satisfied"  # the checks still decide
    assert _records(run_dir)["evaluation-report"]["verifier"]["error"] == report.verifier.error


def test_both_mode_keeps_both_judgements_and_marks_disagreement(run_dir):
    with MessagesAPIServer(judge_all("satisfied")) as api:
        report = evaluate(run_dir, "both", client_options=client_for(api))
    ev = _records(run_dir)["evaluation-report"]
    assert ev == report.to_json()
    req2 = _by_id(ev)["req-2"]
    assert [j["method"] for j in req2["judgements"]] == ["check", "llm"]
    assert req2["status"] == "not_satisfied" and req2["disagreement"] is True
    assert ev["disagreements"] == ["req-2"] and ev["outcome"] == "failed"
    prompt = text_of(api.requests[0].body["messages"][0])
    assert "check:post_agent" not in prompt  # independent of the checks it is compared with


def test_llm_mode_decides_by_the_llm(run_dir):
    with MessagesAPIServer(judge_all("satisfied")) as api:
        report = evaluate(run_dir, "llm", model="claude-haiku-4-5", effort="high",
                          client_options=client_for(api))
    assert report.outcome == "passed" and {v.method for v in report.requirements} == {"llm"}
    body = api.requests[0].body
    assert body["model"] == "claude-haiku-4-5" and body["output_config"] == {"effort": "high"}
    assert report.verifier.model == "claude-haiku-4-5" and report.verifier.effort == "high"


def test_blind_mode_withholds_the_agent_report_from_the_model(run_dir):
    with MessagesAPIServer(judge_all()) as api:
        report = evaluate(run_dir, blind=True, client_options=client_for(api))
    assert "rule deleted during setup" not in json.dumps(api.requests[0].body)
    assert report.verifier.blind is True


def test_custom_templates_are_used(run_dir, tmp_path):
    templates = tmp_path / "prompts"
    templates.mkdir()
    (templates / "system.md").write_text("SYSTEM-X")
    (templates / "user.md").write_text("USER-X\n# Requirements to judge\n$requirements\n# end")
    (templates / "repair.md").write_text("fix: $error")
    from verifier._judge import JudgeOptions
    with MessagesAPIServer(judge_all()) as api:
        evaluate(run_dir, client_options=client_for(api),
                 judge_options=JudgeOptions(templates_dir=templates))
    assert api.requests[0].body["system"] == "SYSTEM-X"
    assert text_of(api.requests[0].body["messages"][0]).startswith("USER-X")


def test_the_api_key_reaches_no_record(run_dir):
    with MessagesAPIServer(judge_all()) as api:
        evaluate(run_dir, client_options=client_for(api))
    assert "sk-ant-test-0123456789" in json.dumps(api.requests[0].headers)  # it was used
    for path in (run_dir / "verifier").iterdir():
        assert "sk-ant-test" not in path.read_text(), path


def test_messages_log_keeps_the_conversation(run_dir):
    with MessagesAPIServer(judge_all()) as api:
        evaluate(run_dir, client_options=client_for(api))
    log = (run_dir / "verifier" / "messages.jsonl").read_text()
    lines = [json.loads(x) for x in log.splitlines()]
    assert [m["role"] for m in lines] == ["system", "user", "assistant"]
    assert lines[2]["stop_reason"] == "end_turn"


def test_no_api_key_is_one_clear_error(run_dir, monkeypatch):
    monkeypatch.delenv("ANTHROPIC_API_KEY", raising=False)
    with pytest.raises(MissingAPIKey, match="--verifier=checks"):
        evaluate(run_dir, client_options=ClientOptions())
    assert not (run_dir / "verifier" / "evaluation-report.json").exists()


def test_a_version_above_one_never_overwrites(run_dir):
    with MessagesAPIServer(judge_all()) as api:
        evaluate(run_dir, version=2, client_options=client_for(api))
        with pytest.raises(FileExistsError):
            evaluate(run_dir, version=2, client_options=client_for(api))
    out = run_dir / "verifier"
    assert (out / "evaluation-report.v2.json").exists() and (out / "usage.v2.json").exists()
    assert not (out / "evaluation-report.json").exists()  # only version 1 writes the others
    validate("evaluation-report", json.loads((out / "evaluation-report.v2.json").read_text()))


def test_unknown_mode(run_dir):
    with pytest.raises(ValueError, match="unknown verifier mode 'all'"):
        evaluate(run_dir, "all")
