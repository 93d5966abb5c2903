"""Fixtures: fake API keys in the environment, and `drive` / `drive_openai`, which run the Claude
agent against the local Messages API server, or the OpenAI-compatible agent against the local
chat-completions server, with a scripted model and a local-exec session."""
from __future__ import annotations

import itertools
import json
import secrets
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

import pytest

from agents import AgentLimits, AgentOptions, AgentReport, ClaudeAgent, OpenAIAgent
from llm import ClientConfig, RetryPolicy
from tests.agents.local_session import LocalSession
from tests.support.chat_api import ChatAPIServer
from tests.support.messages_api import MessagesAPIServer
from tests.support.scripted_api import Script, ScriptedAPIServer

FAST_RETRY = RetryPolicy(max_retries=3, base_delay_s=0.01, max_delay_s=0.05, max_total_wait_s=30)


@pytest.fixture
def api_key(monkeypatch: pytest.MonkeyPatch) -> str:
    key = f"sk-ant-test-{secrets.token_hex(12)}"
    monkeypatch.setenv("ANTHROPIC_API_KEY", key)
    monkeypatch.delenv("ANTHROPIC_AUTH_TOKEN", raising=False)
    monkeypatch.delenv("ANTHROPIC_BASE_URL", raising=False)
    return key


@pytest.fixture
def openai_key(monkeypatch: pytest.MonkeyPatch) -> str:
    key = f"sk-test-{secrets.token_hex(12)}"
    monkeypatch.setenv("OPENAI_API_KEY", key)
    monkeypatch.delenv("OPENAI_BASE_URL", raising=False)
    return key


@dataclass
class Driven:
    report: AgentReport | None
    error: BaseException | None
    api: ScriptedAPIServer
    session: LocalSession
    sleeps: list[float]

    @property
    def record_dir(self) -> Path:
        return self.session.record_dir

    @property
    def lines(self) -> list[dict[str, Any]]:
        path = self.record_dir / "agent" / "messages.jsonl"
        return [json.loads(line) for line in path.read_text().splitlines()]

    def of_type(self, type_: str) -> list[dict[str, Any]]:
        return [line for line in self.lines if line["type"] == type_]

    def json(self, name: str) -> Any:
        return json.loads((self.record_dir / "agent" / name).read_text())

    def bodies(self) -> list[dict[str, Any]]:
        return [r.body for r in self.api.requests]

    def tool_results(self, request: int) -> list[dict[str, Any]]:
        """The tool results sent in request number `request` (0-based): Anthropic's tool_result
        blocks, or OpenAI's tool messages at the end of the conversation."""
        messages = self.api.requests[request].body["messages"]
        if self.api.route == ChatAPIServer.route:
            tail = list(itertools.takewhile(lambda m: m["role"] == "tool", reversed(messages)))
            return tail[::-1]
        return [b for b in messages[-1]["content"] if b["type"] == "tool_result"]


@dataclass
class Driver:
    api_key: str
    tmp_path: Path
    provider: str = "anthropic"
    count: int = 0

    def __call__(self, script: Script, *, limits: AgentLimits = AgentLimits(),
                 stream: bool = True, effort: str | None = None, retry: RetryPolicy = FAST_RETRY,
                 request_timeout_s: float = 5.0, model: str | None = None,
                 session: Callable[[Path], LocalSession] = LocalSession) -> Driven:
        self.count += 1
        record_dir = self.tmp_path / f"run{self.count}"
        record_dir.mkdir()
        sess = session(record_dir)
        sleeps: list[float] = []
        server = ChatAPIServer if self.provider == "openai" else MessagesAPIServer
        with server(script) as api:
            options = AgentOptions(model=model, effort=effort, limits=limits)
            if self.provider == "openai":
                config = ClientConfig(api_key=self.api_key, base_url=api.base_url + "/v1",
                                      request_timeout_s=request_timeout_s, stream=stream,
                                      provider="openai")
                agent = OpenAIAgent(options, config, retry, sleep=sleeps.append)
            else:
                config = ClientConfig(api_key=self.api_key, base_url=api.base_url,
                                      request_timeout_s=request_timeout_s, stream=stream)
                agent = ClaudeAgent(options, config, retry, sleep=sleeps.append)
            try:
                return Driven(agent.solve(sess), None, api, sess, sleeps)
            except Exception as e:  # tests of failures inspect it
                return Driven(None, e, api, sess, sleeps)


@pytest.fixture
def drive(api_key: str, tmp_path: Path) -> Driver:
    return Driver(api_key, tmp_path)


@pytest.fixture
def drive_openai(openai_key: str, tmp_path: Path) -> Driver:
    return Driver(openai_key, tmp_path, provider="openai")
