"""Per-node identity applied right after SSH answers (one round trip): clock, hostname,
machine-id and the task NICs' addresses, written so they survive a reboot. Per OS family;
Debian is validated, the others follow each family's documented tools."""
from __future__ import annotations

import shlex
from dataclasses import dataclass

from records import ConfigurationError


@dataclass(frozen=True)
class TaskNic:
    name: str  # eth1, eth2, … (eth0 is management)
    mac: str
    address: str | None  # CIDR; None: a DHCP client or, with dhcp False, no address at all
    dhcp: bool = True
    gateway: str | None = None  # default route through this address (hosts behind a router)


def script(family: str, *, hostname: str, machine_id: str, epoch: float,
           nics: tuple[TaskNic, ...], configure_nics: bool) -> str:
    head = [
        "set -e",
        f"date -s @{epoch:.3f} >/dev/null",
        f"echo {hostname} > /etc/hostname",
        f"hostname {hostname}",
        f"grep -q ' {hostname}$' /etc/hosts || echo '127.0.1.1 {hostname}' >> /etc/hosts",
        f"if [ \"$(cat /etc/machine-id 2>/dev/null)\" != {machine_id} ]; then",
        f"  echo {machine_id} > /etc/machine-id",
        # journald keeps writing under the id it started with, and journalctl reads only the
        # current id's journal: without a restart the node's own log looks empty until a reboot
        "  if [ -d /run/systemd/system ]; then systemctl restart systemd-journald; fi",
        "fi",
    ]
    if not configure_nics or not nics:
        return "\n".join(head) + "\n"
    try:
        body = _NIC_WRITERS[family](nics)
    except KeyError:
        raise ConfigurationError(f"no NIC configuration method for OS family {family!r}") from None
    return "\n".join(head + body) + "\n"


def _debian(nics: tuple[TaskNic, ...]) -> list[str]:
    lines = []
    for nic in nics:
        network = ["[Match]", f"MACAddress={nic.mac}", "[Network]", "LinkLocalAddressing=no",
                   "IPv6AcceptRA=no", "ConfigureWithoutCarrier=yes"] + (
                      [f"Address={nic.address}"] if nic.address else ["DHCP=ipv4"] if nic.dhcp else []) + (
                      [f"Gateway={nic.gateway}"] if nic.address and nic.gateway else [])
        link = ["[Match]", f"MACAddress={nic.mac}", "[Link]", f"Name={nic.name}"]
        lines.append(_write(f"/etc/systemd/network/20-ob-{nic.name}.network", network))
        lines.append(_write(f"/etc/systemd/network/20-ob-{nic.name}.link", link))
    lines.append("networkctl reload >/dev/null 2>&1 || systemctl restart systemd-networkd")
    return lines


def _rhel(nics: tuple[TaskNic, ...]) -> list[str]:  # not yet validated on a real image
    lines = []
    for nic in nics:
        method = (f"ipv4.method manual ipv4.addresses {nic.address}" if nic.address else
                  "ipv4.method auto" if nic.dhcp else "ipv4.method disabled") + (
                  f" ipv4.gateway {nic.gateway}" if nic.address and nic.gateway else "")
        lines.append(f"nmcli -t con delete ob-{nic.name} >/dev/null 2>&1 || true")
        lines.append(f"nmcli con add type ethernet con-name ob-{nic.name} ifname '*' "
                     f"ethernet.mac-address {nic.mac} {method} ipv6.method disabled "
                     f"connection.autoconnect yes >/dev/null")
    return lines


def _alpine(nics: tuple[TaskNic, ...]) -> list[str]:  # not yet validated on a real image
    lines = []
    for nic in nics:
        stanza = ([f"auto {nic.name}", f"iface {nic.name} inet static", f"    address {nic.address}"]
                  + ([f"    gateway {nic.gateway}"] if nic.gateway else [])
                  if nic.address else [f"auto {nic.name}", f"iface {nic.name} inet dhcp"] if nic.dhcp
                  else [f"auto {nic.name}", f"iface {nic.name} inet manual"])
        lines.append(f"grep -q '^auto {nic.name}$' /etc/network/interfaces || "
                     f"printf '%s\\n' {' '.join(shlex.quote(s) for s in stanza)} >> /etc/network/interfaces")
        lines.append(f"ifup {nic.name} >/dev/null 2>&1 || true")
    return lines


def _write(path: str, lines: list[str]) -> str:
    return f"printf '%s\\n' {' '.join(shlex.quote(s) for s in lines)} > {path}"


_NIC_WRITERS = {"debian": _debian, "ubuntu": _debian, "rhel": _rhel, "alpine": _alpine}


def wait_addresses(nics: tuple[TaskNic, ...], deadline_s: int = 30) -> str:
    """Guest-side poll until every task NIC exists under its name with its address."""
    checks = " && ".join(
        f"ip -o -4 addr show dev {n.name} 2>/dev/null | grep -q ' {n.address.split('/')[0]}/'"
        if n.address else f"ip link show dev {n.name} >/dev/null 2>&1" for n in nics)
    return (f"i=0; until {checks}; do i=$((i+1)); [ $i -gt {deadline_s * 10} ] && "
            f"{{ ip -o addr; exit 1; }}; sleep 0.1; done")
