package check

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/promptc/promptc/casetest"
	"github.com/promptc/promptc/engine"
	"github.com/promptc/promptc/engine/spec"
	"github.com/promptc/promptc/host"
	"github.com/promptc/promptc/host/args"
	"github.com/promptc/promptc/internal/fscache"
	"github.com/promptc/promptc/sources"
	"github.com/promptc/promptc/sources/osfs"
)

// Placeholders of the stable roots in goldens.
const (
	repoVar = "$REPO"
	homeVar = "$HOME"
)

// Options say how to run the checks of a Config.
type Options struct {
	// Update writes the golden of each check that differs, is missing or
	// is not valid (under the lock, see [Lock]).
	Update bool
	// Tokens counts tokens; nil: o200k_base, loaded on first use (a run
	// whose checks pass and assert no budget never loads it).
	Tokens casetest.Counter
	// FS is the host file system; nil: a snapshot of the OS's, each path
	// read once for the whole run.
	FS sources.FS
	// Now is the clock of live: [date]; nil: time.Now.
	Now func() time.Time
	// HostHome is this machine's home, for live: [home].
	HostHome string
	// Parallel is how many checks build at once; 0: GOMAXPROCS.
	Parallel int
}

// Status of a check.
type Status string

const (
	Passed  Status = "pass"
	Failed  Status = "fail"
	Updated Status = "updated"
)

// Result is the outcome of one check.
type Result struct {
	Check  Check  `json:"-"`
	Name   string `json:"name"`
	Golden string `json:"golden"` // relative to the repository root
	Status Status `json:"status"`
	// Message says what failed: the diff's summary, how the build
	// failed, a missing golden.
	Message  string         `json:"message,omitempty"`
	Diff     *casetest.Diff `json:"diff,omitempty"`
	Findings []Finding      `json:"findings,omitempty"`
	// Tokens is the prompt's size when it was counted (a difference or a
	// budget), else 0.
	Tokens int `json:"tokens,omitempty"`
	// Outside are paths outside the check's roots its build looked for
	// and that exist on this machine: what the check did not see.
	Outside []string      `json:"outside,omitempty"`
	Elapsed time.Duration `json:"-"`

	new *casetest.Build // the build, paths rebased (for Update)
}

// Run builds every check of c and compares it with its golden; with
// Update it writes the goldens that differ. The error is for what stops
// the whole run: a [ConfigErrors] (an unknown pipeline, a missing
// directory or layer), a [GoldenError] (a golden that is not valid,
// without Update), an I/O error.
func Run(ctx context.Context, c *Config, o Options) ([]Result, error) {
	if err := c.verify(); err != nil {
		return nil, err
	}
	if o.FS == nil {
		o.FS = fscache.Snapshot(osfs.Root())
	}
	if o.Tokens == nil {
		o.Tokens = casetest.NewTokenCounter("")
	}
	if o.Now == nil {
		o.Now = time.Now
	}
	m := newMemo()
	results := make([]Result, len(c.Checks))
	errs := make([]error, len(c.Checks))
	par := o.Parallel
	if par <= 0 {
		par = runtime.GOMAXPROCS(0)
	}
	sem := make(chan struct{}, par)
	var wg sync.WaitGroup
	for i, ch := range c.Checks {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer func() { <-sem; wg.Done() }()
			start := time.Now()
			results[i], errs[i] = runOne(ctx, c, ch, o, m)
			results[i].Elapsed = time.Since(start)
		}()
	}
	wg.Wait()
	var cerrs ConfigErrors
	var gerrs GoldenErrors
	for _, err := range errs {
		var ce ConfigErrors
		var ge *GoldenError
		switch {
		case err == nil:
		case errors.As(err, &ce):
			cerrs = append(cerrs, ce...)
		case errors.As(err, &ge):
			gerrs = append(gerrs, ge)
		default:
			return nil, err
		}
	}
	if len(cerrs) > 0 {
		return nil, cerrs
	}
	if len(gerrs) > 0 && !o.Update {
		return nil, gerrs
	}
	if o.Update {
		for i := range results {
			if err := writeGolden(ctx, c, &results[i]); err != nil {
				return results, err
			}
		}
	}
	return results, nil
}

