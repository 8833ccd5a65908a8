"""Capabilities of Python code, read through :mod:`ast` (never imported or run).

Calls are named through the file's imports (``from subprocess import run as r`` makes
``r(...)`` ``subprocess.run``) and through the variables that hold objects
(``s = socket.socket(); s.sendall(...)``). Data is followed through assignments, flow
insensitively, with labels: "credential" (a credential store's content), "dotenv" (a
``.env`` file's; a key read from it by name, ``env["API_KEY"]``, is one variable, as
``os.environ["API_KEY"]`` is), "env" (the whole environment), "download" (a response body),
"decoded" (base64/hex/zlib output). A store's path alone is "credential-name" or
"dotenv-name": it becomes the store's content in an expression that also reads (``open``,
``read_text``, ``glob``, a shell command, ...), so ``.aws/credentials`` named in a memo sent
to an API, or in a list of paths a scanner asks a web server for, is no secret sent (a
cybersecurity collection of the seventieth sample). A
labelled value reaching a network call is exfiltration; a "download" or "decoded" value
reaching ``exec``/``eval`` is remote or obfuscated code. Strings given to ``os.system`` and
``subprocess`` are analysed as shell commands.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator

from skillctl.security import facts as F
from skillctl.security import shell

#: Nodes of one file's tree looked at, at most (a generated file must not take long).
MAX_NODES = 200_000

#: keywords of an HTTP call that carry its authentication, not its payload
_AUTH_KEYWORDS = frozenset({"headers", "auth"})
_SEND_METHODS = frozenset({"post", "put", "patch", "request", "send", "sendall", "sendto",
                           "sendmail", "send_message", "storbinary", "storlines", "upload",
                           "upload_file", "put_object", "emit", "publish", "sendfile"})
#: functions of the network modules that return a plain value, not a client or connection
_VALUE_HELPERS = frozenset({"gethostname", "gethostbyname", "gethostbyname_ex", "getfqdn",
                            "gethostbyaddr", "getaddrinfo", "getnameinfo", "inet_aton",
                            "inet_ntoa", "inet_pton", "inet_ntop", "htons", "ntohs", "htonl",
                            "ntohl", "getdefaulttimeout", "quote", "unquote", "urlencode"})
_HTTP_MODULES = ("requests", "httpx", "urllib.request", "urllib3", "aiohttp", "http.client",
                 "pycurl", "socket", "smtplib", "ftplib", "websocket", "websockets",
                 "paramiko", "boto3", "dns.resolver", "grpc")
#: SSH clients: a key or password given to them logs the user in (``connect(key_filename=…)``,
#: ``RSAKey.from_private_key_file(…)``); only their transfer calls carry data to the server.
_LOGIN_MODULES = ("paramiko",)
_LOGIN_TRANSFERS = frozenset({"exec_command", "put", "putfo", "send", "sendall", "write",
                              "writelines"})
_FETCH = frozenset({"requests.get", "httpx.get", "urllib.request.urlopen", "urlopen",
                    "urllib.request.urlretrieve", "requests.request", "httpx.request"})
_DECODERS = frozenset({"base64.b64decode", "base64.b32decode", "base64.b85decode",
                       "base64.a85decode", "base64.urlsafe_b64decode", "base64.decodebytes",
                       "codecs.decode", "binascii.unhexlify", "binascii.a2b_base64",
                       "bytes.fromhex", "zlib.decompress", "gzip.decompress", "lzma.decompress",
                       "bz2.decompress", "marshal.loads", "pickle.loads"})
_EXECUTORS = frozenset({"exec", "eval", "compile", "builtins.exec", "builtins.eval",
                        "execfile", "runpy.run_path", "__import__"})
_SHELL_CALLS = frozenset({"os.system", "os.popen", "subprocess.run", "subprocess.call",
                          "subprocess.check_call", "subprocess.check_output",
                          "subprocess.Popen", "subprocess.getoutput",
                          "subprocess.getstatusoutput", "os.execv", "os.execvp", "os.spawnl",
                          "commands.getoutput", "pty.spawn", "asyncio.create_subprocess_shell",
                          "asyncio.create_subprocess_exec"})
_DNS_CALLS = frozenset({"socket.gethostbyname", "socket.getaddrinfo", "socket.gethostbyname_ex",
                        "dns.resolver.resolve", "dns.resolver.query"})
#: Calls that copy the whole environment, and calls that do when given ``os.environ``.
_ENV_COPIES = frozenset({"os.environ.copy", "os.environ.items", "os.environ.values"})
_ENV_WRAPPERS = frozenset({"dict", "json.dumps", "str", "repr", "list", "sorted"})
_REMOVERS = frozenset({"shutil.rmtree", "os.removedirs", "os.rmdir", "os.remove", "os.unlink"})


class _Tree:
    """The nodes of one parsed file, walked once: the first :data:`MAX_NODES` of
    ``ast.walk`` (breadth first), each one's children, and where each type of node stands.

    The analysis asks for a few types of node at a time (assignments, calls, imports) and
    walks the same expressions again and again; doing both from this record rather than with
    ``isinstance`` over every node and ``ast.iter_child_nodes`` each time halves its cost.
    """

    def __init__(self, root: ast.AST) -> None:
        nodes: list[ast.AST] = [root]
        self.children: dict[int, list[ast.AST]] = {}
        self._at: dict[type, list[int]] = {}
        node_type, list_type = ast.AST, list
        for index, node in enumerate(nodes):  # grows as it goes: breadth first
            if index >= MAX_NODES:
                break
            kids: list[ast.AST] = []  # ast.iter_child_nodes(node), without its generators
            for field in node._fields:
                value = getattr(node, field, None)
                if isinstance(value, node_type):
                    kids.append(value)
                elif isinstance(value, list_type):
                    kids.extend([item for item in value if isinstance(item, node_type)])
            self.children[id(node)] = kids
            nodes.extend(kids)
            self._at.setdefault(type(node), []).append(index)
        self.nodes = nodes[:MAX_NODES]

    def of(self, *types: type) -> list[ast.AST]:
        """The nodes of these exact types, in walk order."""
        at = self._at
        if len(types) == 1:
            indices: list[int] = at.get(types[0], [])
        else:
            indices = sorted(i for t in types for i in at.get(t, ()))
        return [self.nodes[i] for i in indices]


class _Analysis:
    def __init__(self, emit: F.Emit, tree: _Tree) -> None:
        self.emit = emit
        self.tree = tree
        #: each node's children, as the one walk of the whole tree found them
        self._children = tree.children
        self.aliases: dict[str, str] = {}
        self.objects: dict[str, str] = {}  # variable -> dotted name of the call it came from
        self.labels: dict[str, frozenset[str]] = {}
        self.shell_state = shell.ShellState()
        #: variables holding a URL constant -> its host
        self._url_names: dict[str, str] = {}
        #: variables bound to a string whose value can be known (see :func:`fold`)
        self.strings: dict[str, str] = {}
        #: socket variables -> the host they were connected to
        self._connected: dict[str, str] = {}
        #: a function's local names, by node: the key their labels are kept under (two
        #: functions' ``line`` or ``data`` are two variables; see :meth:`scopes`)
        self._keys: dict[int, str] = {}
        #: :meth:`_summarize` of each expression asked about, by node
        self._summaries: dict[int, tuple[frozenset[str], tuple[tuple[str, bool], ...],
                                         bool]] = {}

    def walk(self, node: ast.AST) -> list[ast.AST]:
        """``list(ast.walk(node))`` (breadth first), from the children the walk of the whole
        tree recorded: the analysis walks the same expressions many times, and reading a
        node's fields again each time (``ast.iter_child_nodes``) cost most of its time."""
        children = self._children
        found = [node]
        for sub in found:  # grows as it goes: each node's children queue behind it
            kids = children.get(id(sub))
            found.extend(ast.iter_child_nodes(sub) if kids is None else kids)
        return found

    # ------------------------------------------------------------------ names

    def dotted(self, node: ast.AST) -> str:
        """The resolved dotted name of an expression used as a callee ("" if none)."""
        if isinstance(node, ast.Name):
            if node.id in self.objects:
                return self.objects[node.id]
            return self.aliases.get(node.id, node.id)
        if isinstance(node, ast.Attribute):
            base = self.dotted(node.value)
            return f"{base}.{node.attr}" if base else node.attr
        if isinstance(node, ast.Call):
            return self.dotted(node.func)
        return ""

    def imports(self) -> None:
        for node in self.tree.of(ast.Import, ast.ImportFrom):
            if isinstance(node, ast.Import):
                for alias in node.names:
                    self.aliases[alias.asname or alias.name.split(".")[0]] = (
                        alias.name if alias.asname else alias.name.split(".")[0])
            elif isinstance(node, ast.ImportFrom) and node.module:
                for alias in node.names:
                    self.aliases[alias.asname or alias.name] = f"{node.module}.{alias.name}"

    # ------------------------------------------------------------------ labels

    def scopes(self) -> None:
        """Key each function's local names by the function (its parameters and the names it
        assigns, less ``global`` ones); other names stay module-wide."""
        functions = self.tree.of(ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)
        for node in functions:  # outer functions first: an inner one re-keys its own names
            if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
                continue  # (never: for the type checker)
            args = node.args
            inner = self.walk(node)
            local = {a.arg for a in (*args.posonlyargs, *args.args, *args.kwonlyargs,
                                     args.vararg, args.kwarg) if a is not None}
            local |= {n.id for n in inner if isinstance(n, ast.Name)
                      and isinstance(n.ctx, ast.Store)}
            local -= {name for n in inner if isinstance(n, ast.Global | ast.Nonlocal)
                      for name in n.names}
            scope = f"{node.lineno}:{node.col_offset}:"
            for sub in inner:
                if isinstance(sub, ast.Name) and sub.id in local:
                    self._keys[id(sub)] = scope + sub.id

    def key(self, name: ast.Name) -> str:
        """The key a variable's labels are kept under."""
        return self._keys.get(id(name), name.id)

    def expr_labels(self, node: ast.AST) -> frozenset[str]:
        """The labels of the data an expression computes: what it reads, decodes or fetches
        itself, and the labels of the variables it names."""
        summary = self._summaries.get(id(node))
        if summary is None:
            summary = self._summaries[id(node)] = self._summarize(node)
        found, names, reads = summary
        for key, keyed in names:
            held = self.labels.get(key)
            if held:
                # env["DIFY_API_KEY"] of a parsed .env file: one variable, as
                # os.environ["X"] is, not the file
                found = found | (held - _DOTENV if keyed else held)
        if reads and found & _NAMES.keys():  # a store's path, read here: its content
            found = found | {_NAMES[label] for label in found & _NAMES.keys()}
        return found

    def _summarize(self, node: ast.AST) -> tuple[frozenset[str], tuple[tuple[str, bool], ...],
                                                 bool]:
        """What :meth:`expr_labels` needs of an expression that does not change once the
        variables' objects and scopes are known: the labels of its own calls, strings and
        ``os.environ`` reads, and the variables it names (each with whether it is read for
        one key only). Worked out once per expression, not once per round of
        :meth:`assignments` (each a walk of the tree below it)."""
        found: set[str] = set()
        strings = []
        names: dict[str, bool] = {}
        reads = False
        inner = self.walk(node)
        by_name = _read_by_name(inner)
        for sub in inner:
            if isinstance(sub, ast.Name):
                key = self.key(sub)
                names[key] = names.get(key, True) and id(sub) in by_name
            elif isinstance(sub, ast.Constant) and isinstance(sub.value, str):
                strings.append(sub.value)
            elif isinstance(sub, ast.Call):
                name = self.dotted(sub.func)
                reads = reads or name.rsplit(".", 1)[-1] in _READ_CALLS or name in _SHELL_CALLS
                if name in _DECODERS or name.endswith((".b64decode", ".fromhex", ".unhexlify",
                                                       ".decompress")):
                    found.add("decoded")
                elif name in _FETCH or (name.endswith((".get", ".urlopen", ".read")) and \
                        name.startswith(_HTTP_MODULES)):
                    found.add("download")
                elif name in _ENV_COPIES or (name in _ENV_WRAPPERS and any(
                        self._is_environ(a) for a in sub.args)):
                    found.add("env")
            elif self._is_environ(sub) and not self._environ_item(node, sub):
                found.add("env")
        if strings:
            store = F.credential_store("/".join(strings))
            if store is not None:
                found.add("dotenv-name" if store == F.DOTENV else "credential-name")
        if reads and found & _NAMES.keys():
            found |= {_NAMES[label] for label in found & _NAMES.keys()}
        return frozenset(found), tuple(names.items()), reads

    def _is_environ(self, node: ast.AST) -> bool:
        return self.dotted(node) == "os.environ" if isinstance(node, ast.Attribute | ast.Name) \
            else False

    def _environ_item(self, root: ast.AST, environ: ast.AST) -> bool:
        """True when ``os.environ`` in ``root`` is only indexed or asked for one key."""
        for sub in self.walk(root):
            if isinstance(sub, ast.Subscript) and sub.value is environ:
                return True
            if isinstance(sub, ast.Attribute) and sub.value is environ and sub.attr in (
                    "get", "setdefault", "pop", "__contains__", "__getitem__"):
                return True
            if isinstance(sub, ast.Compare) and environ in sub.comparators:
                return True
        return False

    def assignments(self) -> None:
        """Label variables by what they are assigned, until nothing changes (3 rounds)."""
        pairs: list[tuple[list[str], ast.AST]] = []
        for node in self.tree.of(ast.Assign, ast.AnnAssign, ast.AugAssign, ast.NamedExpr,
                                 ast.withitem, ast.For):
            targets: list[ast.AST] = []
            value: ast.AST | None = None
            if isinstance(node, ast.Assign):
                targets, value = list(node.targets), node.value
            elif isinstance(node, ast.AnnAssign | ast.AugAssign | ast.NamedExpr):
                targets, value = [node.target], node.value
            elif isinstance(node, ast.withitem) and node.optional_vars is not None:
                targets, value = [node.optional_vars], node.context_expr
            elif isinstance(node, ast.For):
                targets, value = [node.target], node.iter
            if value is None:
                continue
            # ``os.environ[k] = v`` (a .env loader) labels a value in os.environ, not the
            # module ``os``: through it, every later os.* call would carry the label
            named = [n for t in targets for n in ast.walk(t) if isinstance(n, ast.Name)
                     and (n is t or n.id not in self.aliases)]
            # method calls that fill a variable: data.update(os.environ), buf.write(key)
            pairs.append(([self.key(n) for n in named], value))
            # a variable assigned a client or connection is that object (``s =
            # socket.socket()``; its ``s.send`` is a send); an attribute is not its object
            # (``self.hostname = socket.gethostname()`` leaves ``self`` a plain object), nor
            # is a value a module's helper returns (a host name, a parsed URL)
            if isinstance(value, ast.Call) and len(named) == 1 and targets[0] is named[0]:
                callee = self.dotted(value.func)
                if callee and callee.split(".")[0] in ("socket", "requests", "httpx",
                                                       "smtplib", "ftplib", "http",
                                                       "urllib", "aiohttp", "paramiko") \
                        and callee.rsplit(".", 1)[-1] not in _VALUE_HELPERS \
                        and not callee.startswith("urllib.parse"):
                    self.objects[named[0].id] = callee
        for node in self.tree.of(ast.Call):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and \
                    isinstance(node.func.value, ast.Name) and node.func.attr in (
                        "update", "append", "extend", "write", "add", "insert"):
                pairs.append(([self.key(node.func.value)], node))
        for _ in range(3):
            changed = False
            for names, value in pairs:
                labels = self.expr_labels(value)
                for name in names:
                    before = self.labels.get(name, frozenset())
                    if not labels <= before:
                        self.labels[name] = before | labels
                        changed = True
            if not changed:
                break

    # ------------------------------------------------------------------ calls

    def call(self, node: ast.Call) -> None:
        name = self.dotted(node.func)
        dynamic = self._dynamic(node.func)
        if dynamic is not None:
            name = dynamic
            self.emit(F.DECODE_EXEC, name, node.lineno, f"calls {name} through getattr and "
                      "__import__, hiding what runs", "high")
        line = node.lineno
        if name in _EXECUTORS or (name.endswith(".exec") and name.startswith("builtins")):
            labels = self.call_labels(node)
            if "download" in labels:
                self.emit(F.REMOTE_EXEC, name, line, f"{name}() runs code fetched from the "
                          "network", "high")
            elif "decoded" in labels:
                self.emit(F.DECODE_EXEC, name, line, f"{name}() runs decoded data", "high")
            return
        network = name.startswith(_HTTP_MODULES) or name in _FETCH or \
            name.split(".")[-1] in ("urlopen", "urlretrieve")
        if name in _DNS_CALLS:
            host_arg = node.args[0] if node.args else None
            if host_arg is not None and not isinstance(host_arg, ast.Constant):
                self.emit(F.SEND, "dns", line, "puts computed data in a DNS lookup", "")
                if _LEAKED & self.expr_labels(host_arg):
                    self.emit(F.EXFIL, "dns", line, "leaks secrets through DNS lookups", "high")
            return
        if network:
            host = self._host(node)
            method = name.split(".")[-1]
            owner = node.func.value if isinstance(node.func, ast.Attribute) else None
            if isinstance(owner, ast.Name):
                if method == "connect" and host:
                    self._connected[owner.id] = host
                host = host or self._connected.get(owner.id, "")
            data_keywords = {k.arg for k in node.keywords} & {"data", "json", "files",
                                                             "content", "body"}
            sending = method in _SEND_METHODS or bool(data_keywords) or (
                method == "request" and node.args and isinstance(node.args[0], ast.Constant)
                and str(node.args[0].value).upper() in ("POST", "PUT", "PATCH"))
            if host:
                self.emit(F.HOST, host, line, "", "")
            if sending:
                self.emit(F.SEND, host or "?", line, f"{name}() sends data", "")
            if "env" in self.call_labels(node):
                self.emit(F.ENV_DUMP, "os.environ", line, "reads the whole environment", "")
            # a key in the authentication headers of a request to a named host is how an API
            # is called (an API key read from .env, sent as "Authorization: Bearer ..."), not
            # exfiltration; the same data in the body, or an unnamed host, is
            carried: set[str] = set()
            for arg in node.args:
                carried |= self.expr_labels(arg)
            for keyword in node.keywords:
                if keyword.arg not in _AUTH_KEYWORDS or not host:
                    carried |= self.expr_labels(keyword.value)
            if method in _FILE_TRANSFERS:  # sftp.put(path, ...) sends the file at path
                carried |= {_NAMES[label] for label in carried & _NAMES.keys()}
            if name.startswith(_LOGIN_MODULES) and method not in _LOGIN_TRANSFERS:
                carried.discard("credential")  # the key authenticates, it is not sent
            if _LEAKED & carried:
                self.emit(F.EXFIL, host or "?", line,
                          f"{name}() sends {_what(carried)} to {host or 'a server'}", "high")
            return
        if name in _SHELL_CALLS:
            self.shell_call(node, line)
            return
        if name in ("open", "io.open", "codecs.open", "os.open") or name.rsplit(".", 1)[-1] in (
                "write_text", "write_bytes", "read_text", "read_bytes") or name.endswith(".open"):
            self.file_call(node, name, line)
            return
        if name in _REMOVERS:
            target = _constant_path(node.args[0]) if node.args else ""
            if target and F.wipe_target(target):
                self.emit(F.DESTROY, target, line, f"{name}() deletes {target}", "high")
            elif target and F.outside_skill(target) and not F.is_temporary(target) and \
                    name == "shutil.rmtree":
                self.emit(F.DESTROY, target, line, f"{name}() deletes {target}, outside the "
                          "skill", "")
            return
        if name in ("os.getenv", "os.environ.get", "os.environ.setdefault", "os.getenvb"):
            key = node.args[0] if node.args else None
            if isinstance(key, ast.Constant) and isinstance(key.value, str):
                self.emit(F.ENV, key.value, line, "", "")

    def call_labels(self, node: ast.Call) -> set[str]:
        """The labels of everything a call is given."""
        labels: set[str] = set()
        for arg in [*node.args, *(k.value for k in node.keywords)]:
            labels |= self.expr_labels(arg)
        return labels

    def _dynamic(self, func: ast.AST) -> str | None:
        """``getattr(__import__("os"), "system")`` -> "os.system" (names folded)."""
        if not (isinstance(func, ast.Call) and isinstance(func.func, ast.Name)
                and func.func.id == "getattr" and len(func.args) >= 2):
            return None
        owner, attribute = func.args[0], fold(func.args[1], self.strings)
        module = None
        if isinstance(owner, ast.Call) and owner.args and self.dotted(owner.func) in (
                "__import__", "importlib.import_module"):
            module = fold(owner.args[0], self.strings)
        if module is None or attribute is None:
            return None
        return f"{module}.{attribute}"

    def _host(self, node: ast.Call) -> str:
        for arg in [*node.args, *(k.value for k in node.keywords if k.arg == "url")]:
            for sub in self.walk(arg):
                if isinstance(sub, ast.Constant) and isinstance(sub.value, str):
                    for url in F.URL_RE.findall(sub.value):
                        host = F.host_of(url)
                        if host:
                            return host
                if isinstance(sub, ast.Name) and self.key(sub) in self._url_names:
                    return self._url_names[self.key(sub)]
            if isinstance(arg, ast.Tuple) and arg.elts and isinstance(arg.elts[0], ast.Constant):
                return str(arg.elts[0].value)  # socket.connect(("203.0.113.5", 4444))
        return ""

    def shell_call(self, node: ast.Call, line: int) -> None:
        if not node.args:
            return
        first = node.args[0]
        words: list[str] = []
        folded = fold(first, self.strings)
        if folded is not None:
            words = [folded]
        elif isinstance(first, ast.List | ast.Tuple):
            # an unknown element stands as its own source ("str(output_path)"): two
            # different expressions are never taken for the same file
            words = [_quote(e.value) if isinstance(e, ast.Constant) and isinstance(e.value, str)
                     else _quote(_constant_path(e)) if _constant_path(e)
                     else _quote(ast.unparse(e)[:80]) for e in first.elts]
        elif isinstance(first, ast.JoinedStr):
            words = ["".join(str(v.value) if isinstance(v, ast.Constant) else "$X"
                             for v in first.values)]
        if not words:
            return
        shell.analyze(" ".join(words), self.emit, line_offset=line - 1, state=self.shell_state)

    def file_call(self, node: ast.Call, name: str, line: int) -> None:
        target_node: ast.AST | None = node.args[0] if node.args and name in (
            "open", "io.open", "codecs.open", "os.open") else None
        if target_node is None and isinstance(node.func, ast.Attribute):
            target_node = node.func.value
        path = _constant_path(target_node) if target_node is not None else ""
        if not path:
            return
        mode = ""
        if name.endswith(("write_text", "write_bytes")):
            mode = "w"
        elif len(node.args) > 1 and isinstance(node.args[1], ast.Constant):
            mode = str(node.args[1].value)
        for keyword in node.keywords:
            if keyword.arg == "mode" and isinstance(keyword.value, ast.Constant):
                mode = str(keyword.value.value)
        writing = any(ch in mode for ch in "wax+")
        store = F.credential_store(path)
        if store is not None and not writing:
            self.emit(F.CREDENTIAL, store, line, f"reads {store}", "")
        if writing:
            if F.persistence_target(path):
                self.emit(F.PERSIST, path, line, f"writes {path}, which runs later", "")
            if F.outside_skill(path):
                self.emit(F.WRITE, path, line, "", "")
        elif F.outside_skill(path):
            self.emit(F.READ, path, line, "", "")

    # ------------------------------------------------------------------ run

    def run(self) -> None:
        self.imports()
        self.scopes()
        assigned = self.tree.of(ast.Assign)
        for node in assigned:
            if isinstance(node, ast.Assign) and isinstance(node.value, ast.Constant) and \
                    isinstance(node.value.value, str):
                urls = F.URL_RE.findall(node.value.value)
                if urls and F.host_of(urls[0]):
                    for target in node.targets:
                        if isinstance(target, ast.Name):  # one function's url is its own
                            self._url_names[self.key(target)] = F.host_of(urls[0])
        self.assignments()
        for node in assigned:
            if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(
                    node.targets[0], ast.Name) and not isinstance(node.value, ast.Constant):
                value = fold(node.value, self.strings)
                if value is not None:
                    self.strings[node.targets[0].id] = value
            elif isinstance(node, ast.Assign) and isinstance(node.value, ast.Constant) and \
                    isinstance(node.value.value, str):
                for target in node.targets:
                    if isinstance(target, ast.Name):
                        self.strings[target.id] = node.value.value
        for node in self.tree.of(ast.Call, ast.Constant, ast.Subscript):
            if isinstance(node, ast.Call):
                self.call(node)
            elif isinstance(node, ast.Constant) and isinstance(node.value, str):
                for url in F.URL_RE.findall(node.value):
                    self.emit(F.URL, url, node.lineno, "", "")
                    host = F.host_of(url)
                    if host:
                        self.emit(F.HOST, host, node.lineno, "", "")
                store = F.credential_store(node.value) if len(node.value) < 300 else None
                if store is not None:
                    self.emit(F.CREDENTIAL, store, node.lineno, f"names {store}", "")
            elif isinstance(node, ast.Subscript) and self._is_environ(node.value):
                key = node.slice
                if isinstance(key, ast.Constant) and isinstance(key.value, str) and \
                        isinstance(node.ctx, ast.Load):
                    self.emit(F.ENV, key.value, node.lineno, "", "")
        if any("env" in labels for labels in self.labels.values()):
            line = next((n.lineno for n in self.tree.of(ast.Attribute)
                         if isinstance(n, ast.Attribute) and self._is_environ(n)), 1)
            self.emit(F.ENV_DUMP, "os.environ", line, "reads the whole environment", "")


