"""ClusterSpec → Cluster: provision, run commands, reboot, destroy.

Provisioning: lease room on a host, create the cluster's task networks, then per node (in
parallel) either restore a warm-start template and hot-plug the task NICs, or cold-boot a
linked clone with every NIC; wait for the SSH banner; apply the node's identity. Anything
created is destroyed on error, on Ctrl-C and when the context manager exits.
"""
from __future__ import annotations

import atexit
import concurrent.futures as cf
import threading
import time
import uuid
import weakref
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

import libvirt

from lab import (addressing, appliances, console, hosts, identity, images, interrupts, keys, owner as owners,
                 paths, reachability, seed, templates, virt)
from lab.errors import BootDeadEnd, LockedOut, NodeDown, ProvisionError
from records import InfrastructureError, ConfigurationError
from lab.exec import Jump, SSHExec
from lab.result import CommandResult
from lab.spec import ClusterSpec, Interface, NodeSpec

TASK_NIC_SLOT0 = 0x10  # PCI slot of eth1; eth0 (management) sits at 0x03

Observer = Callable[[CommandResult], None]


def _task_nic(i: Interface) -> identity.TaskNic:
    return identity.TaskNic(i.name, i.mac, i.address, dhcp=i.mode == "dhcp", gateway=i.gateway)


class Node:
    def __init__(self, cluster: "Cluster", spec: NodeSpec, image: images.ImageEntry, slot: int,
                 vcpus: int, interfaces: tuple[Interface, ...], jump: Jump | None) -> None:
        self.cluster, self.spec, self.image, self.slot, self.vcpus = cluster, spec, image, slot, vcpus
        self.name = spec.name
        self.domain = f"{cluster.owner.prefix}{spec.name}"
        self.mgmt_ip = str(addressing.mgmt_ip(slot))
        self.mgmt_mac = addressing.mgmt_mac(slot)
        self.interfaces = interfaces
        self.adapter = appliances.for_image(image)
        self.exec = SSHExec(spec.name, self.mgmt_ip, keys.private_key(), jump=jump,
                            login=self.adapter.login.user, output_cap=cluster.output_cap)
        self.machine_id = uuid.uuid4().hex
        self.serial_log = paths.pool_dir() / f"{self.domain}.serial.log"

    @property
    def family(self) -> str:
        return self.image.family

    @property
    def login_user(self) -> str:
        return self.image.login_user

    def run(self, command: str, timeout: float | None = 120, user: str | None = None,
            stdin: bytes | None = None, observe: bool = True) -> CommandResult:
        if user is None:  # the harness's own commands: as the adapter runs them (Linux: as is)
            command = self.adapter.command(command)
        return self._observed(self.exec.run(command, timeout=timeout, user=user, stdin=stdin), observe)

    def upload(self, path: str, data: bytes, mode: int = 0o644, observe: bool = True) -> CommandResult:
        return self._observed(self.exec.upload(path, data, mode), observe)

    def tcp_probe(self, port: int, timeout: float = 3.0, observe: bool = True) -> CommandResult:
        """Can the lab host open tcp/<port> on this node's management address?"""
        return self._observed(self.exec.tcp_probe(port, timeout), observe)

    def shuts_lab_out(self) -> "ShutOut | None":
        """After SSH was lost: how this node, alive, refuses the lab (the agent's doing), or
        None when it may be down (infrastructure). Unknown (None) through a jump host."""
        if self.exec.jump is not None:
            return None
        try:
            dom = self.cluster.conn.lookupByName(self.domain)
        except libvirt.libvirtError:
            return None
        why = reachability.guest_shuts_lab_out(dom, self.mgmt_ip, network=addressing.MGMT_NETWORK)
        if why:
            return ShutOut(why, key_refused=False)
        if self.exec.refuses_key():
            return ShutOut(f"sshd answers but refuses the lab's key for {self.exec.login}: the "
                           "account's authorized_keys or sshd's settings no longer let the lab in",
                           key_refused=True)
        why = self.exec.session_fails()
        return ShutOut(f"the guest {why}: its userland was broken", False) if why else None

    def _observed(self, result: CommandResult, observe: bool) -> CommandResult:
        if observe:
            for obs in list(self.cluster.observers):
                obs(result)
        return result

    def boot_id(self) -> str:
        res = self.run(self.adapter.boot_id_command(), timeout=30)
        if res.exit_code != 0:
            raise InfrastructureError(f"{self.name}: cannot read boot id: {res.stderr or res.transport_error}")
        return res.stdout.strip()

    @property
    def testinfra_url(self) -> str:
        return f"paramiko://root@{self.mgmt_ip}"

    def testinfra_host(self):
        """A testinfra host over its own paramiko connection (not recorded)."""
        import testinfra
        return testinfra.get_host(self.testinfra_url, ssh_identity_file=str(keys.private_key()))

    def describe(self) -> dict:
        return {"name": self.name, "os": self.image.id, "family": self.family, "role": self.spec.role,
                "adapter": self.adapter.name,
                "os_name": self.image.name, "login_user": self.login_user, "slot": self.slot,
                "domain": self.domain, "vcpus": self.vcpus, "memory_mib": self.spec.memory_mib,
                "mgmt_ip": self.mgmt_ip, "mgmt_mac": self.mgmt_mac,
                "interfaces": [vars(i) for i in self.interfaces]}


