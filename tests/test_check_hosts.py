"""The testinfra hosts checks receive, over a real local bash instead of SSH: what a failed
`check_output` says is the check's detail, and it names the command, the node and the output."""
from __future__ import annotations

import subprocess
from types import SimpleNamespace

from fixtures import checks


def _local(node: str, command: str):
    res = subprocess.run(["bash", "-c", command], capture_output=True, text=True, timeout=30)
    return SimpleNamespace(exit_code=res.returncode, stdout=res.stdout, stderr=res.stderr,
                           transport_error=None)


def test_check_output_returns_stdout_and_a_failure_names_command_node_and_output():
    host = checks.host_for(_local, "node1")
    assert host.check_output("echo hello") == "hello"
    try:
        host.check_output("echo 'no such table' >&2; exit 3")
    except AssertionError as exc:
        # (under pytest, testinfra's assert is rewritten: its explanation follows on new lines,
        # and the judge keeps only the message, as the next test shows)
        assert str(exc).splitlines()[0] == "Unexpected exit code 3 for `echo 'no such table' >&2; exit 3` on node1: no such table"
    else:
        raise AssertionError("check_output accepted exit 3")


def test_a_check_that_fails_in_check_output_is_not_satisfied_with_that_detail():
    hosts = {"node1": checks.host_for(_local, "node1")}

    def served(node1):
        node1.check_output("exit 7")

    seen: list[int] = []
    result = checks.judge("req-1", "served", served, ctx=None, hosts=hosts,
                          commands_since=lambda mark=None: 0 if mark is None else seen)
    assert (result.status, result.detail) == ("not_satisfied", "Unexpected exit code 7 for `exit 7` on node1")
    assert checks.bad_parameter(served, ["node1"]) is None
    assert "parameter 'node1' is neither a node" in checks.bad_parameter(served, ["router"])
