"""Space and layout are read from df and LVM; the data is compared with the manifest prepare
wrote outside the volume; "kept running" is the archiver's systemd invocation id, which
changes on every start (compared only while node1 has not rebooted since prepare)."""
from fixtures.checks import baseline, requirement

MANIFEST = "/var/lib/opsbench/archive.sha256"
INVOCATION = "/var/lib/opsbench/archiver.invocation"


def free_mib(ctx) -> int:
    out = ctx.run("node1", "df -P -m /srv/archive | tail -n1").stdout.split()
    return int(out[3])


@baseline
def nearly_full(ctx):
    assert free_mib(ctx) < 40, "the archive is not nearly full after prepare"


@requirement("req-1")
def grown_onto_second_disk(ctx):
    pvs = ctx.run("node1", "pvs --noheadings -o pv_name,vg_name").stdout.split("\n")
    in_vg = {line.split()[0] for line in pvs if len(line.split()) == 2 and line.split()[1] == "archivevg"}
    assert {"/dev/vdb", "/dev/vdc"} <= in_vg, f"archivevg spans {', '.join(sorted(in_vg)) or 'nothing'}, not both data disks"
    mnt = ctx.run("node1", "findmnt -n -o TARGET /srv/archive").stdout.strip()
    assert mnt == "/srv/archive", "/srv/archive is not mounted"
    free = free_mib(ctx)
    assert free >= 200, f"/srv/archive has only {free} MiB free"


@requirement("req-2")
def data_intact(ctx):
    res = ctx.run("node1", f"cd /srv/archive && sha256sum --quiet -c {MANIFEST} 2>&1", timeout=300)
    assert res.exit_code == 0, f"archived data is missing or changed: {res.stdout.strip()[-500:]}"


@requirement("req-3")
def mounted_from_lv(ctx):
    src = ctx.run("node1", "findmnt -n -o SOURCE --target /srv/archive").stdout.strip()
    names = ctx.run("node1", f"lvs --noheadings -o vg_name,lv_name {src} 2>/dev/null").stdout.split() if src else []
    assert names == ["archivevg", "archive"], f"/srv/archive is mounted from {src or 'nothing'}, not archivevg/archive"
    tgt = ctx.run("node1", "findmnt -n -o TARGET --source /dev/archivevg/archive").stdout.split()
    assert "/srv/archive" in tgt, "archivevg/archive is not mounted at /srv/archive"


@requirement("req-4")
def archiver_not_interrupted(ctx):
    boot, invocation = ctx.run("node1", f"cat {INVOCATION}").stdout.split()
    now_boot = ctx.run("node1", "cat /proc/sys/kernel/random/boot_id").stdout.strip()
    state = ctx.run("node1", "systemctl is-active archiver.service").stdout.strip()
    assert state == "active", f"the archiver service is {state}"
    if now_boot != boot:
        return  # after the reboot check: only that it runs again
    now = ctx.run("node1", "systemctl show -p InvocationID --value archiver.service").stdout.strip()
    assert now == invocation, "the archiver service was stopped or restarted"
    # the journal file it holds open is the one on the mounted archive (not a stale unmounted one)
    pid = ctx.run("node1", "systemctl show -p MainPID --value archiver.service").stdout.strip()
    link = ctx.run("node1", f"readlink /proc/{pid}/fd/3").stdout.strip()
    assert link == "/srv/archive/archiver.journal", f"the archiver writes to {link or 'nothing'}, not the mounted archive"
