// Package contextfiles finds an agent's context files (AGENTS.md and the
// like): an optional global file, then one file per directory from the
// working directory up to a stop point, listed outermost first.
//
// Contract (pi 0.83.0 §4, CTX-1..CTX-14, X-5, X-12, with pi's values as
// defaults):
//   - In each directory the candidate names are tried in order; the first
//     that exists as a regular file (following symlinks) and can be read
//     wins. Directories, broken links and unreadable files fall through to
//     the next candidate; a read failure is a warning in pi's wording.
//   - Paths are reported as join(dir, name), never resolved; the cwd must
//     already be physical. Duplicates are removed by exact path string, the
//     first occurrence (the global slot) winning.
//   - Contents are WHATWG-decoded UTF-8 and otherwise untouched.
//   - Every candidate that was seen and not used is recorded in
//     Result.Excluded with a reason, for `promptc explain`.
//
// All file access goes through a vfs.FS; Load never writes.
package contextfiles
