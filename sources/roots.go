package sources

import (
	"fmt"
	"path"
	"strings"
)

// OutsideRootsError is why a confined source may not read a file: it is
// reached through a symbolic link that leads outside every root of the
// pipeline (engine RootsSpec).
type OutsideRootsError struct {
	Path, Real string
}

func (e *OutsideRootsError) Error() string {
	return fmt.Sprintf("refused: %s is a link to %s, outside the project", e.Path, e.Real)
}

// Within reports whether the absolute path p is dir or below it.
func Within(p, dir string) bool {
	return p == dir || dir == "/" || strings.HasPrefix(p, dir+"/")
}

// ProjectRoot is the nearest ancestor of dir (dir included) that holds a
// .git entry, else dir itself.
func ProjectRoot(fsys FS, dir string) string {
	dir = path.Clean(dir)
	for d := dir; ; d = path.Dir(d) {
		if _, err := Lstat(fsys, path.Join(d, ".git")); err == nil {
			return d
		}
		if d == "/" {
			return dir
		}
	}
}
