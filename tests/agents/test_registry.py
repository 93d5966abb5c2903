from __future__ import annotations

from pathlib import Path

import pytest

from agents import _registry as registry
from agents import AgentOptions, ClaudeAgent, ReplayAgent
from records import ConfigurationError

LOG = Path(__file__).parent / "data" / "run-ours"


def test_claude_and_replay(api_key):
    assert isinstance(registry.make_agent("claude", AgentOptions()), ClaudeAgent)
    agent = registry.make_agent(f"replay:{LOG}", AgentOptions())
    assert isinstance(agent, ReplayAgent) and agent.path == LOG / "commands.jsonl"


@pytest.mark.parametrize("spec, says", [
    ("gpt", "unknown agent 'gpt'; valid: claude, openai, replay:<run folder or command log>"),
    ("replay", "agent replay needs an argument: --agent=replay:<run folder or command log>"),
    ("claude:opus", "agent claude takes no argument: --agent=claude"),
])
def test_bad_specs(spec, says):
    with pytest.raises(ConfigurationError) as e:
        registry.make_agent(spec, AgentOptions())
    assert str(e.value).startswith(says)


def test_register_hook(monkeypatch):
    monkeypatch.setattr(registry, "AGENTS", dict(registry.AGENTS))
    sentinel = object()
    registry.register("nop", lambda arg, options: sentinel)
    assert registry.make_agent("nop", AgentOptions()) is sentinel
    assert registry.valid_specs().endswith(", nop")
