"""What solves a task. The public names are in `__all__` (loaded on first use, so an oracle run
imports no SDK); the modules behind them are private:

_base        the Agent protocol and what an agent is given: AgentSession, ClusterInfo, limits
_registry    `--agent=SPEC` → an Agent (make_agent, register, valid_specs)
_model       the one loop of the model agents (tools, limits, evidence, transcript, cost)
_claude      ClaudeAgent (Anthropic's Messages API)      _openai   OpenAIAgent (chat completions)
_oracle      OracleAgent: the task's reference solution  _nop      NopAgent: does nothing
_scripts     task scripts as run on a node: OS variant, tasklib includes inlined, the heredoc
_wrong       WrongAgent: one of the task's wrong solutions
_replay      ReplayAgent: a recorded run's commands, or a study trial's
_prompts, _tools, _output, _results, _transcript: the model agents' prompts, tools, output
capping, the command results they are shown, and agent/messages.jsonl
"""
from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

_WHERE = {
    "Agent": "_base", "AgentInfraError": "_base", "AgentLimits": "_base",
    "AgentOptions": "_base", "AgentReport": "_base", "AgentSession": "_base",
    "AgentStatus": "_base", "ClusterInfo": "_base", "CommandRecord": "_base",
    "Evidence": "_base", "Interface": "_base", "NetworkInfo": "_base", "NodeInfo": "_base",
    "ClaudeAgent": "_claude", "ModelAgent": "_model", "NopAgent": "_nop",
    "OpenAIAgent": "_openai", "OracleAgent": "_oracle", "script_command": "_scripts",
    "script_env": "_scripts", "script_path": "_scripts", "script_text": "_scripts",
    "AGENTS": "_registry", "make_agent": "_registry",
    "register": "_registry", "valid_specs": "_registry", "ReplayAgent": "_replay",
    "WrongAgent": "_wrong",
}
__all__ = [
    "AGENTS", "Agent", "AgentInfraError", "AgentLimits", "AgentOptions", "AgentReport",
    "AgentSession", "AgentStatus", "ClaudeAgent", "ClusterInfo", "CommandRecord", "Evidence",
    "Interface", "ModelAgent", "NetworkInfo", "NodeInfo", "NopAgent", "OpenAIAgent",
    "OracleAgent", "ReplayAgent", "WrongAgent", "make_agent", "register", "script_command",
    "script_env", "script_path", "script_text", "valid_specs",
]


def __getattr__(name: str) -> Any:
    module = _WHERE.get(name)
    if module is None:
        raise AttributeError(f"module 'agents' has no attribute {name!r}")
    value = getattr(importlib.import_module(f"agents.{module}"), name)
    globals()[name] = value
    return value


if TYPE_CHECKING:
    from agents._base import (Agent, AgentInfraError, AgentLimits, AgentOptions, AgentReport,
                              AgentSession, AgentStatus, ClusterInfo, CommandRecord, Evidence,
                              Interface, NetworkInfo, NodeInfo)
    from agents._claude import ClaudeAgent
    from agents._model import ModelAgent
    from agents._nop import NopAgent
    from agents._openai import OpenAIAgent
    from agents._oracle import OracleAgent
    from agents._registry import AGENTS, make_agent, register, valid_specs
    from agents._replay import ReplayAgent
    from agents._scripts import script_command, script_env, script_path, script_text
    from agents._wrong import WrongAgent
