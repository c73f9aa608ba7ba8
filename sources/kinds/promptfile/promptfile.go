// Package promptfile resolves a prompt text that comes either from CLI flag
// values or from a discovered file: pi's SYSTEM.md / --system-prompt and
// APPEND_SYSTEM.md / --append-system-prompt (pi 0.83.0 §5, SYS-1..SYS-11,
//
//
// Contract:
//   - When the flag was given at all, discovery is off (SYS-4, SYS-8). Each
//     non-empty value is a path if it exists (relative values against Cwd,
//     symlinks followed, directories included) and literal text otherwise;
//     empty values are dropped (SYS-7, X-8).
//   - Otherwise the first candidate that exists is the only file used (SYS-1
//     to SYS-3); which candidates are allowed (project trust) is the
//     caller's decision.
//   - File text is WHATWG-decoded and never trimmed (SYS-9, SYS-10, X-15).
//     An empty text means "nothing"; the file is still a source.
//   - A path that exists but cannot be read is a warning in pi's wording and
//     its path string becomes the text (SYS-11).
//
// All file access goes through a vfs.FS.
package promptfile

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"strings"

	"github.com/promptc/promptc/diag"
	"github.com/promptc/promptc/internal/port/js/jsstr"
	"github.com/promptc/promptc/internal/port/js/nodeerr"
	"github.com/promptc/promptc/prov"
	"github.com/promptc/promptc/sources"
)

// FlagText marks, in Result.Sources and prov.Origin.Path, a segment that is
// a flag value used as literal text rather than a file.
const FlagText = "(flag text)"

// CodeUnreadable is the diagnostic code of the SYS-11 warning.
const CodeUnreadable = "promptfile/unreadable"

// Exclusion reasons recorded in Result.Excluded.
const (
	// ReasonShadowed: a discovery candidate after the one that exists;
	// Detail names the winner.
	ReasonShadowed = "shadowed by an earlier candidate"
	// ReasonOverridden: a discovery candidate that exists while the flag
	// was given.
	ReasonOverridden = "discovery disabled by the flag"
	// ReasonEmptyValue: an empty flag value, dropped (SYS-7).
	ReasonEmptyValue = "empty flag value dropped"
	// ReasonUnreadable: the file exists but could not be read; its path
	// string was used as the text (SYS-11). Detail holds the error.
	ReasonUnreadable = "unreadable, path used as text"
)

// Options configures Load.
type Options struct {
	// Cwd is the absolute directory relative flag values resolve against.
	Cwd string `koanf:"cwd"`
	// Given reports that the flag was given at all, even with only empty
	// values; it disables discovery.
	Given bool `koanf:"given"`
	// Values are the flag values in order.
	Values []string `koanf:"values"`
	// Candidates are absolute discovery paths in priority order; the first
	// that exists wins. pi: cwd/.pi/<NAME> when the project is trusted,
	// then agentDir/<NAME>.
	Candidates []string `koanf:"candidates"`
	// Label names the prompt in the SYS-11 warning: "system prompt" or
	// "append system prompt".
	Label string `koanf:"label"`
	// Join separates the segments of several flag values; pi: "\n\n".
	Join string `koanf:"join"`
	// StripBOM drops a leading byte order mark (U+FEFF) from a file's
	// text (pi 1.x); pi 0.83.0 keeps it.
	StripBOM bool `koanf:"strip_bom"`
}

// Result is the resolved prompt text and where it came from.
type Result struct {
	// Text is the joined text; "" means no custom text (SYS-9).
	Text string `json:"text"`
	// Sources are the absolute file paths used, in order, with FlagText
	// for literal flag values.
	Sources []string `json:"sources"`
	// Diags holds the SYS-11 warnings.
	Diags diag.List `json:"-"`
	// Origins records every segment read from a file (by path) or taken
	// literally from a flag (as FlagText); Role is the Label. A file that
	// could not be read is in Sources and Excluded instead.
	Origins []prov.Origin `json:"-"`
	// Excluded lists candidates and values that were not used.
	Excluded []prov.Exclusion `json:"-"`
	// FromFlag reports that the flag was given: Text comes from flag
	// values and the candidates were not looked at.
	FromFlag bool `json:"from_flag"`
}

