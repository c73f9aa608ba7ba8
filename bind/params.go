package bind

import (
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/promptc/promptc/engine"
	"github.com/promptc/promptc/engine/spec"
	"github.com/promptc/promptc/internal/port/js/jsstr"
)

// Host is what the process setting the params knows.
type Host struct {
	// Getenv returns an environment variable ("" when unset).
	Getenv func(key string) string
	// Wd is the physical working directory: relative paths resolve
	// against it (host fact "wd"). When it cannot be known (it was
	// deleted), Wd is "" and WdErr says why; only what needs it fails.
	Wd    string
	WdErr error
	// Home is the user's home directory: "~" expands to it (host fact
	// "home").
	Home string
	// Today is the local date, YYYY-MM-DD (host fact "today").
	Today string
	// OS is the operating system as Go names it (host fact "os").
	OS string
	// FS reads text_or_file files and resolves physical paths; absolute
	// paths are given as fs.FS names without the leading "/". Nil turns
	// both off (text is kept as text, paths are not resolved).
	FS fs.FS
}

// ErrNoWd is what an error wraps when a binding needed the working
// directory and it could not be read.
var ErrNoWd = errors.New("the working directory cannot be read")

// Occurrence is one flag given on a command line, by its long name.
type Occurrence struct {
	Name  string
	Value string // "" for a flag without argument
}

// Params computes the params that occs (in command-line order), the
// environment and the host set, following each param's bindings, and then
// applies explicit: values given by name (--param, --params), which win
// over every binding. A param no binding applies to is absent, so its
// default applies.
func Params(plan *engine.Plan, occs []Occurrence, explicit map[string]any, host Host) (map[string]any, error) {
	out := map[string]any{}
	type pending struct {
		info engine.ParamInfo
		b    spec.BindSpec
		text []string
	}
	var late []pending // text_or_file values, read once every other param is known
	for _, p := range plan.Params() {
		if p.LockedBy != "" {
			for _, o := range occs {
				for _, b := range p.Bind {
					if b.Flag == o.Name {
						return nil, &engine.LockedParamError{Name: p.Name, LockedBy: p.LockedBy, Flag: o.Name}
					}
				}
			}
			continue // a locked param takes its default
		}
		v, b, text, ok, err := bound(p, occs, host)
		if err != nil {
			return nil, err
		}
		if !ok {
			continue
		}
		if b.TextOrFile {
			late = append(late, pending{p, b, text})
			continue
		}
		out[p.Name] = v
	}
	for k, v := range explicit {
		out[k] = v
	}
	for _, l := range late {
		if _, overridden := explicit[l.info.Name]; overridden {
			continue
		}
		base := host.Wd
		if l.b.RelativeTo != "" {
			if s, ok := out[l.b.RelativeTo].(string); ok && s != "" {
				base = s
			}
		}
		var items []string
		for _, t := range l.text {
			s, err := textOrFile(host, base, t)
			if err != nil {
				return nil, fmt.Errorf("--%s: %w", l.b.Flag, err)
			}
			items = append(items, s)
		}
		out[l.info.Name] = shape(l.info, items)
	}
	return out, nil
}

// bound finds the binding of p that applies, by precedence, and returns
// its value; for a text_or_file binding the texts are returned instead.
func bound(p engine.ParamInfo, occs []Occurrence, host Host) (v any, b spec.BindSpec, text []string, ok bool, err error) {
	// Flags: the last occurrence wins; an appending binding adds.
	for _, o := range occs {
		for _, fb := range p.Bind {
			if fb.Flag != o.Name {
				continue
			}
			if fb.Value != nil {
				v, b, text, ok = fb.Value, fb, nil, true
				continue
			}
			items := split(fb, o.Value)
			if fb.Repeat == "append" && ok && b.Flag == fb.Flag {
				text = append(text, items...)
			} else {
				text = items
			}
			b, ok = fb, true
		}
	}
	if !ok {
		for _, eb := range p.Bind {
			if eb.Env != "" && host.Getenv != nil {
				if s := host.Getenv(eb.Env); s != "" {
					b, text, ok = eb, split(eb, s), true
					break
				}
			}
		}
	}
	if !ok {
		for _, hb := range p.Bind {
			if hb.Host == "wd" && host.Wd == "" && host.WdErr != nil {
				return nil, hb, nil, false, fmt.Errorf("%w: %v (give --cwd an absolute path)", ErrNoWd, host.WdErr)
			}
			if s := hostFact(host, hb.Host); hb.Host != "" && s != "" {
				b, text, ok = hb, []string{s}, true
				break
			}
		}
	}
	if !ok {
		for _, cb := range p.Bind {
			if cb.Flag == "" && cb.Env == "" && cb.Host == "" && cb.Value != nil {
				v, b, ok = cb.Value, cb, true
				if s, isText := cb.Value.(string); isText && cb.Path != "" {
					v, text = nil, []string{s}
				}
				break
			}
		}
	}
	if !ok || text == nil {
		return v, b, nil, ok, nil
	}
	if b.Path != "" {
		for i, t := range text {
			if text[i], err = resolvePath(host, b.Path, t); err != nil {
				return nil, b, nil, false, err
			}
			if err := require(host, b, t, text[i]); err != nil {
				return nil, b, nil, false, err
			}
		}
	}
	if b.TextOrFile {
		return nil, b, text, true, nil
	}
	v, err = convert(p, b, text)
	return v, b, nil, true, err
}

