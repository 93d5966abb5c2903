"""A BIOS-bootable disk from an ext4 filesystem image, without loop devices or grub-install:
an MBR with one partition at 1 MiB, GRUB's boot.img in the MBR and its core.img (made by
grub-mkimage inside the guest rootfs) in the gap before the partition. GRUB's diskboot reads
the rest of core.img from sector 2 by default, exactly where it lands here."""
from __future__ import annotations

import struct
import subprocess
from pathlib import Path

from records import ConfigurationError

SECTOR = 512
PART_START = 2048  # sectors: 1 MiB, the usual alignment, leaves ~1 MiB for core.img
GRUB_MODULES = ["biosdisk", "part_msdos", "ext2", "normal", "linux", "configfile", "search",
                "echo", "test", "boot", "gzio"]


def mbr(partition_sectors: int, boot_code: bytes) -> bytes:
    entry = struct.pack("<B3sB3sII", 0x80, b"\xfe\xff\xff", 0x83, b"\xfe\xff\xff",
                        PART_START, partition_sectors)
    return boot_code[:440] + b"\0" * 6 + entry + b"\0" * 48 + b"\x55\xaa"


def core_image(rootfs: Path) -> bytes:
    """grub-mkimage from the guest's own GRUB, run in its rootfs (the host needs no GRUB)."""
    out = "/tmp/opsbench-core.img"
    proc = subprocess.run(["chroot", str(rootfs), "grub-mkimage", "-O", "i386-pc", "-o", out,
                           "-p", "(hd0,msdos1)/boot/grub", *GRUB_MODULES],
                          capture_output=True, text=True)
    if proc.returncode != 0:
        raise ConfigurationError(f"grub-mkimage failed: {proc.stderr.strip()}")
    data = (rootfs / out.lstrip("/")).read_bytes()
    (rootfs / out.lstrip("/")).unlink()
    if len(data) > (PART_START - 1) * SECTOR:
        raise ConfigurationError(f"GRUB core image ({len(data)} bytes) does not fit before the partition")
    return data


def assemble(fs_image: Path, rootfs: Path, out_raw: Path) -> None:
    boot_img = (rootfs / "usr/lib/grub/i386-pc/boot.img").read_bytes()
    core = core_image(rootfs)
    fs_size = fs_image.stat().st_size
    if fs_size % SECTOR:
        raise ConfigurationError(f"{fs_image}: size is not a multiple of {SECTOR}")
    with open(out_raw, "wb") as out:
        out.truncate((PART_START * SECTOR) + fs_size)
        out.write(mbr(fs_size // SECTOR, boot_img))
        out.seek(SECTOR)
        out.write(core)
    # copy the filesystem sparsely (most of it is zeros)
    subprocess.run(["dd", f"if={fs_image}", f"of={out_raw}", "bs=1M", f"seek={PART_START * SECTOR}",
                    "oflag=seek_bytes", "conv=sparse,notrunc", "status=none"], check=True)
