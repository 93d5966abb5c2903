"""`python -m verifier reverify` on a recorded sweep, against the local Messages-API server."""
import hashlib
import json

import pytest

from tests.support.messages_api import MessagesAPIServer, error
from tests.verifier.scripted import client_for, judge_all
from tests.verifier.sweep_factory import make_sweep
from verifier import evaluate
from verifier.__main__ import main
from verifier import validate_record as validate
from verifier._reverify import reverify
from records import RecordError, find_runs


@pytest.fixture
def judged_sweep(sweep):
    """The fixture sweep with its runs' own (version 1) evaluations, LLM for req-3 only."""
    with MessagesAPIServer(judge_all("satisfied")) as api:
        for run in find_runs(sweep):
            evaluate(run, client_options=client_for(api))
    return sweep


def _digest(sweep):
    return {p: hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sweep.rglob("verifier/*.json")}


def test_writes_new_versions_and_never_touches_the_old(judged_sweep):
    before = _digest(judged_sweep)
    with MessagesAPIServer(judge_all("satisfied")) as api:
        first = reverify(judged_sweep, client_options=client_for(api))
        second = reverify(judged_sweep, blind=True, model="claude-haiku-4-5",
                          client_options=client_for(api))
    assert {r.version for r in first.runs} == {2} and {r.version for r in second.runs} == {3}
    after = _digest(judged_sweep)
    assert all(after[p] == digest for p, digest in before.items())
    for run in find_runs(judged_sweep):
        v3 = json.loads((run / "verifier" / "evaluation-report.v3.json").read_text())
        validate("evaluation-report", v3)
        validate("usage", json.loads((run / "verifier" / "usage.v3.json").read_text()))
        assert v3["verifier"]["version"] == 3 and v3["verifier"]["blind"] is True
        assert v3["verifier"]["model"] == "claude-haiku-4-5" and v3["verifier"]["created_at"]


def test_agreement_pairs(judged_sweep):
    # The new LLM says satisfied everywhere; the checks failed req-1 in one run and req-2 in two.
    with MessagesAPIServer(judge_all("satisfied")) as api:
        result = reverify(judged_sweep, client_options=client_for(api))
    differing = sorted((p.requirement, p.b) for p in result.llm_vs_checks if p.a != p.b)
    assert differing == [("web-firewall-persist/req-2", "not_satisfied"),
                         ("web-firewall/req-1", "not_satisfied"),
                         ("web-firewall/req-2", "not_satisfied")]
    assert len(result.llm_vs_checks) == 10  # 5 runs x 2 check requirements
    assert len(result.old_vs_new_llm) == 5  # req-3 was judged by the LLM both times
    assert all(p.a == p.b for p in result.old_vs_new_llm)
    assert len(result.old_vs_new) == 15


def test_cli_prints_the_agreement_table(judged_sweep, monkeypatch, capsys):
    status = {"req-2": "not_satisfied"}
    with MessagesAPIServer(judge_all(lambda rid: status.get(rid, "satisfied"))) as api:
        monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-ant-test-0123456789")
        monkeypatch.setenv("ANTHROPIC_BASE_URL", api.base_url)
        assert main(["reverify", str(judged_sweep), "--model", "claude-sonnet-4-6",
                     "--effort", "high", "--jobs", "2"]) == 0
    out, err = capsys.readouterr()
    assert err.count("reverify: web-firewall") == 5  # progress, one line per run
    assert "LLM vs checks, per requirement" in out
    assert "web-firewall/req-1" in out and "Old (v1) vs new LLM judgements" in out
    assert "undefined (one category only: satisfied)" in out  # old vs new req-3: all satisfied
    assert "kappa" in out and "differing:" in out
    assert api.requests[0].body["model"] == "claude-sonnet-4-6"


def test_parallel_runs_give_the_serial_result(sweep, tmp_path):
    other = make_sweep(tmp_path / "other")
    with MessagesAPIServer(judge_all("satisfied")) as api:
        serial = reverify(sweep, client_options=client_for(api))
        parallel = reverify(other, jobs=3, client_options=client_for(api))
    assert serial.runs == parallel.runs and serial.llm_vs_checks == parallel.llm_vs_checks


