"""What plugs in as an agent.

The harness gives an agent an `AgentSession`: the instruction, a description of the cluster and
one way to act, `session.run(node, command, timeout_s)`, which goes through the lab's exec and is
recorded in `commands.jsonl` like every other command. The agent returns an `AgentReport`.
An agent raises `records.InfrastructureError` (e.g. `AgentInfraError`) for failures that are
not its own (API overload past the retry budget): the run is then an error, not a failure.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Mapping, Protocol, Sequence

from records import AgentReport, AgentStatus, CommandRecord, Evidence, InfrastructureError
from lab.spec import Interface

# What an agent is given and gives back; the record types among them (a command as recorded, the
# report) and the interface type are owned by `records` and `lab.spec`.
__all__ = ["Agent", "AgentInfraError", "AgentLimits", "AgentOptions", "AgentReport", "AgentSession",
           "AgentStatus", "ClusterInfo", "CommandRecord", "Evidence", "Interface", "NetworkInfo",
           "NodeInfo"]



class AgentInfraError(InfrastructureError):
    """The agent's backend failed (API overload, network), not the agent."""


@dataclass(frozen=True)
class NodeInfo:
    name: str
    os: str  # catalog id, e.g. debian12
    family: str  # debian, rhel, alpine, ubuntu, network
    os_name: str  # human name, e.g. "Debian 12 (bookworm)"
    login_user: str
    sudo: bool  # login user needs sudo for root work
    mgmt_address: str
    interfaces: tuple[Interface, ...]


@dataclass(frozen=True)
class NetworkInfo:
    name: str
    cidr: str
    dhcp: bool
    egress: bool


@dataclass(frozen=True)
class ClusterInfo:
    nodes: tuple[NodeInfo, ...]
    networks: tuple[NetworkInfo, ...]

    def node(self, name: str) -> NodeInfo:
        for n in self.nodes:
            if n.name == name:
                return n
        raise KeyError(f"no node {name!r}; nodes: {', '.join(n.name for n in self.nodes)}")


@dataclass(frozen=True)
class AgentLimits:
    wall_s: float = 35 * 60
    max_turns: int = 200
    max_tokens_total: int = 5_000_000
    command_timeout_s: float = 120.0
    output_chars_shown: int = 16_000


@dataclass(frozen=True)
class AgentOptions:
    model: str | None = None
    effort: str | None = None  # low | medium | high (thinking budget); None: model default
    limits: AgentLimits = field(default_factory=AgentLimits)
    price_table: Path | None = None


class AgentSession(Protocol):
    instruction: str
    task_id: str
    requirement_ids: Sequence[str]
    requirements: Mapping[str, str]  # id -> the authored text, so evidence can be matched to it
    cluster: ClusterInfo
    record_dir: Path  # the run folder; agents write under record_dir / "agent"
    options: AgentOptions
    task_dir: Path  # the task folder (the oracle reads its solution from here)

    def run(self, node: str, command: str, timeout_s: float | None = None,
            user: str | None = None) -> CommandRecord:
        """Run `command` on `node` as `user`; by default the node's login user, who has
        passwordless sudo (as an administrator would work). The oracle passes user="root"."""
        ...


class Agent(Protocol):
    name: str

    def solve(self, session: AgentSession) -> AgentReport: ...
