"""What the capability analysis records about a skill, and the patterns it judges by.

A :class:`Fact` is one thing a skill's code or commands can do, tied to a file and a line:
a host it contacts, a command it runs, a file it reads or writes outside its folder, an
environment variable it reads, or a risk (a remote code pipeline, a credential that leaves
the machine, a destructive command). The analysers in :mod:`skillctl.security.shell`,
:mod:`skillctl.security.pycode` and :mod:`skillctl.security.jscode` produce facts; the
security lint rules and ``skillctl audit`` read them. Standard library only.
"""

from __future__ import annotations

import ipaddress
import re
from collections.abc import Callable
from dataclasses import dataclass
from urllib.parse import urlsplit

# ------------------------------------------------------------------ fact kinds

#: Inventory: what the skill contacts, runs, touches and reads.
URL = "url"
HOST = "host"
COMMAND = "command"
READ = "read"  # a file outside the skill's folder is read
WRITE = "write"  # a file outside the skill's folder is written
ENV = "env"  # one environment variable is read
ENV_DUMP = "env-dump"  # the whole environment is read
#: Risks: what the security rules report.
SEND = "send"  # data goes out over the network (POST/PUT, a form, a socket, nc, DNS)
REMOTE_EXEC = "remote-exec"  # downloaded code is run (curl | sh, bash <(curl ...))
DECODE_EXEC = "decode-exec"  # decoded or obfuscated code is run (base64 -d | sh, exec(b64))
PAYLOAD = "payload"  # an encoded blob that decodes to a command, a URL or code
CREDENTIAL = "credential"  # a credential store is read (~/.ssh, ~/.aws, .env, keychain)
EXFIL = "exfil"  # credential or environment data flows to a network send
PERSIST = "persistence"  # crontab, shell rc files, launchd/systemd units, autostart
DESTROY = "destroy"  # rm -rf of ~ or /, or of paths outside the skill

INVENTORY_KINDS = (URL, HOST, COMMAND, READ, WRITE, ENV, ENV_DUMP)
RISK_KINDS = (SEND, REMOTE_EXEC, DECODE_EXEC, PAYLOAD, CREDENTIAL, EXFIL, PERSIST, DESTROY)

#: Characters of a line kept in a fact's ``text`` (the exact text a finding quotes).
MAX_TEXT = 160


@dataclass(frozen=True, slots=True, order=True)
class Fact:
    """One capability of a skill at one place in one of its files.

    ``file`` is relative to the skill folder; ``text`` is the source line (stripped, cut at
    :data:`MAX_TEXT` characters, never escaped here: printers escape it); ``detail`` says
    what was seen in a few words ("curl piped into sh"); ``documentary`` marks a fact from a
    documentation example that the prose around it presents as an attack or as something
    never to do (rules lower those to info).
    """

    file: str
    line: int
    kind: str
    value: str
    text: str = ""
    detail: str = ""
    documentary: bool = False
    #: "high" for certain forms (rm -rf ~), "" otherwise (rules pick a severity from it);
    #: for a send, LITERAL when every word of the request is literal text
    level: str = ""


#: The level of a send whose payload is all literal text (`curl -X POST URL -F 'score=300'`):
#: it uses the network, but nothing read on the machine leaves it.
LITERAL = "literal"


#: Where an analyser puts what it finds: ``emit(kind, value, line, detail, level)``.
Emit = Callable[[str, str, int, str, str], None]


def clip(text: str) -> str:
    """A source line as a fact keeps it: stripped and at most :data:`MAX_TEXT` characters."""
    text = text.strip()
    return text if len(text) <= MAX_TEXT else text[: MAX_TEXT - 1] + "…"


# ------------------------------------------------------------------ URLs and hosts

URL_RE = re.compile(r"\b(?:https?|ftp|wss?)://[^\s'\"<>`)\]}\\,;|]+", re.IGNORECASE)
_IPV4 = re.compile(r"^\d{1,3}(?:\.\d{1,3}){3}$")

