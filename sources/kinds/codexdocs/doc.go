// Package codexdocs is the codex_docs source kind: the instruction files
// Codex CLI 0.171.0 puts into its "# AGENTS.md instructions" item
// (docs/agents/codex.md, CX-1..CX-13).
//
// Contract:
//   - The global text is the first of $CODEX_HOME/AGENTS.override.md and
//     $CODEX_HOME/AGENTS.md that is a regular file (after following
//     symlinks) and not blank once decoded and trimmed (CX-5). It is
//     trimmed and never counts against the cap.
//   - The search dirs run from the project root (the nearest ancestor of
//     the cwd, inclusive, holding an entry named by a root marker) down to
//     the cwd; without a marker only the cwd (CX-4).
//   - Each search dir contributes at most one file: the first name of
//     AGENTS.override.md, AGENTS.md and the fallback names that is a
//     regular file after following symlinks (CX-6). Its bytes, cut by the
//     remaining budget of max_bytes (CX-8), are decoded as UTF-8 with
//     replacement (CX-9) and kept raw unless blank (CX-7).
//   - Every candidate that was looked at and not used is recorded in
//     Output.Excluded with a reason, and a file cut at the cap is recorded
//     there too (it is loaded, but only in part), for `promptc explain`
//     and `promptc agents`.
//
// All file access goes through a sources.FS; Load never writes.
package codexdocs
