"""tasklib.systemd.main_pid reads what `systemctl show -p MainPID --value` prints: the outputs
below are from commands.jsonl of debian12 runs (systemd 252) of the unprivileged-service and
mandatory-access-control-on-a-port checks, 2026-12-07."""
from tasklib import systemd


class _Host:
    """Answers the one command with recorded output and keeps what was asked."""

    def __init__(self, stdout: str):
        self.stdout, self.commands = stdout, []

    def run(self, command):
        self.commands.append(command)
        return type("Result", (), {"stdout": self.stdout, "rc": 0})()


def test_running_service():
    host = _Host("335\n")  # quotes.service, running
    assert systemd.main_pid(host, "quotes.service") == 335
    assert host.commands == ["systemctl show -p MainPID --value quotes.service"]


def test_stopped_service_has_none():
    assert systemd.main_pid(_Host("0\n"), "docserver.service") == 0  # docserver.service, stopped


def test_no_answer_is_none():
    assert systemd.main_pid(_Host(""), "ledger.service") == 0  # systemctl printed nothing
