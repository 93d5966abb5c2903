#!/bin/bash
# Starting condition: upstream runs the provider's resolver (a stand-in: a one-file Python
# DNS server on udp/53 that answers A queries for any name with an address derived from the
# name, says NXDOMAIN for names under "lab" and names starting with "nx-", and logs every
# query to /var/log/provider-dns/queries.log). gateway and client are as the lab built them.
set -euo pipefail
[ "$NODE" = upstream ] || exit 0
install -d /opt/provider-dns /var/log/provider-dns
cat > /opt/provider-dns/server.py <<'PY'
#!/usr/bin/env python3
"""The provider's resolver (stand-in). A name's address: 203.0.113.(1 + sha256(name)[0] % 250)."""
import hashlib
import json
import socket
import struct
import time

LOG = "/var/log/provider-dns/queries.log"


def address(name):
    return bytes([203, 0, 113, 1 + hashlib.sha256(name.encode()).digest()[0] % 250])


def main():
    s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    s.bind(("0.0.0.0", 53))
    while True:
        data, peer = s.recvfrom(4096)
        try:
            qid, flags, qdcount = struct.unpack(">HHH", data[:6])
            off, labels = 12, []
            while data[off]:
                n = data[off]
                labels.append(data[off + 1:off + 1 + n].decode("ascii", "replace"))
                off += 1 + n
            qtype, _ = struct.unpack(">HH", data[off + 1:off + 5])
            question = data[12:off + 5]
        except (struct.error, IndexError):
            continue
        name = ".".join(labels).lower()
        with open(LOG, "a") as f:
            f.write(json.dumps({"at": time.time(), "peer": peer[0], "name": name, "type": qtype}) + "\n")
        answer = b""
        if name == "lab" or name.endswith(".lab") or name.startswith("nx-"):
            rcode = 3
        else:
            rcode = 0
            if qtype == 1:
                answer = b"\xc0\x0c" + struct.pack(">HHIH", 1, 1, 300, 4) + address(name)
        head = struct.pack(">HHHHHH", qid, 0x8000 | (flags & 0x0100) | 0x0080 | rcode, 1,
                           1 if answer else 0, 0, 0)
        s.sendto(head + question + answer, peer)


if __name__ == "__main__":
    main()
PY
cat > /etc/systemd/system/provider-dns.service <<'UNIT'
[Unit]
Description=Provider DNS resolver (stand-in)
After=network.target
[Service]
ExecStart=/usr/bin/python3 /opt/provider-dns/server.py
Restart=always
[Install]
WantedBy=multi-user.target
UNIT
systemctl daemon-reload
systemctl enable --now provider-dns.service
for i in $(seq 1 50); do ss -Hlun 'sport = :53' | grep -q . && exit 0; sleep 0.2; done
echo "provider-dns did not come up" >&2
exit 1
