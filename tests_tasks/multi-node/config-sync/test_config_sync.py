import time
import uuid

from fixtures.checks import baseline, requirement

KEY = "/root/.ssh/appcfg_sync"


def _tree(ctx, node):
    """path, mode and content hash of every file under /etc/appcfg."""
    res = ctx.run(node, "cd /etc/appcfg && find . -type f -printf '%p %m ' -exec sha256sum {} \\; "
                        "| awk '{print $1, $2, $3}' | sort")
    return res.stdout.strip()


@baseline
def configs_differ(ctx):
    assert _tree(ctx, "node1") != _tree(ctx, "node2"), "node2 should start with a stale copy"


@requirement("req-1")
def push_command_mirrors(ctx):
    tag = uuid.uuid4().hex[:10]
    ctx.run("node1", f"set -e; cd /etc/appcfg; sed -i 's/^workers = .*/workers = {len(tag)}-{tag}/' app.conf; "
                     f"printf 'feature_{tag} = on\\n' > conf.d/feature-{tag}.conf; chmod 0640 conf.d/feature-{tag}.conf; "
                     "rm -f conf.d/retired-*.conf")
    # a file that exists on both sides, then is removed on node1
    ctx.run("node1", f"printf 'x\\n' > /etc/appcfg/conf.d/retired-{tag}.conf")
    first = ctx.run("node1", "timeout 90 /usr/local/sbin/push-appcfg < /dev/null", timeout=120)
    assert first.exit_code == 0, f"/usr/local/sbin/push-appcfg failed on node1: {(first.stderr or first.stdout).strip()[-400:]}"
    assert ctx.run("node2", f"test -f /etc/appcfg/conf.d/retired-{tag}.conf").exit_code == 0, \
        "a new file on node1 did not arrive on node2"
    ctx.run("node1", f"rm -f /etc/appcfg/conf.d/retired-{tag}.conf")
    res = ctx.run("node1", "timeout 90 /usr/local/sbin/push-appcfg < /dev/null", timeout=120)
    assert res.exit_code == 0, f"/usr/local/sbin/push-appcfg failed on node1: {(res.stderr or res.stdout).strip()[-400:]}"
    a, b = _tree(ctx, "node1"), _tree(ctx, "node2")
    assert a == b, f"/etc/appcfg differs after push-appcfg:\nnode1:\n{a}\nnode2:\n{b}"
    assert ctx.run("node2", "test ! -e /etc/appcfg/conf.d/legacy.conf").exit_code == 0, \
        "a file that does not exist on node1 (conf.d/legacy.conf) is still on node2"


@requirement("req-2")
def automatic_sync(ctx):
    tag = uuid.uuid4().hex[:10]
    ctx.run("node1", f"printf 'auto = {tag}\\n' > /etc/appcfg/conf.d/auto.conf")
    deadline = time.time() + 150
    while time.time() < deadline:
        if ctx.run("node2", f"grep -qs 'auto = {tag}' /etc/appcfg/conf.d/auto.conf").exit_code == 0:
            return
        time.sleep(10)
    raise AssertionError("a change on node1 did not reach node2 within two minutes without running the command")


@requirement("req-3")
def dedicated_key_restricted(ctx):
    pub = ctx.run("node1", f"cat {KEY}.pub")
    assert pub.exit_code == 0 and pub.stdout.split(), f"no dedicated key {KEY}(.pub) on node1"
    blob = pub.stdout.split()[1]
    holders = ctx.run("node2", f"grep -lF {blob} /root/.ssh/authorized_keys /home/*/.ssh/authorized_keys "
                               "/etc/ssh/authorized_keys/* 2>/dev/null")
    paths = holders.stdout.split()
    assert paths, "node2 does not accept the dedicated key /root/.ssh/appcfg_sync for any account"
    users = set()
    for p in paths:
        owner = ctx.run("node2", f"stat -c %U {p}").stdout.strip()
        users.add(owner if not p.startswith("/etc/ssh/authorized_keys/") else p.rsplit("/", 1)[1])
    addr = ctx.addr("node2", "priv")
    for user in sorted(users):
        marker = f"obpwn-{uuid.uuid4().hex[:10]}"
        res = ctx.run("node1", f"timeout 30 ssh -i {KEY} -o BatchMode=yes -o StrictHostKeyChecking=no "
                               f"-o UserKnownHostsFile=/dev/null {user}@{addr} "
                               f"'echo {marker}-ran; touch /tmp/{marker}' < /dev/null", timeout=60)
        touched = ctx.run("node2", f"test -e /tmp/{marker}").exit_code == 0
        ctx.run("node2", f"rm -f /tmp/{marker}")
        assert f"{marker}-ran" not in res.stdout, f"the dedicated key runs arbitrary commands on node2 as {user}"
        assert not touched, f"the dedicated key ran a command on node2 as {user}"
        shell = ctx.run("node1", f"echo 'echo {marker}-shell' | timeout 30 ssh -tt -i {KEY} -o BatchMode=yes "
                                 f"-o StrictHostKeyChecking=no -o UserKnownHostsFile=/dev/null {user}@{addr}",
                        timeout=60)
        assert f"{marker}-shell" not in shell.stdout.replace(f"echo {marker}-shell", ""), \
            f"the dedicated key gives an interactive shell on node2 as {user}"


@requirement("req-4")
def unattended(ctx):
    res = ctx.run("node1", "env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root "
                           "setsid timeout 90 /usr/local/sbin/push-appcfg < /dev/null", timeout=120)
    assert res.exit_code == 0, ("push-appcfg does not complete without a terminal (password, passphrase or "
                                f"host-key prompt?): {(res.stderr or res.stdout).strip()[-400:]}")
