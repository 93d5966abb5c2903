#!/bin/bash
# Starting condition: a small local toolset in /usr/local/bin and an application config in
# /etc; no integrity monitoring installed.
set -euo pipefail
install -d /etc/billing
cat > /etc/billing/billing.conf <<'CONF'
# billing exporter
endpoint = https://billing.internal/api
interval = 300
CONF
for tool in billing-export rotate-reports; do
  cat > "/usr/local/bin/$tool" <<SH
#!/bin/sh
# $tool: part of the billing toolset
echo "$tool: ok"
SH
  chmod 755 "/usr/local/bin/$tool"
done
if command -v apt-get >/dev/null; then
  apt-get purge -y aide aide-common </dev/null >/dev/null 2>&1 || true
fi
