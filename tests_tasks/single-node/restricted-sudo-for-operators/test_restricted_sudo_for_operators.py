"""Judged in new login sessions (su -) with `sudo -n`: nobody can type a password, so what runs
is what the policy grants without one. A restart is seen in the unit's InvocationID. What must be
refused is tried for real where that is harmless: a canary unit the check starts for the
purpose (restart, or named as an extra argument), stop of inventory, a shell running `id -u`;
`systemctl edit` is asked of sudo with `sudo -l` (an editor must not open). An account the check
adds to operators must get the members' rights (the group, not the names); gus gets none; mara
and root keep theirs."""
import uuid
from contextlib import contextmanager

from fixtures.checks import baseline, requirement
from tasklib import login

MEMBERS = ("dana", "eli")


def _sudo(node1, user: str, command: str):
    """`sudo -n COMMAND` in a new login session of `user`."""
    return login.su(node1, user, f"sudo -n {command} </dev/null")


def _invocation(node1, unit: str) -> str:
    return node1.check_output(f"systemctl show -p InvocationID --value {unit}").strip()


def _active(node1, unit: str) -> bool:
    return node1.run(f"systemctl is-active --quiet {unit}").rc == 0


def _restarts_inventory(node1, user: str) -> tuple[bool, str]:
    """Whether `sudo -n systemctl restart inventory` as `user` restarted it, and what sudo said."""
    node1.run("systemctl start inventory")
    before = _invocation(node1, "inventory")
    res = _sudo(node1, user, "systemctl restart inventory")
    return res.rc == 0 and _invocation(node1, "inventory") != before, res.stderr.strip()[-200:]


@contextmanager
def _canary(node1):
    """A harmless running unit of the check's own (ob-canary-….service), removed afterwards."""
    unit = "ob-canary-" + uuid.uuid4().hex[:6]
    path = f"/run/systemd/system/{unit}.service"
    node1.check_output(f"printf '[Service]\\nExecStart=/bin/sleep infinity\\n' > {path} && "
                       f"systemctl daemon-reload && systemctl start {unit}")
    try:
        yield unit
    finally:
        node1.run(f"systemctl stop {unit}; rm -f {path}; systemctl daemon-reload")


@baseline
def operators_have_no_sudo_yet(node1):
    assert _active(node1, "inventory"), "inventory.service is not running"
    restarted, _ = _restarts_inventory(node1, "dana")
    assert not restarted, "dana can already restart inventory with sudo"
    assert _sudo(node1, "mara", "id -u").stdout.strip() == "0", "mara has no passwordless sudo"


@requirement("req-1")
def members_restart_and_see_status(node1):
    with login.new_account(node1, "obop", groups=("operators",)) as newcomer:
        for user in (*MEMBERS, newcomer):
            who = user if user in MEMBERS else f"{user} (added to operators by the check)"
            restarted, said = _restarts_inventory(node1, user)
            assert restarted, f"{who} cannot restart inventory with `sudo -n systemctl restart inventory`: {said}"
            res = _sudo(node1, user, "systemctl status inventory")
            assert "inventory.service" in res.stdout and "Loaded:" in res.stdout, \
                f"{who} cannot see inventory's status with `sudo -n systemctl status inventory`: " \
                f"{res.stderr.strip()[-200:]}"


@requirement("req-2")
def members_get_nothing_else(node1):
    with _canary(node1) as canary:
        for user in MEMBERS:
            before = _invocation(node1, canary)
            for cmd in (f"systemctl restart {canary}", f"systemctl restart inventory.service {canary}",
                        f"systemctl restart inventory {canary}"):
                _sudo(node1, user, cmd)
                assert _active(node1, canary) and _invocation(node1, canary) == before, \
                    f"{user} restarted another unit as root with `sudo -n {cmd}`"
            node1.run("systemctl start inventory")
            inventory = _invocation(node1, "inventory")
            _sudo(node1, user, "systemctl stop inventory")
            stopped = not _active(node1, "inventory") or _invocation(node1, "inventory") != inventory
            node1.run("systemctl start inventory")
            assert not stopped, f"{user} could stop inventory with `sudo -n systemctl stop inventory`"
            for cmd in ("-s id -u", "-i id -u", "/bin/sh -c 'id -u'", "/usr/bin/id -u"):
                res = _sudo(node1, user, cmd)
                assert "0" not in res.stdout.split(), f"{user} ran a command as root with `sudo -n {cmd}`"
            for args in ("edit inventory", "edit inventory.service", "edit --full inventory"):
                res = _sudo(node1, user, f"-l $(command -v systemctl) {args}")
                assert res.rc != 0, f"sudo would let {user} run `systemctl {args}` as root: {res.stdout.strip()}"


@requirement("req-3")
def outsiders_get_nothing(node1):
    restarted, _ = _restarts_inventory(node1, "gus")
    assert not restarted, "gus (not in operators) can restart inventory with sudo"
    res = _sudo(node1, "gus", "systemctl status inventory")
    assert "Loaded:" not in res.stdout, "gus (not in operators) can run `systemctl status inventory` with sudo"
    res = _sudo(node1, "gus", "id -u")
    assert res.rc != 0, f"gus (not in operators) can run commands with sudo: {res.stdout.strip()}"


@requirement("req-4")
def admins_keep_their_rights(node1):
    for cmd in ("id -u", "/bin/sh -c 'id -u'", "-s id -u"):
        res = _sudo(node1, "mara", cmd)
        assert res.stdout.strip() == "0", \
            f"mara (the administrator) can no longer run `sudo -n {cmd}` as root: {res.stderr.strip()[-200:]}"
    res = node1.run("sudo -n -u gus id -un")
    assert res.stdout.strip() == "gus", f"root can no longer run commands with sudo: {res.stderr.strip()[-200:]}"
