#!/bin/bash
# Part of the rhel-family scripts (solution.rhel.sh and the wrong solutions' *.rhel.sh that keep
# it): node2's firewalld, where syslog_firewall (rsyslog-parts.sh) writes /etc/nftables.conf on
# Debian.

# syslog_firewalld PROTO: firewalld (on in the EL images) lets PROTO/514 in from the private
# network only (a permanent rich rule on its source, 10.100.0.0/24), now and after a reboot; the
# management network stays shut out by firewalld's default zone.
syslog_firewalld() {
  firewall-cmd -q --permanent --add-rich-rule="rule family=\"ipv4\" source address=\"10.100.0.0/24\" port port=\"514\" protocol=\"$1\" accept"
  firewall-cmd -q --reload
}
