"""Judged in new sessions opened with su as root (pam's session stack, as a login does), by
what the session can really do: fork until refused, open files until refused. Both with a login
shell (`su - USER`) and without one (`su USER`: PAM opens the session like cron or `ssh host
command` do, and no profile script runs), for etl1, etl2 and an account added to batch by the
check itself (the limits follow the group, not the accounts of the ticket)."""
import uuid
from contextlib import contextmanager

from fixtures.checks import baseline, requirement
from tasklib import login as login_

# forks children (each sleeps, then exits) until the kernel refuses, up to a cap; prints the count
FORK_PROBE = r"""python3 -c '
import os, signal, sys, time
kids = []
try:
    while len(kids) < 80:
        pid = os.fork()
        if pid == 0:
            time.sleep(20)
            os._exit(0)
        kids.append(pid)
except OSError:
    pass
print(len(kids))
for k in kids:
    os.kill(k, signal.SIGKILL)
for k in kids:
    os.waitpid(k, 0)
'"""

# opens /dev/null until refused (cap 5000); prints how many fds were open at the refusal, and
# whether raising the soft limit to 4096 works
FILES_PROBE = r"""python3 -c '
import os, resource
fds = []
try:
    while len(fds) < 5000:
        fds.append(os.open("/dev/null", os.O_RDONLY))
except OSError:
    pass
opened = len(fds)
for fd in fds:
    os.close(fd)
try:
    resource.setrlimit(resource.RLIMIT_NOFILE, (4096, 4096))
    raised = "raised"
except (ValueError, OSError):
    raised = "refused"
print(opened, raised)
'"""


MODES = (True, False)  # a login shell (su -), then none (su)


def _limits(node1, user: str, login: bool = True) -> dict:
    res = login_.su(node1, user, "echo $(ulimit -Su) $(ulimit -Hu) $(ulimit -Sn) $(ulimit -Hn)", login)
    assert res.rc == 0, f"could not open a session as {login_.how(user, login)}: {res.stderr.strip()}"
    su, hu, sn, hn = res.stdout.split()[-4:]
    return {"nproc": (su, hu), "nofile": (sn, hn)}


@contextmanager
def _batch_members(node1):
    """etl1, etl2 and a member added to batch now, removed again afterwards."""
    newcomer = "obetl" + uuid.uuid4().hex[:6]
    made = node1.run(f"useradd -m -s /bin/bash -G batch {newcomer}")
    assert made.rc == 0, f"could not create a new member of batch: {made.stderr.strip()}"
    try:
        yield ("etl1", "etl2", newcomer)
    finally:
        node1.run(f"pkill -KILL -u {newcomer}; userdel -r {newcomer} 2>/dev/null; true")


@baseline
def no_limits_yet(node1):
    lim = _limits(node1, "etl1")
    assert lim["nofile"] != ("2048", "2048") and lim["nproc"] != ("40", "40"), \
        f"etl1 already has the limits: {lim}"


@requirement("req-1")
def batch_process_limit(node1):
    with _batch_members(node1) as users:
        for user in users:
            for login in MODES:
                how = login_.how(user, login)
                lim = _limits(node1, user, login)
                res = login_.su(node1, user, FORK_PROBE, login)
                assert res.rc == 0 and res.stdout.strip().isdigit(), \
                    f"the fork probe failed as {how}: {res.stderr.strip()[-300:]}"
                forked = int(res.stdout.strip())
                # the session itself (bash, python) counts too: at most 40 processes in all
                assert forked < 40, (f"a new session of {how} could start {forked} extra processes "
                                     f"(limits soft/hard: {lim['nproc']}); at most 40 processes in all were asked")
                assert forked >= 30, f"a new session of {how} could start only {forked} processes, far below 40"


@requirement("req-2")
def batch_open_files_limit(node1):
    with _batch_members(node1) as users:
        for user in users:
            for login in MODES:
                how = login_.how(user, login)
                lim = _limits(node1, user, login)
                assert lim["nofile"] == ("2048", "2048"), \
                    f"a new session of {how} has open-files limits soft/hard {lim['nofile']}, not 2048/2048"
                res = login_.su(node1, user, FILES_PROBE, login)
                assert res.rc == 0, f"the open-files probe failed as {how}: {res.stderr.strip()[-300:]}"
                opened, raised = res.stdout.split()[-2:]
                assert 2000 <= int(opened) < 2048, f"{how} could open {opened} files (limit 2048 asked)"
                assert raised == "refused", f"{how} could raise its own open-files limit to 4096"


@requirement("req-3")
def others_unaffected(node1):
    for user in ("webops", "root"):
        lim = _limits(node1, user)
        assert lim["nproc"] != ("40", "40") and lim["nofile"] != ("2048", "2048"), \
            f"{user} got the batch limits too: {lim}"
    res = login_.su(node1, "webops", FORK_PROBE)
    assert res.rc == 0 and res.stdout.strip() == "80", \
        f"webops could not start 80 processes: {res.stdout.strip()} {res.stderr.strip()[-200:]}"
    lim = _limits(node1, "webops")
    res = login_.su(node1, "webops", FILES_PROBE)
    opened = int(res.stdout.split()[0]) if res.rc == 0 else -1
    assert opened >= min(int(lim["nofile"][0]), 5000) - 10, \
        f"webops could open only {opened} files with a soft limit of {lim['nofile'][0]}"
