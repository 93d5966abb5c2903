"""Judged on the running process: its credentials and capability sets in /proc/<MainPID>/status,
and what a process with exactly its uid, gid and groups can do inside its own mount namespace
(nsenter -m + setpriv), so sandboxing by systemd counts like file permissions do."""
import re

from fixtures.checks import baseline, requirement
from tasklib import systemd


def _pid(node1) -> int:
    pid = systemd.main_pid(node1, "quotes.service")
    assert pid > 0, "quotes.service has no running main process"
    return pid


def _status(node1, pid: int) -> dict:
    res = node1.run(f"cat /proc/{pid}/status")
    assert res.rc == 0, f"cannot read /proc/{pid}/status"
    return dict(line.split(":\t", 1) for line in res.stdout.splitlines() if ":\t" in line)


def _as_service(node1, pid: int, st: dict, cmd: str):
    uid = st["Uid"].split()[1]
    gid = st["Gid"].split()[1]
    groups = ",".join(st.get("Groups", "").split())
    grp = f"--groups {groups}" if groups else "--clear-groups"
    return node1.run(f"nsenter -t {pid} -m setpriv --reuid {uid} --regid {gid} {grp} "
                     f"--inh-caps=-all -- sh -c '{cmd}'")


@baseline
def runs_as_root_before(node1):
    st = _status(node1, _pid(node1))
    assert st["Uid"].split()[1] == "0", "quotes does not run as root before the agent"
    assert node1.run("curl -sf --max-time 5 http://127.0.0.1/").rc == 0, "quotes does not answer"


@requirement("req-1")
def dedicated_user(node1):
    st = _status(node1, _pid(node1))
    uids = {int(x) for x in st["Uid"].split()}
    gids = {int(x) for x in st["Gid"].split()}
    assert 0 not in uids, f"the quotes process still runs with uid 0 (Uid: {st['Uid']})"
    assert 0 not in gids and "0" not in st.get("Groups", "").split(), \
        f"the quotes process still has the root group (Gid: {st['Gid']}, Groups: {st.get('Groups')})"
    uid = int(st["Uid"].split()[1])
    name = node1.run(f"getent passwd {uid} | cut -d: -f1").stdout.strip() or str(uid)
    assert name != "nobody" and uid != 65534, "the quotes process runs as the shared account nobody"
    assert 100 <= uid < 1000 or 61184 <= uid <= 65519, \
        f"the quotes process runs as {name} (uid {uid}), not a dedicated system account " \
        "(uid 100-999, or a systemd dynamic user)"
    others = node1.run(f"ps -e -o uid=,unit=,pid=,comm= | "
                       f"awk '$1 == {uid} && $2 != \"quotes.service\"' || true").stdout.strip()
    assert not others, f"other programs run as {name} too, it is not dedicated: {others}"


@requirement("req-2")
def answers_and_counts(ctx, node1):
    bodies = []
    for _ in range(2):
        res = node1.run("curl -sS --max-time 10 http://127.0.0.1:80/")
        assert res.rc == 0, f"quotes does not answer on port 80: {res.stderr.strip()}"
        m = re.search(r"hits: (\d+)", res.stdout)
        assert m, f"unexpected answer from quotes: {res.stdout[:200]!r}"
        bodies.append(int(m.group(1)))
    assert bodies[1] == bodies[0] + 1, f"the hit counter does not count any more ({bodies})"
    assert bodies[0] > 41, f"the hit count was reset (now {bodies[0]}, it was above 41)"
    assert ctx.reachable("node1", 80), "port 80 on node1 cannot be reached from other machines"


@requirement("req-3")
def no_privilege(node1):
    pid = _pid(node1)
    st = _status(node1, pid)
    allowed = 1 << 10  # CAP_NET_BIND_SERVICE
    for k in ("CapEff", "CapPrm", "CapAmb", "CapInh"):
        extra = int(st.get(k, "0"), 16) & ~allowed
        assert not extra, f"the quotes process holds capabilities beyond binding low ports ({k}={st.get(k)})"
    res = _as_service(node1, pid, st, "cat /etc/shadow >/dev/null 2>&1")
    assert res.rc != 0, "a process with the service's identity can read /etc/shadow"


@requirement("req-4")
def cannot_modify(node1):
    pid = _pid(node1)
    st = _status(node1, pid)
    for path in ("/usr/local/bin/quotes-server", "/srv/quotes/quotes.txt"):
        res = _as_service(node1, pid, st, f"test -w {path} || test -w $(dirname {path})")
        assert res.rc != 0, f"the service account can modify {path}"


@requirement("req-5")
def low_ports_still_privileged(node1):
    """An ordinary process (uid nobody, no capabilities of its own) runs the same python3 as the
    service and tries to listen on port 81: a capability set on the interpreter's file, or
    net.ipv4.ip_unprivileged_port_start lowered for everyone, lets it."""
    probe = ("import socket\n"
             "s = socket.socket()\n"
             "try:\n"
             "    s.bind(('0.0.0.0', 81)); s.listen(1); print('BOUND')\n"
             "except PermissionError:\n"
             "    print('DENIED')\n")
    res = node1.run("cd / && setpriv --reuid 65534 --regid 65534 --clear-groups --inh-caps=-all "
                    f"python3 - <<'PY'\n{probe}PY\n")
    out = res.stdout.strip()
    assert out in ("BOUND", "DENIED"), f"could not test an ordinary process: {(res.stdout + res.stderr).strip()[-300:]}"
    start = node1.run("cat /proc/sys/net/ipv4/ip_unprivileged_port_start").stdout.strip()
    assert out == "DENIED", f"an ordinary process (uid 65534) can listen on port 81 " \
                            f"(ip_unprivileged_port_start={start}; a capability on python3?)"