_LIVE: "weakref.WeakSet[Cluster]" = weakref.WeakSet()


_DOMAIN_STATES = {libvirt.VIR_DOMAIN_RUNNING: "running", libvirt.VIR_DOMAIN_BLOCKED: "running",
                  libvirt.VIR_DOMAIN_PAUSED: "paused", libvirt.VIR_DOMAIN_SHUTDOWN: "shutting down",
                  libvirt.VIR_DOMAIN_SHUTOFF: "shut off", libvirt.VIR_DOMAIN_CRASHED: "crashed",
                  libvirt.VIR_DOMAIN_PMSUSPENDED: "suspended"}


def destroy_all_live() -> None:
    for cluster in list(_LIVE):
        cluster.destroy()


atexit.register(destroy_all_live)


@dataclass(frozen=True)
class ShutOut:
    """How a live node refuses the lab. `key_refused`: its sshd went through the whole handshake
    and refused the lab's key (else: tcp/22 refused or dropped, no network, or a connection
    reset before the handshake, which a restarting sshd also gives)."""
    why: str
    key_refused: bool


class ShutOutWatch:
    """A node counts as shutting the lab out (LockedOut: the agent's doing) only once the same
    finding has held for its window with every look in between finding it too. A guest on a
    loaded host (emulated CPUs, other runs) can sit quiet on its console for a minute before its
    network or sshd is up; refusing tcp/22 then is the boot's slowness, the testbed's: that
    window is `confirm_s`. An sshd that refuses the lab's key, look after look, for `key_s` after
    getty offered a login is past every step of the boot (nologin lifted): that is enough."""

    def __init__(self, confirm_s: float = 90.0, key_s: float = 15.0) -> None:
        self.confirm_s, self.key_s = confirm_s, key_s
        self.since: float | None = None       # any finding, look after look
        self.key_since: float | None = None   # the key refused, look after look

    @property
    def pending(self) -> bool:
        """A finding is held and not yet confirmed: a deadline should wait for its window."""
        return self.since is not None

    def waits(self, now: float, deadline: float) -> bool:
        """Whether a wait with this `deadline` goes on: past it only while a finding is being
        confirmed (a node locked out late in a slow boot is still the agent's doing, not a boot
        that never ended), and for one window at most."""
        return now < deadline or self.pending and now < deadline + self.confirm_s

    def clear(self) -> None:
        self.since = self.key_since = None

    def check(self, node: str, found: ShutOut | None, now: float, booted: bool) -> None:
        """`booted`: the console shows the boot reached a login prompt (or no boot at all)."""
        if not found:
            self.clear()
            return
        self.since = now if self.since is None else self.since
        self.key_since = (now if self.key_since is None else self.key_since) if found.key_refused else None
        if now - self.since >= self.confirm_s or \
                booted and self.key_since is not None and now - self.key_since >= self.key_s:
            raise LockedOut(node, found.why)


