"""tasklib.login builds the su command a check runs: the command must reach the account's shell
unchanged, whatever quotes it holds. Its new_account runs useradd and removes the account again
however the with block ends."""
import re
import shlex
import subprocess

import pytest

from tasklib import login


class _Host:
    """Records the command instead of running it on a node."""

    def __init__(self):
        self.commands = []

    def run(self, command):
        self.commands.append(command)
        return command


PROBE = r"""python3 -c '
import os
print("it\'s", os.getpid())
'"""


def test_login_shell_and_plain_session():
    host = _Host()
    login.su(host, "etl1", "ulimit -Hn")
    login.su(host, "etl1", "ulimit -Hn", login=False)
    assert host.commands == ["cd / && su - etl1 -c 'ulimit -Hn'", "cd / && su etl1 -c 'ulimit -Hn'"]


def test_the_command_reaches_the_session_unchanged():
    for command in (PROBE, 'echo "17 3 * * * /bin/true  # x" | crontab -', "printf '%s' 'a'\\''b' | crontab -"):
        host = _Host()
        built = login.su(host, "alice", command)
        prefix = "cd / && su - alice -c "
        assert built.startswith(prefix)
        # what su hands to the account's shell is what the shell makes of the quoted word
        said = subprocess.run(["bash", "-c", "printf %s " + built[len(prefix):]], capture_output=True, text=True)
        assert said.stdout == command
        assert shlex.split(built[len(prefix):]) == [command]


def test_how_names_the_session():
    assert login.how("etl1", True) == "etl1 (su -)"
    assert login.how("etl1", False) == "etl1 (su, no login shell)"


class _AccountsHost:
    """Records the commands and answers each with `rc`."""

    def __init__(self, rc: int = 0):
        self.rc, self.commands = rc, []
        self.backend = type("Backend", (), {"hostname": "node1"})()

    def run(self, command):
        self.commands.append(command)
        return type("Result", (), {"rc": self.rc, "stderr": "useradd: cannot lock /etc/passwd\n"})()


def test_a_member_of_groups_made_and_removed():
    host = _AccountsHost()
    with login.new_account(host, "obana", groups=("analysts", "staff")) as name:
        assert re.fullmatch(r"obana[0-9a-f]{6}", name)
        assert host.commands == [f"useradd -m -s /bin/bash -G analysts,staff {name}"]
    assert host.commands[1] == f"pkill -KILL -u {name}; userdel -r {name} 2>/dev/null; true"


def test_a_primary_group_and_removal_after_a_failed_check():
    host = _AccountsHost()
    with pytest.raises(AssertionError, match="the check failed"):
        with login.new_account(host, primary="users") as name:
            raise AssertionError("the check failed")
    assert host.commands[0] == f"useradd -m -s /bin/bash -g users {name}"
    assert host.commands[1].startswith(f"pkill -KILL -u {name}; userdel -r {name}")


def test_useradd_refused_says_so_and_removes_nothing():
    host = _AccountsHost(rc=1)
    with pytest.raises(AssertionError, match="could not create a new account on node1: useradd: cannot lock"):
        with login.new_account(host):
            pass
    assert len(host.commands) == 1
