package claudemd

import (
	"path"
	"strings"

	"github.com/promptc/promptc/sources"
)

// agentsNames are the AGENTS.md names tried in every directory of the
// walk, in this order (CC-24).
var agentsNames = []string{"AGENTS.md", ".claude/AGENTS.md"}

// claudeNames are the names whose presence on the walk makes a Claude
// project, which reads no AGENTS.md (CC-24).
var claudeNames = []string{"CLAUDE.md", ".claude/CLAUDE.md", "CLAUDE.local.md"}

// ReasonClaudeProject: an AGENTS.md on the walk of a Claude project, not
// read (CC-24); Detail names the CLAUDE-named file that makes it one.
const ReasonClaudeProject = "a CLAUDE.md is on the walk"

// ReasonSameText: an AGENTS.md (or its import) whose trimmed text is that
// of a project or local file already listed (CC-24).
const ReasonSameText = "same text as a listed project file"

// addAgentsMD adds the AGENTS.md fallback of CC-24 to l.res.Files. dirs
// are the walked directories, outermost first, without those of the main
// checkout around a nested linked worktree (CC-23).
//
// Contract: nothing is added when the walk is a Claude project — a
// CLAUDE.md, .claude/CLAUDE.md or CLAUDE.local.md with text in it lies in
// the cwd or one of its ancestors, whether or not it was listed (local
// files count even when --setting-sources leaves local out). Otherwise
// AGENTS.md then .claude/AGENTS.md of every directory, outermost first,
// each processed and followed by its imports like a project file, are
// loaded with their own once-only set (in which the user CLAUDE.md counts
// as loaded). A loaded file is dropped when its path is already listed or
// its text is that of a listed project or local file. The files of one
// directory go, as a block, before the first listed project or local
// file whose top-level file lies below that directory, else right after
// the last listed project or local file, else at the end.
func (l *loader) addAgentsMD(dirs []string) {
	cwd := path.Clean(l.opts.Cwd)
	if by := l.claudeProject(dirs, cwd); by != "" {
		for _, d := range dirs {
			for _, n := range agentsNames {
				if p := sources.Child(d, n); !l.seen[p] && sources.IsFile(l.fsys, p) {
					l.exclude(p, ReasonClaudeProject, by)
				}
			}
		}
		return
	}
	a := l.sub()
	for _, d := range dirs {
		for _, n := range agentsNames {
			a.add(sources.Child(d, n), TypeProject, 0, "")
		}
	}
	l.res.excluded = append(l.res.excluded, a.res.excluded...)
	l.diags = append(l.diags, a.diags...)

	listed := map[string]bool{}
	texts := map[string]bool{}
	for _, f := range l.res.Files {
		listed[f.Path] = true
		if f.Type != TypeUser {
			texts[f.Text] = true
		}
	}
	type block struct {
		dir   string
		files []File
	}
	var blocks []block
	top := ""
	for _, f := range a.res.Files {
		if f.Depth == 0 {
			top = f.Path
		}
		switch {
		case listed[f.Path]:
			l.exclude(f.Path, ReasonDuplicate, "")
			continue
		case texts[f.Text]:
			l.exclude(f.Path, ReasonSameText, "")
			continue
		}
		listed[f.Path] = true
		f.top = top
		d := ownerDir(top)
		if len(blocks) == 0 || blocks[len(blocks)-1].dir != d {
			blocks = append(blocks, block{dir: d})
		}
		blocks[len(blocks)-1].files = append(blocks[len(blocks)-1].files, f)
	}
	for _, b := range blocks {
		i := l.insertAt(b.dir)
		l.res.Files = append(l.res.Files[:i], append(append([]File(nil), b.files...), l.res.Files[i:]...)...)
	}
	for _, f := range a.res.Files {
		if listed[f.Path] {
			for _, o := range a.res.origins {
				if o.Path == f.Path {
					l.res.origins = append(l.res.origins, o)
					break
				}
			}
		}
	}
}

// claudeProject returns the CLAUDE-named file with text that lies in the
// cwd or an ancestor (CC-24), or "": one listed as a top-level project or
// local file, or one that a project-type load of the walk's claudeNames
// finds.
func (l *loader) claudeProject(dirs []string, cwd string) string {
	for _, f := range l.res.Files {
		if f.Depth != 0 || f.Type == TypeUser || !(strings.HasSuffix(f.Path, "/CLAUDE.md") || strings.HasSuffix(f.Path, "/CLAUDE.local.md")) {
			continue
		}
		if d := ownerDir(f.Path); inside(cwd, d) {
			return f.Path
		}
	}
	probe := l.sub()
	for _, d := range dirs {
		for _, n := range claudeNames {
			probe.add(sources.Child(d, n), TypeProject, 0, "")
			if len(probe.res.Files) > 0 {
				return probe.res.Files[0].Path
			}
		}
	}
	return ""
}

// sub is a loader with l's settings and its own once-only set, in which
// the user CLAUDE.md counts as loaded (CC-24).
func (l *loader) sub() *loader {
	s := &loader{ctx: l.ctx, fsys: l.fsys, opts: l.opts, approved: l.approved, excludes: l.excludes, seen: map[string]bool{}}
	if l.opts.ConfigDir != "" {
		s.seen[sources.Child(l.opts.ConfigDir, "CLAUDE.md")] = true
	}
	return s
}

// insertAt is where the AGENTS.md block of directory d goes in the
// listed files (CC-24).
func (l *loader) insertAt(d string) int {
	last := -1
	byPath := map[string]File{}
	for _, f := range l.res.Files {
		byPath[f.Path] = f
	}
	for i, f := range l.res.Files {
		if f.Type == TypeUser {
			continue
		}
		if od := ownerDir(topOf(f, byPath)); od != d && inside(od, d) {
			return i
		}
		last = i
	}
	if last >= 0 {
		return last + 1
	}
	return len(l.res.Files)
}

// topOf is the top-level file f was loaded for: its block's top for an
// AGENTS.md file, else the end of its importer chain.
func topOf(f File, byPath map[string]File) string {
	if f.top != "" {
		return f.top
	}
	seen := map[string]bool{f.Path: true}
	p := f.Path
	for f.ImportedBy != "" && !seen[f.ImportedBy] {
		p = f.ImportedBy
		seen[p] = true
		next, ok := byPath[p]
		if !ok {
			break
		}
		f = next
	}
	return p
}

// ownerDir is the directory a top-level file belongs to: the part before
// its last "/.claude/", else its parent directory.
func ownerDir(p string) string {
	if i := strings.LastIndex(p, "/.claude/"); i >= 0 {
		if i == 0 {
			return "/"
		}
		return p[:i]
	}
	return path.Dir(p)
}
