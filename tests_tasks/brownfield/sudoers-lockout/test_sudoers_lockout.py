"""Every check runs sudo as the account in question (runuser, never a password) and judges
what sudo really allows, not what the files say."""
from fixtures.checks import baseline, requirement

PROBE = "obprobe"  # a fresh sysops member made by the check and removed again


def _sudo(host, user: str, args: str):
    return host.run(f"runuser -u {user} -- sudo -n {args}")


@baseline
def ops_locked_out(node1):
    assert _sudo(node1, "ops", "true").rc != 0, "ops can already use sudo"
    assert _sudo(node1, "deploy", "-l /usr/bin/systemctl restart webapp.service").rc == 0, \
        "deploy's restart right is missing in the starting condition"


@requirement("req-1")
def ops_full_root(node1):
    res = _sudo(node1, "ops", "id -u")
    assert res.rc == 0 and res.stdout.strip() == "0", \
        f"ops cannot run commands as root with sudo -n: {res.stderr.strip()}"
    res = _sudo(node1, "ops", "-l /usr/bin/cat /etc/shadow")
    assert res.rc == 0, "ops may not run an arbitrary command (cat /etc/shadow) with sudo"


@requirement("req-2")
def whole_team(node1):
    made = node1.run(f"id {PROBE} >/dev/null 2>&1 || useradd -M -s /bin/sh -G sysops {PROBE}")
    assert made.rc == 0, f"could not create a test member of sysops: {made.stderr.strip()}"
    try:
        res = _sudo(node1, PROBE, "id -u")
        assert res.rc == 0 and res.stdout.strip() == "0", \
            f"a new member of the sysops team cannot use sudo: {res.stderr.strip()}"
    finally:
        node1.run(f"userdel {PROBE}")


@requirement("req-3")
def deploy_unchanged(node1):
    assert _sudo(node1, "deploy", "-l /usr/bin/systemctl restart webapp.service").rc == 0, \
        "deploy may no longer restart webapp.service"
    for cmd in ("true", "-l /usr/bin/systemctl stop webapp.service", "-l /usr/bin/cat /etc/shadow"):
        assert _sudo(node1, "deploy", cmd).rc != 0, f"deploy gained a sudo right: sudo -n {cmd}"


@requirement("req-4")
def others_nothing(node1):
    for cmd in ("true", "-l /usr/bin/cat /etc/shadow"):
        assert _sudo(node1, "intern", cmd).rc != 0, f"intern gained a sudo right: sudo -n {cmd}"


@requirement("req-5")
def login_account_keeps_sudo(ctx, node1):
    login = ctx.cluster.node("node1").login_user
    if login == "root":
        return
    res = _sudo(node1, login, "id -u")
    assert res.rc == 0 and res.stdout.strip() == "0", f"{login} lost its sudo access: {res.stderr.strip()}"
