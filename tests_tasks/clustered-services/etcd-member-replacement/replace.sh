#!/bin/bash
# replace_member: (node1) the member registered with node3's peer URL (started or not) removed,
# and node3 added anew with that peer URL. Needs E (etcdctl's --endpoints option for node1 and
# node2), N3 (node3's priv address) and ETCDCTL_API=3.
replace_member() {
  old=$(etcdctl $E member list | awk -F', ' -v u="http://$N3:2380" '$4 == u {print $1}')
  [ -z "$old" ] || etcdctl $E member remove "$old"
  etcdctl $E member add node3 --peer-urls="http://$N3:2380"
}
