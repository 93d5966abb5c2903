"""Judged by waiting for the job: the check notes the time, then watches the log for runs that
happen after it (each line starts with the run's epoch). One observation per boot serves all
three requirements."""
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


def _observe(ctx) -> dict:
    boot = ctx.run("node1", "cat /proc/sys/kernel/random/boot_id").stdout.strip()
    if boot not in _seen:
        out = ctx.run("node1", WATCH, timeout=200).stdout.splitlines()
        runs = sorted((l[4:].split() for l in out if l.startswith("RUN ")), key=lambda r: int(r[0]))
        now = {l[4:] for l in out if l.startswith("NOW ")}
        _seen[boot] = {"runs": runs, "lost": [r for r in runs if " ".join(r) not in now]}
    return _seen[boot]


@baseline
def nothing_scheduled(ctx):
    assert ctx.run("node1", f"test -e {LOG}").exit_code != 0, "the log already exists"


@requirement("req-1")
def runs_by_itself_and_logs(ctx):
    seen = _observe(ctx)
    assert seen["runs"], f"the job did not run by itself within 80 s (no new entry in {LOG})"
    assert not seen["lost"], f"entries of earlier runs disappeared from {LOG}: they are not kept"


@requirement("req-2")
def runs_as_metrics(ctx):
    seen = _observe(ctx)
    assert seen["runs"], "the job did not run by itself, so it does not run as metrics"
    users = {f.split("=", 1)[1] for r in seen["runs"] for f in r if f.startswith("user=")}
    assert users == {"metrics"}, f"the job ran as {', '.join(sorted(users)) or 'unknown'}, not as metrics"


@requirement("req-3")
def once_a_minute(ctx):
    seen = _observe(ctx)
    runs = seen["runs"]
    assert len(runs) >= 2, f"only {len(runs)} run(s) of the job seen in 150 s: it does not run every minute"
    gap = int(runs[1][0]) - int(runs[0][0])
    assert 45 <= gap <= 75, f"two consecutive runs were {gap} s apart, not about a minute"