class Cluster:
    def __init__(self, spec: ClusterSpec, lease: hosts.Lease, owner: owners.Owner,
                 scheduler: hosts.Scheduler | None, output_cap: int) -> None:
        self.spec, self.lease, self.owner, self.scheduler = spec, lease, owner, scheduler
        self.uri = lease.host.uri
        self.output_cap = output_cap
        self.nodes: dict[str, Node] = {}
        self.networks: dict[str, str] = {}  # task network name → libvirt network name
        self.observers: list[Observer] = []
        self.provision_s: float | None = None
        self.warm: bool | None = None
        self._destroyed = False
        _LIVE.add(self)

    def node(self, name: str) -> Node:
        try:
            return self.nodes[name]
        except KeyError:
            raise ConfigurationError(f"no node {name!r}; nodes: {', '.join(self.nodes)}") from None

    def __iter__(self):
        return iter(self.nodes.values())

    def __enter__(self) -> "Cluster":
        return self

    def __exit__(self, *exc) -> None:
        self.destroy()

    # -- reboot -------------------------------------------------------------------------
    def reboot(self, names: list[str] | None = None, deadline_s: float = 300) -> dict[str, float]:
        """Reboot nodes (all by default) and wait for each to come back with a new boot id.
        A node whose console shows it stopped in emergency or rescue mode raises BootDeadEnd at
        once (its configuration's fault), one booted (its console quiet) that refuses the
        harness's SSH LockedOut (a setting that took effect at boot: AllowUsers, a firewall, a
        key removed); one that is merely not back by the deadline raises ProvisionError (the
        testbed's)."""
        targets = [self.node(n) for n in (names or list(self.nodes))]
        before = {n.name: n.boot_id() for n in targets}
        consoles = {n.name: console.size(n.serial_log) for n in targets}
        for n in targets:
            # detached so the command returns before the connection drops
            n.run(n.adapter.reboot_command(), timeout=30)
            n.exec.close()
        t0 = time.monotonic()
        stop = threading.Event()

        def back(n: Node) -> float:
            deadline = t0 + deadline_s
            last_console = [console.size(n.serial_log), time.monotonic()]
            shut_out = ShutOutWatch()
            while not stop.is_set() and shut_out.waits(time.monotonic(), deadline):
                try:
                    # short tries: the console is read, and a stop heard, between them
                    n.exec.connect(deadline_s=min(15.0, max(1.0, deadline - time.monotonic())))
                    if n.boot_id() != before[n.name]:
                        return time.monotonic() - t0
                except InfrastructureError:
                    pass
                n.exec.close()
                said = console.read_from(n.serial_log, consoles[n.name])
                stuck = console.dead_end(said)
                if stuck:
                    raise BootDeadEnd(n.name, stuck)
                now, size = time.monotonic(), console.size(n.serial_log)
                if size != last_console[0]:
                    last_console[:] = [size, now]
                    shut_out.clear()
                elif said and now - t0 >= 60 and now - last_console[1] >= 30:  # booted, then quiet
                    booted = console.login_prompt(said)
                    shut_out.check(n.name, n.shuts_lab_out(), time.monotonic(), booted)
                time.sleep(1)
            raise ProvisionError(f"{n.name}: no new boot id within {deadline_s:.0f} s after reboot")

        return dict(zip([n.name for n in targets], _wait_on_each(back, targets, stop)))

    def console_marks(self) -> dict[str, int]:
        """Where each node's console log ends now: `settle(console_from=…)` reads from there."""
        return {n.name: console.size(n.serial_log) for n in self}

    def settle(self, deadline_s: float = 300, quiet_s: float = 10.0,
               console_from: dict[str, int] | None = None) -> dict[str, bool]:
        """Wait until every node answers with one boot id for `quiet_s` on end, and say which
        rebooted meanwhile. An agent may leave a reboot behind it (`sleep 2; reboot &`,
        `systemd-run --on-active=3s systemctl reboot`): nothing is judged or snapshotted until it
        is over. A node whose console shows it powered off or halted raises NodeDown, one stopped
        in emergency mode BootDeadEnd, one alive with a quiet console that refuses the harness's
        SSH LockedOut (all the agent's doing); one that vanished or is merely not back by the
        deadline, ProvisionError (the testbed's). `console_from`: where to read
        each console from (the agent's start: a reboot it caused may be over before this runs)."""
        t0 = time.monotonic()
        stop = threading.Event()

        def steady(n: Node) -> bool:
            start = (console_from or {}).get(n.name, console.size(n.serial_log))
            seen, since, rebooted = None, time.monotonic(), False
            last_console = [console.size(n.serial_log), time.monotonic()]
            shut_out = ShutOutWatch()
            while not stop.is_set():
                try:
                    res = n.exec.run(n.adapter.boot_id_command(), timeout=15) \
                        if n.exec.connected else None
                except InfrastructureError:  # it went down under us: waited for below
                    res = None
                now = time.monotonic()
                if res is not None and res.exit_code == 0 and res.stdout.strip():
                    if seen is not None and res.stdout.strip() != seen:
                        rebooted = True
                    if res.stdout.strip() != seen:
                        seen, since = res.stdout.strip(), now
                    elif now - since >= quiet_s:
                        return rebooted
                    time.sleep(min(2.0, quiet_s / 4))
                    continue
                rebooted = rebooted or seen is not None
                n.exec.close()
                state = self._domain_state(n)
                said = console.read_from(n.serial_log, start)
                down = console.powered_down(said)
                if down and state in ("gone", "shut off", "running"):
                    raise NodeDown(n.name, down)  # its own last words: the guest was told to stop
                stuck = console.dead_end(said)
                if stuck:
                    raise BootDeadEnd(n.name, stuck)
                if state == "paused" and self._paused_by_io_error(n):
                    raise ProvisionError(f"{n.name}: its VM was paused by a host I/O error (the "
                                         f"storage pool's disk full?): not the agent's doing")
                if state == "gone":  # no last words: stopped from outside (qemu killed, host)
                    time.sleep(2)  # the console's last lines may land just after the VM ends
                    down = console.powered_down(console.read_from(n.serial_log, start))
                    if down:
                        raise NodeDown(n.name, down)
                    raise ProvisionError(f"{n.name}: its VM is gone, with no power-down on its "
                                         "console: stopped from outside the guest")
                # alive, its console quiet (no boot under way), refusing the lab: locked out
                size = console.size(n.serial_log)
                if size != last_console[0]:
                    last_console[:] = [size, now]
                    shut_out.clear()
                elif now - since >= 60 and now - last_console[1] >= 30:
                    # no console output since the agent began: it never rebooted
                    booted = console.login_prompt(said) or not said.strip()
                    shut_out.check(n.name, n.shuts_lab_out(), time.monotonic(), booted)
                if not shut_out.waits(now, t0 + deadline_s):
                    raise ProvisionError(f"{n.name}: not answering {deadline_s:.0f} s after the "
                                         f"agent ended (its VM is {state})")
                try:
                    n.exec.connect(deadline_s=min(15.0, max(1.0, t0 + deadline_s - now)))
                except InfrastructureError:
                    time.sleep(1)
            raise ProvisionError(f"{n.name}: settle stopped")

        return dict(zip(self.nodes, _wait_on_each(steady, list(self.nodes.values()), stop)))

    def _paused_by_io_error(self, n: Node) -> bool:
        """QEMU pauses a guest whose disk write failed on the host (ENOSPC under the pool)."""
        try:
            state, reason = self.conn.lookupByName(n.domain).state()
        except libvirt.libvirtError:
            return False
        return state == libvirt.VIR_DOMAIN_PAUSED and reason == libvirt.VIR_DOMAIN_PAUSED_IOERROR

    def _domain_state(self, n: Node) -> str:
        try:
            code = self.conn.lookupByName(n.domain).info()[0]
        except libvirt.libvirtError:
            return "gone"
        return _DOMAIN_STATES.get(code, f"state {code}")

    # -- checkpoints --------------------------------------------------------------------
    @property
    def can_checkpoint(self) -> bool:
        """RAM+disk checkpoints need qcow2 disks (ours) and a clock the harness can set after a
        revert: Linux nodes only (the vendor appliances are not validated for it)."""
        return all(n.adapter.name == "linux" for n in self)

    def has_checkpoint(self, name: str) -> bool:
        """Every node's domain still runs and still holds checkpoint `name` (an agent that
        powered a node off took the transient domain, and its snapshots, with it)."""
        try:
            doms = [self.conn.lookupByName(n.domain) for n in self]
            return all(d.isActive() and d.snapshotLookupByName(name) for d in doms)
        except libvirt.libvirtError:
            return False

    def checkpoint(self, name: str) -> None:
        """A RAM+disk snapshot of every node, taken while all of them are paused so the cut is
        consistent across the cluster (a replica is never ahead of its primary)."""
        try:
            doms = [self.conn.lookupByName(n.domain) for n in self]
            for d in doms:
                d.suspend()
            try:
                for d in doms:
                    d.snapshotCreateXML(f"<domainsnapshot><name>{name}</name></domainsnapshot>", 0)
            finally:
                for d in doms:
                    if d.info()[0] == libvirt.VIR_DOMAIN_PAUSED:
                        d.resume()
        except libvirt.libvirtError as exc:
            raise ProvisionError(f"checkpoint {name!r}: {exc.get_error_message()}") from exc

    def revert(self, name: str, deadline_s: float = 120) -> None:
        """Back to checkpoint `name`: every node as it was then, resumed together, SSH
        reconnected and the clock set to now (a reverted guest's clock is behind by the time
        since the checkpoint)."""
        for n in self:
            n.exec.close()
        try:
            doms = [self.conn.lookupByName(n.domain) for n in self]
            for d in doms:
                d.revertToSnapshot(d.snapshotLookupByName(name), libvirt.VIR_DOMAIN_SNAPSHOT_REVERT_PAUSED)
            for d in doms:
                d.resume()
        except libvirt.libvirtError as exc:
            raise ProvisionError(f"revert to checkpoint {name!r}: {exc.get_error_message()}") from exc

        stop, t0 = threading.Event(), time.monotonic()

        def back(n: Node) -> None:
            while True:  # short tries, so a stop (another node's error, Ctrl-C) is heard soon
                try:
                    n.exec.connect(deadline_s=min(15.0, max(1.0, t0 + deadline_s - time.monotonic())))
                    break
                except InfrastructureError:
                    if stop.is_set() or time.monotonic() >= t0 + deadline_s:
                        raise
            res = n.run(f"date -s @{time.time():.3f} >/dev/null", timeout=30)
            if res.exit_code != 0:
                raise ProvisionError(f"{n.name}: cannot set the clock after a revert: "
                                     f"{res.stderr or res.transport_error}")

        _wait_on_each(back, list(self.nodes.values()), stop)

    # -- teardown -----------------------------------------------------------------------
    def keep(self) -> None:
        """Leave the cluster up (for debugging) past this process: gc spares it, its slots
        stay leased, until `python -m lab gc --kept`."""
        from dataclasses import replace
        self.owner = replace(self.owner, kept=True)
        owners.write(self.owner)
        if self.scheduler:
            self.scheduler.keep(self.lease, self.owner.key)
        for n in self.nodes.values():
            n.exec.close_all()
        self._destroyed = True
        _LIVE.discard(self)

    def access_hint(self) -> str:
        key = keys.private_key()
        logins = "; ".join(f"{n.name}: ssh -i {key} root@{n.mgmt_ip}" for n in self.nodes.values())
        return f"{logins}; remove with: python -m lab gc --kept"

    @property
    def conn(self) -> libvirt.virConnect:
        """libvirt, reconnected if libvirtd restarted meanwhile (a run outlives that)."""
        return virt.live_connection(self.uri)

    def destroy(self) -> list[str]:
        if self._destroyed:
            return []
        self._destroyed = True
        removed = destroy_owned(self.conn, self.owner.key)
        for n in self.nodes.values():
            n.exec.close_all()
        owners.remove(self.owner.key)
        if self.scheduler:
            self.scheduler.release(self.lease)
        _LIVE.discard(self)
        return removed

    def topology(self) -> dict:
        return {"uri": self.uri, "key": self.owner.key, "warm": self.warm,
                "provision_s": self.provision_s,
                "networks": [{"name": n.name, "cidr": n.cidr, "dhcp": n.dhcp, "egress": n.egress,
                              "libvirt": self.networks.get(n.name)} for n in self.spec.networks],
                "nodes": [n.describe() for n in self.nodes.values()]}


