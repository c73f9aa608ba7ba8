// Package projecttrust is the project_trust source kind: it decides whether a project is trusted, i.e. whether its
// project-local resources (settings, skills, prompts, SYSTEM.md, ...) may be
// loaded: pi 0.83.0 §7 (TRUST-1..TRUST-6, X-14, X-16), non-interactive.
//
// Order of the decision: an explicit approve/deny wins; otherwise a project
// without trust-requiring resources is trusted; otherwise the nearest
// true/false entry of the trust store for realpath(cwd) or an ancestor;
// otherwise the global default setting ("always"/"never"); otherwise
// untrusted, because there is nobody to ask.
//
// A trust store that is not valid JSON (or cannot be read) is an error: pi
// aborts, and so does promptc. A settings file that is not a JSON object is
// treated as {}. Decide never writes; all access goes through a vfs.FS.
package projecttrust

import (
	"context"
	"fmt"
	"path"

	"github.com/promptc/promptc/prov"
	"github.com/promptc/promptc/sources"
)

// Decision is a forced or automatic trust decision (Options.Decision).
type Decision string

// Decisions.
const (
	// Auto decides from resources, trust store and settings.
	Auto Decision = "auto"
	// Approve trusts the project (pi --approve).
	Approve Decision = "approve"
	// Deny does not trust the project (pi --no-approve).
	Deny Decision = "deny"
)

// UnmarshalText accepts a decision's name; "" means Auto.
func (d *Decision) UnmarshalText(b []byte) error { return sources.ParseEnum(d, b) }

// EnumValues lists the allowed values.
func (Decision) EnumValues() []string {
	return []string{"", string(Auto), string(Approve), string(Deny)}
}

// Reasons reported in Result.Reason that are fixed strings.
const (
	ReasonApprove     = "--approve"
	ReasonDeny        = "--no-approve"
	ReasonNoResources = "no project resources need trust"
	ReasonUndecided   = "undecided (non-interactive)"
)

// PiProjectMarkers are pi's trust-requiring paths relative to the cwd
// (TRUST-4).
var PiProjectMarkers = []string{
	".pi/settings.json", ".pi/extensions", ".pi/skills", ".pi/prompts", ".pi/themes",
	".pi/SYSTEM.md", ".pi/APPEND_SYSTEM.md",
}

// PiAncestorMarkers are pi's trust-requiring paths looked for in the cwd
// and every ancestor (TRUST-4).
var PiAncestorMarkers = []string{".agents/skills"}

// Options configures Decide.
type Options struct {
	// Cwd is the physical working directory, absolute.
	Cwd string `koanf:"cwd"`
	// Home is the user's home directory; realpath(Home)/<marker> never
	// counts as an ancestor marker. "" means no exception.
	Home string `koanf:"home"`
	// AgentDir is the agent's global directory (informational; the store
	// and settings paths are given in full).
	AgentDir string `koanf:"agent_dir"`
	// Decision is Auto, Approve or Deny; "" means Auto.
	Decision Decision `koanf:"decision"`
	// ProjectMarkers are paths relative to Cwd whose existence (following
	// symlinks) makes the project need trust.
	ProjectMarkers []string `koanf:"project_markers"`
	// AncestorMarkers are relative paths checked in Cwd and every ancestor
	// up to /, except in realpath(Home).
	AncestorMarkers []string `koanf:"ancestor_markers"`
	// StoreFile is the trust store, a JSON object mapping absolute
	// directories to true/false/null; "" means none. pi: agentDir/trust.json.
	StoreFile string `koanf:"store_file"`
	// SettingsFile is the global settings file holding DefaultKey; "" means
	// none. pi: agentDir/settings.json.
	SettingsFile string `koanf:"settings_file"`
	// DefaultKey is the settings key with the default decision: "always"
	// trusts, "never" does not, anything else leaves it undecided. pi:
	// defaultProjectTrust.
	DefaultKey string `koanf:"default_key"`
	// GateMarkers are file names looked for in Cwd and its ancestors that
	// need trust although the agent itself does not know them (promptc's
	// project layer, .promptc.yaml). They never change Trusted; when one
	// exists, Gate says whether it may load: decided as for a project that
	// needs trust (a forced decision, the store, the default setting, else
	// untrusted), never by the "nothing needs trust" rule.
	GateMarkers []string `koanf:"gate_markers"`
	// StoreWithoutMarkers consults the trust store also for a project in
	// which no marker needs trust: a stored decision for it (or an
	// ancestor) wins, and only without one is it trusted because nothing
	// needs trust (pi 1.x). pi 0.83.0 trusts such a project unread.
	StoreWithoutMarkers bool `koanf:"store_without_markers"`
	// StripBOM drops a leading byte order mark (U+FEFF) from the store and
	// the settings file before they are parsed (pi 1.x).
	StripBOM bool `koanf:"strip_bom"`
}

// Defaults returns pi's options for the given directories and decision.
func Defaults(cwd, home, agentDir string, decision Decision) Options {
	return Options{
		Cwd:             cwd,
		Home:            home,
		AgentDir:        agentDir,
		Decision:        decision,
		ProjectMarkers:  append([]string(nil), PiProjectMarkers...),
		AncestorMarkers: append([]string(nil), PiAncestorMarkers...),
		StoreFile:       agentDir + "/trust.json",
		SettingsFile:    agentDir + "/settings.json",
		DefaultKey:      "defaultProjectTrust",
	}
}

