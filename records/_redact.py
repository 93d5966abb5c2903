"""The harness's one redactor: every file it writes (run records, LLM transcripts, verifier
records, the sweep's reports and data set) goes through here first.

What is hidden, each replaced by MASK:
- credentials by value: ANTHROPIC_API_KEY, ANTHROPIC_AUTH_TOKEN, every OPSBENCH_* (except the
  lab's own settings, `_PUBLIC_ENV`) and every *_API_KEY, *_TOKEN, *_SECRET, *_PASSWORD variable
  of the environment, and every secret given to `register_secret` (values of 8+ characters: a
  shorter one would mask ordinary words);
- anything shaped like a key or token: Anthropic `sk-ant-…`, OpenAI-style `sk-…`, GitHub
  `gh[pousr]_…` / `github_pat_…`, AWS `AKIA…`/`ASIA…`, Slack `xox?-…`, the value of an
  `Authorization: Bearer|Basic|Token …` or `x-api-key:` header, the password of a URL's
  `user:password@`;
- the body of a PEM private key (`-----BEGIN … PRIVATE KEY-----`, OPENSSH and encrypted ones
  included; the BEGIN/END lines stay, and a key cut short by the output cap is hidden to its end);
- a password typed on a command line, the rest of the command kept readable: `echo/printf … |
  chpasswd|passwd|smbpasswd|sudo -S`, `chpasswd <<< 'u:pw'` and chpasswd heredocs, `openssl
  passwd`, `mkpasswd`, mysql/mariadb `-pPW` / `--password=PW`, `sshpass -p`, `htpasswd -b`,
  `useradd|usermod -p|--password` with a plain value, `curl -u user:pw`, `wget --password=`,
  `redis-cli -a`, `ldap* -w`, `rabbitmqctl add_user|change_password`, any `--password=`,
  `NAME=value` where NAME ends in PASSWORD/PASSWD/_PASS/_PWD/SECRET/TOKEN/API_KEY (PGPASSWORD,
  MYSQL_PWD, …), SQL `IDENTIFIED BY '…'` and `PASSWORD '…'`.
Left alone: password hashes (`$6$…`: the checks compare them), shell variables (`$PW`,
`"$(…)"`), and the same flags of other programs (`ssh -p 22`, `mkdir -p`).

`redact(value)` is what writers call: it walks dicts, lists and tuples (tuples become lists)
and redacts every string, keys included, before the value is encoded, so a replacement can never
break JSON escaping. `redact_text(text)` redacts rendered text (Markdown, HTML, TOML, a task's
files); `redact_text(text, encoded=True)` redacts text that is already JSON, in place: there the
patterns read \\" and \\n as the quote and newline they stand for, and no replacement removes
or splits a quote or an escape, so the JSON stays valid (tests/test_redaction.py holds it to
that). `redactor()` fixes the secrets of the moment for many calls; `screen_re2()` is an RE2
pattern matching every text the rules could change, for screening whole Arrow columns.

Speed: it runs on every command's output (up to 1 MiB). Each rule has literal triggers checked
with `in` first; its precompiled regexes (literal first where they can, bounded, possessive where
they repeat, no nested ambiguity) run only on text that has a trigger, so the work stays linear
(tests/test_redaction.py times 1 MiB of hostile text). A container is encoded once (msgspec) to
find which rules can apply at all, so a snapshot with nothing to hide costs one encode.
"""
from __future__ import annotations

import json
import os
import re
from dataclasses import dataclass
from typing import Any, Callable, Iterable

import msgspec

MASK = "[REDACTED]"
MIN_SECRET_LEN = 8

_ENV_NAMES = ("ANTHROPIC_API_KEY", "ANTHROPIC_AUTH_TOKEN")
_ENV_SUFFIXES = ("_API_KEY", "_TOKEN", "_SECRET", "_PASSWORD")
# The lab's own settings (lab/paths.py, lab/builder.py, lab/virt.py): paths, mirror URLs and a
# virt type, which appear in records as what they are (a guest's apt sources name the mirror).
_PUBLIC_ENV = frozenset({"OPSBENCH_HOME", "OPSBENCH_DEB_CACHE", "OPSBENCH_ACNG_CACHE",
                         "OPSBENCH_DEBIAN_MIRROR", "OPSBENCH_DEBIAN_SECURITY_MIRROR",
                         "OPSBENCH_VIRT_TYPE"})
_registered: set[str] = set()


def register_secret(secret: str) -> None:
    """Hide `secret` by value in everything written from now on (this process)."""
    if secret and len(secret) >= MIN_SECRET_LEN:
        _registered.add(secret)


def _secret_env(name: str) -> bool:
    if name in _ENV_NAMES:
        return True
    upper = name.upper()
    return (upper.startswith("OPSBENCH_") and upper not in _PUBLIC_ENV) or upper.endswith(_ENV_SUFFIXES)


_secrets_cache: tuple[tuple, list[str]] = ((), [])


