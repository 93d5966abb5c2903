"""Spec validation, address/MAC allocation, the lease scheduler, console dead ends and waits on
several nodes, without VMs."""
import signal
import threading
import time

import pytest
from hypothesis import given, strategies as st

from lab import addressing, console, hosts
from lab.cluster import _wait_on_each
from lab.errors import BootDeadEnd, ProvisionError
from records import InfrastructureError, ConfigurationError
from lab.spec import ClusterSpec, NetworkSpec, NicSpec, NodeSpec


def test_unknown_network_is_one_clear_error():
    with pytest.raises(ConfigurationError, match="unknown network 'lan'"):
        ClusterSpec(nodes=(NodeSpec("node1", "debian12", nics=(NicSpec("lan"),)),))


def test_mgmt_overlap_and_bad_names_are_rejected():
    with pytest.raises(ConfigurationError, match="overlaps"):
        NetworkSpec("priv", "10.213.0.0/16")
    with pytest.raises(ConfigurationError, match="invalid"):
        NodeSpec("Node_1", "debian12")


def test_bad_data_disks_are_rejected():
    with pytest.raises(ConfigurationError, match="data disk size 0"):
        NodeSpec("node1", "debian12", disks_mib=(0,))
    with pytest.raises(ConfigurationError, match="at most 4 data disks"):
        NodeSpec("node1", "debian12", disks_mib=(64,) * 5)


@given(st.integers(min_value=1, max_value=8))
def test_task_addresses_are_unique(n):
    nodes = tuple(NodeSpec(f"n{i}", "debian12", nics=(NicSpec("priv"),)) for i in range(n))
    spec = ClusterSpec(nodes=nodes, networks=(NetworkSpec("priv", "10.100.0.0/24"),))
    addrs = {str(spec.address(x.name, "priv")) for x in nodes}
    assert len(addrs) == n


@given(st.text(min_size=1, max_size=12))
def test_task_macs_unique_within_a_cluster(key):
    macs = {addressing.task_mac(key, node, nic) for node in range(8) for nic in range(8)}
    assert len(macs) == 64


def test_mgmt_slots_are_distinct():
    assert len({addressing.mgmt_ip(k) for k in range(addressing.MGMT_SLOTS)}) == addressing.MGMT_SLOTS
    assert len({addressing.mgmt_mac(k) for k in range(addressing.MGMT_SLOTS)}) == addressing.MGMT_SLOTS


def test_scheduler_never_overcommits_and_spreads(tmp_path):
    inv = [hosts.Host(f"h{i}", "test:///default", vcpus=20, memory_mib=60000, max_vms=50) for i in range(4)]
    sched = hosts.Scheduler(inv, state_dir=tmp_path)
    leases = [sched.try_acquire(hosts.Demand(vcpus=2, memory_mib=1024, vms=2)) for _ in range(45)]
    got = [l for l in leases if l]
    assert len(got) == 40  # 4 hosts × 10 clusters of 2 vCPUs
    for h in inv:
        on = [l for l in got if l.host.name == h.name]
        assert sum(l.demand.vcpus for l in on) <= h.vcpus
        slots = [s for l in on for s in l.slots]
        assert len(slots) == len(set(slots))
    sched.release(got[0])
    assert sched.try_acquire(hosts.Demand(vcpus=2, memory_mib=1024, vms=2)) is not None


def test_oversized_cluster_runs_alone(tmp_path):
    sched = hosts.Scheduler([hosts.Host("h", "test:///default", 2, 20000, 8)], state_dir=tmp_path)
    big = sched.try_acquire(hosts.Demand(vcpus=4, memory_mib=2048, vms=4))
    assert big and big.exclusive
    assert sched.try_acquire(hosts.Demand(vcpus=1, memory_mib=512, vms=1)) is None