// Load resolves opts. The error result is only for invalid options and a
// cancelled ctx; unreadable files are warnings.
func Load(ctx context.Context, fsys sources.FS, opts Options) (Result, error) {
	if err := ctx.Err(); err != nil {
		return Result{}, err
	}
	for _, c := range opts.Candidates {
		if c == "" || c[0] != '/' {
			return Result{}, fmt.Errorf("promptfile: candidate %q is not an absolute path", c)
		}
	}
	var res Result
	if opts.Given {
		res.FromFlag = true
		var segments []string
		for _, v := range opts.Values {
			if err := ctx.Err(); err != nil {
				return Result{}, err
			}
			if v == "" {
				res.Excluded = append(res.Excluded, prov.Exclusion{Path: FlagText, Reason: ReasonEmptyValue})
				continue
			}
			if v[0] != '/' && (opts.Cwd == "" || opts.Cwd[0] != '/') {
				return Result{}, fmt.Errorf("promptfile: cwd %q is not an absolute path", opts.Cwd)
			}
			p := resolve(opts.Cwd, v)
			if !sources.Exists(fsys, p) {
				segments = append(segments, v)
				res.Sources = append(res.Sources, FlagText)
				res.Origins = append(res.Origins, prov.Origin{Path: FlagText, Role: opts.Label, Bytes: len(v)})
				continue
			}
			// pi reads the value as given, relative to its cwd: warnings
			// and the SYS-11 fallback text name it that way.
			segments = append(segments, res.readFile(fsys, p, v, opts))
		}
		for _, c := range opts.Candidates {
			if sources.Exists(fsys, c) {
				res.Excluded = append(res.Excluded, prov.Exclusion{Path: c, Reason: ReasonOverridden})
			}
		}
		res.Text = strings.Join(segments, opts.Join)
		return res, nil
	}
	winner := ""
	for _, c := range opts.Candidates {
		if !sources.Exists(fsys, c) {
			continue
		}
		if winner != "" {
			res.Excluded = append(res.Excluded, prov.Exclusion{Path: c, Reason: ReasonShadowed, Detail: winner})
			continue
		}
		winner = c
		res.Text = res.readFile(fsys, c, c, opts)
	}
	return res, nil
}

// readFile reads the existing path p and returns its text, or the name
// pi used for it (shown: the flag value as given, or the discovered path)
// with a warning when it cannot be read (SYS-11). p becomes a source
// either way.
func (r *Result) readFile(fsys sources.FS, p, shown string, opts Options) string {
	label := opts.Label
	r.Sources = append(r.Sources, p)
	b, err := sources.ReadFile(fsys, p)
	if err != nil {
		msg := nodeErrorText(err, shown)
		r.Diags.Warnf(p, CodeUnreadable, "Warning: Could not read %s file %s: %s", label, shown, msg)
		r.Excluded = append(r.Excluded, prov.Exclusion{Path: p, Reason: ReasonUnreadable, Detail: msg})
		return shown
	}
	r.Origins = append(r.Origins, prov.Origin{Path: p, Role: label, Bytes: len(b)})
	if opts.StripBOM {
		return strings.TrimPrefix(jsstr.DecodeUTF8(b), "\uFEFF")
	}
	return jsstr.DecodeUTF8(b)
}

// resolve is Node's path.resolve(cwd, v).
func resolve(cwd, v string) string {
	if strings.HasPrefix(v, "/") {
		return path.Clean(v)
	}
	return path.Join(cwd, v)
}

// nodeErrorText renders a failed readFileSync the way Node's String(error)
// does: "Error: EACCES: permission denied, open '/a'" for a failed open and
// "Error: EISDIR: illegal operation on a directory, read" (no path) for a
// failed read.
func nodeErrorText(err error, abs string) string {
	var pe *fs.PathError
	if errors.As(err, &pe) && pe.Op == "read" {
		return "Error: " + strings.TrimSuffix(nodeerr.Message(err, "read", ""), " ''")
	}
	return "Error: " + nodeerr.Message(err, "open", abs)
}
