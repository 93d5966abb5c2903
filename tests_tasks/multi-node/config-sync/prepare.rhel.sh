#!/bin/bash
# Written, NOT validated (rhel family: alma9, centos-stream10, rhel98, rhel100).
# Starting condition, as prepare.sh (the same files): node1 holds the application configuration,
# node2 an old copy. firewalld runs (installed and enabled here where the image lacks it) and
# SELinux stays enforcing, as on the EL nodes of the study's config-sync trials (open-sudo/infraset
# jobs/multi-node-os-comparison/{almalinux9,centos-stream10,rhel9,rhel10}/config-sync-*); rsync is
# not installed (the rhel10 trial, __oijXoiw, found none), as on Debian's minimal image.
# REPOSITORIES: firewalld, if missing, from the image's own BaseOS (RHEL: a subscription); not
# through the lab's package cache, which serves apt only.
set -euo pipefail
. tasklib/firewalld-on.sh
firewalld_on
install -d -m 0755 /etc/appcfg /etc/appcfg/conf.d
case "$NODE" in
  node1)
    printf 'listen = 0.0.0.0:7000\nworkers = 4\nlog_level = info\n' > /etc/appcfg/app.conf
    printf 'url = postgres://app@db.internal/app\npool = 10\n' > /etc/appcfg/conf.d/database.conf
    printf 'token = s3cr3t-node1\n' > /etc/appcfg/secrets.conf
    chmod 0600 /etc/appcfg/secrets.conf ;;
  node2)
    printf 'listen = 0.0.0.0:7000\nworkers = 2\nlog_level = debug\n' > /etc/appcfg/app.conf
    printf 'old = yes\n' > /etc/appcfg/conf.d/legacy.conf ;;
esac
