"""python -m lab {doctor,up,build,images,fetch,import-image,gc}"""
from __future__ import annotations

import argparse
import hashlib
import shutil
import subprocess
import sys
import urllib.request
from pathlib import Path

from lab import builder, daemons, gc, hosts, images
from records import ConfigurationError


def _images(_args) -> int:
    for entry in images.load_catalog().values():
        why = entry.missing()
        state = "available" if why is None else why
        note = "" if entry.validated else " [not validated]"
        print(f"{entry.id:16} {entry.family:8} {entry.boot:6} {entry.source:5} {state}{note}")
    return 0


def _build(args) -> int:
    ids = args.ids or ["debian12"]
    for os_id in ids:
        builder.build(images.get(os_id), force=args.force)
    return 0


def copy_with_progress(src, dst, total: int, log, step_percent: int = 10,
                       chunk: int = 1 << 20) -> int:
    """Copy `src` to `dst`, saying every `step_percent` of `total` bytes (every 100 MiB when the
    size is unknown) how far it is; returns the bytes copied."""
    done, next_mark = 0, step_percent
    while block := src.read(chunk):
        dst.write(block)
        before, done = done, done + len(block)
        if total:
            while done * 100 >= next_mark * total and next_mark <= 100:
                log(f"  {next_mark}% ({done / 2**20:.0f} of {total / 2**20:.0f} MiB)")
                next_mark += step_percent
        elif done // (100 << 20) > before // (100 << 20):
            log(f"  {done / 2**20:.0f} MiB")
    return done


def _fetch(args) -> int:
    entry = images.get(args.id)
    if entry.source != "url":
        raise ConfigurationError(f"{entry.id} has no download URL (source = {entry.source})")
    entry.dir.mkdir(parents=True, exist_ok=True)
    tmp = entry.dir / "download.tmp"
    print(f"downloading {entry.url}")
    with urllib.request.urlopen(entry.url, timeout=60) as resp, open(tmp, "wb") as out:
        copy_with_progress(resp, out, int(resp.headers.get("content-length") or 0), print)
    return _install_disk(entry, tmp, expected=args.sha256 or entry.sha256)


def _import(args) -> int:
    entry = images.get(args.id)
    src = Path(args.file)
    if not src.is_file():
        raise ConfigurationError(f"{src}: no such file")
    entry.dir.mkdir(parents=True, exist_ok=True)
    tmp = entry.dir / "import.tmp"
    shutil.copyfile(src, tmp)
    return _install_disk(entry, tmp, expected=args.sha256)


def _install_disk(entry: images.ImageEntry, tmp: Path, expected: str | None) -> int:
    digest = hashlib.sha256()
    with open(tmp, "rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            digest.update(chunk)
    if expected and digest.hexdigest() != expected:
        tmp.unlink()
        raise ConfigurationError(f"{entry.id}: sha256 {digest.hexdigest()} does not match {expected}")
    subprocess.run(["qemu-img", "convert", "-O", "qcow2", str(tmp), str(entry.disk)], check=True)
    tmp.unlink()
    print(f"{entry.id}: installed {entry.disk} (sha256 {digest.hexdigest()}"
          f"{'' if expected else ', not pinned: add it to the catalog'})")
    return 0


def _gc(args) -> int:
    removed = []
    inventory = hosts.load_inventory(args.lab_hosts)
    scheduler = hosts.Scheduler(inventory)
    for host in inventory:
        removed += [f"{host.name}: {r}" for r in gc.collect(host.uri, kept=args.kept, scheduler=scheduler)]
    print("\n".join(removed) if removed else "nothing to remove")
    return 0


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m lab", description="opsbench's VM lab")
    sub = p.add_subparsers(dest="cmd", required=True)
    sub.add_parser("doctor", help="check prerequisites; exit 1 with fixes if any is missing")
    sub.add_parser("up", help="start libvirt, virtlogd and the package cache (idempotent)")
    b = sub.add_parser("build", help="build Debian images (default: debian12)")
    b.add_argument("ids", nargs="*")
    b.add_argument("--force", action="store_true", help="rebuild even if the recipe is unchanged")
    sub.add_parser("images", help="list the OS catalog and what is available here")
    f = sub.add_parser("fetch", help="download a vendor cloud image")
    f.add_argument("id")
    f.add_argument("--sha256")
    i = sub.add_parser("import-image", help="install a user-supplied image (RHEL, network OS)")
    i.add_argument("id")
    i.add_argument("file")
    i.add_argument("--sha256")
    g = sub.add_parser("gc", help="remove domains, networks and overlays of dead owners")
    g.add_argument("--lab-hosts")
    g.add_argument("--kept", action="store_true", help="also remove clusters kept by --keep-failed")
    sub.add_parser("try", add_help=False, help="a task's prepared cluster to look around in: "
                   "python -m lab try <task> [--os OS] [--solution] (fixtures/try_task.py)")
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["try"]:
        from fixtures.try_task import main as try_main
        try:
            return try_main(argv[1:])
        except ConfigurationError as exc:
            print(f"error: {exc}", file=sys.stderr)
            return 2
    args = p.parse_args(argv)
    try:
        if args.cmd == "doctor":
            return daemons.doctor()
        if args.cmd == "up":
            daemons.up()
            return 0
        return {"build": _build, "images": _images, "fetch": _fetch, "import-image": _import,
                "gc": _gc}[args.cmd](args)
    except ConfigurationError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
