#!/bin/bash
# A ~1 MiB initramfs for direct-kernel boot: static busybox plus the virtio modules needed to
# mount /dev/vda, then switch_root. Debian's own initrd works too but costs ~5 s per boot
# under emulation. Usage: make-initrd.sh ROOTFS OUT BUSYBOX
set -euo pipefail
ROOTFS=$(realpath "$1"); OUT=$(realpath -m "$2"); BUSYBOX=$(realpath "$3")
KVER=$(ls "$ROOTFS/lib/modules" | sort -V | tail -1); MD=$ROOTFS/lib/modules/$KVER
W=$(mktemp -d); trap 'rm -rf "$W"' EXIT
mkdir -p "$W"/{bin,dev,proc,sys,newroot,mods}
cp "$BUSYBOX" "$W/bin/busybox"
: > "$W/mods/order"

add_module() {  # $1: module name; dependencies first; built-in modules need nothing
  local name=$1 line path dep
  line=$(grep -E "/${name}\.ko(\.(xz|zst|gz))?:" "$MD/modules.dep" || true)
  if [ -z "$line" ]; then
    grep -qE "/${name}\.ko$" "$MD/modules.builtin" && return 0
    echo "make-initrd: module $name not found for kernel $KVER" >&2; exit 1
  fi
  path=${line%%:*}
  for dep in ${line#*:}; do dep=$(basename "$dep"); add_module "${dep%%.ko*}"; done
  grep -qx "$name" "$W/mods/order" && return 0
  case $path in
    *.xz) xz -dc "$MD/$path" > "$W/mods/$name.ko" ;;
    *.zst) zstd -qdc "$MD/$path" > "$W/mods/$name.ko" ;;
    *.gz) gzip -dc "$MD/$path" > "$W/mods/$name.ko" ;;
    *) cp "$MD/$path" "$W/mods/$name.ko" ;;
  esac
  echo "$name" >> "$W/mods/order"
}
for m in virtio_pci virtio_blk virtio_net; do add_module $m; done

cat > "$W/init" <<'INIT'
#!/bin/busybox sh
B=/bin/busybox
$B mount -t devtmpfs devtmpfs /dev
$B mount -t proc proc /proc
$B mount -t sysfs sysfs /sys
for m in $($B cat /mods/order); do $B insmod /mods/$m.ko; done
root=/dev/vda; flags=rw
for a in $($B cat /proc/cmdline); do case $a in root=*) root=${a#root=};; ro) flags=ro;; esac; done
i=0; while [ ! -b "$root" ] && [ $i -lt 1000 ]; do $B usleep 10000; i=$((i+1)); done
$B mount -t ext4 -o $flags "$root" /newroot || { echo "initrd: cannot mount $root"; exec $B sh; }
$B umount /proc /sys
$B mount --move /dev /newroot/dev
exec $B switch_root /newroot /sbin/init
INIT
chmod +x "$W/init"
(cd "$W" && find . | "$BUSYBOX" cpio -o -H newc 2>/dev/null | gzip -1) > "$OUT"
