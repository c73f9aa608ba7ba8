// Package workspacefiles is the workspace_files source kind: it loads a fixed, ordered list of files from an agent's
// workspace directory, the way agents that re-read their persona and memory
// files on every turn do (CowAgent's load_context_files is the model).
//
// For each file spec, in the order given, Load:
//
//  1. joins the name to the workspace directory like Python's os.path.join
//     (the directory is used verbatim; a relative one resolves against
//     Options.Base) and skips the file when it does not exist;
//  2. skips it when its SkipIfModified rule says so: some watched file
//     exists, is readable and differs from its pristine text (CowAgent's
//     "onboarding done" test for BOOTSTRAP.md). Load never deletes files;
//  3. reads it as Python's open(name, encoding="utf-8").read() does: strict
//     UTF-8 (an invalid file is skipped with a warning, never repaired),
//     universal newlines; then strips it with str.strip() semantics;
//  4. skips it when the stripped text is empty (unless KeepEmpty) or looks
//     like an unfilled template (Placeholder);
//  5. applies the tail truncation policy (Truncate), including CowAgent's
//     byte-budget quirk when asked to.
//
// Every file that was skipped is reported in Result.Excluded with a short
// reason; every file loaded in Result.Origins; every path whose state the
// result depends on (existing or not) in Result.Consulted, so that a caller
// can tell when a cached result is stale. The error result is reserved for
// invalid options and a cancelled context: unreadable files are warnings.
package workspacefiles
