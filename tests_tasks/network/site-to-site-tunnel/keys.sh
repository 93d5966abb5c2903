#!/bin/bash
# Oracle step 1 (router-a): a fresh key pair, and a one-shot exchange on wan that hands out
# router-a's PUBLIC key and takes router-b's; it stops once it has it. Private keys never move.
set -euo pipefail
. tasklib/wg-exchange.sh
wg_private
wg_keypair
wg_exchange_serve 198.51.100.1 /etc/wireguard/peer.pub
