package piresources

import (
	"io/fs"
	"slices"
	"strings"

	"github.com/promptc/promptc/internal/port/js/gitignore"
	"github.com/promptc/promptc/internal/port/js/jsstr"
	"github.com/promptc/promptc/internal/port/js/nodeerr"
	"github.com/promptc/promptc/sources"
)

// entryKind follows a directory entry through symlinks (SKL-D7). ok is
// false for a broken link, which is recorded and skipped.
func (l *loader) entryKind(dir string, e fs.DirEntry) (isDir, isFile, ok bool) {
	if e.Type()&fs.ModeSymlink == 0 {
		return e.IsDir(), e.Type().IsRegular(), true
	}
	full := sources.Child(dir, e.Name())
	fi, err := sources.Stat(l.fsys, full)
	if err != nil {
		l.rec.exclude(full, ReasonBrokenLink, "")
		return false, false, false
	}
	return fi.IsDir(), fi.Mode().IsRegular(), true
}

// readDir lists dir; a failure is recorded and yields nothing (pi skips
// unreadable directories silently, SKL-V8).
func (l *loader) readDir(dir string) ([]fs.DirEntry, bool) {
	entries, err := sources.ReadDir(l.fsys, dir)
	if err != nil {
		l.guard.Unlisted(dir, err)
		l.rec.exclude(dir, ReasonUnreadableDir, nodeerr.Message(err, "scandir", dir))
		return nil, false
	}
	return entries, true
}

// addIgnoreRules adds the rules of dir's ignore files, prefixed with dir's
// path relative to root (pi's addIgnoreRules, SKL-D6). When the directory
// listing is at hand (listed), it tells which ignore files exist without a
// stat per name; symlinked entries are still followed.
func (l *loader) addIgnoreRules(ig *gitignore.Matcher, dir, root string, entries []fs.DirEntry, listed bool) {
	prefix := relative(root, dir)
	if prefix != "" {
		prefix += "/"
	}
	for _, name := range l.layout.IgnoreFiles {
		file := sources.Child(dir, name)
		if listed {
			e := findEntry(entries, name)
			if e == nil || (e.Type()&fs.ModeSymlink != 0 && !sources.Exists(l.fsys, file)) {
				continue
			}
		} else if !sources.Exists(l.fsys, file) {
			continue
		}
		b, err := sources.ReadFile(l.fsys, file)
		if err != nil {
			l.rec.exclude(file, ReasonUnreadable, nodeerr.Message(err, "open", file))
			continue
		}
		if ig.Add(gitignore.Lines(jsstr.DecodeUTF8(b), prefix)...) {
			l.rec.origin(file, "ignore", len(b))
		}
	}
}

// findEntry returns the entry called name; entries are sorted by name.
func findEntry(entries []fs.DirEntry, name string) fs.DirEntry {
	i, found := slices.BinarySearchFunc(entries, name, func(e fs.DirEntry, n string) int { return strings.Compare(e.Name(), n) })
	if !found {
		return nil
	}
	return entries[i]
}

// skipEntry applies the dot-name and SkipNames rules (SKL-D5).
func (l *loader) skipEntry(dir, name string) bool {
	switch {
	case strings.HasPrefix(name, "."):
		if !l.isIgnoreFile(name) {
			l.rec.exclude(sources.Child(dir, name), ReasonHidden, "")
		}
		return true
	case l.layout.skipped(name):
		l.rec.exclude(sources.Child(dir, name), ReasonSkipName, "")
		return true
	}
	return false
}

func (l *loader) isIgnoreFile(name string) bool {
	for _, f := range l.layout.IgnoreFiles {
		if f == name {
			return true
		}
	}
	return false
}

// ignored tests rel (with "/" appended for directories) and records a hit.
func (l *loader) ignored(ig *gitignore.Matcher, full, rel string, isDir bool) bool {
	if isDir {
		rel += "/"
	}
	hit, rule := ig.Match(rel)
	if hit {
		l.rec.exclude(full, ReasonIgnored, rule)
	}
	return hit
}

// skillFiles walks a skills directory like pi's collectSkillEntries: a
// non-ignored SKILL.md is the only entry of its directory (SKL-D3);
// otherwise top-level markdown files count when rootFiles is set (pi mode,
// SKL-D4; agents mode leaves it unset, SKL-D9) and subdirectories are
// walked depth-first in name order. One ignore matcher serves the whole
// walk.
func (l *loader) skillFiles(dir string, rootFiles bool) ([]string, error) {
	if !sources.Exists(l.fsys, dir) {
		return nil, nil
	}
	var out []string
	err := l.skillDir(dir, true, dir, gitignore.New(), rootFiles, &out)
	return out, err
}

