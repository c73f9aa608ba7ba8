// Package explain answers "why does my agent's prompt say this?". It turns
// the [engine.Result] of one run, with the compiled plan, into a [Report]:
// which body and append text were used, every section in output order with
// its condition, size, tokens and files, the context files, skills and
// tools that went in, the "why not" list (every candidate a source left
// out, every section whose condition was false and which part of it was
// false, hidden skills), the run's diagnostics, cache stability and
// custom-body drift. The report renders as text ([Report.WriteText]), as
// JSON (the Report value itself; schema/explain.schema.json) and as one
// self-contained HTML page ([Report.WriteHTML]). [WriteDOT] and
// [WriteMermaid] draw the compiled pipeline graph.
//
// Invariants:
//   - The active sections' Text joined with Report.Join is the prompt
//     `promptc build` prints, byte for byte.
//   - Nothing here knows a particular agent. Which source is the body,
//     the append text, the trust decision, the context files, the skills
//     or the tool catalog comes from the pipeline's `explain:` block; a
//     role that is not set (or whose source was not resolved) is left out
//     of the report.
//   - Rendering is deterministic: the same Result gives the same bytes.
//
// The package sits above engine: it imports engine, sources, prov and
// diag; engine never imports it.
package explain