def fold(node: ast.AST | None, names: dict[str, str], depth: int = 0) -> str | None:
    """The value of a string expression built from constants, when it can be known without
    running anything: concatenation, ``"".join(...)`` of constants, ``reversed``, slicing
    with ``[::-1]``, ``chr`` of integer constants, and names bound to such values. Obfuscated
    code builds its commands this way."""
    if node is None or depth > 20:
        return None
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.Name):
        return names.get(node.id)
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        left, right = fold(node.left, names, depth + 1), fold(node.right, names, depth + 1)
        return left + right if left is not None and right is not None else None
    if isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Slice):
        inner = fold(node.value, names, depth + 1)
        step = node.slice.step
        if inner is not None and isinstance(step, ast.UnaryOp) and node.slice.lower is None \
                and node.slice.upper is None:
            return inner[::-1]
        return None
    if isinstance(node, ast.Call):
        func = node.func
        if isinstance(func, ast.Name) and func.id == "chr" and node.args and isinstance(
                node.args[0], ast.Constant) and isinstance(node.args[0].value, int):
            value = node.args[0].value
            return chr(value) if 0 <= value < 0x110000 else None
        if isinstance(func, ast.Name) and func.id == "reversed" and node.args:
            inner = fold(node.args[0], names, depth + 1)
            return inner[::-1] if inner is not None else None
        if isinstance(func, ast.Attribute) and func.attr == "join" and node.args:
            sep = fold(func.value, names, depth + 1)
            arg = node.args[0]
            if sep is None:
                return None
            if isinstance(arg, ast.GeneratorExp | ast.ListComp) and len(arg.generators) == 1:
                gen = arg.generators[0]
                if isinstance(gen.iter, ast.Tuple | ast.List) and isinstance(
                        gen.target, ast.Name) and isinstance(arg.elt, ast.Call):
                    chars = []
                    for element in gen.iter.elts[:4096]:
                        if not (isinstance(element, ast.Constant)
                                and isinstance(element.value, int)):
                            return None
                        chars.append(fold(ast.Call(arg.elt.func, [element], []), names,
                                          depth + 1))
                    return sep.join(c for c in chars if c is not None) \
                        if all(c is not None for c in chars) else None
                return None
            if isinstance(arg, ast.List | ast.Tuple):
                parts = [fold(e, names, depth + 1) for e in arg.elts[:4096]]
                return sep.join(p for p in parts if p is not None) \
                    if all(p is not None for p in parts) else None
            inner = fold(arg, names, depth + 1)
            return sep.join(inner) if inner is not None else None
    return None