// verify checks what the checks file names exists: the directories and
// the layer files (all problems at once).
func (c *Config) verify() error {
	var errs ConfigErrors
	bad := func(ch Check, format string, a ...any) {
		errs = append(errs, &ConfigError{Path: c.Path, Line: ch.Line, Col: 3, Msg: fmt.Sprintf("check %s: ", ch.Name) + fmt.Sprintf(format, a...)})
	}
	for _, ch := range c.Checks {
		if fi, err := os.Stat(ch.Cwd); err != nil {
			bad(ch, "cwd %s: no such directory in the repository", ch.Rel)
		} else if !fi.IsDir() {
			bad(ch, "cwd %s: not a directory", ch.Rel)
		}
		for _, f := range append([]string{ch.SystemLayer, ch.UserLayer}, ch.Overlays...) {
			if f == "" {
				continue
			}
			if _, err := os.Stat(f); err != nil {
				bad(ch, "%s: no such file", c.rel(f))
			}
		}
		if ch.Home != "" {
			if fi, err := os.Stat(ch.Home); err != nil || !fi.IsDir() {
				bad(ch, "home %s: no such directory", c.rel(ch.Home))
			}
		}
	}
	for _, r := range c.Roots {
		if fi, err := os.Stat(r); err != nil || !fi.IsDir() {
			errs = append(errs, &ConfigError{Path: c.Path, Line: 1, Col: 1, Msg: fmt.Sprintf("roots: %s: no such directory", c.rel(r))})
		}
	}
	if len(errs) > 0 {
		return errs
	}
	return nil
}

// rel is p relative to the repository root (slashes), for messages.
func (c *Config) rel(p string) string {
	if r, err := filepath.Rel(c.Repo, p); err == nil {
		return filepath.ToSlash(r)
	}
	return p
}

// real is p with symbolic links resolved through fsys (the run's
// snapshot, so that each path is looked up once per run), p itself when
// that fails.
func real(fsys sources.FS, p string) string {
	if r, err := sources.Realpath(fsys, filepath.ToSlash(p)); err == nil {
		return filepath.FromSlash(r)
	}
	return p
}

// rebase is the list of (real path, placeholder) pairs of a check, the
// longest path first.
func (c *Config) rebase(fsys sources.FS, home string) [][2]string {
	repo := real(fsys, c.Repo)
	pairs := [][2]string{{repo, repoVar}}
	if c.Repo != repo {
		pairs = append(pairs, [2]string{c.Repo, repoVar})
	}
	for _, r := range c.Roots {
		pairs = append(pairs, [2]string{real(fsys, r), repoVar + "/" + c.rel(r)})
	}
	if home != "" && home != "/" { // the machine's own home too, when the check takes it (live: [home])
		pairs = append(pairs, [2]string{home, homeVar})
	}
	sort.SliceStable(pairs, func(i, j int) bool { return len(pairs[i][0]) > len(pairs[j][0]) })
	return pairs
}

