/**
 * promptc for pi: the system prompt of every pi run comes from promptc.
 *
 * Load it with `pi -e integrations/pi/promptc.ts`, or copy this file into
 * ~/.pi/agent/extensions/. pi loads TypeScript itself; the file needs no build step and imports
 * nothing beyond pi and Node.
 *
 * Contract:
 * - The pipeline is the one of the pi version the extension runs in (pi's VERSION): pi@0.83.0 in pi
 *   0.83.0, pi@1.6.0 in pi 1.6.0 (VERIFIED), always named with --pipeline. A version promptc has not
 *   verified is a warning and pi keeps its own prompt (unverifiedVersion); PROMPTC_PIPELINE names a
 *   pipeline to use anyway, still guarded by the verify build.
 * - On before_agent_start the extension asks promptc for this run's prompt, built from what pi knows
 *   and promptc cannot see on disk (promptcArgs). pi 0.83.0 gets it as systemPrompt. pi 1.x carries
 *   the prompt as named sections (preamble, tools, rules, docs, addendum, project_context, skills,
 *   cwd); there the extension hands promptc's sections to pi by their agent_section labels
 *   (handSections), so pi's transcript keeps named sections, and returns the whole text as
 *   systemPrompt only when pi's options cannot render promptc's prompt byte for byte (a layer's
 *   section with no agent_section label, an order pi's sections cannot take).
 * - It replaces the prompt only when promptc, given the same inputs and no configuration layer
 *   (--no-config), rebuilds the prompt that reached the handler byte for byte ("verify"). Then the
 *   prompt with the layers is returned; otherwise pi's prompt stays (an input promptc cannot see,
 *   such as another extension's rewrite that ran first, would otherwise be lost).
 * - Without a policy in force, any failure (promptc missing, a non-zero exit, a timeout, a malformed
 *   reply, a reply over MAX_REPLY_BYTES, no identity) returns nothing, so pi keeps its own prompt,
 *   and the session shows one warning (pi's notify when it has a UI, else stderr). After a timeout
 *   promptc is not asked again in this session.
 * - A policy is in force when `promptc policy --json` (asked once per session; read from the system
 *   and user layers alone, so it answers when a build fails) says on_failure block: a layer holds a
 *   locked or required section, or sets on_failure: block. Its last answer is kept in
 *   <agent dir>/promptc-policy.json and stands when promptc cannot answer (missing, slow). Then the
 *   extension never falls back to pi's prompt:
 *   - pi's input event builds the run's prompt first; a failure refuses the run there
 *     ({action: "handled"}: no model call), with one line saying why, the policy and how to fix it;
 *   - a prompt an earlier extension rewrote (verify fails) is replaced by promptc's, which carries
 *     the policy, with one warning;
 *   - pi's context event, the last one before the model is called, checks that every active policy
 *     section's text is in the prompt pi has (an extension that ran after promptc may have removed
 *     it) and aborts the run when it is not (ctx.abort(): the provider's request is cancelled).
 * - Trust: pi's "trusted" reaches promptc as --approve only when the project has resources that
 *   need trust (then it was a decision); otherwise promptc decides by its own rules, so a fresh
 *   clone's .promptc.yaml is not applied because pi needs no trust for it.
 * - /promptc shows `promptc explain` for the session's inputs: the arguments a build gets.
 * - Receipts: with receiptDir set, every run whose prompt is promptc's leaves a receipt (`promptc
 *   build --receipt`, or serve's "receipt": true; agent pi@VERSION) in receiptDir as
 *   promptc-<time>-<n>.json, written when the prompt is handed to pi (a run that keeps pi's own
 *   prompt, or is refused, leaves none); `promptc receipt verify FILE` rebuilds it later. The files
 *   a run's arguments name (a tool file, a resources overlay, a long prompt) are then kept in
 *   receiptDir/inputs/ by content, so that the receipt's request still names them. A receipt that
 *   cannot be written is a warning; the run goes on.
 *
 * Settings, environment first, then <agent dir>/promptc.json ({"bin", "transport", "timeoutMs",
 * "verify", "pipeline", "receiptDir"}), then the defaults:
 *   PROMPTC_BIN         the promptc binary (default: promptc on PATH)
 *   PROMPTC_TRANSPORT   serve (one `promptc serve --stdio` child per session, started on the first
 *                       run; the default: warm, a run costs milliseconds) or cli (a `promptc build
 *                       --json` process per request: nothing lives between runs)
 *   PROMPTC_TIMEOUT_MS  per request (default 5000)
 *   PROMPTC_VERIFY      0 skips the identity build (one promptc request per run instead of two)
 *   PROMPTC_PIPELINE    the pipeline to run instead of the one of pi's version (default: by VERSION)
 *   PROMPTC_RECEIPT_DIR a folder for a receipt per run (receiptDir; default: none)
 */
