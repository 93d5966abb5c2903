"""Jobs are what the checks queue themselves (a file written aside and renamed into incoming/,
as a producer would), each leaving its result under results/. A zombie is a process in state Z
in two samples 3 s apart (a job between its exit and its reaping is not one)."""
import time

from fixtures.checks import baseline, requirement

SPOOL = "/var/spool/jobrunner"
PREPARED = [f"p0{i:02d}" for i in range(1, 81)]   # the backlog prepare.sh queued


def _zombies(node1) -> list[str]:
    cmd = "ps -eo pid=,ppid=,stat=,comm= | awk '$3 ~ /^Z/ {print $1 \"/\" $2 \"/\" $4}'"
    first = set(node1.check_output(cmd).split())
    time.sleep(3)
    return sorted(first & set(node1.check_output(cmd).split()))


def _queue(node1, name: str, command: str) -> None:
    node1.check_output(f"printf '%s\\n' '{command}' > {SPOOL}/incoming/.{name}.tmp && "
                       f"chown jobrunner:jobrunner {SPOOL}/incoming/.{name}.tmp && "
                       f"mv {SPOOL}/incoming/.{name}.tmp {SPOOL}/incoming/{name}.job")


def _wait_results(node1, names: list[str], seconds: int) -> list[str]:
    """The jobs among `names` whose result has not appeared within `seconds`."""
    files = " ".join(f"{SPOOL}/results/{n}" for n in names)
    node1.run(f"for i in $(seq 1 {seconds * 2}); do ls {files} >/dev/null 2>&1 && exit 0; sleep 0.5; done; exit 1")
    present = set(node1.run(f"ls {SPOOL}/results").stdout.split())
    return [n for n in names if n not in present]


def _clean(node1, names: list[str]) -> None:
    node1.run(" ".join(["rm -f"] + [f"{SPOOL}/results/{n} {SPOOL}/done/{n}.job" for n in names]))


@baseline
def backlog_and_zombies(node1):
    zombies = _zombies(node1)
    assert len(zombies) >= 40, f"only {len(zombies)} zombies in the starting condition"
    waiting = node1.check_output(f"find {SPOOL}/incoming -name '*.job' | wc -l")
    assert int(waiting) >= 10, f"only {waiting} jobs wait in incoming/"


@requirement("req-1")
def no_zombies(node1):
    zombies = _zombies(node1)
    assert not zombies, f"{len(zombies)} defunct processes on node1 (pid/parent/command: {', '.join(zombies[:5])})"


@requirement("req-2")
def backlog_run_and_new_jobs_run(node1):
    assert node1.service("jobrunner.service").is_running, "the jobrunner service is not running"
    missing = _wait_results(node1, PREPARED, 60)
    assert not missing, f"{len(missing)} of the queued jobs never ran ({', '.join(missing[:5])}...)"
    name = "zz-check-new"
    _clean(node1, [name])
    _queue(node1, name, 'echo ok > results/$JOB')
    try:
        assert not _wait_results(node1, [name], 30), "a job put in incoming/ now is not run within 30 s"
    finally:
        _clean(node1, [name])


@requirement("req-3")
def finished_jobs_reaped(node1):
    names = [f"zz-check-batch-{i:02d}" for i in range(1, 21)]
    _clean(node1, names)
    for name in names:
        _queue(node1, name, 'sleep 1; echo ok > results/$JOB')
    try:
        missing = _wait_results(node1, names, 90)
        assert not missing, f"{len(missing)} of 20 new jobs did not run within 90 s"
        time.sleep(3)
        zombies = _zombies(node1)
        assert not zombies, (f"after 20 new jobs ran, {len(zombies)} defunct processes are left "
                             f"(pid/parent/command: {', '.join(zombies[:5])})")
    finally:
        _clean(node1, names)


@requirement("req-4")
def slow_job_holds_nothing_up(node1):
    slow, quick = "zz-check-slow", "zz-check-quick"
    _clean(node1, [slow, quick])
    _queue(node1, slow, 'sleep 40; echo ok > results/$JOB')
    time.sleep(2)
    _queue(node1, quick, 'echo ok > results/$JOB')
    try:
        assert not _wait_results(node1, [quick], 15), \
            "a job queued behind a slow one did not run within 15 s: jobs no longer run side by side"
    finally:
        _clean(node1, [quick])
