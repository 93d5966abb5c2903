"""A small POSIX-shell reader: command text → the simple commands it would run.

Classifiers look at what would be *executed*, not at raw text: `echo 'rm -rf /'` runs echo,
`# systemctl stop x` runs nothing, `sudo bash -c 'pkill -9 x'` runs pkill. So this module
tokenizes with quoting, splits lists and pipelines, strips wrappers (sudo, env, VAR=x, nohup,
timeout, xargs, …) and reads into `bash -c`/`sh -c`/`su -c`/`eval`/`ssh host cmd`/`find -exec`
strings and `$(…)`/backtick substitutions. A heredoc body is data, except when it is fed to a
shell (or to ssh with no remote command), where it is a script.

`parse` never raises: malformed input (unbalanced quotes, stray operators) is read as far as it
makes sense; nesting deeper than `MAX_DEPTH` is not followed.
"""
from __future__ import annotations

import re
from typing import NamedTuple

import msgspec

MAX_DEPTH = 6

SHELLS = frozenset({"bash", "sh", "dash", "ash", "zsh", "ksh", "mksh"})

# Words that open or close shell syntax rather than name a program.
_RESERVED = frozenset({"if", "then", "else", "elif", "fi", "do", "done", "while", "until",
                       "esac", "!", "{", "}", "time", "function", "coproc"})
# Headers whose words are not a command (`for x in a b`, `case $x in`).
_HEADERS = frozenset({"for", "select", "case"})

_OPERATORS = re.compile(r";;&|;;|;&|&&|\|\||\|&|&>>|&>|>>|>&|<&|<<<|<<-|<<|<>|>\||[;&|()<>\n]")
_PLAIN = re.compile(r"[^\s'\"\\$`;&|()<>]+")
_BLANKS = re.compile(r"[ \t\r\f\v]+")
_ASSIGNMENT = re.compile(r"[A-Za-z_][A-Za-z0-9_]*\+?=")
_REDIRECTS = frozenset({">", ">>", "<", "&>", "&>>", ">&", "<&", "<>", ">|", "<<<", "<<", "<<-"})


class SimpleCommand(msgspec.Struct, frozen=True):
    """One simple command as it would run. (A msgspec struct: made by the hundred thousand.)"""
    argv: tuple[str, ...]  # program and arguments, wrappers stripped, quotes removed
    wrappers: tuple[str, ...] = ()  # stripped prefixes in order, e.g. ("sudo", "nohup")
    background: bool = False  # `&`, nohup, setsid, systemd-run, screen/tmux -d
    redirects: tuple[tuple[str, str], ...] = ()  # (operator, target), e.g. (">", "/tmp/x.log")
    stdin_text: str | None = None  # heredoc body or here-string
    depth: int = 0  # 0 top level; >0 inside bash -c, $(…), ssh, …
    name: str = ""  # program basename (`/usr/bin/rm` → `rm`), derived from argv[0]

    def __post_init__(self) -> None:
        # stored, not a property: every classifier asks for it, hundreds of thousands of times
        if not self.name and self.argv:
            msgspec.structs.force_setattr(self, "name", self.argv[0].rsplit("/", 1)[-1])

    @property
    def args(self) -> tuple[str, ...]:
        return self.argv[1:]


class _Word(NamedTuple):  # tuples: tokens are made by the hundred thousand
    value: str
    subs: tuple[str, ...]  # command-substitution texts inside the word
    quoted: bool


class _Op(NamedTuple):
    op: str
    heredoc: str | None = None  # body, for << and <<- (filled in at the newline)


def parse(text: str) -> tuple[SimpleCommand, ...]:
    """All simple commands `text` would run, in order."""
    out: list[SimpleCommand] = []
    _parse_into(text if isinstance(text, str) else "", 0, False, out)
    return tuple(out)


