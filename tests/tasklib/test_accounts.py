"""tasklib.accounts.new_account: the useradd it runs, and the account removed again however the
with block ends."""
import re

import pytest

from tasklib import accounts


class _Host:
    """Records the commands and answers each with `rc`."""

    def __init__(self, rc: int = 0):
        self.rc, self.commands = rc, []
        self.backend = type("Backend", (), {"hostname": "node1"})()

    def run(self, command):
        self.commands.append(command)
        return type("Result", (), {"rc": self.rc, "stderr": "useradd: cannot lock /etc/passwd\n"})()


def test_a_member_of_groups_made_and_removed():
    host = _Host()
    with accounts.new_account(host, "obana", groups=("analysts", "staff")) as name:
        assert re.fullmatch(r"obana[0-9a-f]{6}", name)
        assert host.commands == [f"useradd -m -s /bin/bash -G analysts,staff {name}"]
    assert host.commands[1] == f"pkill -KILL -u {name}; userdel -r {name} 2>/dev/null; true"


def test_a_primary_group_and_removal_after_a_failed_check():
    host = _Host()
    with pytest.raises(AssertionError, match="the check failed"):
        with accounts.new_account(host, primary="users") as name:
            raise AssertionError("the check failed")
    assert host.commands[0] == f"useradd -m -s /bin/bash -g users {name}"
    assert host.commands[1].startswith(f"pkill -KILL -u {name}; userdel -r {name}")


def test_useradd_refused_says_so_and_removes_nothing():
    host = _Host(rc=1)
    with pytest.raises(AssertionError, match="could not create a new account on node1: useradd: cannot lock"):
        with accounts.new_account(host):
            pass
    assert len(host.commands) == 1
