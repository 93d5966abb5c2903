#!/bin/bash
# Parts of the reference solution (solution.sh), as the wrong solutions that keep them repeat them.

# no_default_sources: the time sources of Debian's chrony.conf (pool, server, peer, sourcedir
# lines) commented out.
no_default_sources() {
  sed -i -E 's/^(pool|server|peer|sourcedir) /#&/' /etc/chrony/chrony.conf
}

# time_server_conf: node1's chrony serves its own clock (local stratum 8) to 10.100.0.0/24.
time_server_conf() {
  cat > /etc/chrony/conf.d/ob-server.conf <<'CONF'
# time server for the private network
local stratum 8
allow 10.100.0.0/24
CONF
}

# node1_source_conf: node2's chrony takes its time from node1's private address.
node1_source_conf() {
  cat > /etc/chrony/conf.d/ob-client.conf <<CONF
# only node1
server $OB_ADDR_NODE1_PRIV iburst minpoll 4 maxpoll 6
CONF
}
