package contextfiles

import (
	"context"
	"path"
	"strings"

	"github.com/promptc/promptc/internal/port/js/jsstr"
	"github.com/promptc/promptc/sources"
)

// gitPaths is where the nearest git checkout of the cwd keeps its data.
type gitPaths struct {
	repoDir string // the directory holding .git
	gitDir  string // the resolved git directory
}

// findGitPaths finds the nearest .git from cwd upward: a directory with a
// HEAD, or a file "gitdir: <path>" (relative to its directory) whose target
// has a HEAD. A nearest .git that does not qualify ends the search with
// nothing, except a .git file without the "gitdir: " prefix, which is
// skipped.
func (w *walker) findGitPaths(ctx context.Context) (gitPaths, bool, error) {
	dir := path.Clean(w.opts.Cwd)
	for {
		if err := ctx.Err(); err != nil {
			return gitPaths{}, false, err
		}
		g := sources.Child(dir, ".git")
		if fi, err := sources.Stat(w.fsys, g); err == nil {
			switch {
			case fi.Mode().IsRegular():
				b, err := sources.ReadFile(w.fsys, g)
				if err != nil {
					return gitPaths{}, false, nil
				}
				content := jsstr.Trim(jsstr.DecodeUTF8(b))
				if target, ok := strings.CutPrefix(content, "gitdir: "); ok {
					gitDir := resolve(dir, jsstr.Trim(target))
					if sources.Exists(w.fsys, sources.Child(gitDir, "HEAD")) {
						return gitPaths{repoDir: dir, gitDir: gitDir}, true, nil
					}
					return gitPaths{}, false, nil
				}
				// Not a gitdir file: keep looking upward.
			case fi.IsDir():
				if sources.Exists(w.fsys, sources.Child(g, "HEAD")) {
					return gitPaths{repoDir: dir, gitDir: g}, true, nil
				}
				return gitPaths{}, false, nil
			}
		}
		parent := path.Dir(dir)
		if parent == dir {
			return gitPaths{}, false, nil
		}
		dir = parent
	}
}

// worktreeShadow applies CTX-13. When the cwd is in a linked worktree that
// lies strictly inside its main checkout, and the worktree root has a
// context file, it returns the path whose realpath marks the main
// checkout's file to drop, realpath(mainRoot)/<basename of the worktree's
// file> (not resolved further, X-12), and the worktree's file. Otherwise
// shadow is "".
func (w *walker) worktreeShadow(ctx context.Context, picks map[string]picked) (shadow, worktreeFile string, err error) {
	g, ok, err := w.findGitPaths(ctx)
	if err != nil || !ok {
		return "", "", err
	}
	common := g.gitDir
	if cd := sources.Child(g.gitDir, "commondir"); sources.Exists(w.fsys, cd) {
		if b, err := sources.ReadFile(w.fsys, cd); err == nil {
			common = resolve(g.gitDir, jsstr.Trim(jsstr.DecodeUTF8(b)))
		}
	}
	realCommon, err := sources.Realpath(w.fsys, common)
	if err != nil {
		return "", "", nil
	}
	mainRoot := path.Dir(realCommon)
	wt, err := sources.Realpath(w.fsys, g.repoDir)
	if err != nil || !strictlyInside(wt, mainRoot) {
		return "", "", nil
	}
	if mainGit, err := sources.Realpath(w.fsys, sources.Child(mainRoot, ".git")); err != nil || mainGit != realCommon {
		return "", "", nil
	}
	p, walked := picks[g.repoDir]
	if !walked { // the walk stopped below the worktree root
		p = w.pick(g.repoDir)
	}
	if p.file == nil {
		return "", "", nil
	}
	return path.Join(mainRoot, path.Base(p.file.Path)), p.file.Path, nil
}

// shadowKey is what CTX-13 compares with the shadowed path for the file
// picked in dir: the file's realpath, or with WorktreeByDir the realpath
// of dir (dir itself when it has none) joined with the file's name. ok is
// false when the file's realpath fails.
func (w *walker) shadowKey(dir, file string) (key string, ok bool) {
	if w.opts.WorktreeByDir {
		real, err := sources.Realpath(w.fsys, dir)
		if err != nil {
			real = dir
		}
		return path.Join(real, path.Base(file)), true
	}
	real, err := sources.Realpath(w.fsys, file)
	return real, err == nil
}

// resolve is Node's path.resolve(base, p) for an absolute base.
func resolve(base, p string) string {
	if strings.HasPrefix(p, "/") {
		return path.Clean(p)
	}
	return sources.Child(base, p)
}

// strictlyInside reports whether p is below dir (and not dir itself).
func strictlyInside(p, dir string) bool {
	if dir == "/" {
		return p != "/" && strings.HasPrefix(p, "/")
	}
	return strings.HasPrefix(p, dir+"/")
}
