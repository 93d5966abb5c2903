"""Remove lab resources whose owner process is gone (a crash, kill -9, a lost CI runner)."""
from __future__ import annotations

import re
import shutil

import libvirt

from lab import hosts, owner as owners, paths, virt
from lab.cluster import destroy_owned

_KEYED = re.compile(r"^ob-([0-9a-f]{8})-")


def _key_of(name: str, dom: libvirt.virDomain | None = None) -> str | None:
    m = _KEYED.match(name)
    if m:
        return m.group(1)
    return virt.owner_of(dom).get("key") if dom is not None else None


def collect(uri: str = "qemu:///system", kept: bool = False,
            scheduler: "hosts.Scheduler | None" = None) -> list[str]:
    """Remove what belongs to dead owners (and, with `kept`, to clusters kept for debugging)."""
    conn = virt.connect(uri)
    live = {k for k, o in owners.read_all().items() if o.alive() and not (kept and o.kept)}
    keys: set[str] = set()
    for dom in conn.listAllDomains():
        if dom.name().startswith("ob-"):
            keys.add(_key_of(dom.name(), dom) or "")
    keys |= {_key_of(n.name()) or "" for n in conn.listAllNetworks()}
    pool = virt.ensure_pool(conn, refresh=True)
    keys |= {_key_of(v.name()) or "" for v in pool.listAllVolumes()}
    keys |= set(owners.read_all())
    removed: list[str] = []
    for key in sorted(k for k in keys if k and k not in live):
        removed += destroy_owned(conn, key)
        owners.remove(key)
        if scheduler:
            scheduler.drop_kept(key)
    removed += _template_leftovers(conn, pool)
    return removed


def _template_leftovers(conn: libvirt.virConnect, pool: libvirt.virStoragePool) -> list[str]:
    """A template build that died leaves a build overlay and folder behind."""
    running = {d.name() for d in conn.listAllDomains()}
    removed = []
    for vol in pool.listAllVolumes():
        name = vol.name()
        if name.startswith("ob-tpl-") and name.removesuffix(".qcow2") not in running:
            vol.delete()
            removed.append(f"volume {name}")
    root = paths.templates_dir()
    if root.exists():
        for d in root.glob(".*.build"):
            if f"ob-tpl-{d.name[1:-6]}" not in running:
                shutil.rmtree(d, ignore_errors=True)
                removed.append(f"template build {d.name}")
    return removed
