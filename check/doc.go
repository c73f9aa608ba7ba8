// Package check is the logic behind promptc check: golden checks of the
// prompts a repository's own files make, for CI.
//
// A repository declares its checks in .promptc/checks.yaml ([Load]):
// each check names a pipeline and a working directory in the repository,
// and may add build arguments, layers, overlays, a fixture home and
// budgets. [Run] builds every check from the live tree (the repository
// as it is checked out, not a copy) and compares each prompt with its
// golden file (.promptc/golden/NAME.golden by default); a difference is
// reported grouped by section, with token deltas and the source file and
// line behind each change ([Finding]).
//
// # Same answer on every machine
//
// A check's build sees the repository, the roots the checks file
// declares (roots:, a fixture home:) and, above them, only the
// directories that lead to them: a context file in the developer's home
// or in a parent of the checkout does not exist for it. Its variables are
// only HOME (an empty home, or the fixture home), PATH
// (/usr/local/bin:/usr/bin:/bin), LANG=C.UTF-8, the layer variables the
// check sets and its env: lines; the date is 2026-01-01 and the OS is
// linux. A check unpins the date, the OS or the home with live:. A build
// that looks for a path outside the roots that exists on this machine is
// reported (Result.Outside): the check says what it did not see.
//
// # Portable goldens
//
// A golden stores paths with the roots written $REPO (the repository
// root) and $HOME (the check's home), so a golden holds on any checkout
// at any path. It is written only by [Update], atomically (a temporary
// file beside it, synced, renamed; casetest.WriteCaseFile), under a lock
// file that a second --update run cannot take.
package check