def _parse_into(text: str, depth: int, background: bool, out: list[SimpleCommand],
                stdin_text: str | None = None) -> None:
    """`stdin_text`: what the script's first command reads (a heredoc given to `ssh host sudo
    bash`, for instance)."""
    if depth > MAX_DEPTH or not text:
        return
    tokens = _tokenize(text)
    _build(tokens, depth, background, out, stdin_text)


# ---------------------------------------------------------------- tokenizer

# Most commands have no heredoc, substitution or ANSI-C quote: two regex passes in C tokenize
# them (one checks the whole text is made of known tokens, one lists them). Anything else goes to
# the full tokenizer below; both give the same tokens (a property test holds them to it).
_OP_RE = r";;&|;;|;&|&&|\|\||\|&|&>>|&>|>>|>&|<&|<>|>\||[;&|()<>\n]"
# possessive quantifiers: a text that does not fit fails fast instead of backtracking
_WORD_RE = (r"""(?:[^\s'"\\$`;&|()<>]++|'[^']*+'|"(?:[^"\\$`]|\\[\s\S]|\$(?![({]))*+"|\\[\s\S]"""
            r"""|\$\{[^}'"\\]*+\}|\$(?![('{]))++""")
_BLANK_RE = r"[ \t\r\f\v]*+"
_FAST_WHOLE = re.compile(rf"(?:{_BLANK_RE}(?:{_OP_RE}|\#[^\n]*+|{_WORD_RE}))*+{_BLANK_RE}")
# groups: fd (digits glued to a redirect), op, word; comments match with all groups empty
_FAST_PARTS = re.compile(rf"{_BLANK_RE}(?:(\d+)(?=[<>])|({_OP_RE})|\#[^\n]*|({_WORD_RE}))")
_HARD = re.compile(r"<<|\$\(|`|\$'|<\(|>\(|\\\n")  # … and line continuations
_QUOTED_PART = re.compile(r"'([^']*)'|\"((?:[^\"\\]|\\[\s\S])*)\"|\\([\s\S])")
_DQ_ESCAPE = re.compile(r'\\([$`"\\\n])')


def _unquote_part(m: re.Match[str]) -> str:
    if m.group(1) is not None:
        return m.group(1)
    if m.group(2) is not None:
        return _DQ_ESCAPE.sub(lambda e: "" if e.group(1) == "\n" else e.group(1), m.group(2))
    return "" if m.group(3) == "\n" else m.group(3)


def _fast_tokenize(s: str) -> list[_Word | _Op] | None:
    if _HARD.search(s) is not None or _FAST_WHOLE.fullmatch(s) is None:
        return None
    tokens: list[_Word | _Op] = []
    for fd, op, word in _FAST_PARTS.findall(s):
        if op:
            tokens.append(_Op(op))
        elif word:
            if "'" in word or '"' in word or "\\" in word:
                tokens.append(_Word(_QUOTED_PART.sub(_unquote_part, word), (), True))
            else:
                tokens.append(_Word(word, (), False))
    return tokens


def _tokenize(s: str) -> list[_Word | _Op]:
    fast = _fast_tokenize(s)
    if fast is not None:
        return fast
    return _slow_tokenize(s)


