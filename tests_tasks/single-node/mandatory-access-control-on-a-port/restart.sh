#!/bin/bash
# restart_docserver: docserver restarted; the script ends, successfully once port 8181 serves
# the handbook (within 20 s), else with docserver's last journal lines and a failure
restart_docserver() {
  systemctl restart docserver.service
  for i in $(seq 1 100); do curl -sf http://127.0.0.1:8181/ | grep -q 'Operations handbook' && exit 0; sleep 0.2; done
  journalctl -u docserver -n 20 --no-pager
  exit 1
}
