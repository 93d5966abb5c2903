"""`--agent=SPEC` → an Agent. SPEC is a name, or `name:argument` (e.g. `replay:<path>`).

Each entry builds its agent from the argument and the options and imports its module only when
chosen (oracle runs need no SDK). Register more with `register`, e.g. the oracle and nop agents:

    register("oracle", lambda arg, options: OracleAgent(), usage="oracle")
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from agents._base import Agent, AgentOptions
from records import ConfigurationError

Factory = Callable[[str, AgentOptions], Agent]  # (argument or "", options)


@dataclass(frozen=True)
class Entry:
    factory: Factory
    usage: str  # how the spec is written, for error messages and --help
    takes_argument: bool


def _claude(arg: str, options: AgentOptions) -> Agent:
    from agents._claude import ClaudeAgent
    return ClaudeAgent(options)


def _openai(arg: str, options: AgentOptions) -> Agent:
    from agents._openai import OpenAIAgent
    return OpenAIAgent(options)


def _replay(arg: str, options: AgentOptions) -> Agent:
    from agents._replay import ReplayAgent
    return ReplayAgent(arg)


def _wrong(arg: str, options: AgentOptions) -> Agent:
    from agents._wrong import WrongAgent
    return WrongAgent(arg)


AGENTS: dict[str, Entry] = {
    "claude": Entry(_claude, "claude", takes_argument=False),
    "openai": Entry(_openai, "openai", takes_argument=False),
    "replay": Entry(_replay, "replay:<run folder or command log>", takes_argument=True),
    # bare `wrong` is expanded by the plugin into every wrong solution of each task
    "wrong": Entry(_wrong, "wrong[:<name>]", takes_argument=True),
}


def register(name: str, factory: Factory, usage: str | None = None,
             takes_argument: bool = False) -> None:
    AGENTS[name] = Entry(factory, usage or name, takes_argument)


def valid_specs() -> str:
    return ", ".join(e.usage for e in AGENTS.values())


def make_agent(spec: str, options: AgentOptions) -> Agent:
    name, sep, arg = spec.partition(":")
    entry = AGENTS.get(name)
    if entry is None:
        raise ConfigurationError(f"unknown agent {spec!r}; valid: {valid_specs()}")
    if entry.takes_argument and not arg:
        raise ConfigurationError(f"agent {name} needs an argument: --agent={entry.usage}")
    if not entry.takes_argument and sep:
        raise ConfigurationError(f"agent {name} takes no argument: --agent={entry.usage}")
    return entry.factory(arg, options)
