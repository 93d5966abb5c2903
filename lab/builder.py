"""Builds the Debian guest images offline: debootstrap from the Debian archive, configure,
then an ext4 disk (mkfs.ext4 -d, no loop devices) with the kernel and a tiny initrd beside it.
Cached by recipe hash: an image is rebuilt only when its recipe changes."""
from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import tempfile
import time
from pathlib import Path

from lab import addressing, diskimage, keys, paths
from records import ConfigurationError
from lab.images import ImageEntry

RECIPES = Path(__file__).with_name("recipes") / "debian"
MIRROR = os.environ.get("OPSBENCH_DEBIAN_MIRROR", "http://deb.debian.org/debian")
SECURITY_MIRROR = os.environ.get("OPSBENCH_DEBIAN_SECURITY_MIRROR",
                                 "http://deb.debian.org/debian-security")
DISK_SIZE = "8G"
BUILDER_VERSION = "1"


def _packages(name: str) -> list[str]:
    lines = (RECIPES / name).read_text().splitlines()
    return [ln.strip() for ln in lines if ln.strip() and not ln.startswith("#")]


def packages(entry: ImageEntry) -> list[str]:
    return _packages("packages.txt")


def extra_packages(entry: ImageEntry) -> list[str]:
    """Installed with the rootfs's own apt after debootstrap, whose dependency handling can't
    configure cloud-init's Python stack."""
    return ((_packages("packages-cloud.txt") if entry.cloud_init else [])
            + (_packages(f"packages-{entry.extra}.txt") if entry.extra else []))


def recipe_hash(entry: ImageEntry) -> str:
    h = hashlib.sha256()
    # only the recipe files this image uses: adding a variant rebuilds no other image
    used = ["packages.txt", "configure-rootfs.sh", "make-initrd.sh"]
    used += ["packages-cloud.txt"] if entry.cloud_init else []
    used += [f"packages-{entry.extra}.txt", f"configure-{entry.extra}.sh"] if entry.extra else []
    for f in sorted(RECIPES / name for name in used):
        if f.exists():
            h.update(f.name.encode() + f.read_bytes())
    for part in (BUILDER_VERSION, entry.suite or "", entry.login_user, entry.boot,
                 str(entry.cloud_init), addressing.APT_PROXY_URL, keys.public_key(), MIRROR,
                 entry.extra or ""):
        h.update(part.encode() + b"\0")
    return h.hexdigest()[:16]


def is_current(entry: ImageEntry) -> bool:
    stamp = entry.dir / "recipe.sha"
    return entry.available and stamp.exists() and stamp.read_text().strip() == recipe_hash(entry)


def build(entry: ImageEntry, force: bool = False, log=print) -> Path:
    if entry.source != "build":
        raise ConfigurationError(f"{entry.id} is not built locally (source = {entry.source}); "
                       f"see `python -m lab images`")
    if entry.family != "debian":
        raise ConfigurationError(f"the local builder knows Debian suites only, not {entry.id}")
    if not force and is_current(entry):
        log(f"{entry.id}: up to date ({entry.disk})")
        return entry.disk
    for tool in ("debootstrap", "mkfs.ext4", "qemu-img", "busybox"):
        if not shutil.which(tool):
            raise ConfigurationError(f"`{tool}` not found: run `python -m lab doctor` for the fix")
    paths.ensure(paths.images_dir())
    work = Path(tempfile.mkdtemp(prefix=f".build-{entry.id}-", dir=paths.images_dir()))
    try:
        _build_into(entry, work, log)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return entry.disk


# debootstrap's stages, in order, with the share of its time each starts at (measured here)
DEBOOTSTRAP_STAGES = (("Retrieving", 5), ("Validating", 35), ("Extracting", 45),
                      ("Installing", 55), ("Unpacking", 60), ("Configuring", 80))


def debootstrap_progress(line: str, seen: set[str]) -> str | None:
    """A percentage line when `line` (debootstrap's output) starts a stage not seen yet."""
    words = line.split()
    if len(words) < 2 or words[0] != "I:":
        return None
    for stage, percent in DEBOOTSTRAP_STAGES:
        if words[1] == stage and stage not in seen:
            seen.add(stage)
            return f"  debootstrap: {percent}% — {stage.lower()}"
    return None


def _run(cmd: list[str], log, what: str, progress=None, **kw) -> None:
    """Run a build step; `progress(line, seen)` turns its output lines into progress lines."""
    t0 = time.monotonic()
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, **kw)
    out, seen = [], set()
    for line in proc.stdout:
        out.append(line)
        if progress and (said := progress(line, seen)):
            log(said)
    proc.wait()
    if proc.returncode != 0:
        tail = "".join(out[-25:]).rstrip()
        raise ConfigurationError(f"{what} failed (exit {proc.returncode}): {' '.join(cmd[:3])} …\n{tail}")
    log(f"  {what}: {time.monotonic() - t0:.1f} s")


