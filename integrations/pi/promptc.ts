/**
 * promptc for pi: the system prompt of every pi run comes from promptc.
 *
 * Load it with `pi -e integrations/pi/promptc.ts`, or copy this file into
 * ~/.pi/agent/extensions/. pi loads TypeScript itself; the file needs no build step and imports
 * nothing beyond pi and Node.
 *
 * Contract:
 * - On before_agent_start the extension asks promptc for this run's prompt, built from what pi knows
 *   and promptc cannot see on disk (promptcArgs), and returns it as systemPrompt.
 * - It replaces the prompt only when promptc, given the same inputs and no configuration layer
 *   (--no-config), rebuilds the prompt that reached the handler byte for byte ("verify"). Then the
 *   prompt with the layers is returned; otherwise pi's prompt stays (an input promptc cannot see,
 *   such as another extension's rewrite that ran first, would otherwise be lost).
 * - Any failure (promptc missing, a non-zero exit, a timeout, a malformed reply, a reply over
 *   MAX_REPLY_BYTES, no identity) returns nothing, so pi keeps its own prompt, and the session shows
 *   one warning (pi's notify when it has a UI, else stderr). After a timeout promptc is not asked
 *   again in this session.
 * - /promptc shows `promptc explain` for the session's inputs: the arguments a build gets.
 *
 * Settings, environment first, then <agent dir>/promptc.json ({"bin", "transport", "timeoutMs",
 * "verify"}), then the defaults:
 *   PROMPTC_BIN         the promptc binary (default: promptc on PATH)
 *   PROMPTC_TRANSPORT   serve (one `promptc serve --stdio` child per session, started on the first
 *                       run; the default: warm, a run costs milliseconds) or cli (a `promptc build
 *                       --json` process per request: nothing lives between runs)
 *   PROMPTC_TIMEOUT_MS  per request (default 5000)
 *   PROMPTC_VERIFY      0 skips the identity build (one promptc request per run instead of two)
 */
import type { BuildSystemPromptOptions, ExtensionAPI, ExtensionContext } from "@earendil-works/pi-coding-agent";
import { CONFIG_DIR_NAME, getAgentDir, getPackageDir } from "@earendil-works/pi-coding-agent";
import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

/** How the extension finds and talks to promptc. */
interface Settings {
	bin: string;
	transport: "cli" | "serve";
	timeoutMs: number;
	verify: boolean;
}

const DEFAULT_TIMEOUT_MS = 5000;
/**
 * The most bytes one reply may have (a cli build's output, one serve reply line without its newline):
 * 64 MiB, promptc's own render limit. A Result holds the prompt twice (prompt and its sections'
 * text), JSON-escaped, so this passes prompts up to about 30 MB, far beyond any model's context. A
 * larger reply fails the request like any other promptc failure.
 */
const MAX_REPLY_BYTES = 64 << 20;
/** Texts longer than this (or naming an existing file) go to promptc in a file, not in argv. */
const MAX_ARG_BYTES = 100_000;

/** A promptc failure; fatal ones (timeouts) switch promptc off for the session. */
class PromptcError extends Error {
	constructor(
		message: string,
		readonly fatal = false,
	) {
		super(message);
	}
}

/**
 * ReplyLines splits a byte stream (serve's stdout) into its lines. Contract:
 * - feed takes the chunks as they arrive, split anywhere (inside a multi-byte UTF-8 character too),
 *   and returns the lines the chunk completes, in order, without their "\n"; each is decoded as
 *   UTF-8 from its whole bytes, so a split never changes the text. Bytes after the last newline wait.
 * - Linear: each chunk is scanned once for newlines, from its own start, and kept as is until its
 *   line ends; a line's chunks are joined once.
 * - A line longer than maxBytes (without its newline) throws PromptcError as soon as it is known,
 *   and nothing of it is kept: at most maxBytes bytes wait at any time.
 */
export class ReplyLines {
	private parts: Buffer[] = [];
	private size = 0;

	constructor(private readonly maxBytes: number) {}

	feed(chunk: Buffer): string[] {
		const lines: string[] = [];
		let start = 0;
		for (let nl = chunk.indexOf(10); nl >= 0; nl = chunk.indexOf(10, start)) {
			this.keep(chunk.subarray(start, nl));
			lines.push(Buffer.concat(this.parts, this.size).toString("utf-8"));
			this.parts = [];
			this.size = 0;
			start = nl + 1;
		}
		this.keep(chunk.subarray(start));
		return lines;
	}

