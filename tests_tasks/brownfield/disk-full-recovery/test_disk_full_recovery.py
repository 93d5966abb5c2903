import hashlib

from fixtures.checks import requirement

# the prepared records.db is `seq 1 200000` with a "record-" prefix: its hash is known here
RECORDS = "".join(f"record-{i}\n" for i in range(1, 200001)).encode()
RECORDS_SHA = hashlib.sha256(RECORDS).hexdigest()


@requirement("req-1")
def quarter_free(node1):
    out = node1.check_output("df -P / | awk 'NR==2 {print $2, $4}'")
    size, avail = map(int, out.split())
    assert avail / size >= 0.25, f"only {avail / size:.0%} of / is free"


@requirement("req-2")
def data_unchanged(node1):
    db = node1.file("/srv/myapp/data/records.db")
    assert db.exists, "records.db is gone"
    assert db.sha256sum == RECORDS_SHA, "records.db was changed"
    assert node1.file("/srv/myapp/data/settings.conf").content_string == "customer=acme\nplan=gold\n"


@requirement("req-3")
def app_can_write(node1):
    # the effect, not free space in the abstract: the app user really allocates 1 GiB
    # (what failed in the starting condition)
    res = node1.run("runuser -u myapp -- sh -c 'fallocate -l 1G /srv/myapp/data/.probe "
                    "&& rm -f /srv/myapp/data/.probe'")
    assert res.rc == 0, f"myapp cannot write under /srv/myapp: {res.stderr.strip()}"


@requirement("req-4")
def current_log_kept(node1):
    log = node1.file("/var/log/myapp/app.log")
    assert log.exists, "app.log was removed"
    assert "app started" in log.content_string, "app.log lost its content"