func runOne(ctx context.Context, c *Config, ch Check, o Options, m *memo) (Result, error) {
	res := Result{Check: ch, Name: ch.Name, Golden: c.rel(c.Golden(ch))}
	live := func(f string) bool { return slices.Contains(ch.Live, f) }
	home, empty := virtualHome, []string{virtualHome}
	if ch.Home != "" {
		home, empty = real(o.FS, ch.Home), nil
	}
	if live("home") {
		home, empty = o.HostHome, nil
	}
	roots := []string{real(o.FS, c.Repo)}
	for _, r := range c.Roots {
		roots = append(roots, real(o.FS, r))
	}
	if home != virtualHome {
		roots = append(roots, home)
	}
	vars := map[string]string{"HOME": home, "PATH": pinnedPath, "LANG": "C.UTF-8",
		host.EnvSystemConfig: ch.SystemLayer, host.EnvUserConfig: ch.UserLayer}
	for k, v := range ch.Env {
		vars[k] = v
	}
	date := ch.Date
	if live("date") {
		date = o.Now().Format(time.DateOnly)
	}
	rfs := newRootsFS(o.FS, roots, empty)
	e := &checkEnv{vars: vars, dir: real(o.FS, ch.Cwd), home: home, date: date, fsys: rfs, memo: m}
	h := &host.Host{Env: e}
	asConfig := func(err error) error {
		return ConfigErrors{{Path: c.Path, Line: ch.Line, Col: 3, Msg: fmt.Sprintf("check %s: %v", ch.Name, oneLine(err))}}
	}
	r, err := readArgs(ctx, h, m, ch, home)
	if err != nil {
		return res, asConfig(err)
	}
	req := r.Request
	if !live("os") {
		req.Params = pinOS(r.Plan, ch.OS)
	}
	s, err := h.Open(ctx, req)
	if err != nil {
		var ue host.UsageError
		if errors.As(err, &ue) {
			return res, asConfig(err)
		}
		return failBuild(c, ch, res, err), nil
	}
	built, err := s.Build(ctx)
	if err != nil {
		return failBuild(c, ch, res, err), nil
	}
	b, err := casetest.BuildOf(built)
	if err != nil {
		return failBuild(c, ch, res, err), nil
	}
	pairs := c.rebase(o.FS, home)
	for _, p := range pairs {
		b = b.ReplacePath(p[0], p[1])
	}
	res.Outside = rfs.Outside()
	byPlaceholder := append([][2]string(nil), pairs...)
	sort.SliceStable(byPlaceholder, func(i, j int) bool { return len(byPlaceholder[i][1]) > len(byPlaceholder[j][1]) })
	unbase := func(p string) string {
		for _, pr := range byPlaceholder {
			if rest, ok := strings.CutPrefix(p, pr[1]+"/"); ok {
				return pr[0] + "/" + rest
			}
		}
		return p
	}
	err = compare(c, ch, o, &res, b, built, func(p string) ([]byte, bool) {
		data, err := sources.ReadFileMax(rfs, unbase(p), host.MaxFileBytes)
		return data, err == nil
	}, layerPaths(built, pairs))
	return res, err
}

// readArgs reads ch's build arguments into a request (host/args), once
// per run for the checks that differ only in their directory: the
// reading compiles the pipeline, and depends on the pipeline, the
// arguments, the overlays and the variables, not on the directory.
func readArgs(ctx context.Context, h *host.Host, m *memo, ch Check, home string) (*args.Reading, error) {
	key := []string{"check-args", ch.ref(), home, ch.SystemLayer, ch.UserLayer}
	key = append(append(append(key, ch.Args...), "\x00"), ch.Overlays...)
	for _, k := range slices.Sorted(maps.Keys(ch.Env)) {
		key = append(key, k+"="+ch.Env[k])
	}
	type reading struct {
		r   *args.Reading
		err error
	}
	v := m.get(strings.Join(key, "\x00"), func() any {
		r, err := args.Read(ctx, h, host.Request{Pipeline: ch.ref(), Overlays: ch.Overlays}, ch.Args, nil)
		return reading{r, err}
	}).(reading)
	return v.r, v.err
}

// layerPaths are the files of the layers res applied, rebased.
func layerPaths(res *engine.Result, pairs [][2]string) []string {
	var out []string
	for _, l := range res.Layers {
		if l.Status != spec.StatusApplied || l.Name == "" || l.Role == spec.RoleBase {
			continue
		}
		p := l.Name
		for _, pr := range pairs {
			if rest, ok := strings.CutPrefix(p, pr[0]+"/"); ok {
				p = pr[1] + "/" + rest
				break
			}
		}
		out = append(out, p)
	}
	return out
}

// pinOS sets the params plan binds to the host fact os to osName.
func pinOS(plan *engine.Plan, osName string) map[string]any {
	out := map[string]any{}
	if plan == nil {
		return out
	}
	for _, p := range plan.Params() {
		for _, b := range p.Bind {
			if b.Host == "os" {
				out[p.Name] = osName
			}
		}
	}
	return out
}

func failBuild(c *Config, ch Check, res Result, err error) Result {
	res.Status = Failed
	res.Message = "the build failed: " + err.Error()
	res.Findings = []Finding{{File: c.rel(c.Path), Line: ch.Line, Message: res.Message, Rule: RuleError}}
	return res
}

func oneLine(err error) string { return strings.ReplaceAll(err.Error(), "\n", "; ") }

// goldenBuild reads the golden of ch: nil without one.
func goldenBuild(c *Config, ch Check) (*casetest.Build, []byte, error) {
	name := c.Golden(ch)
	data, err := readRegular(name, c.rel(name))
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil, nil
	}
	if err != nil {
		return nil, nil, err
	}
	b, err := parseGolden(c.rel(name), data)
	return b, data, err
}
