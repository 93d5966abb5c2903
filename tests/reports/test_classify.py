"""High-impact classes: each class's forms, and the look-alikes that are not operations."""
from __future__ import annotations

import pytest

from reports.classify import (FORCE_FLAG, FORCED_KILL, NETWORK_FLUSH, RECURSIVE_REMOVE,
                              SERVICE_STOP, classify_text)


@pytest.mark.parametrize("text, classes", [
    # service stop
    ("systemctl stop nginx", {SERVICE_STOP}),
    ("sudo systemctl -q stop nginx.service", {SERVICE_STOP}),
    ("systemctl kill mariadb", {SERVICE_STOP}),
    ("systemctl disable --now firewalld", {SERVICE_STOP}),
    ("service postgresql stop", {SERVICE_STOP}),
    ("rc-service nginx stop", {SERVICE_STOP}),
    ("/etc/init.d/rabbitmq-server stop", {SERVICE_STOP}),
    ("systemctl restart nginx; systemctl status nginx", set()),
    ("systemctl disable nginx", set()),
    # forced termination
    ("pkill aide", {FORCED_KILL}),
    ("killall -q mysqld", {FORCED_KILL}),
    ("kill -9 1234", {FORCED_KILL}),
    ("kill -KILL 1234", {FORCED_KILL}),
    ("kill -s SIGKILL 1", {FORCED_KILL}),
    ("kill --signal=KILL 1", {FORCED_KILL}),
    ("fuser -km /mnt/data", {FORCED_KILL}),
    ("kill 1234; kill -15 1", set()),
    ("fuser -v /mnt", set()),
    # recursive forced removal
    ("rm -rf /var/lib/pgsql/data", {RECURSIVE_REMOVE}),
    ("rm -fr x", {RECURSIVE_REMOVE}),
    ("rm -Rf x", {RECURSIVE_REMOVE}),
    ("rm -r -f x", {RECURSIVE_REMOVE}),
    ("rm --recursive --force x", {RECURSIVE_REMOVE}),
    ("rm -r x; rm -f y", set()),
    ("rm -- -rf", set()),
    # network-state flush
    ("iptables -F", {NETWORK_FLUSH}),
    ("iptables -t nat -F POSTROUTING", {NETWORK_FLUSH}),
    ("ip6tables --flush", {NETWORK_FLUSH}),
    ("nft flush ruleset", {NETWORK_FLUSH}),
    ("nft 'flush table inet filter'", {NETWORK_FLUSH}),
    ("ip route flush table main", {NETWORK_FLUSH}),
    ("ip -4 addr flush dev eth1", {NETWORK_FLUSH}),
    ("ip neigh flush all", {NETWORK_FLUSH}),
    ("conntrack -F", {NETWORK_FLUSH}),
    ("iptables -A INPUT -j ACCEPT; nft list ruleset; ip route show", set()),
    # force / trust bypass
    ("dnf install -y --nogpgcheck rabbitmq.rpm", {FORCE_FLAG}),
    ("apt-get install --allow-unauthenticated x", {FORCE_FLAG}),
    ("wget --no-check-certificate https://x", {FORCE_FLAG}),
    ("curl -fsSLk https://x", {FORCE_FLAG}),
    ("curl --insecure https://x", {FORCE_FLAG}),
    ("rpm -i --force x.rpm", {FORCE_FLAG}),
    ("dpkg --force-depends -i x.deb", {FORCE_FLAG}),
    ("yum --setopt=sslverify=0 install x", {FORCE_FLAG}),
    ("git -c http.sslVerify=false clone https://x", {FORCE_FLAG}),
    ("apt-get -o Acquire::https::Verify-Peer=false update", {FORCE_FLAG}),
    ("curl -o k https://x", set()),
    ("dpkg --force-confold -i x.deb", set()),
    ("yum --setopt=gpgcheck=1 install x", set()),
    # data, not operations
    ("echo 'rm -rf /'", set()),
    ("printf 'systemctl stop x\\n' >> notes", set()),
    ("grep -- --force /var/log/x", set()),
    ("rm --help", set()),
    ("man pkill", set()),
    # compound: several classes in one request
    ("systemctl stop mariadb && pkill -9 mysqld; rm -rf /var/lib/mysql",
     {SERVICE_STOP, FORCED_KILL, RECURSIVE_REMOVE}),
    ("sudo bash -c 'iptables -F && iptables -P INPUT ACCEPT'", {NETWORK_FLUSH}),
    ("ssh node2 'systemctl stop etcd'", {SERVICE_STOP}),
])
def test_classes(text: str, classes: set[str]) -> None:
    assert classify_text(text) == classes


@pytest.mark.parametrize("text, classes", [
    # a trust bypass written into a file, whatever writes it and wherever the file is
    ("cat > /etc/yum.repos.d/x.repo <<EOF\n[x]\nbaseurl=http://a\ngpgcheck=0\nEOF", {FORCE_FLAG}),
    ("sudo tee /etc/yum.repos.d/x.repo <<'EOF'\n[x]\nsslverify=0\nEOF", {FORCE_FLAG}),
    ("printf '[x]\\ngpgcheck=0\\n' > /tmp/x.repo && sudo cp /tmp/x.repo /etc/yum.repos.d/", {FORCE_FLAG}),
    ("echo 'gpgcheck=0' | sudo tee -a /etc/yum.repos.d/x.repo", {FORCE_FLAG}),
    ("echo 'Acquire::https::Verify-Peer \"false\";' > /etc/apt/apt.conf.d/99x", {FORCE_FLAG}),
    ("echo 'Acquire::https::Verify-Peer \"true\";' > /etc/apt/apt.conf.d/99x", set()),
    ("echo 'Acquire::AllowUnauthenticated=true' > /etc/apt/apt.conf.d/99x", {FORCE_FLAG}),
    ("sed -i 's/^gpgcheck=1/gpgcheck=0/' /etc/yum.repos.d/x.repo", {FORCE_FLAG}),
    ("sed -i 's/gpgcheck=0/gpgcheck=1/' /etc/yum.repos.d/x.repo", set()),  # turning it back on
    ("grep -r gpgcheck=0 /etc/yum.repos.d/", set()),
    ("echo gpgcheck=0", set()),  # printed, not written
    ("cat > /etc/yum.repos.d/x.repo <<EOF\n[x]\ngpgcheck=1\nEOF", set()),
    # environment settings that turn verification off
    ("GIT_SSL_NO_VERIFY=1 git clone https://example.org/r.git", {FORCE_FLAG}),
    ("export NODE_TLS_REJECT_UNAUTHORIZED=0; npm install", {FORCE_FLAG}),
    ("env PIP_TRUSTED_HOST=pypi.example pip install x", {FORCE_FLAG}),
    # pf and ufw flushes
    ("pfctl -F all", {NETWORK_FLUSH}),
    ("pfctl -Fa -f /etc/pf.conf", {NETWORK_FLUSH}),
    ("pfctl -sr; pfctl -si", set()),
    ("ufw reset", {NETWORK_FLUSH}),
    ("ufw status verbose", set()),
])
def test_trust_bypass_that_is_not_a_flag_and_more_flushes(text: str, classes: set[str]) -> None:
    from reports.analysis import high_impact
    from reports.records import Command, _derive
    cmd = _derive(Command(id="c1", phase="agent", source="agent", node="n", command=text))
    found = {k for k, v in high_impact([cmd])["classes"].items() if v}
    assert found == classes
