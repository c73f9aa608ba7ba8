package projecttrust

import (
	"context"
	"path"

	"github.com/promptc/promptc/sources"
)

// findMarkers lists the trust-requiring paths that exist (TRUST-4): the
// project markers under the cwd, then the ancestor markers in the cwd and
// each ancestor up to /, skipping those in realpath(home). Existence follows
// symlinks (Node's existsSync): a file or a directory counts, a broken link
// does not.
func findMarkers(ctx context.Context, fsys sources.FS, opts Options) ([]string, error) {
	var found []string
	cwd := path.Clean(opts.Cwd)
	for _, m := range opts.ProjectMarkers {
		if p := sources.Child(cwd, m); sources.Exists(fsys, p) {
			found = append(found, p)
		}
	}
	if len(opts.AncestorMarkers) == 0 {
		return found, nil
	}
	home := ""
	if opts.Home != "" {
		home = path.Clean(opts.Home)
		if real, err := sources.Realpath(fsys, home); err == nil {
			home = real
		}
	}
	for dir := cwd; ; dir = path.Dir(dir) {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		if dir != home {
			for _, m := range opts.AncestorMarkers {
				if p := sources.Child(dir, m); sources.Exists(fsys, p) {
					found = append(found, p)
				}
			}
		}
		if dir == "/" {
			return found, nil
		}
	}
}
