from fixtures.checks import baseline, requirement


def _as_ops(node1, remote: str):
    """ops on node1 runs `ssh node2 <remote>` unattended (no terminal, no prompts)."""
    q = remote.replace("'", "'\\''")
    return node1.run(f"setsid timeout 40 runuser -u ops -- ssh -o BatchMode=yes node2 '{q}' < /dev/null")


@baseline
def starting_point(node1, node2):
    assert node1.user("ops").exists, "ops missing on node1"
    assert node2.service("webapp").is_running, "webapp is not running on node2"


@requirement("req-1")
def key_login(ctx, node1):
    res = _as_ops(node1, "id -un; hostname")
    assert res.rc == 0, f"as ops on node1, `ssh node2` does not log in unattended: {res.stderr.strip()[-300:]}"
    lines = res.stdout.split()
    assert lines[:2] == ["ops", "node2"], f"`ssh node2` as ops reaches {lines} instead of ops on node2"
    peer = _as_ops(node1, "echo $SSH_CONNECTION")
    assert ctx.addr("node2", "priv") in peer.stdout.split(), \
        f"the SSH connection does not use node2's private address: {peer.stdout.strip()}"


@requirement("req-2")
def allowed_sudo(node1, node2):
    before = node2.run("systemctl show -p InvocationID --value webapp").stdout.strip()
    res = _as_ops(node1, "sudo -n systemctl restart webapp")
    assert res.rc == 0, f"`sudo systemctl restart webapp` fails for ops on node2: {res.stderr.strip()[-300:]}"
    after = node2.run("systemctl show -p InvocationID --value webapp").stdout.strip()
    assert after and after != before, "webapp was not restarted"
    st = _as_ops(node1, "sudo -n systemctl status webapp")
    assert st.rc == 0 and "webapp" in st.stdout, \
        f"`sudo systemctl status webapp` fails for ops on node2: {st.stderr.strip()[-300:]}"


# What ops must not run through sudo: asked of sudo's own policy as well (`sudo -l -U ops CMD`
# answers whether the policy lets ops run CMD, with or without a password), since `sudo -n`
# over SSH only shows the commands that need no password.
FORBIDDEN = ("id -u", "cat /etc/shadow", "bash -c id", "sh", "systemctl restart ssh",
             "systemctl stop webapp", "systemctl start webapp")


@requirement("req-3")
def nothing_else(node1, node2):
    login = _as_ops(node1, "true")
    assert login.rc == 0, "ops cannot log in to node2 from node1 at all"
    try:
        for cmd in ("sudo -n id -u", "sudo -n cat /etc/shadow", "sudo -n bash -c id", "sudo -n -s id",
                    "sudo -n -i id", "sudo -n systemctl restart ssh", "sudo -n systemctl stop webapp",
                    "sudo -n systemctl start webapp"):
            res = _as_ops(node1, cmd)
            assert res.rc != 0, f"ops can run `{cmd}` on node2"
            out = res.stdout
            assert "uid=0" not in out and "root:" not in out and out.strip() != "0", \
                f"ops got root output from `{cmd}` on node2"
    finally:
        node2.run("systemctl is-active -q webapp || systemctl start webapp")
    control = node2.run("sudo -n -l -U root id -u")
    assert control.rc == 0, f"the check cannot query sudo's policy on node2: {control.stderr.strip()}"
    for cmd in FORBIDDEN:
        res = node2.run(f"sudo -n -l -U ops {cmd}")
        assert res.rc != 0, \
            f"sudo's policy on node2 lets ops run `{cmd}` (`sudo -l -U ops {cmd}`: {res.stdout.strip()[:200]})"


@requirement("req-4")
def no_password_login(node2):
    assert node2.user("ops").exists, "there is no ops account on node2"
    field = node2.run("getent shadow ops | cut -d: -f2").stdout.strip()
    assert field != "", "ops on node2 has an empty password: anyone can log in as ops"
    assert field[0] in "!*", "ops on node2 has a usable password"