def secrets() -> list[str]:
    """The values hidden by value now: registered ones and the environment's, longest first (a
    secret that contains another is masked whole), each with its JSON-escaped form when that
    differs (for `redact_text(encoded=True)`)."""
    global _secrets_cache
    found = set(_registered)
    found.update(v for k, v in os.environ.items() if len(v) >= MIN_SECRET_LEN and _secret_env(k))
    key = tuple(sorted(found))
    if key == _secrets_cache[0]:
        return _secrets_cache[1]
    forms = set(found)
    for s in found:
        if not s.isascii() or not s.isprintable() or '"' in s or "\\" in s:
            forms.add(json.dumps(s)[1:-1])
            forms.add(json.dumps(s, ensure_ascii=False)[1:-1])
    _secrets_cache = (key, sorted(forms, key=len, reverse=True))
    return _secrets_cache[1]


# -- masking ---------------------------------------------------------------------------------

def _mask(s: str, encoded: bool) -> str:
    """What replaces the secret `s`. In encoded text (JSON) the patterns never take in a bare
    quote or half an escape; should `s` hold one all the same, what follows a bare quote is kept
    (it may be JSON's own structure) and so is a last backslash whose escaped character lies
    beyond `s`: JSON stays valid whatever the match."""
    if not s:
        return s
    if not encoded or ('"' not in s and "\\" not in s):
        return MASK
    i, n = 0, len(s)
    while i < n:
        if s[i] == "\\":
            if i + 1 == n:
                return (MASK if i else "") + "\\"
            i += 2
        elif s[i] == '"':
            return (MASK if i else "") + s[i:]
        else:
            i += 1
    return MASK


def _splice(text: str, spans: Iterable[tuple[int, int]], encoded: bool) -> str:
    """`text` with each (start, end) span masked; spans sorted, not overlapping."""
    out, pos = [], 0
    for a, b in spans:
        if a < pos or b <= a:
            continue
        out.append(text[pos:a])
        out.append(_mask(text[a:b], encoded))
        pos = b
    out.append(text[pos:])
    return "".join(out)


_HASH = re.compile(r"\$[A-Za-z0-9_-]{1,16}\$")  # crypt(3): $1$ $5$ $6$ $y$ $2b$ $argon2id$ …


def _plain(value: str, single_quoted: bool = False) -> bool:
    """A value worth hiding: not empty, not already masked, not a password hash and (unless
    single-quoted) not a shell expansion like $PW or $(…)."""
    if not value or value == MASK or value.startswith(MASK) or _HASH.match(value):
        return False
    return single_quoted or not value.startswith("$")


# -- shell words -----------------------------------------------------------------------------
# A word of a command line: quoted parts and bare characters, possessive so nothing ever splits a
# word in two ways. In encoded text a double quote only appears escaped (\"), so the encoded
# grammar has no "…" form and every bare character excludes `"`: no match crosses a JSON string.

def _word_grammar(encoded: bool) -> str:
    if encoded:  # the escapes \n \r \t end a word there, as the characters would
        sq = r"'(?:[^'\"\\\n]|\\[^nrt\n]){0,256}'"
        bare = r"(?:[^\s'\"\\;&|<>()`]|\\[^\snrt])++"
        return rf"(?:{sq}|{bare})++"
    sq = r"'[^'\n]{0,256}'"
    dq = r'"(?:[^"\\\n]|\\.){0,256}"'
    bare = r"(?:[^\s'\"\\;&|<>()`]|\\[^\s])++"
    return rf"(?:{sq}|{dq}|{bare})++"


def _start(before: str, encoded: bool) -> str:
    """A word starts here: not after one of `before`; in encoded text also after \\n, \\r, \\t."""
    return rf"(?:(?<![{before}])|(?<=\\[nrt]))" if encoded else rf"(?<![{before}])"


def _keywords(words: Iterable[tuple[str, str]], before: str, encoded: bool) -> str:
    """An alternation of (literal, regex tail) that starts a word. The check follows the literal,
    so the pattern begins with literals and the regex engine skips text that cannot match."""
    alts = []
    for literal, tail in words:
        lit = re.escape(literal)
        check = rf"(?<![{before}]{lit})"
        if encoded:
            check = rf"(?:{check}|(?<=\\[nrt]{lit}))"
        alts.append(lit + check + tail)
    return "(?:" + "|".join(alts) + ")"


_SEPS = {False: r"(?:[ \t]|\\\r?\n)++", True: r"(?:[ \t]|\\t)++"}
_WORD = {mode: _word_grammar(mode) for mode in (False, True)}
# Splitting a program's arguments into words: separators, words, and anything else one
# character (an escape pair at once in encoded text, so no word starts inside one).
_WORD_RE = {mode: re.compile(rf"{_SEPS[mode]}|(?P<w>{_WORD[mode]})|\\.|.", re.DOTALL)
            for mode in (False, True)}


@dataclass(frozen=True)
class _Word:
    text: str
    start: int  # offset in the string the words were split from

    @property
    def end(self) -> int:
        return self.start + len(self.text)

    def inner(self, offset: int = 0) -> tuple[int, int, bool]:
        """Span (absolute) of the value in the word from `offset` on, quotes stripped (an
        unclosed one too), and whether it was single-quoted."""
        t = self.text[offset:]
        a, b = self.start + offset, self.start + len(self.text)
        for q in ("\\\"", "'", '"'):
            if t.startswith(q):
                closed = len(t) >= 2 * len(q) and t.endswith(q)
                return a + len(q), b - (len(q) if closed else 0), q == "'"
        return a, b, False


