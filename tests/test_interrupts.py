"""SIGTERM ends a run like Ctrl-C: cleanup (`finally`, fixture teardown) still runs. Real signals
to real subprocesses; the end-to-end case (a sweep's cluster destroyed) is in tests/vm."""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def _python(code: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", textwrap.dedent(code)], cwd=REPO, capture_output=True,
                          text=True, timeout=60, env=os.environ | {"PYTHONPATH": str(REPO)})


def test_first_sigterm_interrupts_repeats_are_ignored_then_the_default_is_back():
    proc = _python("""
        import os, signal, time
        from lab.interrupts import sigterm_as_interrupt
        with sigterm_as_interrupt(grace_s=30) as h:
            assert h.installed
            try:
                os.kill(os.getpid(), signal.SIGTERM)
                time.sleep(10)
                print("not interrupted")
            except KeyboardInterrupt as exc:
                print("interrupted:", exc)
            os.kill(os.getpid(), signal.SIGTERM)  # a supervisor repeating itself: cleanup goes on
            time.sleep(0.2)
            print("cleaned up")
        assert signal.getsignal(signal.SIGTERM) == signal.SIG_DFL
        os.kill(os.getpid(), signal.SIGTERM)
        time.sleep(10)
        print("outlived the default SIGTERM")
    """)
    assert proc.stdout.splitlines() == ["interrupted: signal 15 (SIGTERM)", "cleaned up"], proc.stdout + proc.stderr
    assert "SIGTERM again while cleaning up: ignored" in proc.stderr
    assert proc.returncode == -signal.SIGTERM


def test_a_sigterm_after_the_grace_period_interrupts_again():
    proc = _python("""
        import os, signal, time
        from lab.interrupts import sigterm_as_interrupt
        with sigterm_as_interrupt(grace_s=0):
            for _ in range(2):
                try:
                    os.kill(os.getpid(), signal.SIGTERM)
                    time.sleep(10)
                except KeyboardInterrupt:
                    print("interrupted")
    """)
    assert proc.stdout.split() == ["interrupted", "interrupted"], proc.stdout + proc.stderr


def test_a_handler_someone_else_set_is_left_alone():
    proc = _python("""
        import os, signal
        from lab.interrupts import sigterm_as_interrupt
        mine = lambda s, f: print("theirs")
        signal.signal(signal.SIGTERM, mine)
        with sigterm_as_interrupt() as h:
            print("installed" if h.installed else "not installed")
            os.kill(os.getpid(), signal.SIGTERM)
        assert signal.getsignal(signal.SIGTERM) is mine
    """)
    assert proc.stdout.split() == ["not", "installed", "theirs"], proc.stdout + proc.stderr


def _plugin_root(tmp_path: Path) -> Path:
    """A rootdir whose tests/ run under the opsbench plugin, as the repo's conftest loads it."""
    root = tmp_path / "root"
    (root / "tests").mkdir(parents=True)
    (root / "pytest.ini").write_text("[pytest]\n")
    (root / "conftest.py").write_text(f"import sys\nsys.path.insert(0, {str(REPO)!r})\n"
                                      "pytest_plugins = ['fixtures.plugin']\n")
    return root


def test_a_pytest_session_stopped_with_sigterm_tears_its_fixtures_down(tmp_path):
    """The plugin holds the handler for the whole session, not only while a cluster boots: a
    run's cluster is a fixture-scoped resource, destroyed by the teardown this proves runs."""
    root = _plugin_root(tmp_path)
    marker = tmp_path / "torn-down"
    (root / "tests" / "test_stopped.py").write_text(textwrap.dedent(f"""
        import os, signal, time
        import pytest

        @pytest.fixture
        def resource():
            yield
            open({str(marker)!r}, "w").write("destroyed")

        def test_stopped(resource):
            os.kill(os.getpid(), signal.SIGTERM)
            time.sleep(30)

        def test_never_reached():
            pass
    """))
    env = {k: v for k, v in os.environ.items() if not k.startswith(("OPSBENCH_", "PYTEST_"))}
    proc = subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "tests"], cwd=root,
                          env=env | {"OPSBENCH_HOME": str(tmp_path / "home")}, capture_output=True,
                          text=True, timeout=120)
    assert proc.returncode == 2, proc.stdout[-2000:] + proc.stderr[-2000:]  # pytest's "interrupted"
    assert "KeyboardInterrupt" in proc.stdout and "SIGTERM" in proc.stdout, proc.stdout[-2000:]
    assert marker.read_text() == "destroyed"


