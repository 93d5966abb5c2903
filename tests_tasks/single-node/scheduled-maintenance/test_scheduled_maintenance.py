"""Judged by waiting for the job: the check notes the time, then watches the log for runs that
happen after it (each line starts with the run's epoch). One observation per boot serves all
three requirements. Two runs in the same second write the same line twice: the log's lines are
counted as they are (not made unique), so a job scheduled twice (cron and a timer) shows."""
from fixtures.checks import baseline, requirement

LOG = "/var/log/queue-stats/queue-stats.log"
_seen: dict[str, dict] = {}

WATCH = r"""
start=$(date +%s); seen=$(mktemp)
fresh() { [ -r LOG ] && awk -v s="$start" '$1 ~ /^[0-9]+$/ && $1 >= s' LOG || true; }
while :; do
  fresh >> "$seen"
  n=$(sort -u "$seen" | wc -l); el=$(( $(date +%s) - start ))
  [ "$n" -ge 2 ] && break
  [ "$n" -eq 0 ] && [ "$el" -ge 80 ] && break
  [ "$el" -ge 150 ] && break
  sleep 2
done
sort -u "$seen" | sed 's/^/RUN /'
fresh | sed 's/^/NOW /'
rm -f "$seen"
""".replace("LOG", LOG)


def _observe(node1) -> dict:
    boot = node1.run("cat /proc/sys/kernel/random/boot_id").stdout.strip()
    if boot not in _seen:
        out = node1.run(WATCH).stdout.splitlines()
        runs = sorted((l[4:].split() for l in out if l.startswith("RUN ")), key=lambda r: int(r[0]))
        now = [l[4:] for l in out if l.startswith("NOW ")]
        # every run, as often as it wrote its line (what the log still holds, else seen once)
        entries = sorted((int(r[0]) for r in runs for _ in range(max(1, now.count(" ".join(r))))))
        _seen[boot] = {"runs": runs, "lost": [r for r in runs if " ".join(r) not in now],
                       "entries": entries}
    return _seen[boot]


@baseline
def nothing_scheduled(node1):
    assert not node1.file(LOG).exists, "the log already exists"


@requirement("req-1")
def runs_by_itself_and_logs(node1):
    seen = _observe(node1)
    assert seen["runs"], f"the job did not run by itself within 80 s (no new entry in {LOG})"
    assert not seen["lost"], f"entries of earlier runs disappeared from {LOG}: they are not kept"


@requirement("req-2")
def runs_as_metrics(node1):
    seen = _observe(node1)
    assert seen["runs"], "the job did not run by itself, so it does not run as metrics"
    users = {f.split("=", 1)[1] for r in seen["runs"] for f in r if f.startswith("user=")}
    assert users == {"metrics"}, f"the job ran as {', '.join(sorted(users)) or 'unknown'}, not as metrics"


@requirement("req-3")
def once_a_minute(node1):
    seen = _observe(node1)
    runs, entries = seen["runs"], seen["entries"]
    assert len(runs) >= 2, f"only {len(runs)} run(s) of the job seen in 150 s: it does not run every minute"
    gaps = [b - a for a, b in zip(entries, entries[1:])]
    bad = [g for g in gaps if not 45 <= g <= 75]
    assert not bad, f"consecutive runs were {', '.join(map(str, gaps))} s apart, not about a minute each"
