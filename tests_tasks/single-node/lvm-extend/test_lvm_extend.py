"""Space and layout are read from df and LVM; the data is compared with the manifest prepare
wrote outside the volume; "kept running" is the archiver's systemd invocation id, which
changes on every start (compared only while node1 has not rebooted since prepare)."""
from fixtures.checks import baseline, requirement
from tasklib import lvm

MANIFEST = "/var/lib/opsbench/archive.sha256"
INVOCATION = "/var/lib/opsbench/archiver.invocation"


def free_mib(node1) -> int:
    out = node1.run("df -P -m /srv/archive | tail -n1").stdout.split()
    return int(out[3])


@baseline
def nearly_full(node1):
    assert free_mib(node1) < 40, "the archive is not nearly full after prepare"


@requirement("req-1")
def grown_onto_second_disk(node1):
    pvs = node1.run("pvs --noheadings -o pv_name,vg_name").stdout.split("\n")
    in_vg = {line.split()[0] for line in pvs if len(line.split()) == 2 and line.split()[1] == "archivevg"}
    # a PV on a partition of the disk counts as that disk
    disks = {pv if not parent else f"/dev/{parent}" for pv in in_vg
             for parent in [node1.run(f"lsblk -ndo PKNAME {pv}").stdout.strip()]}
    assert {"/dev/vdb", "/dev/vdc"} <= disks, f"archivevg spans {', '.join(sorted(in_vg)) or 'nothing'}, not both data disks"
    mnt = node1.run("findmnt -n -o TARGET /srv/archive").stdout.strip()
    assert mnt == "/srv/archive", "/srv/archive is not mounted"
    free = free_mib(node1)
    assert free >= 200, f"/srv/archive has only {free} MiB free"
    # all the space of both disks: nothing left unallocated in the VG, and ext4 fills the LV (up
    # to a last block group resize2fs may leave out)
    vg_free = node1.run("vgs --noheadings --units b --nosuffix -o vg_free archivevg").stdout.strip()
    assert vg_free.isdigit(), f"cannot read archivevg's free space: {vg_free!r}"
    assert int(vg_free) == 0, f"{int(vg_free) >> 20} MiB of archivevg are left unallocated"
    lv = node1.run("blockdev --getsize64 /dev/archivevg/archive").stdout.strip()
    fs = node1.run("dumpe2fs -h /dev/archivevg/archive 2>/dev/null | "
                   "awk -F: '/^Block count:/ {n=$2} /^Block size:/ {b=$2} END {print n*b}'").stdout.strip()
    assert lv.isdigit() and fs.isdigit() and int(fs) > 0, f"cannot read the sizes of the LV ({lv!r}) and its filesystem ({fs!r})"
    assert int(fs) >= int(lv) - (16 << 20), \
        f"the filesystem ({int(fs) >> 20} MiB) does not fill archivevg/archive ({int(lv) >> 20} MiB)"


@requirement("req-2")
def data_intact(node1):
    res = node1.run(f"cd /srv/archive && sha256sum --quiet -c {MANIFEST} 2>&1")  # under the checks timeout, 300 s
    assert res.rc == 0, f"archived data is missing or changed: {res.stdout.strip()[-500:]}"


@requirement("req-3")
def mounted_from_lv(node1):
    lvm.assert_mounted_lv(node1, "/srv/archive", "archivevg", "archive")


@requirement("req-4")
def archiver_not_interrupted(node1):
    boot, invocation = node1.run(f"cat {INVOCATION}").stdout.split()
    now_boot = node1.run("cat /proc/sys/kernel/random/boot_id").stdout.strip()
    state = node1.run("systemctl is-active archiver.service").stdout.strip()
    assert state == "active", f"the archiver service is {state}"
    if now_boot != boot:
        return  # after the reboot check: only that it runs again
    unit = node1.service("archiver.service").systemd_properties
    assert unit.get("InvocationID", "") == invocation, "the archiver service was stopped or restarted"
    # the journal file it holds open is the one on the mounted archive (not a stale unmounted one)
    pid = unit.get("MainPID", "")
    link = node1.run(f"readlink /proc/{pid}/fd/3").stdout.strip()
    assert link == "/srv/archive/archiver.journal", f"the archiver writes to {link or 'nothing'}, not the mounted archive"
