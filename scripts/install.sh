#!/bin/bash
# Every prerequisite of opsbench on Debian 12 as root: apt packages, Python packages, and the
# lab's daemons (libvirtd, virtlogd, apt-cacher-ng), started with or without systemd.
set -euo pipefail
cd "$(dirname "$0")/.."
export DEBIAN_FRONTEND=noninteractive
apt-get update -q
# openssh-server: the remote-hypervisor test reaches this machine over qemu+ssh as if it were remote
# chromium: the run viewer and the report are looked at in a real browser (tests/reports)
# sudo: its visudo checks tasklib/sh/sudoers.sh's output (tests/tasklib/test_sudoers_sh.py)
apt-get install -y -q --no-install-recommends qemu-system-x86 qemu-utils libvirt-daemon-system \
  libvirt-clients libvirt-dev pkg-config python3-dev gcc debootstrap busybox-static apt-cacher-ng \
  dnsmasq-base iptables nftables zstd xz-utils genisoimage openssh-client openssh-server ca-certificates curl chromium sudo
python3 -m pip install -q -e '.[test]'
python3 -m lab up
