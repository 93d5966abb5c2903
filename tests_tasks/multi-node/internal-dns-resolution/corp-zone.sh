#!/bin/bash
# Parts of the reference solution (solution.sh), as the wrong solutions that keep them repeat them.

# corp_zone_conf: node1's dnsmasq serves the three corp.internal names (and nothing else of
# corp.internal) on the private interface only.
corp_zone_conf() {
  cat > /etc/dnsmasq.d/corp-internal.conf <<'CONF'
# internal zone corp.internal, served on the private network only
interface=eth1
except-interface=eth0
bind-dynamic
no-resolv
no-hosts
local=/corp.internal/
domain-needed
bogus-priv
host-record=ns1.corp.internal,10.100.0.11
host-record=app.corp.internal,10.100.0.12
host-record=db.corp.internal,10.100.0.40
CONF
}

# resolve_with_node1: node2's resolver is node1 (a file of its own, not a link to another).
resolve_with_node1() {
  rm -f /etc/resolv.conf
  printf 'search corp.internal\nnameserver %s\n' "$OB_ADDR_NODE1_PRIV" > /etc/resolv.conf
}
