package opencodeinstr

import (
	"path"
	"slices"
	"strings"

	"github.com/promptc/promptc/sources"
)

// globTask is one directory the scanner lists, with the patterns (lists
// of path elements) still to match below it.
type globTask struct {
	dir      string
	patterns [][]string
}

// globOrder lists the files below dir that pattern matches, in the order
// opencode 1.18.33's scanner returns them (OC-6, cc-glob-order-* cases):
//
//   - Leading literal elements are joined to dir without listing; a
//     pattern made only of literals matches that one path if it is a file.
//   - Directories are listed breadth first: dir, then the directories
//     its listing led to, in the order they were met, then theirs.
//   - A directory's entries are taken in the reverse of the file
//     system's listing order (sources.ReadDirUnsorted); its matching
//     files come in that order, before anything found below it, and the
//     subdirectories to descend into are queued in that order. "**"
//     matches zero or more directories.
//   - Only files match (not directories); a file matched twice keeps its
//     first place.
func globOrder(fsys sources.FS, dir, pattern string) []string {
	var out []string
	seen := map[string]bool{}
	emit := func(p string) {
		if !seen[p] && sources.IsFile(fsys, p) {
			seen[p] = true
			out = append(out, p)
		}
	}
	var subs []globTask
	// sub queues p with the elements rest still to match below it, its
	// leading literal elements joined to it first.
	sub := func(p string, rest []string) {
		for len(rest) > 0 && !magic(rest[0]) {
			p, rest = path.Join(p, rest[0]), rest[1:]
		}
		for i := range subs {
			if subs[i].dir == p {
				subs[i].patterns = append(subs[i].patterns, rest)
				return
			}
		}
		subs = append(subs, globTask{dir: p, patterns: [][]string{rest}})
	}
	sub(dir, strings.Split(pattern, "/"))
	queue := subs
	for len(queue) > 0 {
		t := queue[0]
		queue, subs = queue[1:], nil
		var listed [][]string
		for _, pat := range t.patterns {
			if len(pat) == 0 {
				emit(t.dir) // a literal path
			} else {
				listed = append(listed, pat)
			}
		}
		if len(listed) == 0 {
			continue
		}
		entries, err := sources.ReadDirUnsorted(fsys, t.dir)
		if err != nil {
			continue
		}
		for _, en := range slices.Backward(entries) {
			name := en.Name()
			p := sources.Child(t.dir, name)
			isDir := sources.IsDir(fsys, p)
			for _, pat := range listed {
				if pat[0] == "**" {
					// "**" goes on into real directories (not links to
					// them) and also stands for no directory at all
					if en.IsDir() {
						sub(p, pat)
					}
					if len(pat) == 1 {
						if !isDir {
							emit(p)
						}
						continue
					}
					pat = pat[1:]
				}
				if ok, _ := path.Match(pat[0], name); !ok {
					continue
				}
				switch {
				case len(pat) == 1 && !isDir:
					emit(p)
				case len(pat) > 1 && isDir:
					sub(p, pat[1:])
				}
			}
		}
		queue = append(queue, subs...)
	}
	return out
}

// magic reports whether a pattern element needs a directory listing.
func magic(e string) bool { return strings.ContainsAny(e, "*?[") }
