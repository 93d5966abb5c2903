#!/bin/bash
# The reference solution's steps, included by it and by the wrong solutions that keep them.
# pwquality_installed: libpam-pwquality and cracklib-runtime (only a Recommends of libpwquality1,
# but without its dictionary the dictionary check refuses every password), dictionary built.
pwquality_installed() {
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends libpam-pwquality \
    cracklib-runtime >/dev/null
  test -e /var/cache/cracklib/cracklib_dict.pwd || update-cracklib
}

# site_policy: the pwquality drop-in: at least 12 characters from at least 3 classes, no credits.
site_policy() {
  install -d /etc/security/pwquality.conf.d
  cat > /etc/security/pwquality.conf.d/50-site-policy.conf <<'CONF'
minlen = 12
minclass = 3
dcredit = 0
ucredit = 0
lcredit = 0
ocredit = 0
CONF
}

# new_account_ageing: login.defs makes accounts created from now on change their password every
# 90 days, warned 14 days before.
new_account_ageing() {
  sed -i -E 's/^(PASS_MAX_DAYS)\s+.*/\1\t90/; s/^(PASS_WARN_AGE)\s+.*/\1\t14/' /etc/login.defs
}
