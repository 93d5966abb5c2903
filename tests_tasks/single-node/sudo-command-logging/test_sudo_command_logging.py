"""Judged by running real sudo commands as dana and erin (login shells through runuser -l) with
unique marker arguments, then finding them as root in /var/log/sudo.log (wrapped continuation
lines are joined first) and in the session recordings with sudoreplay."""
import re
import uuid

from fixtures.checks import baseline, requirement

LOG = "/var/log/sudo.log"
IODIR = "/var/log/sudo-io"


def _records(node1) -> list[str]:
    res = node1.run(f"cat {LOG}")
    assert res.rc == 0, f"{LOG} does not exist or cannot be read by root"
    recs: list[str] = []
    for line in res.stdout.splitlines():
        if line[:1] in (" ", "\t") and recs:
            recs[-1] += " " + line.strip()
        else:
            recs.append(line.strip())
    return [re.sub(r"\s+", " ", r) for r in recs]


@baseline
def no_dedicated_logs_before(ctx, node1):
    assert not node1.file(LOG).exists and not node1.file(IODIR).exists, \
        "the dedicated sudo logs already exist before the agent"
    assert ctx.run("node1", "sudo -n true", user="dana").exit_code == 0, "dana has no sudo before"


@requirement("req-1")
def commands_logged(ctx, node1):
    tag = uuid.uuid4().hex[:10]
    runs = [("dana", "root", f"sudo -n /usr/bin/echo ob-mark-{tag} second-arg", f"/usr/bin/echo ob-mark-{tag} second-arg"),
            ("dana", "erin", f"sudo -n -u erin /usr/bin/printf ob-as-erin-{tag}", f"/usr/bin/printf ob-as-erin-{tag}"),
            ("erin", "root", "sudo -n /usr/bin/systemctl restart webapp.service", "/usr/bin/systemctl restart webapp.service")]
    for user, target, cmd, _ in runs:
        res = ctx.run("node1", cmd, user=user)
        assert res.exit_code == 0, f"{user} could not run `{cmd}`: {res.stderr.strip()}"
    recs = _records(node1)
    for user, target, cmd, logged in runs:
        hits = [r for r in recs if logged in r]
        assert hits, f"`{cmd}` run by {user} is not in {LOG} with its complete command line ({logged})"
        # the user and the target user, outside the command line itself
        ok = [r for r in hits if re.search(rf"\b{user}\b", r.replace(logged, " "))
              and re.search(rf"\b{target}\b", r.replace(logged, " ").replace(f" {user} ", " ", 1))]
        assert ok, f"the {LOG} entry for `{cmd}` does not name the user {user} and the target user {target}: {hits[-1]}"


@requirement("req-2")
def refusals_logged(ctx, node1):
    tag = uuid.uuid4().hex[:10]
    res = ctx.run("node1", f"sudo -n /usr/bin/ls /root/ob-denied-{tag}", user="erin")
    assert res.exit_code != 0, "erin was allowed to run ls as root (the starting rights were widened)"
    hits = [r for r in _records(node1) if f"ob-denied-{tag}" in r]
    assert hits and any("erin" in r for r in hits), \
        f"erin's refused `sudo /usr/bin/ls /root/ob-denied-{tag}` is not logged in {LOG}"


def _sessions(node1, user: str) -> dict[str, str]:
    """The recorded sessions of `user` under IODIR: session id → sudoreplay's list line."""
    lst = node1.run(f"sudoreplay -d {IODIR} -l user {user}")
    return {m.group(1): line for line in lst.stdout.splitlines()
            if (m := re.search(r"TSID=(\S+?) ;", line))}


@requirement("req-3")
def output_recorded(ctx, node1):
    """Every sudo command, not only the full-rights account's: erin's one allowed command
    (it prints nothing) must leave a recorded session as well."""
    before = _sessions(node1, "erin")
    res = ctx.run("node1", "sudo -n /usr/bin/systemctl restart webapp.service", user="erin")
    assert res.exit_code == 0, f"erin cannot restart webapp.service: {res.stderr.strip()}"
    new = [line for tsid, line in _sessions(node1, "erin").items()
           if tsid not in before and "restart webapp.service" in line]
    assert new, f"erin's `sudo systemctl restart webapp.service` left no recorded session under {IODIR}"
    tag = uuid.uuid4().hex[:10]
    res = ctx.run("node1", f"sudo -n /usr/bin/echo ob-output-{tag}", user="dana")
    assert res.exit_code == 0, f"dana cannot run sudo: {res.stderr.strip()}"
    lst = node1.run(f"sudoreplay -d {IODIR} -l user dana")
    sessions = [line for line in lst.stdout.splitlines() if f"ob-output-{tag}" in line]
    assert sessions, f"no recorded session under {IODIR} for dana's `sudo echo ob-output-{tag}` " \
                     f"({(lst.stderr or lst.stdout).strip()[-200:]})"
    m = re.search(r"TSID=(\S+?) ;", sessions[-1])
    assert m, f"cannot find the session id in: {sessions[-1]}"
    rep = node1.run(f"sudoreplay -d {IODIR} -R -m 0.01 {m.group(1)} < /dev/null")
    assert f"ob-output-{tag}" in rep.stdout, \
        f"replaying the session does not show the command's output: {(rep.stdout + rep.stderr).strip()[-300:]}"


@requirement("req-4")
def logs_private(ctx, node1):
    assert node1.file(LOG).is_file and node1.file(IODIR).is_directory, \
        f"{LOG} or {IODIR} does not exist"
    files = node1.run(f"find {IODIR} -type f | head -5").stdout.split()
    for user in ("erin", "dana"):
        res = ctx.run("node1", f"cat {LOG} > /dev/null", user=user)
        assert res.exit_code != 0, f"{user} (without sudo) can read {LOG}"
        for f in files:
            r = ctx.run("node1", f"cat {f} > /dev/null", user=user)
            assert r.exit_code != 0, f"{user} (without sudo) can read the recording {f}"


@requirement("req-5")
def rights_unchanged(ctx):
    assert ctx.run("node1", "sudo -n /usr/bin/id -u", user="dana").stdout.strip() == "0", \
        "dana can no longer run commands as root without a password"
    assert ctx.run("node1", "sudo -n /usr/bin/systemctl restart webapp.service", user="erin").exit_code == 0, \
        "erin can no longer restart webapp.service"
    for cmd in ("/usr/bin/id -u", "/usr/bin/systemctl stop webapp.service", "/bin/bash -c id"):
        res = ctx.run("node1", f"sudo -n {cmd}", user="erin")
        assert res.exit_code != 0, f"erin can now run `{cmd}` as root"
