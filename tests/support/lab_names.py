"""What of the lab belongs to one cluster owner, for tests that check nothing outlived a run."""
from __future__ import annotations

from lab import virt


def lab_names(conn, key: str) -> list[str]:
    """Domains, networks and volumes of owner `key`: by name, or for warm-restored domains
    (which keep their template's name) by the owner in their metadata."""
    prefix = f"ob-{key}-"
    doms = [d.name() for d in conn.listAllDomains()
            if d.name().startswith(prefix) or virt.owner_of(d).get("key") == key]
    names = [n.name() for n in conn.listAllNetworks()]
    names += [v.name() for v in virt.ensure_pool(conn, refresh=True).listAllVolumes()]
    return doms + [n for n in names if n.startswith(prefix)]
