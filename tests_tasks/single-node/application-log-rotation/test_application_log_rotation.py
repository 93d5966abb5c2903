"""Rotation is driven the way the system drives it: `logrotate /etc/logrotate.conf` (forced with
-f to get several generations in one check; not forced, with the logs' state aged by two days,
for the daily schedule). The effect is read from /var/log/orders: rotated files, their content
and compression, and whether orders-worker writes to the live files afterwards.
Every log in the folder counts, not only the two there today: req-1 adds a log of its own
before the rotation (and removes it afterwards). A weekly rule also rotates after a two-day pause
that spans the start of a week (on Sundays; with logrotate before 3.20 on Mondays too), so req-5
reads, besides the effect, the interval logrotate's own debug run reports for the orders logs.
Note: several forced rotations happen within the same minute, so a `dateext` naming without a
time in `dateformat` cannot produce the generations the checks expect."""
import json
import time
import uuid

from fixtures.checks import baseline, requirement

LOGS = ("worker.log", "access.log")
CONF = "/etc/logrotate.conf"

# JSON {name: {size, mtime, gzip, lines}} of every file in /var/log/orders; `lines` counts the
# lines of the (decompressed) content, `last` is its last line
STATE = r"""python3 - <<'PY'
import gzip, json, os
out = {}
d = "/var/log/orders"
for name in sorted(os.listdir(d)):
    p = os.path.join(d, name)
    if not os.path.isfile(p):
        continue
    st = os.stat(p)
    with open(p, "rb") as f:
        gz = f.read(2) == b"\x1f\x8b"
    try:
        data = gzip.open(p).read() if gz else open(p, "rb").read()
        text = data.decode(errors="replace").splitlines()
        ok = True
    except Exception:
        text, ok = [], False
    out[name] = {"size": st.st_size, "mtime": st.st_mtime, "gzip": gz, "readable": ok,
                 "lines": len(text), "last": text[-1] if text else "",
                 "old": any("old=19999" in l for l in text)}
print(json.dumps(out))
PY"""


def _state(node1) -> dict:
    res = node1.run(STATE)
    assert res.rc == 0, f"could not read /var/log/orders: {res.stderr.strip()[-300:]}"
    return json.loads(res.stdout)


def _rotated(state: dict, log: str) -> list[str]:
    """Rotated generations of `log`, newest first."""
    names = [n for n in state if n.startswith(log) and n != log]
    return sorted(names, key=lambda n: state[n]["mtime"], reverse=True)


def _rotate(node1, force: bool = True):
    time.sleep(1.0)  # let the worker write a few lines, so nothing is skipped as empty
    return node1.run(f"logrotate {'-f ' if force else ''}{CONF}")


@baseline
def worker_logging_unrotated(node1):
    st = _state(node1)
    for log in LOGS:
        assert log in st and st[log]["lines"] > 20000, f"{log} is missing or short"
        assert not _rotated(st, log), f"{log} already has rotated files"


@requirement("req-1")
def rotation_rotates(node1):
    # a log the service adds later (owned and moded like the others) must be rotated as well
    tag = uuid.uuid4().hex[:8]
    extra = f"obcheck-{tag}.log"
    node1.check_output(f"seq -f 'extra log line %g marker-{tag}' 1 200 > /var/log/orders/{extra} && "
                       f"chown orders:orders /var/log/orders/{extra} && chmod 640 /var/log/orders/{extra}")
    try:
        res = _rotate(node1)
        st = _state(node1)
        for log in LOGS:
            rot = _rotated(st, log)
            assert rot, f"no rotated file of {log} after a forced logrotate run ({res.stderr.strip()[-300:]})"
            assert any(st[n]["old"] for n in rot), f"the old content of {log} is in no rotated file ({rot})"
            assert log in st, f"the live {log} is gone after rotation"
            assert not st[log]["old"] and st[log]["lines"] < 5000, \
                f"the live {log} still holds the old content after rotation ({st[log]['lines']} lines)"
        moved = node1.run(f"for f in /var/log/orders/{extra}?*; do [ -f \"$f\" ] && "
                          f"zcat -f \"$f\" | grep -q marker-{tag} && echo \"$f\"; done; true")
        assert moved.stdout.strip(), \
            (f"a log file added to /var/log/orders ({extra}) was not rotated by the same run: "
             "the rotation does not cover every log file there")
    finally:
        node1.run(f"rm -f /var/log/orders/{extra}*; "
                  f"sed -i '/{tag}/d' /var/lib/logrotate/status /var/lib/logrotate/logrotate.status 2>/dev/null; true")


