#!/bin/bash
# Reference solution (RHEL family): firewalld with the default zone dropping everything but
# ssh and 8080, made permanent so it survives reboots.
set -euo pipefail
systemctl enable --now firewalld.service
firewall-cmd --permanent --set-default-zone=drop
firewall-cmd --permanent --zone=drop --add-service=ssh
firewall-cmd --permanent --zone=drop --add-port=8080/tcp
firewall-cmd --reload
firewall-cmd --list-all
