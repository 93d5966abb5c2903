"""Judged on what systemd and cron would do: the timer is found by what its service runs,
whatever its name; its next run is read from systemd; the job is really run by starting the
timer's service; a missed run is staged by dating the timer's stamp two days back and starting
the timer again (a persistent timer makes the run up at once, another one waits for 03:15);
the crontabs are every file cron reads, with cron's own naming rules."""
import re

from fixtures.checks import baseline, requirement
from fixtures.traffic import settled

JOB = "/usr/local/bin/nightly-report"
REPORTS = "/var/lib/reports"
PRUNE = "30 4 * * 0 root find /var/lib/reports -name 'report-*.txt' -mtime +30 -delete"

# "<timer> <service>" for every timer unit there is (loaded, or only a file) whose service runs JOB
TIMERS = r"""
{ systemctl list-unit-files --type=timer --no-legend --no-pager | awk '{print $1}'
  systemctl list-units --all --type=timer --no-legend --no-pager --plain | awk '{print $1}'; } |
  sort -u | grep -v '@\.timer$' | while read -r t; do
    s=$(systemctl show -p Unit --value "$t")
    [ -n "$s" ] && systemctl show -p ExecStart --value "$s" | grep -qF JOB && echo "$t $s"
  done; true
""".replace("JOB", JOB)

# "<file>: <line>" for every line that is neither blank nor a comment, in every file cron reads:
# /etc/crontab, /etc/cron.d, the users' crontabs, and the run-parts folders /etc/crontab runs
# (cron and run-parts skip names with other characters than letters, digits, _ and -)
CRON_LINES = r"""
live() { grep -v '^[[:space:]]*\(#\|$\)' "$1" | sed "s|^|$1: |"; }
for f in /etc/crontab /etc/cron.d/* /var/spool/cron/crontabs/* /etc/cron.hourly/* /etc/cron.daily/* \
         /etc/cron.weekly/* /etc/cron.monthly/*; do
  [ -f "$f" ] || continue
  case "${f##*/}" in *[!A-Za-z0-9_-]*) continue ;; esac
  case "$f" in /etc/cron.hourly/*|/etc/cron.daily/*|/etc/cron.weekly/*|/etc/cron.monthly/*) [ -x "$f" ] || continue ;; esac
  live "$f"
done; true
"""


def _the_timer(node1) -> tuple[str, str]:
    """The one timer that runs the job, and the service it starts."""
    found = [tuple(line.split()) for line in node1.check_output(TIMERS).splitlines() if len(line.split()) == 2]
    assert found, f"no systemd timer starts a service that runs {JOB}"
    assert len(found) == 1, f"several timers run the job, so it runs more than once: {', '.join(t for t, _ in found)}"
    return found[0]


def _reports(node1) -> dict[str, str]:
    """The reports in REPORTS: path → modification time (to the nanosecond)."""
    out = node1.check_output(f"find {REPORTS} -maxdepth 1 -type f -name 'report-*.txt' -printf '%p %T@\\n'")
    return dict(line.rsplit(" ", 1) for line in out.splitlines() if " " in line)


def _new_report(node1, before: dict[str, str], wait_s: int) -> list[str]:
    """The reports written after `before` was read, waiting up to `wait_s` for the first."""
    for _ in range(wait_s):
        now = _reports(node1)
        new = [p for p, t in now.items() if before.get(p) != t]
        if new:
            return new
        node1.run("sleep 1")
    return []


def _cron_lines(node1, needle: str) -> list[str]:
    return [line for line in node1.check_output(CRON_LINES).splitlines() if needle in line]


@baseline
def cron_runs_it_before(node1):
    assert _cron_lines(node1, JOB), f"cron does not run {JOB} before the agent"
    assert not node1.check_output(TIMERS).strip(), "a systemd timer runs the job before the agent"
    assert node1.service("cron").is_running, "cron is not running before the agent"


@requirement("req-1")
def timer_at_0315(ctx, node1):
    settled(ctx)  # after the reboot, timers.target may still be starting
    timer, _ = _the_timer(node1)
    state = node1.check_output(f"systemctl show -p ActiveState --value {timer}").strip()
    assert state == "active", f"{timer} is {state}, not active: nothing schedules the job"
    nxt = node1.check_output(f"systemctl show -p NextElapseUSecRealtime --value {timer}").strip()
    at = re.search(r"\b(\d\d:\d\d:\d\d)\b", nxt)
    assert at, f"{timer} has no next run planned ({nxt or 'none'})"
    assert at.group(1) == "03:15:00", f"{timer} runs the job next at {nxt}, not at 03:15"
    left = node1.check_output(f"echo $(( $(date -d '{nxt}' +%s) - $(date +%s) ))").strip()
    assert 0 < int(left) <= 24 * 3600, f"{timer}'s next run, {nxt}, is not within the next day: it does not run every night"


@requirement("req-2")
def service_runs_the_job(node1):
    _, service = _the_timer(node1)
    before = _reports(node1)
    node1.run(f"systemctl start {service}")  # a oneshot service returns when the job is done
    if not _new_report(node1, before, 60):
        log = node1.run(f"journalctl -u {service} -n 5 -o cat --no-pager").stdout.strip()
        raise AssertionError(f"starting {service} wrote no new report in {REPORTS}: {log[-400:] or 'no output'}")


@requirement("req-3")
def missed_run_made_up(node1):
    timer, _ = _the_timer(node1)
    stamp = f"/var/lib/systemd/timers/stamp-{timer}"  # where systemd keeps a persistent timer's last run
    had_stamp = node1.file(stamp).exists
    before = _reports(node1)
    node1.check_output(f"mkdir -p {stamp.rsplit('/', 1)[0]} && touch -d '2 days ago' {stamp} && systemctl restart {timer}")
    try:
        made_up = _new_report(node1, before, 30)
    finally:
        if not had_stamp:
            node1.run(f"rm -f {stamp}")
    assert made_up, (f"{timer} last ran two days ago by its record, yet starting it again ran no report within "
                     f"30 s: a missed run is not made up")


@requirement("req-4")
def cron_no_longer_runs_it(node1):
    left = _cron_lines(node1, "nightly-report")
    assert not left, f"cron still runs the job, so it runs twice: {'; '.join(left)[:400]}"


@requirement("req-5")
def other_cron_job_kept(ctx, node1):
    settled(ctx)
    assert node1.service("cron").is_running, "cron is not running: the other jobs no longer run"
    assert node1.service("cron").is_enabled, "cron is not enabled: it will not run after the next boot"
    live = [line.split(": ", 1)[1] for line in _cron_lines(node1, "find /var/lib/reports")]
    assert any(" ".join(line.split()) == PRUNE for line in live), \
        f"the pruning job is no longer scheduled as it was ({'; '.join(live) or 'in no crontab cron reads'})"