// Result is the decision and why it was taken.
type Result struct {
	Trusted bool `json:"trusted"`
	// Reason says what decided, e.g. "--approve", "no project resources
	// need trust", "trust.json: /x = true", "defaultProjectTrust: always"
	// or "undecided (non-interactive)".
	Reason string `json:"reason"`
	// Requiring lists the absolute paths of the markers found (project
	// markers first, then ancestor markers from the cwd upward). They are
	// looked for whatever the decision, for `promptc explain`.
	Requiring []string `json:"requiring"`
	// Origins records the markers found (Role "trust-marker") and the store
	// and settings files that were consulted ("trust-store", "settings").
	Origins []prov.Origin `json:"-"`
	// Excluded lists, when the project is not trusted, every marker found:
	// project resources that do not load (ReasonUntrusted, Detail = Reason).
	Excluded []prov.Exclusion `json:"-"`
	// Decided is true when someone decided: a forced decision, the trust
	// store or the default setting; false when the project is trusted only
	// because nothing in it needs trust (or is untrusted for want of a
	// decision). Conditions tell the two trusted cases apart with it.
	Decided bool `json:"decided"`
	// Gate is the decision for the gate markers found, if any.
	Gate *Gate `json:"gate,omitempty"`
}

// Gate is whether the resources named by Options.GateMarkers may load.
type Gate struct {
	// Found lists the gate markers found, nearest first.
	Found   []string `json:"found"`
	Trusted bool     `json:"trusted"`
	Reason  string   `json:"reason"`
}

// ReasonUntrusted is the exclusion reason of a project resource ignored
// because the project is not trusted.
const ReasonUntrusted = "project not trusted"

// untrusted records the markers as ignored when the project is not trusted.
func (r Result) untrusted() Result {
	if r.Trusted {
		return r
	}
	for _, p := range r.Requiring {
		r.Excluded = append(r.Excluded, prov.Exclusion{Path: p, Reason: ReasonUntrusted, Detail: r.Reason})
	}
	return r
}

// Decide decides trust for opts. It fails for invalid options, a cancelled
// ctx and an unreadable or invalid trust store (a *StoreError).
func Decide(ctx context.Context, fsys sources.FS, opts Options) (Result, error) {
	res, err := decide(ctx, fsys, opts)
	if err != nil {
		return Result{}, err
	}
	res.Decided = res.Reason != ReasonNoResources && res.Reason != ReasonUndecided
	if found := findGates(fsys, opts); len(found) > 0 {
		g := &Gate{Found: found, Trusted: res.Trusted, Reason: res.Reason}
		if res.Reason == ReasonNoResources {
			// Decide again as for a project that needs trust.
			needs := opts
			needs.ProjectMarkers = nil
			needs.AncestorMarkers = nil
			gr, err := decidePolicy(ctx, fsys, needs)
			if err != nil {
				return Result{}, err
			}
			g.Trusted, g.Reason = gr.Trusted, gr.Reason
			res.Origins = append(res.Origins, gr.Origins...)
		}
		res.Gate = g
	}
	return res.untrusted(), nil
}

// findGates lists the gate markers in Cwd and its ancestors, nearest first.
func findGates(fsys sources.FS, opts Options) []string {
	var out []string
	if len(opts.GateMarkers) == 0 {
		return nil
	}
	for dir := path.Clean(opts.Cwd); ; dir = path.Dir(dir) {
		for _, m := range opts.GateMarkers {
			if p := sources.Child(dir, m); sources.Exists(fsys, p) {
				out = append(out, p)
			}
		}
		if dir == "/" {
			return out
		}
	}
}

func decide(ctx context.Context, fsys sources.FS, opts Options) (Result, error) {
	if opts.Cwd == "" || opts.Cwd[0] != '/' {
		return Result{}, fmt.Errorf("trust: cwd %q is not an absolute path", opts.Cwd)
	}
	decision := opts.Decision
	if decision == "" {
		decision = Auto
	}
	if decision != Auto && decision != Approve && decision != Deny {
		return Result{}, fmt.Errorf("trust: unknown decision %q (valid: %s, %s, %s)", opts.Decision, Auto, Approve, Deny)
	}
	var res Result
	var err error
	if res.Requiring, err = findMarkers(ctx, fsys, opts); err != nil {
		return Result{}, err
	}
	for _, p := range res.Requiring {
		res.Origins = append(res.Origins, prov.Origin{Path: p, Role: "trust-marker"})
	}
	switch {
	case decision == Approve:
		res.Trusted, res.Reason = true, ReasonApprove
		return res, nil
	case decision == Deny:
		res.Trusted, res.Reason = false, ReasonDeny
		return res, nil
	case len(res.Requiring) == 0:
		if opts.StoreWithoutMarkers && opts.StoreFile != "" {
			found, err := lookupStore(ctx, fsys, opts, &res)
			if err != nil || found {
				return res, err
			}
		}
		res.Trusted, res.Reason = true, ReasonNoResources
		return res, nil
	}
	return decideStored(ctx, fsys, opts, res)
}

// decidePolicy decides for a project that needs trust: the forced
// decision, else the store, else the default setting, else untrusted.
func decidePolicy(ctx context.Context, fsys sources.FS, opts Options) (Result, error) {
	switch opts.Decision {
	case Approve:
		return Result{Trusted: true, Reason: ReasonApprove}, nil
	case Deny:
		return Result{Trusted: false, Reason: ReasonDeny}, nil
	}
	return decideStored(ctx, fsys, opts, Result{})
}

// decideStored applies the trust store, then the default setting.
func decideStored(ctx context.Context, fsys sources.FS, opts Options, res Result) (Result, error) {
	if opts.StoreFile != "" {
		found, err := lookupStore(ctx, fsys, opts, &res)
		if err != nil {
			return Result{}, err
		}
		if found {
			return res, nil
		}
	}
	if opts.SettingsFile != "" && opts.DefaultKey != "" {
		if readDefault(fsys, opts, &res) {
			return res, nil
		}
	}
	res.Trusted, res.Reason = false, ReasonUndecided
	return res, nil
}
