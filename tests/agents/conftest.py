"""Fixtures: a fake API key in the environment, and `drive`, which runs the Claude agent against
the local Messages API server with a scripted model and a local-exec session."""
from __future__ import annotations

import json
import secrets
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

import pytest

from agents.base import AgentLimits, AgentOptions, AgentReport
from agents.claude import ClaudeAgent
from llm.client import ClientConfig
from llm.retry import RetryPolicy
from tests.agents.local_session import LocalSession
from tests.support.messages_api import MessagesAPIServer, Script

FAST_RETRY = RetryPolicy(max_retries=3, base_delay_s=0.01, max_delay_s=0.05, max_total_wait_s=30)


@pytest.fixture
def api_key(monkeypatch: pytest.MonkeyPatch) -> str:
    key = f"sk-ant-test-{secrets.token_hex(12)}"
    monkeypatch.setenv("ANTHROPIC_API_KEY", key)
    monkeypatch.delenv("ANTHROPIC_AUTH_TOKEN", raising=False)
    monkeypatch.delenv("ANTHROPIC_BASE_URL", raising=False)
    return key


@dataclass
class Driven:
    report: AgentReport | None
    error: BaseException | None
    api: MessagesAPIServer
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
        """The tool_result blocks sent in request number `request` (0-based)."""
        last = self.api.requests[request].body["messages"][-1]
        return [b for b in last["content"] if b["type"] == "tool_result"]


@dataclass
class Driver:
    api_key: str
    tmp_path: Path
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
        with MessagesAPIServer(script) as api:
            config = ClientConfig(api_key=self.api_key, base_url=api.base_url,
                                  request_timeout_s=request_timeout_s, stream=stream)
            agent = ClaudeAgent(AgentOptions(model=model, effort=effort, limits=limits), config,
                                retry, sleep=sleeps.append)
            try:
                return Driven(agent.solve(sess), None, api, sess, sleeps)
            except Exception as e:  # tests of failures inspect it
                return Driven(None, e, api, sess, sleeps)


@pytest.fixture
def drive(api_key: str, tmp_path: Path) -> Driver:
    return Driver(api_key, tmp_path)
