"""Capabilities of JavaScript and TypeScript, read by tokens and lines (never run).

Not a parser: string literals, identifiers and calls are found with regular expressions on
each line, comments blanked first. Data is followed through ``const x = ...`` /
``let``/``var``/plain assignments line by line: a variable assigned from a credential
store's path or content, or from the whole ``process.env``, is labelled, and so is every
variable assigned from an expression naming it (as a variable: not a property, ``x.env``;
one member of the environment, ``env.KEY``, is one variable, not the environment; and the
environment handed to a function the file defines is that function's to read, its result
not labelled); a network call whose line names a labelled variable sends it.
``eval``/``new Function``/``vm.run*`` of decoded (``atob``, ``Buffer.from(..., 'base64')``)
or fetched text is remote or obfuscated code. Strings given to ``child_process`` are
analysed as shell commands.
"""

from __future__ import annotations

import re

from skillctl.security import facts as F
from skillctl.security import shell

_STRING = re.compile(r"""(["'`])((?:\\.|(?!\1)[^\\\n])*)\1""")
_ASSIGN = re.compile(r"\b(?:const|let|var)?\s*([A-Za-z_$][\w$]*)\s*=(?![=>])")
_DESTRUCTURE = re.compile(r"\b(?:const|let|var)\s*[{\[]([^}\]]*)[}\]]\s*=(?!=)")
_IDENT = re.compile(r"[A-Za-z_$][\w$]*")
#: A name that may be a variable: not a property after a dot (``process.env``'s ``env``),
#: but a spread one (``{...env}``).
_VARIABLE = re.compile(r"(?:(?<=\.\.\.)|(?<!\.))(?<![\w$])[A-Za-z_$][\w$]*")
_NETWORK = re.compile(
    r"\bfetch\s*\(|\baxios(?:\.\w+)?\s*\(|\bhttps?\.(?:request|get)\s*\(|\bgot(?:\.\w+)?\s*\(|"
    r"\bXMLHttpRequest\b|\bsendBeacon\s*\(|\bnew\s+WebSocket\s*\(|\bnet\.(?:connect|"
    r"createConnection)\s*\(|\bdgram\b|\.send\s*\(|\bnodemailer\b|\bky(?:\.\w+)?\s*\(|"
    r"\bsuperagent\b|\bneedle\s*\(|\bundici\b|\brequest\s*\(")
_SENDING = re.compile(r"\bmethod\s*:\s*['\"](?:POST|PUT|PATCH)|\bbody\s*:|\baxios\.(?:post|put|"
                      r"patch)\b|\bgot\.(?:post|put)\b|\.send\s*\(|sendBeacon|\.write\s*\(|"
                      r"\bky\.(?:post|put)\b|\bdns\.|\bresolve\w*\s*\(", re.IGNORECASE)
_EXEC = re.compile(r"\beval\s*\(|\bnew\s+Function\s*\(|\bFunction\s*\(|\bvm\.run\w*\s*\(")
#: a timer evaluates its first argument only when that is a string: a literal, or a variable
#: (``setTimeout(r, 4000)`` inside ``(r) => ...`` passes a function, not code)
_TIMER = re.compile(r"\bset(?:Timeout|Interval)\s*\(\s*(?:(['\"`])|([A-Za-z_$][\w$]*)\s*[,)])")
_DECODE = re.compile(r"\batob\s*\(|Buffer\.from\s*\([^)]*['\"](?:base64|hex)['\"]|"
                     r"\bfromCharCode\b|\bdecodeURIComponent\s*\(\s*escape")
_FETCHED = re.compile(r"\bfetch\s*\(|\.text\s*\(\s*\)|\baxios\b|\bhttps?\.get\s*\(|\bgot\b")
_CHILD = re.compile(r"\b(?:exec|execSync|spawn|spawnSync|execFile|execFileSync|execa|"
                    r"execaCommand|\$)\s*\(\s*([\"'`])((?:\\.|(?!\1)[^\\])*)\1")
_CHILD_ARRAY = re.compile(r"\b(?:spawn|spawnSync|execFile|execFileSync|execa)\s*\(\s*([\"'])"
                          r"([^\"']+)\1\s*,\s*\[([^\]]*)\]")
_ENV_KEY = re.compile(r"process\.env(?:\.([A-Za-z_]\w*)|\[\s*['\"]([^'\"]+)['\"]\s*\])|"
                      r"Deno\.env\.get\(\s*['\"]([^'\"]+)['\"]")
_ENV_ALL = re.compile(r"process\.env(?![\w.\[])|Deno\.env\.toObject\(")
#: The whole environment given to a named function (``resolveProvider(process.env, p)``).
_ENV_ARGUMENT = re.compile(r"\b([A-Za-z_$][\w$]*)\s*\(\s*process\.env\s*[,)]")
#: Functions the source defines itself (``function f(``, ``const f = (...) =>``).
_DEFINED = re.compile(
    r"\bfunction\s*\*?\s*([A-Za-z_$][\w$]*)\s*\(|"
    r"\b(?:const|let|var)\s+([A-Za-z_$][\w$]*)\s*=\s*(?:async\s+)?"
    r"(?:function\b|\([^)]*\)\s*=>|[A-Za-z_$][\w$]*\s*=>)")