def _slow_tokenize(s: str) -> list[_Word | _Op]:
    tokens: list[_Word | _Op] = []
    pending: list[tuple[int, str, bool]] = []  # heredocs awaiting their body: (token idx, delim, strip tabs)
    i, n = 0, len(s)
    while i < n:
        m = _BLANKS.match(s, i)
        if m:
            i = m.end()
            continue
        c = s[i]
        if c == "\\" and s.startswith("\\\n", i):  # line continuation between words
            i += 2
            continue
        if c == "#":  # a comment: '#' at the start of a word
            j = s.find("\n", i)
            i = n if j < 0 else j
            continue
        m = _OPERATORS.match(s, i)
        if m and not (c in "<>" and _is_process_substitution(s, i)):
            op = m.group()
            i = m.end()
            if op == "\n":
                tokens.append(_Op("\n"))
                if pending:
                    i = _read_heredocs(s, i, pending, tokens)
                continue
            tokens.append(_Op(op))
            if op in ("<<", "<<-"):
                word, i = _read_word(s, i)
                if word is not None:
                    tokens.append(word)
                    pending.append((len(tokens) - 2, word.value, op == "<<-"))
            continue
        word, i = _read_word(s, i)
        if word is None:  # defensive: never loop without progress
            i += 1
            continue
        # `2>file`: a word of digits glued to a redirect operator is a file descriptor
        if i < n and s[i] in "<>" and word.value.isdigit() and not word.quoted:
            continue
        tokens.append(word)
    if pending:  # unterminated heredoc at end of text: body is whatever followed
        _read_heredocs(s, n, pending, tokens)
    return tokens


def _is_process_substitution(s: str, i: int) -> bool:
    return s.startswith("<(", i) or s.startswith(">(", i)


def _read_heredocs(s: str, i: int, pending: list[tuple[int, str, bool]],
                   tokens: list[_Word | _Op]) -> int:
    """Consume the bodies of pending heredocs starting at `i`; attach each to its operator."""
    n = len(s)
    for idx, delim, strip_tabs in pending:
        lines: list[str] = []
        while i < n:
            j = s.find("\n", i)
            end = n if j < 0 else j
            line = s[i:end]
            i = n if j < 0 else j + 1
            if (line.lstrip("\t") if strip_tabs else line) == delim:
                break
            lines.append(line)
        tokens[idx] = _Op(tokens[idx].op, "\n".join(lines))  # type: ignore[union-attr]
    pending.clear()
    return i


def _read_word(s: str, i: int) -> tuple[_Word | None, int]:
    """Read one word starting at `i` (quotes removed); returns (word, end)."""
    n = len(s)
    parts: list[str] = []
    subs: list[str] = []
    quoted = False
    start = i
    while i < n:
        m = _PLAIN.match(s, i)
        if m:
            parts.append(m.group())
            i = m.end()
            continue
        c = s[i]
        if c == "'":
            j = s.find("'", i + 1)
            j = n if j < 0 else j
            parts.append(s[i + 1:j])
            i, quoted = j + 1, True
        elif c == '"':
            text, i = _read_double(s, i + 1, subs)
            parts.append(text)
            quoted = True
        elif c == "\\":
            if i + 1 < n:
                if s[i + 1] != "\n":
                    parts.append(s[i + 1])
                i += 2
            else:
                i += 1
            quoted = True
        elif c == "$":
            quoted = quoted or s.startswith("$'", i)
            i = _read_dollar(s, i, parts, subs)
        elif c == "`":
            j = _find_backtick(s, i + 1)
            subs.append(s[i + 1:j])
            parts.append(s[i:j + 1])
            i = j + 1
        elif c in "<>" and _is_process_substitution(s, i):
            inner, j = _balanced(s, i + 2)
            subs.append(inner)
            parts.append(s[i:j])
            i = j
        else:  # whitespace or an operator ends the word
            break
    if i == start:
        return None, i
    return _Word("".join(parts), tuple(subs), quoted), i


def _read_double(s: str, i: int, subs: list[str]) -> tuple[str, int]:
    """Body of a double-quoted string starting after the opening quote."""
    n = len(s)
    parts: list[str] = []
    while i < n:
        c = s[i]
        if c == '"':
            return "".join(parts), i + 1
        if c == "\\" and i + 1 < n:
            nxt = s[i + 1]
            if nxt in '"\\$`':
                parts.append(nxt)
            elif nxt != "\n":
                parts.append(c + nxt)
            i += 2
        elif c == "$":
            i = _read_dollar(s, i, parts, subs)
        elif c == "`":
            j = _find_backtick(s, i + 1)
            subs.append(s[i + 1:j])
            parts.append(s[i:j + 1])
            i = j + 1
        else:
            j = i + 1
            while j < n and s[j] not in '"\\$`':
                j += 1
            parts.append(s[i:j])
            i = j
    return "".join(parts), n


