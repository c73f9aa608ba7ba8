package opencodeinstr

import (
	"context"
	"encoding/json"
	"path"
	"slices"
	"strings"

	"github.com/promptc/promptc/diag"
	"github.com/promptc/promptc/internal/port/js/jsstr"
	"github.com/promptc/promptc/prov"
	"github.com/promptc/promptc/sources"
)

// CodeConfig is the diagnostic code of a config file promptc could not use.
const CodeConfig = "opencodeinstr/config"

type loader struct {
	fsys  sources.FS
	opts  Options
	seen  map[string]bool
	res   Result
	diags diag.List
}

// Load lists opencode's instruction items for opts (OC-3..OC-10). The
// error result is only for a cancelled ctx.
func Load(ctx context.Context, fsys sources.FS, opts Options) (Result, diag.List, error) {
	l := &loader{fsys: fsys, opts: opts, seen: map[string]bool{}, res: Result{Items: []Item{}, Dirs: []string{}}}
	cwd := path.Clean(opts.Cwd)
	l.res.Root = "/"
	for d := cwd; ; d = path.Dir(d) {
		l.res.Dirs = append(l.res.Dirs, d)
		if _, err := sources.Lstat(fsys, sources.Child(d, ".git")); err == nil {
			l.res.Root = d
			break
		}
		if d == "/" {
			break
		}
	}
	names := ProjectNames
	if opts.NoClaude {
		names = []string{"AGENTS.md", "CONTEXT.md"}
	}
	l.res.names = names

	// OC-3: the global file.
	globals := []string{}
	if opts.ConfigDir != "" {
		globals = append(globals, sources.Child(opts.ConfigDir, "AGENTS.md"))
	}
	if opts.Home != "" && !opts.NoClaude {
		globals = append(globals, path.Join(opts.Home, ".claude", "CLAUDE.md"))
	}
	for i, g := range globals {
		if _, err := sources.Lstat(fsys, g); err == nil {
			l.add(g)
			for _, o := range globals[i+1:] {
				if _, err := sources.Lstat(fsys, o); err == nil {
					l.exclude(o, ReasonShadowed, g)
				}
			}
			break
		}
	}
	if err := ctx.Err(); err != nil {
		return Result{}, nil, err
	}

	// OC-4: the first name found anywhere on the walk, every dir having it.
	if !opts.NoProject {
		for _, n := range names {
			var found []string
			for _, d := range l.res.Dirs {
				if _, err := sources.Lstat(fsys, sources.Child(d, n)); err == nil {
					found = append(found, sources.Child(d, n))
				}
			}
			if len(found) == 0 {
				continue
			}
			l.res.Name = n
			for _, p := range found {
				l.add(p)
			}
			for _, other := range names {
				if other == n {
					continue
				}
				for _, d := range l.res.Dirs {
					if _, err := sources.Lstat(fsys, sources.Child(d, other)); err == nil && !slices.Contains(found, sources.Child(d, other)) {
						l.exclude(sources.Child(d, other), ReasonShadowed, n+" was found on the walk")
					}
				}
			}
			break
		}
	}

	// OC-6: the configs' instructions.
	var urls []string
	for _, entry := range l.instructions() {
		if err := ctx.Err(); err != nil {
			return Result{}, nil, err
		}
		switch {
		case strings.HasPrefix(entry, "https://") || strings.HasPrefix(entry, "http://"):
			urls = append(urls, entry)
		case strings.HasPrefix(entry, "~/") && opts.Home != "":
			l.glob(path.Dir(sources.Child(opts.Home, entry[2:])), path.Base(entry))
		case path.IsAbs(entry):
			l.glob(path.Dir(entry), path.Base(entry))
		default:
			for _, d := range l.res.Dirs {
				l.glob(d, entry)
			}
		}
	}
	for _, u := range urls {
		l.exclude(u, ReasonURL, "")
	}
	return l.res, l.diags, nil
}

func (l *loader) exclude(p, reason, detail string) {
	l.res.excluded = append(l.res.excluded, prov.Exclusion{Path: p, Reason: reason, Detail: detail})
}

// add lists p once, when it reads as a non-empty text (OC-9, OC-10).
func (l *loader) add(p string) {
	if l.seen[p] {
		l.exclude(p, ReasonDuplicate, "")
		return
	}
	l.seen[p] = true
	b, err := sources.ReadFile(l.fsys, p)
	text := strings.TrimPrefix(jsstr.DecodeUTF8(b), "\ufeff")
	if err != nil || text == "" {
		l.exclude(p, ReasonEmpty, "")
		return
	}
	l.res.Items = append(l.res.Items, Item{Path: p, Content: text, bytes: len(b)})
	l.res.origins = append(l.res.origins, prov.Origin{Path: p, Role: "context", Bytes: len(b)})
}

// instructions are the `instructions` of the global config, then of the
// project configs from the worktree root down to the cwd, then the
// Instructions option.
func (l *loader) instructions() []string {
	var out []string
	read := func(p string) {
		var c struct {
			Instructions []string `json:"instructions"`
		}
		b, err := sources.ReadFile(l.fsys, p)
		if err != nil {
			return
		}
		if err := json.Unmarshal(b, &c); err != nil {
			l.diags.Warnf(p, CodeConfig, "promptc could not read %s: %v", p, err)
			return
		}
		out = append(out, c.Instructions...)
	}
	if l.opts.ConfigDir != "" {
		read(sources.Child(l.opts.ConfigDir, "opencode.json"))
	}
	if !l.opts.NoProject {
		for i := len(l.res.Dirs) - 1; i >= 0; i-- {
			read(sources.Child(l.res.Dirs[i], "opencode.json"))
		}
	}
	return append(out, l.opts.Instructions...)
}

// glob adds the files below dir that pattern matches (slash-separated
// path.Match elements, "**" any depth, dotfiles included) in the order of
// opencode's glob scanner (OC-6, globOrder).
func (l *loader) glob(dir, pattern string) {
	for _, m := range globOrder(l.fsys, dir, pattern) {
		l.add(m)
	}
}