	private keep(part: Buffer) {
		if (part.length === 0) return;
		this.size += part.length;
		if (this.size > this.maxBytes) {
			this.parts = [];
			this.size = 0;
			throw new PromptcError(`serve replied more than ${this.maxBytes} bytes in one reply`);
		}
		this.parts.push(part);
	}
}

/** Reads the settings: environment, then <agentDir>/promptc.json, then defaults. */
function loadSettings(agentDir: string): Settings {
	let file: Record<string, unknown> = {};
	const path = join(agentDir, "promptc.json");
	if (existsSync(path)) {
		try {
			file = JSON.parse(readFileSync(path, "utf-8"));
		} catch (err) {
			throw new PromptcError(`cannot read ${path}: ${(err as Error).message}`);
		}
	}
	const env = process.env;
	const pick = (name: string, key: string) => (env[name] ? env[name] : file[key] !== undefined ? String(file[key]) : undefined);
	const transport = pick("PROMPTC_TRANSPORT", "transport") ?? "serve";
	if (transport !== "cli" && transport !== "serve") throw new PromptcError(`transport ${JSON.stringify(transport)}: want cli or serve`);
	const timeout = Number(pick("PROMPTC_TIMEOUT_MS", "timeoutMs") ?? DEFAULT_TIMEOUT_MS);
	if (!Number.isFinite(timeout) || timeout <= 0) throw new PromptcError(`timeout ${timeout}: want milliseconds > 0`);
	const verify = pick("PROMPTC_VERIFY", "verify");
	return {
		bin: pick("PROMPTC_BIN", "bin") ?? "promptc",
		transport,
		timeoutMs: timeout,
		verify: verify === undefined || !["0", "false", "no"].includes(verify),
	};
}

/** What pi knows about the session beyond the system-prompt options. */
interface PiFacts {
	agentDir: string;
	packageDir: string;
	trusted: boolean;
	/** Tools registered by extensions (not pi's built-ins), in registration order. */
	extensionTools: { name: string; promptGuidelines?: string[] }[];
}

function piFacts(pi: ExtensionAPI, ctx: ExtensionContext): PiFacts {
	return {
		agentDir: getAgentDir(),
		packageDir: getPackageDir(),
		trusted: ctx.isProjectTrusted(),
		extensionTools: pi.getAllTools().filter((t) => t.sourceInfo?.source !== "builtin"),
	};
}

/** A run's promptc arguments and the files they name, removed by cleanup. */
interface Request {
	args: string[];
	cleanup(): void;
}

/**
 * promptcArgs turns pi's state into `promptc build` flags of the default pipeline (pi's own flag
 * names). What pi resolved from its command line (which extensions cannot read) is recovered by
 * comparing pi's result with what pi would have found on disk:
 * - cwd, agent dir, trust decision, active tools: always passed (--tools in pi's order, or --no-tools);
 *   active extension tools go in a --tool-file with their snippets and guidelines.
 * - the custom body and the appended text: passed when they differ from the SYSTEM.md /
 *   APPEND_SYSTEM.md pi would discover (so --system-prompt "" over a SYSTEM.md stays "").
 * - context files: --no-context-files when pi loaded none.
 * - skills: --no-skills when pi loaded none from discovery (user or project scope); the packages
 *   given with -e (recognized by place and path) as packages of a resources overlay; every other
 *   skill pi loaded from elsewhere (--skill, extensions' resources) as --skill FILE.
 * - pi's package dir (the docs paths in the default body) as the package_dir param.
 */
