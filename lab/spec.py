"""Immutable cluster specifications, validated when built."""
from __future__ import annotations

import ipaddress
import re
from dataclasses import dataclass

from records import ConfigurationError

@dataclass(frozen=True)
class Interface:
    """A node's network interface as provisioned: what the lab configures in the guest and what
    the agent is told (agents.NodeInfo)."""
    name: str  # as seen in the guest, e.g. eth1
    network: str  # task network name, or "mgmt"
    address: str | None  # CIDR notation, e.g. 10.100.0.11/24; None for DHCP or no address
    mac: str
    mode: str = "static"  # static | dhcp | none (link up, no address: a trunk, or for the task)
    gateway: str | None = None  # where a host routes through (an appliance is the gateway itself)


_NAME = re.compile(r"^[a-z][a-z0-9-]{0,30}$")
MAX_NODES = 8
MAX_NICS = 8
MAX_DISKS = 4


def _check_name(kind: str, name: str) -> None:
    if not isinstance(name, str) or not _NAME.match(name):
        raise ConfigurationError(f"{kind} name {name!r} is invalid: use 1-31 lowercase letters, digits "
                       f"or '-', starting with a letter")


@dataclass(frozen=True)
class NetworkSpec:
    name: str
    cidr: str
    dhcp: bool = False  # the lab serves DHCP on it (else addresses are static)
    egress: bool = False  # NAT to the host's uplink (else isolated)
    vlan_trunk: bool = False  # carries tagged frames between nodes (no host address)
    gateway: str | None = None  # hosts' default route on this network (an appliance's address)

    def __post_init__(self) -> None:
        _check_name("network", self.name)
        if self.name == "mgmt":
            raise ConfigurationError("network name 'mgmt' is reserved for the lab's management network")
        try:
            net = ipaddress.ip_network(self.cidr)
        except ValueError:
            raise ConfigurationError(f"network {self.name!r}: cidr {self.cidr!r} is not a network "
                           f"address such as 10.100.0.0/24") from None
        if net.version != 4 or not 16 <= net.prefixlen <= 29:
            raise ConfigurationError(f"network {self.name!r}: cidr {self.cidr} must be IPv4 with a prefix "
                           f"between /16 and /29")
        if self.gateway is not None:
            try:
                gw = ipaddress.ip_address(self.gateway)
            except ValueError:
                gw = None
            if gw is None or gw not in net:
                raise ConfigurationError(f"network {self.name!r}: gateway {self.gateway!r} is not an address "
                               f"in {self.cidr}")
        if net.overlaps(ipaddress.ip_network("10.213.0.0/24")):
            raise ConfigurationError(f"network {self.name!r}: {self.cidr} overlaps the lab's management "
                           f"network 10.213.0.0/24; pick another range")


NIC_MODES = ("static", "dhcp", "none")
ROLES = ("host", "appliance")


@dataclass(frozen=True)
class NicSpec:
    network: str
    address: str | None = None  # pinned host address (e.g. "10.100.0.5"); default: derived
    # static: the lab assigns the address; dhcp: the guest asks for a lease (from the lab where
    # the network has dhcp, else from whatever the task sets up); none: link up, no address
    # (VLAN trunks, or addressing the agent must do). Default: dhcp on a dhcp network, none on
    # a VLAN trunk, else static.
    mode: str | None = None

    def __post_init__(self) -> None:
        if self.mode is not None and self.mode not in NIC_MODES:
            raise ConfigurationError(f"NIC on {self.network!r}: mode {self.mode!r} must be one of "
                           f"{', '.join(NIC_MODES)}")
        if self.address and self.mode not in (None, "static"):
            raise ConfigurationError(f"NIC on {self.network!r}: a pinned address needs mode 'static', "
                           f"not {self.mode!r}")


@dataclass(frozen=True)
class NodeSpec:
    name: str
    os: str
    vcpus: int = 1
    memory_mib: int = 512
    nics: tuple[NicSpec, ...] = ()
    disks_mib: tuple[int, ...] = ()  # blank data disks: /dev/vdb, /dev/vdc, … (serial data1, …)
    role: str = "host"  # appliance: a router/firewall whose OS is the run's appliance OS

    def __post_init__(self) -> None:
        _check_name("node", self.name)
        if self.role not in ROLES:
            raise ConfigurationError(f"node {self.name!r}: role {self.role!r} must be one of {', '.join(ROLES)}")
        if len(self.disks_mib) > MAX_DISKS:
            raise ConfigurationError(f"node {self.name!r}: at most {MAX_DISKS} data disks")
        for size in self.disks_mib:
            if isinstance(size, bool) or not isinstance(size, int) or not 16 <= size <= 262144:
                raise ConfigurationError(f"node {self.name!r}: data disk size {size!r} must be 16..262144 MiB")
        if not 1 <= self.vcpus <= 16:
            raise ConfigurationError(f"node {self.name!r}: vcpus {self.vcpus} must be 1..16")
        if not 128 <= self.memory_mib <= 65536:
            raise ConfigurationError(f"node {self.name!r}: memory_mib {self.memory_mib} must be 128..65536")
        if len(self.nics) > MAX_NICS:
            raise ConfigurationError(f"node {self.name!r}: at most {MAX_NICS} task NICs")


