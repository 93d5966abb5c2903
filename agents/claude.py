"""The Claude agent: the Messages API with two tools, run_command and finish.

One `solve` is one conversation. Each turn: check the limits, call the API (retried by
llm.call), record the reply and its usage, run the tool calls through the session, answer with
tool results. The run ends with finish, a limit, a refusal, repeated max_tokens stops, or a
model that stops twice without calling finish.
"""
from __future__ import annotations

import time
from dataclasses import asdict
from typing import Any, Callable

import anthropic
from anthropic.types import Message

from agents import prompts
from agents.base import AgentInfraError, AgentOptions, AgentReport, AgentSession
from agents.conversation import EPHEMERAL, Conversation
from agents.record import agent_dir, write_report
from agents.results import show_command
from agents.tools import ToolInputError, parse_finish, parse_run_command, tool_definitions
from agents.transcript import Transcript
from lab.errors import LabError
from llm.call import MessagesCaller, RetryEvent
from llm.client import ClientConfig
from llm.errors import LLMUnavailable
from llm.ledger import UsageLedger
from llm.prices import PriceTable
from llm.records import write_json_atomic
from llm.retry import RetryPolicy
from llm.usage import Usage

DEFAULT_MODEL = "claude-sonnet-5"  # the reference study's model
THINKING_BUDGET = {"low": 4_000, "medium": 16_000, "high": 32_000}  # effort → thinking tokens
OUTPUT_TOKENS = 16_000  # per reply, on top of the thinking budget
MAX_TOKENS_CONTINUES = 2  # replies cut at max_tokens in a row before the run ends
NO_KEY_HINT = "or run without a model: --agent=oracle"


class ClaudeAgent:
    name = "claude"

    def __init__(self, options: AgentOptions, client: ClientConfig | None = None,
                 retry: RetryPolicy = RetryPolicy(), *,
                 sleep: Callable[[float], None] = time.sleep) -> None:
        if options.effort is not None and options.effort not in THINKING_BUDGET:
            raise LabError(f"unknown effort {options.effort!r}; valid: "
                           f"{', '.join(THINKING_BUDGET)} (or none: no extended thinking)")
        # Everything that can be wrong with the configuration fails here, before a cluster exists.
        self.client = client or ClientConfig.from_env(hint=NO_KEY_HINT)
        self.options = options
        self.model = options.model or DEFAULT_MODEL
        self.prices = PriceTable.load(options.price_table)
        self.retry = retry
        self.sleep = sleep

    def solve(self, session: AgentSession) -> AgentReport:
        return _Run(self, session).run()


