#!/bin/bash
# Written, NOT validated (rhel family: alma9, centos-stream10, rhel98, rhel100).
# Starting condition, as prepare.sh: node1 runs the stock RabbitMQ broker (plain AMQP on 5672 on
# every address) and holds the server certificate for mq.internal issued by the internal CA in
# /srv/pki/mq; node2 has pika and already trusts the internal CA (system trust store:
# /etc/pki/ca-trust/source/anchors + update-ca-trust). On node1 firewalld runs (installed and
# enabled if the image lacks it) with the stock broker's 5672/tcp open in the default zone, as an
# admin had it, so the broker is reachable from node2 like on Debian; 5671 is not open. node2 gets
# nc (nmap-ncat) and the openssl CLI where the image lacks them (Debian's images carry both).
# VENDOR REPOSITORIES: no EL release ships rabbitmq-server or a recent enough Erlang, so node1
# needs RabbitMQ's packagecloud repositories (erlang, rabbitmq-server; their el/9 builds, which
# also install on EL10) and node2 EPEL (python3-pika; else PyPI's pika), besides the image's own
# repositories (RHEL: a subscription). None of them goes through the lab's package cache, which
# serves apt only.
# The PEMs below are the ones of prepare.sh (20-year validity); the CA key is not shipped.
set -euo pipefail
CA_PEM='
-----BEGIN CERTIFICATE-----
MIIDZTCCAk2gAwIBAgIUKSKxM9yeOhUYsIzbyJuCtBNeFxMwDQYJKoZIhvcNAQEL
BQAwOjEVMBMGA1UECgwMRXhhbXBsZSBDb3JwMSEwHwYDVQQDDBhFeGFtcGxlIENv
cnAgSW50ZXJuYWwgQ0EwHhcNMjYxMjAzMDkzMTEzWhcNNDYxMTI4MDkzMTEzWjA6
MRUwEwYDVQQKDAxFeGFtcGxlIENvcnAxITAfBgNVBAMMGEV4YW1wbGUgQ29ycCBJ
bnRlcm5hbCBDQTCCASIwDQYJKoZIhvcNAQEBBQADggEPADCCAQoCggEBAM546HWM
wdIUT/wfumLQvJ20xlhIJgrn6rik+TSsnUi+f3FNj+nZD7Nku0lEWkmj0xsoJa5u
y1GVtVw6njsomadwUw6u/zz1faNSSQF58kRQg1kIWg7HeVRwd4gNW3B5oezzuND0
Dtt0oG0H5FfsheRu7d3512kqKHfECVbqgIsmfPG+YOcfdY5+tNFKon7WHMP2PsO6
o1iIOXQ6kGK5oK4jLVsH2hfJyVqY0JFo/xXSRZTdqlpKdH+EfPkOAM3ZahraRjLA
Le6XXji9k6nrFLgRhQjG6yW3BNAN31Jy0k8rVX87onRL1QtBR1QkD5aswtxpmd02
VP/Jws0x3qLSDLECAwEAAaNjMGEwHQYDVR0OBBYEFNetsGSEVlJpBke7gn6RyqBg
eo+eMB8GA1UdIwQYMBaAFNetsGSEVlJpBke7gn6RyqBgeo+eMA8GA1UdEwEB/wQF
MAMBAf8wDgYDVR0PAQH/BAQDAgEGMA0GCSqGSIb3DQEBCwUAA4IBAQAfopl3WqF1
NaWdXarHBwe6KWybx6nD6BsooJ+8RI7vLjwJ2dn4SNuHqiYlcvgu6bIyPB6BW9rX
q8Q1j/pyD6wZuAqgN/1m+dPXnOqkaWznv+do6hEQmqTLmPOrbILsEb1mOY2m8Emw
EP+VSZnpLML61kd++avI2tbd96sjrBu5yKN6NmUsYPURkBHNLxwa9mILPX6aGkz8
3dv1chVJbZr9wK40vaVDzgTP4cZMF9zARnkknvoMp84bKisoRbWLB9ua2aFUpAKX
VBWkDZMMFrhP8YYnuhd/nEfFJE8e4x2IaUnwpmR8sGJuIrPdtbJJXX9Ylg9eo1iz
KCg+7+XckeHG
-----END CERTIFICATE-----
'
case "$NODE" in
  node1)
    if ! rpm -q rabbitmq-server erlang >/dev/null 2>&1; then
      cat > /etc/yum.repos.d/rabbitmq.repo <<'REPO'
[rabbitmq_erlang]
name=RabbitMQ Erlang (el/9 build)
baseurl=https://packagecloud.io/rabbitmq/erlang/el/9/$basearch
repo_gpgcheck=1
gpgcheck=0
enabled=1
gpgkey=https://packagecloud.io/rabbitmq/erlang/gpgkey
sslverify=1
metadata_expire=300