_ANSI_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", "\\": "\\", "'": "'", '"': '"', "a": "\a",
                 "e": "\x1b", "E": "\x1b", "0": "\0"}


def _read_dollar(s: str, i: int, parts: list[str], subs: list[str]) -> int:
    """`$(…)` (recorded as a substitution), `$((…))`, `${…}`, `$'…'`, or a plain `$`."""
    if s.startswith("$((", i):
        inner, j = _balanced(s, i + 2)
        parts.append(s[i:j])
        return j
    if s.startswith("$(", i):
        inner, j = _balanced(s, i + 2)
        subs.append(inner)
        parts.append(s[i:j])
        return j
    if s.startswith("${", i):
        j = s.find("}", i + 2)
        j = len(s) if j < 0 else j + 1
        parts.append(s[i:j])
        return j
    if s.startswith("$'", i):
        out: list[str] = []
        j, n = i + 2, len(s)
        while j < n and s[j] != "'":
            if s[j] == "\\" and j + 1 < n:
                out.append(_ANSI_ESCAPES.get(s[j + 1], s[j + 1]))
                j += 2
            else:
                out.append(s[j])
                j += 1
        parts.append("".join(out))
        return j + 1
    parts.append("$")
    return i + 1


def _find_backtick(s: str, i: int) -> int:
    n = len(s)
    while i < n:
        if s[i] == "\\":
            i += 2
            continue
        if s[i] == "`":
            return i
        i += 1
    return n


def _balanced(s: str, i: int) -> tuple[str, int]:
    """Text up to the `)` that closes an already-opened `(`; returns (inner, index after `)`)."""
    n = len(s)
    level = 1
    start = i
    while i < n:
        c = s[i]
        if c == "\\":
            i += 2
            continue
        if c == "'":
            j = s.find("'", i + 1)
            i = n if j < 0 else j + 1
            continue
        if c == '"':
            _, i = _read_double(s, i + 1, [])
            continue
        if c == "(":
            level += 1
        elif c == ")":
            level -= 1
            if level == 0:
                return s[start:i], i + 1
        i += 1
    return s[start:n], n


# ---------------------------------------------------------------- parser

def _build(tokens: list[_Word | _Op], depth: int, background: bool,
           out: list[SimpleCommand], stdin_text: str | None = None) -> None:
    words: list[_Word] = []
    redirects: list[tuple[str, str]] = []
    stdin: list[str] = [stdin_text] if stdin_text else []
    segment_start = len(out)  # first command of the current and-or list (for `&`)
    group_starts: list[int] = []  # saved segment starts of enclosing ( … )
    i, n = 0, len(tokens)
    while i < n:
        tok = tokens[i]
        if isinstance(tok, _Word):
            if not words and tok.value in ("{", "}") and not tok.quoted:
                i += 1
                continue
            words.append(tok)
            i += 1
            continue
        op = tok.op
        if op in _REDIRECTS:
            target = tokens[i + 1] if i + 1 < n and isinstance(tokens[i + 1], _Word) else None
            if target is not None:
                for sub in target.subs:  # type: ignore[union-attr]
                    _parse_into(sub, depth + 1, False, out)
                if op in ("<<", "<<-"):
                    stdin.append(tok.heredoc or "")
                elif op == "<<<":
                    stdin.append(target.value)  # type: ignore[union-attr]
                else:
                    redirects.append((op, target.value))  # type: ignore[union-attr]
                i += 2
            else:
                i += 1
            continue
        # a separator ends the simple command
        before = len(out)
        _emit(words, redirects, stdin, depth, background, out)
        piped = None
        if op in ("|", "|&") and len(out) > before and out[-1].depth == depth \
                and not any(w.subs for w in words):
            piped = _literal_output(out[-1])
        words, redirects, stdin = [], [], [piped] if piped else []
        if op == "&":
            for k in range(segment_start, len(out)):
                out[k] = _replace_background(out[k])
            segment_start = len(out)
        elif op in (";", "\n", ";;", ";&", ";;&"):
            segment_start = len(out)
        elif op == "(":  # a `&` inside the group backgrounds only what is inside it
            group_starts.append(segment_start)
            segment_start = len(out)
        elif op == ")" and group_starts:
            segment_start = group_starts.pop()
        i += 1
    _emit(words, redirects, stdin, depth, background, out)


