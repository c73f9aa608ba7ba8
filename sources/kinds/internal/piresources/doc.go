// Package piresources discovers an agent's skills and prompt templates the way
// pi 0.83.0 does (pi spec §6.1–6.3 and §8: SKL-D1..D12, SKL-V1..V8,
// SKL-C1..C2, TPL-D1..D5, TRUST-2, and ..X-11, X-13,
// Directory and file names come from a [Layout]; [PiLayout]
// holds pi's, so another agent with other names can reuse the resolver.
//
// Pipeline of [LoadSkills] (and, with prompt rules, [LoadTemplates]):
//
//  1. Resolve candidate files like pi's package manager: settings
//     packages[] (rank 4), settings skills[] entries (project 0, user 2),
//     auto-discovered directories (project 1, only when trusted; user 3),
//     each map entry kept once by path, then stably sorted by rank.
//     Settings patterns ("!x", "+x", "-x", globs) enable or disable
//     entries; disabled ones are recorded in Excluded.
//  2. Prepend the resources of -e packages, append the CLI paths, trim and
//     resolve them against the cwd and drop repeated path strings.
//  3. Load every path in order: a missing path or a non-markdown file is a
//     warning, a directory is walked, a file is parsed and validated.
//  4. First name wins; a later skill with a taken name is a collision
//     warning (after all other warnings), a file whose realpath was already
//     loaded is dropped silently.
//
// Every read goes through a vfs.FS; nothing is written (X-17's rename of a
// legacy commands/ directory is emulated by reading it in place). File text
// is WHATWG-decoded. Warnings use pi's exact wording. The error
// result is reserved for invalid options and a cancelled context.
package piresources
