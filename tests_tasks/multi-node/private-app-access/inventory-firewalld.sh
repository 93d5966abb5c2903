#!/bin/bash
# Part of the rhel-family scripts (*.rhel.sh): firewalld (on in the EL images) in front of node1.

# inventory_firewalld: firewalld admits tcp/8080 from the private network only, permanently (a
# rich rule on the source 10.100.0.0/24).
inventory_firewalld() {
  firewall-cmd -q --permanent --add-rich-rule='rule family="ipv4" source address="10.100.0.0/24" port port="8080" protocol="tcp" accept'
  firewall-cmd -q --reload
}
