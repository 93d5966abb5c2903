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
    ctx.run("node1", f"printf 'entry {tag}\\n' > {SRC}/2026/ledger-{tag}.csv && "
                     f"chown records:records {SRC}/2026/ledger-{tag}.csv && chmod 0640 {SRC}/2026/ledger-{tag}.csv")
    _backup(ctx)
    a, b = _tree(ctx, "node1", SRC), _tree(ctx, "node2", DST)
    assert b, f"node2 has no backup in {DST}"
    assert a == b, f"node2's {DST} differs from node1's {SRC} (path uid mode sha256):\nnode1:\n{a}\nnode2:\n{b}"


@requirement("req-2")
def nightly_schedule(ctx):
    tag = uuid.uuid4().hex[:10]
    ctx.run("node1", f"printf 'nightly {tag}\\n' > {SRC}/nightly-probe.csv && chown records:records {SRC}/nightly-probe.csv")
    ctx.run("node2", f"rm -f {DST}/nightly-probe.csv")
    # move node1's clock to 20 s before the next 02:30, wait for the job, then put the clock back
    start = ctx.run("node1", "orig=$(date +%s); up=$(cut -d' ' -f1 /proc/uptime); "
                             "t=$(date -d 'today 02:29:40' +%s); [ $t -gt $orig ] || t=$(date -d 'tomorrow 02:29:40' +%s); "
                             "date -s @$t >/dev/null && echo $orig $up")
    assert start.exit_code == 0, f"the check could not set node1's clock: {start.stderr.strip()}"
    orig, up = start.stdout.split()
    try:
        deadline = time.time() + 150
        while time.time() < deadline:
            if ctx.run("node2", f"grep -qs 'nightly {tag}' {DST}/nightly-probe.csv").exit_code == 0:
                return
            time.sleep(10)
        raise AssertionError("at 02:30 on node1's clock no backup ran (the new file did not reach node2 within two minutes)")
    finally:
        ctx.run("node1", f"now=$(cut -d' ' -f1 /proc/uptime); "
                         f"date -s @$(python3 -c 'print(int({orig} + $now - {up}))') >/dev/null")


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
