"""The Claude agent's prompts, rendered from the templates in agents/prompts/."""
from __future__ import annotations

from pathlib import Path
from typing import Mapping

from agents._base import AgentLimits, ClusterInfo, NodeInfo
from llm import render

PROMPTS = Path(__file__).parent / "prompts"


def system_prompt(cluster: ClusterInfo, limits: AgentLimits) -> str:
    # Commands run as the login user, as an administrator would work (agents._base.AgentSession.run).
    privilege = ("as the node's login user (listed above), who has passwordless sudo: use sudo "
                 "for root work" if any(n.sudo for n in cluster.nodes) else "as root")
    return render(PROMPTS / "system.md", {
        "cluster": describe_cluster(cluster), "privilege": privilege,
        "command_timeout_s": f"{limits.command_timeout_s:g}",
        "output_chars": str(limits.output_chars_shown)})


def user_prompt(instruction: str, requirements: Mapping[str, str]) -> str:
    """The instruction, then the requirements (id: authored text) the evidence must cite."""
    listed = "\n".join(f"- {rid}: {text}" for rid, text in requirements.items()) \
        or "- none given; name each requirement briefly"
    return render(PROMPTS / "user.md", {"instruction": instruction.strip(), "requirements": listed})


def finish_reminder() -> str:
    return render(PROMPTS / "finish-reminder.md", {})


def max_tokens_notice(max_tokens: int) -> str:
    return render(PROMPTS / "max-tokens.md", {"max_tokens": str(max_tokens)})


def describe_cluster(cluster: ClusterInfo) -> str:
    parts = ["Nodes:"] + [_describe_node(n) for n in cluster.nodes]
    if cluster.networks:
        parts.append("Networks:")
        parts += [f"- {net.name}: {net.cidr}, {'DHCP' if net.dhcp else 'static addresses'}, "
                  f"{'with' if net.egress else 'no'} internet egress" for net in cluster.networks]
    return "\n".join(parts)


def _address(i) -> str:
    if i.address:
        return i.address
    return "DHCP client" if i.mode == "dhcp" else "no address configured"


def _describe_node(n: NodeInfo) -> str:
    lines = [f"- {n.name}: {n.os_name} ({n.os}, {n.family} family); login user {n.login_user}"
             f"{' with sudo' if n.sudo else ''}; management address {n.mgmt_address}"]
    lines += [f"  - {i.name} on network {i.network}: {_address(i)} (MAC {i.mac})" for i in n.interfaces]
    return "\n".join(lines)