function promptcArgs(o: BuildSystemPromptOptions, facts: PiFacts): Request {
	let dir: string | undefined;
	const file = (name: string, content: string) => {
		dir ??= mkdtempSync(join(tmpdir(), "promptc-pi-"));
		const path = join(dir, name);
		writeFileSync(path, content);
		return path;
	};
	const cleanup = () => {
		if (dir) rmSync(dir, { recursive: true, force: true });
	};
	try {
		const args = [`--cwd=${o.cwd}`, `--agent-dir=${facts.agentDir}`, facts.trusted ? "--approve" : "--no-approve"];
		const tools = o.selectedTools ?? ["read", "bash", "edit", "write"];
		args.push(tools.length > 0 ? `--tools=${tools.join(",")}` : "--no-tools");
		const own = facts.extensionTools.filter((t) => tools.includes(t.name));
		if (own.length > 0) {
			const defs = own.map((t) => ({ name: t.name, snippet: o.toolSnippets?.[t.name] ?? "", guidelines: t.promptGuidelines ?? [] }));
			args.push(`--tool-file=${file("tools.json", JSON.stringify({ tools: defs }))}`);
		}
		args.push(`--param=package_dir=${JSON.stringify(facts.packageDir)}`);
		const project = (name: string) => (facts.trusted ? [join(o.cwd, CONFIG_DIR_NAME, name)] : []);
		const text = (flag: string, name: string, value: string | undefined) => {
			const found = discovered([...project(name), join(facts.agentDir, name)]);
			if ((value ?? "") === (found ?? "")) return;
			const v = value ?? "";
			const asFile = v.includes("\0") || Buffer.byteLength(v) > MAX_ARG_BYTES || (v !== "" && existsSync(resolve(o.cwd, v)));
			args.push(`--${flag}=${asFile ? file(name, v) : v}`);
		};
		text("system-prompt", "SYSTEM.md", o.customPrompt);
		text("append-system-prompt", "APPEND_SYSTEM.md", o.appendSystemPrompt);
		if (!o.contextFiles?.length) args.push("--no-context-files");
		const skills = o.skills ?? [];
		const fromDiscovery = (scope: string | undefined) => scope === "user" || scope === "project";
		if (!skills.some((s) => fromDiscovery(s.sourceInfo?.scope))) args.push("--no-skills");
		// pi lists the skills of packages given with -e before everything discovered, and --skill
		// files after it; both are "cli" skills to an extension. A non-discovered skill ahead of every
		// discovered one, under a skills/ folder, is taken for a package's and passed as that package
		// (a resources overlay keeps its place); a wrong guess only fails the identity check.
		// With no discovered skill the two kinds are adjacent and --skill in pi's order keeps it.
		const packages: string[] = [];
		let seenDiscovered = !skills.some((s) => fromDiscovery(s.sourceInfo?.scope));
		for (const s of skills) {
			if (fromDiscovery(s.sourceInfo?.scope)) {
				seenDiscovered = true;
				continue;
			}
			const pkg = seenDiscovered ? undefined : /^(.+)\/skills\/.+$/.exec(s.filePath)?.[1];
			if (pkg === undefined) args.push(`--skill=${s.filePath}`);
			else if (!packages.includes(pkg)) packages.push(pkg);
		}
		if (packages.length > 0) args.push(`--overlay=${file("resources.json", JSON.stringify({ resources: { packages } }))}`);
		return { args, cleanup };
	} catch (err) {
		cleanup();
		throw err;
	}
}

/** The text pi reads from the first existing candidate: its content, or its path when unreadable. */
function discovered(candidates: string[]): string | undefined {
	const path = candidates.find((p) => existsSync(p));
	if (path === undefined) return undefined;
	try {
		return readFileSync(path, "utf-8");
	} catch {
		return path;
	}
}

/** A way to reach promptc. build returns build --json's Result; explain returns explain's text. */
interface Transport {
	build(args: string[]): Promise<{ prompt: string }>;
	explain(args: string[]): Promise<string>;
	close(): void;
}

/** cli: one promptc process per request. */
class CliTransport implements Transport {
	constructor(private readonly s: Settings) {}

	async build(args: string[]) {
		return checkResult(parseReply(await this.run(["build", "--json", ...args])));
	}

	explain(args: string[]) {
		return this.run(["explain", ...args]);
	}

	close() {}

