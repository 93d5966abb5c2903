#!/bin/bash
# Reference solution, step 2 (node1), rhel family, written, NOT validated: as solution-node1-ca.sh
# (the CA in /root/ca, node2's CSR signed, the CA trusted, the portal's name resolved, the signed
# certificate published briefly), with EL's trust store (/etc/pki/ca-trust/source/anchors +
# update-ca-trust) and the hand-off port let through firewalld (runtime only).
# Learned from open-sudo/infraset jobs/multi-node-os-comparison/almalinux9/internal-ca-tls-almalinux9/
# …__mCNcWx3 (openssl CA on node1, /etc/pki/ca-trust/source/anchors; centos-stream10 __7dwNydu,
# rhel9 __nyZdYRW).
set -euo pipefail
. tasklib/http-handoff.sh
. ./portal-ca.sh
. ./el-portal.sh
make_ca
sign_portal_csr
trust_ca_el
portal_name
serve_portal_cert
