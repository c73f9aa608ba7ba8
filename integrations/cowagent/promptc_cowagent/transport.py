"""How the adapter asks promptc for a prompt: one process per turn, or one
`promptc serve --stdio` child for the whole CowAgent process.

Both transports take the same request (pipeline name, params, cwd) and
return the same thing: `promptc build --json`'s Result as a dict whose
"prompt" is a str. Every way promptc can fail (binary missing, spawn error,
non-zero exit, timeout, output that is not that Result, an error reply)
raises PromptcError with a one-line reason; nothing else escapes.
"""

import json
import os
import shutil
import signal
import subprocess
import threading

DEFAULT_TIMEOUT = 3.0  # seconds per turn; a build takes milliseconds


class PromptcError(Exception):
    """promptc did not produce a prompt. str(err) is a one-line reason;
    .kind names the failure ("missing", "spawn", "exit", "timeout",
    "malformed", "error", "stale", "internal") so that a repeated outage is reported once."""

    def __init__(self, kind, reason):
        super().__init__(reason)
        self.kind = kind


def resolve_binary(configured):
    """The promptc executable: `configured` (PROMPTC_BIN) when set, else
    `promptc` on PATH. Raises PromptcError("missing") when there is none."""
    if configured:
        if os.path.isfile(configured) and os.access(configured, os.X_OK):
            return configured
        raise PromptcError("missing", f"PROMPTC_BIN={configured} is not an executable file")
    found = shutil.which("promptc")
    if not found:
        raise PromptcError("missing", "promptc is not on PATH (set PROMPTC_BIN)")
    return found


def check_result(obj):
    """Returns obj when it is a fresh build Result (an object with a str
    "prompt"). Raises PromptcError("error") for an error reply, and
    PromptcError("stale") for a serve reply that is the last good Result
    of a rebuild that failed (a "build/fallback" diagnostic): this turn's
    inputs were not built, so CowAgent should build them. Anything else is
    PromptcError("malformed")."""
    if not isinstance(obj, dict):
        raise PromptcError("malformed", f"promptc replied with a JSON {type(obj).__name__}, not a Result object")
    if "error" in obj and "prompt" not in obj:
        err = obj["error"] if isinstance(obj["error"], dict) else {"message": str(obj["error"])}
        raise PromptcError("error", f"promptc error {err.get('code', '?')}: {err.get('message', '')}".rstrip())
    if not isinstance(obj.get("prompt"), str):
        raise PromptcError("malformed", "promptc's Result has no string field \"prompt\"")
    for d in obj.get("diagnostics") or []:
        if isinstance(d, dict) and d.get("code") == "build/fallback":
            raise PromptcError("stale", f"promptc's rebuild failed: {d.get('message', '')}")
    return obj


def _decode(raw):
    try:
        return json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError) as e:
        head = raw[:60].decode("utf-8", "replace")
        raise PromptcError("malformed", f"promptc's output is not JSON ({e}): {head!r}") from None


def _first_line(raw):
    text = raw.decode("utf-8", "replace").strip()
    return text.splitlines()[-1] if text else ""


def _kill_group(proc):
    """Kills proc and everything it started (it leads its own session), so
    that a wrapper script's children cannot keep our pipes open."""
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass
    try:
        proc.kill()
    except ProcessLookupError:
        pass


class CLITransport:
    """`promptc build --pipeline P --json --params - --cwd CWD` per turn,
    the params as JSON on stdin. Stateless and safe to call from several
    threads at once."""

    name = "cli"

    def __init__(self, binary=None, timeout=DEFAULT_TIMEOUT):
        self.binary = binary
        self.timeout = timeout

    def build(self, pipeline, params, cwd):
        exe = resolve_binary(self.binary)
        argv = [exe, "build", "--pipeline", pipeline, "--json", "--params", "-", "--cwd", cwd]
        data = json.dumps(params, ensure_ascii=False).encode("utf-8")
        try:
            proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                    stderr=subprocess.PIPE, start_new_session=True)
        except OSError as e:
            raise PromptcError("spawn", f"cannot run {exe}: {e}") from None
        try:
            out, err = proc.communicate(data, timeout=self.timeout)
        except subprocess.TimeoutExpired:
            _kill_group(proc)
            proc.communicate()
            raise PromptcError("timeout", f"promptc build took longer than {self.timeout:g}s (killed)") from None
        except BaseException:
            _kill_group(proc)
            proc.wait()
            raise
        if proc.returncode != 0:
            raise PromptcError("exit", f"promptc build exited with status {proc.returncode}: {_first_line(err)}")
        return check_result(_decode(out))

    def close(self):
        pass


