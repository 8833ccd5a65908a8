"""Capabilities of shell text: scripts, fenced ``bash`` blocks, inline commands.

Works on :func:`skillctl.security.shlex_lite.tokenize`'s commands. Each pipeline is followed
from its first command to its last with a set of *labels* for the data on the pipe
("download", "decoded", "credential", "env"); a variable assigned from a command
substitution keeps the labels of that command, and a file written by ``curl -o`` is
remembered as downloaded. So ``curl … | sh``, ``bash <(curl …)``, ``eval "$(echo … | base64
-d)"``, ``K=$(cat ~/.ssh/id_rsa); curl -d "$K" …`` and ``curl -o x.sh …; bash x.sh`` are told
apart from ``curl -o out.json …`` or ``cat config.json``. Nothing is run or expanded.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from skillctl.security import facts as F
from skillctl.security.shlex_lite import MAX_DEPTH, Simple, Word, pipelines, tokenize

#: Words in front of the command that still run it.
_PREFIXES = frozenset({"sudo", "doas", "env", "nohup", "time", "command", "builtin", "exec",
                       "nice", "ionice", "timeout", "stdbuf", "xargs", "then", "else", "do",
                       "if", "elif", "while", "until", "!", "{", "caffeinate", "watch"})
#: Options of prefixes that take a value (``timeout 10``, ``sudo -u root``, ``xargs -I {}``).
_PREFIX_VALUE_OPTIONS = frozenset({"-u", "-g", "-I", "-n", "-P", "-s", "-k", "-L", "-C"})
#: Not worth listing as "commands run": shell syntax and builtins without effects outside.
_QUIET = frozenset({
    "echo", "printf", "cd", "export", "local", "declare", "readonly", "set", "unset", "shift",
    "return", "exit", "true", "false", ":", "read", "test", "[", "[[", "]]", "]", "fi",
    "done", "esac", "case", "for", "in", "function", "then", "else", "do", "}", "trap",
    "wait", "break", "continue", "pushd", "popd", "shopt", "typeset", "let", "getopts",
    "alias", "type", "hash", "umask", "ulimit", "pwd", "sleep", "basename", "dirname",
})
#: Commands whose output carries their input (labels pass through them).
_READERS = frozenset({"cat", "head", "tail", "less", "more", "base64", "xxd", "od", "tar",
                      "zip", "gzip", "bzip2", "xz", "gpg", "openssl", "cp", "scp", "rsync",
                      "strings", "sqlite3", "grep", "awk", "sed", "jq", "tee", "dd", "cut",
                      "sort", "find", "ls", "zstd", "7z", "security", "secret-tool", "type",
                      "get-content", "gc", "copy-item", "compress-archive", "base32",
                      "tr", "rev", "fold", "split", "basenc", "uuencode", "hexdump"})
_CURL_DATA = ("-d", "--data", "--data-binary", "--data-raw", "--data-urlencode", "-F",
              "--form", "--form-string", "-T", "--upload-file", "--json")
_CURL_OUTPUT = ("-o", "--output", "-O", "--remote-name", "--output-dir", "-D")
_SOCKET_TOOLS = frozenset({"nc", "ncat", "netcat", "socat", "telnet", "openssl"})
_DNS_TOOLS = frozenset({"dig", "nslookup", "host", "drill", "resolvectl"})
_COPY_TOOLS = frozenset({"scp", "rsync", "sftp"})
_WRITERS = frozenset({"cp", "mv", "install", "ln", "rsync", "copy-item", "move-item"})
_SPECIAL_VARS = frozenset({"HOME", "PWD", "OLDPWD", "PATH", "SHELL", "USER", "IFS", "RANDOM",
                           "LINENO", "BASH_SOURCE", "SECONDS", "UID", "EUID", "PPID",
                           "TMPDIR", "BASH_REMATCH", "FUNCNAME", "OSTYPE", "HOSTNAME",
                           "PIPESTATUS", "REPLY", "OPTARG", "OPTIND", "BASH_VERSION",
                           "LOGNAME", "TERM", "LANG", "COLUMNS", "LINES", "TMP", "TEMP"})
_VAR_RE = re.compile(r"\$(?:\{([A-Za-z_]\w*)|([A-Za-z_]\w*))")
_ASSIGNED_RE = re.compile(
    r"(?:^|[\s;&|({])(?:export\s+|local\s+|readonly\s+|declare\s+(?:-\w+\s+)*)?"
    r"([A-Za-z_]\w*)(?:\[[^\]]*\])?\+?=|\bread\s+(?:-\w+\s+)*([A-Za-z_]\w*)|"
    r"\bfor\s+([A-Za-z_]\w*)\s+in\b|\$\{([A-Za-z_]\w*):?=")
_DECODE_FLAGS = frozenset({"-d", "--decode", "-D", "-r", "-revert"})


@dataclass(slots=True)
class ShellState:
    """What one script (or one document's commands) has set up so far."""

    #: variables assigned in the text, and the labels of what they hold
    variables: dict[str, frozenset[str]] = field(default_factory=dict)
    #: names assigned anywhere in the text: not environment reads
    local_names: frozenset[str] = frozenset()
    #: literal values of variables (``TARGET=~``), for the paths of deletes and runs
    values: dict[str, str] = field(default_factory=dict)
    #: files written by a download (``curl -o x.sh``), with the file's line
    downloaded: dict[str, int] = field(default_factory=dict)
    #: the file line before the text analysed now (a document's code block or inline
    #: command; 0 for a script): what turns the text's lines into the file's
    line_base: int = 0
    #: the URL each downloaded file came from, when the command shows it
    download_urls: dict[str, str] = field(default_factory=dict)
    #: downloaded files whose checksum is printed (``sha256sum x.sh``), not checked
    checksum_shown: set[str] = field(default_factory=set)
    #: the URL of the last download command ("" when it showed none): the source of what it
    #: pipes into a shell (the pipeline may run over several lines)
    piped_url: str = ""
    #: what ``echo``/``printf`` printed, by line (what a ``| crontab -`` installs)
    echoed: dict[int, list[str]] = field(default_factory=dict)
    #: what the whole text has done: its labels, for the co-occurrence checks
    reads_credentials: bool = False
    sends: bool = False
    #: the folder a ``cd DIR &&`` moved the next command to (None: not known); only a
    #: command joined by ``&&`` runs there for sure (after ``cd DIR;`` it may run anywhere)
    cwd: str | None = None
    #: the text is PowerShell read as shell (:func:`powershell_as_shell`): a statement that
    #: starts with ``$name`` yields a value and runs nothing
    powershell: bool = False


def local_names(text: str) -> frozenset[str]:
    """Variable names a shell text assigns itself (not read from the environment)."""
    return frozenset(next(g for g in m.groups() if g) for m in _ASSIGNED_RE.finditer(text))


#: A PowerShell assignment where a statement starts (``$f = ...``, ``[string]$f += ...``):
#: the statement is its right-hand side
_PS_ASSIGNMENT = re.compile(
    r"(?m)(^|[;{]|\|\|?|&&)([ \t]*)((?:\[[\w.\[\], ]+\][ \t]*)*\$[\w:]+[ \t]*"
    r"(?:[-+*/%]|\?\?)?=(?![=~]))")
#: PowerShell's call operator where a statement starts (``& $f``): it runs what follows, as
#: the shell's ``.`` does
_PS_CALL = re.compile(r"(?m)(^|[;{(|]|&&)([ \t]*)&(?=[ \t])")
#: ``Start-Process FILE`` (``saps``, ``-FilePath FILE``) where a statement starts: it runs FILE
_PS_START = re.compile(r"(?mi)(^|[;{(|]|&&)([ \t]*)((?:Start-Process|saps)(?:[ \t]+-FilePath)?)"
                       r"(?=[ \t])")


def powershell_as_shell(text: str) -> str:
    """A PowerShell script (``.ps1``, ``.psm1``) as the shell reader can take it, every line
    where it was: a backtick is PowerShell's escape (``\\`` here, not a command
    substitution), an assignment's ``$name =`` is blanked (the right-hand side is the
    command), and the call operator ``&`` and ``Start-Process FILE`` are the shell's ``.``.
    Parentheses stay: what they group reads as a subshell, where a bare ``$name`` runs
    nothing (``ShellState.powershell``), as ``if ($f)`` and ``[IO.File]::OpenRead($f)`` do not
    run ``$f`` (found on Microsoft's dotnet/skills scripts, which download symbols and only
    read them)."""
    text = text.replace("`", "\\")
    text = _PS_ASSIGNMENT.sub(lambda m: m.group(1) + m.group(2) + " " * len(m.group(3)), text)
    text = _PS_START.sub(lambda m: m.group(1) + m.group(2) + "." + " " * (len(m.group(3)) - 1),
                         text)
    return _PS_CALL.sub(lambda m: m.group(1) + m.group(2) + ".", text)


def analyze(text: str, emit: F.Emit, *, line_offset: int = 0,
            state: ShellState | None = None, depth: int = 0,
            powershell: bool = False) -> ShellState:
    """Emit the facts of a shell text (``line_offset`` is added to its 1-based lines);
    ``powershell``: the text is a PowerShell script (:func:`powershell_as_shell`)."""
    if powershell:
        text = powershell_as_shell(text)
    if state is None:
        state = ShellState(local_names=local_names(text), powershell=powershell)
    if depth > MAX_DEPTH:
        return state
    for group in pipelines(tokenize(_without_case_patterns(text))):
        _pipeline(group, emit, line_offset, state, depth)
    return state


#: A ``case`` clause's patterns at a line's start (``uvx|curl|python)``, ``*.sh|*.bash)``):
#: alternatives to match, no pipeline; only what follows the ``)`` runs.
_CASE_PATTERNS = re.compile(
    r"^([ \t]*\(?)([^\s()|;&<>`]+(?:[ \t]*\|[ \t]*[^\s()|;&<>`]+)*[ \t]*\))", re.MULTILINE)


def _without_case_patterns(text: str) -> str:
    """``text`` with the patterns of its ``case`` clauses blanked (lines and columns kept)."""
    if "esac" not in text or not re.search(r"\bcase\b", text):
        return text
    return _CASE_PATTERNS.sub(lambda m: m.group(1) + " " * len(m.group(2)), text)


def _basename(word: str) -> str:
    name = word.rsplit("/", 1)[-1].rsplit("\\", 1)[-1].lower()
    return name[:-4] if name.endswith((".exe", ".ps1")) else name


def _command_words(command: Simple) -> list[Word]:
    """The words from the command name on: assignments and prefixes (sudo, env, ...)
    skipped."""
    words = command.words
    i = 0
    while i < len(words):
        text = words[i].text
        if re.match(r"^[A-Za-z_]\w*(\[[^\]]*\])?\+?=", text) and not words[i].quoted:
            i += 1
            continue
        name = _basename(text)
        if name == "env" and all(w.text.startswith("-") or "=" in w.text
                                 for w in words[i + 1 :]):
            break  # `env` alone lists the environment
        if name in _PREFIXES:
            i += 1
            while i < len(words) and words[i].text.startswith("-"):
                takes_value = words[i].text in _PREFIX_VALUE_OPTIONS
                i += 2 if takes_value else 1
            if name == "timeout" and i < len(words) and words[i].text[:1].isdigit():
                i += 1
            continue
        break
    return words[i:]


def _sub_labels(inner: str, emit: F.Emit, line: int, state: ShellState,
                depth: int) -> frozenset[str]:
    """Analyse a command substitution; return the labels of its output."""
    if depth >= MAX_DEPTH:
        return frozenset()
    labels: set[str] = set()
    sub_state = state
    for group in pipelines(tokenize(inner)):
        labels |= _pipeline(group, emit, line - 1, sub_state, depth + 1, fixed_line=line)
    return frozenset(labels)


def _pipeline(group: list[Simple], emit: F.Emit, offset: int, state: ShellState,
              depth: int, fixed_line: int | None = None) -> set[str]:
    """Follow one pipeline; return the labels of its final output."""
    flowing: set[str] = set()
    for command in group:
        line = fixed_line if fixed_line is not None else command.line + offset
        flowing = _command(command, flowing, emit, line, state, depth)
        words = _command_words(command) if command.and_then else []
        moved = len(words) == 2 and words[0].text == "cd"
        folder = _expand(words[1].text, state).strip("\"'") if moved else ""
        # a folder the text does not spell out (`cd "$WORK"`: maybe empty, so no move) is
        # not known; the home folder's variable is
        known = folder and (not any(c in folder for c in "$`") or folder in _HOME_VARIABLES)
        state.cwd = folder if known else None
    # `bash <<EOF` or `cat <<EOF | sh`: the here-document is code
    bodies = [c for c in group if c.heredoc is not None]
    runs_shell = any(words and _basename(words[0].text) in F.SHELL_INTERPRETERS
                     for words in (_command_words(c) for c in group))
    if bodies and runs_shell and depth < MAX_DEPTH:
        for command in bodies:
            body_offset = (fixed_line - 1 if fixed_line is not None
                           else command.heredoc_line + offset - 1)
            analyze(command.heredoc or "", emit, line_offset=body_offset, state=state,
                    depth=depth + 1)
    return flowing


def _word_labels(word: Word, emit: F.Emit, line: int, state: ShellState,
                 depth: int) -> frozenset[str]:
    labels: set[str] = set()
    for inner in word.subs:
        labels |= _sub_labels(inner, emit, line, state, depth)
    for match in _VAR_RE.finditer(word.text):
        name = match.group(1) or match.group(2)
        labels |= state.variables.get(name, frozenset())
    return frozenset(labels)


def _command(command: Simple, incoming: set[str], emit: F.Emit, line: int, state: ShellState,
             depth: int) -> set[str]:
    """Emit one command's facts; return the labels of its output."""
    # Assignments (VAR=value, on their own or before a command) label the variable.
    for word in command.words:
        m = re.match(r"^([A-Za-z_]\w*)\+?=", word.text)
        if m is None or word.quoted:
            break
        state.variables[m.group(1)] = _word_labels(word, emit, line, state, depth)
        _urls(word.text, emit, line)
        _environment(word.text[m.end():], emit, line, state)
        value = word.text[m.end():]
        if not word.subs and "$(" not in value:
            state.values[m.group(1)] = _expand(value, state)
    words = _command_words(command)
    if words and words[0].text == "for" and len(words) > 3 and words[2].text == "in":
        # for NAME in WORDS: NAME holds what the words hold
        loop_labels: frozenset[str] = frozenset()
        for word in words[3:]:
            loop_labels |= _word_labels(word, emit, line, state, depth)
        state.variables[words[1].text] = loop_labels
    args_labels: set[str] = set()
    for word in words:
        args_labels |= _word_labels(word, emit, line, state, depth)
        _environment(word.text, emit, line, state)
        _urls(word.text, emit, line)
        # a credential path inside a URL (curl http://host/.ssh/id_rsa) names a remote file:
        # nothing of this machine is read
        store = None if "://" in word.text else F.credential_store(word.text)
        if store is not None:
            args_labels.add("credential")
            state.reads_credentials = True
            emit(F.CREDENTIAL, store, line, f"names {store}", "")
    for op, target in command.redirects:
        _environment(target.text, emit, line, state)
        args_labels |= _word_labels(target, emit, line, state, depth)
        if op == "<" and F.credential_store(target.text):
            args_labels.add("credential")
            emit(F.CREDENTIAL, F.credential_store(target.text) or "", line,
                 f"reads {target.text}", "")
        echoed = ([w.text for w in words[1:] if not w.text.startswith("-")]
                  if words and _basename(words[0].text) in ("echo", "printf") else None)
        if echoed is None and command.heredoc is not None:
            echoed = command.heredoc.split("\n")
        _redirect(op, target, emit, line, state, echoed)
    if command.heredoc is not None:
        _environment(command.heredoc, emit, line, state)
        _urls(command.heredoc, emit, line)
    if not words:
        return set(incoming | args_labels)
    name = _basename(words[0].text)
    argv = [w.text for w in words]
    if name in ("echo", "printf"):
        state.echoed.setdefault(line, []).extend(a for a in argv[1:] if not a.startswith("-"))
    if name not in _QUIET and re.match(r"^[\w.+@-]+$", name):
        emit(F.COMMAND, name, line, "", "")
    if name in VERIFIERS:
        # a download checked against a pinned checksum or a signature before it runs is the
        # reviewed code; one whose checksum is only printed is compared by someone, maybe
        checks = _has_flag(argv, "-c", "--check", "--verify", "-V") or (
            name in ("cosign", "gpgv") and len(argv) > 1)
        # `echo "HASH  x.sh" | sha256sum -c -`: the file is named in what is piped in
        piped = [w for text in state.echoed.get(line, []) for w in text.split()]
        for arg in [*argv[1:], *piped]:
            file = _expand(arg, state).strip("\"'").removeprefix("./")
            if file in state.downloaded:
                if checks:
                    del state.downloaded[file]
                else:
                    state.checksum_shown.add(file)
    ran = _expand(argv[0], state).strip("\"'").removeprefix("./")
    if state.powershell and argv[0].startswith("$"):
        ran = ""  # (PowerShell: a bare variable is a value; `& $f` or `. $f` runs it)
    if ran in state.downloaded and name not in F.DOWNLOADERS:
        emit(F.REMOTE_EXEC, ran, line, f"runs {ran}, {_downloaded_from(ran, state)}", "high")
    labels = _effects(name, argv, words, incoming, args_labels, command, emit, line, state,
                      depth)
    return labels


def _expand(text: str, state: ShellState) -> str:
    """``text`` with the variables whose literal value is known replaced by it."""
    if "$" not in text or not state.values:
        return text

    def value(match: re.Match[str]) -> str:
        name = match.group(1) or match.group(2)
        return state.values.get(name, match.group(0))

    return _VAR_RE.sub(value, text)


def _environment(text: str, emit: F.Emit, line: int, state: ShellState) -> None:
    for match in _VAR_RE.finditer(text):
        name = match.group(1) or match.group(2)
        if name not in _SPECIAL_VARS and name not in state.local_names:
            emit(F.ENV, name, line, "", "")


def _urls(text: str, emit: F.Emit, line: int) -> None:
    for url in F.URL_RE.findall(text):
        emit(F.URL, url, line, "", "")
        host = F.host_of(url)
        if host:
            emit(F.HOST, host, line, "", "")


def _redirect(op: str, target: Word, emit: F.Emit, line: int, state: ShellState,
              content: list[str] | None = None) -> None:
    path = target.text
    if path.startswith(("/dev/tcp/", "/dev/udp/")):
        host = path.split("/")[3] if path.count("/") >= 3 else "?"
        emit(F.HOST, host, line, "", "")
        emit(F.SEND, host, line, f"opens a network connection through {path[:8]}", "")
        state.sends = True
        return
    if op in (">", ">>", ">|", "&>", "&>>", "<>"):
        _write(path, emit, line, content)
    elif op == "<" and F.outside_skill(path):
        emit(F.READ, path, line, "", "")


def _write(path: str, emit: F.Emit, line: int, content: list[str] | None = None) -> None:
    if F.persistence_target(path):
        # `echo 'export KEY=...' >> ~/.bashrc` only sets a variable: setup, reported as info
        settles = content is not None and bool(content) and all(
            re.match(r"^\s*export\s+\w+=[^`$]*(\$\w+|\$\{\w+\}|[^`$])*$", c) and
            "$(" not in c for c in content if c.strip())
        fetches = content is not None and _persisted(content, emit, line)
        emit(F.PERSIST, path, line, f"writes {path}, which runs later" + (
            " (and what it runs downloads code)" if fetches else ""),
             "high" if fetches else "low" if settles else "")
    if F.outside_skill(path):
        emit(F.WRITE, path, line, "", "")


_CRON_FIELDS = re.compile(r"^\s*(?:@\w+|(?:[\d*/,-]+\s+){5})")
_FETCHES = ("curl", "wget", "iwr", "invoke-webrequest", "invoke-restmethod", "http://",
            "https://")


_XML_DECLARED_URL = re.compile(r"<!DOCTYPE[^>]*>|\bxmlns(?::\w+)?\s*=\s*[\"'][^\"']*[\"']",
                               re.IGNORECASE)


def _persisted(content: list[str], emit: F.Emit, line: int) -> bool:
    """Analyse what is made to run later (a cron line, rc lines, a unit file) as shell, its
    facts on ``line``; True when it downloads something."""
    text = "\n".join(_CRON_FIELDS.sub("", c, count=1) for c in content).replace("&amp;", "&")
    shell_facts: list[str] = []

    def nested(kind: str, value: str, _line: int, detail: str, level: str) -> None:
        shell_facts.append(kind)
        emit(kind, value, line, detail, level)

    analyze(text, nested, state=ShellState(local_names=local_names(text)), depth=MAX_DEPTH - 2)
    # a plist's or unit's document type and XML namespaces are URLs that nothing fetches
    fetched = _XML_DECLARED_URL.sub("", text).lower()
    return F.REMOTE_EXEC in shell_facts or any(f in fetched for f in _FETCHES)


#: An argument written as a placeholder or left out (``<base64>``, ``...``): no value to run.
_ELIDED = re.compile(r"<[^<>]+>|\.\.\.|\u2026")


#: Options of scp, rsync and sftp that take the next word as their value, none of it sent:
#: the ssh command and its key (`-e "ssh -i ~/.ssh/deploy_key"`, `-i key`), a port, a
#: config file, what to leave out.
_COPY_VALUE_OPTIONS = frozenset({
    "-e", "--rsh", "-i", "-F", "-o", "-S", "-J", "-P", "-c", "-l", "--port", "--exclude",
    "--exclude-from", "--rsync-path"})
#: Options whose value chooses files that are sent.
_COPY_SENT_OPTIONS = ("--include=", "--files-from=")


def _copies_credentials(argv: list[str]) -> bool:
    """Whether an scp/rsync/sftp command line sends a credential store: one of its sources
    (the paths before the destination, `--include=` and `--files-from=` values) names one,
    or is a variable. The key ssh logs in with and an excluded `.env` are not sent."""
    sources: list[str] = []
    skip = False
    for arg in argv[1:]:
        if skip:
            skip = False
        elif arg in _COPY_VALUE_OPTIONS:
            skip = True
        elif arg.startswith(_COPY_SENT_OPTIONS):
            sources.append(arg.split("=", 1)[1])
        elif not arg.startswith("-"):
            sources.append(arg)
    positional = [a for a in argv[1:] if not a.startswith("-")]
    if positional and sources and sources[-1] == positional[-1]:
        sources.pop()  # the destination
    return any("$" in a or F.credential_store(a) is not None for a in sources)


def _flag_value(argv: list[str], flags: tuple[str, ...]) -> list[str]:
    """Values of options such as ``-o FILE``, ``--output=FILE``, ``-oFILE`` or, after other
    short options, ``-fsSLo FILE``."""
    found = []
    for i, arg in enumerate(argv):
        for flag in flags:
            if (arg == flag or (len(flag) == 2 and flag[1] != "-" and len(arg) > 2
                                and arg[0] == "-" and arg[-1] == flag[1]
                                and arg[1:-1].isalpha())) and i + 1 < len(argv):
                found.append(argv[i + 1])
            elif flag.startswith("--") and arg.startswith(flag + "="):
                found.append(arg[len(flag) + 1 :])
            elif (len(flag) == 2 and not flag.startswith("--") and arg.startswith(flag)
                  and len(arg) > 2 and not arg.startswith("--")):
                found.append(arg[2:])
    return found


def _has_flag(argv: list[str], *flags: str) -> bool:
    short = {f[1] for f in flags if len(f) == 2 and f[0] == "-" and f[1] != "-"}
    for arg in argv[1:]:
        if arg in flags or any(arg.startswith(f + "=") for f in flags if f.startswith("--")):
            return True
        if short and arg.startswith("-") and not arg.startswith("--") and \
                len(arg) <= 6 and any(ch in short for ch in arg[1:]):
            return True
    return False


def _first_host(argv: list[str]) -> str:
    for arg in argv[1:]:
        for url in F.URL_RE.findall(arg):
            host = F.host_of(url)
            if host:
                return host
    return ""


def _effects(name: str, argv: list[str], words: list[Word], incoming: set[str],
             args_labels: set[str], command: Simple, emit: F.Emit, line: int,
             state: ShellState, depth: int) -> set[str]:
    """The risky effects of one command, by what it is."""
    data_in = incoming | args_labels
    if name in F.DOWNLOADERS:
        return _downloader(name, argv, incoming, args_labels, emit, line, state,
                           _unauthenticating_labels(words, command, line, state, depth))
    if name in _SOCKET_TOOLS and (name != "openssl" or "s_client" in argv):
        hosts = [a for a in argv[1:] if not a.startswith("-") and not a.isdigit()]
        host = hosts[0] if hosts else "?"
        if host != "?" and not F.is_local_host(host) and "-l" not in argv:
            emit(F.HOST, host, line, "", "")
            fed = bool(incoming) or any(op.startswith("<") for op, _ in command.redirects)
            probe = any(re.fullmatch(r"-[a-yA-Z]*z[a-zA-Z]*", a) for a in argv[1:])
            if probe and not fed:  # `nc -zv 8.8.8.8 53`: a port probe sends nothing
                emit(F.SEND, host, line, f"probes a port with {name}", F.LITERAL)
                return set()
            emit(F.SEND, host, line, f"opens a raw connection with {name}", "")
            state.sends = True
            # what is piped in, or read from a file (`nc HOST PORT < ~/.ssh/id_rsa`)
            carried = incoming | (args_labels if fed else set())
            if {"credential", "env"} & carried:
                emit(F.EXFIL, host, line, f"sends {_what(carried)} with {name}", "high")
        return set()
    if name in _DNS_TOOLS:
        target = next((w for w in words[1:] if not w.text.startswith(("-", "@", "+"))), None)
        if target is not None and (target.subs or "$" in target.text):
            emit(F.SEND, target.text, line, "puts data in a DNS name (a DNS lookup leaks it)",
                 "")
            state.sends = True
            if {"credential", "env"} & _word_labels(target, emit, line, state, depth):
                emit(F.EXFIL, target.text, line, "sends secrets in DNS lookups", "high")
        return set()
    if name in _COPY_TOOLS:
        remote = [a for a in argv[1:] if re.match(r"^[\w.-]+@[\w.-]+:|^[\w.-]+\.[a-z]{2,}:", a)]
        if remote:
            host = remote[-1].split("@")[-1].split(":")[0]
            emit(F.HOST, host, line, "", "")
            emit(F.SEND, host, line, f"copies files to another machine with {name}", "")
            state.sends = True
            if "credential" in data_in and ("credential" in incoming
                                            or _copies_credentials(argv)):
                emit(F.EXFIL, host, line, f"copies {_what(data_in)} to {host}", "high")
    if name in ("mail", "sendmail", "mutt", "swaks"):
        emit(F.SEND, "mail", line, f"sends mail with {name}", "")
        state.sends = True
        if {"credential", "env"} & data_in:
            emit(F.EXFIL, "mail", line, f"mails {_what(data_in)}", "high")
    if name in F.SHELL_INTERPRETERS or name in F.CODE_INTERPRETERS or name in F.EVALUATORS:
        _interpreter(name, argv, words, incoming, emit, line, state, depth, command)
    dumps_env = ((name in ("env", "printenv", "set", "export")
                 and (len(argv) == 1 or argv[1:] == ["-p"]))
                 or (name in ("get-childitem", "gci", "dir") and argv[1:2] == ["env:"]))
    if dumps_env:
        emit(F.ENV_DUMP, name, line, "lists every environment variable", "")
        return {"env"}
    if name == "rm" or name == "remove-item" or name == "rmdir":
        _remove([_expand(a, state) for a in argv], emit, line, state.cwd)
    elif name == "find" and "-delete" in argv and argv[1:2]:
        _find_delete(argv, emit, line)
    elif name in ("mkfs", "wipefs") or name.startswith("mkfs.") or (
            name == "shred" and any(a.startswith("/dev/") for a in argv[1:])):
        # formatting a device is how storage is set up (an LVM volume, a server's data disk):
        # a warning that names the device, not an attack in itself
        emit(F.DESTROY, argv[-1], line, f"{name} erases the device {argv[-1]}", "")
    elif name == "dd" and (device := next((a[3:] for a in argv if a.startswith("of=/dev/")),
                                          None)):
        emit(F.DESTROY, device, line, f"dd writes over the device {device}", "")
    elif name == "shred":  # overwrites files: like rm, only home, system and outside paths
        for arg in (a for a in argv[1:] if not a.startswith("-")):
            if F.wipe_target(arg):
                emit(F.DESTROY, arg, line, f"shred overwrites {arg}", "high")
            elif F.outside_skill(arg) and not F.is_temporary(arg):
                emit(F.DESTROY, arg, line, f"shred overwrites {arg}, outside the skill", "")
    elif name == "chmod" and _has_flag(argv, "-R", "--recursive") and any(
            F.wipe_target(a) for a in argv[2:]):
        emit(F.DESTROY, argv[-1], line, "changes permissions of a whole home or system", "")
    # `crontab -l` lists, `-r` removes, `-e` opens the user's own editor: none installs a job
    if name == "crontab" and ("-" in argv[1:] or not any(
            a in ("-l", "-r", "-e") for a in argv[1:])):
        installed = state.echoed.get(line, [])
        fetches = bool(installed) and _persisted(installed, emit, line)
        emit(F.PERSIST, "crontab", line, "installs a cron job" + (
            " that downloads code" if fetches else ""), "high" if fetches else "")
    elif name == "launchctl" and argv[1:2] and argv[1] in ("load", "bootstrap", "enable",
                                                          "submit"):
        emit(F.PERSIST, "launchctl", line, "registers a launchd job", "")
    elif name == "systemctl" and any(a in ("enable", "link") for a in argv):
        emit(F.PERSIST, "systemctl", line, "enables a systemd unit", "")
    elif name in ("schtasks", "register-scheduledtask") and (
            "/create" in [a.lower() for a in argv] or name == "register-scheduledtask"):
        emit(F.PERSIST, name, line, "registers a scheduled task", "")
    if name in ("tee", "sponge"):
        for arg in argv[1:]:
            if not arg.startswith("-"):
                _write(arg, emit, line)
    elif name in _WRITERS and len(argv) > 2:
        targets = [a for a in argv[1:] if not a.startswith("-")]
        if targets:
            _write(targets[-1], emit, line)
            for source in targets[:-1]:
                if F.outside_skill(source):
                    emit(F.READ, source, line, "", "")
    elif name == "sed" and _has_flag(argv, "-i", "--in-place"):
        for arg in argv[2:]:
            if F.outside_skill(arg) and not arg.startswith("-"):
                _write(arg, emit, line)
    elif name in _READERS:
        for arg in argv[1:]:
            if not arg.startswith("-") and F.outside_skill(arg):
                emit(F.READ, arg, line, "", "")
    if (name in ("base64", "xxd", "openssl", "certutil") and _has_flag(argv, *_DECODE_FLAGS)) \
            or (name == "certutil" and "-decode" in [a.lower() for a in argv]):
        files = [a for a in argv[1:] if not a.startswith("-")]
        if NO_DATA in incoming and not files and not data_in & _CARRIED:
            # `echo <B64> | base64 -d | bash`: how to run a script packed by the agent, the
            # encoded text left out (ninety-fourth sample)
            return (data_in - {NO_DATA}) | {DECODED_NOTHING}
        return (data_in - {NO_DATA}) | {"decoded"}
    if name in ("echo", "printf") and not data_in & _CARRIED and not any(
            _ENCODED_DATA.search(_expand(arg, state)) for arg in argv[1:]):
        return set(data_in) | {NO_DATA}  # a placeholder or a variable of unknown value
    if name in _READERS or name in ("echo", "printf", "cat"):
        return set(data_in)
    return set(incoming)


#: Labels of data on a pipe: printed text that holds no encoded data (``echo <B64>``,
#: ``echo $B64`` of no known value), and that text decoded.
NO_DATA = "no-data"
DECODED_NOTHING = "decoded-nothing"
#: Labels of data that comes from somewhere: then its decoding hides what it carries.
_CARRIED = frozenset({"download", "credential", "env", "decoded"})
#: Encoded data written out: a base64 or hex run.
_ENCODED_DATA = re.compile(r"[A-Za-z0-9+/]{16,}={0,2}|(?:[0-9A-Fa-f]{2}){8,}")


def _what(labels: set[str] | frozenset[str]) -> str:
    if "credential" in labels and "env" in labels:
        return "credentials and environment variables"
    return "credentials" if "credential" in labels else "environment variables"


#: Commands that check a file's checksum or signature.
VERIFIERS = frozenset({"sha256sum", "sha512sum", "shasum", "b2sum", "b3sum", "gpg", "gpgv",
                       "cosign", "minisign", "get-filehash", "certutil"})
#: A request header that authenticates (``-H "Authorization: Bearer $KEY"``, ``X-Api-Key``).
_AUTH_HEADER = re.compile(r"^\s*(?:(?:proxy-)?authorization|x-[\w-]*(?:key|token|auth)[\w-]*|"
                          r"api[-_]?key|[\w-]*-token)\s*:", re.IGNORECASE)


def _unauthenticating_labels(words: list[Word], command: Simple, line: int, state: ShellState,
                             depth: int) -> set[str] | None:
    """The labels of a request's arguments other than its authentication headers, or None
    when it has no such header (then every argument counts)."""
    auth = {i for i in range(2, len(words)) if words[i - 1].text in ("-H", "--header")
            and _AUTH_HEADER.match(words[i].text)}
    if not auth:
        return None
    labels: set[str] = set()
    for i, word in enumerate(words[1:], 1):
        if i not in auth:
            labels |= _word_labels(word, lambda *_: None, line, state, depth)
    for _, target in command.redirects:
        labels |= _word_labels(target, lambda *_: None, line, state, depth)
    return labels


def _downloader(name: str, argv: list[str], incoming: set[str], args_labels: set[str],
                emit: F.Emit, line: int, state: ShellState,
                unauthenticating: set[str] | None = None) -> set[str]:
    if len(argv) < 2:
        return set()  # `curl | sh` named in prose as a kind of installer: it fetches nothing
    host = _first_host([_expand(a, state) for a in argv])
    if unauthenticating is not None and host and F.endpoint_kind(host) is None:
        # a key in the authentication header of a request to a named host is how an API is
        # called (read from .env, sent as "Authorization: Bearer ..."), not exfiltration
        args_labels = unauthenticating
    outputs = _flag_value(argv, _CURL_OUTPUT) if name in ("curl", "http", "xh") else []
    if name == "wget":
        outputs = _flag_value(argv, ("--output-document",))
        for i, arg in enumerate(argv):
            combined = re.match(r"^-[a-zA-Z]*O(.*)$", arg)
            if combined:
                value = combined.group(1) or (argv[i + 1] if i + 1 < len(argv) else "")
                outputs.append(value)
        if not outputs and _first_host(argv):
            urls = [a for a in argv if F.URL_RE.match(a)]
            outputs = [urls[0].rstrip("/").rsplit("/", 1)[-1]] if urls else []
    if name in ("iwr", "irm", "invoke-webrequest", "invoke-restmethod"):
        outputs = _flag_value(argv, ("-OutFile", "-outfile", "-o"))
    if name == "aria2c":
        outputs = [a for a in argv if F.URL_RE.match(a)][:1]
    if "credential" in args_labels and outputs and not any(
            "$" in arg or F.credential_store(arg) is not None
            for arg in argv[1:] if arg not in outputs):
        # "wget -O .env URL", "curl URL -o .env": the file the download is written to (a
        # template fetched as the user's .env), not one read and sent
        args_labels = args_labels - {"credential"}
    sending = False
    data_args: list[str] = []
    if name in ("curl",):
        data_args = _flag_value(argv, _CURL_DATA)
        method = [m.upper() for m in _flag_value(argv, ("-X", "--request"))]
        sending = bool(data_args) or any(m in ("POST", "PUT", "PATCH") for m in method)
    elif name == "wget":
        data_args = _flag_value(argv, ("--post-data", "--post-file", "--body-data",
                                       "--body-file"))
        sending = bool(data_args) or any(a.upper().endswith(("=POST", "=PUT")) for a in argv)
    elif name in ("iwr", "irm", "invoke-webrequest", "invoke-restmethod"):
        data_args = _flag_value(argv, ("-Body", "-body", "-InFile", "-infile"))
        method = [m.upper() for m in _flag_value(argv, ("-Method", "-method"))]
        sending = bool(data_args) or any(m in ("POST", "PUT", "PATCH") for m in method)
    elif name in ("http", "https", "xh"):
        sending = any(re.match(r"^[\w-]+:?=", a) for a in argv[1:]) or \
            any(a.upper() in ("POST", "PUT", "PATCH") for a in argv[1:3])
    for value in data_args:
        path = value.split("@", 1)[1] if "@" in value and not value.startswith("http") else ""
        if value.startswith("@") or "=@" in value or "=<" in value:
            path = value.split("@", 1)[-1] if "@" in value else value.split("<", 1)[-1]
        store = F.credential_store(path or value)
        if store is not None:
            args_labels = args_labels | {"credential"}
        if path and path != "-" and F.outside_skill(path):
            emit(F.READ, path, line, "", "")
    # a request whose every word is literal text (`-F 'score=300'` to a game's server in a
    # write-up) sends nothing read on this machine: it contacts the host, as a GET does
    literal = sending and not incoming and not any(
        "$" in arg or "`" in arg or "@" in arg or "<" in arg or arg in ("-T", "--upload-file")
        for arg in argv[1:] if not F.URL_RE.match(arg))
    if literal:
        emit(F.SEND, host or "?", line, f"{name} sends literal text", F.LITERAL)
    elif sending or (incoming and name == "curl" and ("-T" in argv or "@-" in " ".join(argv))):
        state.sends = True
        emit(F.SEND, host or "?", line, f"{name} sends data", "")
        carried = args_labels | (incoming if "@-" in " ".join(argv) or "-T" in argv
                                 or data_args else set())
        if {"credential", "env"} & carried and not F.is_local_host(host):
            # (to localhost, 127.0.0.1: the data stays on this machine)
            emit(F.EXFIL, host or "?", line, f"{name} sends {_what(carried)} to "
                 f"{host or 'a server'}", "high")
    elif {"credential", "env"} & args_labels and host and not F.is_local_host(host):
        # secrets in the URL of a GET request leave the machine too
        emit(F.EXFIL, host, line, f"{name} puts {_what(args_labels)} in a request to {host}",
             "high")
    urls = [a for a in (_expand(a, state) for a in argv[1:]) if F.URL_RE.match(a)]
    state.piped_url = urls[0] if urls else ""
    for output in outputs:
        if output and output != "-":
            saved = output.strip("\"'").removeprefix("./")
            state.downloaded[saved] = line + state.line_base
            if urls:
                state.download_urls[saved] = urls[0]
            _write(output, emit, line)
    if outputs and all(o != "-" for o in outputs):
        return set()
    return {"download"}


#: Said of decoded code run when the text holds no encoded data.
_NOTHING_SHOWN = " (the text holds no encoded data: its input is a placeholder or a variable)"


def _interpreter(name: str, argv: list[str], words: list[Word], incoming: set[str],
                 emit: F.Emit, line: int, state: ShellState, depth: int,
                 command: Simple) -> None:
    """A shell, an interpreter or eval/source: what code does it run?"""
    code_flags = ("-c", "-e", "-Command", "-command", "-EncodedCommand", "-enc", "-e",
                  "--eval", "-r", "-p", "-x")
    code_args = [w for i, w in enumerate(words[1:], 1) if words[i - 1].text in code_flags]
    positional = [w for w in words[1:] if not w.text.startswith("-") and w not in code_args]
    reads_stdin = not code_args and (not positional or argv[1:2] == ["-"] or "-s" in argv)
    if name in F.EVALUATORS:
        code_args = list(words[1:])
        reads_stdin = name in ("iex", "invoke-expression") and not words[1:]
    # the code: an argument (-c "...", eval "..."), a process substitution, or stdin
    piped_in = state.piped_url  # the source of what the pipe brings, named further down
    for word in [*code_args, *(w for w in positional if w.process_sub)]:
        state.piped_url = ""
        labels = _word_labels(word, lambda *a: None, line, state, depth)
        if "download" in labels:
            # the source named here: the quoted line may be clipped before its URL, or hold
            # other URLs (a proxy's, in another code span; ninety-fifth sample)
            source = state.piped_url or "the network"
            emit(F.REMOTE_EXEC, name, line, f"{name} runs code downloaded from {source}",
                 "high")
        elif "decoded" in labels:
            emit(F.DECODE_EXEC, name, line, f"{name} runs code decoded from an encoded blob",
                 "high")
        elif DECODED_NOTHING in labels:
            emit(F.DECODE_EXEC, name, line, f"{name} runs decoded code{_NOTHING_SHOWN}", "")
        elif not word.process_sub and depth < MAX_DEPTH and name in F.SHELL_INTERPRETERS | \
                {"eval"} and not word.subs:
            analyze(word.text, emit, line_offset=line - 1, state=state, depth=depth + 1)
    state.piped_url = piped_in
    encoded = [argv[i + 1] if i + 1 < len(argv) else "" for i, a in enumerate(argv)
               if a.lower() in ("-enc", "-encodedcommand")]
    if name in ("pwsh", "powershell") and any(a and not _ELIDED.fullmatch(a) for a in encoded):
        # (`-EncodedCommand <base64-utf16le>`, where `<` reads as a redirection and leaves
        # the option no value: how a tool calls PowerShell, no payload)
        emit(F.DECODE_EXEC, name, line, "PowerShell runs a base64-encoded command", "high")
    if reads_stdin and "download" in incoming:
        # named even on the same line: the quoted line may be clipped before its URL
        source = f" from {state.piped_url}" if state.piped_url else ""
        emit(F.REMOTE_EXEC, name, line, f"downloaded code{source} is piped into {name}",
             "high")
    elif reads_stdin and "decoded" in incoming:
        emit(F.DECODE_EXEC, name, line, f"decoded data is piped into {name}", "high")
    elif reads_stdin and DECODED_NOTHING in incoming:
        emit(F.DECODE_EXEC, name, line, f"decoded data is piped into {name}{_NOTHING_SHOWN}", "")
    # the program: the first argument that is no option, unless the code came inline
    # (`-c CODE`) or from stdin (`-`): then the arguments are the program's data
    # (`python3 - "$REPLY_JSON" <<'PY'` reads a downloaded reply, it runs the heredoc)
    program = next((w for w in words[1:] if w.text in ("-", *code_flags)
                    or not w.text.startswith("-")), None)
    run_files = [] if program is None or program.text.startswith("-") else [program]
    if reads_stdin:  # `python3 - < "$OUT"`, `bash < x.sh`: the file is the program
        run_files += [target for op, target in command.redirects if op == "<"]
    for word in run_files:
        path = word.text.strip("\"'")
        for downloaded, at in state.downloaded.items():
            if path == downloaded or path.endswith("/" + downloaded.rsplit("/", 1)[-1]):
                emit(F.REMOTE_EXEC, name, line,
                     f"runs {path}, {_downloaded_from(downloaded, state, at)}", "high")
                break


def _downloaded_from(file: str, state: ShellState, line: int | None = None) -> str:
    """Where a downloaded file came from, for a message: its URL when the download shows
    it (the rules judge the source by it), else the line of the download."""
    url = state.download_urls.get(file)
    where = (f"downloaded from {url}" if url else
             f"downloaded on line {state.downloaded[file] if line is None else line}")
    if file.rsplit("/", 1)[-1].startswith("."):
        where += F.HIDDEN_DOWNLOAD  # /tmp/.helper: kept out of a listing's sight
    elif file in state.checksum_shown:
        where += F.CHECKSUM_SHOWN
    return where


#: ``find`` tests that keep ``-delete`` to the files they match
_FIND_FILTERS = frozenset({"-name", "-iname", "-path", "-ipath", "-wholename", "-regex",
                           "-iregex"})


def _find_delete(argv: list[str], emit: F.Emit, line: int) -> None:
    """``find ROOT ... -delete``: everything below a home folder or the system is lost (an
    error), unless a name test narrows it to some files (`-name "*.log"`: a warning, as for
    other deletes outside the skill)."""
    root = argv[1]
    pattern = next((argv[i + 1] for i, arg in enumerate(argv[:-1]) if arg in _FIND_FILTERS),
                   None)
    narrowed = pattern is not None and pattern.strip("\"'") not in ("", "*")
    if F.wipe_target(root) and not narrowed:
        emit(F.DESTROY, root, line, "deletes everything below it", "high")
    elif (F.wipe_target(root) or F.outside_skill(root)) and not F.is_temporary(root):
        what = f"the files matching {pattern} below {root}" if narrowed else root
        emit(F.DESTROY, root, line, f"deletes {what}, outside the skill", "")


#: How a text spells the home folder in ``cd`` (``cd "$HOME" && rm -rf *``).
_HOME_VARIABLES = frozenset({"$HOME", "${HOME}", "$HOME/", "${HOME}/"})


def _in_folder(cwd: str | None, arg: str) -> str:
    """``arg`` as a path from ``cwd`` (the folder a ``cd DIR &&`` moved to): ``*`` and
    ``./*`` there are ``DIR/*``; an absolute path, ``~``, a variable or an unknown folder stay
    as they are (``rm -rf ./*`` after ``cd DIR;`` is how documents show a ``cd`` left
    unchecked)."""
    if not cwd or arg.startswith(("/", "~", "$")):
        return arg
    below = arg.removeprefix("./")
    return cwd if below in ("", ".") else cwd.rstrip("/") + "/" + below


def _remove(argv: list[str], emit: F.Emit, line: int, cwd: str | None = None) -> None:
    recursive = _has_flag(argv, "-r", "-R", "--recursive", "-Recurse", "-recurse")
    if not recursive:
        return
    for arg in argv[1:]:
        if arg.startswith("-"):
            continue
        arg = _in_folder(cwd, arg)
        if F.wipe_target(arg):
            emit(F.DESTROY, arg, line, f"deletes {arg} recursively", "high")
        elif F.whole_temporary(arg):
            folder = arg.strip("\"'").rstrip("*/") or "/"
            emit(F.DESTROY, arg, line,
                 f"deletes everything in {folder}, other programs' files and sockets too", "")
        elif F.outside_skill(arg) and not F.is_temporary(arg):
            emit(F.DESTROY, arg, line, f"deletes {arg}, outside the skill, recursively",
                 "low" if F.is_cache(arg) else "")


def downloaded_files(state: ShellState) -> dict[str, int]:
    """The files a text downloaded (``curl -o``), with their lines."""
    return dict(state.downloaded)