def test_a_process_whose_own_lease_blocks_its_next_demand_gets_an_error_not_a_wait(tmp_path):
    sched = hosts.Scheduler([hosts.Host("h", "test:///default", 2, 20000, 8)], state_dir=tmp_path)
    held = sched.acquire(hosts.Demand(vcpus=3, memory_mib=1088, vms=3))  # exclusive: the whole host
    with pytest.raises(ConfigurationError, match="would wait for itself"):
        sched.acquire(hosts.Demand(vcpus=2, memory_mib=768, vms=2), timeout_s=30)
    sched.release(held)
    small = sched.acquire(hosts.Demand(vcpus=1, memory_mib=512, vms=1))
    assert sched.acquire(hosts.Demand(vcpus=1, memory_mib=512, vms=1), timeout_s=5)  # fits beside it
    sched.release(small)


def test_waiters_are_served_in_order_so_big_clusters_do_not_starve(tmp_path):
    """A 3-node cluster (oversized on 2 cores) waits for an empty host; single nodes arriving
    after it must not keep taking the host."""
    import threading
    host = hosts.Host("h", "test:///default", 2, 20000, 8)
    sched = hosts.Scheduler([host], state_dir=tmp_path)
    small = hosts.Demand(vcpus=1, memory_mib=512, vms=1)
    first = sched.try_acquire(small)
    got = {}
    waiter = threading.Thread(target=lambda: got.setdefault("big", sched.acquire(
        hosts.Demand(vcpus=3, memory_mib=1536, vms=3), poll_s=0.05)))
    waiter.start()
    for _ in range(100):
        if sched.leases(host) and (tmp_path / "h.waiters.json").read_text() not in ("", "[]"):
            break
        threading.Event().wait(0.05)
    # there is room for a second small cluster, but the big one came first
    assert sched.try_acquire(small) is None
    # a waiter whose entry vanished (pruned by mistake) takes its old place again
    with sched._locked(host) as box:
        box["waiters"] = []
    for _ in range(100):
        if (tmp_path / "h.waiters.json").read_text() != "[]":
            break
        threading.Event().wait(0.05)
    assert sched.try_acquire(small) is None
    sched.release(first)
    waiter.join(10)
    assert got["big"].exclusive
    assert sched.try_acquire(small) is None  # the big one runs alone
    sched.release(got["big"])
    assert sched.try_acquire(small) is not None
    assert (tmp_path / "h.waiters.json").read_text() == "[]"


def test_a_short_run_backfills_beside_a_waiting_big_cluster_without_delaying_it(tmp_path):
    """EASY backfill: with a 3-node cluster waiting for the whole host, a single node may take the
    free core only if it is expected to end before the running lease does (when the big one
    could start anyway); without an expected duration, or longer, it waits its turn."""
    host = hosts.Host("h", "test:///default", 2, 20000, 8)
    sched = hosts.Scheduler([host], state_dir=tmp_path)
    small = hosts.Demand(vcpus=1, memory_mib=512, vms=1)
    running = sched.try_acquire(small, expected_s=100)
    big = sched._join_queue(hosts.Demand(vcpus=3, memory_mib=1536, vms=3))
    assert sched.try_acquire(small) is None  # no promise: first come, first served
    assert sched.try_acquire(small, expected_s=150) is None  # would delay the big one
    short = sched.try_acquire(small, expected_s=50)
    assert short is not None and short.slots != running.slots
    assert sched.try_acquire(small, expected_s=10) is None  # no core left
    sched.release(short)
    sched.release(running)
    assert sched.try_acquire(small, expected_s=5) is None  # the host is free: the big one's turn
    assert sched.try_acquire(hosts.Demand(vcpus=3, memory_mib=1536, vms=3), ticket=big).exclusive


def test_no_backfill_beside_a_lease_without_an_expected_end(tmp_path):
    host = hosts.Host("h", "test:///default", 2, 20000, 8)
    sched = hosts.Scheduler([host], state_dir=tmp_path)
    small = hosts.Demand(vcpus=1, memory_mib=512, vms=1)
    sched.try_acquire(small)  # its holder said nothing of how long
    sched._join_queue(hosts.Demand(vcpus=3, memory_mib=1536, vms=3))
    assert sched.try_acquire(small, expected_s=1) is None