class ServeTransport:
    """One `promptc serve --stdio` child, started on the first turn and kept
    for the life of the process: one JSON request per line on its stdin,
    one reply per line on its stdout, in order. Requests are serialised by
    a lock. When a reply is late, malformed or missing, the child is killed
    (the stream can no longer be trusted to stay in order) and the next
    turn starts a new one; so does a turn in a forked process, which never
    writes to its parent's child."""

    name = "serve"

    def __init__(self, binary=None, timeout=DEFAULT_TIMEOUT):
        self.binary = binary
        self.timeout = timeout
        self._lock = threading.Lock()
        self._proc = None
        self._pid = None    # the process that started _proc (a forked CowAgent starts its own)
        self._lines = None  # the reader thread's queue of stdout lines
        self._stderr_tail = []

    def _start(self):
        import queue
        exe = resolve_binary(self.binary)
        try:
            proc = subprocess.Popen([exe, "serve", "--stdio"], stdin=subprocess.PIPE,
                                    stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                    start_new_session=True)
        except OSError as e:
            raise PromptcError("spawn", f"cannot run {exe}: {e}") from None
        lines = queue.Queue()
        tail = []

        def read_stdout():
            for line in proc.stdout:
                lines.put(line)
            lines.put(None)  # EOF

        def read_stderr():
            for line in proc.stderr:
                tail.append(line)
                del tail[:-5]

        for fn in (read_stdout, read_stderr):
            threading.Thread(target=fn, name="promptc-serve-" + fn.__name__, daemon=True).start()
        self._proc, self._pid, self._lines, self._stderr_tail = proc, os.getpid(), lines, tail

    def _reset(self):
        if self._proc is not None and self._pid != os.getpid():
            self._proc = None  # the parent's child: leave it to the parent
        if self._proc is not None:
            _kill_group(self._proc)
            for pipe in (self._proc.stdin, self._proc.stdout, self._proc.stderr):
                try:
                    pipe.close()
                except OSError:
                    pass
            self._proc.wait()
        self._proc = None

    def build(self, pipeline, params, cwd):
        import queue
        request = {"pipeline": pipeline, "params": params, "args": ["--cwd", cwd]}
        line = json.dumps(request, ensure_ascii=False).encode("utf-8") + b"\n"
        with self._lock:
            if self._proc is None or self._pid != os.getpid() or self._proc.poll() is not None:
                self._reset()
                self._start()
            proc = self._proc
            try:
                proc.stdin.write(line)
                proc.stdin.flush()
            except OSError as e:
                reason = self._exit_reason(proc) or f"cannot write to promptc serve: {e}"
                self._reset()
                raise PromptcError("exit", reason) from None
            try:
                reply = self._lines.get(timeout=self.timeout)
            except queue.Empty:
                self._reset()
                raise PromptcError("timeout", f"promptc serve did not reply within {self.timeout:g}s (restarted)") from None
            if reply is None:
                reason = self._exit_reason(proc) or "promptc serve closed its output"
                self._reset()
                raise PromptcError("exit", reason)
            try:
                return check_result(_decode(reply))
            except PromptcError as e:
                if e.kind == "malformed":
                    self._reset()
                raise

    def _exit_reason(self, proc):
        try:
            code = proc.wait(timeout=1)
        except subprocess.TimeoutExpired:
            return ""
        tail = _first_line(b"".join(self._stderr_tail))
        return f"promptc serve exited with status {code}" + (f": {tail}" if tail else "")

    def close(self):
        with self._lock:
            self._reset()


def make(name, binary=None, timeout=DEFAULT_TIMEOUT):
    """The transport called name ("cli" or "serve")."""
    kinds = {"cli": CLITransport, "serve": ServeTransport}
    if name not in kinds:
        raise ValueError(f"unknown promptc transport {name!r} (want cli or serve)")
    return kinds[name](binary, timeout)
