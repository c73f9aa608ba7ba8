package projecttrust

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"strings"

	"github.com/promptc/promptc/internal/port/js/jsjson"
	"github.com/promptc/promptc/internal/port/js/jsstr"
	"github.com/promptc/promptc/internal/port/js/nodeerr"
	"github.com/promptc/promptc/prov"
	"github.com/promptc/promptc/sources"
)

// StoreError reports a trust store that exists but cannot be read or is not
// valid JSON. Its message is pi's:
// "Failed to read trust store <path>: <error>".
type StoreError struct {
	Path string
	// Detail is the read error in Node's wording or the JSON syntax error.
	Detail string
	Err    error
}

func (e *StoreError) Error() string {
	return fmt.Sprintf("Failed to read trust store %s: %s", e.Path, e.Detail)
}

func (e *StoreError) Unwrap() error { return e.Err }

// lookupStore applies the trust store (TRUST-5): from realpath(cwd) upward,
// the nearest entry that is true or false decides; null and other values
// are passed over. A missing store decides nothing. A store that is valid
// JSON but not an object has no entries.
func lookupStore(ctx context.Context, fsys sources.FS, opts Options, res *Result) (bool, error) {
	b, err := sources.ReadFile(fsys, opts.StoreFile)
	if errors.Is(err, fs.ErrNotExist) {
		return false, nil
	}
	if err != nil {
		return false, &StoreError{Path: opts.StoreFile, Detail: nodeError(err, opts.StoreFile), Err: err}
	}
	data, err := jsjson.Parse(opts.text(b))
	if err != nil {
		return false, &StoreError{Path: opts.StoreFile, Detail: err.Error(), Err: err}
	}
	res.Origins = append(res.Origins, prov.Origin{Path: opts.StoreFile, Role: "trust-store", Bytes: len(b)})
	entries, _ := data.(map[string]any)
	dir := path.Clean(opts.Cwd)
	if real, err := sources.Realpath(fsys, dir); err == nil {
		dir = real
	}
	for {
		if err := ctx.Err(); err != nil {
			return false, err
		}
		if v, ok := entries[dir].(bool); ok {
			res.Trusted = v
			res.Reason = fmt.Sprintf("%s: %s = %t", path.Base(opts.StoreFile), dir, v)
			return true, nil
		}
		if dir == "/" {
			return false, nil
		}
		dir = path.Dir(dir)
	}
}

// readDefault applies the default setting (TRUST-6). The settings file is
// optional; one that cannot be read or parsed, or is not a JSON object,
// counts as {}.
func readDefault(fsys sources.FS, opts Options, res *Result) bool {
	b, err := sources.ReadFile(fsys, opts.SettingsFile)
	if err != nil {
		return false
	}
	data, err := jsjson.Parse(opts.text(b))
	if err != nil {
		return false
	}
	settings, ok := data.(map[string]any)
	if !ok {
		return false
	}
	res.Origins = append(res.Origins, prov.Origin{Path: opts.SettingsFile, Role: "settings", Bytes: len(b)})
	switch v, _ := settings[opts.DefaultKey].(string); v {
	case "always":
		res.Trusted, res.Reason = true, opts.DefaultKey+": always"
		return true
	case "never":
		res.Trusted, res.Reason = false, opts.DefaultKey+": never"
		return true
	}
	return false
}

// nodeError renders a failed read of abs as Node's error message does.
func nodeError(err error, abs string) string {
	var pe *fs.PathError
	if errors.As(err, &pe) && pe.Op == "read" {
		return strings.TrimSuffix(nodeerr.Message(err, "read", ""), " ''")
	}
	return nodeerr.Message(err, "open", abs)
}

// text decodes a store or settings file, without its byte order mark
// when StripBOM is set.
func (o Options) text(b []byte) string {
	if o.StripBOM {
		return strings.TrimPrefix(jsstr.DecodeUTF8(b), "\uFEFF")
	}
	return jsstr.DecodeUTF8(b)
}
