"""Judged on the running processes: ledger's oom_score_adj as the kernel sees it, and real runs of
report-batch with a large and a normal input (the check sets REPORT_MIB and restores it)."""
from fixtures.checks import baseline, requirement
from tasklib import systemd

CONF = "/etc/default/report-batch"


def _ledger_pid(node1) -> int:
    pid = systemd.main_pid(node1, "ledger.service")
    assert pid, "ledger.service is not running"
    return pid


def _run_batch(node1, mib: int):
    """Run report-batch with REPORT_MIB=mib; returns (exit code, Result=, report written)."""
    res = node1.run(
        f"cp -p {CONF} /run/ob-report-batch.conf && sed -i 's/^REPORT_MIB=.*/REPORT_MIB={mib}/' {CONF} && "
        "rm -f /srv/reports/latest.txt; systemctl reset-failed report-batch.service 2>/dev/null; "
        "timeout 100 systemctl start report-batch.service; rc=$?; "
        f"cp -p /run/ob-report-batch.conf {CONF}; "
        "echo \"rc=$rc result=$(systemctl show -P Result report-batch.service)\"; "
        "test -s /srv/reports/latest.txt && echo report=yes || echo report=no")
    out = res.stdout
    rc = int(out.split("rc=")[1].split()[0]) if "rc=" in out else -1
    result = out.split("result=")[1].split()[0] if "result=" in out else ""
    return rc, result, "report=yes" in out


@baseline
def unprotected_at_start(node1):
    assert node1.file(f"/proc/{_ledger_pid(node1)}/oom_score_adj").content_string.strip() == "0", \
        "ledger is already protected in the starting condition"


@requirement("req-1")
def ledger_never_oom_killed(node1):
    pid = _ledger_pid(node1)
    adj = node1.file(f"/proc/{pid}/oom_score_adj").content_string.strip()
    assert adj == "-1000", f"the running ledger process (pid {pid}) has oom_score_adj {adj}, " \
                           "so the OOM killer may still pick it"


@requirement("req-2")
def big_batch_stopped_by_limit(node1):
    before = _ledger_pid(node1)
    rc, result, report = _run_batch(node1, 220)
    assert rc != 0 and not report, \
        f"report-batch needing ~220 MiB ran to completion (Result={result}): it is not limited to 128 MiB"
    assert result in ("oom-kill", "signal", "exit-code", "core-dump"), \
        f"report-batch failed, but not by being stopped (Result={result})"
    kills = node1.run("journalctl -k --no-pager -q --since '-5min' | grep -ci 'memory cgroup out of memory'")
    assert result == "oom-kill" or kills.stdout.strip() not in ("", "0"), \
        f"report-batch was not stopped by a memory limit (Result={result})"
    after = _ledger_pid(node1)
    assert after == before, f"ledger was restarted while report-batch ran (pid {before} -> {after})"
    assert node1.run("curl -sf --max-time 5 http://127.0.0.1:8300/").rc == 0, \
        "ledger stopped answering while report-batch ran"


@requirement("req-3")
def normal_batch_completes(node1):
    rc, result, report = _run_batch(node1, 40)
    assert rc == 0 and report, f"report-batch with a normal 40 MiB input failed (Result={result})"


@requirement("req-4")
def ledger_serves(node1):
    res = node1.run("curl -sf --max-time 5 http://127.0.0.1:8300/")
    assert res.rc == 0 and "ledger ok" in res.stdout, "ledger does not answer on port 8300"
    assert node1.service("ledger.service").is_enabled, "ledger.service is no longer enabled"
