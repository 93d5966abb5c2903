#!/bin/bash
# The end of the starting condition on both families, once etcd is installed: the stock
# standalone instance enabled and started. The script ends, successfully once it answers on the
# loopback, within a minute.
systemctl enable --now etcd.service
for i in $(seq 1 60); do
  ETCDCTL_API=3 etcdctl --endpoints=http://127.0.0.1:2379 endpoint health >/dev/null 2>&1 && exit 0
  sleep 1
done
echo "stock etcd did not come up" >&2
exit 1
