#!/bin/bash
# Reference solution without extra packages: a oneshot systemd unit that loads zram, sets
# zstd and 256 MiB on zram0 and turns it on as swap with priority 100 (and off on stop).
set -euo pipefail
cat > /usr/local/sbin/zram-swap <<'SH'
#!/bin/sh
# zram-swap start|stop: 256 MiB zstd-compressed swap on /dev/zram0, priority 100
set -e
case "$1" in
  start)
    modprobe zram num_devices=1
    if ! grep -q '^/dev/zram0 ' /proc/swaps; then
      echo 1 > /sys/block/zram0/reset
      echo zstd > /sys/block/zram0/comp_algorithm
      echo 256M > /sys/block/zram0/disksize
      mkswap -L zram0 /dev/zram0 >/dev/null
      swapon -p 100 /dev/zram0
    fi ;;
  stop)
    swapoff /dev/zram0 2>/dev/null || true
    echo 1 > /sys/block/zram0/reset 2>/dev/null || true ;;
esac
SH
chmod 755 /usr/local/sbin/zram-swap
cat > /etc/systemd/system/zram-swap.service <<'UNIT'
[Unit]
Description=Compressed swap in RAM on /dev/zram0
DefaultDependencies=no
Before=swap.target
After=systemd-modules-load.service
[Service]
Type=oneshot
RemainAfterExit=yes
ExecStart=/usr/local/sbin/zram-swap start
ExecStop=/usr/local/sbin/zram-swap stop
[Install]
WantedBy=swap.target
UNIT
systemctl daemon-reload
systemctl enable zram-swap.service
systemctl restart zram-swap.service
cat /proc/swaps
cat /sys/block/zram0/comp_algorithm
