package codexdocs

import (
	"context"
	"fmt"
	"path"
	"strings"

	"github.com/promptc/promptc/diag"
	"github.com/promptc/promptc/internal/port/js/jsstr"
	"github.com/promptc/promptc/prov"
	"github.com/promptc/promptc/sources"
)

// CodeUnreadable is the diagnostic code of a file that exists and cannot
// be read.
const CodeUnreadable = "codexdocs/unreadable"

// Load finds Codex's global text and project docs for opts (CX-4..CX-9).
// Unreadable candidates are warnings; the error result is only for a
// cancelled ctx.
func Load(ctx context.Context, fsys sources.FS, opts Options) (Result, diag.List, error) {
	var (
		res   = Result{Names: opts.names(), Docs: []Doc{}}
		diags diag.List
	)
	if opts.CodexHome != "" {
		res.loadGlobal(fsys, opts.CodexHome, &diags)
	}
	var user settings
	if opts.ReadConfig && opts.CodexHome != "" {
		user = readConfig(fsys, sources.Child(opts.CodexHome, "config.toml"), &diags)
		if user.hasMk && !opts.RootMarkersGiven {
			opts.RootMarkers = user.markers
		}
	}
	dirs, root, err := searchDirs(ctx, fsys, opts)
	if err != nil {
		return Result{}, nil, err
	}
	if opts.ReadConfig {
		opts = applyConfig(fsys, opts, user, root, &diags)
		res.Names = opts.names()
	}
	res.ProjectRoot, res.SearchDirs, res.MaxBytes = root, dirs, opts.MaxBytes

	remaining := opts.MaxBytes
	for _, dir := range dirs {
		if err := ctx.Err(); err != nil {
			return Result{}, nil, err
		}
		p := res.pick(fsys, dir)
		if p == "" {
			continue
		}
		if remaining <= 0 { // CX-8: not even opened
			res.excluded = append(res.excluded, prov.Exclusion{Path: p, Reason: ReasonOverCap, Detail: fmt.Sprintf("the %d-byte budget is spent", opts.MaxBytes)})
			continue
		}
		b, err := sources.ReadFile(fsys, p)
		if err != nil {
			diags.Warnf(p, CodeUnreadable, "could not read %s: %v", p, err)
			res.excluded = append(res.excluded, prov.Exclusion{Path: p, Reason: ReasonUnreadable, Detail: err.Error()})
			continue
		}
		size := len(b)
		if len(b) > remaining {
			b = b[:remaining]
		}
		text := jsstr.DecodeUTF8(b)
		if strings.TrimSpace(text) == "" { // CX-7: a blank cut uses no budget
			res.excluded = append(res.excluded, prov.Exclusion{Path: p, Reason: ReasonBlank})
			continue
		}
		remaining -= len(b)
		res.Docs = append(res.Docs, Doc{Path: p, Text: text, Bytes: len(b), Size: size})
		res.origins = append(res.origins, prov.Origin{Path: p, Role: "context", Bytes: len(b)})
	}
	return res, diags, nil
}

// loadGlobal sets the global text: the first candidate that is a regular
// file and not blank once trimmed (CX-5).
func (r *Result) loadGlobal(fsys sources.FS, home string, diags *diag.List) {
	for _, name := range GlobalNames {
		p := sources.Child(home, name)
		if r.GlobalPath != "" {
			if isFile, _ := sources.Classify(fsys, p); isFile {
				r.excluded = append(r.excluded, prov.Exclusion{Path: p, Reason: ReasonShadowed, Detail: r.GlobalPath})
			}
			continue
		}
		isFile, why := sources.Classify(fsys, p)
		if why != "" {
			r.excluded = append(r.excluded, prov.Exclusion{Path: p, Reason: ReasonNotFile, Detail: why})
		}
		if !isFile {
			continue
		}
		b, err := sources.ReadFile(fsys, p)
		if err != nil {
			diags.Warnf(p, CodeUnreadable, "could not read %s: %v", p, err)
			r.excluded = append(r.excluded, prov.Exclusion{Path: p, Reason: ReasonUnreadable, Detail: err.Error()})
			continue
		}
		text := strings.TrimSpace(jsstr.DecodeUTF8(b))
		if text == "" {
			r.excluded = append(r.excluded, prov.Exclusion{Path: p, Reason: ReasonBlank})
			continue
		}
		r.Global, r.GlobalPath, r.globalBytes = text, p, len(b)
		r.origins = append(r.origins, prov.Origin{Path: p, Role: "context", Bytes: len(b)})
	}
}

// pick returns dir's file: the first name that is a regular file after
// following symlinks (CX-6), or "". Later names that are files too are
// recorded as shadowed.
func (r *Result) pick(fsys sources.FS, dir string) string {
	chosen := ""
	for _, name := range r.Names {
		p := sources.Child(dir, name)
		isFile, why := sources.Classify(fsys, p)
		switch {
		case why != "":
			r.excluded = append(r.excluded, prov.Exclusion{Path: p, Reason: ReasonNotFile, Detail: why})
		case !isFile:
		case chosen != "":
			r.excluded = append(r.excluded, prov.Exclusion{Path: p, Reason: ReasonShadowed, Detail: chosen})
		default:
			chosen = p
		}
	}
	return chosen
}

// searchDirs lists the project root (the nearest ancestor of the cwd,
// inclusive, with an entry named by a marker) down to the cwd; without a
// root, the cwd alone (CX-4).
func searchDirs(ctx context.Context, fsys sources.FS, opts Options) (dirs []string, root string, err error) {
	cwd := path.Clean(opts.Cwd)
	for dir := cwd; len(opts.RootMarkers) > 0; {
		if err := ctx.Err(); err != nil {
			return nil, "", err
		}
		for _, m := range opts.RootMarkers {
			if m == "" {
				continue
			}
			if _, err := sources.Lstat(fsys, sources.Child(dir, m)); err == nil {
				root = dir
				break
			}
		}
		if root != "" {
			break
		}
		parent := path.Dir(dir)
		if parent == dir {
			break
		}
		dir = parent
	}
	if root == "" {
		return []string{cwd}, "", nil
	}
	for dir := cwd; ; dir = path.Dir(dir) {
		dirs = append(dirs, dir)
		if dir == root || dir == "/" {
			break
		}
	}
	for i, j := 0, len(dirs)-1; i < j; i, j = i+1, j-1 {
		dirs[i], dirs[j] = dirs[j], dirs[i]
	}
	return dirs, root, nil
}

// applyConfig sets the options not given from the user config and, when
// the project (its root, else the cwd) is trusted there, from the
// project's .codex/config.toml, which wins (CX-10).
func applyConfig(fsys sources.FS, opts Options, user settings, root string, diags *diag.List) Options {
	layers := []settings{user}
	proj := root
	if proj == "" {
		proj = path.Clean(opts.Cwd)
	}
	for _, t := range user.trusted {
		if t == proj {
			layers = append(layers, readConfig(fsys, path.Join(proj, ".codex", "config.toml"), diags))
			break
		}
	}
	for _, l := range layers {
		if l.maxBytes != nil && !opts.MaxBytesGiven {
			opts.MaxBytes = *l.maxBytes
		}
		if l.hasFB && !opts.FallbackGiven {
			opts.FallbackFilenames = l.fallback
		}
	}
	return opts
}
