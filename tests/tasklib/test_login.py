"""tasklib.login builds the su command a check runs: the command must reach the account's shell
unchanged, whatever quotes it holds."""
import shlex
import subprocess

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


class _Result:
    rc, stderr = 0, ""


class _Accounts(_Host):
    def run(self, command):
        super().run(command)
        return _Result()


def test_an_account_for_the_length_of_a_block_in_the_groups_asked():
    host = _Accounts()
    with login.new_account(host, "obop", "operators") as user:
        assert user.startswith("obop") and len(user) == 10
        assert host.commands == [f"useradd -m -s /bin/bash -G operators {user}"]
    assert host.commands[-1] == f"pkill -KILL -u {user}; userdel -r {user} 2>/dev/null; true"
    with login.new_account(host, "obtz") as plain:
        assert host.commands[-1] == f"useradd -m -s /bin/bash {plain}"