def destroy_owned(conn: libvirt.virConnect, key: str) -> list[str]:
    """Remove every domain, network and overlay of the owner `key` (by name or metadata)."""
    prefix, removed = f"ob-{key}-", []
    for dom in conn.listAllDomains():
        if (dom.name().startswith(prefix) or virt.owner_of(dom).get("key") == key) \
                and virt.destroy_domain(conn, dom.name()):
            removed.append(f"domain {dom.name()}")
    for net in conn.listAllNetworks():
        if net.name().startswith(prefix) and virt.destroy_network(conn, net.name()):
            removed.append(f"network {net.name()}")
    try:
        pool = virt.ensure_pool(conn, refresh=True)
        for vol in pool.listAllVolumes():
            if vol.name().startswith(prefix):
                vol.delete()
                removed.append(f"volume {vol.name()}")
    except libvirt.libvirtError:
        pass
    return removed


# -- provisioning ---------------------------------------------------------------------------

def provision(spec: ClusterSpec, *, sweep: str = "", run: str = "", warm: bool = True,
              scheduler: hosts.Scheduler | None = None, lease: hosts.Lease | None = None,
              boot_deadline_s: float = 300, output_cap: int = 1 << 20,
              log: Callable[[str], None] = lambda m: None) -> Cluster:
    node_images = {n.name: images.get(n.os) for n in spec.nodes}
    for name, img in node_images.items():
        reason = img.missing()
        if reason:
            raise ConfigurationError(f"node {name!r}: OS {img.id} is {reason}")
    scheduler = scheduler or (None if lease else hosts.Scheduler(hosts.load_inventory()))
    if lease is None:
        lease = scheduler.acquire(lambda host: demand(spec, host))
    owner = owners.Owner(key=uuid.uuid4().hex[:8], sweep=sweep, run=run, uri=lease.host.uri)
    owners.write(owner)
    try:
        cluster = Cluster(spec, lease, owner, scheduler, output_cap)
    except BaseException:
        owners.remove(owner.key)  # nothing was created yet (e.g. libvirt unreachable)
        raise
    t0 = time.monotonic()
    try:
        with interrupts.sigterm_as_interrupt():
            _bring_up(cluster, node_images, warm, boot_deadline_s, log)
    except BaseException as exc:
        cluster.destroy()
        if isinstance(exc, (InfrastructureError, ConfigurationError, KeyboardInterrupt, SystemExit)):
            raise
        if isinstance(exc, libvirt.libvirtError):
            raise ProvisionError(f"libvirt: {exc.get_error_message()}") from exc
        raise
    cluster.provision_s = round(time.monotonic() - t0, 2)
    return cluster


