"""Judged in new login sessions opened with `su - USER` as root (pam's session stack, as a
login does), by what the session can really do: fork until refused, open files until refused."""
from fixtures.checks import baseline, requirement

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


def _session(ctx, user: str, command: str):
    return ctx.run("node1", f"su - {user} -c {_quote(command)}", timeout=180)


def _quote(s: str) -> str:
    return "'" + s.replace("'", "'\\''") + "'"


def _limits(ctx, user: str) -> dict:
    res = _session(ctx, user, "echo $(ulimit -Su) $(ulimit -Hu) $(ulimit -Sn) $(ulimit -Hn)")
    assert res.exit_code == 0, f"could not open a session as {user}: {res.stderr.strip()}"
    su, hu, sn, hn = res.stdout.split()
    return {"nproc": (su, hu), "nofile": (sn, hn)}


@baseline
def no_limits_yet(ctx):
    lim = _limits(ctx, "etl1")
    assert lim["nofile"] != ("2048", "2048") and lim["nproc"] != ("40", "40"), \
        f"etl1 already has the limits: {lim}"


@requirement("req-1")
def batch_process_limit(ctx):
    for user in ("etl1", "etl2"):
        lim = _limits(ctx, user)
        res = _session(ctx, user, FORK_PROBE)
        assert res.exit_code == 0 and res.stdout.strip().isdigit(), \
            f"the fork probe failed as {user}: {res.stderr.strip()[-300:]}"
        forked = int(res.stdout.strip())
        # the session itself (bash, python) counts too: at most 40 processes in all
        assert forked < 40, (f"a new session of {user} could start {forked} extra processes "
                             f"(limits soft/hard: {lim['nproc']}); at most 40 processes in all were asked")
        assert forked >= 30, f"a new session of {user} could start only {forked} processes, far below 40"


@requirement("req-2")
def batch_open_files_limit(ctx):
    for user in ("etl1", "etl2"):
        lim = _limits(ctx, user)
        assert lim["nofile"] == ("2048", "2048"), \
            f"a new session of {user} has open-files limits soft/hard {lim['nofile']}, not 2048/2048"
        res = _session(ctx, user, FILES_PROBE)
        assert res.exit_code == 0, f"the open-files probe failed as {user}: {res.stderr.strip()[-300:]}"
        opened, raised = res.stdout.split()
        assert 2000 <= int(opened) < 2048, f"{user} could open {opened} files (limit 2048 asked)"
        assert raised == "refused", f"{user} could raise its own open-files limit to 4096"


@requirement("req-3")
def others_unaffected(ctx):
    for user in ("webops", "root"):
        lim = _limits(ctx, user)
        assert lim["nproc"] != ("40", "40") and lim["nofile"] != ("2048", "2048"), \
            f"{user} got the batch limits too: {lim}"
    res = _session(ctx, "webops", FORK_PROBE)
    assert res.exit_code == 0 and res.stdout.strip() == "80", \
        f"webops could not start 80 processes: {res.stdout.strip()} {res.stderr.strip()[-200:]}"
    lim = _limits(ctx, "webops")
    res = _session(ctx, "webops", FILES_PROBE)
    opened = int(res.stdout.split()[0]) if res.exit_code == 0 else -1
    assert opened >= min(int(lim["nofile"][0]), 5000) - 10, \
        f"webops could open only {opened} files with a soft limit of {lim['nofile'][0]}"