#: Services that receive whatever is sent to them and show it to whoever made the URL.
COLLECTOR_HOSTS = (
    "webhook.site", "requestbin.com", "requestbin.net", "requestcatcher.com", "pipedream.net",
    "hookbin.com", "beeceptor.com", "ngrok.io", "ngrok-free.app", "ngrok.app", "ngrok.dev",
    "interact.sh", "oast.pro", "oast.live", "oast.site", "oast.online", "oast.fun", "oast.me",
    "burpcollaborator.net", "oastify.com", "canarytokens.com", "dnslog.cn", "ceye.io",
    "trycloudflare.com", "serveo.net", "localtunnel.me", "loca.lt", "postb.in",
    "webhook.cool", "requestinspector.com", "mockbin.org", "ptsv2.com", "ptsv3.com",
)
#: Paste and anonymous file services: the other common drop for stolen data.
PASTE_HOSTS = (
    "pastebin.com", "paste.ee", "hastebin.com", "ghostbin.com", "transfer.sh", "0x0.st",
    "termbin.com", "file.io", "dpaste.com", "dpaste.org", "ix.io", "sprunge.us",
    "paste.rs", "rentry.co", "controlc.com", "anonfiles.com", "gofile.io", "bashupload.com",
    "temp.sh", "catbox.moe", "litterbox.catbox.moe", "pastes.dev",
)
#: Chat webhooks: legitimate for notifications, and a common exfiltration channel.
CHAT_WEBHOOKS = (
    "discord.com/api/webhooks", "discordapp.com/api/webhooks", "api.telegram.org/bot",
)
#: URL shorteners: the destination is hidden from a reviewer.
SHORTENER_HOSTS = (
    "bit.ly", "tinyurl.com", "t.co", "goo.gl", "is.gd", "ow.ly", "rb.gy", "cutt.ly",
    "shorturl.at", "tiny.cc", "rebrand.ly", "buff.ly", "t.ly", "v.gd", "s.id", "shorturl.me",
    "bitly.com", "tinyurl.is", "lnkd.in", "qrco.de",
)
#: Hosts that stand for "this machine" or a placeholder: never an exfiltration endpoint.
_LOCAL_HOSTS = frozenset({"localhost", "0.0.0.0", "127.0.0.1", "::1", "host.docker.internal"})


def host_of(url: str) -> str:
    """The host of a URL (lower case, no port or credentials; "" when there is none)."""
    try:
        host = urlsplit(url).hostname or ""
    except ValueError:
        return ""
    return host.lower().rstrip(".")


def _under(host: str, domains: tuple[str, ...]) -> str | None:
    for domain in domains:
        if host == domain or host.endswith("." + domain):
            return domain
    return None


def endpoint_kind(url_or_host: str) -> tuple[str, str] | None:
    """("collector" | "paste" | "chat-webhook" | "shortener" | "raw-ip", what matched) when a
    URL or host is an exfiltration-prone endpoint; None otherwise."""
    text = url_or_host.lower()
    host = host_of(text) if "://" in text else text.split("/", 1)[0].split(":", 1)[0]
    for hook in CHAT_WEBHOOKS:
        if hook in text:
            return "chat-webhook", hook
    for kind, domains in (("collector", COLLECTOR_HOSTS), ("paste", PASTE_HOSTS),
                          ("shortener", SHORTENER_HOSTS)):
        found = _under(host, domains)
        if found is not None:
            return kind, found
    if is_public_ip(host):
        return "raw-ip", host
    return None


def is_public_ip(host: str) -> bool:
    """True for a literal IP address that is not loopback, private, link-local or unspecified
    (documentation ranges count as public: test skills use them for an attacker's server)."""
    host = host.strip("[]")
    if not (_IPV4.match(host) or ":" in host):
        return False
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return False
    return not (address.is_loopback or (address.is_private and not _documentation(address))
                or address.is_link_local or address.is_unspecified or address.is_multicast)


