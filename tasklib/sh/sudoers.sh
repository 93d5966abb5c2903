#!/bin/bash
# sudoers_install FILE: the sudoers lines on stdin installed as FILE (0440), only if visudo
# accepts them. They are staged beside FILE under a dotted name, which sudo's #includedir skips,
# so a rejected draft never becomes policy; afterwards the whole policy is checked again.
sudoers_install() {
  local draft
  draft=$(mktemp "$(dirname "$1")/.draft-XXXXXX")
  cat > "$draft"
  chmod 0440 "$draft"
  if ! visudo -cqf "$draft"; then
    echo "sudoers_install: visudo rejects the lines for $1" >&2
    rm -f "$draft"
    return 1
  fi
  mv -f "$draft" "$1"
  visudo -cq
}
