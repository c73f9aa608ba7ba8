// Checks promptc.ts's choice of pipeline (target) loaded as pi loads it, with the oracle's pi:
// the installed pi's VERSION maps to the pipeline the test names, an unverified version fails
// fatally with a message that says so, and a pipeline the user names wins over the version.
// Usage: node version_target.mjs ORACLE_DIR PROMPTC_TS WANT_PIPELINE. Prints "ok VERSION PIPELINE".
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { loadExtension } from "./load_extension.mjs";

const [oracle, promptcTs, wantPipeline] = process.argv.slice(2);
const mod = await loadExtension(oracle, promptcTs);
const pkg = JSON.parse(readFileSync(join(oracle, "node_modules", "@earendil-works", "pi-coding-agent", "package.json"), "utf-8"));
const fail = (msg) => {
	console.error(msg);
	process.exit(1);
};

const got = mod.target(pkg.version, {});
if (got.pipeline !== wantPipeline) fail(`pi ${pkg.version}: pipeline ${got.pipeline}, want ${wantPipeline}`);
if (got.sections !== Number.parseInt(pkg.version, 10) >= 1) fail(`pi ${pkg.version}: sections ${got.sections}`);

try {
	mod.target("99.0.0", {});
	fail("an unverified pi version got a pipeline");
} catch (err) {
	if (!/pi 99\.0\.0 is not a version promptc has verified \(verified: .*\); set PROMPTC_PIPELINE/.test(err.message) || err.fatal !== true) {
		fail(`unverified version: ${err.message} (fatal ${err.fatal})`);
	}
}
const pinned = mod.target("99.0.0", { pipeline: "pi@1.6.0" });
if (pinned.pipeline !== "pi@1.6.0" || pinned.sections !== true) fail(`PROMPTC_PIPELINE: ${JSON.stringify(pinned)}`);
console.log(`ok ${pkg.version} ${got.pipeline}`);