// require checks a resolved path against the binding's require: "dir"
// wants an existing directory (a program cannot start in anything else).
// typed is the path as given, for the message.
func require(h Host, b spec.BindSpec, typed, resolved string) error {
	if b.Require == "" || h.FS == nil {
		return nil
	}
	name := "$" + b.Env
	if b.Flag != "" {
		name = "--" + b.Flag
	}
	fsName := strings.TrimPrefix(filepath.ToSlash(resolved), "/")
	if fsName == "" {
		fsName = "."
	}
	fi, err := fs.Stat(h.FS, fsName)
	switch {
	case err != nil && errors.Is(err, fs.ErrNotExist):
		return fmt.Errorf("%s %s: no such directory", name, typed)
	case err != nil:
		return fmt.Errorf("%s %s: %v", name, typed, err)
	case !fi.IsDir():
		return fmt.Errorf("%s %s: not a directory (give the directory to assemble the prompt for)", name, typed)
	}
	return nil
}

func hostFact(h Host, name string) string {
	switch name {
	case "wd":
		return h.Wd
	case "home":
		return h.Home
	case "today":
		return h.Today
	case "os":
		return h.OS
	}
	return ""
}

// split cuts a text the way pi splits --tools: at the separator, each item
// trimmed of white space, empty items dropped. Without a separator the
// text is one item.
func split(b spec.BindSpec, s string) []string {
	if b.Split == "" {
		return []string{s}
	}
	out := []string{}
	for _, part := range strings.Split(s, b.Split) {
		if t := jsstr.Trim(part); t != "" {
			out = append(out, t)
		}
	}
	return out
}

// convert turns the texts of a binding into a value of p's type.
func convert(p engine.ParamInfo, b spec.BindSpec, text []string) (any, error) {
	name := "$" + b.Env
	if b.Flag != "" {
		name = "--" + b.Flag
	}
	switch p.Type {
	case "list":
		return text, nil
	case "bool":
		v, err := strconv.ParseBool(last(text))
		if err != nil {
			return nil, fmt.Errorf("%s: want true or false, got %q", name, last(text))
		}
		return v, nil
	case "int":
		v, err := strconv.Atoi(last(text))
		if err != nil {
			return nil, fmt.Errorf("%s: want an integer, got %q", name, last(text))
		}
		return v, nil
	}
	return last(text), nil
}

func shape(p engine.ParamInfo, items []string) any {
	if p.Type == "list" {
		return items
	}
	return last(items)
}

func last(s []string) string {
	if len(s) == 0 {
		return ""
	}
	return s[len(s)-1]
}

// resolvePath expands "~" and "~/..." to the home directory and makes the
// path absolute against the working directory (Node's path.resolve); with
// mode "physical" it also resolves symlinks when the path exists.
func resolvePath(h Host, mode, p string) (string, error) {
	switch {
	case p == "~":
		p = h.Home
	case strings.HasPrefix(p, "~/"):
		p = filepath.Join(h.Home, p[2:])
	}
	if !filepath.IsAbs(p) {
		if h.Wd == "" && h.WdErr != nil {
			return "", fmt.Errorf("%s is relative, and %w: %v", p, ErrNoWd, h.WdErr)
		}
		p = filepath.Join(h.Wd, p)
	}
	p = filepath.Clean(p)
	if mode == "physical" && h.FS != nil {
		if real, err := realpath(h.FS, p); err == nil {
			return real, nil
		}
	}
	return p, nil
}

// textOrFile returns the content of the file text names (relative to
// base) when it is an existing regular file, else text itself.
func textOrFile(h Host, base, text string) (string, error) {
	if h.FS == nil || text == "" {
		return text, nil
	}
	p := text
	if !filepath.IsAbs(p) {
		p = filepath.Join(base, p)
	}
	name := strings.TrimPrefix(filepath.ToSlash(filepath.Clean(p)), "/")
	if name == "" {
		name = "."
	}
	fi, err := fs.Stat(h.FS, name)
	if err != nil || !fi.Mode().IsRegular() {
		return text, nil
	}
	b, err := fs.ReadFile(h.FS, name)
	if err != nil {
		return "", err
	}
	return string(b), nil
}
