#!/bin/bash
# must fail req-3: a udev rule sets disksize before comp_algorithm; the kernel refuses to change the algorithm of an initialised device, so zram0 keeps its default compressor
set -euo pipefail
echo zram > /etc/modules-load.d/zram.conf
echo 'options zram num_devices=1' > /etc/modprobe.d/zram.conf
cat > /etc/udev/rules.d/99-zram.rules <<'RULES'
ACTION=="add", KERNEL=="zram0", ATTR{disksize}="256M", ATTR{comp_algorithm}="zstd", RUN+="/sbin/mkswap /dev/zram0", TAG+="systemd"
RULES
grep -q '^/dev/zram0 ' /etc/fstab || echo '/dev/zram0 none swap defaults,pri=100 0 0' >> /etc/fstab
udevadm control --reload
modprobe zram
udevadm settle
for i in $(seq 50); do [ "$(cat /sys/block/zram0/disksize 2>/dev/null || echo 0)" != 0 ] && break; sleep 0.2; done
swapon -a || { mkswap /dev/zram0; swapon -a; }
systemctl daemon-reload
swapon --show
