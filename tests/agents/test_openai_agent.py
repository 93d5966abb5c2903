"""The OpenAI-compatible agent over the real `openai` SDK and real HTTP, commands really run:
the happy path, then each way a chat-completions server or its model can go wrong."""
from __future__ import annotations

import json

import pytest

from agents import AgentInfraError, AgentLimits, AgentOptions, make_agent
from records import InfrastructureError, ConfigurationError
from llm import MissingAPIKey, RetryPolicy
from tests.agents.local_session import LocalSession
from tests.support.chat_api import (ChatAPIServer, ChatUsage, CutStream, Delay, Drop, Malformed,
                                    call, completion, error)


def run_cmd(command: str, node: str = "node1", **extra) -> object:
    return call("run_command", {"node": node, "command": command, **extra})


def finish(*evidence: tuple[str, list[str]], status: str = "completed") -> object:
    return call("finish", {"status": status, "summary": "done", "evidence": [
        {"requirement": r, "command_ids": ids} for r, ids in evidence]})


def three_turns() -> list:
    return [
        completion("Writing the file.", run_cmd("echo hello > hello && cat hello"),
                   usage=ChatUsage(1000, 50, 0)),
        completion(run_cmd("echo on-$NODE; echo oops >&2; exit 3", node="node2"),
                   usage=ChatUsage(1020, 40, 900)),
        completion(finish(("req-1", ["c0001"])), usage=ChatUsage(1180, 30, 1000)),
    ]


@pytest.mark.parametrize("stream", [True, False], ids=["stream", "json"])
def test_multi_turn_run_ends_with_finish_and_is_recorded(drive_openai, stream):
    run = drive_openai(three_turns(), stream=stream, model="gpt-4.1")

    assert run.error is None, run.error
    assert run.report.status == "completed"
    assert [e.command_ids for e in run.report.evidence] == [("c0001",)]

    # What the SDK sent: the system prompt first, function tools, the output limit, and for a
    # stream the request for the usage chunk.
    body = run.bodies()[0]
    assert body["model"] == "gpt-4.1" and body["messages"][0]["role"] == "system"
    assert "node1" in body["messages"][0]["content"]
    assert [t["function"]["name"] for t in body["tools"]] == ["run_command", "finish"]
    assert body["tools"][0]["type"] == "function" and body["tool_choice"] == "auto"
    assert body["max_completion_tokens"] == 16_000 and body["max_tokens"] == 16_000
    assert body.get("stream", False) is stream
    assert (body.get("stream_options") == {"include_usage": True}) is stream
    assert "reasoning_effort" not in body

    # The commands really ran, on the named node, and were recorded.
    commands = run.session.commands()
    assert [(c["id"], c["node"], c["exit_code"]) for c in commands] == [
        ("c0001", "node1", 0), ("c0002", "node2", 3)]
    assert (run.session.node_dir("node1") / "hello").read_text() == "hello\n"

    # The model saw each result as a tool message paired with its call's id.
    second = run.bodies()[1]["messages"]
    assistant, result = second[-2], second[-1]
    assert assistant["role"] == "assistant" and assistant["content"] == "Writing the file."
    assert result == {"role": "tool", "tool_call_id": assistant["tool_calls"][0]["id"],
                      "content": result["content"]}
    assert result["content"].startswith("command c0001 on node1: exit 0, ")
    assert "stdout:\nhello\n" in result["content"]

    report = run.json("report.json")
    assert report["status"] == "completed"
    assert report["evidence"] == [{"requirement": "req-1", "command_ids": ["c0001"]}]

    # usage.json: OpenAI counts cached tokens inside prompt_tokens; ours keeps them apart.
    usage = run.json("usage.json")
    assert [t["input_tokens"] for t in usage["turns"]] == [1000, 120, 180]
    assert [t["cache_read_tokens"] for t in usage["turns"]] == [0, 900, 1000]
    assert [t["stop_reason"] for t in usage["turns"]] == ["tool_calls"] * 3
    assert usage["totals"]["output_tokens"] == 120
    # 1300 in × $2 + 120 out × $8 + 1900 cached × $0.50, per million tokens
    assert usage["cost"]["usd"] == pytest.approx((1300 * 2 + 120 * 8 + 1900 * 0.5) / 1e6)

    # messages.jsonl: start (naming the provider), the conversation in the API's own form, end
    lines = run.lines
    assert [(line["type"], line.get("role")) for line in lines] == [
        ("start", None), ("message", "user"), ("message", "assistant"), ("message", "tool"),
        ("message", "assistant"), ("message", "tool"), ("message", "assistant"), ("end", None)]
    assert lines[0]["provider"] == "openai" and lines[0]["model"] == "gpt-4.1"
    assert lines[0]["tools"][0]["function"]["name"] == "run_command"
    assert "Write hello to /tmp/hello on node1." in lines[1]["content"]
    assert lines[2]["content"]["tool_calls"][0]["function"]["name"] == "run_command"
    assert lines[2]["turn"] == 1 and lines[2]["usage"]["cache_read_tokens"] == 0
    assert lines[3]["content"][0]["tool_call_id"] == lines[2]["content"]["tool_calls"][0]["id"]