def test_fit_vcpus_under_emulation():
    assert hosts.fit_vcpus([2, 2], 2, emulated=True) == [1, 1]
    assert hosts.fit_vcpus([2, 2], 2, emulated=False) == [2, 2]
    assert hosts.fit_vcpus([2], 2, emulated=True) == [2]


def test_demand_is_fitted_to_each_host(tmp_path):
    """Under TCG a 4-vCPU node gets the cores of the host it lands on, not of the first host."""
    small = hosts.Host(name="small", uri="test:///default", vcpus=2, memory_mib=8192, max_vms=4)
    big = hosts.Host(name="big", uri="test:///default", vcpus=8, memory_mib=8192, max_vms=4)
    sched = hosts.Scheduler([small, big], state_dir=tmp_path)

    def need(host):
        return hosts.Demand(vcpus=sum(hosts.fit_vcpus([4], host.vcpus, emulated=True)),
                            memory_mib=1024, vms=1)

    first, second = sched.try_acquire(need), sched.try_acquire(need)
    by_host = {lease.host.name: lease.demand.vcpus for lease in (first, second)}
    assert by_host == {"small": 2, "big": 4}


# -- console: a reboot that stopped in emergency mode is the machine's fault, not the testbed's

EMERGENCY = (b"[  151.57] reboot: Restarting system\r\n\x1b[!p\x1b]104\x07\x1b[?7h"
             b"[\x1b[0;1;31m TIME \x1b[0m] Timed out waiting for device \x1b[0;1;39mdev-mapper-vault.device\x1b[0m.\r\n"
             b"[\x1b[0;1;38:5:185mDEPEND\x1b[0m] Dependency failed for srv-vault.mount - /srv/vault.\r\n"
             b"[\x1b[0;1;31m TIME \x1b[0m] Timed out waiting for device \x1b[0;1;\xe2\x80\xa6m - /dev/disk/by-label/x.\r\n"
             b"You are in emergency mode. After logging in, type \"journalctl -xb\" to view\r\n")


def test_console_dead_end_names_the_units_that_led_there(tmp_path):
    log = tmp_path / "serial.log"
    log.write_bytes(b"[    1.0] an earlier boot: You are in rescue mode\n")
    offset = console.size(log)
    log.write_bytes(log.read_bytes() + EMERGENCY)
    stuck = console.dead_end(console.read_from(log, offset))
    assert stuck.splitlines()[-1].startswith("You are in emergency mode")
    assert "[ TIME ] Timed out waiting for device dev-mapper-vault.device." in stuck
    assert "\x1b" not in stuck and "rescue" not in stuck   # only what came after the offset
    # a log that restarted (shorter than the offset) is read from its start
    log.write_bytes(EMERGENCY)
    assert console.dead_end(console.read_from(log, offset + 10_000))


def test_console_of_a_normal_boot_or_none_at_all_is_no_dead_end(tmp_path):
    log = tmp_path / "serial.log"
    assert console.size(log) == 0 and console.read_from(log, 0) == ""
    log.write_bytes(b"[  OK  ] Reached target multi-user.target\r\ndebian login: \r\n")
    assert console.dead_end(console.read_from(log, 0)) is None


def test_a_boot_dead_end_is_not_an_infrastructure_error():
    exc = BootDeadEnd("node1", "[DEPEND] Dependency failed for srv-vault.mount\nYou are in emergency mode.")
    assert not isinstance(exc, InfrastructureError)          # scored, never retried
    assert str(exc) == "node1 did not come back from the reboot: it stopped in 'You are in emergency mode.'"


# -- waits on several nodes: an error or Ctrl-C starts cleanup at once, not after the slowest node

def _slow(stop):
    def wait(i):
        if i == 0:
            time.sleep(0.3)  # the other node is surely waiting on its own thread by now
            raise ProvisionError("node0: no new boot id")
        stop.wait(30)  # a node still waiting for SSH
        return i
    return wait


