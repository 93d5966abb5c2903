#!/bin/bash
# Written, NOT validated (rhel family: alma9, centos-stream10, rhel98, rhel100).
# Starting condition, as prepare.sh: nothing of the task is set up. The EL images keep what they
# ship: rsyslog installed and running beside journald (imjournal), SELinux enforcing; firewalld
# runs (installed and enabled here where the image lacks it), as on every EL node of the study's
# centralized-log-collector trials (open-sudo/infraset jobs/multi-node-os-comparison/
# {almalinux9,centos-stream10,rhel9,rhel10}/centralized-log-collector-*; the almalinux9 one,
# __cVPsYLX, shows firewalld active, getenforce Enforcing, rsyslog 8.2412 active).
# REPOSITORIES: firewalld, if missing, from the image's own BaseOS (RHEL: a subscription); not
# through the lab's package cache, which serves apt only.
set -euo pipefail
. tasklib/firewalld-on.sh
firewalld_on
