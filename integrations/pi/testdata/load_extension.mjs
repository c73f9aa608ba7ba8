// Loads promptc.ts the way pi does (jiti from the oracle's node_modules, pi's package aliased to
// its dist/index.js, as pi's extension loader aliases it) and returns the module's exports.
import { createRequire } from "node:module";
import { join } from "node:path";

export async function loadExtension(oracle, promptcTs) {
	const require = createRequire(join(oracle, "package.json"));
	const { createJiti } = require("jiti");
	const piEntry = join(oracle, "node_modules", "@earendil-works", "pi-coding-agent", "dist", "index.js");
	const jiti = createJiti(import.meta.url, { moduleCache: false, alias: { "@earendil-works/pi-coding-agent": piEntry } });
	const mod = await jiti.import(promptcTs);
	if (typeof mod.ReplyLines !== "function") throw new Error("promptc.ts exports no ReplyLines class");
	return mod;
}