def _words(text: str, start: int, end: int, encoded: bool) -> list[_Word]:
    return [_Word(m.group("w"), m.start("w")) for m in _WORD_RE[encoded].finditer(text, start, end)
            if m.group("w") is not None]


def _value_span(text: str, w: _Word, offset: int = 0) -> list[tuple[int, int]]:
    a, b, sq = w.inner(offset)
    return [(a, b)] if _plain(text[a:b], sq) else []


# -- rules -----------------------------------------------------------------------------------

@dataclass(frozen=True)
class _Rule:
    name: str
    # The rule runs only on text that holds one of these literals, or all the literals of one
    # of these tuples (a program and its password option: `("curl", "-u")`).
    triggers: tuple[str | tuple[str, ...], ...]
    apply: Callable[[str, bool], str]  # (text, encoded) -> text
    # RE2 syntax: matches every text the rule can change (a tighter screen than the triggers,
    # for pyarrow over whole columns); by default the triggers, a group's literals in order.
    screen: str | None = None

    @property
    def screen_re2(self) -> str:
        if self.screen:
            return self.screen
        return "|".join(_re2_literal(t) if isinstance(t, str)
                        else "(?s:" + ".*".join(_re2_literal(x) for x in t) + ")"
                        for t in self.triggers)

    @property
    def any_of(self) -> tuple[str, ...]:
        return tuple(t for t in self.triggers if isinstance(t, str))

    @property
    def all_of(self) -> tuple[tuple[str, ...], ...]:
        return tuple(t for t in self.triggers if not isinstance(t, str))


def _re2_literal(s: str) -> str:
    return re.sub(r"([\\.^$|?*+()\[\]{}])", r"\\\1", s)


def _hit(text: str, any_of: tuple[str, ...], all_of: tuple[tuple[str, ...], ...]) -> bool:
    for t in any_of:
        if t in text:
            return True
    for group in all_of:
        for t in group:
            if t not in text:
                break
        else:
            return True
    return False


def _sub(patterns: dict[bool, re.Pattern[str]],
         spans: Callable[[re.Match[str], bool], list[tuple[int, int]]]) -> Callable[[str, bool], str]:
    """A rule that masks, in each match of its pattern, the spans `spans` names (absolute)."""
    def apply(text: str, encoded: bool) -> str:
        found: list[tuple[int, int]] = []
        for m in patterns[encoded].finditer(text):
            found += spans(m, encoded)
        return _splice(text, _merged(found), encoded) if found else text
    return apply


