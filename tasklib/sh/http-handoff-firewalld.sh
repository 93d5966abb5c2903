#!/bin/bash
# For the rhel-family scripts (*.rhel.sh): the one-shot hand-off of tasklib/http-handoff.sh
# through firewalld, which runs in the EL images and would drop it. Include it after
# tasklib/http-handoff.sh (it reads HANDOFF_PORT).

# handoff_open: firewalld admits the hand-off port from the private network, in its runtime
# configuration only: the hand-off is how the reference copies a public file from node to node,
# not part of the task (nothing when firewalld is not running).
# handoff_close: that opening removed again.
HANDOFF_FW_RULE="rule family=\"ipv4\" source address=\"10.100.0.0/24\" port port=\"$HANDOFF_PORT\" protocol=\"tcp\" accept"
handoff_open() {
  systemctl is-active -q firewalld.service || return 0
  firewall-cmd -q --query-rich-rule="$HANDOFF_FW_RULE" || firewall-cmd -q --add-rich-rule="$HANDOFF_FW_RULE"
}
handoff_close() {
  systemctl is-active -q firewalld.service || return 0
  firewall-cmd -q --remove-rich-rule="$HANDOFF_FW_RULE" 2>/dev/null || true
}
