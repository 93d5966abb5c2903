"""NoCloud seed (an ISO labelled `cidata`) for images that configure themselves with cloud-init:
user and SSH key, hostname, network config. Vendor cloud images all take this path."""
from __future__ import annotations

import json
import shutil
import subprocess
import tempfile
from pathlib import Path

from records import ConfigurationError
from lab.identity import TaskNic


def user_data(*, hostname: str, login_user: str, pubkey: str, apt_proxy: str | None) -> str:
    # JSON is valid YAML: no YAML library needed, no quoting surprises.
    doc = {
        "hostname": hostname,
        "preserve_hostname": False,
        "disable_root": False,
        "ssh_pwauth": False,
        "users": [
            {"name": "root", "ssh_authorized_keys": [pubkey]},
            {"name": login_user, "sudo": "ALL=(ALL) NOPASSWD:ALL", "shell": "/bin/bash",
             "ssh_authorized_keys": [pubkey],
             "lock_passwd": True},
        ],
        "package_update": False,
        "package_upgrade": False,
        # keep the image's locale: generating one needs locale data minimal images lack
        "locale": False,
    }
    if apt_proxy:
        doc["apt"] = {"proxy": apt_proxy}
    return "#cloud-config\n" + json.dumps(doc, indent=1) + "\n"


def network_config(mgmt_mac: str, nics: tuple[TaskNic, ...]) -> str:
    ethernets = {"eth0": {"match": {"macaddress": mgmt_mac}, "set-name": "eth0", "dhcp4": True,
                          "dhcp-identifier": "mac"}}
    for nic in nics:
        cfg = {"match": {"macaddress": nic.mac}, "set-name": nic.name}
        cfg.update({"addresses": [nic.address]} if nic.address else {"dhcp4": nic.dhcp})
        if nic.address and nic.gateway:
            cfg["routes"] = [{"to": "default", "via": nic.gateway}]
        ethernets[nic.name] = cfg
    return json.dumps({"version": 2, "ethernets": ethernets}, indent=1) + "\n"


def make_seed(out: Path, *, instance_id: str, hostname: str, login_user: str, pubkey: str,
              mgmt_mac: str, nics: tuple[TaskNic, ...], apt_proxy: str | None) -> Path:
    tool = shutil.which("genisoimage") or shutil.which("mkisofs")
    if not tool:
        raise ConfigurationError("genisoimage not found: `apt-get install genisoimage` (see `python -m lab doctor`)")
    with tempfile.TemporaryDirectory() as tmp:
        d = Path(tmp)
        (d / "meta-data").write_text(json.dumps({"instance-id": instance_id,
                                                 "local-hostname": hostname}) + "\n")
        (d / "user-data").write_text(user_data(hostname=hostname, login_user=login_user,
                                               pubkey=pubkey, apt_proxy=apt_proxy))
        (d / "network-config").write_text(network_config(mgmt_mac, nics))
        subprocess.run([tool, "-quiet", "-output", str(out), "-volid", "cidata", "-joliet",
                        "-rock", str(d / "user-data"), str(d / "meta-data"),
                        str(d / "network-config")], check=True, capture_output=True)
    out.chmod(0o644)
    return out