def demand(spec: ClusterSpec, host: hosts.Host) -> hosts.Demand:
    """What a cluster needs of a host, with vCPUs fitted to it under emulation."""
    return hosts.Demand(sum(_fitted(spec, host)), spec.memory_mib, len(spec.nodes))


def _fitted(spec: ClusterSpec, host: hosts.Host) -> list[int]:
    return hosts.fit_vcpus([n.vcpus for n in spec.nodes], host.vcpus, emulated=not virt.kvm_usable())


def _bring_up(cluster: Cluster, node_images, warm: bool, boot_deadline_s: float, log) -> None:
    spec, conn, key = cluster.spec, cluster.conn, cluster.owner.key
    virt.ensure_mgmt_network(conn)
    virt.ensure_pool(conn)
    for i, net in enumerate(spec.networks):
        lv_name = f"{cluster.owner.prefix}{net.name}"
        virt.ensure_network(conn, virt.task_network_xml(lv_name, f"ob{key}{i}", net.cidr,
                                                       net.dhcp, net.egress), lv_name)
        cluster.networks[net.name] = lv_name
    jump = _jump(cluster.lease.host)
    vcpus = _fitted(spec, cluster.lease.host)
    for index, (nspec, slot, vc) in enumerate(zip(spec.nodes, cluster.lease.slots, vcpus)):
        ifaces = tuple(Interface(
            name=f"eth{j + 1}", network=nic.network, mac=addressing.task_mac(key, index, j),
            address=str(spec.address(nspec.name, nic.network))
            if spec.nic_mode(nspec.name, nic.network) == "static" else None,
            mode=spec.nic_mode(nspec.name, nic.network),
            # hosts route through the network's gateway; an appliance is the gateway
            gateway=spec.network(nic.network).gateway if nspec.role == "host" else None)
            for j, nic in enumerate(nspec.nics))
        cluster.nodes[nspec.name] = Node(cluster, nspec, node_images[nspec.name], slot, vc, ifaces, jump)
    use_warm = warm and all(n.image.boot == "kernel" for n in cluster.nodes.values())
    cluster.warm = use_warm
    if use_warm:
        # templates are built one at a time: cold boots compete for the same cores
        tpls = {n.name: templates.ensure(conn, n.image, n.slot, n.vcpus, n.spec.memory_mib,
                                         owner=cluster.owner.metadata(),
                                         boot_deadline_s=boot_deadline_s, log=log)
                for n in cluster.nodes.values()}
        bring = lambda n: _restore_node(cluster, n, tpls[n.name], boot_deadline_s)
    else:
        bring = lambda n: _cold_boot_node(cluster, n, boot_deadline_s)
    with cf.ThreadPoolExecutor(len(cluster.nodes)) as pool:
        for fut in [pool.submit(bring, n) for n in cluster.nodes.values()]:
            fut.result()


