"""The OS catalog (catalog.toml): what each OS id is, and whether its image is on this host."""
from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from lab import paths
from records import ConfigurationError

CATALOG_FILE = Path(__file__).with_name("catalog.toml")

Family = Literal["debian", "rhel", "alpine", "ubuntu", "network"]


@dataclass(frozen=True)
class ImageEntry:
    id: str
    name: str
    family: Family
    pkg: str
    firewall: str
    login_user: str
    boot: Literal["kernel", "disk"]
    source: Literal["build", "url", "file"]
    suite: str | None = None
    url: str | None = None
    sha256: str | None = None
    file_hint: str | None = None
    cloud_init: bool = False
    transport: Literal["ssh", "ssh-appliance"] = "ssh"
    validated: bool = False
    role: Literal["host", "appliance"] = "host"  # appliance: runs a topology's appliance nodes
    adapter: str = "linux"  # how the lab logs in, runs, snapshots and reboots it (lab/appliances)
    extra: str | None = None  # built images: also install recipes/debian/packages-<extra>.txt

    @property
    def dir(self) -> Path:
        return paths.image_dir(self.id)

    @property
    def disk(self) -> Path:
        return self.dir / "disk.qcow2"

    @property
    def kernel(self) -> Path:
        return self.dir / "vmlinuz"

    @property
    def initrd(self) -> Path:
        return self.dir / "initrd.img"

    def missing(self) -> str | None:
        """Why this image can't be used on this host (with the command that fixes it), or None."""
        needed = [self.disk] + ([self.kernel, self.initrd] if self.boot == "kernel" else [])
        if all(p.exists() for p in needed):
            return None
        if self.source == "build":
            return f"not built yet: run `python -m lab build {self.id}`"
        if self.source == "url":
            return f"not downloaded: run `python -m lab fetch {self.id}` (needs internet)"
        return (f"user-supplied image missing: get {self.file_hint} and run "
                f"`python -m lab import-image {self.id} <file>`")

    @property
    def available(self) -> bool:
        return self.missing() is None


_FIELDS = set(ImageEntry.__dataclass_fields__)


def load_catalog(path: Path = CATALOG_FILE) -> dict[str, ImageEntry]:
    data = tomllib.loads(path.read_text())
    catalog = {}
    for os_id, fields in data.items():
        unknown = set(fields) - _FIELDS
        if unknown:
            raise ConfigurationError(f"{path}: [{os_id}] has unknown field(s) {sorted(unknown)}; "
                           f"known: {sorted(_FIELDS - {'id'})}")
        catalog[os_id] = ImageEntry(id=os_id, **{k: v or None if k in ("sha256", "url") else v
                                                 for k, v in fields.items()})
    return catalog


def get(os_id: str) -> ImageEntry:
    catalog = load_catalog()
    try:
        return catalog[os_id]
    except KeyError:
        raise ConfigurationError(f"unknown OS id {os_id!r}; known ids: {', '.join(catalog)}") from None