@dataclass(frozen=True)
class ClusterSpec:
    nodes: tuple[NodeSpec, ...]
    networks: tuple[NetworkSpec, ...] = ()
    name: str = "cluster"  # a label for logs and records

    def __post_init__(self) -> None:
        if not self.nodes:
            raise ConfigurationError("a cluster needs at least one node")
        if len(self.nodes) > MAX_NODES:
            raise ConfigurationError(f"a cluster has at most {MAX_NODES} nodes, not {len(self.nodes)}")
        _unique("node", [n.name for n in self.nodes])
        _unique("network", [n.name for n in self.networks])
        nets = {n.name: n for n in self.networks}
        for node in self.nodes:
            seen = set()
            for nic in node.nics:
                if nic.network not in nets:
                    raise ConfigurationError(f"node {node.name!r}: NIC on unknown network {nic.network!r}; "
                                   f"networks: {', '.join(nets) or 'none declared'}")
                if nic.network in seen:
                    raise ConfigurationError(f"node {node.name!r}: two NICs on network {nic.network!r}")
                seen.add(nic.network)
        # every derived or pinned address must fit and be unique per network
        for net in self.networks:
            used: dict[str, str] = {}
            for node, nic in self.nics_on(net.name):
                if self.nic_mode(node.name, net.name) != "static":
                    continue
                addr = str(self.address(node.name, net.name).ip)
                if addr in used:
                    raise ConfigurationError(f"network {net.name!r}: nodes {used[addr]!r} and {node.name!r} "
                                   f"both have address {addr}")
                used[addr] = node.name

    def node(self, name: str) -> NodeSpec:
        for n in self.nodes:
            if n.name == name:
                return n
        raise ConfigurationError(f"no node {name!r}; nodes: {', '.join(n.name for n in self.nodes)}")

    def network(self, name: str) -> NetworkSpec:
        for n in self.networks:
            if n.name == name:
                return n
        raise ConfigurationError(f"no network {name!r}; networks: {', '.join(n.name for n in self.networks)}")

    def nics_on(self, network: str):
        for node in self.nodes:
            for nic in node.nics:
                if nic.network == network:
                    yield node, nic

    def nic_mode(self, node: str, network: str) -> str:
        net = self.network(network)
        for nic in self.node(node).nics:
            if nic.network == network:
                if nic.mode:
                    if net.vlan_trunk and nic.mode != "none":
                        raise ConfigurationError(f"node {node!r}: a NIC on VLAN trunk {network!r} carries "
                                       f"tagged frames only; its mode must be 'none'")
                    return nic.mode
                return "none" if net.vlan_trunk else "dhcp" if net.dhcp else "static"
        raise ConfigurationError(f"node {node!r} has no NIC on network {network!r}")

    def address(self, node: str, network: str) -> ipaddress.IPv4Interface:
        """The node's address on a task network: pinned, or .11, .12, … in node order."""
        net = ipaddress.ip_network(self.network(network).cidr)
        spec = self.node(node)
        if self.nic_mode(node, network) != "static":
            raise ConfigurationError(f"node {node!r} gets no lab-assigned address on {network!r} "
                           f"(its NIC mode is {self.nic_mode(node, network)!r})")
        index = [n.name for n in self.nodes].index(node)
        for nic in spec.nics:
            if nic.network == network:
                if nic.address:
                    try:
                        ip = ipaddress.ip_address(nic.address)
                    except ValueError:
                        raise ConfigurationError(f"node {node!r}: address {nic.address!r} on {network!r} "
                                       f"is not an IPv4 address") from None
                    if ip not in net or ip in (net.network_address, net.broadcast_address):
                        raise ConfigurationError(f"node {node!r}: address {ip} is not a host of {net}")
                    return ipaddress.ip_interface(f"{ip}/{net.prefixlen}")
                host = 11 + index
                if host >= net.num_addresses - 1:
                    raise ConfigurationError(f"network {network!r} ({net}) is too small for node {node!r}")
                return ipaddress.ip_interface(f"{net.network_address + host}/{net.prefixlen}")
        raise ConfigurationError(f"node {node!r} has no NIC on network {network!r}")

    @property
    def vcpus(self) -> int:
        return sum(n.vcpus for n in self.nodes)

    @property
    def memory_mib(self) -> int:
        return sum(n.memory_mib for n in self.nodes)


def _unique(kind: str, names: list[str]) -> None:
    dupes = sorted({n for n in names if names.count(n) > 1})
    if dupes:
        raise ConfigurationError(f"duplicate {kind} name(s): {', '.join(dupes)}")