@pytest.mark.parametrize("stream", [True, False], ids=["stream", "json"])
def test_parallel_tool_calls_run_and_are_answered_in_order(drive_openai, stream):
    run = drive_openai([completion(run_cmd("echo first"), run_cmd("echo second", node="node2"),
                                   run_cmd("echo third")),
                        completion(finish(("req-1", ["c0001", "c0002", "c0003"])))], stream=stream)
    assert run.report.status == "completed"
    assert [c["stdout"] for c in run.session.commands()] == ["first\n", "second\n", "third\n"]
    sent = run.bodies()[1]["messages"]
    asked = [c["id"] for c in sent[-4]["tool_calls"]]
    answered = [m["tool_call_id"] for m in run.tool_results(1)]
    assert answered == asked and len(asked) == 3
    assert [m["content"].split(":")[0] for m in run.tool_results(1)] == [
        "command c0001 on node1", "command c0002 on node2", "command c0003 on node1"]


@pytest.mark.parametrize("stream", [True, False], ids=["stream", "json"])
def test_malformed_tool_arguments_are_shown_to_the_model(drive_openai, stream):
    run = drive_openai([completion(call("run_command", '{"node": "node1", "command": "id"')),
                        completion(call("run_command", '["node1"]')),
                        completion(finish())], stream=stream)
    assert run.report.status == "completed" and run.session.commands() == []
    first, second = run.tool_results(1)[0]["content"], run.tool_results(2)[0]["content"]
    assert "arguments are not valid JSON" in first and '{"node": "node1"' in first
    assert "input must be a JSON object" in second
    assert [e["tool"] for e in run.of_type("tool_error")] == ["run_command", "run_command"]


def test_calls_without_ids_from_a_local_server_are_still_answered(drive_openai):
    run = drive_openai([completion(call("run_command", {"node": "node1", "command": "true"}, id=""),
                                   finish_reason="stop"),
                        completion(finish())], stream=False)
    assert run.report.status == "completed" and len(run.session.commands()) == 1
    assert run.tool_results(1)[0]["tool_call_id"] == "call_1"
    assert run.bodies()[1]["messages"][-2]["tool_calls"][0]["id"] == "call_1"


@pytest.mark.parametrize("stream", [True, False], ids=["stream", "json"])
def test_a_reply_cut_at_length_is_continued_and_three_in_a_row_end_the_run(drive_openai, stream):
    cut = completion("I will now write a long", run_cmd("echo cut"), finish_reason="length")
    run = drive_openai([cut, completion(finish())], stream=stream)
    assert run.report.status == "completed" and run.session.commands() == []  # nothing ran
    sent = run.bodies()[1]["messages"]
    assert sent[-2] == {"role": "assistant", "content": "I will now write a long"}
    assert sent[-1]["role"] == "user" and "16000" in sent[-1]["content"]

    run = drive_openai([completion("…", finish_reason="length")] * 3, stream=stream)
    assert run.report.status == "none" and "3 replies in a row were cut" in run.report.reason


@pytest.mark.parametrize("stream", [True, False], ids=["stream", "json"])
def test_content_filter_and_refusal_end_the_run_with_the_reason(drive_openai, stream):
    run = drive_openai([completion("", finish_reason="content_filter")], stream=stream)
    assert run.report.status == "none" and "content filter" in run.report.reason
    run = drive_openai([completion(None, refusal="I can't help with that.")], stream=stream)
    assert run.report.status == "none" and "refused" in run.report.reason
    assert run.lines[2]["content"]["refusal"] == "I can't help with that."


def test_a_model_that_never_calls_a_tool_is_reminded_once(drive_openai):
    run = drive_openai([completion("I would run useradd."), completion("Done, I think.")])
    assert run.report.status == "none" and "also after a reminder" in run.report.reason
    reminder = run.bodies()[1]["messages"][-1]
    assert reminder["role"] == "user" and "finish" in reminder["content"]


def test_the_context_window_running_out_ends_the_run_as_a_limit(drive_openai):
    run = drive_openai([completion(run_cmd("true")),
                        error(400, message="This model's maximum context length is 8192 tokens",
                              code="context_length_exceeded")])
    assert run.error is None and run.report.status == "limit"
    assert "context window" in run.report.reason
    assert len(run.json("usage.json")["turns"]) == 2  # recorded, with no tokens


# --- the service failing ---------------------------------------------------------------------

@pytest.mark.parametrize("stream", [True, False], ids=["stream", "json"])
def test_429_and_5xx_are_retried_and_recorded(drive_openai, stream):
    run = drive_openai([error(429, retry_after=7), error(500), error(503), completion(finish())],
                       stream=stream)
    assert run.error is None and run.report.status == "completed"
    retries = run.of_type("retry")
    assert [r["error"].split()[0] for r in retries] == ["429", "500", "503"]
    assert retries[0]["retry_after_s"] == 7 and run.sleeps[0] == 7  # honoured
    assert len(run.json("usage.json")["turns"]) == 1  # failed attempts are no turns


