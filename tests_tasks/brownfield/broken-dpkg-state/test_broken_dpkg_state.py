"""Judged by what apt, dpkg and the agent really do: a package not installed before (acme-tools,
from the local repository) is installed with apt as an operator would, non-interactively, and
removed again; dpkg --audit must be quiet; acme-agent's version and state are what dpkg reports,
and its service must come back as 1.1 from a restart (which needs everything its postinst sets up,
the user acme included); the site's settings are judged by asking the installed package's service
on port 9100, so a process left running after its package was removed does not count."""
from __future__ import annotations

from fixtures.checks import baseline, requirement
from tasklib import http, systemd

APT = "DEBIAN_FRONTEND=noninteractive timeout 300 apt-get -o Dpkg::Use-Pty=0"


def _status(node1) -> str:
    return node1.run("dpkg-query -W -f '${Version} ${Status}' acme-agent").stdout.strip()


def _ask(node1, port: int) -> dict | None:
    return http.get_json(node1, f"http://127.0.0.1:{port}/", wait_s=15)


@baseline
def upgrade_interrupted(node1):
    assert node1.run("ls /var/lib/dpkg/updates | grep -q '^[0-9]'").rc == 0, \
        "dpkg's journal of the interrupted run is not there"
    assert _status(node1) == "1.1 install ok unpacked", f"acme-agent is {_status(node1)!r}, not 1.1 unpacked"
    ans = _ask(node1, 9100)
    assert ans and ans.get("version") == "1.0" and ans.get("site") == "lab-east", \
        f"the old agent does not answer on 9100 as 1.0 for lab-east: {ans}"


@requirement("req-1")
def apt_works(node1):
    assert node1.run("dpkg-query -W -f '${Status}' acme-tools").stdout.strip() != "install ok installed", \
        "acme-tools is already installed: nothing left to install as a test"
    res = node1.run(f"{APT} install -y acme-tools </dev/null")
    try:
        assert res.rc == 0, f"apt-get install acme-tools fails: {(res.stderr or res.stdout).strip()[-400:]}"
        got = node1.run("dpkg-query -W -f '${Status}' acme-tools").stdout.strip()
        assert got == "install ok installed", f"after apt-get install, acme-tools is {got!r}"
    finally:
        node1.run(f"{APT} purge -y acme-tools </dev/null")
    audit = node1.run("dpkg --audit")
    assert not audit.stdout.strip(), f"dpkg --audit still reports problems: {audit.stdout.strip()[-400:]}"


@requirement("req-2")
def upgraded_and_running(node1):
    status = _status(node1)
    assert status == "1.1 install ok installed", f"acme-agent is {status or 'not installed'!r}, not 1.1 installed"
    res = node1.run("systemctl restart acme-agent.service")
    assert res.rc == 0, f"systemctl restart acme-agent fails: {res.stderr.strip()[-300:]}"
    ports = systemd.main_ports(node1, "acme-agent.service")
    assert ports, "after a restart, the acme-agent service listens on no port"
    ans = _ask(node1, ports[0])
    assert ans and ans.get("version") == "1.1", f"after a restart, the acme-agent service answers {ans}, not version 1.1"


@requirement("req-3")
def site_settings_kept(node1):
    # the agent is the installed package's service, not a process left running after its removal
    status = _status(node1)
    assert status.endswith(" install ok installed"), f"acme-agent is {status or 'not installed'!r}, not installed"
    unit = node1.run("test -f \"$(systemctl show -p FragmentPath --value acme-agent.service)\"")
    assert unit.rc == 0, "acme-agent.service has no unit file on disk"
    ports = systemd.main_ports(node1, "acme-agent.service")
    assert 9100 in ports, f"the acme-agent service listens on {ports or 'no port'}, not on port 9100"
    ans = _ask(node1, 9100)
    assert ans is not None, "the agent does not answer on port 9100"
    assert ans.get("site") == "lab-east", f"the agent reports site {ans.get('site')!r}, not lab-east"
