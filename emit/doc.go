// Package emit writes each coding agent's own instruction files from one
// source of rules, and checks what each agent will load from them.
//
// The source is a list of layers (system, user, the repository's
// .promptc/rules.yaml), each a YAML file of sections; [Compose] merges
// them, honouring locked and required sections of lower layers. [Plan]
// turns the composed [Source] into the files of each target dialect
// (AGENTS.md, CLAUDE.md and .claude/rules, GEMINI.md, .cursor/rules,
// Copilot's instructions, .windsurf/rules, .clinerules), [Apply] writes
// them atomically between managed markers, and [Check] reports per agent
// and per directory which rule the agent will receive — for Codex, Claude
// Code, Gemini CLI and opencode by running promptc's verified pipelines
// of those agents over the files on disk.
//
// Nothing here reads the process environment or flags: the host (the
// promptc CLI) finds the layer files and passes what it knows.
package emit
