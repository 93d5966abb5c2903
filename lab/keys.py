"""The lab's SSH key pair: baked into built images, injected into cloud images by NoCloud."""
from __future__ import annotations

import subprocess
from pathlib import Path

from lab import paths


def private_key() -> Path:
    key = paths.ensure(paths.keys_dir(), 0o700) / "id_ed25519"
    if not key.exists():
        subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-C", "opsbench-lab",
                        "-f", str(key)], check=True)
    return key


def public_key() -> str:
    return Path(f"{private_key()}.pub").read_text().strip()
