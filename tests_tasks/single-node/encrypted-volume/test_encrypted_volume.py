"""Judged from the block layer and the bytes on disk: the LUKS magic at the start of /dev/vdb
(no cryptsetup needed to see it), the device stack under /srv/vault (lsblk: a `crypt` mapping
on vdb), the raw disk searched for the files' marker strings, and the root filesystem seen
through a bind mount of / (which also shows files hidden under the /srv/vault mount point)."""
import re

from fixtures.checks import baseline, requirement

FILES = {"export-1.csv": "0a8de38a6ab6a5adcdb51fe4caef582c037c7d6e49f5765d96ee47dcfda7caa6",
         "export-2.csv": "5e39627b0f9202a6115fb35ac44445a897ccd53c97c13110a3a779fb5ccf7862",
         "export-3.csv": "ac5e3014c28517fe9b5cdc20954a1d675476138909b240560b8850eda8d0ab85"}
MARKER = "OBVAULT-MARKER-"


def _stack(node1) -> list[tuple[str, str]]:
    """(name, type) from the device mounted on /srv/vault down to the disk."""
    src = node1.run("findmnt -no SOURCE --mountpoint /srv/vault").stdout.strip()
    assert src, "nothing is mounted on /srv/vault"
    out = node1.check_output(f"lsblk -nrso NAME,TYPE {src}")
    return [tuple(line.split()[:2]) for line in out.splitlines() if len(line.split()) >= 2]


@baseline
def plaintext_on_root_disk(node1):
    res = node1.run("cd /srv/vault && sha256sum " + " ".join(FILES))
    assert res.rc == 0, "the vault files are missing"
    assert node1.run("mountpoint -q /srv/vault").rc != 0, "/srv/vault is already a mount"


@requirement("req-1")
def luks_on_vdb_mounted_through_dm_crypt(node1):
    magic = node1.run("head -c 6 /dev/vdb | od -An -tx1").stdout.split()
    assert magic == ["4c", "55", "4b", "53", "ba", "be"], f"/dev/vdb does not start with a LUKS header ({magic})"
    stack = _stack(node1)
    types = [t for _, t in stack]
    assert types and types[0] == "crypt", f"/srv/vault is not mounted from a dm-crypt mapping: {stack}"
    assert ("vdb", "disk") in stack, f"the dm-crypt mapping under /srv/vault is not on /dev/vdb: {stack}"


@requirement("req-2")
def files_moved_and_writable(node1):
    assert node1.run("mountpoint -q /srv/vault").rc == 0, "/srv/vault is not a mounted filesystem"
    res = node1.run("cd /srv/vault && sha256sum " + " ".join(FILES))
    got = dict(reversed(line.split()) for line in res.stdout.splitlines() if len(line.split()) == 2)
    for name, digest in FILES.items():
        assert got.get(name) == digest, f"/srv/vault/{name} is missing or changed on the volume"
    w = node1.run("f=/srv/vault/.obcheck-write; echo probe > $f && sync && grep -q probe $f; rc=$?; "
                  "rm -f $f; exit $rc")
    assert w.rc == 0, f"cannot write to /srv/vault: {w.stderr.strip()}"


@requirement("req-3")
def no_plaintext_left(node1):
    raw = node1.run("python3 -c \"import sys\nhits, tail = 0, b''\nwith open('/dev/vdb', 'rb') as d:\n"
                    "    while True:\n        b = d.read(1 << 20)\n        if not b: break\n"
                    f"        hits += (tail + b).count(b'{MARKER}'); tail = b[-32:]\nprint(hits)\"")
    assert raw.stdout.strip() == "0", f"the files' content is readable in plain text on /dev/vdb ({raw.stdout.strip()} hits)"
    root = node1.run("d=$(mktemp -d); mount --bind / $d || exit 9; "
                     f"find $d -xdev -type f -name 'export-*.csv' 2>/dev/null; "
                     f"grep -rlIF {MARKER} $d/srv $d/root $d/home $d/tmp $d/var/tmp $d/var/backups $d/mnt $d/opt "
                     "$d/media 2>/dev/null; umount $d; rmdir $d; true")
    assert root.rc == 0, "could not inspect the root filesystem"
    left = sorted(set(re.sub(r"^/tmp/tmp\.[^/]+", "", p) for p in root.stdout.split()))
    assert not left, f"unencrypted copies remain on the root filesystem: {', '.join(left[:5])}"


def _crypttab_key(node1) -> tuple[str, str]:
    """(mapping name, key file) of the /etc/crypttab entry for /dev/vdb."""
    uuid = node1.run("blkid -s UUID -o value /dev/vdb").stdout.strip()
    tab = node1.run("cat /etc/crypttab 2>/dev/null").stdout
    for line in tab.splitlines():
        f = line.split()
        if len(f) < 2 or f[0].startswith("#"):
            continue
        dev = node1.run(f"readlink -f {f[1]}").stdout.strip() if f[1].startswith("/") else ""
        if dev == "/dev/vdb" or (uuid and f[1] in (f"UUID={uuid}", f"/dev/disk/by-uuid/{uuid}")):
            key = f[2] if len(f) > 2 else "none"
            if key in ("none", "-", ""):
                key = f"/etc/cryptsetup-keys.d/{f[0]}.key"
            return f[0], key
    raise AssertionError("no /etc/crypttab entry unlocks /dev/vdb at boot")


@requirement("req-4")
def unlocked_by_root_only_key_file(node1):
    name, key = _crypttab_key(node1)
    keyfile = node1.file(key)
    assert keyfile.exists, f"the key file {key} of /etc/crypttab's {name} entry does not exist"
    uid, gid, mode = keyfile.uid, keyfile.gid, keyfile.mode
    assert uid == 0 and not mode & 0o007 and (gid == 0 or not mode & 0o070), \
        f"{key} can be read by others than root (owner {uid}:{gid}, mode {mode:o})"
    test = node1.run(f"cryptsetup open --test-passphrase --key-file {key} /dev/vdb")
    assert test.rc == 0, f"{key} does not open the LUKS volume on /dev/vdb: {test.stderr.strip()[-200:]}"