def _wait_on_each(fn: Callable, nodes: list, stop: threading.Event | None = None) -> list:
    """fn(node) for every node, a thread each, for waits that create nothing (SSH back after a
    reboot or revert). On an error or Ctrl-C the caller does not join the others, which may
    wait minutes more: `stop` tells them to end, and cleanup starts at once."""
    pool = cf.ThreadPoolExecutor(max(1, len(nodes)))
    try:
        return list(pool.map(fn, nodes))
    finally:
        if stop is not None:
            stop.set()
        pool.shutdown(wait=False, cancel_futures=True)


def _jump(host: hosts.Host) -> Jump | None:
    if not host.jump:
        return None
    user, _, hostport = host.jump.rpartition("@")
    hostname, _, port = hostport.partition(":")
    return Jump(host=hostname, user=user or "root", port=int(port or 22),
                key=Path(host.jump_key).expanduser() if host.jump_key else None)


def _task_nics(cluster: Cluster, node: Node) -> list[virt.Nic]:
    return [virt.Nic(cluster.networks[i.network], i.mac, TASK_NIC_SLOT0 + j)
            for j, i in enumerate(node.interfaces)]


def _identity(node: Node, configure_nics: bool) -> str:
    if node.adapter.name != "linux":  # a vendor appliance: its own CLI, through its adapter
        return node.adapter.identity_script(node.name, tuple(
            appliances.Nic(i.name, i.address) for i in node.interfaces if configure_nics))
    nics = tuple(_task_nic(i) for i in node.interfaces)
    return identity.script(node.family, hostname=node.name, machine_id=node.machine_id,
                           epoch=time.time(), nics=nics, configure_nics=configure_nics)


