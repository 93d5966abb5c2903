"""Judged by trying: running a script and a copied program from /srv/uploads, a setuid-root
copy of `id` run by an unprivileged user, and a character device node (/dev/null's numbers)
created there. The probes are new files (not only the uploads already there), and placing
each must have worked: a filesystem that refuses the probe proves nothing. Each probe is
removed again."""
from fixtures.checks import baseline, requirement

T = "/srv/uploads/.ob-probe"
MANIFEST = "/var/lib/opsbench/uploads.sha256"


def mounted(node1) -> None:
    src = node1.run("findmnt -n -o SOURCE --target /srv/uploads").stdout.strip()
    assert src == "/dev/vdb", f"/srv/uploads is not the data disk /dev/vdb (it is {src or 'not mounted'})"


@baseline
def scripts_run_there(node1):
    res = node1.run("/srv/uploads/incoming/install.sh")
    assert "uploaded script ran" in res.stdout, "the uploaded script does not run after prepare"


@requirement("req-1")
def nothing_executes(node1):
    mounted(node1)
    made = node1.run(f"mkdir -p {T} && cp /usr/bin/true {T}/true && "
                     f"printf '#!/bin/sh\\necho script-ran\\n' > {T}/s.sh && chmod 755 {T}/true {T}/s.sh")
    try:
        assert made.rc == 0, f"could not place the probe program and script in {T}: {made.stderr.strip()}"
        script = node1.run(f"{T}/s.sh")
        prog = node1.run(f"{T}/true && echo prog-ran")
        old = node1.run("/srv/uploads/incoming/install.sh")
    finally:
        node1.run(f"rm -rf {T}")
    ran = [what for what, res, mark in (("a script", script, "script-ran"), ("a program", prog, "prog-ran"),
                                        ("the uploaded install.sh", old, "uploaded script ran"))
           if mark in res.stdout]
    assert not ran, f"executed from /srv/uploads: {', '.join(ran)}"


@requirement("req-2")
def setuid_has_no_effect(node1):
    mounted(node1)
    made = node1.run(f"mkdir -p {T} && chmod 755 {T} && cp /usr/bin/id {T}/id && chmod 4755 {T}/id "
                     f"&& test -u {T}/id")
    try:
        assert made.rc == 0, f"could not place a setuid-root probe in {T}: {made.stderr.strip()}"
        res = node1.run(f"runuser -u nobody -- {T}/id -u 2>&1")
        flags = node1.run("python3 -c 'import os; print(os.statvfs(\"/srv/uploads\").f_flag & os.ST_NOSUID)'")
    finally:
        node1.run(f"rm -rf {T}")
    assert res.stdout.strip() != "0", "a setuid-root program in /srv/uploads runs as root"
    assert flags.stdout.strip() not in ("", "0"), "the kernel honours setuid bits on /srv/uploads"


@requirement("req-3")
def device_files_do_not_work(node1):
    mounted(node1)
    made = node1.run(f"mkdir -p {T} && mknod {T}/null c 1 3 && chmod 666 {T}/null && test -c {T}/null")
    try:
        assert made.rc == 0, f"could not create a device node in {T}: {made.stderr.strip()}"
        res = node1.run(f"test -c {T}/null && echo data > {T}/null && echo device-worked")
    finally:
        node1.run(f"rm -rf {T}")
    assert "device-worked" not in res.stdout, "a device file in /srv/uploads gives access to its device"


@requirement("req-4")
def data_kept_and_writable(node1):
    mounted(node1)
    res = node1.run(f"cd /srv/uploads && sha256sum --quiet -c {MANIFEST} 2>&1")
    assert res.rc == 0, f"uploads are missing or changed: {res.stdout.strip()[-400:]}"
    w = node1.run("runuser -u uploader -- sh -c 'echo ok > /srv/uploads/incoming/.ob-write && "
                  "rm /srv/uploads/incoming/.ob-write'")
    assert w.rc == 0, f"uploader cannot write to /srv/uploads/incoming: {w.stderr.strip()}"
