// Package engine turns a declarative pipeline into a system prompt.
//
// The stages are:
//
//  1. [spec.Load] (package engine/spec, the loader) reads one or more YAML
//     layers (a base pipeline and overlays), records the position of every
//     value, merges the layers with koanf (maps merge, lists replace),
//     applies the lock rule and validates the result against the embedded
//     JSON Schema. The result is a [spec.Spec].
//  2. [Compile] checks a Spec against a [Registry] of source kinds: option
//     names and types, `args:` and `when:` expressions (type-checked with
//     expr), section templates, and the graph of sources and sections. It
//     yields an immutable [Plan]; `promptc validate` stops here and reads
//     no source.
//  3. [Plan.Run] evaluates conditions in section order, resolves only the
//     sources that active sections and the evaluated conditions need (each
//     at most once), renders the active sections and joins them into a
//     [Result] that carries provenance for every section. Sources the
//     pipeline shapes are rewritten right after they resolve (@imports
//     expanded, each item cut to the source's cap); untrusted items are
//     framed where a section renders them; then section caps and the
//     pipeline budget cut the sections, lowest priority first, each cut
//     noted in the prompt and listed in Result.Cuts (budget.go).
//
// Layout. The loader is its own package, engine/spec: it shares no state
// with compile or run, only hands them a *spec.Spec, and imports nothing
// of the engine (an architecture test holds the seam). Compile and run
// stay one package on purpose: a Plan is compile's output and run's only
// input, and the run's parts (run_*.go: values, facts, joins, errors,
// fallback; budget_*.go; transform_run.go; frame.go; shape.go; memo.go)
// all work on one *run state (its budgets, cuts, transforms' messages and
// the memo of resolved sources), so splitting them would export that
// state rather than hide it.
//
// Nothing in this package knows about a particular agent: pipelines and
// source kinds carry that knowledge.
package engine
