from fixtures.checks import baseline, requirement


def _as_ops(ctx, remote: str):
    """ops on node1 runs `ssh node2 <remote>` unattended (no terminal, no prompts)."""
    q = remote.replace("'", "'\\''")
    return ctx.run("node1", f"setsid timeout 40 runuser -u ops -- ssh -o BatchMode=yes node2 '{q}' < /dev/null",
                   timeout=60)


@baseline
def starting_point(node1, node2):
    assert node1.user("ops").exists, "ops missing on node1"
    assert node2.service("webapp").is_running, "webapp is not running on node2"


@requirement("req-1")
def key_login(ctx):
    res = _as_ops(ctx, "id -un; hostname")
    assert res.exit_code == 0, f"as ops on node1, `ssh node2` does not log in unattended: {res.stderr.strip()[-300:]}"
    lines = res.stdout.split()
    assert lines[:2] == ["ops", "node2"], f"`ssh node2` as ops reaches {lines} instead of ops on node2"
    peer = _as_ops(ctx, "echo $SSH_CONNECTION")
    assert ctx.addr("node2", "priv") in peer.stdout.split(), \
        f"the SSH connection does not use node2's private address: {peer.stdout.strip()}"


@requirement("req-2")
def allowed_sudo(ctx):
    before = ctx.run("node2", "systemctl show -p InvocationID --value webapp").stdout.strip()
    res = _as_ops(ctx, "sudo -n systemctl restart webapp")
    assert res.exit_code == 0, f"`sudo systemctl restart webapp` fails for ops on node2: {res.stderr.strip()[-300:]}"
    after = ctx.run("node2", "systemctl show -p InvocationID --value webapp").stdout.strip()
    assert after and after != before, "webapp was not restarted"
    st = _as_ops(ctx, "sudo -n systemctl status webapp")
    assert st.exit_code == 0 and "webapp" in st.stdout, \
        f"`sudo systemctl status webapp` fails for ops on node2: {st.stderr.strip()[-300:]}"


# What ops must not run through sudo: asked of sudo's own policy as well (`sudo -l -U ops CMD`
# answers whether the policy lets ops run CMD, with or without a password), since `sudo -n`
# over SSH only shows the commands that need no password.
FORBIDDEN = ("id -u", "cat /etc/shadow", "bash -c id", "sh", "systemctl restart ssh",
             "systemctl stop webapp", "systemctl start webapp")


@requirement("req-3")
def nothing_else(ctx):
    login = _as_ops(ctx, "true")
    assert login.exit_code == 0, "ops cannot log in to node2 from node1 at all"
    try:
        for cmd in ("sudo -n id -u", "sudo -n cat /etc/shadow", "sudo -n bash -c id", "sudo -n -s id",
                    "sudo -n -i id", "sudo -n systemctl restart ssh", "sudo -n systemctl stop webapp",
                    "sudo -n systemctl start webapp"):
            res = _as_ops(ctx, cmd)
            assert res.exit_code != 0, f"ops can run `{cmd}` on node2"
            out = res.stdout
            assert "uid=0" not in out and "root:" not in out and out.strip() != "0", \
                f"ops got root output from `{cmd}` on node2"
    finally:
        ctx.run("node2", "systemctl is-active -q webapp || systemctl start webapp")
    control = ctx.run("node2", "sudo -n -l -U root id -u")
    assert control.exit_code == 0, f"the check cannot query sudo's policy on node2: {control.stderr.strip()}"
    for cmd in FORBIDDEN:
        res = ctx.run("node2", f"sudo -n -l -U ops {cmd}")
        assert res.exit_code != 0, \
            f"sudo's policy on node2 lets ops run `{cmd}` (`sudo -l -U ops {cmd}`: {res.stdout.strip()[:200]})"


@requirement("req-4")
def no_password_login(ctx):
    assert ctx.run("node2", "id ops").exit_code == 0, "there is no ops account on node2"
    field = ctx.run("node2", "getent shadow ops | cut -d: -f2").stdout.strip()
    assert field != "", "ops on node2 has an empty password: anyone can log in as ops"
    assert field[0] in "!*", "ops on node2 has a usable password"
