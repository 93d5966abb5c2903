"""Judged as the service's user: thumbs creates 1000 new files among the originals and a new
entry (in a new hash directory) in its cache, as the service would; each probe is removed again.
The originals are compared with the hashes prepare kept root-only in /var/lib/opsbench."""
from fixtures.checks import baseline, requirement

MANIFEST = "/var/lib/opsbench/thumbs-originals.sha256"

# as thumbs: create N files in a fresh directory, print how many made it, remove them again
MANY = r"""cd / && runuser -u thumbs -- python3 - <<'PY'
import os, shutil, tempfile
d, made, err = None, 0, ""
try:
    d = tempfile.mkdtemp(prefix=".obcheck-", dir="/srv/thumbs/originals")
    for i in range(1000):
        with open(os.path.join(d, "upload-%04d.jpg" % i), "wb") as f:
            f.write(b"\xff\xd8\xff\xe0obcheck")
        made += 1
except OSError as e:
    err = e.strerror
finally:
    if d:
        shutil.rmtree(d, ignore_errors=True)
print(made, err)
PY"""


def _on_data_disk(node1) -> None:
    src = node1.run("findmnt -n -o SOURCE --mountpoint /srv/thumbs").stdout.strip()
    assert src == "/dev/vdb", f"/srv/thumbs is not the data disk /dev/vdb (it is {src or 'not mounted'})"


@baseline
def no_file_can_be_created(node1):
    res = node1.run("runuser -u thumbs -- touch /srv/thumbs/originals/.obcheck-probe")
    assert res.rc != 0 and "No space left" in res.stderr, "thumbs can still create files in the starting condition"
    size, used = map(int, node1.check_output("df -P /srv/thumbs | awk 'NR==2 {print $2, $3}'").split())
    assert used / size < 0.5, f"/srv/thumbs is {used / size:.0%} full in blocks: the starting condition should show free space"


@requirement("req-1")
def room_for_new_uploads(node1):
    _on_data_disk(node1)
    out = node1.check_output(MANY).split(" ", 1)
    made, err = int(out[0]), (out[1] if len(out) > 1 else "").strip()
    assert made == 1000, f"thumbs could store only {made} of 1000 new files under /srv/thumbs/originals ({err})"


@requirement("req-2")
def originals_kept(node1):
    res = node1.run(f"cd /srv/thumbs && sha256sum --quiet -c {MANIFEST} 2>&1")
    assert res.rc == 0, f"originals are missing or changed: {res.stdout.strip()[-400:]}"


@requirement("req-3")
def cache_writable(node1):
    _on_data_disk(node1)
    res = node1.run("runuser -u thumbs -- sh -c 'mkdir -p /srv/thumbs/cache/zz-obcheck && "
                    "echo thumb > /srv/thumbs/cache/zz-obcheck/obcheck-320x240.webp'")
    node1.run("rm -rf /srv/thumbs/cache/zz-obcheck")
    assert res.rc == 0, f"thumbs cannot write a new cache entry under /srv/thumbs/cache: {res.stderr.strip()}"