def _merged(spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    out: list[tuple[int, int]] = []
    for a, b in sorted(s for s in spans if s[1] > s[0]):
        if out and a <= out[-1][1]:
            out[-1] = (out[-1][0], max(out[-1][1], b))
        else:
            out.append((a, b))
    return out


def _both(template: Callable[[bool], str], flags: int = 0) -> dict[bool, re.Pattern[str]]:
    return {mode: re.compile(template(mode), flags) for mode in (False, True)}


def _group_spans(*names: str) -> Callable[[re.Match[str], bool], list[tuple[int, int]]]:
    def spans(m: re.Match[str], encoded: bool) -> list[tuple[int, int]]:
        return [m.span(g) for g in names if m.group(g)]
    return spans


# Keys and tokens by shape. Their characters exclude quotes and backslashes, so they are safe
# in encoded text as they are. A token must start a word (after an escape such as \\n too); the
# check follows the literal so the regex engine can search for the literal.
def _starts_word(literal: str, before: str = "A-Za-z0-9_-") -> str:
    return _keywords([(literal, "")], before, encoded=True)


_TOKENS = (  # (triggers, pattern, RE2 screen)
    (("sk-ant-",), re.compile(r"sk-ant-[A-Za-z0-9_-]{8,}"), r"sk-ant-[A-Za-z0-9_-]{8}"),
    (("sk-",), re.compile(_starts_word("sk-") + r"(?=[A-Za-z0-9_-]{0,200}?[0-9])[A-Za-z0-9_-]{20,}"),
     r"sk-[A-Za-z0-9_-]{20}"),
    (("ghp_", "gho_", "ghu_", "ghs_", "ghr_"),
     re.compile(_starts_word("gh", "A-Za-z0-9_") + r"[pousr]_[A-Za-z0-9]{20,}"),
     r"gh[pousr]_[A-Za-z0-9]{20}"),
    (("github_pat_",), re.compile(_starts_word("github_pat_", "A-Za-z0-9_") + r"[A-Za-z0-9_]{20,}"),
     r"github_pat_[A-Za-z0-9_]{20}"),
    (("AKIA",), re.compile(_starts_word("AKIA", "A-Za-z0-9") + r"[A-Z0-9]{16}(?![A-Za-z0-9])"),
     r"AKIA[A-Z0-9]{16}"),
    (("ASIA",), re.compile(_starts_word("ASIA", "A-Za-z0-9") + r"[A-Z0-9]{16}(?![A-Za-z0-9])"),
     r"ASIA[A-Z0-9]{16}"),
    (("xox",), re.compile(_starts_word("xox", "A-Za-z0-9") + r"[abposr]-[A-Za-z0-9-]{10,}"),
     r"xox[abposr]-[A-Za-z0-9-]{10}"),
)


def _token_rule(pattern: re.Pattern[str]) -> Callable[[str, bool], str]:
    return lambda text, encoded: pattern.sub(MASK, text)


_HEADER = _both(lambda enc: (
    r"(?i:(?:proxy-)?authorization)[ \t]*:[ \t]*(?i:bearer|basic|token)[ \t]+"
    r"(?P<v>[A-Za-z0-9._~+/=-]{6,})"
    r"|(?i:x-api-key|api-key|x-auth-token)[ \t]*:[ \t]*(?P<w>[A-Za-z0-9._~+/=-]{6,})"))

_URL_USERINFO = _both(lambda enc: (  # scheme://user:password@host
    r"://[^\s:/@'\"\\]{1,128}:"
    r"(?P<v>[^\s@/'\"\\]{1,256})(?=@)"))


def _url_spans(m: re.Match[str], encoded: bool) -> list[tuple[int, int]]:
    return [m.span("v")] if _plain(m.group("v")) else []


# PEM private keys: BEGIN … END with the body hidden; a key without its END (cut by the output
# cap) is hidden as far as its lines look like a key's.
_PEM_BEGIN = re.compile(r"-----BEGIN (?:[A-Z0-9]+ ){0,4}PRIVATE KEY(?: BLOCK)?-----")
_PEM_END = re.compile(r"-----END (?:[A-Z0-9]+ ){0,4}PRIVATE KEY(?: BLOCK)?-----")
_NL = r"(?:\r?\n|\\r\\n|\\n)"
_PEM_LINES = re.compile(
    rf"(?:{_NL}(?:[A-Za-z0-9+/=]{{0,100}}|[A-Za-z-]{{1,40}}:[ \t]?[^\n\\\"]{{0,200}})"
    rf"(?={_NL}|$|\"|\\\"))*+")
_PEM_PAD = re.compile(r"(?:[ \t]|\r?\n|\\r|\\n)++")


def _trailing_pad(body: str) -> int:
    """Length of the blanks and newlines (real or written \\n) that end `body`."""
    i = len(body)
    while i > 0:
        if body[i - 1] in " \t\r\n":
            i -= 1
        elif i >= 2 and body[i - 2] == "\\" and body[i - 1] in "nr":
            i -= 2
        else:
            break
    return len(body) - i


def _bare_quote(text: str, start: int) -> int:
    """Position of the first `"` at or after `start` not escaped by a backslash, or len(text)."""
    i = text.find('"', start)
    while i != -1:
        k = i - 1
        while k >= start and text[k] == "\\":
            k -= 1
        if (i - 1 - k) % 2 == 0:
            return i
        i = text.find('"', i + 1)
    return len(text)


class _QuoteEnds:
    """`_bare_quote` for increasing starts over one text, in linear time overall."""

    def __init__(self, text: str) -> None:
        self.text, self.start, self.end = text, -1, -1

    def after(self, start: int) -> int:
        if not self.start <= start <= self.end:
            self.start, self.end = start, _bare_quote(self.text, start)
        return self.end


def _pem(text: str, encoded: bool) -> str:
    out, pos = [], 0
    quotes = _QuoteEnds(text)
    no_end_before = -1  # an END was searched for up to here and not found
    for m in _PEM_BEGIN.finditer(text):
        if m.start() < pos:
            continue
        body_start = m.end()
        limit = quotes.after(body_start) if encoded else len(text)
        end = None if limit <= no_end_before else _PEM_END.search(text, body_start, limit)
        if end is not None:
            body_end = end.start()
        else:
            no_end_before = max(no_end_before, limit)
            body_end = _PEM_LINES.match(text, body_start, limit).end()
        body = text[body_start:body_end]
        if not body.strip() or body.strip() == MASK:
            continue
        lead = _PEM_PAD.match(body)
        a = body_start + (lead.end() if lead else 0)
        b = max(a, body_end - (_trailing_pad(body) if end is not None else 0))
        out.append(text[pos:a])
        out.append(_mask(text[a:b], encoded) if b > a else "")
        pos = b
    if not out:
        return text
    out.append(text[pos:])
    return "".join(out)


# Passwords on command lines. Program-based rules take the program's words (up to 40, to the
# next shell operator) and decide which word is the password.
_PROGRAMS = _both(lambda enc: (
    "(?P<prog>" + _keywords(
        [("mysql", r"[\w-]*"), ("mariadb", r"[\w-]*"), ("useradd", ""), ("usermod", ""),
         ("sshpass", ""), ("htpasswd", ""), ("mkpasswd", ""), ("curl", ""), ("wget", ""),
         ("redis-cli", ""), ("ldap", "[a-z]*"), ("rabbitmqctl", ""),
         ("openssl", _SEPS[enc] + "passwd")], r"\w.-", enc) + ")"
    rf"(?![\w.-])(?P<args>(?:{_SEPS[enc]}{_WORD[enc]}){{0,40}})"))


def _opt_value(text: str, words: list[_Word], i: int, shorts: tuple[str, ...],
               longs: tuple[str, ...], attached_short: bool = True,
               space_long: bool = True) -> tuple[list[tuple[int, int]], int]:
    """If words[i] is one of the options (`-p X`, `-pX`, `--password=X`, `--password X`):
    the value's span and how many words it took."""
    t = words[i].text
    nxt = words[i + 1] if i + 1 < len(words) else None
    for s in shorts:
        if t == s:
            return (_value_span(text, nxt) if nxt else []), 2
        if attached_short and t.startswith(s) and len(t) > len(s):
            return _value_span(text, words[i], len(s)), 1
    for lo in longs:
        if t.startswith(lo + "="):
            return _value_span(text, words[i], len(lo) + 1), 1
        if t == lo and space_long:
            return (_value_span(text, nxt) if nxt else []), 2
    return [], 0


def _positionals(words: list[_Word], takes_arg: frozenset[str]) -> tuple[list[_Word], str]:
    """Non-option words, and the letters of the short options given."""
    pos, flags, skip = [], "", False
    for w in words:
        if skip:
            skip = False
            continue
        t = w.text
        if t.startswith("-") and len(t) > 1 and not t.startswith("--"):
            flags += t[1:]
            skip = t in takes_arg
        elif t.startswith("--"):
            skip = t in takes_arg
        else:
            pos.append(w)
    return pos, flags


_HTPASSWD_ARG = frozenset({"-C", "-r"})
_MKPASSWD_ARG = frozenset({"-m", "-S", "-R", "-P", "--method", "--salt", "--rounds", "--password-fd"})
_OPENSSL_ARG = frozenset({"-salt", "-in"})


# Which words of its arguments can hold a password, per program: a program whose arguments hold
# none of these is not tokenized at all.
_PROGRAM_HINTS = (("mysql", ("-p", "--password")), ("mariadb", ("-p", "--password")),
                  ("useradd", ("-p", "--password")), ("usermod", ("-p", "--password")),
                  ("sshpass", ("-p",)), ("htpasswd", ("b",)), ("mkpasswd", ("",)),
                  ("openssl", ("",)), ("curl", ("-u", "-U", "--user", "--proxy-user")),
                  ("wget", ("password",)), ("redis-cli", ("-a", "--pass")), ("ldap", ("-w",)),
                  ("rabbitmqctl", ("add_user", "change_password")))
_PROGRAM_NAMES = tuple(name for name, _ in _PROGRAM_HINTS)


def _program_spans(m: re.Match[str], encoded: bool) -> list[tuple[int, int]]:
    text, prog = m.string, m.group("prog")
    args = m.group("args")
    spans: list[tuple[int, int]] = []
    # a program quoted inside this one's words (useradd -p "$(openssl passwd -6 'pw')"): each
    # quoted word is searched on its own, so the outer match still ends where it ends
    if ("'" in args or '"' in args) and any(p in args for p in _PROGRAM_NAMES):
        for w in _words(text, m.start("args"), m.end("args"), encoded):
            a, b, _ = w.inner()
            if (a, b) != (w.start, w.end) and any(p in text[a:b] for p in _PROGRAM_NAMES):
                for inner in _PROGRAMS[encoded].finditer(text, a, b):
                    spans += _program_spans(inner, encoded)
    hints = next(h for name, h in _PROGRAM_HINTS if prog.startswith(name))
    if not any(h in args for h in hints):
        return spans
    words = _words(text, m.start("args"), m.end("args"), encoded)
    if prog.startswith(("mysql", "mariadb")):
        for i in range(len(words)):
            got, _ = _opt_value(text, words, i, ("-p",), ("--password",), space_long=False)
            spans += got if words[i].text != "-p" else []
    elif prog in ("useradd", "usermod"):
        i = 0
        while i < len(words):
            got, took = _opt_value(text, words, i, ("-p",), ("--password",))
            spans += got
            i += took or 1
    elif prog == "sshpass":
        i = 0
        while i < len(words):
            t = words[i].text
            got, took = _opt_value(text, words, i, ("-p",), ())
            if took:
                spans += got
                break
            if t in ("-f", "-d", "-P"):
                i += 2
            elif t.startswith("-"):
                i += 1
            else:
                break  # the command sshpass runs: its own -p is its own
    elif prog == "htpasswd":
        pos, flags = _positionals(words, _HTPASSWD_ARG)
        need = 2 if "n" in flags else 3
        if "b" in flags and len(pos) >= need:
            spans += _value_span(text, pos[need - 1])
    elif prog == "mkpasswd":
        pos, _ = _positionals([w for w in words if "=" not in w.text or not w.text.startswith("--")],
                              _MKPASSWD_ARG)
        if pos:
            spans += _value_span(text, pos[0])
    elif prog.startswith("openssl"):
        pos, _ = _positionals(words, _OPENSSL_ARG)
        for w in pos:
            spans += _value_span(text, w)
    elif prog == "curl":
        for i in range(len(words)):
            got, _ = _opt_value(text, words, i, ("-u", "-U"), ("--user", "--proxy-user"))
            for a, b in got:  # user:password: the user stays
                colon = text.find(":", a, b)
                if colon != -1 and _plain(text[colon + 1:b], True):
                    spans.append((colon + 1, b))
    elif prog == "wget":
        for i in range(len(words)):
            got, _ = _opt_value(text, words, i, (), ("--password", "--http-password",
                                                     "--ftp-password", "--proxy-password"))
            spans += got
    elif prog == "redis-cli":
        for i in range(len(words)):
            got, _ = _opt_value(text, words, i, ("-a",), ("--pass",))
            spans += got
    elif prog.startswith("ldap"):
        for i in range(len(words)):
            got, _ = _opt_value(text, words, i, ("-w",), ())
            spans += got
    elif prog == "rabbitmqctl":
        pos, _ = _positionals(words, frozenset({"-n", "--node", "-p", "--vhost"}))
        if len(pos) >= 3 and pos[0].text in ("add_user", "change_password"):
            spans += _value_span(text, pos[2])
    return spans


# echo/printf piped into a program that reads a password on its standard input.
_PIPED = _both(lambda enc: (
    "(?P<prog>" + _keywords([("echo", ""), ("printf", "")], r"\w.-", enc) + ")"
    r"(?P<args>(?:" + _SEPS[enc] + _WORD[enc] + r"){1,16}?)"
    r"[ \t]*\|[ \t]*(?:sudo(?:[ \t]+-[A-Za-z-]+)*[ \t]+)?"
    r"(?P<target>chpasswd|passwd|smbpasswd|sudo[ \t]+(?:-[A-Za-z]*S[A-Za-z]*|--stdin))(?![\w.-])"))

_ECHO_OPTS = frozenset({"-n", "-e", "-E", "-ne", "-en", "-nE", "-En"})


def _user_pw_spans(text: str, a: int, b: int, literal: bool) -> list[tuple[int, int]]:
    """In `user:password` lines (newlines real or written \\n), the passwords. `literal`: the
    text was single-quoted ($ is no expansion there)."""
    spans, start = [], a
    while start < b:
        cut = [x for x in (text.find("\\n", start, b), text.find("\n", start, b)) if x != -1]
        stop = min(cut) if cut else b
        colon = text.find(":", start, stop)
        if colon != -1 and _plain(text[colon + 1:stop], literal):
            spans.append((colon + 1, stop))
        start = stop + (2 if text.startswith("\\n", stop) else 1)
    return spans


def _piped_spans(m: re.Match[str], encoded: bool) -> list[tuple[int, int]]:
    text = m.string
    words = [w for w in _words(text, m.start("args"), m.end("args"), encoded)
             if w.text not in _ECHO_OPTS]
    if m.group("prog") == "printf" and words and "%" in words[0].text:
        fmt, args = words[0], words[1:]  # printf '%s:%s\n' user pw: every argument
        return [s for w in args for s in _value_span(text, w)] if args else \
            _value_span(text, fmt)
    spans: list[tuple[int, int]] = []
    for w in words:
        a, b, sq = w.inner()
        if m.group("target") == "chpasswd":
            spans += _user_pw_spans(text, a, b, sq)
        elif _plain(text[a:b], sq):
            spans.append((a, b))
    return spans


_HERESTRING = _both(lambda enc: (
    "(?P<target>" + _keywords([("chpasswd", ""), ("passwd", ""), ("smbpasswd", "")], r"\w.-", enc)
    + r")(?![\w.-])[^<|;&\n\"]{0,120}"
    r"<<<[ \t]*"
    rf"(?P<w>{_WORD[enc]})"))


def _herestring_spans(m: re.Match[str], encoded: bool) -> list[tuple[int, int]]:
    w = _Word(m.group("w"), m.start("w"))
    a, b, sq = w.inner()
    if m.group("target") == "chpasswd":
        return _user_pw_spans(m.string, a, b, sq)
    return [(a, b)] if _plain(m.string[a:b], sq) else []


# cmd | chpasswd, fed by a heredoc: `chpasswd <<EOF` or `cat <<EOF | chpasswd`, then user:password
# lines up to the tag (in encoded text the lines end in \\n and the string at a bare quote).
_HEREDOC = {
    False: re.compile(r"<<-?[ \t]*(['\"]?)(?P<tag>[A-Za-z_]\w{0,30})\1(?P<rest>[^\n]{0,200})\n"),
    True: re.compile(r"<<-?[ \t]*('|\\\"|)(?P<tag>[A-Za-z_]\w{0,30})\1"
                     r"(?P<rest>(?:[^\\\"]|\\[^n]){0,200}?)\\n"),
}


def _heredoc(text: str, encoded: bool) -> str:
    nl = "\\n" if encoded else "\n"
    spans: list[tuple[int, int]] = []
    quotes = _QuoteEnds(text)
    scanned = 0
    for m in _HEREDOC[encoded].finditer(text):
        if m.start() < scanned:
            continue
        line_start = text.rfind(nl, 0, m.start())
        line_start = 0 if line_start == -1 else line_start + len(nl)
        if "chpasswd" not in text[line_start:m.start()] + m.group("rest"):
            continue
        limit = quotes.after(m.end()) if encoded else len(text)
        pos = m.end()
        for _ in range(64):
            stop = text.find(nl, pos, limit)
            stop = limit if stop == -1 else stop
            line = text[pos:stop]
            if line.strip() == m.group("tag"):
                break
            colon = line.find(":")
            if colon != -1 and _plain(line[colon + 1:].strip(), bool(m.group(1))):
                spans.append((pos + colon + 1, stop))
            if stop >= limit:
                break
            pos = stop + len(nl)
        scanned = pos
    return _splice(text, _merged(spans), encoded) if spans else text


_ASSIGN_NAMES = r"[A-Z][A-Z0-9_]{0,60}?(?:PASSWORD|PASSWD|_PASS|_PWD|SECRET|TOKEN|API_KEY|APIKEY|ACCESS_KEY)"
_ASSIGN = _both(lambda enc: (
    _start(r"\w$-", enc) + rf"(?:{_ASSIGN_NAMES}|aws_secret_access_key)[ \t]*=(?!=)[ \t]*"
    rf"(?P<w>{_WORD[enc]})"
    + "|" + _start(r"\w-", enc) + r"--(?:[a-z]+-)?(?:password|passwd|secret|token|api-key)="
    rf"(?P<x>{_WORD[enc]})"
    + "|" + _start(r"\w-", enc) + rf"(?i:requirepass|masterauth)[ \t]+(?P<y>{_WORD[enc]})"))


def _assign_spans(m: re.Match[str], encoded: bool) -> list[tuple[int, int]]:
    g = next(g for g in ("w", "x", "y") if m.group(g) is not None)
    return _value_span(m.string, _Word(m.group(g), m.start(g)))


def _sql_quoted(enc: bool) -> str:
    if enc:
        return (r"(?:'(?P<s>(?:[^'\"\\\n]|\\[^\n]|''){0,256})'"
                r"|\\\"(?P<e>(?:[^\"\\\n]|\\[^\"\n]){0,256}?)\\\")")
    return (r"(?:'(?P<s>(?:[^'\\\n]|\\.|''){0,256})'"
            r"|\"(?P<d>(?:[^\"\\\n]|\\.){0,256}?)\")")


_SQL = _both(lambda enc: (
    r"(?i:identified(?:[ \t]+with[ \t]+\w+)?[ \t]+by"
    r"|" + _start(r"\w-", enc) + r"password(?:[ \t]+for[ \t]+" + (r"[^\s\"]" if enc else r"\S")
    + r"{1,128}?"
    r"[ \t]*=|[ \t]*=)?[ \t]*"
    r"(?:(?:password|old_password)[ \t]*\([ \t]*)?)"
    r"[ \t]*" + _sql_quoted(enc)))


def _sql_spans(m: re.Match[str], encoded: bool) -> list[tuple[int, int]]:
    for g in ("s", "d", "e"):
        if g in m.re.groupindex and m.group(g) is not None:
            return [m.span(g)] if _plain(m.group(g), g == "s") else []
    return []


_RULES: tuple[_Rule, ...] = (
    _Rule("pem", ("PRIVATE KEY",), _pem),
    *(_Rule("token", trig, _token_rule(pattern), screen) for trig, pattern, screen in _TOKENS),
    _Rule("headers", ("uthorization", "UTHORIZATION", "pi-key", "PI-KEY", "pi-Key", "uth-token",
                      "UTH-TOKEN", "uth-Token"), _sub(_HEADER, _group_spans("v", "w")),
          r"(?i)(?:authorization|api-key|auth-token)[ \t]*:"),
    _Rule("url", ("://",), _sub(_URL_USERINFO, _url_spans), r"://[^\s:/@]{1,128}:[^\s@/]{1,256}@"),
    _Rule("heredoc", ("chpasswd",), _heredoc),
    _Rule("piped", tuple((feed, target) for feed in ("echo", "printf")
                         for target in ("passwd", "sudo -", "sudo\t", "sudo  ")),
          _sub(_PIPED, _piped_spans)),
    _Rule("herestring", ("<<<",), _sub(_HERESTRING, _herestring_spans)),
    _Rule("programs", (("mysql", "-p"), ("mariadb", "-p"), ("useradd", "-p"), ("usermod", "-p"),
                       ("sshpass", "-p"), ("htpasswd", "b"), "mkpasswd", ("openssl", "passwd"),
                       ("curl", "-u"), ("curl", "-U"), ("wget", "password"), ("redis-cli", "-a"),
                       ("redis-cli", "--pass"), ("ldap", "-w"), ("rabbitmqctl", "add_user"),
                       ("rabbitmqctl", "change_password")), _sub(_PROGRAMS, _program_spans)),
    _Rule("assignments", ("PASSWORD", "PASSWD", "_PASS", "_PWD", "SECRET", "TOKEN", "API_KEY",
                          "APIKEY", "ACCESS_KEY", "aws_secret_access_key", "-password=", "-passwd=",
                          "-secret=", "-token=", "-api-key=", "equirepass",
                          "EQUIREPASS", "asterauth", "ASTERAUTH"), _sub(_ASSIGN, _assign_spans),
          r"(?:PASSWORD|PASSWD|_PASS|_PWD|SECRET|TOKEN|API_KEY|APIKEY|ACCESS_KEY"
          r"|aws_secret_access_key)[ \t]*=|-(?:password|passwd|secret|token|api-key)="
          r"|(?i:requirepass|masterauth)"),
    _Rule("sql", ("dentified", "DENTIFIED", "assword", "ASSWORD"), _sub(_SQL, _sql_spans),
          r"(?i)identified[ \t]|password[ \t]*[=('\"\\]|password[ \t]+for[ \t]"),
)


# (rule, its single triggers, its trigger groups), as Redactor.text checks them
_Checked = tuple[_Rule, tuple[str, ...], tuple[tuple[str, ...], ...]]
_CHECKED: tuple[_Checked, ...] = tuple((r, r.any_of, r.all_of) for r in _RULES)


def screen_re2() -> str:
    """An RE2 pattern (pyarrow's match_substring_regex) that matches every text `redact_text`
    would change: the rules' screens and the secrets. Texts it does not match are left alone."""
    return "|".join([r.screen_re2 for r in _RULES] + [_re2_literal(s) for s in secrets()])


# -- the redactor ----------------------------------------------------------------------------

class Redactor:
    """The secrets and rules of one moment; `redactor()` makes one. Reuse it for many strings."""

    def __init__(self, values: list[str]) -> None:
        self.secrets = values

    def text(self, text: str, encoded: bool = False, rules: tuple[_Checked, ...] = _CHECKED,
             secret_values: list[str] | None = None) -> str:
        if len(text) < MIN_SECRET_LEN:
            return text
        for s in self.secrets if secret_values is None else secret_values:
            if s in text:
                text = _replace_literal(text, s, encoded)
        for rule, any_of, all_of in rules:
            if _hit(text, any_of, all_of):
                text = rule.apply(text, encoded)
        return text

    def value(self, value: Any) -> Any:
        if isinstance(value, str):
            return self.text(value)
        if not isinstance(value, (dict, list, tuple)):
            return self._other(value, _CHECKED, self.secrets)
        try:
            blob = msgspec.json.encode(value, enc_hook=str).decode("utf-8", "replace")
        except (TypeError, ValueError, msgspec.EncodeError):
            blob = None
        if blob is None:
            rules, values = _CHECKED, self.secrets
        else:
            rules = tuple(c for c in _CHECKED if _hit(blob, c[1], c[2]))
            values = [s for s in self.secrets if s in blob or _escaped_in_json(s)]
            if not rules and not values:
                return value
        return self._walk(value, rules, values)

    def _walk(self, value: Any, rules: tuple[_Checked, ...], values: list[str]) -> Any:
        if isinstance(value, str):
            return self.text(value, rules=rules, secret_values=values)
        if isinstance(value, dict):
            return {self._walk(k, rules, values): self._walk(v, rules, values)
                    for k, v in value.items()}
        if isinstance(value, (list, tuple)):
            return [self._walk(v, rules, values) for v in value]
        return self._other(value, rules, values)

    def _other(self, value: Any, rules: tuple[_Checked, ...], values: list[str]) -> Any:
        # Numbers and the like pass; an object that writers encode with str() (default=str) is
        # returned as its redacted text when that text held a secret, else unchanged.
        if value is None or isinstance(value, (bool, int, float)):
            return value
        text = str(value)
        hidden = self.text(text, rules=rules, secret_values=values)
        return hidden if hidden != text else value


def _escaped_in_json(s: str) -> bool:
    return any(c in '"\\' or ord(c) < 0x20 for c in s)


def _replace_literal(text: str, secret: str, encoded: bool) -> str:
    if not encoded:
        return text.replace(secret, MASK)
    out, pos = [], 0
    i = text.find(secret)
    while i != -1:
        k = i - 1
        while k >= 0 and text[k] == "\\":
            k -= 1
        keep = 1 if (i - 1 - k) % 2 else 0  # the secret starts inside an escape: keep its char
        out.append(text[pos:i + keep])
        out.append(_mask(secret[keep:], True))
        pos = i + len(secret)
        i = text.find(secret, pos)
    out.append(text[pos:])
    return "".join(out)


def redactor() -> Redactor:
    return Redactor(secrets())


def redact(value: Any) -> Any:
    """`value` with every secret replaced by MASK, recursing into dicts, lists and tuples; what
    every record writer calls on what it is about to encode."""
    return redactor().value(value)


_TOKEN_RULES = tuple(r for r in _CHECKED if r[0].name in ("token", "headers", "url"))


def redact_tokens(text: str) -> str:
    """Only the secrets by value and the token-shaped ones (keys, tokens, header and URL
    credentials): their replacements touch no character that HTML or JSON escapes, so this is
    safe on any rendered page (report.html's last check)."""
    return redactor().text(text, encoded=True, rules=_TOKEN_RULES)


def redact_text(text: str, encoded: bool = False) -> str:
    """`text` with every secret replaced by MASK. `encoded`: the text is already JSON (or
    escaped like JSON: TOML, an HTML page's JSON): replacements keep quotes and escapes whole."""
    return redactor().text(text, encoded)
