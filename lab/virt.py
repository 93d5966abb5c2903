"""libvirt plumbing: connections, domain and network XML, the overlay pool."""
from __future__ import annotations

import functools
import os
import time
import uuid as uuidlib
from dataclasses import dataclass
from pathlib import Path
from xml.sax.saxutils import escape, quoteattr

import libvirt

from lab import addressing, paths
from records import ConfigurationError

libvirt.registerErrorHandler(lambda *_: None, None)  # we handle errors; don't print each lookup

META_NS = "https://opsbench.dev/lab/1"
POOL = "opsbench"
TB_CACHE_MIB = 256  # without it every TCG guest costs ~1 GiB of host RSS


@functools.cache
def connect(uri: str = "qemu:///system") -> libvirt.virConnect:
    try:
        return libvirt.open(uri)
    except libvirt.libvirtError as exc:
        raise ConfigurationError(f"cannot reach libvirt at {uri}: {exc.get_error_message()}; "
                       f"run `python -m lab up` (or check the URI in lab/hosts.toml)") from None


def live_connection(uri: str = "qemu:///system", wait_s: float = 60.0) -> libvirt.virConnect:
    """The cached connection, opened again when libvirtd restarted under it (its socket is then
    a broken pipe), waiting up to `wait_s` for libvirtd to come back. A libvirt never reached is
    one clear error at once (connect's)."""
    conn = connect(uri)
    try:
        conn.getLibVersion()
        return conn
    except libvirt.libvirtError:
        pass
    deadline = time.monotonic() + wait_s
    while True:
        connect.cache_clear()
        try:
            conn = connect(uri)
            conn.getLibVersion()
            return conn
        except (ConfigurationError, libvirt.libvirtError) as exc:
            if time.monotonic() >= deadline:
                raise ConfigurationError(f"libvirt at {uri} went away and is not back after {wait_s:.0f} s: "
                               f"{exc}; run `python -m lab up`") from None
        time.sleep(2)


def kvm_usable() -> bool:
    """KVM works only with a stock kvm_intel/kvm_amd module; kvm_pvm (nested microVMs) can't
    run stock guest kernels, so such hosts emulate (TCG). OPSBENCH_VIRT_TYPE overrides."""
    forced = os.environ.get("OPSBENCH_VIRT_TYPE")
    if forced:
        return forced == "kvm"
    modules = {"kvm_intel", "kvm_amd"}
    has_stock = any(Path("/sys/module", m).exists() for m in modules)
    return has_stock and not Path("/sys/module/kvm_pvm").exists() and os.access("/dev/kvm", os.R_OK | os.W_OK)


def virt_type() -> str:
    return "kvm" if kvm_usable() else "qemu"


@dataclass(frozen=True)
class Nic:
    network: str  # libvirt network name
    mac: str
    pci_slot: int  # fixed slots keep guest NIC order (eth0, eth1, …) stable across boots


def nic_xml(nic: Nic) -> str:
    return (f"<interface type='network'><source network={quoteattr(nic.network)}/>"
            f"<mac address='{nic.mac}'/><model type='virtio'/>"
            f"<address type='pci' domain='0x0000' bus='0x00' slot='{nic.pci_slot:#04x}' function='0x0'/>"
            f"</interface>")


def owner_xml(owner: dict[str, str]) -> str:
    fields = "".join(f"<ob:{k}>{escape(str(v))}</ob:{k}>" for k, v in owner.items())
    return f"<metadata><ob:owner xmlns:ob='{META_NS}'>{fields}</ob:owner></metadata>"


def owner_of(dom: libvirt.virDomain) -> dict[str, str]:
    """The owner fields a domain carries in its metadata ({} when none)."""
    import xml.etree.ElementTree as ET
    try:
        raw = dom.metadata(libvirt.VIR_DOMAIN_METADATA_ELEMENT, META_NS, 0)
    except libvirt.libvirtError:
        return {}
    return {child.tag.split("}")[-1]: child.text or "" for child in ET.fromstring(raw)}