_ECHO_ESCAPES = {"n": "\n", "t": "\t", "\\": "\\", "a": "", "r": ""}


def _unescape(text: str) -> str:
    return re.sub(r"\\([ntar\\])", lambda m: _ECHO_ESCAPES[m.group(1)], text)


def _literal_output(cmd: SimpleCommand) -> str | None:
    """What `echo …`, `printf …` or `cat <<EOF` writes (wrappers such as sudo already stripped;
    only called when no substitution is involved): the script a shell reads when it is piped in
    (`echo '…' | sudo bash`)."""
    name, args = cmd.name, list(cmd.argv[1:])
    if name == "echo":
        escapes = False
        while args and re.fullmatch(r"-[neE]+", args[0]):
            escapes = escapes or "e" in args[0]
            args = args[1:]
        text = " ".join(args)
        return _unescape(text) if escapes else text
    if name == "printf" and args:
        fmt, values = args[0], args[1:]
        if not values:
            return _unescape(fmt.replace("%%", "%"))
        parts = re.split(r"%[sb]", fmt)
        if len(parts) == 1:
            return _unescape(fmt)
        out = []
        while values:  # printf reuses its format while values remain
            for k, piece in enumerate(parts):
                out.append(_unescape(piece))
                if k < len(parts) - 1:
                    out.append(values.pop(0) if values else "")
        return "".join(out)
    if name == "cat" and not args and cmd.stdin_text:
        return cmd.stdin_text
    return None


def _replace_background(c: SimpleCommand) -> SimpleCommand:
    if c.background:
        return c
    return msgspec.structs.replace(c, background=True)


def _emit(words: list[_Word], redirects: list[tuple[str, str]], stdin: list[str], depth: int,
          background: bool, out: list[SimpleCommand]) -> None:
    if not words:
        return
    for w in words:  # substitutions run wherever they appear, even in echo's arguments
        for sub in w.subs:
            _parse_into(sub, depth + 1, False, out)
    argv = [w.value for w in words]
    # reserved words and leading assignments are syntax, not the program
    while argv and (argv[0] in _RESERVED or _ASSIGNMENT.match(argv[0])):
        argv.pop(0)
    if not argv or argv[0] in _HEADERS:
        return
    stdin_text = "\n".join(stdin) if stdin else None
    _unwrap(argv, (), background, tuple(redirects), stdin_text, depth, out)


# ---------------------------------------------------------------- wrappers

# options that take a separate value, per wrapper
_SUDO_VALUE_OPTS = frozenset("ugCDprtTU")
_TIMEOUT_VALUE_OPTS = frozenset({"-s", "-k", "--signal", "--kill-after"})
_XARGS_VALUE_OPTS = frozenset({"-I", "-n", "-P", "-d", "-L", "-s", "-a", "-E"})
_SYSTEMD_RUN_VALUE_OPTS = frozenset({
    "-u", "--unit", "-p", "--property", "--description", "--slice", "-E", "--setenv", "--uid",
    "--gid", "--nice", "--working-directory", "--on-active", "--on-boot", "--on-startup",
    "--on-unit-active", "--on-unit-inactive", "--on-calendar", "--timer-property",
    "--path-property", "--socket-property", "-M", "--machine", "-H", "--host"})