def _apply(node: Node, script: str, what: str) -> None:
    res = node.run(script, timeout=120)
    if res.exit_code != 0:
        raise ProvisionError(f"{node.name}: {what} failed (exit {res.exit_code}): "
                             f"{(res.stderr or res.stdout or res.transport_error or '').strip()[-500:]}")


def _reclaim_stale(conn: libvirt.virConnect, name: str) -> None:
    """A restored domain keeps its template's name, one per slot. A lease is free again as soon
    as its holder dies, but the holder's domain may still run (kill -9 before cleanup): remove
    it when its owner is gone; a live owner holding our slot is a real conflict."""
    try:
        dom = conn.lookupByName(name)
    except libvirt.libvirtError:
        return
    key = virt.owner_of(dom).get("key")
    owner = owners.read_all().get(key or "")
    if owner is not None and owner.alive():
        raise ProvisionError(f"domain {name} (slot in use) belongs to live owner {key} (pid {owner.pid})")
    if key:
        destroy_owned(conn, key)
        owners.remove(key)
    else:
        virt.destroy_domain(conn, name)


def _restore_node(cluster: Cluster, node: Node, tpl: templates.Template, deadline_s: float) -> None:
    conn = cluster.conn
    _reclaim_stale(conn, templates.domain_name(tpl))
    disk = virt.create_overlay(conn, f"{node.domain}.qcow2", tpl.disk)
    node.domain = templates.domain_name(tpl)
    xml = templates.restore_xml(conn, tpl, disk=disk, owner=cluster.owner.metadata() | {"node": node.name},
                                serial_log=node.serial_log)
    conn.restoreFlags(str(tpl.state), xml, libvirt.VIR_DOMAIN_SAVE_RUNNING)
    node.exec.connect(deadline_s=deadline_s)
    # identity first (with the NIC configs), then hot-plug: udev names each NIC by its MAC
    _apply(node, _identity(node, configure_nics=True), "identity")
    dom = conn.lookupByName(node.domain)
    for nic in _task_nics(cluster, node):
        dom.attachDeviceFlags(virt.nic_xml(nic), libvirt.VIR_DOMAIN_AFFECT_LIVE)
    if node.interfaces:
        nics = tuple(_task_nic(i) for i in node.interfaces)
        _apply(node, identity.wait_addresses(nics), "task NIC addresses")
    _attach_disks(cluster, node)