def test_waits_on_nodes_end_at_the_first_error_without_joining_the_rest():
    stop = threading.Event()
    t0 = time.monotonic()
    with pytest.raises(ProvisionError):
        _wait_on_each(_slow(stop), [0, 1], stop)
    assert time.monotonic() - t0 < 5 and stop.is_set()


def test_ctrl_c_while_waiting_on_nodes_does_not_wait_for_them():
    stop = threading.Event()

    def interrupt(*_):
        raise KeyboardInterrupt

    old = signal.signal(signal.SIGALRM, interrupt)
    try:
        signal.setitimer(signal.ITIMER_REAL, 0.5)
        t0 = time.monotonic()
        with pytest.raises(KeyboardInterrupt):
            _wait_on_each(_slow(stop), [1, 2], stop)
        assert time.monotonic() - t0 < 5 and stop.is_set()
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)
    assert _wait_on_each(lambda i: i * 2, [1, 2, 3]) == [2, 4, 6]


def test_a_guest_that_cannot_fork_is_the_agents_doing():
    from lab.reachability import exhausted
    probe = "probe output incomplete (no end marker); stderr: sh: 68: Cannot fork\n"
    assert "cannot start processes (Cannot fork)" in exhausted(probe)
    assert exhausted("bash: fork: retry: Resource temporarily unavailable")
    assert exhausted("sh: 1: Cannot allocate memory")
    assert exhausted("probe timed out") is None and exhausted("") is None


def test_downloads_and_builds_say_how_far_they_are():
    import io
    from lab.__main__ import copy_with_progress
    from lab.builder import debootstrap_progress
    said: list[str] = []
    out = io.BytesIO()
    assert copy_with_progress(io.BytesIO(b"x" * 1000), out, 1000, said.append, step_percent=25,
                              chunk=100) == 1000
    assert [s.split()[0] for s in said] == ["25%", "50%", "75%", "100%"] and out.getvalue() == b"x" * 1000
    said.clear()
    copy_with_progress(io.BytesIO(b"y" * 10), io.BytesIO(), 0, said.append)  # size unknown, small
    assert said == []
    seen: set[str] = set()
    lines = ["I: Retrieving InRelease", "I: Retrieving libc6 2.36", "I: Validating libc6",
             "W: a warning", "I: Extracting base-files", "I: Configuring libc6", "I: Configuring apt"]
    shown = [p for line in lines if (p := debootstrap_progress(line, seen))]
    assert shown == ["  debootstrap: 5% — retrieving", "  debootstrap: 35% — validating",
                     "  debootstrap: 45% — extracting", "  debootstrap: 80% — configuring"]


def test_an_overcommitted_host_runs_a_large_cluster_beside_small_ones(tmp_path):
    """Two slots per core (this machine under TCG): a 3-vCPU cluster on a 2-core host is not
    exclusive and a single node runs beside it; a second 3-vCPU cluster waits."""
    host = hosts.Host("h", "test:///default", 2, 20000, 8, overcommit=2)
    assert host.slots == 4
    sched = hosts.Scheduler([host], state_dir=tmp_path)
    big = sched.try_acquire(hosts.Demand(vcpus=3, memory_mib=1536, vms=3))
    assert big is not None and not big.exclusive
    assert sched.try_acquire(hosts.Demand(vcpus=1, memory_mib=512, vms=1)) is not None
    assert sched.try_acquire(hosts.Demand(vcpus=3, memory_mib=1536, vms=3)) is None
    with pytest.raises(ConfigurationError, match="overcommit must be ≥ 1"):
        hosts.Host("h", "test:///default", 2, 20000, 8, overcommit=0.5)


def test_this_machine_offers_two_slots_per_core_only_under_emulation(monkeypatch):
    monkeypatch.setenv("OPSBENCH_VIRT_TYPE", "qemu")
    tcg = hosts.local_host()
    monkeypatch.setenv("OPSBENCH_VIRT_TYPE", "kvm")
    kvm = hosts.local_host()
    assert (tcg.overcommit, kvm.overcommit) == (hosts.TCG_OVERCOMMIT, 1.0)
    assert tcg.slots == 2 * kvm.slots == 2 * tcg.vcpus


