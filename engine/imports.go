package engine

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"slices"
	"strings"

	"github.com/promptc/promptc/internal/mdimport"
	"github.com/promptc/promptc/internal/port/js/nodeerr"
	"github.com/promptc/promptc/prov"
	"github.com/promptc/promptc/sources"
)

// MaxImportDepth is how deep @imports nest: a file imported by a file
// imported by ... the source's own file, five times, is the deepest read.
const MaxImportDepth = 5

// MaxImports bounds the import lines one source resolves in all, whether
// expanded or refused (a cycle, too deep, missing, ...), so that files
// importing each other many times over cannot make a build's work grow
// exponentially with the depth; past it, import lines stay as written,
// with one warning.
const MaxImports = 1000

// MaxImportBytes bounds the text imports add to one source's items in
// all: the sum of the sizes of the files expanded, each counted every
// time it is expanded. An import that would go past it is not expanded,
// nor is any import after it; its line stays, with one warning.
const MaxImportBytes = 4 << 20

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

// importer expands the @imports of one source's items. Each file is read
// and parsed once (files), however often it is imported; the work is
// bounded by MaxImports and MaxImportBytes, and the warnings by their
// distinct causes (importWarnings).
type importer struct {
	r       *run
	rs      *rootSet
	fsys    sources.FS
	origins []prov.Origin
	warns   importWarnings
	files   map[string]importedFile // absolute path -> its content, read once
	// count is the number of import lines resolved so far, bytes the
	// bytes expanded; over says the limit warning was given.
	count int
	bytes int
	over  bool
}

// importedFile is one file as read for importing: its text, its import
// lines, its size on disk, or the error reading it.
type importedFile struct {
	text string
	refs []mdimport.Ref
	size int
	err  error
}

// expand returns text (the content of file) with each import line (see
// package mdimport) replaced by the imported file's content, itself
// expanded, without its final newline. A relative path resolves against
// the importing file's directory. An import is refused with a warning, and
// its line kept, when it leaves the pipeline's roots (lexically or through
// a symbolic link; such a file is never read), closes a cycle, is deeper
// than MaxImportDepth, or is missing or unreadable; past MaxImports lines
// resolved or MaxImportBytes expanded, every import line stays as
// written. chain holds the importing files, outermost first, file last.
func (im *importer) expand(ctx context.Context, file, text string, chain []string) (string, error) {
	return im.expandRefs(ctx, file, text, mdimport.Find(text), chain)
}

// expandRefs is expand with text's import lines already found.
func (im *importer) expandRefs(ctx context.Context, file, text string, refs []mdimport.Ref, chain []string) (string, error) {
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
	if im.over {
		return "", false, nil
	}
	if im.count >= MaxImports {
		im.stop(file, ref, fmt.Sprintf("more than %d imports", MaxImports))
		return "", false, nil
	}
	im.count++
	via := func() string { return strings.Join(append(slices.Clone(chain), abs), " -> ") }
	if !im.within(abs) {
		im.warns.warnf(file, CodeImportOutside, ref, "%s: @%s is outside %s; not read", file, ref, im.describe())
		return "", false, nil
	}
	if slices.Contains(chain, abs) {
		im.warns.warnf(file, CodeImportCycle, ref, "%s: @%s closes an import cycle: %s", file, ref, via())
		return "", false, nil
	}
	if len(chain) > MaxImportDepth {
		im.warns.warnf(file, CodeImportDepth, ref, "%s: @%s is nested deeper than %d imports: %s", file, ref, MaxImportDepth, via())
		return "", false, nil
	}
	f := im.read(abs)
	switch {
	case errors.Is(f.err, fs.ErrNotExist):
		im.warns.warnf(file, CodeImportMissing, ref, "%s: @%s: no such file %s", file, ref, abs)
		return "", false, nil
	case f.err != nil:
		im.warns.warnf(file, CodeImportUnreadable, ref, "%s: @%s: %s", file, ref, nodeerr.Message(f.err, "open", abs))
		return "", false, nil
	}
	if im.bytes+len(f.text) > MaxImportBytes {
		im.stop(file, ref, fmt.Sprintf("imports add more than %d bytes", MaxImportBytes))
		return "", false, nil
	}
	im.bytes += len(f.text)
	im.origins = append(im.origins, prov.Origin{Path: abs, Role: "import", Bytes: f.size, Via: strings.Join(chain, " -> ")})
	out, err := im.expandRefs(ctx, abs, f.text, f.refs, append(slices.Clone(chain), abs))
	return out, err == nil, err
}

// stop ends the expansion at the import ref in file, for the reason
// given: this and every later import line stays as written.
func (im *importer) stop(file, ref, why string) {
	im.over = true
	im.warns.warnf(file, CodeImportLimit, ref, "%s: @%s: %s; the rest are not expanded", file, ref, why)
}

// read returns the file abs as imported (valid UTF-8, without its final
// newline, its import lines found), reading it on its first import only.
func (im *importer) read(abs string) importedFile {
	if f, ok := im.files[abs]; ok {
		return f
	}
	if im.files == nil {
		im.files = map[string]importedFile{}
	}
	var f importedFile
	data, err := sources.ReadFile(im.fsys, abs)
	if err != nil {
		f.err = err
	} else {
		f.size = len(data)
		f.text = strings.TrimSuffix(strings.ToValidUTF8(string(data), "\uFFFD"), "\n")
		f.refs = mdimport.Find(f.text)
	}
	im.files[abs] = f
	return f
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
