"""Judged by what apt really does: simulated upgrades, a real `install --only-upgrade
acme-agent` confirmed as an operator confirms it (`--allow-change-held-packages` is what typing
"Y" at apt's held-package prompt does), the version dpkg reports afterwards, and every other
package's version against the state the agent was given. An apt that refuses to run keeps 1.0
too: each apt command must have worked."""
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
    res = node1.run(f"{APT} -y --allow-change-held-packages install --only-upgrade acme-agent")
    assert res.rc == 0, f"apt-get install --only-upgrade acme-agent fails: {res.stderr.strip()[-300:]}"
    version = _version(node1, "acme-agent")
    assert version == "1.0", f"apt-get install --only-upgrade acme-agent moved it to {version!r}"


@requirement("req-3")
def others_still_upgrade(node1):
    madison = node1.run("apt-cache madison acme-agent").stdout
    assert "1.1" in madison, "the local repository no longer offers acme-agent 1.1"
    if _version(node1, "acme-tools") == "2.1":
        return
    res = node1.run(f"{APT} -s upgrade")
    assert res.rc == 0, f"apt-get -s upgrade fails: {res.stderr.strip()[-300:]}"
    assert "Inst acme-tools" in res.stdout, "apt-get upgrade would no longer upgrade acme-tools"


@requirement("req-4")
def nothing_upgraded_now(ctx, node1):
    before = ctx.snapshot("post_prepare", "node1")["packages"]
    now = dict(line.split(" ", 1) for line in node1.check_output(
        "dpkg-query -W -f '${Package} ${Version}\\n'").splitlines() if " " in line)
    moved = sorted(f"{p} {v} -> {now[p]}" for p, v in before.items()
                   if p != "acme-agent" and p in now and now[p] != v)
    assert not moved, "upgraded although the instruction says not to upgrade now: " + ", ".join(moved)
