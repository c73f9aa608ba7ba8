// Package copilotinstr is the copilot_instructions source kind: the
// instruction files GitHub Copilot CLI 1.0.102 puts in its system message
// at start, as recorded with the agents oracle (docs/agents/copilot.md,
// CP-1..CP-9; testdata/agents/cases/copilot).
//
// Load finds three lists: the files sent whole in <custom_instruction>
// blocks (the user's and each walked directory's copilot-instructions.md,
// AGENTS.md, CLAUDE.md and GEMINI.md), the *.instructions.md files
// inlined raw (no applyTo, or applyTo "**"), and the ones only listed in
// a table for the model to read (any other applyTo). The pipeline's
// templates lay them out.
package copilotinstr
