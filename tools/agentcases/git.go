package main

import (
	"path"
	"strings"
)

// emulateGit does, on the case's files, what the git commands of a setup
// op leave on disk that the agents look at: "add" and "commit" nothing
// (no agent reads the history), "worktree add [-q] PATH" the linked
// worktree: PATH/.git naming the main repo's .git/worktrees/NAME, that
// directory's gitdir and commondir, and a checkout of the main repo's
// files ($WORK in the written paths is the case root: subst marks them).
// Any other command is a reason to leave the case out.
func emulateGit(dir string, args []string, files map[string][]byte, subst map[string]bool) (skip string) {
	switch {
	case len(args) > 0 && (args[0] == "add" || args[0] == "commit"):
		return ""
	case len(args) >= 3 && args[0] == "worktree" && args[1] == "add":
		rest := args[2:]
		if rest[0] == "-q" {
			rest = rest[1:]
		}
		if len(rest) != 1 {
			break
		}
		wt := path.Join(dir, rest[0])
		name := path.Base(wt)
		meta := path.Join(dir, ".git", "worktrees", name)
		for p, data := range files {
			if rel, ok := strings.CutPrefix(p, dir+"/"); ok && !strings.HasPrefix(rel, ".git/") && !strings.HasPrefix(p+"/", wt+"/") {
				files[path.Join(wt, rel)] = data
			}
		}
		files[path.Join(wt, ".git")] = []byte("gitdir: $WORK/" + meta + "\n")
		files[path.Join(meta, "gitdir")] = []byte("$WORK/" + wt + "/.git\n")
		files[path.Join(meta, "commondir")] = []byte("../..\n")
		files[path.Join(meta, "HEAD")] = []byte("ref: refs/heads/" + name + "\n")
		subst[path.Join(wt, ".git")], subst[path.Join(meta, "gitdir")] = true, true
		return ""
	}
	return "needs git (setup runs git " + strings.Join(args, " ") + ")"
}
