#!/bin/bash
# must fail req-2: priority 100 is given only on the command line (swapon -p 100); the fstab entry used at boot has none, so after a reboot zram0 swaps with the kernel's default priority
set -euo pipefail
echo zram > /etc/modules-load.d/zram.conf
echo 'options zram num_devices=1' > /etc/modprobe.d/zram.conf
cat > /etc/udev/rules.d/99-zram.rules <<'RULES'
ACTION=="add", KERNEL=="zram0", ATTR{comp_algorithm}="zstd", ATTR{disksize}="256M", RUN+="/sbin/mkswap /dev/zram0", TAG+="systemd"
RULES
grep -q '^/dev/zram0 ' /etc/fstab || echo '/dev/zram0 none swap defaults 0 0' >> /etc/fstab
udevadm control --reload
modprobe zram
udevadm settle
for i in $(seq 50); do [ "$(cat /sys/block/zram0/disksize 2>/dev/null || echo 0)" != 0 ] && break; sleep 0.2; done
swapon -p 100 /dev/zram0 || { mkswap /dev/zram0; swapon -p 100 /dev/zram0; }
systemctl daemon-reload
swapon --show
