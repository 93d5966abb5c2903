#!/bin/bash
# Oracle step 1 (gateway): a fresh key pair, and a one-shot exchange on wan that hands out the
# gateway's PUBLIC key and takes the worker's; it stops once it has it. Private keys never move.
set -euo pipefail
. tasklib/wg-exchange.sh
wg_private
wg_keypair
wg_exchange_serve 198.51.100.2 /etc/wireguard/worker.pub