	private run(argv: string[]): Promise<string> {
		return new Promise((done, fail) => {
			const child = spawn(this.s.bin, argv, { stdio: ["ignore", "pipe", "pipe"] });
			const out: Buffer[] = [];
			let size = 0;
			let stderr = "";
			const timer = setTimeout(() => {
				child.kill("SIGKILL");
				fail(new PromptcError(`timed out after ${this.s.timeoutMs} ms`, true));
			}, this.s.timeoutMs);
			child.stdout.on("data", (b: Buffer) => {
				size += b.length;
				if (size > MAX_REPLY_BYTES) {
					child.kill("SIGKILL");
					fail(new PromptcError(`replied more than ${MAX_REPLY_BYTES} bytes`));
				} else out.push(b);
			});
			child.stderr.on("data", (b: Buffer) => {
				if (stderr.length < 4096) stderr += b.toString();
			});
			child.on("error", (err: NodeJS.ErrnoException) => {
				clearTimeout(timer);
				fail(new PromptcError(spawnFailure(this.s.bin, err)));
			});
			child.on("close", (code, signal) => {
				clearTimeout(timer);
				if (code === 0) done(Buffer.concat(out).toString("utf-8"));
				else fail(new PromptcError(`${code === null ? `killed by ${signal}` : `exit status ${code}`}${firstLine(stderr)}`));
			});
		});
	}
}

/** serve: one `promptc serve --stdio` child, started on first use; one JSON line per request and reply. */
class ServeTransport implements Transport {
	private child?: ChildProcessWithoutNullStreams;
	private pending: { done(v: unknown): void; fail(e: Error): void; timer: NodeJS.Timeout }[] = [];
	private stderr = "";

	constructor(private readonly s: Settings) {}

	async build(args: string[]) {
		return checkResult(await this.request({ args }));
	}

	async explain(args: string[]) {
		const r = (await this.request({ command: "explain", format: "text", args })) as { text?: unknown };
		if (typeof r?.text !== "string") throw new PromptcError("malformed explain reply (no text)");
		return r.text;
	}

	close() {
		this.stop(new PromptcError("the session ended"));
	}

	private request(body: object): Promise<unknown> {
		const child = this.child ?? this.start();
		return new Promise((done, fail) => {
			const timer = setTimeout(() => {
				this.stop(new PromptcError(`serve timed out after ${this.s.timeoutMs} ms`, true));
			}, this.s.timeoutMs);
			this.pending.push({ done, fail, timer });
			child.stdin.write(`${JSON.stringify(body)}\n`);
		});
	}

	private start(): ChildProcessWithoutNullStreams {
		const child = spawn(this.s.bin, ["serve", "--stdio"], { stdio: ["pipe", "pipe", "pipe"] });
		this.child = child;
		this.stderr = "";
		// The child must not keep pi alive; a pending request's timer does meanwhile.
		child.unref();
		for (const s of [child.stdin, child.stdout, child.stderr]) (s as unknown as { unref?(): void }).unref?.();
		child.stdin.on("error", () => {}); // a dead child: its exit handler fails the requests
		// One splitter per child: a stopped child's late output reaches nothing.
		const lines = new ReplyLines(MAX_REPLY_BYTES);
		child.stdout.on("data", (b: Buffer) => {
			if (this.child !== child) return;
			let replies: string[];
			try {
				replies = lines.feed(b);
			} catch (err) {
				return this.stop(err as Error, child);
			}
			for (const line of replies) if (this.child === child) this.onReply(line);
		});
		child.stderr.on("data", (b: Buffer) => {
			if (this.stderr.length < 4096) this.stderr += b.toString();
		});
		child.on("error", (err: NodeJS.ErrnoException) => this.stop(new PromptcError(spawnFailure(this.s.bin, err)), child));
		child.on("exit", (code, signal) =>
			this.stop(new PromptcError(`serve ended, ${code === null ? `killed by ${signal}` : `exit status ${code}`}${firstLine(this.stderr)}`), child),
		);
		return child;
	}

	/** Settles the oldest pending request with one reply line. */
	private onReply(line: string) {
		const p = this.pending.shift();
		if (!p) return this.stop(new PromptcError("serve replied without a request"));
		clearTimeout(p.timer);
		try {
			const reply = parseReply(line) as { error?: { code?: string; message?: string } };
			if (reply?.error) p.fail(new PromptcError(`serve: ${reply.error.code}: ${reply.error.message}`));
			else p.done(reply);
		} catch (err) {
			p.fail(err as Error);
		}
	}

	/** Fails every pending request with err and ends the child (only `which` child, when given). */
	private stop(err: Error, which?: ChildProcessWithoutNullStreams) {
		const child = this.child;
		if (!child || (which && which !== child)) return;
		this.child = undefined;
		for (const p of this.pending.splice(0)) {
			clearTimeout(p.timer);
			p.fail(err);
		}
		child.stdin.end();
		child.kill("SIGTERM");
	}
}

