"""req-1 is decided for good by the harness's reboot of this persist task: a node that stops in
emergency mode fails every requirement. Before the reboot (and again after it) the check asks
mount(8) what the boot asks of /etc/fstab: `mount -a --fake` resolves every entry that is not yet
mounted and fails on a required device that is missing, as systemd's boot does (nofail and noauto
entries are let off, as at boot); nothing is mounted by it.
req-2: what is mounted on /srv/data (not what fstab says), the data against the hashes prepare kept
root-only in /var/lib/opsbench, and a write by the application user.
req-3: the check attaches an archive disk itself: a 16 MiB ext4 image with the archive's UUID and
a marker file, on a loop device; `mount /srv/archive` must bring the marker to /srv/archive (an
automount that mounts it on access counts too). The image is unmounted, detached and removed
again."""
from fixtures.checks import baseline, requirement

ARCHIVE_UUID = "b7e2a9c4-1d3f-4e6a-8b5c-92f0d1e3a6c8"
MANIFEST = "/var/lib/opsbench/appdata.sha256"
IMG = "/var/tmp/obcheck-archive.img"
SRC = "/var/tmp/obcheck-archive"


@baseline
def boot_would_fail(node1):
    src = node1.run("findmnt -n -o SOURCE --mountpoint /srv/data").stdout.strip()
    assert src == "/dev/vdb", f"/srv/data is not the data disk /dev/vdb (it is {src or 'not mounted'})"
    assert node1.run("mount -a --fake").rc != 0, "every device /etc/fstab requires is there: the boot would not fail"


@requirement("req-1")
def boot_needs_nothing_missing(node1):
    res = node1.run("mount -a --fake")
    assert res.rc == 0, f"the boot requires a device that is missing: {(res.stderr or res.stdout).strip()[-400:]}"


@requirement("req-2")
def data_mounted(node1):
    src = node1.run("findmnt -n -o SOURCE --mountpoint /srv/data").stdout.strip()
    assert src == "/dev/vdb", f"/srv/data is not the data disk /dev/vdb (it is {src or 'not mounted'})"
    res = node1.run(f"cd /srv/data && sha256sum --quiet -c {MANIFEST} 2>&1")
    assert res.rc == 0, f"the application's data is missing or changed: {res.stdout.strip()[-400:]}"
    res = node1.run("cd / && runuser -u app -- sh -c 'echo probe > /srv/data/app/.obcheck && rm /srv/data/app/.obcheck'")
    assert res.rc == 0, f"app cannot write to /srv/data/app: {res.stderr.strip()}"


@requirement("req-3")
def archive_mounts_when_attached(node1):
    made = node1.run(f"rm -rf {SRC} {IMG} && mkdir -p {SRC} && echo obcheck-archive > {SRC}/OBCHECK-MARKER && "
                     f"truncate -s 16M {IMG} && mkfs.ext4 -q -F -U {ARCHIVE_UUID} -L archive -d {SRC} {IMG} && "
                     f"losetup -f --show {IMG}")
    dev = made.stdout.strip().splitlines()[-1] if made.rc == 0 and made.stdout.strip() else ""
    try:
        assert dev.startswith("/dev/loop"), f"could not attach a test archive disk: {made.stderr.strip()[-300:]}"
        node1.run("udevadm settle --timeout=30")
        mnt = node1.run("timeout 60 mount /srv/archive")
        seen = node1.run("timeout 30 cat /srv/archive/OBCHECK-MARKER").stdout.strip()
        assert seen == "obcheck-archive", \
            f"with the archive disk attached, `mount /srv/archive` does not mount it: {(mnt.stderr or mnt.stdout).strip()[-300:]}"
    finally:
        if dev:
            node1.run(f"for m in $(findmnt -rn -S {dev} -o TARGET); do umount \"$m\"; done; losetup -d {dev}")
        node1.run(f"rm -rf {SRC} {IMG}")
