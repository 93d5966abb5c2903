#!/bin/bash
# must fail req-2: node2 receives on tcp/514 but a plain `*.* /var/log/remote/node1.log` rule is global, not tied to the TCP input, so node2's own messages land in node1's file too
# rhel family, written, NOT validated: the same mistake as wrong-catch-all-file.sh; firewalld (on
# here) admits tcp/514 from the private network as in solution.rhel.sh, so only the rule differs
set -euo pipefail
. ./rsyslog-parts.sh
. ./syslog-firewalld.sh
rpm -q rsyslog >/dev/null 2>&1 || dnf -y -q install rsyslog
case "$NODE" in
  node2)
    install -d -m 0755 /var/log/remote
    cat > /etc/rsyslog.d/10-remote.conf <<'CONF'
module(load="imtcp")
input(type="imtcp" port="514")
*.* /var/log/remote/node1.log
CONF
    syslog_firewalld tcp
    systemctl enable rsyslog.service
    systemctl restart rsyslog.service
    for i in $(seq 1 50); do ss -Hltn 'sport = :514' | grep -q . && break; sleep 0.2; done ;;
  node1)
    forward_to_node2
    logger -t setup "forwarding to node2 configured" ;;
esac
