"""Deterministic addresses: every node's MAC and IPs are known before it boots.

The management network is one per hypervisor host (ob-mgmt, 10.213.0.0/24, ports isolated so
guests reach only the host); node slot k (leased per host) owns MAC 52:54:00:d5:00:kk and
address 10.213.0.(10+k). Task networks are per cluster; a node's address on one is the
network's host number (index in the task's node list) + 10, unless the spec pins it.
"""
from __future__ import annotations

import hashlib
import ipaddress

MGMT_NETWORK = "ob-mgmt"
MGMT_BRIDGE = "obmgmt0"
MGMT_CIDR = ipaddress.ip_network("10.213.0.0/24")
MGMT_GATEWAY = ipaddress.ip_address("10.213.0.1")
MGMT_SLOTS = 200  # slot k → .10+k
APT_PROXY_PORT = 3142
APT_PROXY_URL = f"http://{MGMT_GATEWAY}:{APT_PROXY_PORT}"


def mgmt_mac(slot: int) -> str:
    _check_slot(slot)
    return f"52:54:00:d5:00:{slot:02x}"


def mgmt_ip(slot: int) -> ipaddress.IPv4Address:
    _check_slot(slot)
    return MGMT_CIDR.network_address + 10 + slot


def _check_slot(slot: int) -> None:
    if not 0 <= slot < MGMT_SLOTS:
        raise ValueError(f"management slot {slot} out of range 0..{MGMT_SLOTS - 1}")


def task_mac(cluster_key: str, node_index: int, nic_index: int) -> str:
    """A locally administered MAC unique per (cluster, node, NIC); 52:54:00 is qemu's prefix."""
    digest = hashlib.sha256(f"{cluster_key}/{node_index}/{nic_index}".encode()).digest()
    return "52:54:00:%02x:%02x:%02x" % (digest[0] | 0x80, digest[1], (node_index * 16 + nic_index) % 256)


def host_address(cidr: str, host_number: int) -> ipaddress.IPv4Interface:
    net = ipaddress.ip_network(cidr)
    if not 0 < host_number < net.num_addresses - 1:
        raise ValueError(f"host number {host_number} does not fit in {cidr}")
    return ipaddress.ip_interface(f"{net.network_address + host_number}/{net.prefixlen}")