def domain_xml(*, name: str, vcpus: int, memory_mib: int, disk: Path, nics: list[Nic],
               kernel: Path | None = None, initrd: Path | None = None, cmdline: str = "",
               seed: Path | None = None, serial_log: Path | None = None,
               owner: dict[str, str] | None = None, uuid: str | None = None) -> str:
    vt = virt_type()
    boot = (f"<kernel>{kernel}</kernel><initrd>{initrd}</initrd><cmdline>{escape(cmdline)}</cmdline>"
            if kernel else "<boot dev='hd'/>")
    tcg = f"<tcg><tb-cache unit='MiB'>{TB_CACHE_MIB}</tb-cache></tcg>" if vt == "qemu" else ""
    cpu = ("<cpu mode='custom' match='exact'><model fallback='allow'>qemu64</model></cpu>"
           if vt == "qemu" else "<cpu mode='host-passthrough'/>")
    seed_xml = (f"<disk type='file' device='cdrom'><driver name='qemu' type='raw'/>"
                f"<source file='{seed}'/><target dev='hdc' bus='ide'/><readonly/></disk>"
                if seed else "")
    serial = (f"<serial type='pty'><log file='{serial_log}' append='off'/><target port='0'/></serial>"
              if serial_log else "<serial type='pty'><target port='0'/></serial>")
    return f"""<domain type='{vt}'>
  <name>{escape(name)}</name>
  <uuid>{uuid or uuidlib.uuid4()}</uuid>
  {owner_xml(owner) if owner else ''}
  <memory unit='MiB'>{memory_mib}</memory>
  <vcpu>{vcpus}</vcpu>
  <os><type arch='x86_64' machine='pc'>hvm</type>{boot}</os>
  <features><acpi/>{tcg}</features>
  {cpu}
  <clock offset='utc'/>
  <on_poweroff>destroy</on_poweroff><on_reboot>restart</on_reboot><on_crash>destroy</on_crash>
  <devices>
    <emulator>/usr/bin/qemu-system-x86_64</emulator>
    <disk type='file' device='disk'>
      <driver name='qemu' type='qcow2' cache='unsafe' discard='unmap'/>
      <source file='{disk}'/><target dev='vda' bus='virtio'/>
    </disk>
    {seed_xml}
    {''.join(nic_xml(n) for n in nics)}
    {serial}
    <console type='pty'><target type='serial' port='0'/></console>
    <rng model='virtio'><backend model='random'>/dev/urandom</backend></rng>
    <memballoon model='none'/>
  </devices>
</domain>"""


def mgmt_network_xml() -> str:
    """Ports isolated: guests reach the host (SSH, apt cache) but not each other or beyond."""
    hosts = "".join(f"<host mac='{addressing.mgmt_mac(k)}' ip='{addressing.mgmt_ip(k)}'/>"
                    for k in range(addressing.MGMT_SLOTS))
    net = addressing.MGMT_CIDR
    return f"""<network>
  <name>{addressing.MGMT_NETWORK}</name>
  <bridge name='{addressing.MGMT_BRIDGE}' stp='off' delay='0'/>
  <port isolated='yes'/>
  <ip address='{addressing.MGMT_GATEWAY}' netmask='{net.netmask}'>
    <dhcp><range start='{net.network_address + 230}' end='{net.network_address + 250}'/>{hosts}</dhcp>
  </ip>
</network>"""


def task_network_xml(name: str, bridge: str, cidr: str, dhcp: bool, egress: bool) -> str:
    """No host address unless the lab must serve DHCP or NAT: a pure L2 segment, so clusters
    may reuse the same CIDR side by side."""
    import ipaddress
    if not (dhcp or egress):
        return f"<network><name>{name}</name><bridge name='{bridge}' stp='off' delay='0'/></network>"
    net = ipaddress.ip_network(cidr)
    fwd = "<forward mode='nat'/>" if egress else ""
    dhcp_xml = (f"<dhcp><range start='{net.network_address + 100}' "
                f"end='{net.network_address + min(200, net.num_addresses - 2)}'/></dhcp>"
                if dhcp else "")
    return (f"<network><name>{name}</name>{fwd}<bridge name='{bridge}' stp='off' delay='0'/>"
            f"<ip address='{net.network_address + 1}' netmask='{net.netmask}'>{dhcp_xml}</ip></network>")


