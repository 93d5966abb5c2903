"""tasklib.mirror builds the commands config-sync and scheduled-backup ran themselves before it
existed: the same text, so a listing compares as it did."""
from types import SimpleNamespace

from tasklib import mirror


class _Host:
    """Records the commands; answers each with the next (rc, stdout) given."""

    def __init__(self, *answers):
        self.commands, self.answers = [], list(answers)

    def run(self, command):
        self.commands.append(command)
        rc, out = self.answers.pop(0) if self.answers else (0, "")
        return SimpleNamespace(rc=rc, stdout=out, stderr="")


def test_listing_commands_are_the_ones_the_tasks_ran():
    # scheduled-backup's _tree(ctx, node, root), with root /srv/records
    assert mirror.listing_command("/srv/records", "%U %m") == (
        "cd /srv/records 2>/dev/null && find . -type f -printf '%p %U %m ' -exec sha256sum {} \\; "
        "| awk '{print $1, $2, $3, $4}' | sort")
    # config-sync's _tree(ctx, node) (which had no 2>/dev/null after cd)
    assert mirror.listing_command("/etc/appcfg") == (
        "cd /etc/appcfg 2>/dev/null && find . -type f -printf '%p %m ' -exec sha256sum {} \\; "
        "| awk '{print $1, $2, $3}' | sort")


def test_listing_is_the_stripped_output():
    host = _Host((0, "./a 644 e3b0\n./b 600 5d41\n"))
    assert mirror.listing(host, "/etc/appcfg") == "./a 644 e3b0\n./b 600 5d41"
    assert mirror.listing(_Host((1, "")), "/missing") == ""


def test_unattended_runs_like_a_timer():
    host = _Host()
    mirror.unattended(host, "/usr/local/sbin/backup-records", 120)
    assert host.commands == ["env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root "
                             "setsid timeout 120 /usr/local/sbin/backup-records < /dev/null"]


def test_succeeds_within_polls_until_the_command_succeeds(monkeypatch):
    slept = []
    monkeypatch.setattr(mirror.time, "sleep", slept.append)
    host = _Host((1, ""), (1, ""), (0, ""))
    assert mirror.succeeds_within(host, "grep -qs x /f", 150)
    assert host.commands == ["grep -qs x /f"] * 3 and slept == [10, 10]


def test_succeeds_within_gives_up_when_the_time_is_up(monkeypatch):
    now = [1000.0]
    monkeypatch.setattr(mirror.time, "time", lambda: now[0])
    monkeypatch.setattr(mirror.time, "sleep", lambda s: now.__setitem__(0, now[0] + s))
    host = _Host(*[(1, "")] * 20)
    assert not mirror.succeeds_within(host, "false", 25)
    assert len(host.commands) == 3  # at 0, 10 and 20 s; none at 30