function parseReply(text: string): unknown {
	try {
		return JSON.parse(text);
	} catch {
		throw new PromptcError(`malformed reply (not JSON: ${JSON.stringify(text.slice(0, 60))})`);
	}
}

/**
 * checkResult returns a Result's prompt. A serve Builder that could not rebuild answers with its
 * last good prompt and a build/fallback warning: that is not this run's prompt, so it fails.
 */
function checkResult(r: unknown): { prompt: string } {
	const res = r as { prompt?: unknown; diagnostics?: { code?: string; message?: string }[] } | null;
	if (typeof res?.prompt !== "string") throw new PromptcError("malformed reply (no prompt)");
	const stale = res.diagnostics?.find((d) => d?.code === "build/fallback");
	if (stale) throw new PromptcError(`could not rebuild: ${stale.message}`);
	return { prompt: res.prompt };
}

function spawnFailure(bin: string, err: NodeJS.ErrnoException): string {
	if (err.code === "ENOENT") return `${JSON.stringify(bin)} not found (set PROMPTC_BIN or put promptc on PATH)`;
	return `cannot run ${bin}: ${err.message}`;
}

function firstLine(stderr: string): string {
	const line = stderr.split("\n").find((l) => l.trim() !== "");
	return line ? `: ${line.trim().slice(0, 300)}` : "";
}

/** Where two prompts first differ, for the warning. */
function firstDifference(want: string, got: string): string {
	let i = 0;
	while (i < want.length && i < got.length && want[i] === got[i]) i++;
	return `line ${want.slice(0, i).split("\n").length}`;
}

export default function promptc(pi: ExtensionAPI) {
	// Session state: the transport (started on first use), whether the warning was shown, and
	// whether promptc is off for the rest of the session.
	let transport: Transport | undefined;
	let settings: Settings | undefined;
	let warned = false;
	let off = false;

	const connect = (): Transport => {
		settings ??= loadSettings(getAgentDir());
		transport ??= settings.transport === "serve" ? new ServeTransport(settings) : new CliTransport(settings);
		return transport;
	};

	const warn = (ctx: ExtensionContext, err: unknown) => {
		if (err instanceof PromptcError && err.fatal) off = true;
		if (warned) return;
		warned = true;
		const reason = err instanceof Error ? err.message : String(err);
		const message = `promptc: ${reason}; pi keeps its own system prompt (shown once per session)`;
		if (ctx.hasUI) ctx.ui.notify(message, "warning");
		else console.error(message);
	};

	pi.on("before_agent_start", async (event, ctx) => {
		if (off) return;
		let req: Request | undefined;
		try {
			const t = connect();
			req = promptcArgs(event.systemPromptOptions, piFacts(pi, ctx));
			const args = req.args;
			const [layered, identity] = await Promise.all([
				t.build(args),
				settings?.verify ? t.build(["--no-config", ...args]) : undefined,
			]);
			if (identity && identity.prompt !== event.systemPrompt) {
				throw new PromptcError(
					`without layers promptc does not rebuild the prompt pi has for this run (first difference at ${firstDifference(event.systemPrompt, identity.prompt)}): an input promptc cannot see, or an extension that rewrote the prompt before promptc`,
				);
			}
			return { systemPrompt: layered.prompt };
		} catch (err) {
			warn(ctx, err);
			return;
		} finally {
			req?.cleanup();
		}
	});

	pi.registerCommand("promptc", {
		description: "Show promptc explain for this session: which body, context files, tools, skills, layers",
		handler: async (_args, ctx) => {
			let req: Request | undefined;
			try {
				req = promptcArgs(ctx.getSystemPromptOptions(), piFacts(pi, ctx));
				const text = await connect().explain(req.args);
				if (ctx.hasUI) ctx.ui.notify(text, "info");
				else console.error(text);
			} catch (err) {
				const message = `promptc: ${err instanceof Error ? err.message : String(err)}`;
				if (ctx.hasUI) ctx.ui.notify(message, "error");
				else console.error(message);
			} finally {
				req?.cleanup();
			}
		},
	});

	pi.on("session_shutdown", async () => {
		transport?.close();
		transport = undefined;
	});
}
