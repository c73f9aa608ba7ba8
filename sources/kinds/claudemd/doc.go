// Package claudemd is the claude_md source kind: the files Claude Code
// 2.1.332 lists in its "Codebase and user instructions" reminder
// (docs/agents/claude-code.md, CC-1..CC-24).
//
// Contract:
//   - Files come in prompt order: the user file and user rules, then for
//     every directory from the outermost ancestor of the cwd (not "/")
//     down to the cwd its CLAUDE.md, .claude/CLAUDE.md, .claude/rules and
//     CLAUDE.local.md, then the added directories (CC-4, CC-5, CC-22).
//     Each file is followed by its imports, depth first (CC-13).
//   - A file's text has its frontmatter and block-level HTML comments
//     removed and is trimmed (CC-8..CC-10); a blank file is dropped with
//     its imports (CC-7). A path, or the real path behind it, is listed at
//     most once (CC-15, CC-16, CC-20).
//   - Rules directories are listed in the file system's own order, not
//     sorted, as Claude Code lists them (CC-6): the same tree can list
//     in another order on another file system.
//   - With no CLAUDE-named file with text on the walk, AGENTS.md and
//     .claude/AGENTS.md of the walked directories are added as project
//     files (CC-24).
//   - The settings that matter are read from the agent's own JSON files:
//     claudeMdExcludes from settings.json in the config dir and the
//     external-import approval from ~/.claude.json (CC-17, CC-21).
//
// All file access goes through a sources.FS; Load never writes.
package claudemd
