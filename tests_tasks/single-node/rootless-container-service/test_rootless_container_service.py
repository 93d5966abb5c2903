"""Judged on node1: the page really served on 127.0.0.1:8080, the host processes of the
container (the busybox httpd and its conmon) with their owners and cgroups, and a marker file
written into the site directory showing up through the web server. "Run by webapp's user
service manager" holds for the whole chain: podman can put the container itself into a scope of
webapp's user manager even when a system unit (User=webapp) runs it, so the podman and conmon
processes of webapp are judged too: none may live in a unit of the system's manager."""
from fixtures.checks import baseline, requirement

URL = "http://127.0.0.1:8080"


def _wait_served(node1, path: str = "/", seconds: int = 180) -> str:
    # req-1 (judged first) waits out a slow start; the later checks wait briefly, so a run in
    # which nothing is served does not pay the full wait once per requirement
    res = node1.run(f"for i in $(seq 1 {seconds // 2}); do curl -sf --max-time 3 {URL}{path} && exit 0; "
                    "sleep 2; done; exit 1")
    return res.stdout if res.rc == 0 else ""


def _httpd_pids(node1) -> list[str]:
    out = node1.run("pgrep -f '[h]ttpd -f -p 8080 -h /www' || true").stdout.split()
    return out


@baseline
def nothing_served(node1):
    assert node1.run(f"curl -sf --max-time 3 {URL}/").rc != 0, "port 8080 already answers"


@requirement("req-1")
def site_served(node1):
    page = _wait_served(node1)
    assert page, f"nothing answers on {URL}/ on node1"
    assert "webapp site v1" in page, f"{URL}/ answers, but not with the site from /home/webapp/site"
    assert _httpd_pids(node1), "the page is not served by the minihttpd container's web server"


@requirement("req-2")
def rootless(node1):
    assert _wait_served(node1, seconds=30), f"nothing answers on {URL}/, so no container runs"
    pids = _httpd_pids(node1)
    assert pids, "no minihttpd web server process runs on node1"
    owners = set()
    for pid in pids:
        owners.add(node1.run(f"ps -o user= -p {pid}").stdout.strip())
        for parent in node1.run(f"ps -o ppid= -p {pid}").stdout.split():
            comm = node1.run(f"ps -o comm=,user= -p {parent}").stdout.split()
            if comm and comm[0] == "conmon":
                owners.add(comm[1])
    assert owners == {"webapp"}, f"the container's processes run as {', '.join(sorted(owners))}, " \
                                 "not (only) as webapp"


@requirement("req-3")
def user_service_manager(node1):
    assert _wait_served(node1, seconds=30), f"nothing answers on {URL}/, so no container runs"
    uid = node1.run("id -u webapp").stdout.strip()
    pids = _httpd_pids(node1)
    assert pids, "no minihttpd web server process runs on node1"
    for pid in pids:
        cg = node1.run(f"cat /proc/{pid}/cgroup").stdout
        assert f"/user@{uid}.service/" in cg, \
            f"the container (pid {pid}) is not under webapp's user service manager (cgroup {cg.strip()})"
        assert "/session-" not in cg, "the container runs in a login session, not as a service"
    # what runs it: webapp's podman and conmon processes (a `podman run` kept in the foreground by
    # the unit, the container's monitor) must belong to webapp's user manager as well
    runners = node1.run("for p in $(pgrep -u webapp -x podman; pgrep -u webapp -x conmon); do "
                        "echo \"$p $(ps -o comm= -p $p) $(grep -m1 '^0::' /proc/$p/cgroup 2>/dev/null)\"; "
                        "done").stdout
    outside = [line for line in runners.splitlines()
               if len(line.split()) >= 3 and f"/user@{uid}.service/" not in line.split(None, 2)[2]]
    assert not outside, "the container is run from outside webapp's user service manager: " + "; ".join(outside)
    # rootless podman moves itself into a scope of webapp's user manager even when a unit of the
    # system's manager started it (User=webapp): cgroups cannot tell, the system's units can.
    # Such a unit may be between restarts when this runs (podman's main process leaves the
    # unit's cgroup), so every system unit that runs, starts, stops or is enabled for boot counts.
    # (an enabled template, name@.service, is no unit to show: its instances are listed as units)
    listed = node1.run("units=$( { systemctl list-units --type=service --all --no-legend --plain "
                       "--state=active,activating,deactivating,reloading | awk '{print $1}'; "
                       "systemctl list-unit-files --type=service --state=enabled --no-legend | awk '{print $1}'; "
                       "} | grep -v '@\\.service$' | sort -u) || exit 1; "
                       "for u in $units; do echo \"== $u\"; systemctl show -p User -p ExecStart \"$u\" || true; done")
    assert listed.rc == 0 and "== " in listed.stdout, \
        f"the system's units cannot be listed: {listed.stderr.strip()}"
    system_run = [block.split(None, 1)[0] for block in listed.stdout.split("== ")[1:]
                  if "User=webapp" in block.splitlines() and "podman" in block]
    assert not system_run, ("the container is run by the system's service manager: "
                            f"{', '.join(system_run)} starts podman as webapp")


@requirement("req-4")
def live_content(node1):
    marker = "ob-live-" + node1.run("cat /proc/sys/kernel/random/uuid").stdout.strip()[:8]
    node1.run(f"runuser -u webapp -- sh -c 'echo {marker} > /home/webapp/site/ob-live.txt'")
    try:
        page = _wait_served(node1, "/ob-live.txt", seconds=20)
        assert marker in page, "a file added to /home/webapp/site is not served"
    finally:
        node1.run("rm -f /home/webapp/site/ob-live.txt")
