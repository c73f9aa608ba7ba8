// Package explain answers "why does my agent's prompt say this?". It turns
// the [engine.Result] of one run, with the compiled plan, into a [Report]:
// which body and append text were used, which language each string
// catalog gave, every section in output order with its condition, size,
// tokens and files, the context files, skills and tools that went in, the
// "why not" list (every candidate a source left out, every section whose
// condition was false and which part of it was false, truncated context
// files, hidden and unavailable skills), the run's diagnostics, cache
// stability and custom-body drift. The report renders as text ([Report.WriteText]), as
// JSON (the Report value itself; schema/explain.schema.json) and as one
// self-contained HTML page ([Report.WriteHTML]). [WriteDOT] and
// [WriteMermaid] draw the compiled pipeline graph.
//
// Invariants:
//   - The active sections' Text joined with Report.Join is the prompt
//     `promptc build` prints, byte for byte.
//   - Nothing here knows a particular agent. Which source is the body,
//     the append text, the trust decision, the context files, the skills
//     or the tools comes from the pipeline's `explain:` block; a role that
//     is not set (or whose source was not resolved, or whose value is of
//     no type the role knows) is left out of the report. What a role
//     reports depends on its source's value type, so roles work across
//     kinds: context_files or workspace_files for the context files,
//     skills or cowagent_skills for the skills, tool_catalog or
//     ranked_list for the tools. String catalogs need no role: every
//     source of kind catalog is reported.
//   - Rendering is deterministic: the same Result gives the same bytes.
//
// The package sits above engine: it imports engine, sources, prov and
// diag; engine never imports it.
package explain
