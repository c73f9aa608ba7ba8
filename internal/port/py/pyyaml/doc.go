// Package pyyaml reproduces what a Python program sees when it reads YAML
// with PyYAML's yaml.safe_load, or JSON with the json module, and then
// prints the result with str(): the semantics CowAgent's skill loader
// relies on (spec R-X-2, R-X-3).
//
// [SafeLoad] parses with gopkg.in/yaml.v3 and then builds the value the
// way PyYAML's SafeLoader does, which differs from yaml.v3's own decoding
// in every place where YAML 1.1 and 1.2 disagree:
//
//   - plain scalars are resolved with PyYAML's implicit resolvers: bools
//     yes/no/on/off/true/false in three casings; ints with 0b, 0x,
//     leading-0 octal, underscores and sexagesimal 1:30; floats need a
//     dot (1e3 stays a string, 1.0e3 too: the exponent needs a sign);
//     nulls ~, null and the empty scalar; timestamps; "<<" merges;
//   - explicit tags (!!str, !!int, !!binary, !!set, !!omap, ...) and
//     quoting are honoured; an unknown tag is an error;
//   - construction errors that PyYAML raises (bad dates, unhashable keys,
//     unknown tags, several documents) are errors here too, so that a
//     caller can fall back as its Python model does;
//   - where PyYAML's scanner and yaml.v3 disagree on the same text, the
//     result is PyYAML's: tabs are refused outside quoted scalars,
//     comments and block-scalar bodies, but accepted after the leading
//     spaces of a block scalar's first line; "\/" is an escape and "\'"
//     is not; a duplicate anchor is an error; "[a:, b]" holds the mapping
//     {a: None}.
//
// Known differences, all in input PyYAML users rarely write: the
// non-specific tag "!" on a quoted scalar (PyYAML resolves it like a
// plain one), "?" entries inside flow collections (yaml.v3 refuses them),
// a "#" glued to a flow indicator followed by a tab, and the iteration
// order of !!set (Python's is hash order).
//
// Values use a small Python object model: nil (None), bool, *big.Int
// (int), float64, string, *List, *Dict (insertion-ordered, keyed by Python
// equality: 1, 1.0 and True are one key), [Tuple], [Bytes], *[Set], [Date]
// and [DateTime]. [Str] and [Repr] print them as Python's str() and repr()
// do; [Truthy] is bool().
//
// [LoadJSON] is json.loads into the same model, and [LineParse] is
// CowAgent's own "key: value" line parser, used when PyYAML fails.
package pyyaml
