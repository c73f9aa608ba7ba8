// Package agentrun hands a prompt promptc built to a real coding-agent CLI
// (Codex CLI, Claude Code, Gemini CLI, opencode) through the hook that
// CLI documents for it, then runs the CLI as a child process.
//
// The contract of a run:
//   - Find: the CLI is looked up on PATH by the command users type
//     (claude, codex, gemini, opencode); its version is read from the npm
//     package.json beside the resolved binary, else from `CLI --version`.
//     A version older than the one verified is refused (its hooks were not
//     verified); a newer one runs with a warning.
//   - Hand over: Prepare writes the prompt into a private directory (mode
//     0700, files 0600) and returns the arguments and environment that
//     point the CLI at it. No file of the user is written or changed.
//   - Run: Run starts the CLI with the user's arguments, the caller's
//     standard streams (so a terminal stays a terminal), forwards the
//     signals sent to promptc, waits, removes the private directory and
//     reports the CLI's exit status (or the signal that ended it).
//
// A child, not exec: the hand-over files must outlive the CLI's start and
// be removed when it ends, which a process replaced by exec cannot do.
package agentrun