def ensure_network(conn: libvirt.virConnect, xml: str, name: str) -> libvirt.virNetwork:
    try:
        net = conn.networkLookupByName(name)
    except libvirt.libvirtError:
        net = conn.networkDefineXML(xml)
    if not net.isActive():
        net.create()
    return net


def ensure_mgmt_network(conn: libvirt.virConnect) -> libvirt.virNetwork:
    return ensure_network(conn, mgmt_network_xml(), addressing.MGMT_NETWORK)


def ensure_pool(conn: libvirt.virConnect, refresh: bool = False) -> libvirt.virStoragePool:
    """The lab's storage pool, defined and active. `refresh` rescans its folder (for files made
    outside libvirt, and for gc); libvirt refuses that while a volume is being created, by this
    process or another (xdist workers), so it is retried."""
    try:
        pool = conn.storagePoolLookupByName(POOL)
    except libvirt.libvirtError:
        target = paths.ensure(paths.pool_dir())
        pool = conn.storagePoolDefineXML(
            f"<pool type='dir'><name>{POOL}</name><target><path>{target}</path></target></pool>")
    if not pool.isActive():
        pool.create()
    for attempt in range(50 if refresh else 0):
        try:
            pool.refresh()
            break
        except libvirt.libvirtError as exc:
            if "asynchronous jobs" not in str(exc) or attempt == 49:
                raise
            time.sleep(0.2)
    return pool


def create_overlay(conn: libvirt.virConnect, name: str, backing: Path) -> Path:
    """A qcow2 linked clone of `backing` in the pool (works on remote hypervisors too)."""
    pool = ensure_pool(conn)
    try:
        pool.storageVolLookupByName(name).delete()
    except libvirt.libvirtError:
        pass
    vol = pool.createXML(f"""<volume><name>{name}</name><capacity unit='G'>0</capacity>
      <target><format type='qcow2'/></target>
      <backingStore><path>{backing}</path><format type='qcow2'/></backingStore></volume>""", 0)
    return Path(vol.path())


def create_blank(conn: libvirt.virConnect, name: str, size_mib: int) -> Path:
    """An empty qcow2 data disk in the pool (sparse: it costs what the guest writes)."""
    pool = ensure_pool(conn)
    try:
        pool.storageVolLookupByName(name).delete()
    except libvirt.libvirtError:
        pass
    vol = pool.createXML(f"""<volume><name>{name}</name><capacity unit='MiB'>{size_mib}</capacity>
      <target><format type='qcow2'/></target></volume>""", 0)
    return Path(vol.path())


def data_disk_xml(path: Path, dev: str, serial: str) -> str:
    return (f"<disk type='file' device='disk'><driver name='qemu' type='qcow2' cache='unsafe' "
            f"discard='unmap'/><source file='{path}'/><target dev='{dev}' bus='virtio'/>"
            f"<serial>{serial}</serial></disk>")


def delete_volume(conn: libvirt.virConnect, name: str) -> bool:
    try:
        ensure_pool(conn).storageVolLookupByName(name).delete()
        return True
    except libvirt.libvirtError:
        return False


def destroy_domain(conn: libvirt.virConnect, name: str) -> bool:
    try:
        dom = conn.lookupByName(name)
    except libvirt.libvirtError:
        return False
    try:
        if dom.isActive():
            dom.destroy()
    except libvirt.libvirtError:
        pass
    try:
        dom.undefineFlags(libvirt.VIR_DOMAIN_UNDEFINE_SNAPSHOTS_METADATA
                          | libvirt.VIR_DOMAIN_UNDEFINE_MANAGED_SAVE)
    except libvirt.libvirtError:
        pass  # transient domains (restored from a saved state) vanish on destroy
    return True


def destroy_network(conn: libvirt.virConnect, name: str) -> bool:
    try:
        net = conn.networkLookupByName(name)
    except libvirt.libvirtError:
        return False
    try:
        if net.isActive():
            net.destroy()
        net.undefine()
    except libvirt.libvirtError:
        pass
    return True
