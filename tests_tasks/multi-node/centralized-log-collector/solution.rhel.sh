#!/bin/bash
# Reference solution (rhel family), written, NOT validated: as solution.sh (rsyslog on both nodes;
# node2 receives on tcp/514 into a ruleset that writes node1's messages to /var/log/remote/node1.log;
# node1 forwards everything with a disk-assisted queue), with EL's firewall: firewalld, on in these
# images, admits tcp/514 from the private network only (permanent rich rule) instead of Debian's
# /etc/nftables.conf. SELinux stays enforcing: rsyslogd binds and reaches tcp/514 and writes under
# /var/log (var_log_t) as it ships. The queue lands in EL's rsyslog workDirectory /var/lib/rsyslog.
# Commands learned from the study's passed trials (open-sudo/infraset jobs/multi-node-os-comparison/
# almalinux9/centralized-log-collector-almalinux9/…__cVPsYLX: imtcp on 514, omfwd over TCP with a
# linkedList queue and firewall-cmd --permanent, all under Enforcing; centos-stream10 __Q6ouHbQ,
# rhel9 __DyY6boF, rhel10 __GreKGVZ).
set -euo pipefail
. ./rsyslog-parts.sh
. ./syslog-firewalld.sh
rpm -q rsyslog >/dev/null 2>&1 || dnf -y -q install rsyslog
case "$NODE" in
  node2)
    install -d -m 0755 /var/log/remote
    remote_ruleset
    syslog_firewalld tcp
    systemctl enable rsyslog.service
    systemctl restart rsyslog.service
    for i in $(seq 1 50); do ss -Hltn 'sport = :514' | grep -q . && exit 0; sleep 0.2; done
    echo "rsyslog does not listen on tcp/514" >&2; exit 1 ;;
  node1)
    forward_to_node2
    logger -t solution "forwarding to node2 configured" ;;
esac
