// Package cowagentskills is the cowagent_skills source kind: it loads CowAgent's skills the way its SkillManager does
// on every turn (refresh_skills, then build_skills_prompt, at CowAgent
// revision i18n) and formats the skills block of the system prompt. The
// rules are those of the spec's R-SKILL-* and R-X-2..R-X-6.
//
// [Load]:
//
//  1. scans the builtin directory, then the custom one (R-SKILL-DISC):
//     entries in code-point order; names starting with "." and
//     node_modules, __pycache__, venv and .git are skipped; a directory
//     holding a SKILL.md file is one skill and is not scanned further;
//     at the top level, *.md files other than README.md are skills too;
//  2. parses each file: strict UTF-8 with universal newlines, front
//     matter between "---" lines read with PyYAML's safe_load semantics
//     (internal/pyyaml), else CowAgent's line parser; name, description
//     (a skill without one is dropped), disable-model-invocation and
//     metadata (always, default_enabled, os, requires, optionally under a
//     single "cowagent" or "openclaw" key);
//  3. keys the skills by name in scan order: a later skill of the same
//     name (a custom one overriding a builtin one) takes the earlier one's
//     place (R-SKILL-ORDER);
//  4. reads <custom>/skills_config.json (never writes it: R-SKILL-SIDE
//     allows skipping the write) for persisted "enabled" flags;
//  5. filters (R-SKILL-FILTER, R-SKILL-UNAVAIL, R-SKILL-KNOWLEDGE, R-X-4,
//     R-X-6) and formats the available and unavailable blocks, XML-escaped
//     (R-SKILL-FMT, R-SKILL-ESC), into the stripped Result.Prompt.
//
// Load fails, with a *[BuildError], exactly where CowAgent's
// refresh_skills raises so that its whole prompt rebuild fails and the
// agent falls back to its cached prompt (R-AGENT-FALLBACK): the custom
// directory cannot be created because it, or an ancestor, is not a
// directory (the os.makedirs of _save_skills_config; case 25); a
// skills_config.json entry for a loaded skill is not an object; a skill
// name that is a list or a dict (the first item of a front-matter list);
// an install spec whose kind is not a string; a line-parsed front-matter
// value that str.isdigit accepts and int() rejects. Problems CowAgent
// swallows (unreadable files, invalid JSON, missing directories) are
// exclusions or warnings. A skill name that is not a string (the first
// item of a list, e.g. a number) makes formatting raise, which CowAgent
// catches: the prompt is then empty, with a warning.
//
// All file access goes through a vfs.FS; relative paths resolve against
// Options.Base, CowAgent's process working directory.
package cowagentskills
