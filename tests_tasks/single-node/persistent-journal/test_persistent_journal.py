"""Judged on the journal itself. A marker line is logged with logger and must be read back from
the journal files under /var/log/journal; after the reboot, the marker logged in the boot the
agent left (the post_agent snapshot's boot id) must still be there, filed under that boot. The
cap is the limit journald itself reports whenever it opens the journal on disk (its "System
Journal (/var/log/journal/…) is …, max …" message, MAX_USE). The policy is judged by a debug
message that must not be stored while an info message sent after it is."""
import json
import shlex
import uuid

from fixtures.checks import baseline, requirement

TAG = "opsbench-journal-check"
USAGE_ID = "ec387f577b844b8fa948f33cad9a75e6"  # journald's disk usage message (SD_MESSAGE_JOURNAL_USAGE)
CAP = 64 * 1024 * 1024


def _lines(node1, options: str = "") -> list[str]:
    """The messages of TAG in the journal that journalctl reads with `options`."""
    return node1.run(f"journalctl {options} -t {TAG} -o cat --no-pager").stdout.splitlines()


def _shows_up(node1, text: str, options: str = "", wait_s: int = 10) -> bool:
    """Whether a message `text` of TAG appears within `wait_s` in what journalctl reads with `options`."""
    for _ in range(wait_s * 2):
        if text in _lines(node1, options):
            return True
        node1.run("sleep 0.5")
    return False


def _log(node1, text: str, priority: str = "user.notice") -> None:
    node1.check_output(f"logger -t {TAG} -p {priority} {shlex.quote(text)}")


def _boot_left_by_agent(ctx) -> str | None:
    """The boot id node1 had when the agent was done (None when there is no post_agent snapshot)."""
    try:
        return ctx.snapshot("post_agent", "node1")["boot_id"]
    except RuntimeError:
        return None


def _kept_on_disk(node1, boot: str) -> None:
    mark = f"marker of boot {boot}"
    _log(node1, mark)
    if not _shows_up(node1, mark, "-D /var/log/journal"):
        where = "in memory only (/run/log/journal)" if mark in _lines(node1) else "nowhere"
        raise AssertionError(f"a message logged now is kept {where}, not in a journal on disk under /var/log/journal")


@baseline
def in_memory_before(node1):
    assert not node1.file("/var/log/journal").exists, "/var/log/journal exists before the agent"
    mark = f"baseline {uuid.uuid4().hex}"
    _log(node1, mark)
    assert _shows_up(node1, mark), "a message logged with logger does not reach the journal"
    debug_not_stored(node1)


@requirement("req-1")
def kept_across_reboots(ctx, node1):
    boot = node1.check_output("cat /proc/sys/kernel/random/boot_id").strip()
    earlier = _boot_left_by_agent(ctx)
    if earlier and earlier != boot:  # after the reboot: the first pass logged a marker in `earlier`
        mark = f"marker of boot {earlier}"
        if mark not in _lines(node1, f"_BOOT_ID={earlier.replace('-', '')}"):
            boots = node1.run("journalctl --list-boots --no-pager").stdout.strip()
            raise AssertionError(f"the message logged before the reboot is gone; the journal holds these boots: "
                                 f"{boots[-400:] or 'none'}")
    _kept_on_disk(node1, boot)


@requirement("req-2")
def capped_at_64_mib(node1):
    out = node1.run(f"journalctl -b MESSAGE_ID={USAGE_ID} -o json --no-pager").stdout
    usage = [json.loads(line) for line in out.splitlines() if line.startswith("{")]
    on_disk = [u for u in usage if str(u.get("JOURNAL_PATH", "")).startswith("/var/log/journal")]
    assert on_disk, "journald has not opened a journal on disk in this boot: it keeps the journal in /run only"
    max_use = int(on_disk[-1]["MAX_USE"])
    assert max_use == CAP, \
        f"journald limits its journal on disk to {max_use / 2**20:.1f} MiB ({on_disk[-1].get('MESSAGE', '')}), not 64 MiB"


@requirement("req-3")
def debug_not_stored(node1):
    tag = uuid.uuid4().hex
    _log(node1, f"debug {tag}", "user.debug")
    _log(node1, f"info {tag}", "user.info")  # read in the order sent: once it is in, the debug one was seen
    assert _shows_up(node1, f"info {tag}"), "an info message logged with logger never reached the journal"
    assert f"debug {tag}" not in _lines(node1), "debug messages are stored in the journal again"
