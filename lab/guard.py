"""Guests reach only what the lab offers them. On every lab bridge (`ob*`: the management network
and each cluster's networks) the hypervisor host answers DHCP, DNS and the package cache, and
drops everything else addressed to it (a web server someone runs on the host's 0.0.0.0 stays
out of reach). Between lab networks the host routes nothing of its own: libvirt's per-network
rules reject new connections into isolated and NAT networks and the management network isolates
its ports. (No forward filter here: with br_netfilter, a bridge's own guest-to-guest traffic
passes the forward hook with the bridge as both interfaces, and nftables cannot compare the two.)
Egress to the uplink stays as the topology declares it (libvirt's NAT rules, untouched).

The rules are one nftables table of our own, replaced atomically by `lab up` and checked by
`lab doctor`. An nftables table also holds on hosts whose iptables is iptables-legacy (the
kernel runs both rule sets and a drop in either is final); a host without the `nft` program
gets the same rules as an iptables chain instead.
"""
from __future__ import annotations

import shutil
import subprocess

from lab import addressing
from records import ConfigurationError

TABLE = "opsbench_guard"
CHAIN = "OPSBENCH-GUARD"  # the iptables fallback
BRIDGES = "ob"  # prefix of every bridge the lab makes (addressing.MGMT_BRIDGE, cluster nets)
# what a guest may ask the host for: DHCP (v4, v6), DNS, the package cache
UDP_PORTS = (53, 67, 547)
TCP_PORTS = (53, addressing.APT_PROXY_PORT)


def ruleset() -> str:
    """The nftables table, as one transaction that replaces any older version of it."""
    udp = ", ".join(map(str, UDP_PORTS))
    tcp = ", ".join(map(str, TCP_PORTS))
    br = f'iifname "{BRIDGES}*"'
    return f"""table inet {TABLE}
delete table inet {TABLE}
table inet {TABLE} {{
  chain input {{
    type filter hook input priority filter - 10; policy accept;
    {br} ct state established,related accept
    {br} udp dport {{ {udp} }} accept
    {br} tcp dport {{ {tcp} }} accept
    {br} icmpv6 type {{ nd-neighbor-solicit, nd-neighbor-advert, nd-router-solicit }} accept
    {br} counter drop comment "a guest asked the host for something the lab does not offer"
  }}
}}
"""


def _iptables_rules() -> list[list[str]]:
    br = ["-i", f"{BRIDGES}+"]
    rules = [br + ["-m", "conntrack", "--ctstate", "ESTABLISHED,RELATED", "-j", "RETURN"]]
    rules += [br + ["-p", "udp", "--dport", str(p), "-j", "RETURN"] for p in UDP_PORTS]
    rules += [br + ["-p", "tcp", "--dport", str(p), "-j", "RETURN"] for p in TCP_PORTS]
    return rules + [br + ["-j", "DROP"]]


def _run(argv: list[str], text: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(argv, input=text, capture_output=True, text=True, check=False)


def install(method: str | None = None, iptables: str = "iptables") -> str:
    """Put the rules in place (again: idempotent). `method` nft | iptables, default nft when the
    host has it. Returns the method used."""
    method = method or ("nft" if shutil.which("nft") else "iptables")
    if method == "nft":
        res = _run(["nft", "-f", "-"], ruleset())
        if res.returncode != 0:
            raise ConfigurationError(f"guest isolation: nft refused the rules: {res.stderr.strip()} "
                           "(is the nf_tables kernel module available?)")
        return method
    if not shutil.which(iptables):
        raise ConfigurationError("guest isolation needs nft or iptables on the hypervisor host: "
                       "install the nftables package")
    _run([iptables, "-N", CHAIN])
    _run([iptables, "-F", CHAIN])
    for rule in _iptables_rules():
        _run([iptables, "-A", CHAIN, *rule])
    jump = ["-i", f"{BRIDGES}+", "-j", CHAIN]
    if _run([iptables, "-C", "INPUT", *jump]).returncode != 0:
        _run([iptables, "-I", "INPUT", "1", *jump])
    return method


def remove(method: str = "nft", iptables: str = "iptables") -> None:
    """Take the rules out (tests; a host that no longer runs the lab)."""
    if method == "nft":
        _run(["nft", "delete", "table", "inet", TABLE])
        return
    _run([iptables, "-D", "INPUT", "-i", f"{BRIDGES}+", "-j", CHAIN])
    _run([iptables, "-D", "FORWARD", "-i", f"{BRIDGES}+", "-o", f"{BRIDGES}+", "-j", "DROP"])  # older installs
    _run([iptables, "-F", CHAIN])
    _run([iptables, "-X", CHAIN])


def problem() -> str | None:
    """Why guests are not isolated from the host's services, or None when they are."""
    if shutil.which("nft"):
        listed = _run(["nft", "list", "table", "inet", TABLE])
        if listed.returncode == 0 and "drop" in listed.stdout and "forward" not in listed.stdout:
            return None
    elif shutil.which("iptables") and _run(["iptables", "-C", "INPUT", "-i", f"{BRIDGES}+", "-j",
                                            CHAIN]).returncode == 0:
        return None
    return ("guests can reach every service of this host (the isolation rules are missing): "
            "run `python3 -m lab up`")
