"""Command statistics and the polling trap."""
from __future__ import annotations

import json
from datetime import timedelta
from pathlib import Path

import pytest

from reports.analysis import analyse_run
from tests.reports.factory import RunBuilder, base_node, iso, make_sweep


def test_fail_rate_counts_only_commands_with_an_exit_status(tmp_path: Path) -> None:
    r = RunBuilder(make_sweep(tmp_path / "s"), node_count=2, category="vyos-networking")
    r.cmd("true", node="node1")
    r.cmd("false", node="node1", exit_code=1)
    r.cmd("sleep 999", node="node1", exit_code=None, timed_out=True)
    r.cmd("uptime", node="router", exit_code=None, transport_error="ssh: connection reset")
    r.cmd("show ip route", node="router", exit_code=2)
    r.cmd("ip route flush table main", node="router")
    r.cmd("iptables -F", node="node1")
    r.cmd("prepare", node="node1", phase="prepare", exit_code=1)  # harness: not counted
    r.snapshot("post_prepare", node1=base_node(), router=base_node("vyos", "1.4"))
    r.snapshot("post_agent", node1=base_node(), router=base_node("vyos", "1.4"))
    d = r.write()
    (d / "topology.json").write_text(json.dumps({"nodes": [{"name": "node1", "os": "debian12"},
                                                           {"name": "router", "os": "vyos14",
                                                            "role": "appliance"}]}))
    a = analyse_run(d)
    c = a["commands"]
    assert (c["total"], c["with_exit"], c["failed"], c["timeouts"], c["transport_errors"]) == (7, 5, 2, 1, 1)
    assert c["by_node"]["node1"] == {"os": "debian12", "role": "host", "total": 4, "with_exit": 3,
                                     "failed": 1, "timeouts": 1, "transport_errors": 0}
    assert c["by_node"]["router"]["os"] == "vyos14" and c["by_node"]["router"]["role"] == "appliance"
    # both flushes are network-state flushes; one of them cut the router
    assert a["high_impact"]["classes"]["network_flush"] == 2 and a["high_impact"]["appliance_flushes"] == 1
    from reports.summary import _fail_rate, _high_impact
    rows = {row[0]: row for row in _fail_rate([a]).rows}
    assert rows["vyos14 (appliance)"][3:5] == (2, 1) and rows["debian12"][3:5] == (3, 1)
    flush_rows = [row for row in _high_impact([a]).rows if row[0] == "… of which on an appliance"]
    assert flush_rows and flush_rows[0][3] == 1
    assert c["phases"]["agent"]["commands"] == 7 and c["phases"]["prepare"]["commands"] == 1
    assert c["phases"]["agent"]["duration_s"] == 200.0 and c["agent_s"] == 200.0
    assert a["run"]["task_type"] == "network"


@pytest.mark.parametrize("category, nodes, family, expected", [
    ("single-node", 1, "debian", "single-node"), ("multi-node", 2, "debian", "multi-node"),
    ("clustered-services", 3, "rhel", "clustered"), ("opnsense-networking", 3, "rhel", "network"),
    ("brownfield", 2, "debian", "multi-node")])
def test_task_type(tmp_path: Path, category: str, nodes: int, family: str, expected: str) -> None:
    r = RunBuilder(make_sweep(tmp_path / "s"), category=category, node_count=nodes, family=family)
    assert analyse_run(r.write())["run"]["task_type"] == expected


def aide_run(tmp_path: Path, done_output: str) -> dict:
    """The reference study's file-integrity trace: a foreground check times out, the agent
    relaunches it in the background and polls with fixed sleeps."""
    r = RunBuilder(make_sweep(tmp_path / "s"), task="file-integrity-baseline", os="ubuntu2404")
    r.cmd("aide --config /etc/aide/aide.conf --init", exit_code=None, timed_out=True,
          duration_ms=120_000)
    r.cmd("nohup aide --config /etc/aide/aide.conf --init > /var/log/aide-init.log 2>&1 &",
          duration_ms=100, gap_s=0)  # ends at t0 + 0.1 s
    t0 = r.clock
    r.cmd("sleep 60; pgrep -a aide", stdout="4242 aide --config /etc/aide/aide.conf --init",
          duration_ms=60_200, gap_s=5)
    r.clock = t0 + timedelta(seconds=70)
    r.cmd("sleep 90 && tail -2 /var/log/aide-init.log",
          stdout=done_output.format(ts=iso(t0 + timedelta(seconds=100)).replace("T", " ")[:19]),
          duration_ms=90_100)
    r.cmd("cp /var/lib/aide/aide.db.new /var/lib/aide/aide.db")
    return analyse_run(r.write())["polling"]


def test_polling_trap_with_a_finish_timestamp_is_exact(tmp_path: Path) -> None:
    p = aide_run(tmp_path, "End timestamp: {ts} +0000\nAIDE initialized database")
    assert p["trap"]
    job = p["jobs"][0]
    assert job["job"] == "/var/log/aide-init.log,aide"
    assert job["launch_id"] == "c0002" and job["preceded_by_timeout"] == "c0001"
    assert job["poll_ids"] == ["c0003", "c0004"] and job["detected_by"] == "c0004"
    assert job["finish_from"] == "timestamp"
    # second poll sleeps from +70 s to +160 s; the job ended at +100 s → 60 s asleep for nothing
    assert job["wasted_s"] == pytest.approx(60.0, abs=0.5)
    assert job["sleep_s"] == 150.0