def _quote(word: str) -> str:
    return word if word and all(ch.isalnum() or ch in "-_./:=@~$" for ch in word) \
        else "'" + word.replace("'", "'\\''") + "'"


def _constant_path(node: ast.AST | None) -> str:
    """A path written as constants (``"~/.ssh/id_rsa"``, ``Path.home() / ".aws"``, an
    f-string, ``os.path.expanduser(...)``), joined with "/"; "" when there is none."""
    if node is None:
        return ""
    parts: list[str] = []
    home = False
    for sub in _in_order(node):
        if isinstance(sub, ast.Constant) and isinstance(sub.value, str):
            parts.append(sub.value)
        elif isinstance(sub, ast.Call) and isinstance(sub.func, ast.Attribute) \
                and sub.func.attr == "home":
            home = True  # Path.home(); not an attribute named home (a test's self.home)
    if not parts:
        return "~" if home else ""
    path = "/".join(p.strip("/") if i else p.rstrip("/") for i, p in enumerate(parts))
    return f"~/{path}" if home and not path.startswith(("~", "/")) else path


def _in_order(node: ast.AST, depth: int = 0) -> Iterator[ast.AST]:
    """The nodes below ``node`` in source order (``ast.walk`` is breadth first, which would
    read ``home / ".aws" / "credentials"`` backwards)."""
    if depth > 50:
        return
    yield node
    for child in ast.iter_child_nodes(node):
        yield from _in_order(child, depth + 1)


