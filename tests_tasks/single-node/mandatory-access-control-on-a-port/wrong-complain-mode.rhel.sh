#!/bin/bash
# must fail req-2, req-3: the docserver profile is switched to complain mode, so the new folder works but nothing is enforced any more, the secrets included
# (SELinux: httpd_t made a permissive domain)
set -euo pipefail
. ./restart.sh
semanage permissive -a httpd_t
restart_docserver