def test_timeouts_resets_and_malformed_answers_are_retried(drive_openai):
    run = drive_openai([Delay(1.0, completion("too late")), Drop(), Malformed(),
                        CutStream(completion("partial answer here", run_cmd("id")), events=3),
                        completion(finish())], request_timeout_s=0.3,
                       retry=RetryPolicy(max_retries=5, base_delay_s=0.01, max_delay_s=0.05))
    assert run.error is None and run.report.status == "completed", run.error
    assert [r["error"] for r in run.of_type("retry")][:2] == ["APITimeoutError", "APIConnectionError"]
    assert len(run.of_type("retry")) == 4 and run.session.commands() == []


def test_a_malformed_json_answer_is_retried(drive_openai):
    run = drive_openai([Malformed(b'{"id": "x", "choices": [{"mess'), completion(finish())],
                       stream=False)
    assert run.error is None and run.report.status == "completed"
    assert len(run.of_type("retry")) == 1


def test_retry_budget_exhausted_is_an_infrastructure_error(drive_openai):
    run = drive_openai([error(503)] * 4)  # FAST_RETRY: 3 retries
    assert isinstance(run.error, AgentInfraError) and isinstance(run.error, InfrastructureError)
    assert "chat completions API failed 4 times" in str(run.error)
    assert not (run.record_dir / "agent" / "report.json").exists()


def test_a_client_error_is_not_retried(drive_openai):
    run = drive_openai([error(400, message="messages: bad")])
    assert run.error is not None and not isinstance(run.error, InfrastructureError)
    assert len(run.api.requests) == 1 and run.of_type("retry") == []


def test_a_rejected_key_and_an_unknown_model_say_what_to_fix(drive_openai):
    run = drive_openai([error(401, message="Incorrect API key")])
    assert isinstance(run.error, ConfigurationError) and "rejected OPENAI_API_KEY" in str(run.error)
    run = drive_openai([error(404, message="The model `gpt-9` does not exist")], model="gpt-9")
    assert isinstance(run.error, ConfigurationError) and "--model 'gpt-9'" in str(run.error)
    assert "does not exist" in str(run.error)


# --- configuration ---------------------------------------------------------------------------

def test_a_missing_key_is_one_clear_error_before_any_cluster(monkeypatch):
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    with pytest.raises(MissingAPIKey) as e:
        make_agent("openai", AgentOptions())
    assert "OPENAI_API_KEY is not set" in str(e.value) and "OPENAI_BASE_URL" in str(e.value)
    assert "--agent=oracle" in str(e.value)


def test_the_registry_reads_the_environment(openai_key, monkeypatch):
    monkeypatch.setenv("OPENAI_BASE_URL", "http://127.0.0.1:9/v1")
    agent = make_agent("openai", AgentOptions(model="smollm2"))
    assert agent.name == "openai" and agent.model == "smollm2"
    assert agent.client.base_url == "http://127.0.0.1:9/v1" and agent.client.provider == "openai"


def test_effort_becomes_reasoning_effort_and_a_wrong_one_is_refused(drive_openai, openai_key):
    run = drive_openai([completion(finish())], effort="high")
    assert run.bodies()[0]["reasoning_effort"] == "high"
    with pytest.raises(ConfigurationError, match="unknown effort 'max'"):
        make_agent("openai", AgentOptions(effort="max"))


def test_an_unpriced_model_has_unknown_cost_and_counted_tokens(drive_openai):
    run = drive_openai(three_turns(), model="SmolLM2-135M-Instruct")
    usage = run.json("usage.json")
    assert usage["cost"]["usd"] is None and "no price" in usage["cost"]["note"]
    assert usage["totals"]["total_tokens"] == 3200 + 120


def test_limits_hold_for_any_provider(drive_openai):
    run = drive_openai([completion(run_cmd("true"))] * 5, limits=AgentLimits(max_turns=2))
    assert run.report.status == "limit" and "turn limit" in run.report.reason


def test_the_key_reaches_no_record(drive_openai, openai_key):
    run = drive_openai(three_turns())
    assert openai_key in run.api.requests[0].headers["authorization"]  # it was used
    for path in run.record_dir.rglob("*"):
        if path.is_file():
            assert openai_key not in path.read_text(), path


def test_the_server_is_real_http(openai_key, tmp_path):
    """Guard against a test double: the SDK speaks to the socket (its own user agent)."""
    with ChatAPIServer([completion(finish())]) as api:
        from agents import OpenAIAgent
        from llm import ClientConfig
        agent = OpenAIAgent(AgentOptions(), ClientConfig(openai_key, api.base_url + "/v1",
                                                         provider="openai"),
                            RetryPolicy(max_retries=0))
        (tmp_path / "run").mkdir()
        report = agent.solve(LocalSession(tmp_path / "run"))
    assert report.status == "completed"
    assert api.requests[0].headers["user-agent"].startswith("OpenAI/Python")
    assert json.loads(json.dumps(api.requests[0].body))["model"] == "gpt-4.1"