[rabbitmq_rabbitmq-server]
name=RabbitMQ server (el/9 build)
baseurl=https://packagecloud.io/rabbitmq/rabbitmq-server/el/9/$basearch
repo_gpgcheck=1
gpgcheck=0
enabled=1
gpgkey=https://packagecloud.io/rabbitmq/rabbitmq-server/gpgkey
sslverify=1
metadata_expire=300
REPO
      # the el/9 Erlang's crypto needs a newer OpenSSL than RHEL 10.0 ships (EVP_MD_CTX_get_size_ex)
      dnf -y -q upgrade openssl-libs >/dev/null
      # RabbitMQ's own Erlang, not EPEL's split one (which drags in wxGTK and a desktop stack)
      dnf -y -q install --disablerepo='epel*' erlang rabbitmq-server >/dev/null
    fi
    install -d -m 755 /srv/pki/mq
    printf '%s\n' "$CA_PEM" | sed '/^$/d' > /srv/pki/mq/ca.crt
    cat > /srv/pki/mq/mq.internal.crt <<'PEM'
-----BEGIN CERTIFICATE-----
MIIDhzCCAm+gAwIBAgIUcN7+/SuuwEHI2R0FMyPznwzchPQwDQYJKoZIhvcNAQEL
BQAwOjEVMBMGA1UECgwMRXhhbXBsZSBDb3JwMSEwHwYDVQQDDBhFeGFtcGxlIENv
cnAgSW50ZXJuYWwgQ0EwHhcNMjYxMjAzMDkzMTEzWhcNNDYxMTI4MDkzMTEzWjAt
MRUwEwYDVQQKDAxFeGFtcGxlIENvcnAxFDASBgNVBAMMC21xLmludGVybmFsMIIB
IjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA5IF5ZNG6ebbUqjcp1FKddP8U
Ih7XRenkucVrnriDI5BGSZYsPgNA2t4TGibBWlainINCaViMfpnXcN9ObImvTHfw
flTWydKz6LjNNV1Hp+fb9Njt3bdOi5rrPRNNUTco6b0b+ExMgyUy+5Ev5rJJqdAd
gKHRbU2L4BYkGY7tkEDYxCfNSko43dWdYkjiP3qs0nHK4Yefg0SYCJd+W90UtB9D
AANGEQIHv2pMa/F0wGVQ/hhYUBE3FZEAQsXY1A3KyxiXsrpINWl+EsCFJu/lEw8p
mdg5fjDMrFw1oYKJpFw2cIhZM55w+FbjSm/vQGhC/E4M3EAbgmXxxjbqwK8JEwID
AQABo4GRMIGOMAkGA1UdEwQCMAAwDgYDVR0PAQH/BAQDAgWgMBMGA1UdJQQMMAoG
CCsGAQUFBwMBMBwGA1UdEQQVMBOCC21xLmludGVybmFshwQKZAALMB0GA1UdDgQW
BBQf6SC2ryM4jkcMQg2FW/dgky3//TAfBgNVHSMEGDAWgBTXrbBkhFZSaQZHu4J+
kcqgYHqPnjANBgkqhkiG9w0BAQsFAAOCAQEAfDZ+ptJ9XsuiPCTnLnLhSWQL+rkr
tLCI+KOcPLhQuYFGKJM3+DiFGTLCYCwbK3A67njtZ6w0aiyBuJlUBK9eXWtQbynN
vTKwTulc6xv7I+91Q/DYHXSknL6RRbmYw+BEzwzH6z57faC/5HPZSkFVY3D1UyAM
qqXx72+S1efvfRjEMtckXFNv8RZTroLuJe79gPW9fVG8Z1JQBOo4mJlibtgmaoQy
Z1hURi8OtM3NQClw0gLF3jgPX3dsOGiTG095ix+3LgvYUHTIS5SyLfkp8He/XjFm
CfCY8ykey+i6dtiAG0ub/U7pbtvkaufGnsnVnxbMTBD5ZQM1+0VRxbOVYQ==
-----END CERTIFICATE-----
PEM
    cat > /srv/pki/mq/mq.internal.key <<'PEM'
