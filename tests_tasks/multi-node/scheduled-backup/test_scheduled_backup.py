import time
import uuid

from fixtures.checks import requirement

SRC = "/srv/records"
DST = "/srv/backups/node1/records"


def _tree(ctx, node, root):
    res = ctx.run(node, f"cd {root} 2>/dev/null && find . -type f -printf '%p %U %m ' -exec sha256sum {{}} \\; "
                        "| awk '{print $1, $2, $3, $4}' | sort")
    return res.stdout.strip()


def _backup(ctx):
    res = ctx.run("node1", "env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root "
                           "setsid timeout 120 /usr/local/sbin/backup-records < /dev/null", timeout=150)
    assert res.exit_code == 0, ("/usr/local/sbin/backup-records fails when run unattended on node1: "
                                f"{(res.stderr or res.stdout).strip()[-400:]}")


@requirement("req-1")
def backup_copies(ctx):
    tag = uuid.uuid4().hex[:10]
    new = f"2026/ledger-{tag}.csv"
    made = ctx.run("node1", f"printf 'entry {tag}\\n' > {SRC}/{new} && "
                            f"chown records:records {SRC}/{new} && chmod 0640 {SRC}/{new}")
    assert made.exit_code == 0, f"the check could not add {SRC}/{new} on node1: {made.stderr.strip()}"
    try:
        _backup(ctx)
        a, b = _tree(ctx, "node1", SRC), _tree(ctx, "node2", DST)
        assert b, f"node2 has no backup in {DST}"
        assert a == b, f"node2's {DST} differs from node1's {SRC} (path uid mode sha256):\nnode1:\n{a}\nnode2:\n{b}"
    finally:
        ctx.run("node1", f"rm -f {SRC}/{new}")
        ctx.run("node2", f"rm -f {DST}/{new}")


@requirement("req-2")
def nightly_schedule(ctx):
    """node1's clock is moved to 02:29:40 and the new file must reach node2 after 02:30, not
    before: a job at another hour (midnight, hourly) fires at the clock change and is caught."""
    tag = uuid.uuid4().hex[:10]
    probe = "nightly-probe.csv"
    made = ctx.run("node1", f"printf 'nightly {tag}\\n' > {SRC}/{probe} && chown records:records {SRC}/{probe}")
    assert made.exit_code == 0, f"the check could not add {SRC}/{probe} on node1: {made.stderr.strip()}"
    ctx.run("node2", f"rm -f {DST}/{probe}")
    arrived = f"grep -qs 'nightly {tag}' {DST}/{probe}"
    # move node1's clock to 20 s before the next 02:30, wait for the job, then put the clock back
    start = ctx.run("node1", "orig=$(date +%s); up=$(cut -d' ' -f1 /proc/uptime); "
                             "t=$(date -d 'today 02:29:40' +%s); [ $t -gt $orig ] || t=$(date -d 'tomorrow 02:29:40' +%s); "
                             "date -s @$t >/dev/null && echo $orig $up")
    assert start.exit_code == 0, f"the check could not set node1's clock: {start.stderr.strip()}"
    jumped = time.monotonic()
    orig, up = start.stdout.split()
    try:
        time.sleep(max(0.0, jumped + 14 - time.monotonic()))  # node1's clock: about 02:29:54
        there = ctx.run("node2", arrived).exit_code == 0
        clock = ctx.run("node1", "date +%H:%M:%S").stdout.strip()  # read after: the file was there by then
        if there and clock < "02:30:00":
            raise AssertionError(f"the backup ran before 02:30 (the file was on node2 by {clock} on node1's clock, "
                                 "right after the clock change): it is scheduled at another time, not at 02:30")
        deadline = time.time() + 140
        while time.time() < deadline:
            if ctx.run("node2", arrived).exit_code == 0:
                return
            time.sleep(10)
        raise AssertionError("at 02:30 on node1's clock no backup ran (the new file did not reach node2 within two minutes)")
    finally:
        ctx.run("node1", f"now=$(cut -d' ' -f1 /proc/uptime); "
                         f"date -s @$(python3 -c 'print(int({orig} + $now - {up}))') >/dev/null")
        ctx.run("node1", f"rm -f {SRC}/{probe}")
        ctx.run("node2", f"rm -f {DST}/{probe}")


@requirement("req-3")
def restore_works(ctx):
    _backup(ctx)
    want = _tree(ctx, "node1", SRC)
    ctx.run("node1", f"rm -f {SRC}/2026/ledger-01.csv; echo corrupted > {SRC}/2026/ledger-02.csv; "
                     f"chmod 0666 {SRC}/INDEX; rm -rf {SRC}/2025")
    assert _tree(ctx, "node1", SRC) != want
    res = ctx.run("node1", "env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root "
                           "setsid timeout 120 /usr/local/sbin/restore-records < /dev/null", timeout=150)
    assert res.exit_code == 0, f"/usr/local/sbin/restore-records fails: {(res.stderr or res.stdout).strip()[-400:]}"
    got = _tree(ctx, "node1", SRC)
    assert got == want, f"after restore-records, /srv/records differs from the backup:\nwant:\n{want}\ngot:\n{got}"


@requirement("req-4")
def source_untouched(ctx):
    before = _tree(ctx, "node1", SRC)
    ctx.run("node1", "env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root "
                     "setsid timeout 120 /usr/local/sbin/backup-records < /dev/null", timeout=150)
    assert before and _tree(ctx, "node1", SRC) == before, "running the backup changed /srv/records on node1"
