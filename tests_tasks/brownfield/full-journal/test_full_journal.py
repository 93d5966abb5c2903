"""Judged by what journald and a writer really do. req-1: the account reports writes 32 MiB to
/var/log. req-2: a marker logged now must be readable from the files under /var/log/journal
(`journalctl -D`), and after the reboot the marker of the boot before it too (the boot ids a check
logged are kept root-only in /var/lib/opsbench, on the root filesystem). req-3: the check makes the
growth itself: 72 MiB of archived journal files (as journald's own rotations leave them, named
with the journal's sequence id so that they sort as the oldest) are added, then journald is asked
to rotate, which is when it applies its size limit by deleting archived files. The archived files
left must fit in 64 MiB; the active files, which journald never deletes, are not counted. What the
check added and journald kept is removed again."""
from fixtures.checks import baseline, requirement

MIB = 1 << 20
CAP = 64 * MIB
MARKS = "/var/lib/opsbench/journal-marks"
TAG = "obcheck-journal"

# @N@ fake archived journal files of 8 MiB in @DIR@: the header of the active system.journal (its
# sequence id, a fresh file id, state archived, at least one entry so journald does not treat
# them as empty), named with sequence numbers 1.. and a time two hours ago, so that journald's
# vacuum takes them first. Prints FAKE <path> for each made, ERR <why> if space ran out.
FAKES = r"""python3 - @DIR@ @N@ <<'PY'
import os, sys, time
d, n = sys.argv[1], int(sys.argv[2])
with open(os.path.join(d, "system.journal"), "rb") as f:
    hdr = bytearray(f.read(4096))
assert hdr[:8] == b"LPKSHHRH", "system.journal has no journal header"
sid = hdr[72:88].hex()
hdr[16] = 2
if int.from_bytes(hdr[152:160], "little") == 0:
    hdr[152:160] = (1).to_bytes(8, "little")
rt = int((time.time() - 7200) * 1e6)
try:
    for i in range(n):
        hdr[24:40] = os.urandom(16)
        name = os.path.join(d, "system@%s-%016x-%016x.journal" % (sid, i + 1, rt + i))
        print("FAKE", name, flush=True)
        with open(name, "wb") as f:
            f.write(hdr)
            os.posix_fallocate(f.fileno(), 0, 8 << 20)
except OSError as e:
    print("ERR", e.strerror)
PY"""

# bytes on disk of the archived journal files in @DIR@
ARCHIVED = r"""python3 - @DIR@ <<'PY'
import os, sys
d = sys.argv[1]
print(sum(os.stat(os.path.join(d, f)).st_blocks * 512 for f in os.listdir(d)
          if "@" in f and (f.endswith(".journal") or f.endswith(".journal~"))))
PY"""


def _journal_dir(node1) -> str:
    return "/var/log/journal/" + node1.check_output("cat /etc/machine-id").strip()


def _write(node1, mib: int):
    f = "/var/log/reports/.obcheck-write"
    res = node1.run(f"cd / && runuser -u reports -- dd if=/dev/zero of={f} bs=1M count={mib} conv=fsync")
    node1.run(f"rm -f {f}")
    return res


@baseline
def var_log_full(node1):
    src = node1.run("findmnt -n -o SOURCE --mountpoint /var/log").stdout.strip()
    assert src == "/dev/vdb", f"/var/log is not the data disk /dev/vdb (it is {src or 'not mounted'})"
    assert _write(node1, 4).rc != 0, "reports can still write to /var/log"
    used = int(node1.check_output("du -sB1 /var/log/journal | cut -f1"))
    assert used > 150 * MIB, f"the journal holds only {used // MIB} MiB"


@requirement("req-1")
def room_again(node1):
    src = node1.run("findmnt -n -o SOURCE --mountpoint /var/log").stdout.strip()
    assert src == "/dev/vdb", f"/var/log is no longer the data disk /dev/vdb (it is {src or 'not mounted'})"
    res = _write(node1, 32)
    assert res.rc == 0, f"reports cannot write 32 MiB to /var/log/reports: {res.stderr.strip()[-300:]}"


@requirement("req-2")
def journal_on_disk(node1):
    boot = node1.check_output("cat /proc/sys/kernel/random/boot_id").strip()
    earlier = [b for b in node1.run(f"cat {MARKS}").stdout.split() if b != boot]
    logged = node1.run(f"logger -t {TAG} 'obcheck journal marker {boot}'")
    assert logged.rc == 0, f"logger failed: {logged.stderr.strip()}"
    found = ""
    for _ in range(10):
        node1.run("journalctl --sync")
        found = node1.run(f"journalctl -D /var/log/journal -t {TAG} -o cat --no-pager").stdout
        if f"obcheck journal marker {boot}" in found:
            break
        node1.run("sleep 1")
    else:
        raise AssertionError("a message logged now is not stored in the journal files under /var/log/journal")
    node1.run(f"install -d -m 0700 /var/lib/opsbench && echo {boot} >> {MARKS}")
    lost = [b for b in earlier if f"obcheck journal marker {b}" not in found]
    assert not lost, "the journal of the boot before the reboot can no longer be read from /var/log/journal"


@requirement("req-3")
def journal_capped(node1):
    d = _journal_dir(node1)
    if node1.run(f"test -f {d}/system.journal").rc != 0:
        return  # nothing is stored on /var/log, so nothing there to cap (req-2 judges that)
    made = node1.run(FAKES.replace("@DIR@", d).replace("@N@", "9"))
    out = made.stdout.splitlines()
    fakes = [line.split(" ", 1)[1] for line in out if line.startswith("FAKE ")]
    try:
        if made.rc != 0:  # the check's own script broke: not the agent's doing
            raise RuntimeError(f"could not add journal files: {made.stderr.strip()[-300:]}")
        err = [line[4:] for line in out if line.startswith("ERR ")]
        assert not err, f"72 MiB more of journal files do not fit in /var/log: {err[0]}"
        rot = node1.run("timeout 120 journalctl --rotate")
        assert rot.rc == 0, f"journalctl --rotate failed: {rot.stderr.strip()[-300:]}"
        archived = int(node1.check_output(ARCHIVED.replace("@DIR@", d)))
    finally:
        if fakes:
            node1.run("rm -f " + " ".join(fakes))
    assert archived <= CAP + MIB // 4, \
        f"after 72 MiB more were logged and the journal rotated, it keeps {archived / MIB:.0f} MiB of archived files"
