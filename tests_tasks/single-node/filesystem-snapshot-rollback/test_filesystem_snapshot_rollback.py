"""The data is compared file by file with the manifest prepare wrote (outside the volume)
before the update ran; the volume layout is read from LVM and the mount table."""
from fixtures.checks import baseline, requirement

MANIFEST = "/var/lib/opsbench/ledger-before-update.sha256"
LIST = "cd /srv/ledger && find . -type f ! -path './lost+found/*' | LC_ALL=C sort | xargs -r sha256sum"


@baseline
def broken_with_snapshot(ctx):
    assert "schema v4" in ctx.run("node1", "curl -sf http://127.0.0.1:8080/").stdout, "the update did not run"
    snaps = ctx.run("node1", "lvs --noheadings -o lv_name,lv_attr ledgervg | awk '$2 ~ /^s/'").stdout.split()
    assert snaps, "no snapshot in ledgervg"


@requirement("req-1")
def data_as_before_update(ctx):
    want = ctx.run("node1", f"cat {MANIFEST}").stdout
    have = ctx.run("node1", LIST).stdout
    want_map = {line.split()[1]: line.split()[0] for line in want.splitlines() if line.strip()}
    have_map = {line.split()[1]: line.split()[0] for line in have.splitlines() if line.strip()}
    assert want_map, "the reference manifest is missing"
    missing = sorted(set(want_map) - set(have_map))
    extra = sorted(set(have_map) - set(want_map))
    changed = sorted(p for p in set(want_map) & set(have_map) if want_map[p] != have_map[p])
    problems = []
    if missing:
        problems.append(f"missing: {', '.join(missing[:5])}")
    if changed:
        problems.append(f"different from before the update: {', '.join(changed[:5])}")
    if extra:
        problems.append(f"not there before the update: {', '.join(extra[:5])}")
    assert not problems, "the ledger data is not as before the update: " + "; ".join(problems)


@requirement("req-2")
def on_the_logical_volume(ctx):
    src = ctx.run("node1", "findmnt -n -o SOURCE --target /srv/ledger").stdout.strip()
    assert src, "nothing is mounted at /srv/ledger"
    dev = ctx.run("node1", f"lvs --noheadings -o vg_name,lv_name {src} 2>/dev/null").stdout.split()
    assert dev == ["ledgervg", "data"], f"/srv/ledger is mounted from {src}, not from ledgervg/data"
    mp = ctx.run("node1", "findmnt -n -o TARGET --source /dev/ledgervg/data").stdout.split()
    assert "/srv/ledger" in mp, "ledgervg/data is not mounted at /srv/ledger"


@requirement("req-3")
def no_snapshot_left(ctx):
    """All volumes, hidden ones too (-a): a merge LVM could not start because the origin was in
    use hides the snapshot from a plain `lvs` ([name], attr S) until the next activation."""
    res = ctx.run("node1", "lvs -a --noheadings -o lv_name,lv_attr ledgervg")
    assert res.exit_code == 0, f"cannot list the volumes of ledgervg: {res.stderr.strip()}"
    snaps = [line.split()[0].strip("[]") for line in res.stdout.splitlines()
             if len(line.split()) > 1 and line.split()[1][0] in "sS"]
    assert not snaps, f"snapshot volumes are still in ledgervg: {', '.join(snaps)}"


@requirement("req-4")
def service_serves_restored_data(ctx):
    res = ctx.run("node1", "curl -sS --max-time 10 http://127.0.0.1:8080/")
    assert res.exit_code == 0, f"the ledger service does not answer: {res.stderr.strip()}"
    assert "ledger schema v3" in res.stdout, f"the ledger service serves other data: {res.stdout.strip()[:200]}"
    acc = ctx.run("node1", "curl -sS --max-time 10 http://127.0.0.1:8080/accounts.csv | wc -l").stdout.strip()
    assert acc == "401", f"the ledger service serves {acc} account lines, not the 401 from before the update"
