#!/bin/bash
# VyOS appliances (*.vyos.sh): the harness runs a script under bash, but configuration commands
# need vbash with VyOS's script template.

# vyos_configure: the configuration commands on stdin (set/delete lines) applied in one
# configuration session, committed and saved to the boot configuration
vyos_configure() {
  { echo "source /opt/vyatta/etc/functions/script-template"; echo configure; cat; printf 'commit\nsave\nexit\n'; } | vbash -s
}

# vyos_rule PATH N [KEY VALUE]...: the `set` lines of rule N under PATH ("firewall ipv4 forward
# filter", "nat source", ...), one per KEY: action, in and out (inbound-/outbound-interface
# name), proto, src and dst (source/destination address), dport (destination port), state (a
# comma-separated list: one line each), to and to-port (translation address/port), nat-status
# (connection-status nat)
vyos_rule() {
  local path=$1 n=$2 key value s
  shift 2
  while [ "$#" -gt 0 ]; do
    key=$1 value=${2:?"vyos_rule $path $n: $1 has no value"}
    shift 2
    case "$key" in
      action) echo "set $path rule $n action $value" ;;
      in) echo "set $path rule $n inbound-interface name $value" ;;
      out) echo "set $path rule $n outbound-interface name $value" ;;
      proto) echo "set $path rule $n protocol $value" ;;
      src) echo "set $path rule $n source address $value" ;;
      dst) echo "set $path rule $n destination address $value" ;;
      dport) echo "set $path rule $n destination port $value" ;;
      state) for s in ${value//,/ }; do echo "set $path rule $n state $s"; done ;;
      to) echo "set $path rule $n translation address $value" ;;
      to-port) echo "set $path rule $n translation port $value" ;;
      nat-status) echo "set $path rule $n connection-status nat $value" ;;
      *) echo "vyos_rule $path $n: unknown key $key" >&2; return 1 ;;
    esac
  done
}
