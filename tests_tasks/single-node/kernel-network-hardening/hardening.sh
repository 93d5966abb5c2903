#!/bin/bash
# hardening_conf FILE: the hardening settings as a sysctl.d file, every interface by glob (those
# to come too); the reference and a wrong solution differ only in the file's name and how it is
# applied.
hardening_conf() {
  cat > "$1" <<'CONF'
# node1 is a plain server: no forwarding, no redirects, no source routing, strict rp_filter.
net.ipv4.ip_forward = 0
net.ipv4.conf.all.forwarding = 0
net.ipv6.conf.all.forwarding = 0
net.ipv4.conf.*.accept_redirects = 0
net.ipv4.conf.*.secure_redirects = 0
net.ipv6.conf.*.accept_redirects = 0
net.ipv4.conf.*.send_redirects = 0
net.ipv4.conf.*.accept_source_route = 0
net.ipv6.conf.*.accept_source_route = 0
net.ipv4.conf.*.rp_filter = 1
net.ipv4.tcp_syncookies = 1
CONF
}
