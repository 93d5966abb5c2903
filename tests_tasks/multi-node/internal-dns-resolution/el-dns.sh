#!/bin/bash
# Parts of the rhel-family scripts (*.rhel.sh), where EL differs from corp-zone.sh: firewalld in
# front of node1's DNS server, NetworkManager owning node2's /etc/resolv.conf.

# dns_firewalld: firewalld (on in the EL images) admits DNS (53/udp, 53/tcp) from the private
# network only, permanently (a rich rule on the source 10.100.0.0/24).
dns_firewalld() {
  firewall-cmd -q --permanent --add-rich-rule='rule family="ipv4" source address="10.100.0.0/24" service name="dns" accept'
  firewall-cmd -q --reload
}

# resolve_with_node1_el: resolve_with_node1 (corp-zone.sh) made to last: NetworkManager stops
# writing /etc/resolv.conf (dns=none), which it would otherwise rewrite from eth0's DHCP lease at
# the next renewal or boot; the new file gets its SELinux label (net_conf_t).
resolve_with_node1_el() {
  printf '[main]\ndns=none\n' > /etc/NetworkManager/conf.d/90-resolv-static.conf
  systemctl reload NetworkManager.service
  resolve_with_node1
  restorecon /etc/resolv.conf
}