class _Run:
    """The state of one solve."""

    def __init__(self, agent: ClaudeAgent, session: AgentSession) -> None:
        self.agent = agent
        self.session = session
        self.limits = agent.options.limits
        self.nodes = [n.name for n in session.cluster.nodes]
        self.requirement_ids = list(session.requirement_ids)
        self.ledger = UsageLedger(agent.prices)
        self.caller = MessagesCaller(agent.client, agent.retry, on_retry=self._on_retry,
                                     sleep=agent.sleep)
        self.conversation = Conversation()
        self.command_ids: list[str] = []
        self.started = time.monotonic()
        self.cut_in_a_row = 0
        self.reminded = False
        budget = THINKING_BUDGET.get(agent.options.effort or "")
        self.thinking = {"type": "enabled", "budget_tokens": budget} if budget else None
        self.max_tokens = OUTPUT_TOKENS + (budget or 0)
        self.system = prompts.system_prompt(session.cluster, self.limits)
        self.tools = tool_definitions(self.nodes, self.requirement_ids, self.limits.command_timeout_s)
        self.transcript = Transcript(session.record_dir)  # last: nothing after it can fail

    def run(self) -> AgentReport:
        self.transcript.event("start", model=self.agent.model, effort=self.agent.options.effort,
                              max_tokens=self.max_tokens, thinking=self.thinking,
                              limits=asdict(self.limits), system=self.system, tools=self.tools)
        try:
            self._add("user", [{"type": "text", "text": prompts.user_prompt(
                self.session.instruction, self.session.requirements)}])
            report = self._loop()
        except Exception as e:
            self.transcript.event("error", error=type(e).__name__, message=str(e))
            if isinstance(e, LLMUnavailable):
                raise AgentInfraError(str(e)) from e
            raise
        finally:
            self.transcript.close()
        write_report(self.session.record_dir, report)
        return report

    def _loop(self) -> AgentReport:
        while True:
            if reason := self._limit_reached():
                return self._end(AgentReport("limit", reason=reason))
            reply = self._call()
            turn = self.ledger.add(reply.model, reply.stop_reason, Usage.from_api(reply.usage))
            write_json_atomic(agent_dir(self.session.record_dir) / "usage.json", self.ledger.to_json())
            # warnings=False: a tool input that is not an object is the model's error, handled below.
            content = [b.model_dump(mode="json", exclude_none=True, warnings=False)
                       for b in reply.content]
            self.transcript.message("assistant", content, turn=turn.number,
                                    stop_reason=reply.stop_reason, usage=turn.usage.to_json())
            if report := self._handle(reply.stop_reason, content):
                return self._end(report)

    def _handle(self, stop_reason: str | None, content: list[dict[str, Any]]) -> AgentReport | None:
        """Act on one reply; a report ends the run."""
        if stop_reason == "refusal":
            return AgentReport("none", reason="the model refused the task (stop_reason refusal)")
        if stop_reason == "model_context_window_exceeded":
            return AgentReport("limit", reason="the conversation outgrew the model's context window")
        if stop_reason == "max_tokens":
            return self._cut_off(content)
        self.cut_in_a_row = 0
        self.conversation.add("assistant", content)
        calls = [b for b in content if b["type"] == "tool_use"]
        if calls:
            return self._run_tools(calls)
        if self.reminded:
            return AgentReport("none", reason="the model ended its turn without calling finish, "
                                              "also after a reminder")
        self.reminded = True
        self._add("user", [{"type": "text", "text": prompts.finish_reminder()}])
        return None

    def _cut_off(self, content: list[dict[str, Any]]) -> AgentReport | None:
        self.cut_in_a_row += 1
        if self.cut_in_a_row > MAX_TOKENS_CONTINUES:
            return AgentReport("none", reason=f"{self.cut_in_a_row} replies in a row were cut at "
                                              f"max_tokens ({self.max_tokens})")
        # A cut reply may end in half a tool call: keep only its text and say nothing ran.
        self.conversation.add("assistant", [b for b in content if b["type"] == "text" and b["text"]])
        self._add("user", [{"type": "text", "text": prompts.max_tokens_notice(self.max_tokens)}])
        return None

    def _run_tools(self, calls: list[dict[str, Any]]) -> AgentReport | None:
        results = []
        for call in calls:
            try:
                if call["name"] == "finish":
                    finish = parse_finish(call["input"], self.command_ids, self.requirement_ids)
                    return AgentReport(finish.status, finish.summary, finish.evidence)
                if call["name"] != "run_command":
                    raise ToolInputError(f"no tool {call['name']!r}; tools: run_command, finish")
                text = self._run_command(call["input"])
                results.append({"type": "tool_result", "tool_use_id": call["id"], "content": text})
            except ToolInputError as e:
                self.transcript.event("tool_error", tool_use_id=call["id"], tool=call["name"],
                                      error=str(e))
                results.append({"type": "tool_result", "tool_use_id": call["id"],
                                "content": str(e), "is_error": True})
        self._add("user", results)
        return None

    def _run_command(self, data: Any) -> str:
        cmd = parse_run_command(data, self.nodes)
        limit = self.limits.command_timeout_s
        # Never run past the wall limit: the next turn's check would end the run anyway.
        timeout = min(cmd.timeout_s or limit, limit, max(0.1, self._wall_left()))
        rec = self.session.run(cmd.node, cmd.command, timeout)
        self.command_ids.append(rec.id)
        return show_command(rec, timeout, cmd.timeout_s, self.limits.output_chars_shown)

    def _call(self) -> Message:
        tools = [*self.tools[:-1], {**self.tools[-1], "cache_control": dict(EPHEMERAL)}]
        params: dict[str, Any] = {
            "model": self.agent.model, "max_tokens": self.max_tokens,
            "system": [{"type": "text", "text": self.system, "cache_control": dict(EPHEMERAL)}],
            "tools": tools, "messages": self.conversation.for_request()}
        if self.thinking:
            params["thinking"] = self.thinking
        try:
            return self.caller.create(**params)
        except anthropic.AuthenticationError as e:
            raise LabError(f"the Messages API rejected ANTHROPIC_API_KEY ({e.status_code}): "
                           f"check the key; {NO_KEY_HINT}") from None

    def _limit_reached(self) -> str | None:
        elapsed = time.monotonic() - self.started
        if elapsed >= self.limits.wall_s:
            return f"wall-time limit: {elapsed:.1f} s of {self.limits.wall_s:g} s"
        if len(self.ledger.turns) >= self.limits.max_turns:
            return f"turn limit: {len(self.ledger.turns)} turns"
        if (total := self.ledger.total.total) >= self.limits.max_tokens_total:
            return f"token limit: {total} of {self.limits.max_tokens_total} tokens"
        return None

    def _wall_left(self) -> float:
        return self.limits.wall_s - (time.monotonic() - self.started)

    def _add(self, role: str, blocks: list[dict[str, Any]]) -> None:
        self.conversation.add(role, blocks)
        self.transcript.message(role, blocks)

    def _on_retry(self, event: RetryEvent) -> None:
        self.transcript.event("retry", **event.to_json())

    def _end(self, report: AgentReport) -> AgentReport:
        self.transcript.event("end", **report.to_json())
        return report
