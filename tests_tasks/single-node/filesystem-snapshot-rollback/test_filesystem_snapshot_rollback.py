"""The data is compared file by file with the manifest prepare wrote (outside the volume)
before the update ran; the volume layout is read from LVM and the mount table."""
from fixtures.checks import baseline, requirement
from tasklib import lvm

MANIFEST = "/var/lib/opsbench/ledger-before-update.sha256"
LIST = "cd /srv/ledger && find . -type f ! -path './lost+found/*' | LC_ALL=C sort | xargs -r sha256sum"


@baseline
def broken_with_snapshot(node1):
    assert "schema v4" in node1.run("curl -sf http://127.0.0.1:8080/").stdout, "the update did not run"
    snaps = node1.run("lvs --noheadings -o lv_name,lv_attr ledgervg | awk '$2 ~ /^s/'").stdout.split()
    assert snaps, "no snapshot in ledgervg"


@requirement("req-1")
def data_as_before_update(node1):
    want = node1.run(f"cat {MANIFEST}").stdout
    have = node1.run(LIST).stdout
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
def on_the_logical_volume(node1):
    lvm.assert_mounted_lv(node1, "/srv/ledger", "ledgervg", "data")


@requirement("req-3")
def no_snapshot_left(node1):
    """All volumes, hidden ones too (-a): a merge LVM could not start because the origin was in
    use hides the snapshot from a plain `lvs` ([name], attr S) until the next activation."""
    out = node1.check_output("lvs -a --noheadings -o lv_name,lv_attr ledgervg")
    snaps = [line.split()[0].strip("[]") for line in out.splitlines()
             if len(line.split()) > 1 and line.split()[1][0] in "sS"]
    assert not snaps, f"snapshot volumes are still in ledgervg: {', '.join(snaps)}"


@requirement("req-4")
def service_serves_restored_data(node1):
    res = node1.run("curl -sS --max-time 10 http://127.0.0.1:8080/")
    assert res.rc == 0, f"the ledger service does not answer: {res.stderr.strip()}"
    assert "ledger schema v3" in res.stdout, f"the ledger service serves other data: {res.stdout.strip()[:200]}"
    acc = node1.run("curl -sS --max-time 10 http://127.0.0.1:8080/accounts.csv | wc -l").stdout.strip()
    assert acc == "401", f"the ledger service serves {acc} account lines, not the 401 from before the update"
