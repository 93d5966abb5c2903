"""tasklib.http.get_json and tasklib.systemd.listener_pid on this machine, through testinfra's local
backend (a node's host object in a check is the same API): a real HTTP server, real curl, real ss."""
import json
import os
import socket
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
import testinfra

from tasklib import http, systemd


@pytest.fixture
def local():
    return testinfra.get_host("local://")


@pytest.fixture
def server():
    class Handler(BaseHTTPRequestHandler):
        def do_GET(self):
            doc = {"path": self.path, "host": self.headers.get("Host"),
                   "forwarded": self.headers.get_all("X-Forwarded-For")}
            body = b"not json\n" if self.path == "/text" else json.dumps(doc).encode()
            self.send_response(404 if self.path == "/missing" else 200)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args):
            pass

    srv = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{srv.server_address[1]}"
    srv.shutdown()
    srv.server_close()


def test_the_document_a_url_answers_with(local, server):
    doc = http.get_json(local, f"{server}/status")
    assert doc["path"] == "/status" and doc["forwarded"] is None


def test_the_headers_given_are_sent(local, server):
    doc = http.get_json(local, f"{server}/", headers={"Host": "board.example.test",
                                                      "X-Forwarded-For": "203.0.113.9, 'quoted'"})
    assert doc["host"] == "board.example.test"
    assert doc["forwarded"] == ["203.0.113.9, 'quoted'"]


def test_an_error_status_a_body_that_is_not_json_and_no_server_are_none(local, server):
    assert http.get_json(local, f"{server}/missing") is None
    assert http.get_json(local, f"{server}/text") is None
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        free = s.getsockname()[1]
    assert http.get_json(local, f"http://127.0.0.1:{free}/", wait_s=0.5) is None


def test_the_process_listening_on_a_port(local):
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        s.listen()
        port = s.getsockname()[1]
        assert systemd.listener_pid(local, port) == os.getpid()
    assert systemd.listener_pid(local, port) == 0
