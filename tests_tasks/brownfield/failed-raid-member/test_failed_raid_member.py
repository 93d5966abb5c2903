"""The array is the one prepare.sh created, found by its UUID (kept outside the array, in
/var/lib/opsbench, with the data's manifest) whatever name it was assembled under; its state is
the kernel's (/sys/block/mdN/md): degraded count, sync action and each member's state. After a
reboot the checks first wait for udev's assembly and any rebuild to finish."""
import json

from fixtures.checks import baseline, requirement

MANIFEST = "/var/lib/opsbench/data.sha256"
UUID_FILE = "/var/lib/opsbench/raid.uuid"

# waits up to WAIT s for the array with UUID to be active, not degraded and not rebuilding (less
# when it stays degraded with no rebuild for 20 s);
# prints its state as JSON either way ({"md": null} when no array has that UUID)
ARRAY_STATE = r'''
import glob, json, os, subprocess, sys, time
uuid, wait = open(sys.argv[1]).read().strip(), float(sys.argv[2])
def read(path):
    try:
        with open(path) as f:
            return f.read().strip()
    except OSError:
        return None
def state():
    for d in sorted(glob.glob("/sys/block/md*")):
        name = os.path.basename(d)
        out = subprocess.run(["mdadm", "--detail", "--export", "/dev/" + name],
                             capture_output=True, text=True).stdout
        if f"MD_UUID={uuid}" not in out.splitlines():
            continue
        members = {os.path.basename(m)[4:]: read(m + "/state") for m in glob.glob(d + "/md/dev-*")}
        return {"md": name, "array_state": read(d + "/md/array_state"), "degraded": read(d + "/md/degraded"),
                "sync_action": read(d + "/md/sync_action"), "raid_disks": read(d + "/md/raid_disks"),
                "members": members}
    return {"md": None}
def whole(st):
    return st["md"] and st["degraded"] == "0" and st["sync_action"] in ("idle", "check")
def stuck(st):
    # degraded with nothing rebuilding: it stays so unless a disk is still being added
    return st["md"] and st["degraded"] != "0" and st["sync_action"] == "idle"
end = time.time() + wait
st, stuck_since = state(), None
while time.time() < end and not whole(st):
    stuck_since = (stuck_since or time.time()) if stuck(st) else None
    if stuck_since and time.time() - stuck_since > 20:
        break
    time.sleep(2)
    st = state()
print(json.dumps(st))
'''


def _array(node1, wait_s: int = 0) -> dict:
    out = node1.check_output(f"python3 - {UUID_FILE} {wait_s} <<'PY'\n{ARRAY_STATE}\nPY")
    return json.loads(out)


def _failed(st: dict) -> list[str]:
    return sorted(d for d, s in st["members"].items() if s and "faulty" in s.split(","))


def _in_sync(st: dict) -> list[str]:
    return sorted(d for d, s in st["members"].items()
                  if s and "in_sync" in s.split(",") and "faulty" not in s.split(","))


@baseline
def array_degraded(node1):
    st = _array(node1)
    assert st["md"], "the RAID array is not there"
    assert st["degraded"] == "1", f"the array is not degraded: {st}"
    assert _failed(st) == ["vdc"], f"vdc is not the array's failed member: {st['members']}"
    assert node1.check_output("findmnt -n -o TARGET /srv/data") == "/srv/data", "/srv/data is not mounted"


@requirement("req-1")
def array_whole(node1):
    st = _array(node1, wait_s=240)
    assert st["md"], "no RAID array with the data's UUID is assembled on node1"
    failed = _failed(st)
    assert not failed, f"the array still lists failed member(s): {', '.join(failed)}"
    assert st["degraded"] == "0", (f"{st['md']} is degraded ({st['degraded']} of {st['raid_disks']} members "
                                   f"missing, sync action {st['sync_action']}); members: {st['members']}")
    synced = _in_sync(st)
    assert len(synced) == 2, f"{st['md']} has {len(synced)} in-sync members ({', '.join(synced) or 'none'}), not 2"
    assert st["sync_action"] in ("idle", "check"), f"{st['md']} is still rebuilding ({st['sync_action']})"


@requirement("req-2")
def failing_disk_out(node1):
    st = _array(node1)
    if st["md"]:
        assert "vdc" not in st["members"], f"/dev/vdc is still a member of {st['md']} ({st['members']['vdc']})"
    holders = node1.run("ls /sys/block/vdc/holders").stdout.split()
    assert not holders, f"/dev/vdc is still in use by {', '.join(holders)}"


@requirement("req-3")
def data_mounted_and_intact(node1):
    st = _array(node1, wait_s=60)
    assert st["md"], "no RAID array with the data's UUID is assembled on node1"
    src = node1.run("findmnt -n -o SOURCE --target /srv/data").stdout.strip()
    tgt = node1.run("findmnt -n -o TARGET --target /srv/data").stdout.strip()
    real = node1.run(f"readlink -f {src}").stdout.strip() if src else ""
    assert tgt == "/srv/data" and real == f"/dev/{st['md']}", \
        f"/srv/data is not mounted from the array /dev/{st['md']} (source: {src or 'nothing'})"
    res = node1.run(f"cd /srv/data && sha256sum --quiet -c {MANIFEST} 2>&1")
    assert res.rc == 0, f"data on /srv/data is missing or changed: {res.stdout.strip()[-400:]}"
