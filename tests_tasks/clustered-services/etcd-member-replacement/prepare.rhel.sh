#!/bin/bash
# Written, NOT validated (rhel family: alma9, centos-stream10, rhel98, rhel100).
# Starting condition, as prepare.sh: a healthy three-member etcd cluster (members node1..node3 on
# priv, settings in /etc/default/etcd) holding configuration data under /config/; then node3's data
# directory is destroyed and its etcd is stopped, so the cluster runs on two of its three members
# with node3's member still registered. Runs node1, node2, node3 in order: node3 waits for the
# cluster, writes the data, then fails. firewalld (on in these images) is opened for the cluster as
# solution.rhel.sh of etcd-cluster does: the priv addresses may reach 2379 and 2380, permanently.
# VENDOR DOWNLOAD: the EL releases ship no etcd (the study's rhel9 etcd-cluster trial found none,
# and its rhel9, rhel10, almalinux9 and centos-stream10 trials all ran etcd's upstream build), so
# this installs the upstream release build (github.com/etcd-io/etcd releases, v3.5.17) laid out as
# the Debian packages lay it out; solution.sh and the wrong-*.sh scripts then apply unchanged.
# The download does not go through the lab's package cache, which serves apt only.
set -euo pipefail
export ETCDCTL_API=3
# etcd as the Debian packages lay it out, so the instruction, /etc/default/etcd and the Debian
# solution and wrong scripts hold unchanged (tasklib/etcd.sh)
. tasklib/etcd.sh
etcd_install_upstream
# firewalld (on in these images) blocks etcd's ports: the three members' priv addresses may reach
# the client and peer ports, permanently; nothing else is opened
etcd_firewall_members "$OB_ADDR_NODE1_PRIV" "$OB_ADDR_NODE2_PRIV" "$OB_ADDR_NODE3_PRIV"
. ./cluster.sh