def _build_into(entry: ImageEntry, work: Path, log) -> None:
    log(f"{entry.id}: building from {MIRROR} ({entry.suite})")
    rootfs = work / "rootfs"
    cache = paths.ensure(paths.deb_cache(entry.suite))
    steps = 4 + bool(extra_packages(entry)) + (entry.boot == "kernel") + (entry.boot == "disk")
    step = iter(range(1, steps + 1))
    say = lambda what: log(f"{entry.id}: step {next(step)}/{steps}: {what}")
    say("debootstrap, the base system (the longest step)")
    _run(["debootstrap", "--variant=minbase", f"--cache-dir={cache}",
          f"--include={','.join(packages(entry))}", entry.suite, str(rootfs), MIRROR],
         log, "debootstrap", progress=debootstrap_progress)
    _write_sources(entry, rootfs)
    if extra_packages(entry):
        say("the packages debootstrap cannot resolve")
        _apt_install(rootfs, extra_packages(entry), paths.ensure(cache / "extra"), log)
    pub = work / "id.pub"
    pub.write_text(keys.public_key() + "\n")
    variant = "cloud" if entry.boot == "disk" else "kernel"
    say("configure the system")
    _run([str(RECIPES / "configure-rootfs.sh"), str(rootfs), str(pub), entry.login_user,
          addressing.APT_PROXY_URL, variant], log, "configure")
    if entry.extra and (RECIPES / f"configure-{entry.extra}.sh").exists():
        _run([str(RECIPES / f"configure-{entry.extra}.sh"), str(rootfs)], log, f"configure {entry.extra}")
    kernels = sorted((rootfs / "boot").glob("vmlinuz-*"))
    if not kernels:
        raise ConfigurationError(f"{entry.id}: no kernel in the rootfs (is linux-image-cloud-amd64 in packages.txt?)")
    out = paths.ensure(work / "out")
    if entry.boot == "kernel":
        shutil.copy2(kernels[-1], out / "vmlinuz")
        say("initrd")
        _run([str(RECIPES / "make-initrd.sh"), str(rootfs), str(out / "initrd.img"),
              shutil.which("busybox")], log, "initrd")
    fs = work / "rootfs.ext4"
    say("file system")
    _run(["truncate", "-s", DISK_SIZE, str(fs)], log, "allocate")
    # GRUB 2.06 can't read ext4's newer orphan_file/metadata_csum_seed features
    _run(["mkfs.ext4", "-q", "-F", "-L", "root", "-O", "^orphan_file,^metadata_csum_seed",
          "-d", str(rootfs), str(fs)], log, "mkfs")
    if entry.boot == "disk":
        say("bootable disk")
        raw = work / "disk.raw"
        diskimage.assemble(fs, rootfs, raw)
        fs.unlink()
        log("  bootable disk: MBR + GRUB core image")
    else:
        raw = fs
    say("qcow2 image")
    _run(["qemu-img", "convert", "-O", "qcow2", str(raw), str(out / "disk.qcow2")], log, "qcow2")
    meta = {"id": entry.id, "suite": entry.suite, "kernel": kernels[-1].name.removeprefix("vmlinuz-"),
            "packages": packages(entry) + extra_packages(entry), "built_at": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
            "recipe": recipe_hash(entry)}
    (out / "meta.json").write_text(json.dumps(meta, indent=2) + "\n")
    (out / "recipe.sha").write_text(meta["recipe"] + "\n")
    if entry.dir.exists():  # replacing an image invalidates templates built on it (by hash)
        shutil.rmtree(entry.dir)
    out.rename(entry.dir)
    os.chmod(entry.dir, 0o755)
    log(f"{entry.id}: built {entry.disk} (kernel {meta['kernel']})")


def _apt_install(rootfs: Path, pkgs: list[str], cache: Path, log) -> None:
    archives = rootfs / "var/cache/apt/archives"
    for deb in cache.glob("*.deb"):
        shutil.copy2(deb, archives)
    env = {"DEBIAN_FRONTEND": "noninteractive", "LC_ALL": "C", "PATH": "/usr/sbin:/usr/bin:/sbin:/bin"}
    _run(["chroot", str(rootfs), "apt-get", "update", "-q"], log, "apt-get update", env=env)
    _run(["chroot", str(rootfs), "apt-get", "install", "-y", "-q", "--no-install-recommends", *pkgs],
         log, f"apt-get install {' '.join(pkgs)}", env=env)
    for deb in archives.glob("*.deb"):
        shutil.copy2(deb, cache)


def _write_sources(entry: ImageEntry, rootfs: Path) -> None:
    suite = entry.suite
    security = f"{suite}-security" if suite != "buster" else f"{suite}/updates"
    lines = [f"deb {MIRROR} {suite} main", f"deb {MIRROR} {suite}-updates main",
             f"deb {SECURITY_MIRROR} {security} main"]
    (rootfs / "etc/apt/sources.list").write_text("\n".join(lines) + "\n")
