#!/bin/bash
# Reference solution (node1 only, see [[oracle.steps]]): ntp.corp.internal was still pinned in
# /etc/hosts to the retired server, whose clock is six years fast, and chrony (makestep 1 -1)
# stepped node1 to it at every poll. Point the name at the real server, restart chrony so it
# resolves it again and steps the clock back, then run the report once. The report job is left
# as it is: it verifies the server against the company CA.
set -euo pipefail
server=10.100.0.12
sed -i -E '/\sntp\.corp\.internal$/d' /etc/hosts
echo "$server ntp.corp.internal" >> /etc/hosts
systemctl enable chrony.service
systemctl restart chrony.service
for i in $(seq 1 60); do
  chronyc -n sources | grep -q "^\^\* $server " && break
  sleep 2
done
chronyc -n sources
chronyc tracking
date -u
systemctl start inventory-report.service