-----BEGIN PRIVATE KEY-----
MIIEvAIBADANBgkqhkiG9w0BAQEFAASCBKYwggSiAgEAAoIBAQDkgXlk0bp5ttSq
NynUUp10/xQiHtdF6eS5xWueuIMjkEZJliw+A0Da3hMaJsFaVqKcg0JpWIx+mddw
305sia9Md/B+VNbJ0rPouM01XUen59v02O3dt06Lmus9E01RNyjpvRv4TEyDJTL7
kS/mskmp0B2AodFtTYvgFiQZju2QQNjEJ81KSjjd1Z1iSOI/eqzSccrhh5+DRJgI
l35b3RS0H0MAA0YRAge/akxr8XTAZVD+GFhQETcVkQBCxdjUDcrLGJeyukg1aX4S
wIUm7+UTDymZ2Dl+MMysXDWhgomkXDZwiFkznnD4VuNKb+9AaEL8TgzcQBuCZfHG
NurArwkTAgMBAAECggEAKwBGhPeG3RLP8HxTDdbCNNsvwcAGCO0cEu2Y9BSK8S1c
XMq65qycDtQNyjUS29pD3apB3CtCvSxcQ6xySLCcYYqMoml6xh41pwzn6Sv1qR5T
4T7VfIzbZiAwNp0kRq1XsKzaz54kI+XjMz4+Qm64uBEnDCbnj2cxdGkWQA0KncOL
PdRVBW/fI3ueBLTokg8KaR4LpoJZXbgqW1m9rCA89P6ASDE6DIWq/Q/otzQEnGmT
AY38fmQ02s6EGRO76SvWKloJ908+OcfJ0F38l4WxnX3HBZwT6zD4LQYZkqiyybF6
oGzdwEbFbniFekD23MgulpqwuSaa5gngrWZIvut8cQKBgQD0yGW1tE86IYiCUxPL
N2ok4Xx4fES3HBdFwM7Os1v07ofmiKR3mrGCyJIceFEvuuA+Pj/SGb4v1Wo4JKKm
Hmp7irQ0MHE/Y6bsBkaahv8R2O8STjLiz3DlRpmkOi7XouQZrhNxamWIgxh9HHAm
tMqp1SzzwRLkhHNdYJk/FDHJKwKBgQDu+iCP0Slqz8GAmPRXlmKDPy7jABHHIKyV
O5jsUFmUZwLrfZZD2ZpHwaqWjYFtl9rlZFkC1NALZtsvf2OWaKzPN2u1nh3TzgCv
UDYlC8oxYN8Bk0b8UgdtDdOI+yz5QepFXObRYst7RPvkzdJCmooJhEL3m23kwkZi
A19QBqd7uQKBgFY8AxjwXLjt91lySxbcfthfV6panRqlGs3IDxNivJKdNeNRYB+C
r+aTImZFPNTD0Rwccf9ick4HsVP2FBbRwFGlm7aHGl5qjPO5gkYOKO3wrsiUI/kj
e3JKXPYuSTJOgG1Lli3ufbaJ+KaazifUqVELeLqm2jEHOF09Gr/OLXvhAoGAD92d
Uc8CH+xBHYeKGVKLockNFNcJVx4NNy8ovO+sstSP9hB1bHXC72alK6+jWyJMzxP1
cOGuGkOu451igDbc2jkEtp8Tvd8cXodFwPniZ5rV02XyvYe4pH3ZgGuklbvRkN9V
F6umdL2kt5EOl4tpBK66P3QbPKfFQnaU2lxGvEkCgYBquV3SSL4xOnpFDAXMEKqZ
rZqOHaAK+gPCLmzOtA8+C5fw8+0YuqDpOrNJ8nF2IT/6lrJQaoO7ms20DxLjr+NJ
ABzbONApxcBFOY7p7RzA97jEFpvYscorXSxPnmCeJHCXtR0mFnup4mz76yYVQIaT
DhJ/g35jCrUijYRP+L2MYQ==
-----END PRIVATE KEY-----
PEM
    chmod 644 /srv/pki/mq/ca.crt /srv/pki/mq/mq.internal.crt
    chmod 600 /srv/pki/mq/mq.internal.key
    systemctl enable rabbitmq-server.service
    systemctl start rabbitmq-server.service
    timeout 600 rabbitmqctl await_startup --timeout 600 >/dev/null
    # the family's firewall runs (catalog: firewalld), and the stock broker is reachable from
    # other machines as on Debian: its 5672/tcp is open in the default zone (5671 is not)
    rpm -q firewalld >/dev/null 2>&1 || dnf -y -q install firewalld >/dev/null
    systemctl enable --now firewalld.service
    firewall-cmd --permanent --add-port=5672/tcp >/dev/null
    firewall-cmd --reload >/dev/null
    ;;
  node2)
    command -v nc >/dev/null || dnf -y -q install nmap-ncat >/dev/null
    # the openssl CLI is not in every EL image (missing on the study's RHEL 10.0 nodes)
    command -v openssl >/dev/null || dnf -y -q install openssl >/dev/null
    if ! python3 -c 'import pika' 2>/dev/null; then
      if ! rpm -q epel-release >/dev/null 2>&1; then
        # Alma and CentOS Stream carry epel-release; RHEL does not
        dnf -y -q install epel-release >/dev/null 2>&1 \
          || dnf -y -q install "https://dl.fedoraproject.org/pub/epel/epel-release-latest-$(rpm -E '%{rhel}').noarch.rpm" >/dev/null
      fi
      # EPEL's package; where EPEL lacks it, the same client from PyPI (vendor index too)
      dnf -y -q install python3-pika >/dev/null 2>&1 \
        || { dnf -y -q install python3-pip >/dev/null && python3 -m pip install -q pika; }
    fi
    printf '%s\n' "$CA_PEM" | sed '/^$/d' > /etc/pki/ca-trust/source/anchors/example-internal-ca.crt
    update-ca-trust extract
    ;;
esac
