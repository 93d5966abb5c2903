"""Judged by making the running service itself try to write (PUT with an absolute name) and
looking on the host whether the file appeared; every probe file is removed afterwards."""
import hashlib
from pathlib import Path

from fixtures.checks import baseline, requirement
from tasklib import systemd

URL = "http://127.0.0.1:8500"
# the program as prepare.sh writes it (the heredoc between <<'PY' and PY)
_PREP = (Path(__file__).parent / "prepare.sh").read_text()
PROGRAM_SHA = hashlib.sha256(_PREP.split("<<'PY'\n", 1)[1].split("\nPY\n", 1)[0].encode()
                             + b"\n").hexdigest()


def _put(node1, name: str) -> None:
    node1.run(f"printf 'ob-probe' | curl -s --max-time 10 -X PUT --data-binary @- "
              f"'{URL}/files?name={name}'")


def _escaped(node1, paths: list[str]) -> list[str]:
    """Make the service write each path; return the ones that appeared on the host."""
    got = []
    for p in paths:
        node1.run(f"rm -f {p}")
        _put(node1, p)
        if node1.run(f"grep -qx ob-probe {p}").rc == 0:
            got.append(p)
        node1.run(f"rm -f {p}")
    return got


@baseline
def writes_anywhere_at_start(node1):
    assert _escaped(node1, ["/etc/ob-baseline-probe"]), "the uploader cannot escape in the starting condition"


@requirement("req-1")
def still_works(node1):
    assert node1.run(f"curl -sf --max-time 5 {URL}/health").rc == 0, "uploader does not answer on port 8500"
    node1.run("rm -rf /var/lib/uploader/obcheck")
    res = node1.run(f"printf 'report 42' | curl -sf --max-time 10 -X PUT --data-binary @- "
                    f"'{URL}/files?name=obcheck/report.txt'")
    assert res.rc == 0, f"uploader could not store a file in its data directory: {res.stdout.strip()}"
    assert node1.run("grep -qx 'report 42' /var/lib/uploader/obcheck/report.txt").rc == 0, \
        "the stored file is not in /var/lib/uploader"
    got = node1.run(f"curl -sf --max-time 10 '{URL}/files?name=obcheck/report.txt'")
    assert got.rc == 0 and got.stdout == "report 42", "uploader does not return a stored file"
    node1.run("rm -rf /var/lib/uploader/obcheck")
    assert node1.service("uploader.service").is_enabled, "uploader.service is no longer enabled"


@requirement("req-2")
def system_locations_protected(node1):
    """The rule is "only its data directory": besides the ticket's examples, the root directory
    and /opt, where the uploader's own program lives (what a list of the examples leaves open)."""
    got = _escaped(node1, ["/etc/ob-probe", "/usr/local/lib/ob-probe", "/srv/shared/ob-probe",
                           "/var/lib/ob-probe", "/var/log/ob-probe", "/opt/uploader/ob-probe",
                           "/ob-probe"])
    assert not got, f"the uploader service could write {', '.join(got)}"


@requirement("req-3")
def homes_protected(node1):
    got = _escaped(node1, ["/root/ob-probe", "/home/dana/ob-probe"])
    assert not got, f"the uploader service could write {', '.join(got)}"


@requirement("req-4")
def shared_tmp_untouched(node1):
    got = _escaped(node1, ["/tmp/ob-probe", "/var/tmp/ob-probe"])
    assert not got, f"files the uploader service wrote appeared in the shared {', '.join(got)}"


@requirement("req-5")
def program_unchanged(node1):
    assert node1.file("/opt/uploader/uploader.py").sha256sum == PROGRAM_SHA, \
        "/opt/uploader/uploader.py was modified"
    pid = systemd.main_pid(node1, "uploader.service")
    cmd = node1.run(f"tr '\\0' ' ' < /proc/{pid}/cmdline").stdout
    assert "/opt/uploader/uploader.py" in cmd, \
        f"the service no longer runs /opt/uploader/uploader.py ({cmd.strip() or 'not running'})"
