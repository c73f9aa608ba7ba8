// Package sources is the vocabulary of source kinds: named loaders that a
// pipeline declares under `sources:` and the engine resolves lazily, at most
// once per run. It is a leaf package: the engine imports it and nothing
// else about kinds, and every kind (built in under sources/kinds, or
// written outside this module) imports only it.
//
//   - [Kind] is the factory of one kind, and [Func] adapts a typed resolve
//     function into one.
//   - A kind is configured by an options struct whose fields are set from
//     the pipeline's literal `with:` settings (checked when the pipeline is
//     compiled) and from `args:` expressions evaluated at run time
//     ([Fields], [Set], [CheckOptions]).
//   - [Env] and [Output] are what a kind reads and returns; [FS] and its
//     path helpers are how it reads files.
//   - Roles ([ContextFileLister], [SkillLister], [ToolLister], ...) are the
//     small interfaces a kind's value implements so that reports and
//     commands can use it without knowing the kind.
//
// Kinds are reusable: agent-specific knowledge (file names, strings,
// search rules) lives in pipeline YAML, not in kinds.
package sources
