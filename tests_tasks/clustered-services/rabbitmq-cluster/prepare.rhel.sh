#!/bin/bash
# Written, NOT validated (rhel family: alma9, centos-stream10, rhel98, rhel100).
# Starting condition, as prepare.sh: rabbitmq-server and python3-pika installed on every node; each
# node runs the stock standalone broker (its own random Erlang cookie, node name rabbit@<hostname>).
# firewalld stays as the image ships it (on where the image has it: it drops epmd and 25672).
# VENDOR REPOSITORIES: no EL release ships rabbitmq-server or Erlang (EPEL 9 has an Erlang, EPEL 10
# none), so this needs RabbitMQ's packagecloud repositories (erlang, rabbitmq-server; their el/9
# builds, which also install on EL10) and EPEL (python3-pika; else PyPI's pika), besides the image's
# own repositories (RHEL: a subscription). None of them goes through the lab's package cache,
# which serves apt only.
set -euo pipefail
. tasklib/rabbitmq.sh
if ! rpm -q rabbitmq-server erlang >/dev/null 2>&1 || ! python3 -c 'import pika' 2>/dev/null; then
  major=$(rpm -E '%{rhel}')
  if ! rpm -q epel-release >/dev/null 2>&1; then
    # Alma and CentOS Stream carry epel-release; RHEL does not
    dnf -y -q install epel-release >/dev/null 2>&1 \
      || dnf -y -q install "https://dl.fedoraproject.org/pub/epel/epel-release-latest-${major}.noarch.rpm" >/dev/null
  fi
  rabbitmq_install_packagecloud
  if ! python3 -c 'import pika' 2>/dev/null; then
    # EPEL's package; where EPEL lacks it, the same client from PyPI (vendor index too)
    dnf -y -q install python3-pika >/dev/null 2>&1 \
      || { dnf -y -q install python3-pip >/dev/null && python3 -m pip install -q pika; }
  fi
fi
systemctl enable rabbitmq-server.service
systemctl start rabbitmq-server.service
timeout 600 rabbitmqctl await_startup --timeout 600 >/dev/null
