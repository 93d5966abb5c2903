"""The guest-side traffic probe (fixtures/netprobe.py) against real sockets on this machine;
the VM tests use it between guests."""
from __future__ import annotations

import json
import socket
import struct
import subprocess
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, HTTPServer
from pathlib import Path


PROBE = Path(__file__).resolve().parents[1] / "fixtures" / "netprobe.py"


def probe(*args) -> dict:
    out = subprocess.run([sys.executable, str(PROBE), *map(str, args)], capture_output=True,
                         text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout.strip().splitlines()[-1])


def _free_port(kind=socket.SOCK_STREAM) -> int:
    with socket.socket(socket.AF_INET, kind) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_tcp_open_with_banner_and_refused():
    srv = socket.socket()
    srv.bind(("127.0.0.1", 0))
    srv.listen(1)
    port = srv.getsockname()[1]
    threading.Thread(target=lambda: srv.accept()[0].sendall(b"hello\n"), daemon=True).start()
    r = probe("tcp", "127.0.0.1", port)
    assert r["result"] == "open" and r["banner"] == "hello\n"
    srv.close()
    assert probe("tcp", "127.0.0.1", _free_port())["result"] == "refused"


def test_udp_reply_and_icmp_error_names_the_offender():
    s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]

    def echo():
        data, peer = s.recvfrom(100)
        s.sendto(b"pong:" + data, peer)
    threading.Thread(target=echo, daemon=True).start()
    r = probe("udp", "127.0.0.1", port)
    assert r["result"] == "reply" and r["data"].startswith("pong:")
    r = probe("udp", "127.0.0.1", _free_port(socket.SOCK_DGRAM))
    assert r == {"result": "icmp", "offender": "127.0.0.1", "icmp_type": 3, "icmp_code": 3,
                 "errno": "ECONNREFUSED"}


def test_listener_logs_each_peer_and_answers_with_its_hostname(tmp_path):
    port, log = _free_port(), tmp_path / "peers.jsonl"
    assert probe("listen", "tcp", port, "--seconds", 5, "--log", log)["result"] == "listening"
    for _ in range(2):
        r = probe("tcp", "127.0.0.1", port)
        assert r["result"] == "open" and r["banner"] == f"opsbench {socket.gethostname()}\n"
    peers = probe("peers", log)["peers"]
    assert [p["peer"] for p in peers] == ["127.0.0.1", "127.0.0.1"]
    uport, ulog = _free_port(socket.SOCK_DGRAM), tmp_path / "udp.jsonl"
    probe("listen", "udp", uport, "--seconds", 5, "--log", ulog)
    assert probe("udp", "127.0.0.1", uport)["result"] == "reply"
    assert [p["peer"] for p in probe("peers", ulog)["peers"]] == ["127.0.0.1"]


def test_http_status_and_body():
    class H(BaseHTTPRequestHandler):
        def do_GET(self):
            code = 200 if self.path == "/" else 404
            self.send_response(code)
            self.end_headers()
            self.wfile.write(f"host={self.headers['Host']}".encode())

        def log_message(self, *a):
            pass
    srv = HTTPServer(("127.0.0.1", 0), H)
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{srv.server_port}"
    r = probe("http", url + "/", "--host", "app.internal")
    assert r == {"status": 200, "body": "host=app.internal"}
    assert probe("http", url + "/missing")["status"] == 404
    srv.shutdown()
    assert probe("http", url + "/", "--timeout", 2)["status"] is None


def _dns_server(answers: dict[str, str]):
    """A one-zone UDP DNS server: A records from `answers`, NXDOMAIN otherwise."""
    s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    s.bind(("127.0.0.1", 0))

    def serve():
        while True:
            q, peer = s.recvfrom(512)
            qid = q[:2]
            labels, i = [], 12
            while q[i]:
                labels.append(q[i + 1:i + 1 + q[i]].decode())
                i += 1 + q[i]
            question = q[12:i + 5]
            name = ".".join(labels)
            if name in answers:
                rr = b"\xc0\x0c" + struct.pack(">HHIH", 1, 1, 60, 4) + socket.inet_aton(answers[name])
                s.sendto(qid + struct.pack(">HHHHH", 0x8180, 1, 1, 0, 0) + question + rr, peer)
            else:
                s.sendto(qid + struct.pack(">HHHHH", 0x8183, 1, 0, 0, 0) + question, peer)
    threading.Thread(target=serve, daemon=True).start()
    return s.getsockname()[1]


def test_dns_answers_and_nxdomain():
    port = _dns_server({"app.corp.internal": "10.10.1.20"})
    r = probe("dns", "127.0.0.1", "app.corp.internal", "--port", port)
    assert r["rcode"] == "NOERROR" and [a["value"] for a in r["answers"]] == ["10.10.1.20"]
    r = probe("dns", "127.0.0.1", "nope.corp.internal", "--port", port)
    assert r == {"result": "answer", "rcode": "NXDOMAIN", "answers": []}


def test_rate_is_measured_at_the_receiver(tmp_path):
    port, log = _free_port(), tmp_path / "rate.json"
    assert probe("sink", port, "--seconds", 20, "--log", log)["result"] == "listening"
    sent = probe("source", "127.0.0.1", port, "--seconds", 1)
    for _ in range(50):
        if log.exists() and log.read_text():
            break
        time.sleep(0.1)
    r = json.loads(log.read_text())
    assert r["bytes"] == sent["bytes"] and r["bits_per_s"] > 1e6