@requirement("req-2")
def worker_writes_live_files(node1):
    _rotate(node1)
    time.sleep(1.0)
    before = _state(node1)
    time.sleep(3.0)
    after = _state(node1)
    for log in LOGS:
        assert log in after, f"the live {log} does not exist after rotation"
        grew = after[log]["lines"] - before.get(log, {"lines": 0})["lines"]
        assert grew >= 3, f"orders-worker stopped writing to the live {log} after rotation"
        for name in _rotated(after, log):
            if name in before:
                assert after[name]["size"] == before[name]["size"], \
                    f"orders-worker still writes into the rotated file {name}"
    assert node1.service("orders-worker.service").is_running, "orders-worker is not running"


@requirement("req-3")
def old_generations_gzipped(node1):
    for _ in range(3):
        _rotate(node1)
    st = _state(node1)
    for log in LOGS:
        rot = _rotated(st, log)
        assert len(rot) >= 2, f"only {len(rot)} rotated generation(s) of {log} after several rotations"
        plain = [n for n in rot if not st[n]["gzip"]]
        assert len(plain) <= 1, f"{len(plain)} rotated generations of {log} are not gzip-compressed: {', '.join(plain)}"
        for name in rot:
            assert st[name]["readable"], f"{name} is not a valid gzip file"


@requirement("req-4")
def five_generations_kept(node1):
    for _ in range(7):
        _rotate(node1)
    st = _state(node1)
    for log in LOGS:
        rot = _rotated(st, log)
        assert len(rot) <= 5, f"{len(rot)} rotated generations of {log} are kept: {', '.join(rot)}"
        assert len(rot) == 5, f"only {len(rot)} generations of {log} after 7+ rotations: {', '.join(rot)}"
        assert not any(st[n]["old"] for n in rot), f"the oldest generation of {log} was not deleted"


# logrotate's debug run (no change to logs or state) names each rule's interval on its
# "rotating pattern:" line ("after 1 days" for daily), followed by the logs it considers
INTERVAL = r"""logrotate -d /etc/logrotate.conf 2>&1 | python3 -c '
import json, sys
interval, seen = "", {}
for line in sys.stdin:
    if line.startswith("rotating pattern:"):
        interval = line.split("(")[0]
    elif line.startswith("considering log /var/log/orders/"):
        seen[line.split()[-1]] = interval.strip()
print(json.dumps(seen))
'"""


@requirement("req-5")
def rotates_daily_on_schedule(node1):
    # age the logs' rotation state by two days, as if the last rotation was the day before yesterday
    age = node1.run(r"""python3 - <<'PY'
import datetime, glob, os, re
path = next((p for p in ("/var/lib/logrotate/status", "/var/lib/logrotate/logrotate.status")
             if os.path.exists(p)), "/var/lib/logrotate/status")
lines = open(path).read().splitlines() if os.path.exists(path) else ['logrotate state -- version 2']
t = datetime.datetime.now() - datetime.timedelta(days=2)
stamp = f"{t.year}-{t.month}-{t.day}-{t.hour}:{t.minute}:{t.second}"
keep = [l for l in lines if not l.startswith('"/var/log/orders/')]
keep += [f'"{p}" {stamp}' for p in sorted(glob.glob("/var/log/orders/*.log"))]
open(path, "w").write("\n".join(keep) + "\n")
PY""")
    assert age.rc == 0, f"could not age the logrotate state: {age.stderr.strip()[-300:]}"
    before = _state(node1)
    res = _rotate(node1, force=False)
    after = _state(node1)
    for log in LOGS:
        generations = lambda st: {n: st[n]["size"] for n in _rotated(st, log)}
        assert generations(after) != generations(before), \
            (f"a scheduled (not forced) logrotate run did not rotate {log}, last rotated two days "
             f"ago ({res.stderr.strip()[-200:]})")
    # a weekly rule rotates too when the pause spans a week's start: logrotate's own reading decides
    res = node1.run(INTERVAL)
    assert res.rc == 0, f"logrotate's debug run failed: {res.stderr.strip()[-300:]}"
    intervals = json.loads(res.stdout)
    for log in LOGS:
        interval = intervals.get(f"/var/log/orders/{log}")
        assert interval is not None, f"logrotate's debug run does not consider /var/log/orders/{log}"
        assert "after 1 days" in interval, \
            f"logrotate rotates /var/log/orders/{log} on another schedule than daily: {interval!r}"
    sched = node1.run("systemctl is-active logrotate.timer || "
                      "grep -ls logrotate /etc/crontab /etc/cron.d/* /var/spool/cron/crontabs/* "
                      "/etc/systemd/system/*.timer")
    assert sched.rc == 0, "no daily logrotate run is scheduled (timer or cron)"
