package contextfiles

import "github.com/promptc/promptc/sources"

var (
	_ sources.ContextFileLister = Result{}
	_ sources.WalkReporter      = Result{}
)

// Walk reports the global dir and the ancestors looked at, and the
// candidate names.
func (r Result) Walk() sources.Walk {
	return sources.Walk{Dirs: append([]string(nil), r.walk.Dirs...), Names: append([]string(nil), r.walk.Names...)}
}

// ContextFiles lists the loaded files in prompt order with their size on
// disk.
func (r Result) ContextFiles() []sources.ContextFile {
	out := make([]sources.ContextFile, 0, len(r.Files))
	for i, f := range r.Files {
		size := len(f.Content)
		if i < len(r.Origins) && r.Origins[i].Path == f.Path {
			size = r.Origins[i].Bytes
		}
		out = append(out, sources.ContextFile{Path: f.Path, Content: f.Content, Bytes: size})
	}
	return out
}