OWNER_PROCESS = """
import signal, sys, time
from lab import interrupts, owner as owners
if sys.argv[1] == "deaf":
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
owners.write(owners.Owner(key=sys.argv[2], sweep=sys.argv[3]))
with interrupts.sigterm_as_interrupt():
    print("ready", flush=True)
    try:
        time.sleep(60)
    except KeyboardInterrupt:
        time.sleep(1)  # destroying its cluster
        owners.remove(sys.argv[2])
"""


def _owner_process(home: Path, mode: str, key: str, sweep: str = "/v/one/runs") -> subprocess.Popen:
    proc = subprocess.Popen([sys.executable, "-c", OWNER_PROCESS, mode, key, sweep], cwd=REPO, text=True,
                            stdout=subprocess.PIPE, env=os.environ | {"PYTHONPATH": str(REPO),
                                                                      "OPSBENCH_HOME": str(home)})
    assert proc.stdout.readline().strip() == "ready"
    return proc


def test_a_stopped_xdist_controller_waits_for_the_owners_of_its_sweep(tmp_path, monkeypatch):
    from lab import owner as owners
    monkeypatch.setenv("OPSBENCH_HOME", str(tmp_path))
    worker = _owner_process(tmp_path, "worker", "aaaa0001")
    deaf = _owner_process(tmp_path, "deaf", "aaaa0002")
    # another validation's sweep: a folder of the same name (`runs`) elsewhere
    other = _owner_process(tmp_path, "worker", "bbbb0001", sweep="/v/two/runs")
    try:
        left = owners.interrupt_sweep("/v/one/runs", wait_s=5, poll_s=0.1)
        assert worker.wait(timeout=10) == 0, "the worker was not stopped by SIGTERM, or did not clean up"
        assert [o.key for o in left] == ["aaaa0002"], "only the owner that ignores SIGTERM is left"
        assert set(owners.read_all()) == {"aaaa0002", "bbbb0001"}
        assert deaf.poll() is None and other.poll() is None, "a process outside the sweep was stopped"
    finally:
        for p in (worker, deaf, other):
            p.kill()
            p.wait()


def test_an_xdist_controller_stopped_with_sigterm_lets_a_worker_finish_a_slow_cleanup(tmp_path):
    """xdist alone interrupts busy workers at shutdown and kills them (SIGKILL) 10 s later; a
    3-node cluster under load takes about that long to destroy. The controller passes the
    SIGTERM on to the workers that own clusters of its sweep and waits for them instead."""
    root, home, marker = _plugin_root(tmp_path), tmp_path / "home", tmp_path / "torn-down"
    started = tmp_path / "started"
    (root / "tests" / "test_slow_cleanup.py").write_text(textwrap.dedent(f"""
        import time
        import pytest
        from lab import owner as owners

        @pytest.fixture
        def cluster():
            owner = owners.Owner(key="cccc0001", sweep={str(root / "sweeps" / "unused")!r})  # outside tests_tasks
            owners.write(owner)
            yield
            time.sleep(15)  # destroying a big cluster on a busy host
            open({str(marker)!r}, "w").write("destroyed")
            owners.remove(owner.key)

        def test_busy(cluster):
            open({str(started)!r}, "w").close()
            time.sleep(120)
    """))
    env = {k: v for k, v in os.environ.items() if not k.startswith(("OPSBENCH_", "PYTEST_"))}
    proc = subprocess.Popen([sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-n", "1", "tests"],
                            cwd=root, env=env | {"OPSBENCH_HOME": str(home)}, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, text=True)
    try:
        for _ in range(600):
            if started.exists() or proc.poll() is not None:
                break
            time.sleep(0.1)
        assert started.exists(), "the worker never started its test"
        proc.send_signal(signal.SIGTERM)
        output, _ = proc.communicate(timeout=120)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert marker.exists(), "the worker was killed before its cleanup finished:\n" + output[-2000:]
    assert proc.returncode == 2, output[-2000:]
