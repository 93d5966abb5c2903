"""Where the lab keeps its state on a hypervisor host. OPSBENCH_HOME overrides the default."""
from __future__ import annotations

import os
from pathlib import Path


def home() -> Path:
    return Path(os.environ.get("OPSBENCH_HOME", "/var/lib/opsbench"))


def images_dir() -> Path:
    return home() / "images"


def image_dir(os_id: str) -> Path:
    return images_dir() / os_id


def templates_dir() -> Path:
    return home() / "templates"


def pool_dir() -> Path:
    """Overlays of running clusters (a libvirt dir pool)."""
    return home() / "pool"


def leases_dir() -> Path:
    return home() / "leases"


def keys_dir() -> Path:
    return home() / "keys"


def deb_cache(suite: str) -> Path:
    return Path(os.environ.get("OPSBENCH_DEB_CACHE", "/var/cache/opsbench/debs")) / suite


def ensure(path: Path, mode: int = 0o755) -> Path:
    path.mkdir(parents=True, exist_ok=True, mode=mode)
    return path
