// Package opencodeinstr is the opencode_instructions source kind: the
// "Instructions from:" items opencode 1.18.33 puts into its system message
// (docs/agents/opencode.md, OC-1..OC-12).
//
// Contract:
//   - Items come in order: the global file (the first of CFG/AGENTS.md and
//     ~/.claude/CLAUDE.md that exists), the project files (the first of
//     AGENTS.md, CLAUDE.md, CONTEXT.md found anywhere from the cwd up to
//     the worktree root, in every directory that has it, deepest first),
//     then the files named by the configs' `instructions` (OC-3..OC-6, OC-9).
//   - A path is listed once; content is the file's bytes decoded as UTF-8
//     with a leading BOM removed, otherwise raw; an empty result is no
//     item (OC-10).
//   - URLs in `instructions` are never fetched: promptc records them as
//     excluded (offline, opencode adds nothing for an unreachable URL).
//   - Glob matches come in opencode's scanner order (globOrder): breadth
//     first, each directory listed unsorted and taken in reverse, so the
//     same tree can give another order on another file system, as it
//     does for opencode.
//
// All file access goes through a sources.FS; Load never writes.
package opencodeinstr
