package emit

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"unicode/utf8"
)

// Options say where and how to emit.
type Options struct {
	// Root is the absolute directory the files go below: the repository
	// root, or HOME at user scope.
	Root  string
	Scope Scope
	// Force replaces managed blocks edited by hand and rule files promptc
	// did not write.
	Force bool
	// FS reads and writes; nil is OSWriteFS().
	FS WriteFS
}

// Manifest is where, below Root, emit lists the files it manages, so a
// rule removed from the source takes its file (or block) with it.
func (o Options) Manifest() string {
	if o.Scope == ScopeUser {
		return ".config/promptc/emitted-user"
	}
	return ".promptc/emitted"
}

func (o Options) fs() WriteFS {
	if o.FS == nil {
		return OSWriteFS()
	}
	return o.FS
}

// Actions of a Change.
const (
	ActCreate    = "create"
	ActUpdate    = "update"
	ActUnchanged = "unchanged"
	ActRemove    = "remove"
	ActConflict  = "conflict" // not written: edited by hand or not promptc's (see Reason)
	ActError     = "error"    // not written: see Reason
)

// Change is what emit does (or would do) to one file.
type Change struct {
	Path   string `json:"path"` // slash-separated, below Root
	Target string `json:"target,omitempty"`
	Action string `json:"action"`
	Reason string `json:"reason,omitempty"`
	// Old and New are the file's text before and after ("" when absent).
	Old string `json:"-"`
	New string `json:"-"`
	// Forced is set when Force let a conflicting change through.
	Forced bool `json:"forced,omitempty"`
	abs    string
	whole  bool
	exists bool
	ioErr  error
}

// Result is a plan: the files of every target, the changes to the disk
// and the findings about the source.
type Result struct {
	Files    []File    `json:"files"`
	Changes  []Change  `json:"changes"`
	Findings []Finding `json:"findings"`
	manifest Change
}

// Files lists the files of the source's targets, with warnings for what
// a target cannot express.
func Files(src Source, scope Scope) ([]File, []Finding) {
	var out []File
	var fs []Finding
	for _, t := range targets {
		if len(src.Targets) > 0 && !slices.Contains(src.Targets, t.id) {
			continue
		}
		files, w := t.files(forTarget(src.Rules, t.id), scope)
		out = append(out, files...)
		fs = append(fs, w...)
	}
	for _, r := range src.Rules {
		for _, a := range r.Agents {
			t := agentTarget(a)
			if len(src.Targets) > 0 && !slices.Contains(src.Targets, t) {
				fs = append(fs, warnf("emit/agent-not-targeted", t, r.ID, "rule %s is for %s, whose target %s is not in targets:", r.ID, a, t))
				continue
			}
			if others := otherAgents(t, r.Agents); others != "" && scope == ScopeProject {
				fs = append(fs, Finding{Severity: "info", Code: "emit/shared-file", Target: t, Rule: r.ID,
					Message: fmt.Sprintf("rule %s is for %s, but %s reads the same file (%s)", r.ID, strings.Join(r.Agents, ", "), others, t)})
			}
		}
	}
	return dedupeFindings(out, fs)
}

func dedupeFindings(files []File, fs []Finding) ([]File, []Finding) {
	var out []Finding
	for _, f := range fs {
		if !slices.Contains(out, f) {
			out = append(out, f)
		}
	}
	return files, out
}

func agentTarget(name string) string {
	for _, a := range agents {
		if a.Name == name {
			return a.Target
		}
	}
	return ""
}

// otherAgents names the agents of target t not in list.
func otherAgents(t string, list []string) string {
	var out []string
	for _, a := range agentsOf(t) {
		if !slices.Contains(list, a.Name) {
			out = append(out, a.Name)
		}
	}
	return strings.Join(out, ", ")
}

// Plan computes the changes emitting src into opts.Root would make,
// reading the files there; nothing is written.
func Plan(ctx context.Context, src Source, opts Options) (*Result, error) {
	files, findings := Files(src, opts.Scope)
	return planFiles(ctx, files, findings, opts)
}

