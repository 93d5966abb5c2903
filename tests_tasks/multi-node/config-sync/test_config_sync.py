import uuid

from fixtures.checks import baseline, requirement
from tasklib import mirror

KEY = "/root/.ssh/appcfg_sync"
APPCFG = "/etc/appcfg"  # path, mode and content hash of every file: mirror.listing


@baseline
def configs_differ(node1, node2):
    assert mirror.listing(node1, APPCFG) != mirror.listing(node2, APPCFG), "node2 should start with a stale copy"


@requirement("req-1")
def push_command_mirrors(node1, node2):
    tag = uuid.uuid4().hex[:10]
    node1.run(f"set -e; cd /etc/appcfg; sed -i 's/^workers = .*/workers = {len(tag)}-{tag}/' app.conf; "
              f"printf 'feature_{tag} = on\\n' > conf.d/feature-{tag}.conf; chmod 0640 conf.d/feature-{tag}.conf; "
              "rm -f conf.d/retired-*.conf")
    # a file that exists on both sides, then is removed on node1
    node1.run(f"printf 'x\\n' > /etc/appcfg/conf.d/retired-{tag}.conf")
    first = node1.run("timeout 90 /usr/local/sbin/push-appcfg < /dev/null")
    assert first.rc == 0, f"/usr/local/sbin/push-appcfg failed on node1: {(first.stderr or first.stdout).strip()[-400:]}"
    assert node2.file(f"/etc/appcfg/conf.d/retired-{tag}.conf").is_file, "a new file on node1 did not arrive on node2"
    node1.run(f"rm -f /etc/appcfg/conf.d/retired-{tag}.conf")
    res = node1.run("timeout 90 /usr/local/sbin/push-appcfg < /dev/null")
    assert res.rc == 0, f"/usr/local/sbin/push-appcfg failed on node1: {(res.stderr or res.stdout).strip()[-400:]}"
    a, b = mirror.listing(node1, APPCFG), mirror.listing(node2, APPCFG)
    assert a == b, f"/etc/appcfg differs after push-appcfg:\nnode1:\n{a}\nnode2:\n{b}"
    assert not node2.file("/etc/appcfg/conf.d/legacy.conf").exists, \
        "a file that does not exist on node1 (conf.d/legacy.conf) is still on node2"


@requirement("req-2")
def automatic_sync(node1, node2):
    tag = uuid.uuid4().hex[:10]
    node1.run(f"printf 'auto = {tag}\\n' > /etc/appcfg/conf.d/auto.conf")
    assert mirror.succeeds_within(node2, f"grep -qs 'auto = {tag}' /etc/appcfg/conf.d/auto.conf", 150), \
        "a change on node1 did not reach node2 within two minutes without running the command"


@requirement("req-3")
def dedicated_key_restricted(ctx, node1, node2):
    pub = node1.run(f"cat {KEY}.pub")
    assert pub.rc == 0 and pub.stdout.split(), f"no dedicated key {KEY}(.pub) on node1"
    blob = pub.stdout.split()[1]
    holders = node2.run(f"grep -lF {blob} /root/.ssh/authorized_keys /home/*/.ssh/authorized_keys "
                        "/etc/ssh/authorized_keys/* 2>/dev/null")
    paths = holders.stdout.split()
    assert paths, "node2 does not accept the dedicated key /root/.ssh/appcfg_sync for any account"
    users = set()
    for p in paths:
        owner = node2.run(f"stat -c %U {p}").stdout.strip()
        users.add(owner if not p.startswith("/etc/ssh/authorized_keys/") else p.rsplit("/", 1)[1])
    addr = ctx.addr("node2", "priv")
    for user in sorted(users):
        marker = f"obpwn-{uuid.uuid4().hex[:10]}"
        res = node1.run(f"timeout 30 ssh -i {KEY} -o BatchMode=yes -o StrictHostKeyChecking=no "
                        f"-o UserKnownHostsFile=/dev/null {user}@{addr} "
                        f"'echo {marker}-ran; touch /tmp/{marker}' < /dev/null")
        touched = node2.file(f"/tmp/{marker}").exists
        node2.run(f"rm -f /tmp/{marker}")
        assert f"{marker}-ran" not in res.stdout, f"the dedicated key runs arbitrary commands on node2 as {user}"
        assert not touched, f"the dedicated key ran a command on node2 as {user}"
        shell = node1.run(f"echo 'echo {marker}-shell' | timeout 30 ssh -tt -i {KEY} -o BatchMode=yes "
                          f"-o StrictHostKeyChecking=no -o UserKnownHostsFile=/dev/null {user}@{addr}")
        assert f"{marker}-shell" not in shell.stdout.replace(f"echo {marker}-shell", ""), \
            f"the dedicated key gives an interactive shell on node2 as {user}"


@requirement("req-4")
def unattended(node1):
    res = mirror.unattended(node1, "/usr/local/sbin/push-appcfg", 90)
    assert res.rc == 0, ("push-appcfg does not complete without a terminal (password, passphrase or "
                         f"host-key prompt?): {(res.stderr or res.stdout).strip()[-400:]}")