def _documentation(address: ipaddress.IPv4Address | ipaddress.IPv6Address) -> bool:
    return any(address in ipaddress.ip_network(net) for net in (
        "192.0.2.0/24", "198.51.100.0/24", "203.0.113.0/24", "2001:db8::/32"))


def is_local_host(host: str) -> bool:
    """True for this machine (localhost, 127.0.0.1, ...)."""
    return host in _LOCAL_HOSTS or host.endswith(".localhost") or host.startswith("127.")


# ------------------------------------------------------------------ paths

#: Credential stores: a read of one of these is a credential read.
#: What :func:`credential_store` calls a ``.env`` file.
DOTENV = "a .env file"
_CREDENTIAL_PATTERNS = (
    # (not ~/.ssh/config, known_hosts or a public key: host names and keys meant to be shown)
    (r"\.ssh(?!/(?:config|known_hosts|[\w.-]+\.pub)\b)(?:/|\b)", "SSH keys"),
    (r"\bid_(?:rsa|dsa|ecdsa|ed25519)\b", "an SSH private key"),
    (r"\.aws/(?:credentials|config)|\.aws\b", "AWS credentials"),
    (r"\.config/gcloud|application_default_credentials", "Google Cloud credentials"),
    (r"\.azure/", "Azure credentials"),
    (r"\.kube/config", "Kubernetes credentials"),
    (r"\.docker/config\.json", "Docker registry credentials"),
    (r"\.npmrc|\.pypirc|\.netrc|\.git-credentials|\.vault-token|\.terraform\.d/credentials",
     "a credentials file"),
    (r"\.config/gh/hosts\.yml", "GitHub CLI credentials"),
    (r"\.gnupg\b", "GPG keys"),
    (r"(?:^|[/\s\"'=(,])\.env(?:\.[\w-]+)?(?=$|[\s\"'),;])", DOTENV),
    (r"Keychains?/|login\.keychain|find-(?:generic|internet)-password|secret-tool\s+lookup",
     "the keychain"),
    (r"Google/Chrome|google-chrome|\.mozilla/firefox|Firefox/Profiles|BraveSoftware|"
     r"Microsoft/Edge|Login Data|cookies\.sqlite|logins\.json|key4\.db|Local State",
     "a browser profile"),
    (r"wallet\.dat|\.electrum|\.bitcoin/|Exodus/|MetaMask", "a crypto wallet"),
    (r"/etc/shadow\b|/etc/sudoers\b", "system password files"),
)
_CREDENTIAL_RE = re.compile("|".join(f"(?P<c{i}>{p})" for i, (p, _) in
                                     enumerate(_CREDENTIAL_PATTERNS)))


def credential_store(text: str) -> str | None:
    """What credential store ``text`` (a path, a command line) names, or None. URLs are
    not paths: ``https://x.lambda-url.eu-central-1.on.aws`` names no ``.aws`` folder."""
    if "://" in text:
        text = URL_RE.sub(" ", text)
    found = _CREDENTIAL_RE.search(text)
    if found is None or found.lastgroup is None:
        return None
    return _CREDENTIAL_PATTERNS[int(found.lastgroup[1:])][1]


#: Files whose change makes something run later: persistence.
_PERSISTENCE_RE = re.compile(
    r"\.(?:bash|zsh|ksh)rc\b|\.bash_profile\b|\.bash_login\b|\.profile\b|\.zprofile\b|"
    r"\.zshenv\b|\.config/fish/config\.fish|LaunchAgents/|LaunchDaemons/|"
    r"\.config/systemd/user|/etc/systemd/|/etc/cron|/var/spool/cron|/etc/rc\.local|"
    r"\.config/autostart|authorized_keys|/etc/profile|/etc/ld\.so\.preload|"
    r"\\Start Menu\\Programs\\Startup|CurrentVersion\\Run"
)


def persistence_target(path: str) -> bool:
    """True when writing ``path`` makes code run later (rc files, cron, launchd, systemd)."""
    return _PERSISTENCE_RE.search(path) is not None


