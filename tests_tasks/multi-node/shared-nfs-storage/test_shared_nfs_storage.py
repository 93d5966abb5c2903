import uuid

from fixtures.checks import baseline, requirement


def _mounted(node2):
    node2.run("timeout 60 ls /mnt/share >/dev/null 2>&1")  # wakes an automount
    res = node2.run("findmnt -n -o FSTYPE,SOURCE -t nfs,nfs4 /mnt/share")
    assert res.rc == 0 and res.stdout.strip().endswith(":/srv/share"), \
        f"/mnt/share on node2 is not node1's /srv/share over NFS ({res.stdout.strip() or 'not mounted'})"

@baseline
def share_exists(node1, node2):
    assert node1.file("/srv/share/README").exists, "/srv/share/README missing on node1"
    assert node2.user("alice").uid == 2001, "alice is missing on node2"


@requirement("req-1")
def alice_writes(node1, node2):
    _mounted(node2)
    name = f"alice-{uuid.uuid4().hex[:10]}.txt"
    res = node2.run(f"runuser -u alice -- sh -c 'echo from-node2 > /mnt/share/{name}'")
    assert res.rc == 0, f"alice cannot write to /mnt/share on node2: {res.stderr.strip()}"
    try:
        st = node1.run(f"stat -c '%U %u' /srv/share/{name} && cat /srv/share/{name}")
        assert st.rc == 0, f"the file alice wrote on node2 ({name}) is not in /srv/share on node1"
        owner = st.stdout.split()[0]
        assert owner == "alice", f"alice's file shows up on node1 owned by {owner}, not alice"
        assert "from-node2" in st.stdout, "the file's contents did not arrive on node1"
    finally:
        node2.run(f"rm -f /mnt/share/{name}")


@requirement("req-2")
def root_squashed(node1, node2):
    name = f"root-{uuid.uuid4().hex[:10]}"
    mounted = node2.run("timeout 60 ls /mnt/share >/dev/null 2>&1; findmnt -t nfs,nfs4 /mnt/share")
    if mounted.rc != 0:
        return  # nothing mounted: no root powers through a share (req-1 reports the missing mount)
    node2.run(f"touch /mnt/share/{name} 2>/dev/null; true")
    st = node1.run(f"stat -c %u /srv/share/{name}")
    node1.run(f"rm -f /srv/share/{name}")
    assert not (st.rc == 0 and st.stdout.strip() == "0"), \
        "root on node2 created a file owned by root on node1 through the share"


@requirement("req-3")
def node2_only(ctx, node1):
    # node1 itself is another machine on the private network (source 10.100.0.11)
    srv = ctx.addr("node1", "priv")
    res = node1.run(f"command -v mount.nfs >/dev/null || exit 7; install -d /run/ob-probe; "
                    f"timeout 40 mount -t nfs4 -o ro,soft,timeo=50,retrans=1 {srv}:/srv/share /run/ob-probe; "
                    "rc=$?; umount /run/ob-probe 2>/dev/null; rmdir /run/ob-probe; exit $rc")
    assert res.rc != 0, f"a machine other than node2 ({srv}) can mount node1's /srv/share"


@requirement("req-4")
def existing_files_visible(node2):
    _mounted(node2)
    res = node2.run("cat /mnt/share/README /mnt/share/plan.csv")
    assert res.rc == 0 and "Shared team files" in res.stdout and "10,12,9" in res.stdout, \
        "the existing files in /srv/share are not visible through /mnt/share on node2"
