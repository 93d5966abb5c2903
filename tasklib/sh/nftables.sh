#!/bin/bash
# nftables_apply: checks /etc/nftables.conf, enables nftables.service and restarts it, so the
# ruleset in the file is the one in force now and the one the boot loads.
nftables_apply() {
  nft -c -f /etc/nftables.conf
  systemctl enable nftables.service
  systemctl restart nftables.service
}