_READ = re.compile(r"\b(?:readFileSync|readFile|createReadStream|readdirSync|Deno\.readTextFile|"
                   r"Bun\.file)\s*\(")
_WRITE = re.compile(r"\b(?:writeFileSync|writeFile|appendFileSync|appendFile|"
                    r"createWriteStream|Deno\.writeTextFile|Bun\.write)\s*\(")
_REMOVE = re.compile(r"\b(?:rmSync|rm|rmdirSync|rimraf|remove|removeSync|emptyDirSync)\s*\(")
_HOST_PROPERTY = re.compile(r"\b(?:host|hostname)\s*:\s*['\"]([\w.:-]+)['\"]")
_WRITE_CALL = re.compile(r"\b([A-Za-z_$][\w$]*)\.(?:write|send|end)\s*\(")
_HOME = re.compile(r"\bos\.homedir\s*\(\s*\)|\bhomedir\s*\(\s*\)|process\.env\.HOME\b")


def _strip_comments(source: str) -> str:
    """Blank ``//`` and ``/* */`` comments outside strings (newlines kept)."""
    out: list[str] = []
    i, n = 0, len(source)
    quote = ""
    while i < n:
        ch = source[i]
        if quote:
            out.append(ch)
            if ch == "\\" and i + 1 < n:
                out.append(source[i + 1])
                i += 2
                continue
            if ch == quote or (ch == "\n" and quote != "`"):
                quote = ""
            i += 1
            continue
        if ch in "'\"`":
            quote = ch
            out.append(ch)
            i += 1
            continue
        if source.startswith("//", i) and (i == 0 or source[i - 1] != ":"):
            end = source.find("\n", i)
            i = n if end < 0 else end
            continue
        if source.startswith("/*", i):
            end = source.find("*/", i + 2)
            end = n if end < 0 else end + 2
            out.append("\n" * source.count("\n", i, end))
            i = end
            continue
        out.append(ch)
        i += 1
    return "".join(out)


#: Labels of data that a timer or ``eval`` would run as code.
_CODE_LABELS = frozenset({"download", "decoded"})


def _blank_spans(line: str, spans: list[tuple[int, int]]) -> str:
    """``line`` with each span written over with spaces (offsets kept)."""
    if not spans:
        return line
    chars = list(line)
    for start, end in spans:
        chars[start:end] = " " * (end - start)
    return "".join(chars)


def _evaluating_timer(line: str, labels: dict[str, set[str]]) -> bool:
    """A ``setTimeout``/``setInterval`` on ``line`` that may evaluate a string: a string
    literal, or a variable that holds fetched or decoded data and is not a parameter of an
    arrow function on the same line."""
    for match in _TIMER.finditer(line):
        quote, name = match.groups()
        if quote:
            return True
        arrow_parameter = re.search(rf"(?:\(\s*{re.escape(name)}\s*\)|\b{re.escape(name)})\s*=>",
                                    line)
        if not arrow_parameter and labels.get(name, set()) & _CODE_LABELS:
            return True
    return False


#: A member read of any name (``env.KEY``, ``env?.key``, ``env["KEY"]``).
_ANY_MEMBER = r"\s*(?:\?\.|\.|\[)\s*[\w$'\"]"
#: A member read of an environment variable's name (``cfg.WECHAT_APP_SECRET``,
#: ``cfg["API_KEY"]``), not a method of the text (``cfg.split``).
_ENV_KEY_MEMBER = r"\s*(?:(?:\?\.|\.)\s*[A-Z_][A-Z0-9_]*(?![\w$])|\[\s*['\"])"


def _members_only(line: str, name: str, member: str = _ANY_MEMBER) -> bool:
    """Whether ``name`` is used on ``line`` only to read a member (``env.KEY``,
    ``env?.KEY``, ``env["KEY"]``), of the kind ``member`` matches."""
    uses = re.findall(rf"(?<![\w$.]){re.escape(name)}(?![\w$])({member})?", line)
    return bool(uses) and all(uses)


def _only_given_to(line: str, defined: set[str]) -> bool:
    """Whether every whole-environment read on ``line`` is an argument of a function the
    source defines (``resolveProvider(process.env, p)``)."""
    given = sum(1 for match in _ENV_ARGUMENT.finditer(line) if match.group(1) in defined)
    return given > 0 and given == len(_ENV_ALL.findall(line))