def test_polling_trap_without_a_timestamp_is_estimated(tmp_path: Path) -> None:
    p = aide_run(tmp_path, "AIDE initialized database at /var/lib/aide/aide.db.new")
    job = p["jobs"][0]
    assert job["finish_from"] == "estimated"
    # finish uniform between the 'still running' check (+60.3 s) and +160.1 s; sleep [70, 160]
    lo, hi, a, b = 60.3, 160.1, 70.0, 160.0
    expected = ((a - lo) * (b - a) + (b - a) ** 2 / 2) / (hi - lo)
    assert job["wasted_s"] == pytest.approx(expected, abs=0.5)


def test_a_loop_notices_within_one_interval(tmp_path: Path) -> None:
    r = RunBuilder(make_sweep(tmp_path / "s"))
    r.cmd("setsid -f backup-job --all > /tmp/backup.out 2>&1")
    r.cmd("while pgrep -x backup-job >/dev/null; do sleep 30; done; echo finished", stdout="finished",
          duration_ms=400_000)
    p = analyse_run(r.write())["polling"]
    assert p["trap"] and p["jobs"][0]["wasted_s"] == pytest.approx(15.0, abs=0.5)


def test_no_trap_for_a_job_looked_at_once_or_a_foreground_command(tmp_path: Path) -> None:
    r = RunBuilder(make_sweep(tmp_path / "s"))
    r.cmd("nohup rabbitmq-server > /dev/null 2>&1 &")
    r.cmd("rabbitmqctl status")
    r.cmd("sleep 5")
    r.cmd("systemctl restart nginx")
    p = analyse_run(r.write())["polling"]
    assert p == {"trap": False, "jobs": [], "sleep_s": 0, "wasted_s": 0}


# Real command sequences (the study's agents), each labelled: a poll is a repeated status check
# of the same background job while the agent waits for it to finish.
NOT_POLLING = {
    "a reboot the agent schedules is not a job": [
        ("nohup sh -c 'sleep 2; systemctl reboot' > /tmp/reboot.log 2>&1 & disown", ""),
        ("systemctl is-active cron", "active"),
        ("systemctl is-active cron", "active"),
        ("sleep 5; cat /proc/sys/kernel/random/boot_id", "6f1c"),
    ],
    "a systemd-run timer that reboots": [
        ("sudo -n systemd-run --unit=harbor-evidence-reboot --on-active=3s /bin/systemctl reboot", ""),
        ("sleep 10; systemctl is-system-running", "running"),
        ("sleep 10; systemctl is-system-running", "running"),
    ],
    "a test listener the agent checks, then kills": [
        ("nohup nc -l -k 8080 >/tmp/nc8080.log 2>&1 & sleep 1; ss -tlnp | grep 8080", "LISTEN"),
        ("cat /tmp/nc8080.log", "hello"),
        ("sleep 2; cat /tmp/nc8080.log", "hello"),
        ("pkill nc; sleep 1; ss -tlnp | grep 8080 || echo cleaned", "cleaned"),
    ],
    "a capture started in a subshell after a foreground status check": [
        ("ss -tlnp | grep 5432 || (nohup socat TCP-LISTEN:5432,fork EXEC:/bin/cat >/tmp/s.log 2>&1 &"
         " sleep 1; ss -tlnp | grep 5432)", "LISTEN"),
        ("sleep 2; ss -tlnp | grep 5432", "LISTEN"),
        ("sleep 2; ss -tlnp | grep 5432", "LISTEN"),
    ],
    "an interpreter is not the job, its script is": [
        ("nohup python3 -m http.server 8080 > /tmp/http.log 2>&1 &", ""),
        ("sleep 3; python3 -c 'print(1)'", "1"),
        ("sleep 3; python3 --version", "Python 3.11"),
    ],
}


@pytest.mark.parametrize("name", NOT_POLLING)
def test_labelled_sequences_that_are_not_polling(tmp_path: Path, name: str) -> None:
    r = RunBuilder(make_sweep(tmp_path / "s"))
    for command, stdout in NOT_POLLING[name]:
        r.cmd(command, stdout=stdout, duration_ms=2000)
    assert analyse_run(r.write())["polling"]["trap"] is False


def test_a_background_job_checked_again_and_again_while_waiting_is_polling(tmp_path: Path) -> None:
    """The study's AIDE pattern, shortened: relaunched in the background after a timeout, then
    its status checked with fixed sleeps until it ended."""
    r = RunBuilder(make_sweep(tmp_path / "s"))
    r.cmd("aide --check", exit_code=None, timed_out=True, duration_ms=120_000)
    r.cmd("nohup aide --check > /tmp/aide-check.log 2>&1 &")
    r.cmd("sleep 60; pgrep -a aide || tail -3 /tmp/aide-check.log", stdout="4242 aide --check",
          duration_ms=60_000)
    r.cmd("sleep 60; pgrep -a aide || tail -3 /tmp/aide-check.log",
          stdout="AIDE found NO differences", duration_ms=60_000)
    p = analyse_run(r.write())["polling"]
    assert p["trap"] and p["jobs"][0]["job"] == "/tmp/aide-check.log,aide"