_SYSTEMD_RUN_FOREGROUND = frozenset({"--wait", "--pty", "-t", "--pipe", "-P", "--scope", "-S",
                                     "--shell"})
_SSH_VALUE_OPTS = frozenset("bcDEeFIiJLlmOopQRSWwB")
_NICE_VALUE_OPTS = frozenset({"-n", "--adjustment"})
_IONICE_VALUE_OPTS = frozenset({"-c", "-n", "--class", "--classdata"})
_STDBUF_VALUE_OPTS = frozenset({"-i", "-o", "-e"})
_SCREEN_VALUE_LETTERS = frozenset("SceptTh")
_CONTAINER_EXEC_VALUE_OPTS = frozenset({"-e", "--env", "--env-file", "-u", "--user", "-w",
                                        "--workdir", "--detach-keys", "--preserve-fds"})
_CONTAINER_EXEC_VALUE_LETTERS = frozenset("euw")
_KUBECTL_VALUE_OPTS = frozenset({"-c", "--container", "-n", "--namespace", "--context",
                                 "--kubeconfig", "-f", "--filename", "--pod-running-timeout",
                                 "--cluster", "--user", "-s", "--server", "--as"})
_ANSIBLE_VALUE_OPTS = frozenset({"-i", "--inventory", "-m", "--module-name", "-a", "--args",
                                 "-u", "--user", "-e", "--extra-vars", "-f", "--forks", "-l",
                                 "--limit", "-B", "--background", "-P", "--poll", "-T",
                                 "--timeout", "-c", "--connection", "-M", "--module-path",
                                 "--become-user", "--become-method", "--private-key", "-t",
                                 "--tree", "--vault-id", "--vault-password-file"})
_ANSIBLE_SHELL_MODULES = frozenset({"shell", "command", "raw", "ansible.builtin.shell",
                                    "ansible.builtin.command", "ansible.builtin.raw"})


_WRAPPERS = frozenset({"sudo", "doas", "env", "nohup", "setsid", "timeout", "nice", "ionice",
                       "stdbuf", "chrt", "taskset", "unbuffer", "command", "builtin", "exec",
                       "time", "xargs", "systemd-run", "screen", "tmux", "watch", "ip", "runuser",
                       "su", "eval", "busybox", "ssh", "docker", "podman", "nerdctl", "kubectl",
                       "oc", "ansible"}) | SHELLS


def _skip_options(argv: list[str], i: int, value_opts: frozenset[str],
                  short_value_letters: frozenset[str] = frozenset()) -> int:
    """Index of the first operand after options starting at `i`."""
    n = len(argv)
    while i < n:
        a = argv[i]
        if a == "--":
            return i + 1
        if not a.startswith("-") or a == "-":
            return i
        if "=" in a and a.startswith("--"):
            i += 1
            continue
        if a in value_opts:
            i += 2
            continue
        if short_value_letters and not a.startswith("--") and len(a) >= 2:
            # a cluster like -Eu: a value letter takes the rest or the next word
            letters = a[1:]
            k = next((p for p, ch in enumerate(letters) if ch in short_value_letters), -1)
            if k >= 0 and k == len(letters) - 1:
                i += 2
                continue
        i += 1
    return i


