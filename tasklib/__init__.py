"""The task author's library: what the checks of many tasks share, and the shell helpers their
scripts include (docs/tasks.md, "The task author's library").

Python (import the module a check needs, `from tasklib import galera`): each helper takes the
testinfra hosts a check receives (parameters named after nodes) and asserts with a message that
says what is wrong, on which node.

    dhcp        the lease a node's own DHCP client takes on an interface (lease, lease_script)
    etcd        etcdctl v3 on a node against any client endpoints; waiting for a healthy endpoint
    galera      SQL on MariaDB Galera nodes, wsrep status, a whole cluster, each node rejoining
    http        the JSON document a URL answers with, asked with curl on a node, with headers of
                the check's choosing (get_json)
    login       a command in a new su session of an account (su, how); an account made for the
                length of a check, in given groups (new_account): the newcomer a rule must cover
    lvm         the logical volume a path is mounted from (assert_mounted_lv)
    mirror      a tree and its copy on another node: listings to compare, the copy job run as
                its timer would, waiting for a change to arrive
    postgresql  SQL as the postgres superuser; waiting for the server, or for a query's value
    route       a route on a node for the length of a with block (temporary)
    systemd     the main PID of a service (main_pid; 0 when it has none), the ports it listens on
                (main_ports), the PID listening on a port (listener_pid)

Shell (`tasklib/sh/`): a prepare, solution or wrong-solution script includes one with a line
`. tasklib/<name>.sh`; the harness inlines it, so the recorded script is whole (agents/_scripts).

    dnsmasq.sh       dnsmasq_apply: test the config, enable, restart, fail unless active;
                     dnsmasq_lan_dhcp: the office LAN's DHCP-only settings
    etcd.sh          etcd members: the upstream build (EL), firewalld, the members' settings, a fresh
                     member, start, health
    firewalld-on.sh  firewalld_on: firewalld installed where missing, running, enabled (EL)
    flat-repo.sh     flat_repo DIR LIST: the .debs in a folder as a trusted flat APT repository
    fstab-volume.sh  fstab_volume DEVICE LABEL DIR [OPTIONS]: an ext4 data volume (formatted once)
                     mounted on DIR from an /etc/fstab line by its label
    galera.sh        Galera nodes: install (an EL node ready: galera_el_node), firewalld, peers,
                     settings, the shop data, Synced
    http-handoff.sh  handoff_put/serve/fetch/stop: public files (key, CSR, certificate) handed
                     from node to node once over HTTP on the private network (through firewalld
                     at runtime where it runs)
    https-app.sh     https_app NAME: a small HTTPS service from a route table, reloads on SIGHUP;
                     https_cert: its certificate from a local CA, for any dates
    install-pkgs.sh  install_pkgs PKG...: apt-get install, quiet, update only when needed
    ip-forward.sh    ip_forward_persistent: IPv4 forwarding on now and at boot
    nginx-site.sh    nginx_only_site NAME: a site on stdin enabled in place of nginx's default,
                     tested, nginx enabled and restarted
    nftables.sh      nftables_apply: check /etc/nftables.conf, enable and restart nftables.service
    postgresql.sh    PostgreSQL: psql as the superuser, install, the layout, the ledger, waiting for
                     the server and for streaming
    rabbitmq.sh      RabbitMQ's packagecloud repositories and install on the rhel family
    rrsync-el.sh     el_rrsync_install, ssh_labels: rsync-rrsync from dnf; SELinux labels of ~/.ssh
    rrsync.sh        rrsync_install: rsync and $RRSYNC, its restricted-rsync script
    ssh-job.sh       ssh_job_key/authorize/trust/command/service/timer: a root job on node1 that
                     reaches node2 with a dedicated key restricted to rrsync there
    ssh-root-trust.sh  trust_host_key ADDR, authorize_root_key COMMENT LINE: root's SSH trust
    sshd-restart.sh  sshd_restart (ssh.service or sshd.service), sshd_listening
    static-site.sh   static_site UNIT PORT DIR DESC PAGE [ADDRESS]: a page served by python3 -m
                     http.server
    sudoers.sh       sudoers_install FILE: sudoers lines from stdin installed as FILE only if visudo
                     accepts them (staged under a name sudo skips)
    vyos.sh          vyos_configure (set lines on stdin, committed and saved), vyos_rule PATH N KEY
                     VALUE...: one firewall or NAT rule's set lines
    wg-exchange.sh   wg_private, wg_keypair, wg_exchange_serve/swap/wait: WireGuard keys swapped,
                     privates stay

This package imports nothing of opsbench: task modules may use it without pulling in the harness.
"""