// planFiles is Plan of the files and findings Files made of a source.
func planFiles(ctx context.Context, files []File, findings []Finding, opts Options) (*Result, error) {
	w := opts.fs()
	realRoot, err := w.EvalSymlinks(opts.Root)
	if err != nil {
		return nil, fmt.Errorf("target root: %w", err)
	}
	res := &Result{Files: files, Findings: findings}
	planned := map[string]bool{}
	for _, f := range files {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		planned[f.Path] = true
		c := Change{Path: f.Path, Target: f.Target, whole: f.Whole}
		if f.Limit > 0 {
			if n := utf8.RuneCountInString(f.Front + block(f)); n > f.Limit {
				c.Action, c.Reason = ActError, fmt.Sprintf("%d characters, over %s's limit of %d: not written (split the rule or shorten it)", n, f.Target, f.Limit)
				res.Findings = append(res.Findings, Finding{Severity: "error", Code: "emit/size-limit", Target: f.Target, Path: f.Path, Message: c.Reason})
				res.Changes = append(res.Changes, c)
				continue
			}
		}
		readCurrent(w, realRoot, &c)
		if c.Action == "" {
			next, conflict := merge(f, c.Old, c.exists)
			decide(&c, next, conflict, opts.Force)
		}
		res.Changes = append(res.Changes, c)
	}
	// Files a previous run wrote that the source no longer has.
	old := readManifest(w, realRoot, opts.Manifest())
	for _, e := range old {
		if planned[e.path] {
			continue
		}
		c := Change{Path: e.path, whole: e.whole}
		readCurrent(w, realRoot, &c)
		if c.Action == "" {
			if !c.exists {
				continue
			}
			next, remove, conflict := unmerge(e.whole, c.Old)
			if remove {
				next = ""
			}
			decide(&c, next, conflict, opts.Force)
			if remove && c.Action != ActConflict {
				c.Action = ActRemove
			}
		}
		res.Changes = append(res.Changes, c)
	}
	res.manifest = manifestChange(w, realRoot, opts.Manifest(), res.Changes)
	return res, nil
}

// readCurrent resolves c's path and reads the file there; a path that
// cannot be written (a link out of the root) makes c an error.
func readCurrent(w WriteFS, realRoot string, c *Change) {
	abs, err := resolveTarget(w, realRoot, c.Path)
	if err != nil {
		c.Action, c.Reason, c.ioErr = ActError, err.Error(), err
		return
	}
	c.abs = abs
	b, err := w.ReadFile(abs)
	switch {
	case err == nil:
		c.Old, c.exists = string(b), true
	case errors.Is(err, fs.ErrNotExist):
	default:
		c.Action, c.Reason, c.ioErr = ActError, err.Error(), err
	}
}

// decide sets c's action from its next text and conflict.
func decide(c *Change, next, conflict string, force bool) {
	c.New = next
	switch {
	case conflict != "" && !force:
		c.Action, c.Reason = ActConflict, conflict+"; not overwritten (run promptc emit --force to replace it)"
	case c.exists && next == c.Old:
		c.Action = ActUnchanged
	case !c.exists:
		c.Action = ActCreate
	default:
		c.Action = ActUpdate
		if conflict != "" {
			c.Forced, c.Reason = true, conflict+"; replaced (--force)"
		}
	}
}

// manifestEntry is one line of the manifest: a file and whether promptc
// owns it whole.
type manifestEntry struct {
	path  string
	whole bool
}

// readManifest reads the manifest's entries ("whole PATH" or "block
// PATH" lines); a missing or unreadable one is empty.
func readManifest(w WriteFS, realRoot, rel string) []manifestEntry {
	b, err := w.ReadFile(filepath.Join(realRoot, filepath.FromSlash(rel)))
	if err != nil {
		return nil
	}
	var out []manifestEntry
	for _, line := range strings.Split(string(b), "\n") {
		kind, p, ok := strings.Cut(line, " ")
		if !ok || (kind != "whole" && kind != "block") || !validRel(p) {
			continue
		}
		out = append(out, manifestEntry{path: p, whole: kind == "whole"})
	}
	return out
}

// validRel refuses a manifest path that is absolute or climbs out.
func validRel(p string) bool {
	return p != "" && !path.IsAbs(p) && path.Clean(p) == p && p != ".." && !strings.HasPrefix(p, "../")
}

// manifestChange is the change to the manifest: the files promptc manages
// after this run, sorted.
func manifestChange(w WriteFS, realRoot, rel string, changes []Change) Change {
	var lines []string
	for _, c := range changes {
		if c.Action == ActRemove || c.Action == ActError && !c.exists || c.New == "" && c.Action != ActConflict {
			continue
		}
		kind := "block"
		if c.whole {
			kind = "whole"
		}
		lines = append(lines, kind+" "+c.Path)
	}
	slices.Sort(lines)
	text := ""
	if len(lines) > 0 {
		text = "# Files promptc emit manages (it removes them, or their block, when their rules go). Do not edit.\n" + strings.Join(lines, "\n") + "\n"
	}
	c := Change{Path: rel}
	readCurrent(w, realRoot, &c)
	if c.Action != "" {
		return c
	}
	decide(&c, text, "", false)
	if text == "" && c.exists {
		c.Action = ActRemove
	} else if text == "" {
		c.Action = ActUnchanged
	}
	return c
}