def _unwrap(argv: list[str], wrappers: tuple[str, ...], background: bool,
            redirects: tuple[tuple[str, str], ...], stdin_text: str | None, depth: int,
            out: list[SimpleCommand]) -> None:
    """Strip wrapper programs off `argv`, recursing into script strings; append the result."""
    for _ in range(16):  # wrappers nest (sudo env nohup timeout …); bounded, never loops forever
        while argv and _ASSIGNMENT.match(argv[0]):
            argv = argv[1:]
        if not argv:
            return
        name = argv[0].rsplit("/", 1)[-1]
        if name not in _WRAPPERS:
            break
        rest: list[str] | None = None
        if name in ("sudo", "doas"):
            rest = argv[_skip_options(argv, 1, frozenset(), _SUDO_VALUE_OPTS):]
        elif name == "env":
            k = 1
            while k < len(argv):
                a = argv[k]
                if a in ("-u", "--unset", "-C", "--chdir"):
                    k += 2
                elif a in ("-S", "--split-string") and k + 1 < len(argv):
                    _parse_into(" ".join(argv[k + 1:]), depth + 1, background, out)
                    return
                elif a.startswith("-") or _ASSIGNMENT.match(a):
                    k += 1
                else:
                    break
            rest = argv[k:]
        elif name == "nohup":
            rest, background = argv[1:], True
        elif name == "setsid":
            rest, background = argv[_skip_options(argv, 1, frozenset()):], True
        elif name == "timeout":
            k = _skip_options(argv, 1, _TIMEOUT_VALUE_OPTS)
            rest = argv[k + 1:]  # skip DURATION
        elif name in ("nice", "ionice", "stdbuf", "chrt", "taskset", "unbuffer"):
            if name == "nice" and len(argv) > 1 and re.fullmatch(r"-\d+", argv[1]):
                rest = argv[2:]
            else:
                opts = {"nice": _NICE_VALUE_OPTS, "ionice": _IONICE_VALUE_OPTS,
                        "stdbuf": _STDBUF_VALUE_OPTS}.get(name, frozenset())
                k = _skip_options(argv, 1, opts)
                if name in ("chrt", "taskset") and k < len(argv):
                    k += 1  # priority / cpu mask operand
                rest = argv[k:]
        elif name in ("command", "builtin", "exec", "time"):
            if name == "command" and any(a in ("-v", "-V") for a in argv[1:2]):
                break  # `command -v x` looks x up, does not run it
            rest = argv[_skip_options(argv, 1, frozenset({"-a", "-f", "-o"})):]
        elif name == "xargs":
            k = 1
            while k < len(argv) and argv[k].startswith("-") and argv[k] != "--":
                a = argv[k]
                k += 2 if a in _XARGS_VALUE_OPTS else 1
            if k < len(argv) and argv[k] == "--":
                k += 1
            rest = argv[k:] or ["echo"]
        elif name == "systemd-run":
            k = _skip_options(argv, 1, _SYSTEMD_RUN_VALUE_OPTS)
            rest = argv[k:]
            if not any(a in _SYSTEMD_RUN_FOREGROUND for a in argv[1:k]):
                background = True
        elif name == "screen" and any(a.startswith("-d") for a in argv[1:]):
            k = _skip_options(argv, 1, frozenset({"-Logfile"}), _SCREEN_VALUE_LETTERS)
            rest, background = argv[k:], True
        elif name == "tmux" and len(argv) > 2 and argv[1] in ("new", "new-session", "new-window"):
            k = _skip_options(argv, 2, frozenset({"-s", "-n", "-c", "-t", "-x", "-y", "-e", "-F"}))
            if k < len(argv):
                _parse_into(" ".join(argv[k:]), depth + 1, True, out)
            return
        elif name == "watch":
            k = _skip_options(argv, 1, frozenset({"-n", "--interval", "-d"}))
            _parse_into(" ".join(argv[k:]), depth + 1, background, out)
            return
        elif name == "ip" and len(argv) > 3 and argv[1] == "netns" and argv[2] == "exec":
            rest = argv[4:]
        elif name in ("runuser", "su"):
            script = _option_value(argv, ("-c", "--command"))
            if script is not None:
                _parse_into(script, depth + 1, background, out)
                return
            if name == "runuser" and "--" in argv:
                rest = argv[argv.index("--") + 1:]
            else:
                break
        elif name == "eval":
            _parse_into(" ".join(argv[1:]), depth + 1, background, out)
            return
        elif name == "busybox":
            rest = argv[1:]
        elif name in SHELLS:
            if _run_shell(argv, background, stdin_text, depth, out):
                return
            break
        elif name in ("docker", "podman", "nerdctl"):
            if len(argv) < 3 or argv[1] != "exec":
                break  # only `exec` runs a command we can read; `run IMAGE` runs the image's
            k = _skip_options(argv, 2, _CONTAINER_EXEC_VALUE_OPTS, _CONTAINER_EXEC_VALUE_LETTERS)
            detached = any(a in ("-d", "--detach") or re.fullmatch(r"-[a-z]*d[a-z]*", a)
                           for a in argv[2:k])
            rest, background = argv[k + 1:], background or detached  # past the container
        elif name in ("kubectl", "oc"):
            if "exec" not in argv[1:3] or "--" not in argv:
                break
            rest = argv[argv.index("--") + 1:]
        elif name == "ansible":
            module = _option_value(argv, ("-m", "--module-name")) or "command"
            script = _option_value(argv, ("-a", "--args"))
            if script is None or module not in _ANSIBLE_SHELL_MODULES:
                break
            _parse_into(script, depth + 1, background, out)
            return
        elif name == "ssh":
            k = _skip_options(argv, 1, frozenset(), _SSH_VALUE_OPTS)
            remote = argv[k + 1:]
            if remote:  # a heredoc or pipe given to ssh is what the remote command reads
                _parse_into(" ".join(remote), depth + 1, background, out, stdin_text)
            elif stdin_text:
                _parse_into(stdin_text, depth + 1, background, out)
            return
        if rest is None:
            break
        wrappers = wrappers + (name,)
        argv = rest
    if not argv:
        return
    out.append(SimpleCommand(tuple(argv), wrappers, background, redirects, stdin_text, depth))
    if argv[0].rsplit("/", 1)[-1] == "find":
        _find_exec(argv, wrappers, background, depth, out)