def _what(labels: set[str] | frozenset[str]) -> str:
    credentials = bool(labels & {"credential", "dotenv"})
    if credentials and "env" in labels:
        return "credentials and environment variables"
    return "credentials" if credentials else "environment variables"


#: Labels of data that must not leave the machine: a credential store's content, a parsed
#: ``.env`` file (whole), the whole environment.
_LEAKED = frozenset({"credential", "dotenv", "env"})
_DOTENV = frozenset({"dotenv"})
#: a store's path -> its content, once an expression reads it
_NAMES = {"credential-name": "credential", "dotenv-name": "dotenv"}
#: calls (by their last name) that read a file or folder they are given: what a store's
#: path becomes in an expression that holds one
_READ_CALLS = frozenset({"open", "read", "read_text", "read_bytes", "readlines", "readline",
                         "load", "safe_load", "full_load", "dotenv_values", "load_dotenv",
                         "glob", "rglob", "iterdir", "listdir", "scandir", "walk", "copy",
                         "copy2", "copyfile", "copytree", "make_archive", "add", "write",
                         "fromfile", "loadtxt", "ConfigParser", "netrc"})
#: network calls that send a local file given by its path (``sftp.put(path, remote)``)
_FILE_TRANSFERS = frozenset({"put", "upload", "upload_file", "sendfile", "storbinary",
                             "storlines", "fput_object", "upload_from_filename"})


def _read_by_name(nodes: list[ast.AST]) -> set[int]:
    """The ids of the names among ``nodes`` (an expression's) read only for one key given
    by name (``env["KEY"]``, ``env.get("KEY")``)."""
    keyed: set[int] = set()
    for sub in nodes:
        if isinstance(sub, ast.Subscript) and isinstance(sub.value, ast.Name) and isinstance(
                sub.slice, ast.Constant) and isinstance(sub.slice.value, str):
            keyed.add(id(sub.value))
        elif isinstance(sub, ast.Call) and isinstance(sub.func, ast.Attribute) and \
                sub.func.attr == "get" and isinstance(sub.func.value, ast.Name) and sub.args \
                and isinstance(sub.args[0], ast.Constant) and isinstance(sub.args[0].value, str):
            keyed.add(id(sub.func.value))
    return keyed


def analyze(source: str, emit: F.Emit) -> bool:
    """Emit the facts of Python source; False when it does not parse (nothing emitted)."""
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return False
    try:
        _Analysis(emit, _Tree(tree)).run()
    except RecursionError:
        return False
    return True
