"""Warm starts: a saved-state template per (image, management slot, hardware profile).

Cold-booting a guest under emulation costs 20–35 s. A template is that boot done once: the
guest booted with only its management NIC, settled, then saved (RAM + disk). A cluster node
is then restored from it in a few seconds onto a fresh overlay of the template's disk. The
template's key hashes everything the saved state depends on (image, kernel, initrd, domain
definition, qemu and libvirt versions), so a change anywhere builds a new one.
"""
from __future__ import annotations

import hashlib
import json
import re
import shutil
import time
from dataclasses import dataclass
from pathlib import Path

import libvirt

from lab import addressing, keys, paths, virt
from lab.errors import ProvisionError
from lab.exec import SSHExec
from lab.images import ImageEntry

TEMPLATE_FORMAT = "1"


@dataclass(frozen=True)
class Template:
    key: str
    dir: Path

    @property
    def state(self) -> Path:
        return self.dir / "state"

    @property
    def disk(self) -> Path:
        return self.dir / "disk.qcow2"

    @property
    def ready(self) -> bool:
        return (self.dir / "meta.json").exists() and self.state.exists() and self.disk.exists()


def kernel_cmdline(extra: str = "") -> str:
    return f"console=ttyS0 root=/dev/vda rw quiet mitigations=off net.ifnames=0 {extra}".strip()


def _file_sig(p: Path) -> str:
    st = p.stat()
    return f"{p}:{st.st_size}:{int(st.st_mtime)}"


def template_key(conn: libvirt.virConnect, image: ImageEntry, slot: int, vcpus: int,
                 memory_mib: int) -> str:
    h = hashlib.sha256()
    files = [image.disk] + ([image.kernel, image.initrd] if image.boot == "kernel" else [])
    xml = virt.domain_xml(name="x", uuid="00000000-0000-0000-0000-000000000000", vcpus=vcpus,
                          memory_mib=memory_mib, disk=Path("/d"), nics=[_mgmt_nic(slot)],
                          kernel=image.kernel if image.boot == "kernel" else None,
                          initrd=image.initrd if image.boot == "kernel" else None,
                          cmdline=kernel_cmdline())
    for part in [TEMPLATE_FORMAT, image.id, *map(_file_sig, files), xml,
                 str(conn.getVersion()), str(conn.getLibVersion())]:
        h.update(part.encode() + b"\0")
    return f"{image.id}-s{slot}-{h.hexdigest()[:12]}"


def _mgmt_nic(slot: int) -> virt.Nic:
    return virt.Nic(addressing.MGMT_NETWORK, addressing.mgmt_mac(slot), 0x03)


def ensure(conn: libvirt.virConnect, image: ImageEntry, slot: int, vcpus: int, memory_mib: int,
           *, owner: dict[str, str], boot_deadline_s: float = 240, log=lambda msg: None) -> Template:
    key = template_key(conn, image, slot, vcpus, memory_mib)
    tpl = Template(key, paths.templates_dir() / key)
    if tpl.ready:
        return tpl
    _prune_stale(image.id, slot, keep=key)
    build_dir = paths.ensure(paths.templates_dir() / f".{key}.build")
    name = domain_name(tpl)
    virt.destroy_domain(conn, name)
    disk = virt.create_overlay(conn, f"{name}.qcow2", image.disk)
    t0 = time.monotonic()
    log(f"building warm-start template {key} (a cold boot, once)")
    dom = conn.createXML(virt.domain_xml(
        name=name, vcpus=vcpus, memory_mib=memory_mib, disk=disk, nics=[_mgmt_nic(slot)],
        kernel=image.kernel if image.boot == "kernel" else None,
        initrd=image.initrd if image.boot == "kernel" else None, cmdline=kernel_cmdline(),
        serial_log=build_dir / "serial.log", owner=owner), 0)
    try:
        ex = SSHExec(name, str(addressing.mgmt_ip(slot)), keys.private_key())
        ex.connect(deadline_s=boot_deadline_s)
        # settle: boot finished, then nothing dirty in the page cache
        res = ex.run("systemctl is-system-running --wait; sync", timeout=180)
        ex.close_all()
        if res.exit_code is None:
            raise ProvisionError(f"template {key}: guest did not settle: {res.stderr or res.transport_error}")
        dom.save(str(build_dir / "state"))
        shutil.copy2(disk, build_dir / "disk.qcow2")
        (build_dir / "meta.json").write_text(json.dumps({
            "key": key, "image": image.id, "slot": slot, "vcpus": vcpus, "memory_mib": memory_mib,
            "boot_s": round(time.monotonic() - t0, 1), "saved_disk": str(disk),
            "system_state": res.stdout.strip()}))
    except BaseException:
        try:
            dom.destroy()
        except libvirt.libvirtError:
            pass
        shutil.rmtree(build_dir, ignore_errors=True)
        raise
    finally:
        virt.delete_volume(conn, f"{name}.qcow2")
    shutil.rmtree(tpl.dir, ignore_errors=True)
    build_dir.rename(tpl.dir)
    log(f"template {key} ready in {time.monotonic() - t0:.1f} s")
    return tpl


def _prune_stale(image_id: str, slot: int, keep: str) -> None:
    pattern = re.compile(rf"^{re.escape(image_id)}-s{slot}-[0-9a-f]{{12}}$")
    root = paths.templates_dir()
    if not root.exists():
        return
    for d in root.iterdir():
        if d.name != keep and pattern.match(d.name):
            shutil.rmtree(d, ignore_errors=True)


def domain_name(tpl: Template) -> str:
    """libvirt requires a restored domain to keep the saved name; the slot makes it unique."""
    return f"ob-tpl-{tpl.key}"


def restore_xml(conn: libvirt.virConnect, tpl: Template, *, disk: Path, serial_log: Path,
                owner: dict[str, str]) -> str:
    """The saved definition with this node's overlay, console log and owner (ABI unchanged)."""
    xml = conn.saveImageGetXMLDesc(str(tpl.state), 0)
    xml = re.sub(r"<log file='[^']*'", f"<log file='{serial_log}'", xml, count=1)
    xml = re.sub(r"(<disk type='file' device='disk'>.*?<source file=')[^']*(')",
                 lambda m: f"{m.group(1)}{disk}{m.group(2)}", xml, count=1, flags=re.S)
    xml = re.sub(r"<metadata>.*?</metadata>", "", xml, flags=re.S)
    return xml.replace("</name>", "</name>" + virt.owner_xml(owner), 1)