import type { BuildSystemPromptOptions, ExtensionAPI, ExtensionContext } from "@earendil-works/pi-coding-agent";
import {
	CONFIG_DIR_NAME,
	getAgentDir,
	getPackageDir,
	hasTrustRequiringProjectResources,
	VERSION,
} from "@earendil-works/pi-coding-agent";
import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

/** How the extension finds and talks to promptc. */
interface Settings {
	bin: string;
	transport: "cli" | "serve";
	timeoutMs: number;
	verify: boolean;
	/** A pipeline named by the user; undefined: the one of pi's version. */
	pipeline?: string;
	/** Where a receipt per run goes; undefined: no receipts. */
	receiptDir?: string;
}

/**
 * The pi versions promptc reproduces byte for byte: the built-in pipeline of each, and whether that
 * pi carries the prompt as named sections (pi 1.x), which the extension then hands over by name.
 */
export const VERIFIED: Record<string, Target> = {
	"0.83.0": { pipeline: "pi@0.83.0", sections: false },
	"1.6.0": { pipeline: "pi@1.6.0", sections: true },
};

/** The pipeline a session runs, and whether pi takes the prompt as sections. */
interface Target {
	pipeline: string;
	sections: boolean;
}

/**
 * target picks the pipeline for the pi version the extension runs in: the user's (settings), else
 * the verified one of that version, else unverifiedVersion decides.
 */
export function target(version: string, s: Pick<Settings, "pipeline">): Target {
	const sections = Number.parseInt(version, 10) >= 1;
	if (s.pipeline) return { pipeline: s.pipeline, sections };
	return VERIFIED[version] ?? unverifiedVersion(version);
}

/**
 * A pi version with no verified pipeline fails the request (fatal: promptc is off for the session).
 * Without a policy in force pi keeps its own prompt, with a warning; with one every run of the
 * session is refused at pi's input event, saying so (see the contract above).
 */