// skillDir walks dir; viaLink says it was reached through a link (or is
// the walk's root).
func (l *loader) skillDir(dir string, viaLink bool, root string, ig *gitignore.Matcher, rootFiles bool, out *[]string) error {
	d := sources.DirOf(dir)
	if err := l.ctx.Err(); err != nil {
		return err
	}
	enter, leave := l.guard.Enter(dir, viaLink)
	if !enter {
		return nil
	}
	defer leave()
	entries, ok := l.readDir(dir)
	l.addIgnoreRules(ig, dir, root, entries, ok)
	if !ok {
		return nil
	}
	l.guard.Listed(dir, len(entries), ig.Len())
	fulls := make([]string, len(entries)) // the entries' paths, made once
	for i, e := range entries {
		fulls[i] = d.Child(e.Name())
	}
	l.knowEntries(dir, entries, fulls)
	for i, e := range entries {
		if e.Name() != l.layout.SkillFile {
			continue
		}
		full := fulls[i]
		// Failures here are recorded by the second loop, which sees the
		// entry again. An entry that is no link is what its type says.
		isFile := e.Type().IsRegular()
		if e.Type()&fs.ModeSymlink != 0 {
			fi, err := sources.Stat(l.fsys, full)
			isFile = err == nil && fi.Mode().IsRegular()
		}
		if !isFile || ig.Ignores(relative(root, full)) {
			continue
		}
		*out = append(*out, full)
		l.regular[full] = true
		l.found.Add(full)
		for j, s := range entries {
			if s.Name() != e.Name() && !strings.HasPrefix(s.Name(), ".") {
				l.rec.exclude(fulls[j], ReasonShadowed, full)
			}
		}
		return nil
	}
	l.listAhead(root, ig, entries, fulls)
	for i, e := range entries {
		name := e.Name()
		if l.skipEntry(dir, name) {
			continue
		}
		full := fulls[i]
		isDir, isFile, ok := l.entryKind(dir, e)
		if !ok || l.ignored(ig, full, relative(root, full), isDir) {
			continue
		}
		switch {
		case isDir:
			if err := l.skillDir(full, e.Type()&fs.ModeSymlink != 0, root, ig, false, out); err != nil {
				return err
			}
		case isFile && rootFiles && strings.HasSuffix(name, l.layout.MarkdownExt):
			*out = append(*out, full)
			l.regular[full] = true
			l.found.Add(full)
		case isFile:
			l.rec.exclude(full, ReasonNotResource, "")
		}
	}
	return nil
}

// listAhead lists ahead, in parallel, the subdirectories of a skills
// directory that its walk is about to enter: plain directories neither
// hidden, skipped nor ignored (sources.PrefetchDirs). The walk lists the
// same directories in the same order either way, and nothing pi would
// not.
func (l *loader) listAhead(root string, ig *gitignore.Matcher, entries []fs.DirEntry, fulls []string) {
	if len(entries) < sources.MinDirsAhead {
		return
	}
	var dirs []string
	for i, e := range entries {
		name := e.Name()
		if !e.IsDir() || strings.HasPrefix(name, ".") || l.layout.skipped(name) {
			continue
		}
		if hit, _ := ig.Match(relative(root, fulls[i]) + "/"); !hit {
			dirs = append(dirs, fulls[i])
		}
	}
	sources.PrefetchDirs(l.ctx, l.fsys, dirs)
}

// promptFiles walks a prompts directory. Auto-discovered directories are
// flat (recursive false, TPL-D2); settings directory entries and package
// prompts directories are walked recursively. Both skip hidden and
// SkipNames entries and honour ignore files.
func (l *loader) promptFiles(dir string, recursive bool) ([]string, error) {
	if !sources.Exists(l.fsys, dir) {
		return nil, nil
	}
	var out []string
	err := l.promptDir(dir, true, dir, gitignore.New(), recursive, &out)
	return out, err
}

// promptDir walks dir; viaLink as for skillDir.
func (l *loader) promptDir(dir string, viaLink bool, root string, ig *gitignore.Matcher, recursive bool, out *[]string) error {
	if err := l.ctx.Err(); err != nil {
		return err
	}
	enter, leave := l.guard.Enter(dir, viaLink)
	if !enter {
		return nil
	}
	defer leave()
	entries, ok := l.readDir(dir)
	l.addIgnoreRules(ig, dir, root, entries, ok)
	if !ok {
		return nil
	}
	l.guard.Listed(dir, len(entries), ig.Len())
	for _, e := range entries {
		name := e.Name()
		if l.skipEntry(dir, name) {
			continue
		}
		full := sources.Child(dir, name)
		isDir, isFile, ok := l.entryKind(dir, e)
		if !ok {
			continue
		}
		// pi's flat walk tests directories without the trailing "/".
		if l.ignored(ig, full, relative(root, full), isDir && recursive) {
			continue
		}
		switch {
		case isDir && recursive:
			if err := l.promptDir(full, e.Type()&fs.ModeSymlink != 0, root, ig, true, out); err != nil {
				return err
			}
		case isFile && strings.HasSuffix(name, l.layout.MarkdownExt):
			*out = append(*out, full)
		default:
			l.rec.exclude(full, ReasonNotResource, "")
		}
	}
	return nil
}

// cliTemplateFiles lists a --prompt-template directory like pi's
// loadTemplatesFromDir: flat, markdown files only, no hidden-name rule and
// no ignore files (TPL-D2, code-read).
func (l *loader) cliTemplateFiles(dir string) []string {
	entries, ok := l.readDir(dir)
	if !ok {
		return nil
	}
	var out []string
	for _, e := range entries {
		full := sources.Child(dir, e.Name())
		_, isFile, ok := l.entryKind(dir, e)
		if !ok {
			continue
		}
		if isFile && strings.HasSuffix(e.Name(), l.layout.MarkdownExt) {
			out = append(out, full)
		} else {
			l.rec.exclude(full, ReasonNotResource, "")
		}
	}
	return out
}

// knowEntries tells the loader's Resolver the realpaths of dir's entries
// (at the paths fulls) that are no links (dir's realpath joined with the
// name), so resolving the skill files found below costs no lstat per
// file: the listing just read shows their types.
func (l *loader) knowEntries(dir string, entries []fs.DirEntry, fulls []string) {
	real, err := l.resolver.Realpath(dir)
	if err != nil {
		return
	}
	r := sources.DirOf(real)
	for i, e := range entries {
		if e.Type()&fs.ModeSymlink != 0 {
			continue
		}
		if real == dir {
			l.resolver.Know(fulls[i], fulls[i])
		} else {
			l.resolver.Know(fulls[i], r.Child(e.Name()))
		}
	}
}
