#!/bin/bash
# must fail req-1, req-4: the certificate error is "fixed" by telling curl not to verify (--insecure) in the report job; the report gets through, the clock stays six years off
# steps: node1
set -euo pipefail
sed -i 's/curl -fsS /curl -fsS --insecure /' /usr/local/bin/inventory-report
systemctl start inventory-report.service
