#!/bin/bash
# Parts of the rhel-family scripts (*.rhel.sh), where EL's chrony differs from Debian's: one file,
# /etc/chrony.conf, without a conf.d, a unit named chronyd.service, and firewalld in front.

# no_default_sources_el: as no_default_sources (chrony-parts.sh), in /etc/chrony.conf.
no_default_sources_el() {
  sed -i -E 's/^(pool|server|peer|sourcedir) /#&/' /etc/chrony.conf
}

# chrony_confdir_el: /etc/chrony.conf reads /etc/chrony/conf.d/*.conf as Debian's does, so the
# drop-ins of chrony-parts.sh (time_server_conf, node1_source_conf) are the same files here.
chrony_confdir_el() {
  install -d -m 0755 /etc/chrony/conf.d
  grep -q '^confdir /etc/chrony/conf.d' /etc/chrony.conf || echo 'confdir /etc/chrony/conf.d' >> /etc/chrony.conf
}

# ntp_firewalld: firewalld (on in the EL images) admits NTP (123/udp) from the private network,
# permanently (a rich rule on the source 10.100.0.0/24).
ntp_firewalld() {
  firewall-cmd -q --permanent --add-rich-rule='rule family="ipv4" source address="10.100.0.0/24" service name="ntp" accept'
  firewall-cmd -q --reload
}
