"""The agent loop for any model: two tools, run_command and finish, over a provider's Chat.

One `solve` is one conversation. Each turn: check the limits, call the model (retried by
llm._call), record the reply and its usage, run the tool calls through the session in the order
given, answer with their results. The run ends with finish, a limit, a refusal or a provider's
content filter, repeated max_tokens stops, or a model that stops twice without calling finish.
Providers differ only in their Chat (llm._anthropic, llm._openai); agents._claude and
agents.openai_agent say how theirs is configured.
"""
from __future__ import annotations

import time
from dataclasses import asdict
from typing import Callable

import agents._prompts as prompts
from agents._base import AgentInfraError, AgentOptions, AgentReport, AgentSession
from agents._results import show_command
from agents._tools import ToolInputError, parse_finish, parse_run_command, tool_definitions
from agents._transcript import Transcript
from llm import (Chat, LLMUnavailable, PriceTable, Reply, RetryEvent, RetryingCaller, RetryPolicy,
                 ToolCall, ToolResult, ToolSpec, UsageLedger)
from records import RunPaths, write_json

MAX_TOKENS_CONTINUES = 2  # replies cut at max_tokens in a row before the run ends


class ModelAgent:
    """Subclasses set `name`, `model` and `max_tokens` and build their provider's Chat."""
    name = "model"
    model: str
    max_tokens: int
    api: str  # the service, for errors: "Messages API", "chat completions API"

    def __init__(self, options: AgentOptions, retry: RetryPolicy, sleep: Callable[[float], None]):
        self.options = options
        self.prices = PriceTable.load(options.price_table)
        self.retry = retry
        self.sleep = sleep

    def chat(self, system: str, tools: list[ToolSpec], caller: RetryingCaller) -> Chat:
        raise NotImplementedError

    def solve(self, session: AgentSession) -> AgentReport:
        return _Run(self, session).run()


class _Run:
    """The state of one solve."""

    def __init__(self, agent: ModelAgent, session: AgentSession) -> None:
        self.agent = agent
        self.session = session
        self.limits = agent.options.limits
        self.nodes = [n.name for n in session.cluster.nodes]
        self.requirement_ids = list(session.requirement_ids)
        self.ledger = UsageLedger(agent.prices)
        self.command_ids: list[str] = []
        self.started = time.monotonic()
        self.cut_in_a_row = 0
        self.reminded = False
        self.system = prompts.system_prompt(session.cluster, self.limits)
        tools = tool_definitions(self.nodes, self.requirement_ids, self.limits.command_timeout_s)
        caller = RetryingCaller(agent.api, agent.retry, on_retry=self._on_retry, sleep=agent.sleep)
        self.chat = agent.chat(self.system, tools, caller)
        self.transcript = Transcript(session.record_dir)  # last: nothing after it can fail

    def run(self) -> AgentReport:
        described = self.chat.describe()
        self.transcript.event("start", model=self.agent.model, effort=self.agent.options.effort,
                              **{k: v for k, v in described.items() if k != "tools"},
                              limits=asdict(self.limits), system=self.system,
                              tools=described["tools"])
        try:
            self._add_user(prompts.user_prompt(self.session.instruction, self.session.requirements))
            report = self._loop()
        except Exception as e:
            self.transcript.event("error", error=type(e).__name__, message=str(e))
            if isinstance(e, LLMUnavailable):
                raise AgentInfraError(str(e)) from e
            raise
        finally:
            self.transcript.close()
        write_json(RunPaths(self.session.record_dir).report, report.to_json())
        return report

    def _loop(self) -> AgentReport:
        while True:
            if reason := self._limit_reached():
                return self._end(AgentReport("limit", reason=reason))
            reply = self.chat.send()
            turn = self.ledger.add(reply.model, reply.stop_reason, reply.usage)
            write_json(RunPaths(self.session.record_dir).usage, self.ledger.to_json())
            self.transcript.message("assistant", reply.content, turn=turn.number,
                                    stop_reason=reply.stop_reason, usage=turn.usage.to_json())
            if report := self._handle(reply):
                return self._end(report)

    def _handle(self, reply: Reply) -> AgentReport | None:
        """Act on one reply; a report ends the run."""
        if reply.stop == "refusal":
            return AgentReport("none", reason=f"the model refused the task "
                                              f"(stop_reason {reply.stop_reason})")
        if reply.stop == "content_filter":
            return AgentReport("none", reason=f"the provider's content filter stopped the reply "
                                              f"(stop_reason {reply.stop_reason})")
        if reply.stop == "context_window":
            return AgentReport("limit", reason="the conversation outgrew the model's context window")
        if reply.stop == "max_tokens":
            return self._cut_off(reply)
        self.cut_in_a_row = 0
        self.chat.add_reply(reply)
        if reply.calls:
            return self._run_tools(reply.calls)
        if self.reminded:
            return AgentReport("none", reason="the model ended its turn without calling finish, "
                                              "also after a reminder")
        self.reminded = True
        self._add_user(prompts.finish_reminder())
        return None

    def _cut_off(self, reply: Reply) -> AgentReport | None:
        self.cut_in_a_row += 1
        if self.cut_in_a_row > MAX_TOKENS_CONTINUES:
            return AgentReport("none", reason=f"{self.cut_in_a_row} replies in a row were cut at "
                                              f"max_tokens ({self.agent.max_tokens})")
        # A cut reply may end in half a tool call: keep only its text and say nothing ran.
        self.chat.add_reply(reply, text_only=True)
        self._add_user(prompts.max_tokens_notice(self.agent.max_tokens))
        return None

    def _run_tools(self, calls: tuple[ToolCall, ...]) -> AgentReport | None:
        results = []
        for call in calls:  # in the order the model gave them
            try:
                if call.input_error:
                    raise ToolInputError(call.input_error)
                if call.name == "finish":
                    finish = parse_finish(call.input, self.command_ids, self.requirement_ids)
                    return AgentReport(finish.status, finish.summary, finish.evidence)
                if call.name != "run_command":
                    raise ToolInputError(f"no tool {call.name!r}; tools: run_command, finish")
                results.append(ToolResult(call.id, self._run_command(call.input)))
            except ToolInputError as e:
                self.transcript.event("tool_error", tool_use_id=call.id, tool=call.name,
                                      error=str(e))
                results.append(ToolResult(call.id, str(e), is_error=True))
        role, content = self.chat.add_tool_results(results)
        self.transcript.message(role, content)
        return None

    def _run_command(self, data: object) -> str:
        cmd = parse_run_command(data, self.nodes)
        limit = self.limits.command_timeout_s
        # Never run past the wall limit: the next turn's check would end the run anyway.
        timeout = min(cmd.timeout_s or limit, limit, max(0.1, self._wall_left()))
        rec = self.session.run(cmd.node, cmd.command, timeout)
        self.command_ids.append(rec.id)
        return show_command(rec, timeout, cmd.timeout_s, self.limits.output_chars_shown)

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

    def _add_user(self, text: str) -> None:
        role, content = self.chat.add_user(text)
        self.transcript.message(role, content)

    def _on_retry(self, event: RetryEvent) -> None:
        self.transcript.event("retry", **event.to_json())

    def _end(self, report: AgentReport) -> AgentReport:
        self.transcript.event("end", **report.to_json())
        return report
