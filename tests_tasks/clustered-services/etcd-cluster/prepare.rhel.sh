#!/bin/bash
# Written, NOT validated (rhel family: alma9, centos-stream10, rhel98, rhel100).
# Starting condition, as prepare.sh: etcd server and etcdctl installed on every node, running as
# the stock standalone instance (loopback only, default data dir with its own single-member
# cluster). firewalld stays as the image ships it (on: it blocks 2379 and 2380 from other hosts).
# VENDOR DOWNLOAD: the EL releases ship no etcd (the study's rhel9 trial found none, and its rhel9,
# rhel10, almalinux9 and centos-stream10 trials all ran etcd's upstream build), so this installs
# the upstream release build (github.com/etcd-io/etcd releases, v3.5.17, as on rhel9, rhel10 and
# almalinux9; centos-stream10 ran v3.7.1) and writes the unit the Debian package would have.
# The download does not go through the lab's package cache, which serves apt only.
set -euo pipefail
# etcd as the Debian packages lay it out, so the instruction, /etc/default/etcd and the Debian
# solution and wrong scripts hold unchanged (tasklib/etcd.sh)
. tasklib/etcd.sh
etcd_install_upstream
. ./stock.sh