_HOME_PREFIXES = ("~", "$HOME", "${HOME}", "%USERPROFILE%", "$env:USERPROFILE", "$env:HOME")
_TEMP_PREFIXES = ("/tmp", "/var/tmp", "/dev/shm", "$TMPDIR", "${TMPDIR", "$TMP", "$TEMP",
                  "/private/tmp", "%TEMP%", "$env:TEMP")


def outside_skill(path: str) -> bool:
    """True when a path as written points outside the skill folder: absolute, in the home
    folder, or climbing out with ``..`` (``/dev/null`` and the standard streams are not)."""
    path = path.strip("\"'")
    if not path or path.startswith(("/dev/null", "/dev/std", "/dev/fd", "/proc/self")):
        return False
    if path.startswith(("/", "\\\\")) or path.startswith(_HOME_PREFIXES):
        return True
    if re.match(r"^[A-Za-z]:[\\/]", path):
        return True
    return path == ".." or path.startswith(("../", "..\\"))


def is_temporary(path: str) -> bool:
    """True for a path in a temporary folder (``/tmp``, ``$TMPDIR``)."""
    return path.strip("\"'").startswith(_TEMP_PREFIXES)


#: A whole temporary folder, not one of its subfolders. (Not ``$TMPDIR``: scripts set it to
#: their own ``mktemp -d`` folder and delete that.)
_WHOLE_TEMP = frozenset({"/tmp", "/tmp/", "/tmp/*", "/var/tmp", "/var/tmp/", "/var/tmp/*"})


def whole_temporary(path: str) -> bool:
    """True for a whole temporary folder (``/tmp/*``): what is in it belongs to other
    programs too (their sockets, locks, sessions)."""
    return path.strip("\"'") in _WHOLE_TEMP


_CACHE_RE = re.compile(r"cache|\.m2/repository|DerivedData|\.gradle|node_modules|\.npm/_|"
                       r"\.pnpm-store|__pycache__|\.pytest_cache|\.turbo|\.next/",
                       re.IGNORECASE)


def is_cache(path: str) -> bool:
    """True for a cache folder (deleting it costs a rebuild, not data)."""
    return _CACHE_RE.search(path) is not None


#: rm -rf targets that wipe a whole home folder or system (errors, not warnings).
_WIPE_TARGETS = frozenset({
    "/", "/*", "~", "~/", "~/*", "$HOME", "$HOME/", "$HOME/*", "${HOME}", "${HOME}/",
    "${HOME}/*", "/home", "/home/*", "/Users", "/Users/*", "/etc", "/usr", "/var", "/bin",
    "/boot", "/lib", "/opt", "/root", "/System", "/Library", "/Applications", "C:\\",
    "C:/", "%USERPROFILE%", "$env:USERPROFILE", "/.", "~/.", "*", "/*/*", "~/.*",
})


def wipe_target(path: str) -> bool:
    """True when deleting ``path`` recursively wipes a home folder or the system."""
    return path.strip("\"'").rstrip() in _WIPE_TARGETS


# ------------------------------------------------------------------ shells and interpreters

#: Programs that run code they read from standard input or from an argument.
SHELL_INTERPRETERS = frozenset({
    "sh", "bash", "zsh", "dash", "ksh", "fish", "ash", "busybox", "csh", "tcsh",
})
CODE_INTERPRETERS = frozenset({
    "python", "python2", "python3", "py", "node", "nodejs", "perl", "ruby", "php", "deno",
    "bun", "pwsh", "powershell", "osascript", "lua", "tclsh", "Rscript",
})
#: PowerShell's and the shell's "run this string" commands.
EVALUATORS = frozenset({"eval", "source", ".", "iex", "invoke-expression", "exec"})
DOWNLOADERS = frozenset({
    "curl", "wget", "iwr", "irm", "invoke-webrequest", "invoke-restmethod", "fetch", "aria2c",
    "http", "https", "xh", "lwp-download", "lynx", "ftp", "tftp",
})




