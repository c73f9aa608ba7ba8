package contextfiles

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"strings"

	"github.com/promptc/promptc/diag"
	"github.com/promptc/promptc/internal/port/js/jsstr"
	"github.com/promptc/promptc/internal/port/js/nodeerr"
	"github.com/promptc/promptc/prov"
	"github.com/promptc/promptc/sources"
)

// CodeUnreadable is the diagnostic code of the CTX-9 read warning.
const CodeUnreadable = "contextfiles/unreadable"

// Load finds the context files for opts: the global file, then one file per
// directory from the outermost ancestor down to the cwd (CTX-1, CTX-3),
// deduplicated by path string (CTX-7, CTX-8) and, with WorktreeRule, without
// the main checkout's copy of a nested linked worktree's file (CTX-13).
// Unreadable candidates are warnings, not errors; the error result is only
// for invalid options and a cancelled ctx.
func Load(ctx context.Context, fsys sources.FS, opts Options) (Result, error) {
	opts, err := opts.withDefaults()
	if err != nil {
		return Result{}, err
	}
	if opts.GlobalDir != "" && opts.GlobalDir[0] != '/' {
		return Result{}, fmt.Errorf("contextfiles: global dir %q is not an absolute path", opts.GlobalDir)
	}
	w := &walker{fsys: fsys, opts: opts}
	var res Result
	seen := map[string]string{} // path -> directory role that loaded it
	if opts.GlobalDir != "" {
		if err := ctx.Err(); err != nil {
			return Result{}, err
		}
		g := w.pick(opts.GlobalDir)
		res.Diags = append(res.Diags, g.diags...)
		res.Excluded = append(res.Excluded, g.excluded...)
		if g.file != nil {
			res.Files = append(res.Files, *g.file)
			res.Origins = append(res.Origins, prov.Origin{Path: g.file.Path, Role: "context", Bytes: g.bytes})
			seen[g.file.Path] = "the global directory " + opts.GlobalDir
		}
	}

	dirs, err := w.ancestors(ctx)
	if err != nil {
		return Result{}, err
	}
	res.walk.Names = append([]string(nil), opts.Candidates...)
	if opts.GlobalDir != "" {
		res.walk.Dirs = append(res.walk.Dirs, opts.GlobalDir)
	}
	res.walk.Dirs = append(res.walk.Dirs, dirs...)
	picks := make(map[string]picked, len(dirs))
	for _, dir := range dirs { // cwd first, as pi walks (and warns)
		if err := ctx.Err(); err != nil {
			return Result{}, err
		}
		picks[dir] = w.pick(dir)
	}
	var shadow, shadowedBy string
	if opts.WorktreeRule {
		if shadow, shadowedBy, err = w.worktreeShadow(ctx, picks); err != nil {
			return Result{}, err
		}
	}

	var files []File
	var origins []prov.Origin
	for _, dir := range dirs {
		p := picks[dir]
		res.Diags = append(res.Diags, p.diags...)
		res.Excluded = append(res.Excluded, p.excluded...)
		if p.file == nil {
			continue
		}
		if by, dup := seen[p.file.Path]; dup {
			res.Excluded = append(res.Excluded, prov.Exclusion{Path: p.file.Path, Reason: ReasonDuplicate, Detail: "already loaded from " + by})
			continue
		}
		if shadow != "" {
			if real, ok := w.shadowKey(dir, p.file.Path); ok && real == shadow {
				res.Excluded = append(res.Excluded, prov.Exclusion{Path: p.file.Path, Reason: ReasonWorktree, Detail: shadowedBy})
				continue
			}
		}
		seen[p.file.Path] = "the ancestor directory " + dir
		files = append(files, *p.file)
		origins = append(origins, prov.Origin{Path: p.file.Path, Role: "context", Bytes: p.bytes})
	}
	// The walk went upward; the prompt lists the outermost directory first.
	for i := len(files) - 1; i >= 0; i-- {
		res.Files = append(res.Files, files[i])
		res.Origins = append(res.Origins, origins[i])
	}
	return res, nil
}

type walker struct {
	fsys sources.FS
	opts Options
}

// picked is the outcome of looking at one directory.
type picked struct {
	file     *File
	bytes    int
	diags    diag.List
	excluded []prov.Exclusion
}

// ancestors lists the directories to look at, cwd first, up to the stop.
func (w *walker) ancestors(ctx context.Context) ([]string, error) {
	var dirs []string
	dir := path.Clean(w.opts.Cwd)
	for {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		dirs = append(dirs, dir)
		if w.opts.Stop == StopCwd {
			break
		}
		if w.opts.Stop == StopGitRoot {
			if _, err := sources.Lstat(w.fsys, sources.Child(dir, ".git")); err == nil {
				break
			}
		}
		parent := path.Dir(dir)
		if parent == dir {
			break
		}
		dir = parent
	}
	return dirs, nil
}

// pick chooses dir's file: the first candidate that is a regular file
// (following symlinks) and can be read (CTX-2, CTX-9).
func (w *walker) pick(dir string) picked {
	var out picked
	for _, name := range w.opts.Candidates {
		p := sources.Child(dir, name)
		isFile, why := sources.Classify(w.fsys, p)
		switch {
		case why != "":
			out.excluded = append(out.excluded, prov.Exclusion{Path: p, Reason: ReasonNotFile, Detail: why})
			continue
		case !isFile:
			continue
		case out.file != nil:
			out.excluded = append(out.excluded, prov.Exclusion{Path: p, Reason: ReasonShadowed, Detail: out.file.Path})
			continue
		}
		b, err := sources.ReadFile(w.fsys, p)
		if err != nil {
			msg := nodeErrorText(err, p)
			out.diags.Warnf(p, CodeUnreadable, "Warning: Could not read %s: %s", p, msg)
			out.excluded = append(out.excluded, prov.Exclusion{Path: p, Reason: ReasonUnreadable, Detail: msg})
			continue
		}
		content := jsstr.DecodeUTF8(b)
		if w.opts.StripBOM {
			content = strings.TrimPrefix(content, "\uFEFF")
		}
		out.file = &File{Path: p, Content: content}
		out.bytes = len(b)
	}
	return out
}

// nodeErrorText renders a failed readFileSync the way Node's String(error)
// does: "Error: EACCES: permission denied, open '/a'" for a failed open and
// "Error: EISDIR: illegal operation on a directory, read" (no path) for a
// failed read.
func nodeErrorText(err error, abs string) string {
	var pe *fs.PathError
	if errors.As(err, &pe) && pe.Op == "read" {
		return "Error: " + strings.TrimSuffix(nodeerr.Message(err, "read", ""), " ''")
	}
	return "Error: " + nodeerr.Message(err, "open", abs)
}
