package claudemd

import (
	"path"
	"strings"

	"github.com/promptc/promptc/sources"
)

// mainCheckout returns the root of the main repository when the cwd is in
// a linked git worktree whose root lies inside that main repository
// (CC-23), else "". The nearest .git above the cwd must be a file
// "gitdir: <main>/.git/worktrees/<name>".
func mainCheckout(fsys sources.FS, cwd string) (main, worktree string) {
	for d := path.Clean(cwd); ; d = path.Dir(d) {
		g := sources.Child(d, ".git")
		if fi, err := sources.Lstat(fsys, g); err == nil {
			if !fi.Mode().IsRegular() {
				return "", ""
			}
			b, err := sources.ReadFile(fsys, g)
			if err != nil {
				return "", ""
			}
			target, ok := strings.CutPrefix(strings.TrimSpace(string(b)), "gitdir:")
			if !ok {
				return "", ""
			}
			target = strings.TrimSpace(target)
			if !path.IsAbs(target) {
				target = sources.Child(d, target)
			}
			i := strings.LastIndex(target, "/.git/worktrees/")
			if i < 0 {
				return "", ""
			}
			if m := target[:i]; m != d && inside(d, m) {
				return m, d
			}
			return "", ""
		}
		if d == "/" {
			return "", ""
		}
	}
}
