package engine

import (
	"context"
	"errors"
	"io/fs"
	"path"
	"slices"
	"strings"

	"github.com/promptc/promptc/diag"
	"github.com/promptc/promptc/internal/mdimport"
	"github.com/promptc/promptc/prov"
	"github.com/promptc/promptc/sources"
)

// MaxImportDepth is how deep @imports nest: a file imported by a file
// imported by ... the source's own file, five times, is the deepest read.
const MaxImportDepth = 5

// MaxImports bounds the imports one source expands in all, so that files
// importing each other many times over cannot make a build's work grow
// exponentially with the depth; past it, import lines stay as written,
// with one warning.
const MaxImports = 1000

// Import diagnostic codes. Each is a warning; the import line stays in
// the text as written.
const (
	CodeImportOutside    = "import/outside-roots"
	CodeImportCycle      = "import/cycle"
	CodeImportDepth      = "import/depth"
	CodeImportMissing    = "import/missing"
	CodeImportUnreadable = "import/unreadable"
	CodeImportLimit      = "import/limit"
)

// importer expands the @imports of one source's items.
type importer struct {
	r       *run
	rs      *rootSet
	fsys    sources.FS
	origins []prov.Origin
	diags   diag.List
	// count is the number of imports expanded so far; over says the
	// MaxImports warning was given.
	count int
	over  bool
}

// expand returns text (the content of file) with each import line (see
// package mdimport) replaced by the imported file's content, itself
// expanded, without its final newline. A relative path resolves against
// the importing file's directory. An import is refused with a warning, and
// its line kept, when it leaves the pipeline's roots (lexically or through
// a symbolic link; such a file is never read), closes a cycle, is deeper
// than MaxImportDepth, or is missing or unreadable. chain holds the
// importing files, outermost first, file last.
func (im *importer) expand(ctx context.Context, file, text string, chain []string) (string, error) {
	refs := mdimport.Find(text)
	if len(refs) == 0 {
		return text, nil
	}
	var b strings.Builder
	last := 0
	for _, ref := range refs {
		if err := ctx.Err(); err != nil {
			return "", err
		}
		b.WriteString(text[last:ref.Start])
		last = ref.End
		got, ok, err := im.one(ctx, file, ref.Path, chain)
		if err != nil {
			return "", err
		}
		if !ok {
			b.WriteString(text[ref.Start:ref.End])
			continue
		}
		b.WriteString(got)
	}
	b.WriteString(text[last:])
	return b.String(), nil
}

func (im *importer) one(ctx context.Context, file, ref string, chain []string) (string, bool, error) {
	abs := ref
	if !path.IsAbs(abs) {
		abs = path.Join(path.Dir(file), abs)
	}
	abs = path.Clean(abs)
	if im.count >= MaxImports {
		if !im.over {
			im.over = true
			im.diags.Warnf(file, CodeImportLimit, "%s: @%s: more than %d imports; the rest are not expanded", file, ref, MaxImports)
		}
		return "", false, nil
	}
	via := strings.Join(append(slices.Clone(chain), abs), " -> ")
	if !im.within(abs) {
		im.diags.Warnf(file, CodeImportOutside, "%s: @%s is outside %s; not read", file, ref, im.describe())
		return "", false, nil
	}
	if slices.Contains(chain, abs) {
		im.diags.Warnf(file, CodeImportCycle, "%s: @%s closes an import cycle: %s", file, ref, via)
		return "", false, nil
	}
	if len(chain) > MaxImportDepth {
		im.diags.Warnf(file, CodeImportDepth, "%s: @%s is nested deeper than %d imports: %s", file, ref, MaxImportDepth, via)
		return "", false, nil
	}
	data, err := sources.ReadFile(im.fsys, abs)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		im.diags.Warnf(file, CodeImportMissing, "%s: @%s: no such file %s", file, ref, abs)
		return "", false, nil
	case err != nil:
		im.diags.Warnf(file, CodeImportUnreadable, "%s: @%s: %s", file, ref, sources.NodeError(err, "open", abs))
		return "", false, nil
	}
	im.count++
	im.origins = append(im.origins, prov.Origin{Path: abs, Role: "import", Bytes: len(data), Via: strings.Join(chain, " -> ")})
	content := strings.TrimSuffix(strings.ToValidUTF8(string(data), "\uFFFD"), "\n")
	out, err := im.expand(ctx, abs, content, append(slices.Clone(chain), abs))
	return out, err == nil, err
}

// within reports whether abs, and the file it resolves to through
// symbolic links, lie inside one of the roots.
func (im *importer) within(abs string) bool {
	if im.rs == nil || len(im.rs.all) == 0 {
		return false
	}
	inside := func(p string) bool {
		for _, root := range im.rs.all {
			if sources.Within(p, root) {
				return true
			}
		}
		return false
	}
	if !inside(abs) && !inside(im.rs.real(path.Dir(abs))) {
		return false
	}
	real, err := im.rs.res.Realpath(abs)
	if err != nil {
		return true // missing: reported as missing, nothing to read
	}
	return inside(real)
}

func (im *importer) describe() string {
	if im.rs == nil || len(im.rs.all) == 0 {
		return "the pipeline's roots (none resolved)"
	}
	return im.rs.describe()
}
