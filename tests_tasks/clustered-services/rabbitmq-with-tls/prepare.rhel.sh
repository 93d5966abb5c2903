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
# The PEMs are prepare.sh's (./pki.sh; 20-year validity); the CA key is not shipped.
set -euo pipefail
. tasklib/rabbitmq.sh
. ./pki.sh
case "$NODE" in
  node1)
    if ! rpm -q rabbitmq-server erlang >/dev/null 2>&1; then
      rabbitmq_install_packagecloud
    fi
    pki_files
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
