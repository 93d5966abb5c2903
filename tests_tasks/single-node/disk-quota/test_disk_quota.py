"""Usage and limits are read with the quotactl(2) system call (python ctypes), so the checks
need no quota tools; the limits are judged by what a user's writes really do. Every file a
check writes is removed again."""
import json

from fixtures.checks import baseline, requirement

MIB = 1024  # quota blocks are 1 KiB
DATA = {"/srv/shared/common/README.txt": "21b873b59cfcb670df97b5f95752bc7ccd1b9d2f433fd89e5667c7c0c8ec24e1",
        "/srv/shared/dev1/dataset.bin": "2ec075991548b6d05112413bae54adad76776bd90fc9a5204bc8086d12615e3f"}
BEFORE: dict = {}

# JSON of the user quota of USER on /srv/shared: limits and usage in KiB, grace deadline (btime)
QUOTA = r"""python3 - USER <<'PY'
import ctypes, json, os, pwd, subprocess, sys, time
class Dq(ctypes.Structure):
    _fields_ = [(n, ctypes.c_uint64) for n in ("bhard", "bsoft", "curspace", "ihard", "isoft",
                "curinodes", "btime", "itime")] + [("valid", ctypes.c_uint32)]
dev = subprocess.run(["findmnt", "-no", "SOURCE", "/srv/shared"], capture_output=True, text=True).stdout.strip()
libc = ctypes.CDLL(None, use_errno=True)
dq = Dq()
uid = pwd.getpwnam(sys.argv[1]).pw_uid
rc = libc.quotactl(ctypes.c_int((0x800007 << 8) | 0), dev.encode(), uid, ctypes.byref(dq))
err = ctypes.get_errno()
print(json.dumps({"on": rc == 0, "error": os.strerror(err) if rc else "", "bhard": dq.bhard, "bsoft": dq.bsoft,
                  "used_kib": dq.curspace // 1024, "btime": dq.btime, "now": int(time.time())}))
PY"""


def _quota(node1, user: str) -> dict:
    res = node1.run(QUOTA.replace("USER", user))
    assert res.rc == 0, f"could not read the quota of {user}: {res.stderr.strip()[-300:]}"
    return json.loads(res.stdout)


def _write(node1, user: str, mib: int):
    """As `user` (runuser: backup is a system account without a login shell), write `mib` MiB
    to a new file in their directory; the
    record's stdout is the number of bytes that made it to disk."""
    f = f"/srv/shared/{user}/obcheck-fill.bin"
    return node1.run(f"cd / && runuser -u {user} -- sh -c 'dd if=/dev/zero of={f} bs=1M count={mib} "
                     f"conv=fsync 2>&1; echo rc=$?; stat -c %s {f}'")


def _clean(node1, user: str) -> None:
    node1.run(f"rm -f /srv/shared/{user}/obcheck-fill.bin; sync")


@baseline
def shared_mounted_no_quota(node1):
    res = node1.run("findmnt -no SOURCE,UUID /srv/shared")
    assert res.stdout.split() and res.stdout.split()[0] == "/dev/vdb", f"/srv/shared is not /dev/vdb: {res.stdout}"
    BEFORE["uuid"] = res.stdout.split()[1]
    q = _quota(node1, "dev1")
    assert not (q["on"] and q["bhard"]), "dev1 already has a quota"


@requirement("req-1")
def hard_limit_enforced(node1):
    for user in ("dev1", "dev2"):
        try:
            res = _write(node1, user, 90)
            out = res.stdout
            q = _quota(node1, user)
            assert "rc=0" not in out, \
                f"{user} wrote 90 MiB to /srv/shared without being stopped (usage now {q['used_kib'] // MIB} MiB)"
            assert "quota" in out.lower(), f"{user}'s write failed, but not with a quota error: {out.strip()[-300:]}"
            used = q["used_kib"]
            assert used <= 61 * MIB, f"{user} got {used / MIB:.1f} MiB on /srv/shared, beyond the 60 MiB limit"
            assert used >= 58 * MIB, f"{user} was stopped at {used / MIB:.1f} MiB, well below 60 MiB"
        finally:
            _clean(node1, user)


@requirement("req-2")
def soft_limit_with_grace(node1):
    for user in ("dev1", "dev2"):
        q = _quota(node1, user)
        assert q["on"], f"no quota can be read for {user} on /srv/shared: {q['error']}"
        assert 49 * MIB <= q["bsoft"] <= 51 * MIB, f"{user}'s soft limit is {q['bsoft'] / MIB:.1f} MiB, not 50 MiB"
    # crossing the soft limit starts the grace period (the default: 7 days)
    try:
        base = _quota(node1, "dev2")["used_kib"]
        res = _write(node1, "dev2", 52 - base // MIB)
        assert "rc=0" in res.stdout, f"dev2 could not write up to 52 MiB (between the limits): {res.stdout[-200:]}"
        q = _quota(node1, "dev2")
        grace = q["btime"] - q["now"]
        assert q["btime"] and 6.9 * 86400 <= grace <= 7.1 * 86400, \
            f"beyond its soft limit dev2 got a grace period of {grace / 86400:.2f} days, not the default 7"
    finally:
        _clean(node1, "dev2")


@requirement("req-3")
def backup_unlimited(node1):
    try:
        res = _write(node1, "backup", 100)
        assert "rc=0" in res.stdout, f"backup could not write 100 MiB to /srv/shared: {res.stdout.strip()[-300:]}"
        q = _quota(node1, "backup")
        assert not q["bhard"] and not q["bsoft"], f"backup has a quota: {q}"
    finally:
        _clean(node1, "backup")


@requirement("req-4")
def data_and_filesystem_kept(node1):
    res = node1.run("findmnt -no SOURCE,UUID /srv/shared")
    parts = res.stdout.split()
    assert parts and parts[0] == "/dev/vdb", f"/srv/shared is not mounted from /dev/vdb: {res.stdout.strip()}"
    if BEFORE.get("uuid"):
        assert parts[1] == BEFORE["uuid"], "/srv/shared is a different filesystem than before (re-created?)"
    for path, digest in DATA.items():
        assert node1.file(path).sha256sum == digest, f"{path} is missing or changed"
