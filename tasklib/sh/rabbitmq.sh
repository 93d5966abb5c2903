#!/bin/bash
# RabbitMQ on the RabbitMQ tasks' nodes.

# rabbitmq_install_packagecloud: (rhel family, which ships neither rabbitmq-server nor a recent
# enough Erlang) RabbitMQ's packagecloud repositories for erlang and rabbitmq-server (their el/9
# builds, which also install on EL10) in /etc/yum.repos.d/rabbitmq.repo, and both installed from
# them, not from EPEL
rabbitmq_install_packagecloud() {
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
}
