import time
import uuid

from fixtures.checks import requirement
from tasklib import mirror

SRC = "/srv/records"
DST = "/srv/backups/node1/records"
OWNER_MODE = "%U %m"  # listings: path, owner uid, mode, sha256 of every file


def _backup(node1):
    res = mirror.unattended(node1, "/usr/local/sbin/backup-records", 120)
    assert res.rc == 0, ("/usr/local/sbin/backup-records fails when run unattended on node1: "
                         f"{(res.stderr or res.stdout).strip()[-400:]}")


@requirement("req-1")
def backup_copies(node1, node2):
    tag = uuid.uuid4().hex[:10]
    new = f"2026/ledger-{tag}.csv"
    made = node1.run(f"printf 'entry {tag}\\n' > {SRC}/{new} && "
                     f"chown records:records {SRC}/{new} && chmod 0640 {SRC}/{new}")
    assert made.rc == 0, f"the check could not add {SRC}/{new} on node1: {made.stderr.strip()}"
    try:
        _backup(node1)
        a, b = mirror.listing(node1, SRC, OWNER_MODE), mirror.listing(node2, DST, OWNER_MODE)
        assert b, f"node2 has no backup in {DST}"
        assert a == b, f"node2's {DST} differs from node1's {SRC} (path uid mode sha256):\nnode1:\n{a}\nnode2:\n{b}"
    finally:
        node1.run(f"rm -f {SRC}/{new}")
        node2.run(f"rm -f {DST}/{new}")


@requirement("req-2")
def nightly_schedule(node1, node2):
    """node1's clock is moved to 02:29:40 and the new file must reach node2 after 02:30, not
    before: a job at another hour (midnight, hourly) fires at the clock change and is caught."""
    tag = uuid.uuid4().hex[:10]
    probe = "nightly-probe.csv"
    made = node1.run(f"printf 'nightly {tag}\\n' > {SRC}/{probe} && chown records:records {SRC}/{probe}")
    assert made.rc == 0, f"the check could not add {SRC}/{probe} on node1: {made.stderr.strip()}"
    node2.run(f"rm -f {DST}/{probe}")
    arrived = f"grep -qs 'nightly {tag}' {DST}/{probe}"
    # move node1's clock to 20 s before the next 02:30, wait for the job, then put the clock back
    start = node1.run("orig=$(date +%s); up=$(cut -d' ' -f1 /proc/uptime); "
                      "t=$(date -d 'today 02:29:40' +%s); [ $t -gt $orig ] || t=$(date -d 'tomorrow 02:29:40' +%s); "
                      "date -s @$t >/dev/null && echo $orig $up")
    assert start.rc == 0, f"the check could not set node1's clock: {start.stderr.strip()}"
    jumped = time.monotonic()
    orig, up = start.stdout.split()
    try:
        time.sleep(max(0.0, jumped + 14 - time.monotonic()))  # node1's clock: about 02:29:54
        there = node2.run(arrived).rc == 0
        clock = node1.run("date +%H:%M:%S").stdout.strip()  # read after: the file was there by then
        if there and clock < "02:30:00":
            raise AssertionError(f"the backup ran before 02:30 (the file was on node2 by {clock} on node1's clock, "
                                 "right after the clock change): it is scheduled at another time, not at 02:30")
        if mirror.succeeds_within(node2, arrived, 140):
            return
        raise AssertionError("at 02:30 on node1's clock no backup ran (the new file did not reach node2 within two minutes)")
    finally:
        node1.run(f"now=$(cut -d' ' -f1 /proc/uptime); "
                  f"date -s @$(python3 -c 'print(int({orig} + $now - {up}))') >/dev/null")
        node1.run(f"rm -f {SRC}/{probe}")
        node2.run(f"rm -f {DST}/{probe}")


@requirement("req-3")
def restore_works(node1):
    _backup(node1)
    want = mirror.listing(node1, SRC, OWNER_MODE)
    node1.run(f"rm -f {SRC}/2026/ledger-01.csv; echo corrupted > {SRC}/2026/ledger-02.csv; "
              f"chmod 0666 {SRC}/INDEX; rm -rf {SRC}/2025")
    assert mirror.listing(node1, SRC, OWNER_MODE) != want, f"the check could not damage {SRC} on node1"
    res = mirror.unattended(node1, "/usr/local/sbin/restore-records", 120)
    assert res.rc == 0, f"/usr/local/sbin/restore-records fails: {(res.stderr or res.stdout).strip()[-400:]}"
    got = mirror.listing(node1, SRC, OWNER_MODE)
    assert got == want, f"after restore-records, /srv/records differs from the backup:\nwant:\n{want}\ngot:\n{got}"


@requirement("req-4")
def source_untouched(node1):
    before = mirror.listing(node1, SRC, OWNER_MODE)
    mirror.unattended(node1, "/usr/local/sbin/backup-records", 120)
    assert before and mirror.listing(node1, SRC, OWNER_MODE) == before, "running the backup changed /srv/records on node1"
