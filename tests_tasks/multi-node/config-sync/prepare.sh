#!/bin/bash
# Starting condition: node1 holds the application configuration; node2 has an old copy.
set -euo pipefail
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
