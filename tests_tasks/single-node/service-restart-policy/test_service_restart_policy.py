"""Judged by crashing the worker for real: SIGSEGV to its main process, or a job it cannot parse
(it exits with status 1), and watching its main PID. The crash loop starts from a fresh start
(reset-failed also empties systemd's start counter), and the crashes are at least 4 s apart, so
systemd's default limit (5 starts in 10 s) never stops it: only a limit over the minute asked
for does. The vendor's files are verified with dpkg, and the package is then installed again as
an upgrade would, replacing them. Every check leaves the worker running, its failed state reset,
its own jobs removed."""
import shlex
import time
import uuid

from fixtures.checks import baseline, requirement
from tasklib import systemd

UNIT = "queue-worker"
SPOOL = "/var/spool/queue-worker"
DEB = "/opt/vendor/queue-worker_2.3.1_all.deb"
CRASH_GAP_S = 4


def _next_pid(node1, old: int, within_s: int) -> int:
    """The first main PID of the worker other than `old` seen within `within_s` (0: none)."""
    out = node1.run(f"""end=$(( $(date +%s) + {within_s} ))
while [ "$(date +%s)" -le "$end" ]; do
  p=$(systemctl show -p MainPID --value {UNIT})
  case "$p" in 0|{old}) sleep 0.25 ;; *) echo "$p"; exit 0 ;; esac
done
echo 0""").stdout.split()
    return int(out[-1]) if out and out[-1].isdigit() else 0


def _state(node1) -> str:
    return node1.run(f"systemctl show -p ActiveState --value {UNIT}").stdout.strip()


def _drop_job(node1, body: str) -> str:
    """A job file put into incoming/ whole (written beside it, then moved); its name."""
    name = "ob-" + uuid.uuid4().hex[:8]
    node1.check_output(f"printf '%s\\n' {shlex.quote(body)} > {SPOOL}/{name}.tmp && "
                       f"mv {SPOOL}/{name}.tmp {SPOOL}/incoming/{name}")
    return name


def _fresh(node1) -> int:
    """The worker restarted from a clean slate (failed state and start counter reset); its PID."""
    node1.run(f"systemctl reset-failed {UNIT}; systemctl restart {UNIT}")
    pid = _next_pid(node1, 0, 10)
    assert pid, f"queue-worker does not start: {node1.run(f'systemctl status {UNIT} --no-pager').stdout[-300:]}"
    return pid


def _restore(node1):
    node1.run(f"rm -f {SPOOL}/*/ob-* {SPOOL}/ob-*; systemctl reset-failed {UNIT}; systemctl start {UNIT}")


@baseline
def a_crash_leaves_it_down(node1):
    pid = systemd.main_pid(node1, UNIT)
    assert pid, "queue-worker is not running"
    try:
        node1.check_output(f"kill -SEGV {pid}")
        assert not _next_pid(node1, pid, 5), "queue-worker already comes back after a crash"
    finally:
        _restore(node1)


@requirement("req-1")
def back_after_a_crash(node1):
    pid = systemd.main_pid(node1, UNIT)
    assert pid, f"queue-worker is not running (state {_state(node1)})"
    try:
        node1.check_output(f"kill -SEGV {pid}")
        new = _next_pid(node1, pid, 10)
        assert new, f"queue-worker was not running again within 10 s after a crash (SIGSEGV); it is {_state(node1)}"
        job = _drop_job(node1, "not a job")
        again = _next_pid(node1, new, 11)
        assert node1.file(f"{SPOOL}/processing/{job}").exists, "the worker did not take the malformed job"
        assert again, "queue-worker was not running again within 10 s after it stopped with an error " \
                      f"(exit status 1 on a malformed job); it is {_state(node1)}"
    finally:
        _restore(node1)


@requirement("req-2")
def gives_up_on_a_crash_loop(node1):
    try:
        pid, last = _fresh(node1), 0.0
        for crash in range(1, 7):
            time.sleep(max(0.0, CRASH_GAP_S - (time.monotonic() - last)))
            node1.run(f"kill -SEGV {pid}")
            last = time.monotonic()
            pid = _next_pid(node1, pid, 12)
            if not pid:
                break
        assert crash >= 5, f"queue-worker stayed down after crash {crash} (crashes {CRASH_GAP_S} s apart): " \
                           "it must be given up only after five crashes within a minute"
        assert not pid, "queue-worker was started again after its sixth crash within a minute: it is never given up"
        state = _state(node1)
        assert state == "failed", f"after {crash} crashes queue-worker is {state!r}, not failed: monitoring would not see it"
    finally:
        _restore(node1)


@requirement("req-3")
def stays_stopped_after_a_drain(node1):
    try:
        pid = _fresh(node1)
        _drop_job(node1, "drain")
        node1.check_output(f"timeout 10 sh -c 'while kill -0 {pid} 2>/dev/null; do sleep 0.2; done'")
        new = _next_pid(node1, pid, 15)
        assert not new, "queue-worker was started again after it finished normally on a drain job"
    finally:
        _restore(node1)


@requirement("req-4")
def vendor_files_untouched(node1):
    changed = node1.run("dpkg --verify queue-worker").stdout.strip()
    assert not changed, f"files of the vendor's queue-worker package were changed: {changed}"
    res = node1.run(f"dpkg -i {DEB}")
    assert res.rc == 0, f"the vendor's package cannot be installed again (as an upgrade does): {res.stderr.strip()[-300:]}"
    try:
        pid = _fresh(node1)
        node1.check_output(f"kill -SEGV {pid}")
        assert _next_pid(node1, pid, 10), \
            "once the vendor's package is installed again (as an upgrade does), a crash leaves queue-worker down"
    finally:
        _restore(node1)
