"""The prompts are rendered from the template files with the cluster and the limits."""
from __future__ import annotations

from agents import AgentLimits
from agents._prompts import system_prompt, user_prompt
from tests.agents.local_session import local_cluster


def test_system_prompt_describes_the_cluster_and_the_rules():
    prompt = system_prompt(local_cluster("node1", "node2"),
                           AgentLimits(command_timeout_s=90, output_chars_shown=5000))
    for fact in ("- node1: Debian 12 (bookworm) (debian12, debian family); login user admin with sudo; "
                 "management address 192.0.2.11",
                 "  - eth1 on network priv: 10.100.0.12/24 (MAC 52:54:00:00:00:0c)",
                 "- priv: 10.100.0.0/24, static addresses, no internet egress",
                 "passwordless sudo", "at most 90 seconds", "at most 5000 characters",
                 "non-interactively", "Call finish exactly once"):
        assert fact in prompt
    assert "$" not in prompt.replace("$$", "")  # nothing left unfilled


def test_user_prompt_is_the_instruction_and_the_requirements():
    assert user_prompt("  Do X.\n", {"req-1": "X is done.", "req-2": "Y is kept."}) == (
        "Do X.\n\n---\nThe requirements, by id, that your evidence in finish cites:\n"
        "- req-1: X is done.\n- req-2: Y is kept.\n")
    assert "none given" in user_prompt("Do X.", {})
