package copilotinstr

import (
	"context"
	"path"
	"slices"
	"strings"

	"github.com/promptc/promptc/prov"
	"github.com/promptc/promptc/sources"
)

// ProjectNames are the names read in each walked directory, in order
// (CP-4).
var ProjectNames = []string{"AGENTS.md", "CLAUDE.md", "GEMINI.md"}

type loader struct {
	fsys sources.FS
	res  Result
	sent map[string]string // text -> the path that sent it (CP-8)
}

// Load lists what Copilot CLI sends for opts (CP-2..CP-9). The error
// result is only for a cancelled ctx.
func Load(ctx context.Context, fsys sources.FS, opts Options) (Result, error) {
	cwd := path.Clean(opts.Cwd)
	root := sources.ProjectRoot(fsys, cwd)
	l := &loader{fsys: fsys, sent: map[string]string{},
		res: Result{Blocks: []File{}, Inline: []File{}, Listed: []Listed{}, Root: root}}
	for d := cwd; ; d = path.Dir(d) {
		l.res.Dirs = append(l.res.Dirs, d)
		if d == root || d == "/" {
			break
		}
	}
	slices.Reverse(l.res.Dirs)
	// CP-3, CP-4: the user's file; the .github/copilot-instructions.md
	// of the git root and of the cwd, then their AGENTS.md, CLAUDE.md and
	// GEMINI.md; then each directory between, from the cwd's parent up:
	// its .github file, then its names (CP-5).
	if opts.Home != "" {
		l.block(path.Join(opts.Home, ".copilot", "copilot-instructions.md"))
	}
	ends := []string{root}
	if cwd != root {
		ends = append(ends, cwd)
	}
	for _, d := range ends {
		l.block(path.Join(d, ".github", "copilot-instructions.md"))
	}
	for _, d := range ends {
		l.names(d)
	}
	for i := len(l.res.Dirs) - 2; i > 0; i-- {
		l.block(path.Join(l.res.Dirs[i], ".github", "copilot-instructions.md"))
		l.names(l.res.Dirs[i])
	}
	if err := ctx.Err(); err != nil {
		return Result{}, err
	}
	// CP-6, CP-7: *.instructions.md of the user's dir, then of each
	// walked directory's .github/instructions.
	if opts.Home != "" {
		l.instructions(path.Join(opts.Home, ".copilot", "instructions"), "")
	}
	for _, d := range l.res.Dirs {
		l.instructions(path.Join(d, ".github", "instructions"), d)
	}
	return l.res, ctx.Err()
}

// names sends dir's AGENTS.md, CLAUDE.md and GEMINI.md (CP-4).
func (l *loader) names(dir string) {
	for _, n := range ProjectNames {
		if p, ok := l.named(dir, n); ok {
			l.block(p)
		}
	}
}

// named finds name in dir: the exact name, else the first entry that
// matches it case-insensitively (CP-4).
func (l *loader) named(dir, name string) (string, bool) {
	p := path.Join(dir, name)
	if fi, err := sources.Stat(l.fsys, p); err == nil && !fi.IsDir() {
		return p, true
	}
	entries, err := sources.ReadDir(l.fsys, dir)
	if err != nil {
		return "", false
	}
	for _, e := range entries {
		if strings.EqualFold(e.Name(), name) && !e.IsDir() {
			return path.Join(dir, e.Name()), true
		}
	}
	return "", false
}

// block sends p as a <custom_instruction> block when it is a readable
// file whose text was not sent yet; an empty file is sent too (CP-8,
// CP-9).
func (l *loader) block(p string) {
	text, ok := l.read(p)
	if !ok {
		return
	}
	if first, dup := l.sent[text]; dup {
		l.res.excluded = append(l.res.excluded, prov.Exclusion{Path: p, Reason: ReasonDuplicate, Detail: first})
		return
	}
	l.sent[text] = p
	l.res.Blocks = append(l.res.Blocks, File{Path: p, Content: text})
	l.res.origins = append(l.res.origins, prov.Origin{Path: p, Role: "context", Bytes: len(text)})
}

func (l *loader) read(p string) (string, bool) {
	fi, err := sources.Stat(l.fsys, p)
	if err != nil || fi.IsDir() {
		return "", false
	}
	b, err := sources.ReadFile(l.fsys, p)
	if err != nil {
		return "", false
	}
	return string(b), true
}

// inlined are the applyTo values whose file is sent at start (CP-6).
var inlined = map[string]bool{"": true, "**": true, "**/*": true}

// instructions inlines or lists the *.instructions.md files below dir,
// by path (CP-6, CP-7). rel is the directory the table's paths are
// relative to (the walked directory holding .github), "" for absolute
// paths.
func (l *loader) instructions(dir, rel string) {
	for _, p := range instructionFiles(l.fsys, dir) {
		text, ok := l.read(p)
		if !ok {
			continue
		}
		fm := frontMatter(text)
		apply := applyTo(fm["applyTo"])
		if inlined[apply] {
			l.res.Inline = append(l.res.Inline, File{Path: p, Content: text})
			l.res.origins = append(l.res.origins, prov.Origin{Path: p, Role: "context", Bytes: len(text)})
			continue
		}
		shown := p
		if rel != "" {
			shown = strings.TrimPrefix(p, rel+"/")
		}
		desc, _ := fm["description"].(string)
		l.res.Listed = append(l.res.Listed, Listed{Pattern: apply, Path: shown, Description: desc, abs: p})
		l.res.excluded = append(l.res.excluded, prov.Exclusion{Path: p, Reason: ReasonListed, Detail: "applyTo " + apply})
	}
}

// instructionFiles are the files named *.instructions.md at any depth
// below dir, sorted by path.
func instructionFiles(fsys sources.FS, dir string) []string {
	var out []string
	entries, err := sources.ReadDir(fsys, dir)
	if err != nil {
		return nil
	}
	for _, e := range entries {
		p := path.Join(dir, e.Name())
		if fi, err := sources.Stat(fsys, p); err == nil && fi.IsDir() {
			out = append(out, instructionFiles(fsys, p)...)
		} else if strings.HasSuffix(e.Name(), ".instructions.md") {
			out = append(out, p)
		}
	}
	slices.Sort(out)
	return out
}
