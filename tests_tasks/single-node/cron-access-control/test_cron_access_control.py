"""Each user is tried in a new login session (`su - USER`) with the real crontab command."""
import time

from fixtures.checks import baseline, requirement
from tasklib import login

JOB = "17 3 * * * /bin/true  # opsbench-check"
NEWUSER = "obcheck9"


def _install(node1, user: str):
    return login.su(node1, user, f'echo "{JOB}" | crontab -')


def _refused(res) -> bool:
    return res.rc != 0 and "not allowed" in (res.stderr + res.stdout)


@baseline
def everyone_may_use_crontab(node1):
    res = _install(node1, "mallory")
    assert res.rc == 0, f"mallory cannot use crontab at the start: {res.stderr.strip()}"
    login.su(node1, "mallory", "crontab -r")
    assert "heartbeat" in login.su(node1, "alice", "crontab -l").stdout, "alice's job is not installed"


@requirement("req-1")
def denied_users_refused(node1):
    for user in ("mallory", "dave"):
        for what, res in (("install", _install(node1, user)), ("list", login.su(node1, user, "crontab -l"))):
            assert _refused(res), \
                f"{user} was not refused on crontab {what} (exit {res.rc}: {(res.stderr or res.stdout).strip()[:200]})"
    left = node1.run("ls /var/spool/cron/crontabs/mallory /var/spool/cron/crontabs/dave 2>/dev/null")
    assert not left.stdout.strip(), "a refused user got a crontab installed anyway"


@requirement("req-2")
def allowed_users_manage_own(node1):
    for user in ("bob", "alice"):
        saved = login.su(node1, user, "crontab -l").stdout if user == "alice" else ""
        res = _install(node1, user)
        try:
            assert res.rc == 0, f"{user} cannot install a crontab: {(res.stderr or res.stdout).strip()[:200]}"
            listed = login.su(node1, user, "crontab -l")
            assert listed.rc == 0 and "opsbench-check" in listed.stdout, f"{user} cannot list the crontab"
        finally:
            if user == "alice":  # put alice's own crontab back
                restore = saved.replace("'", "'\\''")
                login.su(node1, user, f"printf '%s' '{restore}' | crontab -")
        if user == "bob":
            rm = login.su(node1, user, "crontab -r")
            assert rm.rc == 0, f"bob cannot remove the crontab: {rm.stderr.strip()[:200]}"


@requirement("req-3")
def new_accounts_refused(node1):
    node1.check_output(f"id {NEWUSER} >/dev/null 2>&1 || useradd -m -s /bin/bash {NEWUSER}")
    try:
        res = _install(node1, NEWUSER)
        assert _refused(res), f"a newly created account may use crontab (exit {res.rc})"
    finally:
        node1.run(f"crontab -r -u {NEWUSER} 2>/dev/null; userdel -r {NEWUSER} 2>/dev/null; true")


@requirement("req-4")
def alice_job_keeps_running(node1):
    listed = login.su(node1, "alice", "crontab -l")
    assert listed.rc == 0 and "heartbeat.log" in listed.stdout, \
        f"alice's heartbeat job is no longer installed: {(listed.stderr or listed.stdout).strip()[:200]}"
    count = lambda: int(node1.run("cat ~alice/heartbeat.log 2>/dev/null | wc -l").stdout.strip() or 0)
    start = count()
    deadline = time.monotonic() + 130
    while time.monotonic() < deadline:
        if count() > start:
            return
        time.sleep(5)
    raise AssertionError("alice's heartbeat job did not run within two minutes")


@requirement("req-5")
def root_still_allowed(node1):
    res = node1.run("saved=$(mktemp); crontab -l -u root > \"$saved\" 2>/dev/null; had=$?; "
                    f'{{ crontab -l -u root 2>/dev/null; echo "{JOB}"; }} | crontab -u root - && '
                    "crontab -l -u root | grep -q opsbench-check; rc=$?; "
                    "if [ $had = 0 ]; then crontab -u root \"$saved\"; else crontab -r -u root; fi; rm -f \"$saved\"; exit $rc")
    assert res.rc == 0, f"root cannot manage crontabs: {res.stderr.strip()[:200]}"
