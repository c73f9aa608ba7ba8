// Records what V8's JSON.parse gives for many inputs: node gen.mjs > v8.json
// (run with Node 22, the version pi 0.83.0 runs on).
const canon = (v) => {
  if (v === null) return 'null';
  if (typeof v === 'boolean') return String(v);
  if (typeof v === 'number') return 'n:' + String(v);
  if (typeof v === 'string') return 's:' + JSON.stringify(v.toWellFormed());
  if (Array.isArray(v)) return '[' + v.map(canon).join(',') + ']';
  return '{' + Object.keys(v).sort().map(k => JSON.stringify(k.toWellFormed()) + ':' + canon(v[k])).join(',') + '}';
};
const base = ['', ' ', '{', '{"a":}', '{"a":1', '{"a" 1}', '{a:1}', '[1,]', '[1 2]', '"abc', '"a\u0001b"', '"\\x"', '"\\u12g4"', '-', '1e', '1.', '01', '1 2', 'tru', 'nul', '{"a":1,}', '[', ']', '{"a":1}}', 'x', '"\\ud800"', '1e400', '-1e400', '1e-400', '{"a":1,"a":2}', '\ufeff{}', '\u00a0{}', '{"a":tru}', '[1,2', 'undefined', 'NaN', 'Infinity', '[object Object]', '"\t"', '  {"a": [1, {"b": }]}  ', 'u', 'NaN1', '😀', '{"a":😀}', '{\r\n"a":}', '{\n\n "a" 1}', '{"é":1 2}', '"\\u00"', '1.e5', '-x', '1e+', '[1,2,]', '{"a":1 "b":2}', '{,}', '{"a"', '{"a":', '[1', '"a', 't', 'f1', '{"a":1}x', '123abc', '0x10', '.5', '+1', '-0', '1E2', '"\\/"', '{"__proto__":1}', '{\r\n"a" 1}', '{\r"a" 1}', '-01', '1e5x', '[-]', '{"a":-}', '"\\', '"\\u', '"\\u1', '{"a":1e}', '{"a": "x\ny"}', '[1,\n2,\n3 4]', '[true false]', '[nul]', '[nulll]', '{"a":[]]', '[}', '{]', ':', ',', '{"a"::1}', '{"a":1,,"b":2}', '[,1]', '"\\uD83D\\uDE00"', '"abc\\', '  ', '\t\n', '\u2028', '{"😀":1 2}', '"😀" 1', '{"skills":["a","b"],"packages":[{"source":"x"}]}', '{"defaultProjectTrust":"always"}', '[1,2,[3,[4,{"a":[5]}]]]', '123456789012345678901234567890', '0.1e-5', '-0.0', '{"a":{"b":{"c":null}}}', '"\\b\\f\\n\\r\\t\\"\\\\"'];
for (let n = 8; n < 24; n++) { base.push('x' + ' '.repeat(n)); base.push(' '.repeat(n) + 'x' + ' '.repeat(n)); base.push('{"k":' + ' '.repeat(n) + '}'); }
let seed = 7; const rnd = n => { seed = (seed * 1103515245 + 12345) & 0x7fffffff; return seed % n; };
const alphabet = ['{', '}', '[', ']', ',', ':', '"', '\\', 'a', '1', '-', '.', 'e', ' ', '\n', '\r', 't', 'n', 'u', '0', '😀', '\u0001', 'é'];
const muts = [];
for (let i = 0; i < 3000; i++) {
  let s = base[rnd(base.length)];
  const k = 1 + rnd(3);
  for (let j = 0; j < k; j++) {
    const p = rnd(s.length + 1);
    switch (rnd(3)) {
      case 0: s = s.slice(0, p) + alphabet[rnd(alphabet.length)] + s.slice(p); break;
      case 1: s = s.slice(0, p) + s.slice(p + 1); break;
      default: s = s.slice(0, p) + alphabet[rnd(alphabet.length)] + s.slice(p + 1);
    }
  }
  muts.push(s);
}
const out = [];
for (const src of [...base, ...muts]) {
  try { out.push({ src, ok: canon(JSON.parse(src)) }); } catch (e) { out.push({ src, err: e.message.toWellFormed() }); }
}
process.stdout.write(JSON.stringify(out, null, 0).replace(/\},\{/g, '},\n{') + '\n');
