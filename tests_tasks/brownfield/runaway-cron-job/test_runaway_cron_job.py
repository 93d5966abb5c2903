"""Judged by watching the job run against an inventory API the check controls. Each check stops
the real API (inventory-api.service), ends every process of invsync (a clean slate: no run and no
lock left over), puts its own server on 127.0.0.1:8081 and watches; afterwards it starts the real
API again.

req-1: the server accepts and never answers (the API's fault, made certain); over 140 s, across
two minute boundaries, the runs under way are counted every 2 s, and before the slate is cleaned
too. A run is a top-most process whose command line names the job (its cron shell, a systemd
unit's process, a flock waiting for its lock) and that is at least 5 s old: a run that starts and
gives up at once (a lock already held) is not one under way.
req-2: the server answers; within 150 s (two minute boundaries) the job must have fetched twice
and stored what the server sent in /var/lib/invsync/inventory.json, as the user invsync.

The job's name is never written out in the check's own command, so the check's shell is not
taken for a run."""
from __future__ import annotations

import json

from fixtures.checks import baseline, requirement

WATCH = r"""python3 - @MODE@ <<'PY'
import json, os, pwd, secrets, subprocess, sys, time

NAME = "inventory" + "-sync"
MODE = sys.argv[1]
LOG = "/run/obcheck-invsync-requests"
SERVER = r'''
import socket, sys, time
mode, log, token = sys.argv[1:4]
s = socket.socket()
s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
s.bind(("127.0.0.1", 8081))
s.listen(64)
held = []
body = ('{"token": "%s", "items": [{"sku": "A100", "count": 140}, {"sku": "B220", "count": 2300}]}\n' % token).encode()
while True:
    c, _ = s.accept()
    with open(log, "a") as f:
        f.write("%d\n" % time.time())
    if mode == "hang":
        held.append(c)
        continue
    c.settimeout(5)
    try:
        c.recv(65536)
        c.sendall(b"HTTP/1.0 200 OK\r\nContent-Type: application/json\r\nContent-Length: %d\r\n"
                  b"Connection: close\r\n\r\n" % len(body) + body)
    except OSError:
        pass
    c.close()
'''


def procs():
    out = {}
    for p in os.listdir("/proc"):
        if not p.isdigit():
            continue
        try:
            with open(f"/proc/{p}/cmdline", "rb") as f:
                cmd = f.read().replace(b"\0", b" ").decode(errors="replace").strip()
            with open(f"/proc/{p}/stat") as f:
                rest = f.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        out[int(p)] = (int(rest[1]), int(rest[19]), cmd)
    return out


def runs(min_age=5.0):
    hz = os.sysconf("SC_CLK_TCK")
    with open("/proc/uptime") as f:
        up = float(f.read().split()[0])
    ps = procs()
    mine, pid = set(), os.getpid()
    while pid in ps and pid not in mine:
        mine.add(pid)
        pid = ps[pid][0]
    named = {pid for pid, (_, _, cmd) in ps.items() if NAME in cmd and pid not in mine}
    tops = [pid for pid in named if ps[pid][0] not in named]
    return sorted([pid, round(up - ps[pid][1] / hz), ps[pid][2][:160]] for pid in tops
                  if up - ps[pid][1] / hz >= min_age)


def clean_slate():
    subprocess.run(["systemctl", "stop", "inventory-api.service"], capture_output=True)
    for _ in range(20):
        if subprocess.run(["pkill", "-KILL", "-u", "invsync"]).returncode == 1:
            break
        time.sleep(0.5)


def serve(mode, token=""):
    open(LOG, "w").close()
    srv = subprocess.Popen([sys.executable, "-c", SERVER, mode, LOG, token], start_new_session=True,
                           stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    time.sleep(1.5)
    if srv.poll() is not None:
        raise Busy("could not listen on 127.0.0.1:8081: " + srv.stderr.read().decode()[-300:])
    return srv


def requests():
    with open(LOG) as f:
        return [int(x) for x in f.read().split()]


class Busy(Exception):
    pass


def pile():
    before = runs()
    clean_slate()
    srv = serve("hang")
    try:
        worst, end = [], time.time() + 140
        while time.time() < end:
            now = runs()
            if len(now) > len(worst):
                worst = now
            time.sleep(2)
        return {"before": before, "worst": worst, "requests": len(requests())}
    finally:
        srv.kill()


def schedule():
    clean_slate()
    token = secrets.token_hex(8)
    srv = serve("answer", token)
    start = time.time()
    try:
        stored = owner = ""
        while time.time() < start + 150:
            try:
                with open("/var/lib/invsync/inventory.json") as f:
                    stored = f.read()
                owner = pwd.getpwuid(os.stat("/var/lib/invsync/inventory.json").st_uid).pw_name
            except (OSError, KeyError):
                pass
            if len(requests()) >= 2 and token in stored:
                break
            time.sleep(2)
        return {"requests": [t - int(start) for t in requests()], "stored": token in stored, "owner": owner}
    finally:
        srv.kill()


if MODE == "now":
    print(json.dumps(runs(0)))
    sys.exit(0)
try:
    result = pile() if MODE == "pile" else schedule()
except Busy as e:
    result = {"error": str(e)}
finally:  # the real API back as it was, whatever happened
    subprocess.run(["systemctl", "start", "inventory-api.service"], capture_output=True)
    if os.path.exists(LOG):
        os.unlink(LOG)
print(json.dumps(result))
PY"""


def _watch(ctx, mode: str) -> dict:
    res = ctx.run("node1", WATCH.replace("@MODE@", mode), timeout=240)
    if res.exit_code != 0 or not res.stdout.strip():  # the watcher itself broke: not the agent's doing
        raise RuntimeError(f"the check's watcher failed: {(res.stderr or res.stdout).strip()[-400:]}")
    out = json.loads(res.stdout.strip().splitlines()[-1])
    assert "error" not in out, out.get("error")
    return out


def _describe(runs: list) -> str:
    return "; ".join(f"pid {pid}, {age} s: {cmd}" for pid, age, cmd in runs[:4])


@baseline
def runs_pile_up(node1):
    runs = json.loads(node1.check_output(WATCH.replace("@MODE@", "now")).strip().splitlines()[-1])
    assert len(runs) >= 2, f"the sync job's runs do not pile up in the starting condition: {runs}"


@requirement("req-1")
def never_two_runs(ctx):
    seen = _watch(ctx, "pile")
    assert len(seen["before"]) <= 1, \
        f"{len(seen['before'])} runs of the job were under way when the check began: {_describe(seen['before'])}"
    worst = seen["worst"]
    assert len(worst) <= 1, \
        f"while the API hung, {len(worst)} runs of the job were under way at once: {_describe(worst)}"


@requirement("req-2")
def still_runs_every_minute(ctx):
    seen = _watch(ctx, "schedule")
    reqs = seen["requests"]
    assert len(reqs) >= 2, \
        f"with the API answering, the job fetched the inventory {len(reqs)} time(s) in 150 s, not every minute"
    assert seen["stored"], "the job fetched, but did not store the fresh inventory in /var/lib/invsync/inventory.json"
    assert seen["owner"] == "invsync", f"the stored inventory belongs to {seen['owner']!r}: the job did not run as invsync"
