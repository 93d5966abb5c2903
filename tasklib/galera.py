"""MariaDB Galera: SQL on a node, its wsrep status, and a cluster that is whole."""
from __future__ import annotations

import shlex
import time

from tasklib import _hosts

# the client is `mariadb` (Debian, Ubuntu, EL10); older EL9 builds may only name it `mysql`
CLIENT = '"$(command -v mariadb || echo mysql)"'
SYNCED = ("Primary", "Synced")


def query(host, sql: str, timeout: int = 60):
    """The query's CommandResult (rows tab-separated, no header), failed or not."""
    return host.run(f"timeout {timeout} {CLIENT} -N -B -e {shlex.quote(sql)}")


def rows(host, sql: str, timeout: int = 60) -> list[list[str]]:
    """The query's rows; an AssertionError says why the node could not answer it."""
    res = query(host, sql, timeout)
    assert res.rc == 0, f"{_hosts.name(host)}: {sql[:80]!r} failed: {(res.stderr or res.stdout).strip()[-300:]}"
    return [line.split("\t") for line in res.stdout.splitlines()]


def row(host, sql: str, timeout: int = 60) -> list[str]:
    """The query's first row, [] when it returns none (an empty table is an answer, not an error)."""
    return (rows(host, sql, timeout) or [[]])[0]


def status(host) -> dict[str, str] | None:
    """`SHOW GLOBAL STATUS LIKE 'wsrep_%'` as a dict, None when MariaDB does not answer."""
    res = query(host, "SHOW GLOBAL STATUS LIKE 'wsrep_%'")
    if res.rc != 0:
        return None
    return dict(line.split("\t", 1) for line in res.stdout.splitlines() if "\t" in line)


def membership(host, size: int) -> str | None:
    """None when the node is a synced member of a primary component of `size`, else what it is."""
    st = status(host)
    if st is None:
        return f"{_hosts.name(host)}: MariaDB does not answer"
    got = (st.get("wsrep_cluster_size"), st.get("wsrep_cluster_status"), st.get("wsrep_local_state_comment"))
    if got != (str(size), *SYNCED):
        return f"{_hosts.name(host)}: cluster size {got[0]}, status {got[1]}, state {got[2]}"
    return None


def unsynced(hosts, tries: int = 1, pause: float = 3) -> list[str]:
    """What keeps `hosts` from being one synced primary component of len(hosts) members (empty
    when they are), asked up to `tries` times: a node that just restarted takes a while."""
    bad: list[str] = []
    for attempt in range(tries):
        bad = [b for b in (membership(h, len(hosts)) for h in hosts) if b]
        if not bad:
            return []
        if attempt + 1 < tries:
            time.sleep(pause)
    return bad


def read_on_each(hosts, sql: str, want: str, tries: int = 10) -> list[str]:
    """The nodes of `hosts` on which `sql` (after a causal-read barrier) does not return `want`
    within `tries` seconds."""
    missing = []
    for host in hosts:
        for _ in range(tries):
            res = query(host, "SET SESSION wsrep_sync_wait=1; " + sql)
            if res.rc == 0 and res.stdout.strip() == want:
                break
            time.sleep(1)
        else:
            missing.append(_hosts.name(host))
    return missing


def rejoin_each(hosts, restart) -> None:
    """MariaDB restarted on each of `hosts` in turn by `restart(name)` (the check's own command,
    with its own long timeout); an AssertionError when the cluster is not whole before a restart
    (the first node waits up to 5 tries for it, the others 40) or the node does not rejoin it
    within 40 tries after."""
    for host in hosts:
        name = _hosts.name(host)
        bad = unsynced(hosts, tries=5 if host is hosts[0] else 40)
        assert not bad, f"before MariaDB restarts on {name}, the cluster is not whole: " + "; ".join(bad)
        restart(name)
        bad = unsynced(hosts, tries=40)
        assert not bad, f"after MariaDB restarted on {name}, it did not rejoin the cluster: " + "; ".join(bad)
