#!/bin/bash
# https_app NAME: writes /opt/NAME/server.py, a small HTTPS service run as
# `server.py CERT KEY PORT`. It answers GET from the route table read on stdin, JSON of the form
# {"/path": ["content type", body], "*": [...]} ("*" for any other path; a body that is not a
# string is sent as sorted JSON and a newline). SIGHUP re-reads the certificate and key and keeps
# the old ones if the new cannot be loaded. The TLS handshake runs in the worker thread, so a slow
# or failing client blocks nobody.
https_app() {
  local name=$1 routes
  routes=$(cat)
  install -d "/opt/$name"
  {
    printf '#!/usr/bin/python3\n"""%s: a small service over HTTPS. Usage: server.py CERT KEY PORT"""\n' "$name"
    printf 'NAME = %s\nROUTES_JSON = r"""%s"""\n' "\"$name\"" "$routes"
    cat <<'PY'
import http.server
import json
import signal
import ssl
import sys

ROUTES = json.loads(ROUTES_JSON)
cert, key, port = sys.argv[1], sys.argv[2], int(sys.argv[3])


def load():
    ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    ctx.load_cert_chain(cert, key)
    return ctx


context = load()


def reload(signum, frame):
    global context
    try:
        context = load()
        sys.stderr.write(f"{NAME}: certificate reloaded\n")
    except (ssl.SSLError, OSError) as exc:
        sys.stderr.write(f"{NAME}: reload failed, keeping the old certificate: {exc}\n")


signal.signal(signal.SIGHUP, reload)


class Handler(http.server.BaseHTTPRequestHandler):
    def do_GET(self):
        ctype, doc = ROUTES.get(self.path) or ROUTES["*"]
        body = (doc if isinstance(doc, str) else json.dumps(doc, sort_keys=True) + "\n").encode()
        self.send_response(200)
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, fmt, *args):
        sys.stderr.write(f"{NAME}: " + fmt % args + "\n")


class Server(http.server.ThreadingHTTPServer):
    def finish_request(self, request, client_address):
        request.settimeout(15)
        try:
            tls = context.wrap_socket(request, server_side=True)
        except (ssl.SSLError, OSError) as exc:
            sys.stderr.write(f"{NAME}: TLS handshake with {client_address[0]} failed: {exc}\n")
            return
        try:
            self.RequestHandlerClass(tls, client_address, self)
        finally:
            tls.close()


Server(("0.0.0.0", port), Handler).serve_forever()
PY
  } > "/opt/$name/server.py"
  chmod 755 "/opt/$name/server.py"
}

# https_cert CA_DIR KEY CRT SUBJECT SAN SERIAL START END: a new P-256 key KEY and, for it, a server
# certificate CRT (subject SUBJECT, subjectAltName SAN, serial SERIAL in hex) issued by the CA in
# CA_DIR (ca.crt, ca.key) valid from START to END (YYYYMMDDHHMMSSZ, UTC): `openssl ca`, which
# takes any start date, so a starting condition can hold a certificate that expired or soon will
https_cert() {
  local ca=$1 key=$2 crt=$3 subject=$4 san=$5 serial=$6 start=$7 end=$8 tmp
  tmp=$(mktemp -d)
  mkdir "$tmp/new"; touch "$tmp/index.txt"; echo "$serial" > "$tmp/serial"
  cat > "$tmp/ca.cnf" <<CNF
[ca]
default_ca = issuer
[issuer]
database = $tmp/index.txt
serial = $tmp/serial
new_certs_dir = $tmp/new
default_md = sha256
policy = any
unique_subject = no
copy_extensions = copy
[any]
organizationName = supplied
organizationalUnitName = optional
commonName = supplied
[srv]
basicConstraints = CA:FALSE
keyUsage = critical, digitalSignature
extendedKeyUsage = serverAuth
subjectKeyIdentifier = hash
authorityKeyIdentifier = keyid
CNF
  openssl ecparam -name prime256v1 -genkey -noout -out "$key"
  openssl req -new -key "$key" -subj "$subject" -addext "subjectAltName=$san" -out "$tmp/req.csr"
  openssl ca -batch -notext -config "$tmp/ca.cnf" -cert "$ca/ca.crt" -keyfile "$ca/ca.key" \
    -extensions srv -startdate "$start" -enddate "$end" -in "$tmp/req.csr" -out "$crt" 2>/dev/null
  rm -rf "$tmp"
}
