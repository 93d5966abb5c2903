"""Appliance adapters: how the lab drives a router/firewall OS. One interface for all:

- how to log in (the harness's SSH user, the shell it lands in, how it gains privilege),
- how to run a command so that its exit status is the command's own,
- what to probe for a snapshot (running and saved configuration, interfaces, routes,
  firewall/NAT rules, services): each probe is one command whose output is kept,
- how to reboot, and how to tell one boot from the next,
- how to give it a hostname and its task addresses at provision time.

The catalog names each OS's adapter (`adapter = "vyos"`) and says which images are validated.
`linux` (hosts and the linux-router appliance built here) is validated in CI on real VMs; the
vendor adapters follow each vendor's documented CLI and are NOT validated against real images.
"""
from __future__ import annotations

import shlex
from dataclasses import dataclass
from typing import Protocol

from records import ConfigurationError

@dataclass(frozen=True)
class Login:
    user: str        # the account the harness logs in as over SSH (by key)
    shell: str       # what a command lands in
    privilege: str   # how it becomes root/admin: "root", "sudo", "configure-session"


@dataclass(frozen=True)
class Nic:
    name: str        # eth1, …
    address: str | None  # CIDR


class Appliance(Protocol):
    name: str
    login: Login
    linux_probe: bool  # the generic Linux snapshot probe (lab/probe.sh) runs on it too

    def command(self, text: str) -> str:
        """`text` wrapped so it runs with the harness's privilege and exits with its status."""

    def probes(self) -> dict[str, str]:
        """Snapshot probe name → command."""

    def reboot_command(self) -> str:
        """Returns at once; the appliance reboots a moment later."""

    def boot_id_command(self) -> str:
        """Prints something that changes on every boot."""

    def identity_script(self, hostname: str, nics: tuple[Nic, ...]) -> str:
        """Hostname and task-NIC addresses, saved so they survive a reboot."""


def _detached(cmd: str) -> str:
    return f"nohup sh -c 'sleep 0.5; {cmd}' >/dev/null 2>&1 &"


@dataclass(frozen=True)
class LinuxAdapter:
    """Debian hosts and the linux-router appliance: root by key, bash, systemd."""
    name: str = "linux"
    login: Login = Login("root", "bash", "root")
    linux_probe: bool = True
    router: bool = False  # add the router's own probes (FRR, dnsmasq, keepalived, WireGuard, tc)

    def command(self, text: str) -> str:
        return text

    def probes(self) -> dict[str, str]:
        if not self.router:
            return {}
        return {
            "interfaces": "ip -j -d addr show",
            "routes": "ip -j route show table all",
            "rules": "ip -j rule show",
            "firewall": "nft list ruleset",
            "forwarding": "sysctl net.ipv4.ip_forward net.ipv4.conf.all.rp_filter",
            "vlans": "ip -j -d link show type vlan",
            # private and preshared keys never leave the node
            "wireguard": "wg show all dump 2>/dev/null | awk 'BEGIN{OFS=\"\\t\"} NF==5{$2=\"(redacted)\"} "
                         "NF==9&&$3!=\"(none)\"{$3=\"(redacted)\"} {print}'",
            "qdiscs": "tc -j qdisc show",
            "services": "systemctl is-active frr dnsmasq keepalived nftables 2>&1; "
                        "systemctl is-enabled frr dnsmasq keepalived nftables 2>&1",
            "running_config": "vtysh -c 'show running-config' 2>/dev/null || true",
            "saved_config": "for f in /etc/nftables.conf /etc/frr/frr.conf /etc/dnsmasq.conf "
                            "/etc/dnsmasq.d/* /etc/keepalived/keepalived.conf /etc/sysctl.d/*.conf "
                            "/etc/systemd/network/*; do [ -f \"$f\" ] && echo \"== $f\" && "
                            "grep -v -i -E 'privatekey|auth_pass|password' \"$f\"; done; true",
        }

    def reboot_command(self) -> str:
        return _detached("systemctl reboot || reboot")

    def boot_id_command(self) -> str:
        return "cat /proc/sys/kernel/random/boot_id"

    def identity_script(self, hostname: str, nics: tuple[Nic, ...]) -> str:
        raise ConfigurationError("Linux nodes get their identity from lab/identity.py")  # per family


@dataclass(frozen=True)
class VyOSAdapter:
    """VyOS 1.4/1.5 (not validated): `vyos` user, vbash; configuration through the
    script-template's configure/set/commit/save; operational `show` through the op-mode wrapper."""
    name: str = "vyos"
    login: Login = Login("vyos", "vbash", "configure-session")
    linux_probe: bool = False

    def command(self, text: str) -> str:
        script = "source /opt/vyatta/etc/functions/script-template\n" + text
        return f"vbash -c {shlex.quote(script)}"

    def probes(self) -> dict[str, str]:
        op = "/opt/vyatta/bin/vyatta-op-cmd-wrapper"
        return {
            "running_config": f"{op} show configuration commands",
            "saved_config": "cat /config/config.boot",
            "interfaces": f"{op} show interfaces",
            "routes": f"{op} show ip route",
            "firewall": "sudo nft list ruleset",
            "nat": f"{op} show nat source rules; {op} show nat destination rules",
            "services": f"{op} show configuration commands | grep '^set service'",
        }

    def reboot_command(self) -> str:
        return _detached("sudo reboot")

    def boot_id_command(self) -> str:
        return "cat /proc/sys/kernel/random/boot_id"

    def identity_script(self, hostname: str, nics: tuple[Nic, ...]) -> str:
        lines = ["configure", f"set system host-name {hostname}"]
        lines += [f"set interfaces ethernet {n.name} address {n.address}" for n in nics if n.address]
        return "\n".join(lines + ["commit", "save", "exit"])