function unverifiedVersion(version: string): never {
	const known = Object.keys(VERIFIED).join(", ");
	throw new PromptcError(
		`pi ${version} is not a version promptc has verified (verified: ${known}); set PROMPTC_PIPELINE to run one of promptc's pipelines anyway`,
		true,
	);
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
		pipeline: pick("PROMPTC_PIPELINE", "pipeline") || undefined,
		receiptDir: pick("PROMPTC_RECEIPT_DIR", "receiptDir") || undefined,
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
function promptcArgs(o: BuildSystemPromptOptions, facts: PiFacts, keepDir?: string): Request {
	let dir: string | undefined;
	const file = (name: string, content: string) => {
		if (keepDir) {
			// Kept for the run's receipt, by content: the same input is one file.
			const path = join(keepDir, "inputs", `${createHash("sha256").update(content).digest("hex").slice(0, 16)}-${name}`);
			if (!existsSync(path)) {
				mkdirSync(join(keepDir, "inputs"), { recursive: true });
				writeFileSync(`${path}.tmp`, content);
				renameSync(`${path}.tmp`, path);
			}
			return path;
		}
		dir ??= mkdtempSync(join(tmpdir(), "promptc-pi-"));
		const path = join(dir, name);
		writeFileSync(path, content);
		return path;
	};
	const cleanup = () => {
		if (dir) rmSync(dir, { recursive: true, force: true });
	};
	try {
		// pi's "trusted" is a decision (passed as --approve) only when the project has resources that
		// need trust; otherwise it means "no project resources need trust", which says nothing of the
		// project's .promptc.yaml, and promptc makes its own trust decision (trust.json,
		// defaultProjectTrust): no flag. pi's "untrusted" is passed as --no-approve.
		const args = [`--cwd=${o.cwd}`, `--agent-dir=${facts.agentDir}`];
		if (!facts.trusted) args.push("--no-approve");
		else if (hasTrustRequiringProjectResources(o.cwd)) args.push("--approve");
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

/** A built prompt: the text and its sections (build --json's Result, the fields the extension reads). */
interface Built {
	prompt: string;
	sections: BuiltSection[];
	/** The build's receipt (JSON text), when one was asked for. */
	receipt?: string;
}

/** A receipt asked of a build: the agent it names, the folder it goes to. */
interface ReceiptAsk {
	agent: string;
	dir: string;
}

interface BuiltSection {
	id: string;
	active: boolean;
	text: string;
	labels?: Record<string, string>;
}

/** A way to reach promptc. build returns build --json's Result (with its receipt when asked); explain returns explain's text. */
interface Transport {
	build(args: string[], receipt?: ReceiptAsk): Promise<Built>;
	explain(args: string[]): Promise<string>;
	close(): void;
}

/** cli: one promptc process per request. */
class CliTransport implements Transport {
	constructor(private readonly s: Settings) {}

	async build(args: string[], receipt?: ReceiptAsk) {
		if (!receipt) return checkResult(parseReply(await this.run(["build", "--json", ...args])));
		mkdirSync(receipt.dir, { recursive: true });
		const pending = join(receipt.dir, `.promptc-receipt-${process.pid}-${++pendingReceipts}.json`);
		try {
			const b = checkResult(parseReply(await this.run(["build", "--json", `--receipt=${pending}`, `--receipt-agent=${receipt.agent}`, ...args])));
			return { ...b, receipt: readFileSync(pending, "utf-8") };
		} finally {
			rmSync(pending, { force: true });
		}
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

	async build(args: string[], receipt?: ReceiptAsk) {
		return checkResult(await this.request(receipt ? { args, receipt: true, receipt_agent: receipt.agent } : { args }));
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
			const reply = parseReply(line) as { error?: { code?: string; message?: string }; receipt?: unknown };
			if (reply?.error) p.fail(new PromptcError(`serve: ${reply.error.code}: ${reply.error.message}`));
			else {
				// The receipt is the reply's last field: its text is kept as promptc wrote it.
				if (reply && typeof reply.receipt === "object") reply.receipt = rawLastField(line, "receipt");
				p.done(reply);
			}
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

/** Counts the receipts a cli build was asked for (their pending files' names). */
let pendingReceipts = 0;

/** The text of the JSON object line's last field, key (serve puts a reply's receipt last). */
function rawLastField(line: string, key: string): string | undefined {
	const mark = `,${JSON.stringify(key)}:`;
	const at = line.lastIndexOf(mark);
	return at < 0 || !line.endsWith("}") ? undefined : line.slice(at + mark.length, -1);
}

/** Writes a run's receipt into dir as promptc-<time>-<n>.json, atomically (a temporary file renamed). */
let receiptsWritten = 0;
function saveReceipt(dir: string, text: string): string {
	mkdirSync(dir, { recursive: true });
	const name = `promptc-${new Date().toISOString().replace(/[:.]/g, "-")}-${process.pid}-${++receiptsWritten}.json`;
	const path = join(dir, name);
	writeFileSync(`${path}.tmp`, text.endsWith("\n") ? text : `${text}\n`);
	renameSync(`${path}.tmp`, path);
	return path;
}

function parseReply(text: string): unknown {
	try {
		return JSON.parse(text);
	} catch {
		throw new PromptcError(`malformed reply (not JSON: ${JSON.stringify(text.slice(0, 60))})`);
	}
}

/**
 * checkResult returns a Result's prompt and sections (malformed sections count as none: the prompt
 * then goes to pi whole). A serve Builder that could not rebuild answers with its last good prompt
 * and a build/fallback warning: that is not this run's prompt, so it fails.
 */
function checkResult(r: unknown): Built {
	const res = r as { prompt?: unknown; sections?: unknown; diagnostics?: { code?: string; message?: string }[] } | null;
	if (typeof res?.prompt !== "string") throw new PromptcError("malformed reply (no prompt)");
	const stale = res.diagnostics?.find((d) => d?.code === "build/fallback");
	if (stale) throw new PromptcError(`could not rebuild: ${stale.message}`);
	const ok = (x: unknown): x is BuiltSection => {
		const s = x as BuiltSection;
		return typeof s?.id === "string" && typeof s.active === "boolean" && typeof s.text === "string";
	};
	const sections = Array.isArray(res.sections) && res.sections.every(ok) ? res.sections : [];
	const receipt = (res as { receipt?: unknown }).receipt;
	return { prompt: res.prompt, sections, receipt: typeof receipt === "string" ? receipt : undefined };
}

/** pi 1.x's section that is untagged text: the identity line or the custom body. */
const PREAMBLE = "preamble";

/**
 * piSections maps promptc's active sections onto pi 1.x's named sections by their agent_section
 * labels, in order: the preamble's text as is, every other section's content without the blank
 * line before it and the <name>...</name> pi wraps it in. undefined when the prompt is not exactly
 * pi's rendering of them (a section with no label or another shape, a name twice).
 */
export function piSections(b: Built): [string, string][] | undefined {
	const out: [string, string][] = [];
	for (const s of b.sections) {
		if (!s.active) continue;
		const name = s.labels?.agent_section;
		if (!name || out.some(([n]) => n === name)) return undefined;
		if (name === PREAMBLE) {
			if (out.length > 0) return undefined;
			out.push([name, s.text]);
			continue;
		}
		const text = out.length > 0 ? s.text.replace(/^\n\n/, "") : s.text;
		const open = `<${name}>\n`;
		const close = `\n</${name}>`;
		if (!text.startsWith(open) || !text.endsWith(close) || text.length < open.length + close.length) return undefined;
		out.push([name, text.slice(open.length, text.length - close.length)]);
	}
	const rendered = out.map(([n, c]) => (n === PREAMBLE ? c : `<${n}>\n${c}\n</${n}>`)).filter((t) => t.length > 0);
	return rendered.join("\n\n") === b.prompt ? out : undefined;
}

/** The fields of pi 1.x's mutable prompt options (before_agent_start) the extension sets. */
interface SectionOptions {
	customPrompt?: string;
	appendSystemPrompt?: string;
	contextFiles?: { path: string; content: string }[];
	skills?: unknown[];
	sections?: Record<string, string>;
}

/**
 * handSections sets pi 1.x's prompt options so that pi renders promptc's prompt from named
 * sections: the preamble as pi's own or as customPrompt, the addendum as appendSystemPrompt, every
 * other section by name in options.sections (pi keeps a section it builds in its place and appends
 * new names after cwd), pi's own project context and skills dropped when promptc has none. It
 * returns true when pi's rendering (render(), which reads the options) is promptc's prompt byte for
 * byte; otherwise it restores the options and returns false, and the caller hands the text whole.
 */
export function handSections(o: SectionOptions, b: Built, render: () => string): boolean {
	const want = piSections(b);
	if (!want) return false;
	const saved: SectionOptions = { ...o, sections: { ...(o.sections ?? {}) } };
	const restore = () => {
		o.customPrompt = saved.customPrompt;
		o.appendSystemPrompt = saved.appendSystemPrompt;
		o.contextFiles = saved.contextFiles;
		o.skills = saved.skills;
		o.sections = { ...saved.sections };
	};
	const byName = new Map(want);
	const apply = (preambleAsCustom: boolean) => {
		restore();
		const sections = o.sections ?? {};
		if (preambleAsCustom) o.customPrompt = byName.get(PREAMBLE) ?? "";
		o.appendSystemPrompt = byName.get("addendum") ?? "";
		if (!byName.has("project_context")) o.contextFiles = [];
		if (!byName.has("skills")) o.skills = [];
		for (const [name, content] of want) {
			if (name !== PREAMBLE && name !== "addendum") sections[name] = content;
		}
		o.sections = sections;
		return render() === b.prompt;
	};
	// pi's own preamble first (its tools, rules and docs stay sections it builds), then promptc's.
	if (apply(false) || apply(true)) return true;
	restore();
	return false;
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

/**
 * The policy in force (`promptc policy --json`, read from the system and user layers alone, so it
 * answers when a build fails): on_failure block means a run whose prompt promptc cannot build is
 * refused, never sent with pi's own prompt.
 */
export interface Policy {
	on_failure: "block" | "fallback";
	on_failure_by?: string;
	sections: { id: string; locked?: boolean; required?: boolean; at: string }[];
	/** Layers that are not valid YAML; one that names policy keys makes on_failure block. */
	unreadable?: { path: string; error: string }[];
}

/** Where the last policy promptc reported is kept, for a session in which promptc cannot answer. */
function policyCachePath(agentDir: string): string {
	return join(agentDir, "promptc-policy.json");
}

function isPolicy(x: unknown): x is Policy {
	const p = x as Policy;
	return (p?.on_failure === "block" || p?.on_failure === "fallback") && Array.isArray(p.sections);
}

/**
 * queryPolicy asks promptc for the policy (a cli process: it compiles nothing) and records the
 * answer in the agent dir; when promptc cannot answer (missing, slow, failing) the last recorded
 * answer stands, and with none the policy is unknown (undefined: the fallback of old).
 */
function queryPolicy(s: Settings, agentDir: string): Promise<{ policy?: Policy; error?: string }> {
	const cache = policyCachePath(agentDir);
	const cached = (error: string) => {
		try {
			const p = JSON.parse(readFileSync(cache, "utf-8"));
			if (isPolicy(p)) return { policy: p, error };
		} catch {}
		return { error };
	};
	return new Promise((done) => {
		let child: ReturnType<typeof spawn>;
		try {
			child = spawn(s.bin, ["policy", "--json"], { stdio: ["ignore", "pipe", "pipe"] });
		} catch (err) {
			return done(cached(String(err)));
		}
		let out = "";
		const timer = setTimeout(() => {
			child.kill("SIGKILL");
			done(cached(`promptc policy timed out after ${s.timeoutMs} ms`));
		}, s.timeoutMs);
		child.stdout?.on("data", (b: Buffer) => {
			out += b.toString();
			if (out.length > 1 << 20) {
				clearTimeout(timer);
				child.kill("SIGKILL");
				done(cached("promptc policy replied more than 1 MiB"));
			}
		});
		child.on("error", (err: NodeJS.ErrnoException) => {
			clearTimeout(timer);
			done(cached(spawnFailure(s.bin, err)));
		});
		child.on("close", (code) => {
			clearTimeout(timer);
			let p: unknown;
			try {
				p = JSON.parse(out);
			} catch {}
			if (code !== 0 || !isPolicy(p)) return done(cached(`promptc policy failed (exit status ${code})`));
			try {
				writeFileSync(cache, JSON.stringify(p));
			} catch {}
			done({ policy: p });
		});
	});
}

/** The policy's sections as "security (locked by FILE:LINE:COL)", for messages. */
function describePolicy(p: Policy): string {
	const secs = p.sections.map((s) => `${s.id} (${s.locked ? "locked" : "required"} by ${s.at})`);
	for (const u of p.unreadable ?? []) secs.push(`unreadable layer ${u.path}`);
	const by = p.on_failure_by ? `on_failure: block at ${p.on_failure_by}` : "on_failure: block";
	return secs.length > 0 ? `${secs.join(", ")}; ${by}` : by;
}

/** How to fix a refused run, by what failed. */
function fixHint(reason: string, pipeline: string | undefined): string {
	if (/not found \(set PROMPTC_BIN/.test(reason)) return "install promptc or set PROMPTC_BIN";
	if (/timed out/.test(reason)) return "raise PROMPTC_TIMEOUT_MS (timeoutMs in promptc.json) and start a new session";
	if (/not a version promptc has verified/.test(reason)) return "use a pi version promptc has verified, or set PROMPTC_PIPELINE";
	if (/without layers promptc does not rebuild/.test(reason)) return "remove the extension that rewrites the prompt, or load it after promptc";
	return `run \`promptc build --pipeline ${pipeline ?? "pi"}\` in this directory to see the error and fix the layer`;
}

/**
 * policyTexts are the texts of the active policy sections in a built prompt: what must reach what
 * pi sends (trimmed: a paragraph seam's blank lines belong to the join, not to the policy).
 */
export function policyTexts(p: Policy, b: Built): string[] {
	const ids = new Set(p.sections.map((s) => s.id));
	return b.sections.filter((s) => s.active && ids.has(s.id)).map((s) => s.text.trim()).filter((t) => t !== "");
}

export default function promptc(pi: ExtensionAPI) {
	// Session state: the transport (started on first use), whether the warning was shown, whether
	// promptc is off for the rest of the session (and why), the policy promptc reported (asked once
	// per session), and this run's guard: the policy texts what pi sends must hold, or the reason
	// the run is refused.
	let transport: Transport | undefined;
	let settings: Settings | undefined;
	let session: Target | undefined;
	let warned = false;
	let off: string | undefined;
	let policy: Policy | undefined;
	let policyAsked = false;
	let guard: { texts: string[]; refusal?: string } = { texts: [] };

	const connect = (): Transport => {
		settings ??= loadSettings(getAgentDir());
		session ??= target(VERSION, settings);
		transport ??= settings.transport === "serve" ? new ServeTransport(settings) : new CliTransport(settings);
		return transport;
	};
	/** The session's pipeline, named before every other argument. */
	const pipelineArgs = (args: string[]) => [`--pipeline=${session?.pipeline}`, ...args];
	const blocking = () => policy?.on_failure === "block";
	const reasonOf = (err: unknown) => (err instanceof Error ? err.message : String(err));

	/** The policy in force, asked of promptc once per session (settings unreadable: the defaults). */
	const askPolicy = async () => {
		if (policyAsked) return;
		policyAsked = true;
		let s: Settings;
		try {
			s = settings ?? loadSettings(getAgentDir());
		} catch {
			s = { bin: process.env.PROMPTC_BIN || "promptc", transport: "cli", timeoutMs: DEFAULT_TIMEOUT_MS, verify: true };
		}
		policy = (await queryPolicy(s, getAgentDir())).policy;
	};

	const say = (ctx: ExtensionContext, message: string, level: "warning" | "error") => {
		if (ctx.hasUI) ctx.ui.notify(message, level);
		else console.error(message);
	};

	const refusal = (reason: string) =>
		`promptc: this run is refused: ${reason}. A platform policy is in force (${describePolicy(policy as Policy)}) and pi's prompt would not carry it; to fix: ${fixHint(reason, session?.pipeline)}`;

	const warn = (ctx: ExtensionContext, err: unknown) => {
		if (err instanceof PromptcError && err.fatal) off = err.message;
		if (warned) return;
		warned = true;
		say(ctx, `promptc: ${reasonOf(err)}; pi keeps its own system prompt (shown once per session)`, "warning");
	};

	// Refusing a run is only possible before it starts: pi's input event ({action: "handled"} and the
	// input goes no further, no model call). With a policy in force, the input stage builds the
	// prompt first, from the options of the session's last run (or, before the first, pi's defaults
	// in this cwd): a build that fails there (promptc missing or slow, a broken layer, a layer that
	// breaks a lock, an unverified pi version) refuses the run, saying why and how to fix it.
	let lastOptions: BuildSystemPromptOptions | undefined;
	pi.on("input", async (_event, ctx) => {
		await askPolicy();
		if (!blocking()) return { action: "continue" };
		let reason = off;
		if (reason === undefined) {
			let req: Request | undefined;
			try {
				const t = connect();
				req = promptcArgs(lastOptions ?? ({ cwd: ctx.cwd } as BuildSystemPromptOptions), piFacts(pi, ctx));
				await t.build(pipelineArgs(req.args));
			} catch (err) {
				if (err instanceof PromptcError && err.fatal) off = err.message;
				reason = reasonOf(err);
			} finally {
				req?.cleanup();
			}
		}
		if (reason === undefined) return { action: "continue" };
		say(ctx, refusal(reason), "error");
		return { action: "handled" };
	});

	pi.on("before_agent_start", async (event, ctx) => {
		await askPolicy();
		lastOptions = event.systemPromptOptions;
		const block = blocking();
		guard = { texts: [] };
		if (off !== undefined) {
			if (block) guard.refusal = off;
			return;
		}
		let req: Request | undefined;
		try {
			const t = connect();
			const receiptDir = settings?.receiptDir;
			req = promptcArgs(event.systemPromptOptions, piFacts(pi, ctx), receiptDir);
			const args = pipelineArgs(req.args);
			const [layered, identity] = await Promise.all([
				t.build(args, receiptDir ? { agent: `pi@${VERSION}`, dir: receiptDir } : undefined),
				settings?.verify ? t.build(["--no-config", ...args]) : undefined,
			]);
			// promptc's prompt is what pi sends from here on (every return below): its receipt is kept.
			const handed = <T>(ret: T): T => {
				if (receiptDir && layered.receipt !== undefined) {
					try {
						saveReceipt(receiptDir, layered.receipt);
					} catch (err) {
						say(ctx, `promptc: cannot write the run's receipt in ${receiptDir}: ${reasonOf(err)}`, "warning");
					}
				}
				return ret;
			};
			if (block && policy) guard.texts = policyTexts(policy, layered);
			if (identity && identity.prompt !== event.systemPrompt) {
				const why = `without layers promptc does not rebuild the prompt pi has for this run (first difference at ${firstDifference(event.systemPrompt, identity.prompt)}): an input promptc cannot see, or an extension that rewrote the prompt before promptc`;
				if (!block) throw new PromptcError(why);
				// Policy at stake: promptc's prompt, which carries it, replaces the one pi has.
				if (!warned) {
					warned = true;
					say(ctx, `promptc: ${why}; a platform policy is in force (${describePolicy(policy as Policy)}), so promptc's prompt replaces it (shown once per session)`, "warning");
				}
				return handed({ systemPrompt: layered.prompt });
			}
			if (!session?.sections) return handed({ systemPrompt: layered.prompt });
			// pi 1.x: its own prompt stays as it is when promptc's is the same; otherwise promptc's
			// sections, or the whole text when pi's sections cannot carry it.
			if (layered.prompt === event.systemPrompt) return handed(undefined);
			if (handSections(event.systemPromptOptions as SectionOptions, layered, () => event.systemPrompt)) return handed(undefined);
			return handed({ systemPrompt: layered.prompt });
		} catch (err) {
			if (!block) {
				warn(ctx, err);
				return;
			}
			if (err instanceof PromptcError && err.fatal) off = err.message;
			guard.refusal = reasonOf(err);
			return;
		} finally {
			req?.cleanup();
		}
	});

	// The last word before the model is called (after every extension's before_agent_start, in any
	// load order): with a policy in force, a run promptc could not build, or whose prompt lost a
	// policy section's text, is aborted before pi sends it, saying why and how to fix it.
	pi.on("context", async (_event, ctx) => {
		if (!blocking()) return;
		let reason = guard.refusal;
		if (reason === undefined) {
			const sent = ctx.getSystemPrompt();
			const lost = guard.texts.find((t) => !sent.includes(t));
			if (lost !== undefined) reason = `an extension that ran after promptc removed or changed the policy's text (${JSON.stringify(lost.slice(0, 60))})`;
		}
		if (reason === undefined) return;
		say(ctx, refusal(reason), "error");
		ctx.abort();
	});

	pi.registerCommand("promptc", {
		description: "Show promptc explain for this session: which body, context files, tools, skills, layers",
		handler: async (_args, ctx) => {
			let req: Request | undefined;
			try {
				req = promptcArgs(ctx.getSystemPromptOptions(), piFacts(pi, ctx));
				const t = connect();
				const text = await t.explain(pipelineArgs(req.args));
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
