from fixtures.checks import baseline, requirement

NAME = "portal.corp.internal"
KEY_DIRS = "/etc /root /home /srv /opt /usr/local /var/www /tmp"

# prints "<file>" for every PEM private key (unencrypted) whose public key equals the one on stdin
MATCH_KEYS = r"""
want=$(cat)
for f in $(grep -rlsE -- '-----BEGIN (EC |RSA )?PRIVATE KEY-----' %s 2>/dev/null); do
  got=$(openssl pkey -in "$f" -pubout 2>/dev/null) || continue
  [ "$got" = "$want" ] && echo "$f"
done
true
"""


@baseline
def portal_on_http(node2):
    assert "Corp portal" in node2.run("curl -sf http://127.0.0.1/").stdout, "the portal does not run on node2"


# the system trust store only: no ~/.curlrc (curl -q; a cacert or insecure there is curl's own),
# no CA bundle from the environment
SYSTEM_TLS = "env -u CURL_CA_BUNDLE -u SSL_CERT_FILE -u SSL_CERT_DIR -u REQUESTS_CA_BUNDLE"
# Python's default context loads OpenSSL's default paths (the system store); its RFC 5280
# strict mode (default since 3.13) is switched off, as curl does not apply it either
PY_GET = ("import ssl, urllib.request; c = ssl.create_default_context(); "
          "c.verify_flags &= ~ssl.VERIFY_X509_STRICT; "
          f"print(urllib.request.urlopen('https://{NAME}/', timeout=15, context=c).read().decode())")


@requirement("req-1")
def https_verifies_on_node1(ctx, node1):
    res = node1.run(f"{SYSTEM_TLS} curl -q -sS --max-time 15 -w '\\nremote_ip=%{{remote_ip}}\\n' https://{NAME}/")
    assert res.rc == 0, f"on node1, https://{NAME}/ fails with the system trust store: {res.stderr.strip()}"
    assert "Corp portal" in res.stdout, f"https://{NAME}/ answers with something else than node2's portal"
    priv = ctx.addr("node2", "priv")
    assert f"remote_ip={priv}" in res.stdout, \
        f"on node1, {NAME} is not reached at node2's private address {priv}: {res.stdout.splitlines()[-1:]}"
    # a second client of the system store (OpenSSL's default paths), not curl's own settings
    py = node1.run(f"{SYSTEM_TLS} python3 -c \"{PY_GET}\"")
    assert py.rc == 0 and "Corp portal" in py.stdout, \
        f"on node1, a TLS client using the system trust store rejects https://{NAME}/: {py.stderr.strip()[-300:]}"


def _leaf(node1):
    res = node1.run(f"openssl s_client -connect {NAME}:443 -servername {NAME} </dev/null 2>/dev/null "
                    "| openssl x509 > /tmp/ob-leaf.pem && cat /tmp/ob-leaf.pem")
    assert res.rc == 0 and "BEGIN CERTIFICATE" in res.stdout, f"node1 cannot fetch a certificate from {NAME}:443"


def _ca_cert(node1):
    """The CA certificate in /root/ca on node1 that issued the served certificate, or None."""
    res = node1.run(r"""for f in $(grep -rlsF -- '-----BEGIN CERTIFICATE-----' /root/ca); do
  cmp -s "$f" /tmp/ob-leaf.pem && continue
  openssl x509 -in "$f" -noout -text 2>/dev/null | grep -q 'CA:TRUE' || continue
  openssl verify -partial_chain -CAfile "$f" /tmp/ob-leaf.pem >/dev/null 2>&1 && { echo "$f"; break; }
done; true""")
    return res.stdout.strip().splitlines()[0] if res.stdout.strip() else None


@requirement("req-2")
def issued_by_internal_ca(node1):
    _leaf(node1)
    subj = node1.run("openssl x509 -in /tmp/ob-leaf.pem -noout -subject -nameopt RFC2253").stdout.split("=", 1)[-1].strip()
    iss = node1.run("openssl x509 -in /tmp/ob-leaf.pem -noout -issuer -nameopt RFC2253").stdout.split("=", 1)[-1].strip()
    assert subj != iss, "the portal's certificate is self-signed, not issued by a CA"
    san = node1.run("openssl x509 -in /tmp/ob-leaf.pem -noout -ext subjectAltName").stdout
    assert f"DNS:{NAME}" in san, f"the portal's certificate does not name {NAME} in subjectAltName"
    ca = _ca_cert(node1)
    assert ca, "no CA certificate in /root/ca on node1 issued the portal's certificate"
    pub = node1.run(f"openssl x509 -in {ca} -noout -pubkey").stdout
    keys = node1.run("bash -c " + _q(MATCH_KEYS % "/root/ca") + " <<'EOF'\n" + pub + "EOF")
    enc = node1.run("grep -rlsF -- '-----BEGIN ENCRYPTED PRIVATE KEY-----' /root/ca")
    assert keys.stdout.strip() or enc.stdout.strip(), f"the private key of the CA ({ca}) is not in /root/ca on node1"


@requirement("req-3")
def ca_key_not_on_node2(node1, node2):
    # public keys of every CA certificate kept in /root/ca on node1
    pubs = node1.run(r"""for f in $(grep -rlsF -- '-----BEGIN CERTIFICATE-----' /root/ca 2>/dev/null); do
  openssl x509 -in "$f" -noout -text 2>/dev/null | grep -q 'CA:TRUE' || continue
  openssl x509 -in "$f" -noout -pubkey; done; true""").stdout
    for pub in [p for p in pubs.split("-----END PUBLIC KEY-----") if "BEGIN PUBLIC KEY" in p]:
        pub = pub.strip() + "\n-----END PUBLIC KEY-----\n"
        found = node2.run("bash -c " + _q(MATCH_KEYS % KEY_DIRS) + " <<'EOF'\n" + pub + "EOF")
        assert not found.stdout.strip(), f"the internal CA's private key is on node2: {found.stdout.strip()}"


def _q(s: str) -> str:
    return "'" + s.replace("'", "'\\''") + "'"