def analyze(source: str, emit: F.Emit) -> None:
    """Emit the facts of JavaScript or TypeScript source."""
    labels: dict[str, set[str]] = {}
    #: variables holding a request or a socket, with the host it goes to
    connections: dict[str, str] = {}
    shell_state = shell.ShellState()
    stripped = _strip_comments(source)
    defined = {a or b for a, b in _DEFINED.findall(stripped)}
    for number, line in enumerate(stripped.split("\n"), 1):
        if len(line) > 4000:
            line = line[:4000]
        strings = [m.group(2) for m in _STRING.finditer(line)]
        joined = "/".join(strings)
        line_labels: set[str] = set()
        assignments = list(_ASSIGN.finditer(line))
        destructured = list(_DESTRUCTURE.finditer(line))
        # the names a line assigns take their labels from what it assigns, not from the
        # value they held before (``const url = ...`` in the next function is a new value)
        rhs = _blank_spans(line, [m.span(1) for m in assignments + destructured])
        for ident in _VARIABLE.findall(rhs):
            held = labels.get(ident)
            if held:
                if "env" in held and _members_only(line, ident):
                    held = held - {"env"}  # env.OPENAI_API_KEY: one variable, not a dump
                if "dotenv" in held and _members_only(line, ident, _ENV_KEY_MEMBER):
                    # a parsed .env file's cfg.WECHAT_APP_SECRET: one variable, as
                    # os.environ["X"] is (its text's .split("=") is still the file)
                    held = held - {"dotenv"}
                line_labels |= held
        # the strings joined as path.join joins them (".kube", "config"), else one by one
        # (readFileSync(".env", "utf8") is no ".env/utf8")
        store = (F.credential_store(joined) or next(
            filter(None, map(F.credential_store, strings)), None)) if strings else None
        home = _HOME.search(line) is not None
        if store is not None:
            # a .env file holds environment variables: its parsed keys are read as the
            # environment's are
            line_labels.add("dotenv" if store == F.DOTENV else "credential")
            emit(F.CREDENTIAL, store, number, f"names {store}", "")
        if _ENV_ALL.search(line):
            # given to a function of this file, the environment is that function's to read:
            # what it returns (a provider's name, a request to the key's own API) is not
            # the environment, and its own lines are analysed as they stand
            if not _only_given_to(line, defined):
                line_labels.add("env")
            emit(F.ENV_DUMP, "process.env", number, "reads the whole environment", "")
        if _DECODE.search(line):
            line_labels.add("decoded")
        if _FETCHED.search(line):
            line_labels.add("download")
        for match in _ENV_KEY.finditer(line):
            emit(F.ENV, match.group(1) or match.group(2) or match.group(3), number, "", "")
        for text in strings:
            for url in F.URL_RE.findall(text):
                emit(F.URL, url, number, "", "")
                host = F.host_of(url)
                if host:
                    emit(F.HOST, host, number, "", "")
        assigned = [m.group(1) for m in assignments]
        for match in destructured:
            assigned += _IDENT.findall(match.group(1))
        functions = {a or b for a, b in _DEFINED.findall(line)}
        for name in assigned:
            # a function that fetches when called holds no fetched text (``const beat = ()
            # => fetch('/heartbeat')`` given to ``setInterval``); what it reads, it may return
            held = line_labels - _CODE_LABELS if name in functions else line_labels
            if held:
                labels[name] = set(held)
            else:
                labels.pop(name, None)
        if _EXEC.search(line) or _evaluating_timer(line, labels):
            if "download" in line_labels:
                emit(F.REMOTE_EXEC, "eval", number, "evaluates code fetched from the network",
                     "high")
            elif "decoded" in line_labels:
                emit(F.DECODE_EXEC, "eval", number, "evaluates decoded data", "high")
        host_property = _HOST_PROPERTY.search(line)
        if host_property:
            emit(F.HOST, host_property.group(1), number, "", "")
        writer = _WRITE_CALL.search(line)
        network = _NETWORK.search(line)
        if network or (writer and writer.group(1) in connections):
            urls = [u for s in strings for u in F.URL_RE.findall(s)]
            host = F.host_of(urls[0]) if urls else host_property.group(1) if host_property \
                else connections.get(writer.group(1), "") if writer else ""
            if network:
                for name in assigned:
                    connections[name] = host
            sending = _SENDING.search(line) is not None
            if sending:
                emit(F.SEND, host or "?", number, "sends data over the network", "")
            if {"credential", "dotenv", "env"} & line_labels:
                what = ("credentials" if line_labels & {"credential", "dotenv"}
                        else "environment variables")
                emit(F.EXFIL, host or "?", number, f"sends {what} to {host or 'a server'}",
                     "high")
        for match in _CHILD.finditer(line):
            shell.analyze(match.group(2), emit, line_offset=number - 1, state=shell_state)
        for match in _CHILD_ARRAY.finditer(line):
            args = " ".join(m.group(2) for m in _STRING.finditer(match.group(3)))
            shell.analyze(f"{match.group(2)} {args}", emit, line_offset=number - 1,
                          state=shell_state)
        path = ("~/" if home else "") + joined
        if _READ.search(line) and strings and F.outside_skill(path):
            emit(F.READ, path, number, "", "")
        if _WRITE.search(line) and (strings or home):
            if F.persistence_target(path):
                emit(F.PERSIST, path, number, f"writes {path}, which runs later", "")
            if F.outside_skill(path):
                emit(F.WRITE, path, number, "", "")
        if _REMOVE.search(line) and "recursive" in line:
            target = "~" if home and not strings else path
            if F.wipe_target(target):
                emit(F.DESTROY, target, number, f"deletes {target} recursively", "high")
