// The fuzz worker of reply_lines_fuzz_test.go: node reply_lines_worker.mjs ORACLE_DIR PROMPTC_TS.
// Reads one JSON request per line, {"data": base64, "sizes": [n, ...]}, and answers one JSON line,
// {"chunked": [...], "whole": [...]}: the lines promptc.ts's ReplyLines returns for the data fed in
// chunks of those sizes, and fed at once; or {"error": ...} when it throws.
import { createInterface } from "node:readline";
import { loadExtension } from "./load_extension.mjs";

const [oracle, promptcTs] = process.argv.slice(2);
const { ReplyLines } = await loadExtension(oracle, promptcTs);

function answer(line) {
	try {
		const { data, sizes } = JSON.parse(line);
		const buf = Buffer.from(data ?? "", "base64"); // Go encodes an empty or nil slice as "" or null
		const chunked = [];
		const r = new ReplyLines(64 << 20);
		let at = 0;
		for (const n of sizes ?? []) {
			chunked.push(...r.feed(buf.subarray(at, at + n)));
			at += n;
		}
		const whole = new ReplyLines(64 << 20).feed(buf);
		return { chunked, whole };
	} catch (err) {
		return { error: String(err?.stack ?? err) };
	}
}

for await (const line of createInterface({ input: process.stdin })) {
	process.stdout.write(`${JSON.stringify(answer(line))}\n`);
}
