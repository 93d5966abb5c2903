#!/bin/bash
# must fail req-2, req-3: the docserver profile is switched to complain mode, so the new folder works but nothing is enforced any more, the secrets included
# (SELinux: httpd_t made a permissive domain)
set -euo pipefail
semanage permissive -a httpd_t
systemctl restart docserver.service
for i in $(seq 1 100); do curl -sf http://127.0.0.1:8181/ | grep -q 'Operations handbook' && exit 0; sleep 0.2; done
journalctl -u docserver -n 20 --no-pager
exit 1