@dataclass(frozen=True)
class OPNsenseAdapter:
    """OPNsense (FreeBSD; not validated): root with /bin/sh; config.xml is both running and
    saved configuration; pf for firewall and NAT; configctl for services."""
    name: str = "opnsense"
    login: Login = Login("root", "/bin/sh", "root")
    linux_probe: bool = False

    def command(self, text: str) -> str:
        return f"/bin/sh -c {shlex.quote(text)}"

    def probes(self) -> dict[str, str]:
        return {
            "running_config": "cat /conf/config.xml",
            "saved_config": "ls -l /conf/backup | tail -5",
            "interfaces": "ifconfig -a",
            "routes": "netstat -rn -f inet",
            "firewall": "pfctl -sr",
            "nat": "pfctl -sn",
            "services": "configctl service list",
        }

    def reboot_command(self) -> str:
        return _detached("/sbin/shutdown -r now")

    def boot_id_command(self) -> str:
        return "sysctl -n kern.boottime"

    def identity_script(self, hostname: str, nics: tuple[Nic, ...]) -> str:
        # interface assignment lives in config.xml; the lab only sets the hostname here and
        # leaves addressing to the task (OPNsense maps vtnet1… to LAN/OPT in its own config)
        return f"/usr/local/sbin/pluginctl -s hostname >/dev/null 2>&1; hostname {shlex.quote(hostname)}"


@dataclass(frozen=True)
class OpenWrtAdapter:
    """OpenWrt 23.05+ (not validated): root, busybox ash; UCI is the configuration (running
    = `uci show`, saved = /etc/config/*), fw4 on nftables."""
    name: str = "openwrt"
    login: Login = Login("root", "ash", "root")
    linux_probe: bool = False

    def command(self, text: str) -> str:
        return f"sh -c {shlex.quote(text)}"

    def probes(self) -> dict[str, str]:
        return {
            "running_config": "uci show",
            "saved_config": "for f in /etc/config/*; do echo \"== $f\"; cat \"$f\"; done",
            "interfaces": "ip addr",
            "routes": "ip route show table all",
            "firewall": "nft list ruleset",
            "services": "for s in /etc/init.d/*; do $s enabled && echo \"enabled ${s##*/}\"; done; true",
        }

    def reboot_command(self) -> str:
        return _detached("reboot")

    def boot_id_command(self) -> str:
        return "cat /proc/sys/kernel/random/boot_id"

    def identity_script(self, hostname: str, nics: tuple[Nic, ...]) -> str:
        lines = [f"uci set system.@system[0].hostname={shlex.quote(hostname)}"]
        for n in nics:
            if n.address:
                ip, _, prefix = n.address.partition("/")
                lines += [f"uci set network.{n.name}=interface", f"uci set network.{n.name}.device={n.name}",
                          f"uci set network.{n.name}.proto=static",
                          f"uci set network.{n.name}.ipaddr={ip}/{prefix}"]
        return "; ".join(lines + ["uci commit", "/etc/init.d/network reload", "/etc/init.d/system reload"])


@dataclass(frozen=True)
class SONiCAdapter:
    """SONiC virtual switch (not validated): admin with sudo, bash; config_db is the
    configuration (running: `show runningconfiguration all`, saved: /etc/sonic/config_db.json)."""
    name: str = "sonic"
    login: Login = Login("admin", "bash", "sudo")
    linux_probe: bool = False

    def command(self, text: str) -> str:
        return f"sudo bash -c {shlex.quote(text)}"

    def probes(self) -> dict[str, str]:
        return {
            "running_config": "show runningconfiguration all",
            "saved_config": "cat /etc/sonic/config_db.json",
            "interfaces": "show interfaces status; show ip interfaces",
            "routes": "show ip route",
            "firewall": "show acl table; show acl rule",
            "services": "systemctl list-units --type=service --state=running --no-pager",
        }

    def reboot_command(self) -> str:
        return _detached("reboot")

    def boot_id_command(self) -> str:
        return "cat /proc/sys/kernel/random/boot_id"

    def identity_script(self, hostname: str, nics: tuple[Nic, ...]) -> str:
        lines = [f"config hostname {shlex.quote(hostname)}"]
        lines += [f"config interface ip add {n.name} {n.address}" for n in nics if n.address]
        return "; ".join(lines + ["config save -y"])


_ADAPTERS = {"linux": LinuxAdapter, "vyos": VyOSAdapter, "opnsense": OPNsenseAdapter,
             "openwrt": OpenWrtAdapter, "sonic": SONiCAdapter}


def for_image(image) -> Appliance:
    """The adapter the catalog names for `image` (an images.ImageEntry)."""
    try:
        cls = _ADAPTERS[image.adapter]
    except KeyError:
        raise ConfigurationError(f"{image.id}: unknown adapter {image.adapter!r} in lab/catalog.toml; "
                       f"known: {', '.join(_ADAPTERS)}") from None
    if cls is LinuxAdapter:
        return LinuxAdapter(router=image.role == "appliance")
    return cls()
