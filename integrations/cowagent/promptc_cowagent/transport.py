"""How the adapter asks promptc for a prompt: one process per turn, or one
`promptc serve --stdio` child for the whole CowAgent process.

Both transports take the same request (pipeline name, params, cwd) and
return the same thing: `promptc build --json`'s Result as a dict whose
"prompt" is a str. Every way promptc can fail (binary missing, spawn error,
non-zero exit, timeout, a reply over MAX_REPLY_BYTES, output that is not
that Result, an error reply) raises PromptcError with a one-line reason;
nothing else escapes.
"""

import json
import os
import shutil
import signal
import subprocess
import threading
import time

DEFAULT_TIMEOUT = 3.0  # seconds per turn; a build takes milliseconds

# The most bytes one reply may have (a build's output; a serve reply line,
# its newline not counted): 64 MiB, promptc's own render limit. A Result
# holds the prompt twice (prompt and its sections' text), JSON-escaped, so
# this passes prompts up to about 30 MB; a larger reply is a failure
# ("oversize"), and no more than this is ever held.
MAX_REPLY_BYTES = 64 << 20


class PromptcError(Exception):
    """promptc did not produce a prompt. str(err) is a one-line reason;
    .kind names the failure ("missing", "spawn", "exit", "timeout",
    "oversize", "malformed", "error", "stale", "internal") so that a repeated outage is reported once."""

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


def read_line(stream, limit=MAX_REPLY_BYTES):
    """One line of stream (a binary file object: serve's stdout): its bytes
    with the newline, or at the end what is left (b"" when nothing).

    The bytes are not decoded here: a reply is decoded from its whole line
    (_decode), so a UTF-8 character split between two pipe reads is whole
    again. Linear in the line's length (BufferedReader.readline scans each
    read once and joins them once). At most limit + 1 bytes are read for a
    line: one longer than limit bytes (its newline not counted) raises
    PromptcError("oversize")."""
    raw = stream.readline(limit + 1)
    if len(raw) > limit and not raw.endswith(b"\n"):
        raise PromptcError("oversize", f"promptc replied more than {limit} bytes in one reply")
    return raw


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


def _communicate(proc, data, timeout, limit=MAX_REPLY_BYTES):
    """proc.communicate(data, timeout) holding no more than limit bytes of
    stdout (plus one read) and the last 4 KiB of stderr: returns (stdout, stderr tail)
    once proc has exited. Raises subprocess.TimeoutExpired when the output
    has not ended and proc exited within timeout, and
    PromptcError("oversize") as soon as stdout passes limit bytes; either
    way proc's group is killed and reaped first. Daemon threads serve the
    three pipes; each pipe is closed once its thread is done."""
    box = {"out": b"", "err": b""}

    def drain_out():
        parts, size = [], 0
        try:
            while size <= limit:
                chunk = proc.stdout.read1(65536)
                if not chunk:
                    break
                parts.append(chunk)
                size += len(chunk)
        except (OSError, ValueError):
            pass
        box["out"] = b"".join(parts)

    def feed():
        try:
            proc.stdin.write(data)
            proc.stdin.close()
        except (OSError, ValueError):
            pass  # promptc exited without reading, or was killed

    def drain_err():
        try:
            for chunk in iter(lambda: proc.stderr.read1(4096), b""):
                box["err"] = (box["err"] + chunk)[-4096:]
        except (OSError, ValueError):
            pass

    pipes = (proc.stdout, proc.stdin, proc.stderr)
    threads = [threading.Thread(target=f, name="promptc-cli-" + f.__name__, daemon=True)
               for f in (drain_out, feed, drain_err)]
    for t in threads:
        t.start()
    deadline = time.monotonic() + timeout
    try:
        for t in threads:
            t.join(max(0.0, deadline - time.monotonic()))
            if t is threads[0] and len(box["out"]) > limit:
                raise PromptcError("oversize", f"promptc replied more than {limit} bytes")
            if t.is_alive():
                raise subprocess.TimeoutExpired(proc.args, timeout)
        proc.wait(max(0.0, deadline - time.monotonic()))
    except BaseException:
        _kill_group(proc)
        proc.wait()
        for t in threads:
            t.join(1)  # the pipes end with the group (unless a child left it)
        raise
    finally:
        for t, pipe in zip(threads, pipes):
            if not t.is_alive():  # closing a pipe a thread still reads would block
                try:
                    pipe.close()
                except (OSError, ValueError):
                    pass
    return box["out"], box["err"]


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
            out, err = _communicate(proc, data, self.timeout)
        except subprocess.TimeoutExpired:
            raise PromptcError("timeout", f"promptc build took longer than {self.timeout:g}s (killed)") from None
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
            # Puts each reply line, then None at the end; a line over the cap
            # is put as its PromptcError, and nothing after it is read.
            try:
                for line in iter(lambda: read_line(proc.stdout), b""):
                    lines.put(line)
            except PromptcError as e:
                lines.put(e)
                return
            except (OSError, ValueError):
                pass  # the pipe was closed by _reset
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
            if isinstance(reply, PromptcError):
                self._reset()
                raise PromptcError(reply.kind, f"{reply} (restarted)")
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
