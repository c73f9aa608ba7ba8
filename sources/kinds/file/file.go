// Package file is the file source kind: the text of one file, for a
// company policy, a team's rules or any text a pipeline wants verbatim.
// It is also the smallest example of a kind: options, a value type with a
// role, and a constructor.
package file

import (
	"context"
	"errors"
	"io/fs"
	"path"

	"github.com/promptc/promptc/diag"
	"github.com/promptc/promptc/internal/port/js/jsstr"
	"github.com/promptc/promptc/internal/port/js/nodeerr"
	"github.com/promptc/promptc/prov"
	"github.com/promptc/promptc/sources"
)

// Name is the kind's name in pipelines.
const Name = "file"

// Diagnostic codes.
const (
	CodeMissing    = "file/missing"
	CodeUnreadable = "file/unreadable"
)

// Options configures a file source.
type Options struct {
	// Path is the file, absolute or relative to Base.
	Path string `koanf:"path"`
	// Base is the absolute directory a relative Path resolves against.
	Base string `koanf:"base"`
	// Optional makes a missing file silent; otherwise it is a warning.
	// Either way the value is empty and Exists is false.
	Optional bool `koanf:"optional"`
	// Role is the provenance role of the file ("file" if empty).
	Role string `koanf:"role"`
}

var _ sources.OptionChecker = Options{}

// CheckOptions requires a path, and an absolute base for a relative one.
func (o Options) CheckOptions(pending func(string) bool) error {
	switch {
	case pending("path"):
		return nil
	case o.Path == "":
		return errors.New("file: path is empty")
	case !path.IsAbs(o.Path) && !pending("base") && !path.IsAbs(o.Base):
		return errors.New("file: a relative path needs an absolute base")
	}
	return nil
}

// Value is the file's text.
type Value struct {
	// Path is the absolute path that was read (or looked for).
	Path string `json:"path"`
	// Exists reports that the file was found and read.
	Exists bool `json:"exists"`
	// Content is the text, decoded as UTF-8 (invalid bytes become U+FFFD)
	// and otherwise verbatim.
	Content string `json:"content"`
	size    int    // bytes on disk
}

var _ sources.ContextFileLister = Value{}

// ContextFiles lists the file, when it was read.
func (v Value) ContextFiles() []sources.ContextFile {
	if !v.Exists {
		return []sources.ContextFile{}
	}
	return []sources.ContextFile{{Path: v.Path, Content: v.Content, Bytes: v.size}}
}

// New returns the file kind.
func New() sources.Kind {
	return sources.Func[Options, Value]{
		KindName: Name,
		Summary:  "the text of one file (absolute, or relative to base)",
		Run:      load,
	}
}

func load(ctx context.Context, env sources.Env, o *Options) (Value, sources.Output, error) {
	if err := ctx.Err(); err != nil {
		return Value{}, sources.Output{}, err
	}
	if err := o.CheckOptions(func(string) bool { return false }); err != nil {
		return Value{}, sources.Output{}, err
	}
	p := o.Path
	if !path.IsAbs(p) {
		p = path.Join(o.Base, p)
	}
	p = path.Clean(p)
	v := Value{Path: p}
	var out sources.Output
	data, err := sources.ReadFile(env.FS, p)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		out.Excluded = append(out.Excluded, prov.Exclusion{Path: p, Reason: "missing"})
		if !o.Optional {
			out.Diags = append(out.Diags, diag.Diagnostic{Severity: diag.Warning, Code: CodeMissing, Path: p, Message: "file not found"})
		}
		return v, out, nil
	case err != nil:
		out.Excluded = append(out.Excluded, prov.Exclusion{Path: p, Reason: "unreadable", Detail: nodeerr.Message(err, "open", p)})
		out.Diags = append(out.Diags, diag.Diagnostic{Severity: diag.Warning, Code: CodeUnreadable, Path: p, Message: nodeerr.Message(err, "open", p)})
		return v, out, nil
	}
	v.Exists, v.Content, v.size = true, jsstr.DecodeUTF8(data), len(data)
	role := o.Role
	if role == "" {
		role = "file"
	}
	out.Origins = append(out.Origins, prov.Origin{Path: p, Role: role, Bytes: len(data)})
	return v, out, nil
}
