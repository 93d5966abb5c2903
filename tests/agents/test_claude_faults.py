"""The Claude agent when things go wrong: API faults, bad tool input, limits, odd stops."""
from __future__ import annotations

import pytest

from agents import AgentInfraError, AgentLimits, AgentOptions, ClaudeAgent, make_agent
from records import InfrastructureError, ConfigurationError
from llm import RetryPolicy
from tests.agents.test_claude_run import finish
from tests.support.messages_api import CutStream, Delay, Drop, Malformed, Usage, error, message, text, tool_use


def run_cmd(command: str, node: str = "node1", **extra) -> dict:
    return tool_use("run_command", {"node": node, "command": command, **extra})


# --- API faults -------------------------------------------------------------------------------

@pytest.mark.parametrize("stream", [True, False], ids=["stream", "json"])
def test_529_then_429_then_success_is_retried_and_recorded(drive, stream):
    run = drive([error(529), error(429, retry_after=7), message(finish())], stream=stream)
    assert run.error is None and run.report.status == "completed"
    assert len(run.api.requests) == 3
    retries = run.of_type("retry")
    assert [(r["retry"], r["error"]) for r in retries] == [
        (1, "529 overloaded_error"), (2, "429 rate_limit_error")]
    assert retries[1]["retry_after_s"] == 7 and retries[1]["delay_s"] == 7  # honoured
    assert run.sleeps[1] == 7 and 0 < run.sleeps[0] <= 0.05  # backoff with jitter
    assert len(run.json("usage.json")["turns"]) == 1  # failed attempts are no turns


def test_timeouts_and_dropped_connections_are_retried(drive):
    run = drive([Delay(1.0, message(text("too late"))), Drop(), error(500), message(finish())],
                request_timeout_s=0.3)
    assert run.error is None and run.report.status == "completed"
    assert [r["error"] for r in run.of_type("retry")] == [
        "APITimeoutError", "APIConnectionError", "500 api_error"]


def test_retry_budget_exhausted_is_an_infrastructure_error(drive):
    run = drive([error(529)] * 4)  # FAST_RETRY: 3 retries
    assert isinstance(run.error, AgentInfraError) and isinstance(run.error, InfrastructureError)
    assert "failed 4 times" in str(run.error) and "529" in str(run.error)
    assert len(run.of_type("retry")) == 3
    assert run.lines[-1]["type"] == "error"
    assert not (run.record_dir / "agent" / "report.json").exists()  # no claim: not the agent's run


def test_retry_after_beyond_the_wait_budget_gives_up_at_once(drive):
    policy = RetryPolicy(max_retries=5, base_delay_s=0.01, max_total_wait_s=10)
    run = drive([error(529, retry_after=60)], retry=policy)
    assert isinstance(run.error, AgentInfraError) and "retry budget" in str(run.error)
    assert run.sleeps == []


def test_a_client_error_is_not_retried(drive):
    run = drive([error(400, message="messages: bad")])
    assert run.error is not None and not isinstance(run.error, InfrastructureError)
    assert len(run.api.requests) == 1 and run.of_type("retry") == []


def test_a_rejected_key_says_so(drive):
    run = drive([error(401)])
    assert isinstance(run.error, ConfigurationError) and "rejected ANTHROPIC_API_KEY" in str(run.error)


def test_no_api_key_is_one_clear_error(monkeypatch):
    monkeypatch.delenv("ANTHROPIC_API_KEY", raising=False)
    with pytest.raises(ConfigurationError) as e:
        make_agent("claude", AgentOptions())
    assert "ANTHROPIC_API_KEY is not set" in str(e.value)
    assert "export ANTHROPIC_API_KEY=" in str(e.value) and "--agent=oracle" in str(e.value)


def test_unknown_effort_is_refused_up_front(api_key):
    with pytest.raises(ConfigurationError, match="unknown effort 'extreme'; valid: low, medium, high"):
        ClaudeAgent(AgentOptions(effort="extreme"))


# --- tool input -------------------------------------------------------------------------------

@pytest.mark.parametrize("bad, says", [
    ({"node": "node1"}, "run_command: missing command"),
    ({"node": "node1", "command": "true", "sudo": True}, "unknown field(s) sudo"),
    ({"node": "node1", "command": 5}, "command must be a non-empty string"),
    ({"node": "node1", "command": "true", "timeout_s": "soon"}, "timeout_s must be a positive"),
    ({"node": "web9", "command": "true"}, "no node 'web9'; nodes: node1, node2"),
    ("echo hi", "input must be a JSON object"),
])
def test_malformed_tool_input_is_told_to_the_model_and_recorded(drive, bad, says):
    run = drive([message(tool_use("run_command", bad)), message(run_cmd("true")),
                 message(finish(("req-1", ["c0001"])))])
    assert run.report.status == "completed"
    result = run.tool_results(1)[0]
    assert result["is_error"] is True and says in result["content"]
    assert [e["error"] for e in run.of_type("tool_error")] == [result["content"]]
    assert [c["command"] for c in run.session.commands()] == ["true"]  # nothing ran for it