def test_a_run_the_api_could_not_judge_is_listed_apart(judged_sweep):
    with MessagesAPIServer(lambda request: error(529)) as api:
        result = reverify(judged_sweep, client_options=client_for(api))
    assert all(r.note and "LLMUnavailable" in r.note for r in result.runs)
    assert result.llm_vs_checks == () and result.old_vs_new == ()


def test_not_a_sweep_is_one_clear_error(tmp_path, capsys):
    assert main(["reverify", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert err.strip() == (f"error: {tmp_path} is not a sweep: expected {tmp_path / 'sweep.json'} "
                           "(written by a pytest sweep, or by `python -m reports import`)")
    with pytest.raises(RecordError, match=str(tmp_path)):
        reverify(tmp_path)


def test_runs_without_a_task_copy_are_skipped_with_the_reason(judged_sweep):
    broken = find_runs(judged_sweep)[0]
    (broken / "task" / "task.toml").unlink()
    with MessagesAPIServer(judge_all()) as api:
        result = reverify(judged_sweep, client_options=client_for(api))
    skipped = [r for r in result.runs if r.version is None]
    assert len(skipped) == 1 and "task.toml: missing" in skipped[0].note


def _chat_judge_all(status: str = "satisfied"):
    """judge_all's verdicts, as an OpenAI-compatible server answers them."""
    from tests.support.chat_api import completion
    from tests.verifier.scripted import asked_ids

    def reply(request):
        return completion(json.dumps({"summary": "overview", "requirements": [
            {"id": rid, "status": status, "summary": f"{rid} is {status}",
             "evidence": ["snapshot:post_agent:node1:units"]} for rid in asked_ids(request)]}))
    return reply


def test_the_cli_reverifies_with_an_openai_compatible_model(judged_sweep, monkeypatch, capsys):
    """One command re-runs the verifier with another provider's model; the agreement with the
    first (Anthropic) evaluation comes out the same way."""
    from tests.support.chat_api import ChatAPIServer
    with ChatAPIServer(_chat_judge_all("satisfied")) as api:
        monkeypatch.setenv("OPENAI_API_KEY", "sk-test-verifier-0123456789")
        monkeypatch.setenv("OPENAI_BASE_URL", api.base_url + "/v1")
        monkeypatch.delenv("ANTHROPIC_API_KEY", raising=False)
        assert main(["reverify", str(judged_sweep), "--provider", "openai",
                     "--model", "qwen2.5-7b-instruct"]) == 0
    out, _ = capsys.readouterr()
    assert "Old (v1) vs new LLM judgements" in out
    body = api.requests[0].body
    assert body["model"] == "qwen2.5-7b-instruct" and body["messages"][0]["role"] == "system"
    assert "tools" not in body
    for run in find_runs(judged_sweep):
        v2 = json.loads((run / "verifier" / "evaluation-report.v2.json").read_text())
        validate("evaluation-report", v2)
        assert v2["verifier"]["model"] == "qwen2.5-7b-instruct"
        llm = [j for r in v2["requirements"] for j in r["judgements"] if j["method"] == "llm"]
        assert llm and {j["status"] for j in llm} == {"satisfied"}
        usage = json.loads((run / "verifier" / "usage.v2.json").read_text())
        validate("usage", usage)
        assert usage["totals"]["input_tokens"] == 100 and usage["cost"]["usd"] is None
        assert "sk-test-verifier" not in (run / "verifier" / "messages.v2.jsonl").read_text()


def test_reverify_defaults_to_the_providers_model(judged_sweep, monkeypatch):
    from tests.support.chat_api import ChatAPIServer
    with ChatAPIServer(_chat_judge_all()) as api:
        monkeypatch.setenv("OPENAI_API_KEY", "sk-test-verifier-0123456789")
        monkeypatch.setenv("OPENAI_BASE_URL", api.base_url + "/v1")
        assert main(["reverify", str(judged_sweep), "--provider", "openai"]) == 0
    assert api.requests[0].body["model"] == "gpt-4.1"
