// Package geminimemory is the gemini_memory source kind: the GEMINI.md
// (context) files Gemini CLI 0.61.0 loads at start, split as it splits
// them over the system instruction (global files, private project memory)
// and the first user message (extension and project files)
// (docs/agents/gemini-cli.md, GM-1..GM-16).
//
// Contract:
//   - NAMES are the context.fileName entries of ~/.gemini/settings.json
//     (string or list), or of the FileNames option, put in front of
//     "GEMINI.md" (GM-10).
//   - Global files are ~/.gemini/<name> in NAMES order (GM-2). Project
//     files are every NAME in every directory from each workspace dir up
//     to its ceiling (the nearest ancestor with a boundary marker, else
//     the dir itself), never entering ~/.gemini, de-duplicated by real
//     path against everything found before, then sorted by path (GM-4,
//     GM-5, GM-12, GM-14).
//   - Each file's text has its @imports processed (GM-8, GM-9) and is
//     trimmed; blank files are dropped (GM-6). Global texts have runs of
//     three or more newlines collapsed to two, as the whole system
//     instruction has (GM-3).
//   - The value holds the entries; the pipeline writes the wrappers.
//
// All file access goes through a sources.FS; Load never writes.
package geminimemory
