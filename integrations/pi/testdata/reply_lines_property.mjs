// Property test of promptc.ts's ReplyLines (the serve transport's line splitter), run by
// reply_lines_test.go: node reply_lines_property.mjs ORACLE_DIR PROMPTC_TS CASES SEED.
//
// promptc.ts is loaded the way pi loads it (jiti from the oracle's node_modules, pi's package
// aliased). For CASES random streams of lines made of 1- to 4-byte UTF-8 characters, each fed
// whole and in random chunks (cut anywhere, inside characters too, several lines per chunk or a
// line over many chunks), the lines returned must equal the lines as written; a line over the cap
// must throw, and one of exactly the cap must not. Prints one JSON object of counts; exits 1 on
// the first counterexample, printing it.
import { loadExtension } from "./load_extension.mjs";

const [oracle, promptcTs, casesArg, seedArg] = process.argv.slice(2);
const { ReplyLines } = await loadExtension(oracle, promptcTs);

// mulberry32: a seeded generator, so a failure can be replayed with its seed.
let state = Number(seedArg) >>> 0;
const rand = () => {
	state = (state + 0x6d2b79f5) >>> 0;
	let t = state;
	t = Math.imul(t ^ (t >>> 15), t | 1);
	t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
	return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
const int = (n) => Math.floor(rand() * n);

// Characters by UTF-8 length; no "\n" (it ends a line).
const pools = [
	["a", "Z", "0", " ", "{", '"', "\\", "\t"],
	["é", "ß", "ж", "ñ", "ω", "\u07ff"],
	["€", "中", "文", "‘", "\u2028", "\uffff", "\u0800"],
	["😀", "𝄞", "🚀", "\u{10ffff}", "\u{10000}"],
];

function line() {
	// Mostly short lines (several per chunk); sometimes one that spans many chunks.
	const n = rand() < 0.1 ? 2000 + int(70000) : int(200);
	// Each line draws from its own mix of the four lengths (some lines only 4-byte ones).
	const mix = pools.filter(() => rand() < 0.6);
	if (mix.length === 0) mix.push(pools[1 + int(3)]);
	let s = "";
	for (let i = 0; i < n; i++) {
		const pool = mix[int(mix.length)];
		s += pool[int(pool.length)];
	}
	return s;
}

function fail(message, detail) {
	console.log(JSON.stringify({ error: message, ...detail }));
	process.exit(1);
}

/** Cuts buf at random places; bias toward few and toward many cuts. */
function chunks(buf) {
	const out = [];
	const mode = int(3);
	for (let at = 0; at < buf.length; ) {
		const size = mode === 0 ? 1 + int(4) : mode === 1 ? 1 + int(300) : 1 + int(70000);
		out.push(buf.subarray(at, at + size));
		at += size;
	}
	return out;
}

/** Whether a cut at i falls inside a UTF-8 character (buf[i] is a continuation byte). */
const inside = (buf, i) => i > 0 && i < buf.length && (buf[i] & 0xc0) === 0x80;

const cases = Number(casesArg);
const counts = { cases, lines: 0, bytes: 0, chunks: 0, cuts_inside_characters: 0, cap_cases: 0 };
for (let c = 0; c < cases; c++) {
	const lines = Array.from({ length: 1 + int(6) }, line);
	const trailing = rand() < 0.3 ? line() : ""; // an unfinished last line is kept, not returned
	const buf = Buffer.from(lines.map((l) => l + "\n").join("") + trailing, "utf-8");
	const cap = Math.max(...lines.map((l) => Buffer.byteLength(l)), Buffer.byteLength(trailing));
	const split = chunks(buf);
	const r = new ReplyLines(cap);
	const got = [];
	let at = 0;
	for (const ch of split) {
		if (inside(buf, at)) counts.cuts_inside_characters++;
		got.push(...r.feed(ch));
		at += ch.length;
	}
	const whole = new ReplyLines(cap).feed(buf);
	for (const [name, out] of [["chunked", got], ["whole", whole]]) {
		if (out.length !== lines.length || out.some((l, i) => l !== lines[i])) {
			const i = out.findIndex((l, j) => l !== lines[j]);
			fail(`${name}: lines differ`, { case: c, seed: seedArg, line: i, got: out[i]?.slice(0, 80), want: lines[i]?.slice(0, 80), sizes: split.map((b) => b.length).slice(0, 40) });
		}
	}
	counts.lines += lines.length;
	counts.bytes += buf.length;
	counts.chunks += split.length;

	// The cap: one byte less than the longest line throws, at the latest at its newline.
	if (cap > 0) {
		counts.cap_cases++;
		const small = new ReplyLines(cap - 1);
		let threw = false;
		try {
			for (const ch of split) small.feed(ch);
		} catch (err) {
			threw = /more than \d+ bytes in one reply/.test(err.message);
			if (!threw) fail("cap: wrong error", { case: c, message: err.message });
		}
		if (!threw) fail("cap: a line over the cap was accepted", { case: c, cap: cap - 1 });
	}
}
console.log(JSON.stringify(counts));
