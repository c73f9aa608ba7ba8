// Package engine turns a declarative pipeline into a system prompt.
//
// The stages are:
//
//  1. [Load] reads one or more YAML layers (a base pipeline and overlays),
//     records the position of every value, merges the layers with koanf
//     (maps merge, lists replace) and validates the result against the
//     embedded JSON Schema. The result is a [Spec].
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
// Nothing in this package knows about a particular agent: pipelines and
// source kinds carry that knowledge.
package engine