def _tokens(words: str) -> frozenset[bytes]:
    return frozenset(word.encode() for word in words.split())


#: Word tokens (lower case, split at every character that is not a letter, digit or "_")
#: that a text needs for each kind of risk. ``lint`` analyses only code whose tokens make a
#: risk possible (:func:`may_hold_risk`): most code blocks of most skills cannot hold one,
#: and one C-level pass over the bytes costs far less than tokenizing or parsing them;
#: ``audit`` analyses everything, for its inventory. tests/security/test_capabilities.py
#: checks that every risky form the analysers know passes the gate.
DOWNLOADERS_T = _tokens("""
curl wget iwr irm invoke aria2c lwp requests httpx urllib urllib3 urlopen urlretrieve aiohttp
fetch axios got ky superagent needle undici pycurl
""")
SENDERS_T = DOWNLOADERS_T | _tokens("""
nc ncat netcat socat telnet s_client tcp udp scp rsync sftp ftp mail mailx sendmail mutt swaks
dig nslookup drill resolvectl host socket smtplib ftplib paramiko boto3 dns grpc websocket
websockets request dgram net sendbeacon xmlhttprequest nodemailer send gethostbyname
getaddrinfo gethostbyname_ex
""")
DECODERS_T = _tokens("""
base64 b64decode b32decode b85decode a85decode urlsafe_b64decode decodebytes a2b_base64 atob
fromhex unhexlify fromcharcode xxd certutil decompress marshal pickle codecs rot13 rot_13
""")
EXECUTORS_T = _tokens("""
sh bash zsh dash ksh ash busybox csh tcsh source eval exec execfile compile iex expression
pwsh powershell osascript vm run_path chmod loads settimeout setinterval
""")
#: Interpreters run code they are given only in these forms (``curl … | python3``,
#: ``python3 -c "$(curl …)"``); as words alone they are in every Python example.
_INTERPRETER_FORMS = tuple(
    form.encode() for name in ("python", "python3", "node", "perl", "ruby", "php", "deno")
    for form in (f"| {name}", f"|{name}", f"{name} -c", f"{name} -e", f"{name} <(",
                 f"{name} -\n", f"{name} - "))
SECRETS_T = _tokens("""
ssh id_rsa id_dsa id_ecdsa id_ed25519 aws gcloud application_default_credentials credentials
npmrc pypirc netrc gnupg environ printenv keychain keychains logins key4 wallet electrum
bitcoin exodus metamask shadow sudoers
""")
_SECRET_FORMS = tuple(form.encode() for form in (
    "export -p", "-password", "git-credentials", "secret-tool", "terraform.d", "gh/hosts",
    "microsoft/edge", ".vault-token", "docker/config", ".kube", ".azure", "google/chrome",
    "google-chrome", "chrome/user data", "cookies.sqlite", "/cookies", "firefox/profiles",
    ".mozilla", "bravesoftware", "login data", "local state", "env:", "env |", "env|",
    "env >", "(env)", "`env`", "\nenv\n", "process.env)", "process.env,", "process.env;",
    "process.env }", "...process.env", "deno.env.toobject"))
#: A .env file (not ``process.env.KEY``).
_DOTENV = re.compile(rb"(?:^|[\s'\"/=(,])\.env(?:\.[\w-]+)?(?=$|[\s'\"),;])")
PERSISTENCE_T = _tokens("""
crontab launchctl launchagents launchdaemons systemctl schtasks scheduledtask bashrc zshrc
kshrc bash_profile zprofile zshenv bash_login autostart authorized_keys currentversion
""")
_PERSISTENCE_FORMS = tuple(form.encode() for form in (
    ".profile", "config.fish", "rc.local", "ld.so.preload", "programs\\startup", "/cron",
    "systemd/"))
