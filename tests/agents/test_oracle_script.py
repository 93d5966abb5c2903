"""The oracle's script command, run by a real local bash: what the record shows is what runs,
to the end, whatever its commands read."""
from __future__ import annotations

import subprocess

from agents import script_command
from reports.shell import parse


def _bash(command: str) -> subprocess.CompletedProcess:
    # stdin as over SSH: the channel's write side is shut, so a read sees end of file
    return subprocess.run(["bash", "-c", command], stdin=subprocess.DEVNULL, capture_output=True,
                          text=True, timeout=30)


SCRIPT = """#!/bin/bash
set -euo pipefail
echo "start on $NODE"
cat >/dev/null  # like rabbitmqctl or ssh: reads whatever stdin holds
read -r line || true
echo "end on $NODE with ${OB_ADDR_NODE2_PRIV}"
exit 3
"""


def test_a_command_that_reads_stdin_does_not_eat_the_rest_of_the_script():
    res = _bash(script_command(SCRIPT, {"NODE": "node1", "OB_ADDR_NODE2_PRIV": "10.0.0.2"}))
    assert res.stdout.splitlines() == ["start on node1", "end on node1 with 10.0.0.2"], res.stdout + res.stderr
    assert res.returncode == 3


def test_a_syntax_error_anywhere_stops_the_script_before_it_starts():
    res = _bash(script_command("echo ran\nif then fi\n", {"NODE": "node1"}))
    assert res.stdout == "" and res.returncode != 0


def test_the_analysis_still_reads_the_script_as_commands():
    argvs = [c.argv for c in parse(script_command("systemctl stop x\nrm -rf /tmp/y\n", {"NODE": "n"}))]
    assert argvs == [("systemctl", "stop", "x"), ("rm", "-rf", "/tmp/y")]


def test_pkill_with_a_pattern_from_the_scripts_own_text_kills_the_target_not_the_script():
    # the shape of a real wrong solution: one script starts `sleep 300` and later stops it by
    # pattern; no process may keep the script's text (and so the pattern) in its command line
    script = "sleep 300 &\nsleep 0.3\npkill -f 'sleep 300'\necho survived\n"
    res = _bash(script_command(script, {"NODE": "node1"}))
    assert res.stdout.splitlines() == ["survived"] and res.returncode == 0, res.stdout + res.stderr
