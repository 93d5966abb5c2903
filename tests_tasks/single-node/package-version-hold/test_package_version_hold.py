"""Judged by what apt really does: simulated upgrades, a real `install --only-upgrade
acme-agent`, and the version dpkg reports afterwards."""
from fixtures.checks import baseline, requirement

APT = "DEBIAN_FRONTEND=noninteractive apt-get -o Dpkg::Use-Pty=0"


def _version(node1, pkg: str) -> str:
    return node1.run(f"dpkg-query -W -f '${{Version}}' {pkg}").stdout.strip()


@baseline
def agent_upgradable_at_start(node1):
    assert _version(node1, "acme-agent") == "1.0", "acme-agent 1.0 is not installed"
    assert "Inst acme-agent" in node1.run(f"{APT} -s upgrade").stdout, "acme-agent 1.1 is not offered"


@requirement("req-1")
def upgrades_keep_agent(node1):
    assert _version(node1, "acme-agent") == "1.0", \
        f"acme-agent is already at {_version(node1, 'acme-agent')!r}, not 1.0"
    for cmd in ("upgrade", "dist-upgrade"):
        res = node1.run(f"{APT} -s {cmd}")
        assert res.rc == 0, f"apt-get -s {cmd} fails: {res.stderr.strip()[-300:]}"
        assert "Inst acme-agent" not in res.stdout, f"apt-get {cmd} would upgrade acme-agent"


@requirement("req-2")
def explicit_upgrade_keeps_agent(node1):
    node1.run(f"{APT} -y install --only-upgrade acme-agent")
    version = _version(node1, "acme-agent")
    assert version == "1.0", f"apt-get install --only-upgrade acme-agent moved it to {version!r}"


@requirement("req-3")
def others_still_upgrade(node1):
    madison = node1.run("apt-cache madison acme-agent").stdout
    assert "1.1" in madison, "the local repository no longer offers acme-agent 1.1"
    if _version(node1, "acme-tools") == "2.1":
        return
    res = node1.run(f"{APT} -s upgrade")
    assert "Inst acme-tools" in res.stdout, "apt-get upgrade would no longer upgrade acme-tools"