def _option_value(argv: list[str], names: tuple[str, ...]) -> str | None:
    for k, a in enumerate(argv[1:-1], start=1):
        if a in names:
            return argv[k + 1]
    return None


def _run_shell(argv: list[str], background: bool, stdin_text: str | None, depth: int,
               out: list[SimpleCommand]) -> bool:
    """Parse the script a shell invocation runs; False when it runs a script file we can't see."""
    k = 1
    has_c = reads_stdin = False
    while k < len(argv) and argv[k].startswith(("-", "+")) and argv[k] not in ("-", "--"):
        a = argv[k]
        if a.startswith("--"):  # --norc, --login, --rcfile FILE
            k += 2 if a in ("--rcfile", "--init-file") else 1
            continue
        letters = a[1:]
        has_c = has_c or "c" in letters
        reads_stdin = reads_stdin or "s" in letters
        # -o/-O take the next word as their value, also at the end of a cluster: -euo pipefail
        k += 1 + sum(1 for ch in letters if ch in "oO")
    if k < len(argv) and argv[k] == "--":
        k += 1
    if has_c:
        if k < len(argv):
            _parse_into(argv[k], depth + 1, background, out)
        return True
    # its script is what it reads: a heredoc, a here-string, or a literal piped into it
    if (reads_stdin or k >= len(argv) or argv[k] == "-") and stdin_text:
        _parse_into(stdin_text, depth + 1, background, out)
        return True
    return False  # a script file, or a pipe (`curl … | bash`): the shell itself is what we see


def _find_exec(argv: list[str], wrappers: tuple[str, ...], background: bool, depth: int,
               out: list[SimpleCommand]) -> None:
    """`find … -exec cmd {} ;` runs cmd: emit it as a nested command."""
    k, n = 1, len(argv)
    while k < n:
        if argv[k] in ("-exec", "-execdir", "-ok", "-okdir"):
            j = k + 1
            while j < n and argv[j] not in (";", "+"):
                j += 1
            if j > k + 1:
                _unwrap(list(argv[k + 1:j]), wrappers, background, (), None, depth + 1, out)
            k = j + 1
        else:
            k += 1
