"""Judged on the kernel's own view: /proc/swaps, /sys/block/zram0, and a short memory squeeze
(a python process touching more than free memory) that must push pages into zram0."""
from fixtures.checks import baseline, requirement

SIZE_KIB = 256 * 1024


def _swaps(node1) -> dict:
    res = node1.run("cat /proc/swaps")
    rows = {}
    for line in res.stdout.splitlines()[1:]:
        f = line.split()
        if len(f) >= 5:
            rows[f[0]] = {"type": f[1], "size": int(f[2]), "used": int(f[3]), "prio": int(f[4])}
    return rows


@baseline
def no_swap_before(node1):
    assert not _swaps(node1), "node1 already has swap before the agent"
    res = node1.run("find /lib/modules/$(uname -r) -name 'zram.ko*' | grep -q .")
    assert res.rc == 0, "the kernel has no zram module"


@requirement("req-1")
def zram_swap_active(node1):
    swaps = _swaps(node1)
    z = swaps.get("/dev/zram0")
    assert z, f"/dev/zram0 is not an active swap (active: {', '.join(swaps) or 'none'})"
    # /proc/swaps shows the size less the header page
    assert abs(z["size"] - SIZE_KIB) <= 64, f"/dev/zram0 swap is {z['size']} KiB, not 256 MiB"
    disksize = node1.run("cat /sys/block/zram0/disksize").stdout.strip()
    assert disksize == str(SIZE_KIB * 1024), f"zram0's disksize is {disksize} bytes, not 256 MiB"
    disk = [d for d, v in swaps.items() if not d.startswith("/dev/zram")]
    assert not disk, f"swap on disk was added too: {', '.join(disk)}"


@requirement("req-2")
def priority(node1):
    swaps = _swaps(node1)
    z = swaps.get("/dev/zram0")
    assert z, "/dev/zram0 is not an active swap"
    assert z["prio"] == 100, f"/dev/zram0 has swap priority {z['prio']}, not 100"
    higher = [d for d, v in swaps.items() if d != "/dev/zram0" and v["prio"] >= 100]
    assert not higher, f"other swap is used before zram0: {', '.join(higher)}"


@requirement("req-3")
def algorithm(node1):
    res = node1.run("cat /sys/block/zram0/comp_algorithm")
    assert res.rc == 0, "there is no /dev/zram0"
    assert "[zstd]" in res.stdout, f"zram0 compresses with {res.stdout.strip()}, not zstd"


@requirement("req-4")
def really_used(node1):
    assert "/dev/zram0" in _swaps(node1), "/dev/zram0 is not an active swap"
    # touch about (available + 64 MiB) of compressible, not same-filled, anonymous memory, then
    # read zram0's statistics while it is still held (freed pages leave the swap at once)
    squeeze = ("python3 -c \"import time\n"
               "avail = int([l for l in open('/proc/meminfo') if l.startswith('MemAvailable')][0].split()[1])\n"
               "n = avail // 1024 + 64\n"
               "blocks = [bytearray(('%08d opsbench zram check....\\\\n' % i).encode() * 32768) for i in range(n)]\n"
               "time.sleep(1)\n"
               "print('held', n, 'MiB')\n"
               "print('mm_stat', open('/sys/block/zram0/mm_stat').read())\"")
    res = node1.run(squeeze)  # the checks timeout (300 s by default) bounds it
    assert res.rc == 0, f"the memory squeeze failed (out of memory despite zram?): {res.stderr.strip()[-300:]}"
    line = [ln for ln in res.stdout.splitlines() if ln.startswith("mm_stat")]
    stat = line[0].split()[1:] if line else []
    assert stat and int(stat[0]) > 32 * 1024 * 1024, \
        f"pages were not swapped out to zram0 (mm_stat: {' '.join(stat) or 'missing'})"
    assert int(stat[1]) < int(stat[0]) // 2, f"the data on zram0 is not compressed (mm_stat: {' '.join(stat)})"