DESTROYERS_T = _tokens("""
rm rmtree rmsync rimraf removedirs rmdir mkfs wipefs shred recurse
""")
#: Said of a downloaded file run under a hidden name (a REMOTE_EXEC fact's detail ends so).
HIDDEN_DOWNLOAD = " and saved under a hidden name"
#: Said of a downloaded file whose checksum is printed before it runs (for someone to compare).
CHECKSUM_SHOWN = ", its checksum printed first for a comparison"
_DESTROYER_FORMS = tuple(form.encode() for form in ("-delete", "of=/dev", "chmod -r"))
ENDPOINT_T = _tokens("""
nc ncat netcat socat telnet webhooks discord discordapp telegram
""")
_ENDPOINT_FORMS = (b"/dev/tcp", b"/dev/udp")
#: Bytes A-Z lowered, letters, digits and "_" kept, everything else a space.
_WORD_BYTES = bytes(
    (code | 0x20 if 65 <= code <= 90 else code)
    if code < 128 and (chr(code).isalnum() or code == 95) else 32
    for code in range(256))
_LOWER_BYTES = bytes(code | 0x20 if 65 <= code <= 90 else code for code in range(256))
_RAW_IP_URL = re.compile(r"://\[?\d")
_ANY_RISK_T = (DOWNLOADERS_T | SENDERS_T | DECODERS_T | PERSISTENCE_T | DESTROYERS_T
               | ENDPOINT_T)
#: Obfuscation: code that hides what it imports and calls is always analysed.
_OBFUSCATION_FORMS = (b"__import__", b"import_module(", b"fromcharcode", b"-encodedcommand")
_ANY_FORM = (_PERSISTENCE_FORMS + _DESTROYER_FORMS + _ENDPOINT_FORMS + _OBFUSCATION_FORMS
             + (b"\\x",))


def may_hold_risk(text: str) -> bool:
    """False when ``text`` cannot hold a finding of the security rules: no downloader next to
    something that runs code, no decoder next to one, no secret next to a network tool, no
    persistence target, no delete, no risky endpoint, no raw IP URL, no ``\\x`` escapes."""
    data = text.encode("utf-8", "surrogateescape")
    low = data.translate(_LOWER_BYTES)
    if any(form in low for form in _ANY_FORM) or _RAW_IP_URL.search(text):
        return True
    words = low.translate(_WORD_BYTES).split()
    if _ANY_RISK_T.isdisjoint(words):
        return _risky_url(text)
    found = _ANY_RISK_T.intersection(words)
    if not (PERSISTENCE_T.isdisjoint(found) and DESTROYERS_T.isdisjoint(found)
            and ENDPOINT_T.isdisjoint(found)):
        return True
    if not (DOWNLOADERS_T.isdisjoint(found) and DECODERS_T.isdisjoint(found)) and (
            not EXECUTORS_T.isdisjoint(words) or b"Function(" in data
            or any(form in low for form in _INTERPRETER_FORMS)):
        return True
    if not SENDERS_T.isdisjoint(found) and (
            not SECRETS_T.isdisjoint(words) or any(form in low for form in _SECRET_FORMS)
            or _DOTENV.search(low)):
        return True
    return _risky_url(text)


#: Every risky endpoint's domain, for a lookup of a host and its parent domains.
_RISKY_DOMAINS = frozenset(COLLECTOR_HOSTS + PASTE_HOSTS + SHORTENER_HOSTS)
_HOST_END = re.compile(r"[/\s'\"<>`)\]}\\,;|:?#]")


def _risky_url(text: str) -> bool:
    """True when a URL in ``text`` points at a collector, paste or shortener service."""
    at = text.find("://")
    while at >= 0:
        start = at + 3
        end = _HOST_END.search(text, start, start + 256)
        host = text[start : end.start() if end else start + 256].lower().rsplit("@", 1)[-1]
        parts = host.split(".")
        if any(".".join(parts[i:]) in _RISKY_DOMAINS for i in range(len(parts) - 1)):
            return True
        at = text.find("://", start)
    return False