def test_a_shut_out_counts_only_once_it_has_held_for_the_confirm_window():
    """A guest on a loaded host can refuse tcp/22 for a while after its console goes quiet (sshd
    not up yet): only a refusal that holds, look after look, for the window is the agent's."""
    from lab.cluster import ShutOut, ShutOutWatch
    from lab.errors import LockedOut
    refused = ShutOut("the guest refuses tcp/22", key_refused=False)
    watch = ShutOutWatch(confirm_s=90, key_s=15)
    watch.check("node1", refused, 0.0, booted=True)      # first seen
    watch.check("node1", refused, 60.0, booted=True)     # still within the window, login prompt or not
    watch.check("node1", None, 70.0, booted=True)        # it answered: a slow boot
    watch.check("node1", refused, 80.0, booted=True)     # seen again: the window restarts
    watch.check("node1", refused, 169.0, booted=True)
    with pytest.raises(LockedOut, match="refuses tcp/22"):
        watch.check("node1", refused, 170.0, booted=True)
    watch.clear()                                        # the console moved: booting again
    watch.check("node1", refused, 200.0, booted=True)
    watch.check("node1", refused, 289.0, booted=True)


def test_an_sshd_that_refuses_the_key_after_the_login_prompt_is_confirmed_quickly():
    """sshd went through the handshake and refused the key: once getty offered a login (the
    boot's nologin lifted) 15 s of it is enough. Before that, and for a connection reset before
    the handshake (a restarting sshd does that, seen after a reboot on 2026-12-07), the long
    window holds; the short one counts from the first refusal of the key."""
    from lab.cluster import ShutOut, ShutOutWatch
    from lab.errors import LockedOut
    key = ShutOut("sshd answers but refuses the lab's key for root", key_refused=True)
    reset = ShutOut("the guest accepts tcp/22 but closes before the SSH handshake", key_refused=False)
    watch = ShutOutWatch(confirm_s=90, key_s=15)
    watch.check("node1", key, 0.0, booted=False)
    watch.check("node1", key, 30.0, booted=False)        # mid-boot: nologin may still be up
    watch.clear()
    watch.check("node1", reset, 100.0, booted=True)
    watch.check("node1", reset, 120.0, booted=True)      # a reset is no proof after 20 s
    watch.check("node1", key, 125.0, booted=True)        # the key's 15 s start here
    watch.check("node1", key, 139.0, booted=True)
    with pytest.raises(LockedOut, match="refuses the lab's key"):
        watch.check("node1", key, 140.0, booted=True)


def test_a_deadline_waits_out_a_shut_out_being_confirmed_and_no_longer():
    """The CI's key-removed run: the reboot's deadline fell inside the confirm window, and the
    agent's lockout was retried as a boot that never ended."""
    from lab.cluster import ShutOut, ShutOutWatch
    watch = ShutOutWatch(confirm_s=90)
    assert watch.waits(299.0, deadline=300.0) and not watch.waits(301.0, deadline=300.0)
    watch.check("node1", ShutOut("the guest refuses tcp/22", False), 280.0, booted=True)
    assert watch.pending and watch.waits(350.0, deadline=300.0)
    assert not watch.waits(391.0, deadline=300.0)        # one window past the deadline at most
    watch.check("node1", None, 352.0, booted=True)
    assert not watch.waits(352.0, deadline=300.0)        # it answered: the deadline stands


def test_a_login_prompt_on_the_console_says_the_boot_reached_user_sessions():
    assert console.login_prompt("[  OK  ] Reached target multi-user.target\n\ndebian login: ")
    assert console.login_prompt("Debian GNU/Linux 12 node1 ttyS0\n\nnode1 login:\n[ 9.1] random: crng")
    assert not console.login_prompt("[  OK  ] Started ssh.service - OpenBSD Secure Shell server.\n")
    assert not console.login_prompt("Last login: Mon Dec  7 18:00:00 2026 from 10.0.0.1\n")
