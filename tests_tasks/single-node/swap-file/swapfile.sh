#!/bin/bash
# make_swapfile: /swapfile of 512 MiB, formatted and turned on now. Written with dd, not
# fallocate: no unwritten extents, which swapon refuses on some file systems. Its mode is what
# the caller's umask leaves. Included by the solution and the wrong solutions.
make_swapfile() {
  swapoff /swapfile 2>/dev/null || true
  rm -f /swapfile                  # dd keeps the mode of a file that is already there
  dd if=/dev/zero of=/swapfile bs=1M count=512 status=none
  mkswap /swapfile
  swapon /swapfile
}

# swappiness_at_boot: vm.swappiness = 10 from /etc/sysctl.d, applied now too
swappiness_at_boot() {
  echo 'vm.swappiness = 10' > /etc/sysctl.d/90-swappiness.conf
  sysctl -p /etc/sysctl.d/90-swappiness.conf
}
