"""Judged by crashes: a sleep killed with SIGSEGV in a fresh directory, after its session raised
the core size limit as far as it may (root: unlimited), in new su sessions of kim and of an
account the check creates (with and without a login shell), as root, and as a transient system
service whose unit asks for an unlimited limit. A dump is looked for where one can land: the
working directory, systemd-coredump's store and its journal entry for that PID (waited for
while the kernel hands dumps to it), and the directory of an absolute core pattern. Whatever a
crash leaves is removed afterwards."""
import json
import posixpath
import re
import shlex
import uuid
from contextlib import contextmanager

from fixtures import traffic
from fixtures.checks import baseline, requirement
from tasklib import login as login_

STORE = "/var/lib/systemd/coredump"
DUMPED = "fc2e22bc6ee647b6b90729ab34a250b1"  # MESSAGE_ID of systemd-coredump's "dumped core" entry
# the core size limit raised as far as this session may, then a process of it crashes
CRASH = ('ulimit -c unlimited 2>/dev/null || ulimit -S -c "$(ulimit -H -c)"; echo limit=$(ulimit -S -c); '
         'sleep 60 & echo pid=$!; kill -SEGV $!; wait $!; true')


def _pattern(node1) -> str:
    return node1.check_output("cat /proc/sys/kernel/core_pattern").strip()


def _pattern_dir(node1) -> str | None:
    """The directory an absolute core pattern writes to, when it names a fixed one."""
    where = posixpath.dirname(_pattern(node1))
    return where if where.startswith("/") and "%" not in where else None


@contextmanager
def _site(node1, owner: str = "root"):
    """A fresh directory owned by `owner` for a crash to happen in, with a stamp beside it marking
    when it began; afterwards both go, with any dump stored since."""
    d = f"/var/tmp/obcrash-{uuid.uuid4().hex[:8]}"
    made = node1.run(f"install -d -m 700 -o {owner} {d} && touch {d}.since")
    assert made.rc == 0, f"could not make a directory for {owner} to crash in: {made.stderr.strip()}"
    try:
        yield d
    finally:
        dirs = " ".join(shlex.quote(p) for p in (STORE, _pattern_dir(node1)) if p)
        node1.run(f"find {dirs} -maxdepth 1 -type f -newer {d}.since -delete 2>/dev/null; rm -rf {d} {d}.since; true")


def _crashed(res, who: str) -> tuple[int, str]:
    """The PID of the process that crashed, and the core size limit it had."""
    pid = re.search(r"pid=(\d+)", res.stdout)
    limit = re.search(r"limit=(\S+)", res.stdout)
    assert pid, f"the crash as {who} did not run: {(res.stdout + res.stderr).strip()[-300:]}"
    return int(pid.group(1)), limit.group(1) if limit else "?"


def _leaks(node1, site: str, pid: int) -> list[str]:
    """Where a dump of `pid`, which crashed in `site`, was written."""
    if "systemd-coredump" in _pattern(node1):  # it stores asynchronously; its log entry comes last
        node1.run(f"for i in $(seq 60); do journalctl -b -q -o cat MESSAGE_ID={DUMPED} COREDUMP_PID={pid} "
                  f"| grep -q . && exit 0; sleep 0.5; done; exit 1")
    found = node1.run(f"find {site} -mindepth 1").stdout.split()
    dirs = " ".join(shlex.quote(p) for p in (STORE, _pattern_dir(node1)) if p)
    found += node1.run(f"find {dirs} -maxdepth 1 -type f -newer {site}.since 2>/dev/null").stdout.split()
    for line in node1.run(f"journalctl -b -q -o json MESSAGE_ID={DUMPED} COREDUMP_PID={pid}").stdout.splitlines():
        try:
            entry = json.loads(line)
        except ValueError:
            continue
        if "COREDUMP" in entry:
            found.append("the journal (systemd-coredump's entry holds the dump)")
    return sorted(set(found))


def _session_crash(node1, user: str, login: bool) -> tuple[int, str, list[str]]:
    with _site(node1, user) as site:
        res = login_.su(node1, user, f"cd {site} && {CRASH}", login)
        pid, limit = _crashed(res, login_.how(user, login))
        return pid, limit, _leaks(node1, site, pid)


def _root_crash(node1) -> tuple[int, str, list[str]]:
    with _site(node1) as site:
        pid, limit = _crashed(node1.run(f"cd {site} && {CRASH}"), "root")
        return pid, limit, _leaks(node1, site, pid)


def _service_crash(node1) -> tuple[int, list[str]]:
    unit = f"obcrash-{uuid.uuid4().hex[:8]}.service"
    with _site(node1) as site:
        res = node1.run(f"systemd-run --quiet --collect --unit={unit} -p LimitCORE=infinity "
                        f"-p WorkingDirectory={site} /bin/sleep 300 && sleep 1 && "
                        f"echo pid=$(systemctl show -p MainPID --value {unit}) && systemctl kill -s SEGV {unit}; "
                        f"for i in $(seq 50); do systemctl is-active -q {unit} || break; sleep 0.2; done; "
                        f"systemctl stop {unit} 2>/dev/null; systemctl reset-failed {unit} 2>/dev/null; true")
        pid, _ = _crashed(res, f"the service {unit}")
        assert pid > 0, f"the service {unit} did not start: {res.stdout.strip()}"
        return pid, _leaks(node1, site, pid)


@baseline
def dumps_stored_before(ctx, node1):
    traffic.settled(ctx)
    for who, (pid, limit, leaks) in (("kim", _session_crash(node1, "kim", True)), ("root", _root_crash(node1))):
        assert leaks, f"a crash as {who} (pid {pid}, core limit {limit}) left no dump before the agent"
    assert node1.run(f"ls {STORE}/core.*").rc == 0, "prepare left no stored dump"


@requirement("req-1")
def no_dumps_for_users(ctx, node1):
    traffic.settled(ctx)  # after the reboot, systemd-coredump's socket may still be starting
    with login_.new_account(node1, "obdev") as newcomer:
        for user, login in (("kim", True), ("kim", False), (newcomer, True)):
            pid, limit, leaks = _session_crash(node1, user, login)
            who = login_.how(user, login) + (" (an account created now)" if user == newcomer else "")
            assert not leaks, (f"a program that crashed in a new session of {who}, core limit {limit}, "
                               f"left a core dump (pid {pid}): {', '.join(leaks)}")


@requirement("req-2")
def no_dumps_for_root_and_services(ctx, node1):
    traffic.settled(ctx)
    pid, limit, leaks = _root_crash(node1)
    assert not leaks, f"a program root ran with core limit {limit} crashed and left a core dump (pid {pid}): {', '.join(leaks)}"
    pid, leaks = _service_crash(node1)
    assert not leaks, (f"a system service with LimitCORE=infinity crashed and left a core dump (pid {pid}): "
                       f"{', '.join(leaks)}")


@requirement("req-3")
def setuid_never_dumps(node1):
    value = node1.sysctl("fs.suid_dumpable")
    assert value == 0, f"fs.suid_dumpable is {value}: processes that changed privileges may dump core"


@requirement("req-4")
def stored_dumps_deleted(node1):
    left = node1.run(f"find {STORE} -type f 2>/dev/null").stdout.split()
    assert not left, f"core dumps are still stored on node1: {', '.join(left[:5])}"