def test_unknown_tool_and_bad_finish_are_errors_the_model_can_fix(drive):
    run = drive([message(tool_use("reboot_everything", {})),
                 message(finish(("req-1", ["c0042"]))),
                 message(finish(("req-9", []))),
                 message(tool_use("finish", {"status": "done", "summary": "", "evidence": []})),
                 message(finish())])
    assert run.report.status == "completed"
    errors = [e["error"] for e in run.of_type("tool_error")]
    assert errors[0] == "no tool 'reboot_everything'; tools: run_command, finish"
    assert "req-1 cites c0042, which are not commands you ran" in errors[1]
    assert errors[2] == "finish: unknown requirement 'req-9'; requirements: req-1"
    assert "status must be completed or blocked" in errors[3]


def test_several_tool_calls_in_one_reply_each_get_a_result(drive):
    run = drive([message(run_cmd("echo a"), run_cmd("echo b", node="node2")),
                 message(finish(("req-1", ["c0001", "c0002"])))])
    results = run.tool_results(1)
    assert [r["content"].split(":")[0] for r in results] == ["command c0001 on node1",
                                                             "command c0002 on node2"]
    assert run.report.evidence[0].command_ids == ("c0001", "c0002")


# --- commands ---------------------------------------------------------------------------------

def test_a_command_past_its_timeout_is_stopped_and_reported(drive):
    limits = AgentLimits(command_timeout_s=0.5)
    run = drive([message(run_cmd("echo started; sleep 5", timeout_s=60)),
                 message(finish())], limits=limits)
    rec = run.session.commands()[0]
    assert rec["timed_out"] is True and rec["exit_code"] is None and rec["duration_ms"] < 3000
    shown = run.tool_results(1)[0]["content"]
    assert "no exit status: stopped after the foreground limit of 0.5 s" in shown
    assert "(timeout_s 60 was lowered to 0.5 s)" in shown and "started" in shown


def test_the_model_may_ask_for_a_shorter_timeout(drive):
    run = drive([message(run_cmd("sleep 3", timeout_s=0.2)), message(finish())])
    assert run.session.commands()[0]["timed_out"] is True


# --- stops ------------------------------------------------------------------------------------

def test_max_tokens_stop_continues_without_running_the_cut_call(drive):
    run = drive([message(text("I will now write a long"), run_cmd("echo cut"), stop_reason="max_tokens"),
                 message(run_cmd("echo fine")),
                 message(finish(("req-1", ["c0001"])))])
    assert run.report.status == "completed"
    assert [c["command"] for c in run.session.commands()] == ["echo fine"]
    sent = run.bodies()[1]["messages"]
    assert sent[-2] == {"role": "assistant", "content": [{"type": "text", "text": "I will now write a long"}]}
    assert "reached the output limit of 16000 tokens" in sent[-1]["content"][0]["text"]


def test_max_tokens_again_and_again_ends_the_run(drive):
    cut = message(text("..."), stop_reason="max_tokens")
    run = drive([cut, cut, cut])
    assert run.report.status == "none"
    assert run.report.reason == "3 replies in a row were cut at max_tokens (16000)"
    assert run.json("report.json")["reason"] == run.report.reason


def test_refusal_ends_the_run_with_the_reason(drive):
    run = drive([message(text("I can't help with that."), stop_reason="refusal")])
    assert run.report.status == "none" and "refused" in run.report.reason
    assert run.lines[-1] == {**run.lines[-1], "type": "end", "status": "none"}


def test_ending_without_finish_gets_one_reminder_then_status_none(drive):
    run = drive([message(text("All done!")), message(text("Really done."))])
    assert run.report.status == "none"
    assert "without calling finish" in run.report.reason
    reminder = run.bodies()[1]["messages"][-1]["content"][0]["text"]
    assert reminder.startswith("You ended your turn without calling finish")
    assert len(run.api.requests) == 2


def test_the_reminder_can_work(drive):
    run = drive([message(text("All done!")), message(finish())])
    assert run.report.status == "completed"


# --- limits -----------------------------------------------------------------------------------

def test_turn_limit(drive):
    run = drive([message(run_cmd("true"))] * 3, limits=AgentLimits(max_turns=2))
    assert run.report.status == "limit" and run.report.reason == "turn limit: 2 turns"
    assert len(run.api.requests) == 2
    assert run.json("report.json")["status"] == "limit"


def test_token_limit(drive):
    big = Usage(input_tokens=600, output_tokens=500)
    run = drive([message(run_cmd("true"), usage=big)] * 3, limits=AgentLimits(max_tokens_total=2000))
    assert run.report.status == "limit"
    assert run.report.reason == "token limit: 2200 of 2000 tokens"
    assert len(run.api.requests) == 2


def test_wall_limit_also_bounds_a_running_command(drive):
    run = drive([message(run_cmd("sleep 10"))] * 2, limits=AgentLimits(wall_s=1.2))
    assert run.report.status == "limit" and run.report.reason.startswith("wall-time limit:")
    rec = run.session.commands()[0]
    assert rec["timed_out"] is True and rec["duration_ms"] < 3000
    assert len(run.api.requests) == 1


@pytest.mark.parametrize("stream", [True, False], ids=["stream", "json"])
def test_a_malformed_answer_is_retried_as_the_services_fault(drive, stream):
    run = drive([Malformed(), message(finish())], stream=stream)
    assert run.error is None and run.report.status == "completed", run.error
    assert len(run.of_type("retry")) == 1


def test_a_stream_reset_midway_is_retried(drive):
    run = drive([CutStream(message(text("half of"), finish())), message(finish())], stream=True)
    assert run.error is None and run.report.status == "completed", run.error
    assert len(run.of_type("retry")) == 1