def _attach_disks(cluster: Cluster, node: Node) -> None:
    """Hot-plug the node's blank data disks, one at a time so the guest names them in order
    (vdb, vdc, …); on either boot path, so warm templates stay disk-less. A guest reboot
    resets qemu, not the domain: the disks stay."""
    if not node.spec.disks_mib:
        return
    dom = cluster.conn.lookupByName(node.domain)
    for i, size in enumerate(node.spec.disks_mib):
        dev, serial = f"vd{chr(ord('b') + i)}", f"data{i + 1}"
        path = virt.create_blank(cluster.conn, f"{cluster.owner.prefix}{node.name}-{serial}.qcow2", size)
        dom.attachDeviceFlags(virt.data_disk_xml(path, dev, serial), libvirt.VIR_DOMAIN_AFFECT_LIVE)
        _apply(node, f"for i in $(seq 1 100); do [ -b /dev/{dev} ] && [ -e /dev/disk/by-id/virtio-{serial} ] "
                     f"&& exit 0; sleep 0.2; done; echo '/dev/{dev} did not appear' >&2; exit 1",
               f"data disk {dev}")


def _cold_boot_node(cluster: Cluster, node: Node, deadline_s: float) -> None:
    conn, img = cluster.conn, node.image
    disk = virt.create_overlay(conn, f"{node.domain}.qcow2", img.disk)
    nics = [virt.Nic(addressing.MGMT_NETWORK, node.mgmt_mac, 0x03)] + _task_nics(cluster, node)
    seed_path = None
    if img.cloud_init:
        seed_path = seed.make_seed(
            paths.pool_dir() / f"{node.domain}-seed.iso", instance_id=f"{node.domain}-{node.machine_id[:8]}",
            hostname=node.name, login_user=node.login_user, pubkey=keys.public_key(),
            mgmt_mac=node.mgmt_mac,
            nics=tuple(_task_nic(i) for i in node.interfaces),
            apt_proxy=addressing.APT_PROXY_URL if img.pkg == "apt" else None)
        virt.ensure_pool(conn, refresh=True)  # the seed is a pool volume too, removed with the cluster
    conn.createXML(virt.domain_xml(
        name=node.domain, vcpus=node.vcpus, memory_mib=node.spec.memory_mib, disk=disk, nics=nics,
        kernel=img.kernel if img.boot == "kernel" else None,
        initrd=img.initrd if img.boot == "kernel" else None,
        cmdline=templates.kernel_cmdline(), seed=seed_path,
        serial_log=node.serial_log,
        owner=cluster.owner.metadata() | {"node": node.name}), 0)
    node.exec.connect(deadline_s=deadline_s)
    _apply(node, _identity(node, configure_nics=not img.cloud_init), "identity")
    if node.interfaces:
        nics = tuple(_task_nic(i) for i in node.interfaces)
        _apply(node, identity.wait_addresses(nics), "task NIC addresses")
    _attach_disks(cluster, node)
