#!/bin/bash
# Reference solution, in the order of [[oracle.steps]]: keys.sh on router-a, then this on
# router-b (its key pair, router-a's public key from the exchange, its own public key back),
# then this on router-a. WireGuard between the WAN addresses, each side routing the other
# site into wg0; a forward filter keeps the sites closed to wan outside the tunnel.
set -euo pipefail
. ./tunnel.sh
wg_private
tunnel_conf
sites_filter
systemctl enable --now wg-quick@wg0.service
