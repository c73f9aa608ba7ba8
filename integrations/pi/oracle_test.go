package pi

import (
	"bytes"
	"encoding/json"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/promptc/promptc/internal/testkit/oracletest"
)

// piCase is one curated oracle case: its case.json (kept as raw fields,
// so a test can change some and the oracle sees the others byte for byte
// as recorded) and pi's recorded result.
type piCase struct {
	name     string
	dir      string
	spec     map[string]json.RawMessage
	expected outcome
}

// outcome holds the fields of pi's result (expected.json, or the oracle's
// output) the tests compare.
type outcome struct {
	Root       string   `json:"root"`
	Cwd        string   `json:"cwd"`
	Home       string   `json:"home"`
	AgentDir   string   `json:"agentDir"`
	Prompt     string   `json:"prompt"`
	BasePrompt *string  `json:"basePrompt"`
	Turns      []turn   `json:"turns"`
	Stderr     []string `json:"stderr"`
	Extensions []string `json:"extensions"`
	Isolation  struct {
		OK         bool     `json:"ok"`
		Violations []string `json:"violations"`
	} `json:"isolation"`
}

// turn is one input's run.
type turn struct {
	Input        string  `json:"input"`
	Sent         bool    `json:"sent"`
	Prompt       *string `json:"prompt"` // only when it is not the base prompt
	PromptIsBase bool    `json:"promptIsBase"`
	// SystemSections are pi 1.x's named sections of the run's leading
	// system message, in order (absent in pi 0.83.0 and for a prompt an
	// extension replaced whole).
	SystemSections json.RawMessage `json:"systemSections"`
}

// sectionNames are the names of the turn's system sections, in order.
func (tr turn) sectionNames(t *testing.T) []string {
	t.Helper()
	if len(tr.SystemSections) == 0 || string(tr.SystemSections) == "null" {
		return nil
	}
	dec := json.NewDecoder(bytes.NewReader(tr.SystemSections))
	var names []string
	if _, err := dec.Token(); err != nil { // {
		t.Fatal(err)
	}
	for dec.More() {
		k, err := dec.Token()
		if err != nil {
			t.Fatal(err)
		}
		names = append(names, k.(string))
		var skip json.RawMessage
		if err := dec.Decode(&skip); err != nil {
			t.Fatal(err)
		}
	}
	return names
}

// curated returns the names of the curated cases, sorted.
func (h harness) curated(t *testing.T) []string {
	t.Helper()
	entries, err := os.ReadDir(h.cases)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		if _, err := os.Stat(filepath.Join(h.cases, e.Name(), "case.json")); err == nil {
			names = append(names, e.Name())
		}
	}
	sort.Strings(names)
	return names
}

func (h harness) loadCase(t *testing.T, name string) *piCase {
	t.Helper()
	c := &piCase{name: name, dir: filepath.Join(h.cases, name)}
	oracletest.MustReadJSON(t, filepath.Join(c.dir, "case.json"), &c.spec)
	oracletest.MustReadJSON(t, filepath.Join(c.dir, h.expectedFile()), &c.expected)
	return c
}

// expectedFile is the recording of the harness's pi version in a case
// folder: expected.json for 0.83.0, expected.VERSION.json otherwise.
func (h harness) expectedFile() string {
	if h.version == piVersions[0].version {
		return "expected.json"
	}
	return "expected." + h.version + ".json"
}

// pipeline is the pipeline the extension must choose in the harness's pi.
func (h harness) pipeline() string {
	for _, v := range piVersions {
		if v.version == h.version {
			return v.pipeline
		}
	}
	return ""
}

// usesExtensions reports whether pi ran JavaScript extensions of the case
// (given with -e or found in the tree): the conformance harness skips
// those cases, and so does the identity test.
func (c *piCase) usesExtensions() bool {
	return len(c.list("extensions")) > 0 || len(c.expected.Extensions) > 0
}

// inputs returns the case's input lines.
func (c *piCase) inputs() []string {
	var out []string
	for _, raw := range c.list("input") {
		var s string
		_ = json.Unmarshal(raw, &s)
		out = append(out, s)
	}
	return out
}

// runInputs are the inputs run sends: opts's, else the case's, else "hi"
// (a case without input never reaches before_agent_start).
func (c *piCase) runInputs(opts runOpts) []string {
	switch {
	case opts.inputs != nil:
		return opts.inputs
	case c.inputs() != nil:
		return c.inputs()
	}
	return []string{"hi"}
}

// list returns a case.json field that is a value or a list of values
// (JS [].concat) as raw elements.
func (c *piCase) list(key string) []json.RawMessage {
	raw, ok := c.spec[key]
	if !ok || string(raw) == "null" {
		return nil
	}
	var l []json.RawMessage
	if json.Unmarshal(raw, &l) == nil {
		return l
	}
	return []json.RawMessage{raw}
}

// homeRel, agentDirRel and cwdRel are the case's directories relative to
// the sandbox root, with oracle.mjs's defaults.
func (c *piCase) homeRel() string     { return c.text("home", "home") }
func (c *piCase) agentDirRel() string { return c.text("agentDir", c.homeRel()+"/.pi/agent") }
func (c *piCase) cwdRel() string      { return c.text("cwd", c.homeRel()) }

// userLayer is the path of promptc's user layer in the case's home.
func (c *piCase) userLayer() string { return c.homeRel() + "/.config/promptc/config.yaml" }

// text returns a string field of case.json, or def.
func (c *piCase) text(key, def string) string {
	var s string
	if json.Unmarshal(c.spec[key], &s) == nil && s != "" {
		return s
	}
	return def
}

// runOpts says how a test changes a case before the oracle runs it.
type runOpts struct {
	path     string            // PATH inside pi: where it finds promptc
	inputs   []string          // replace the case's inputs (a case without any gets "hi")
	settings map[string]any    // the extension's <agent dir>/promptc.json
	files    map[string]string // more files to write, by path relative to the sandbox root
	first    bool              // load the extension before the case's own -e extensions
	before   []string          // more -e extensions, loaded before the extension (${ROOT} paths)
}

// run copies c, adds the extension (and opts), runs it through the
// oracle in a fresh sandbox that stays until t ends, and returns pi's
// result. The oracle's own failures fail t.
func (h harness) run(t *testing.T, c *piCase, opts runOpts) outcome {
	t.Helper()
	work := worldDir(t)
	spec := map[string]json.RawMessage{}
	for k, v := range c.spec {
		spec[k] = v
	}
	ext := rawJSON(h.extension)
	others := c.list("extensions")
	for _, e := range opts.before {
		others = append(others, rawJSON(e))
	}
	if opts.first {
		spec["extensions"] = rawJSON(append([]json.RawMessage{ext}, others...))
	} else {
		spec["extensions"] = rawJSON(append(others, ext))
	}
	if opts.inputs != nil || c.inputs() == nil {
		spec["input"] = rawJSON(c.runInputs(opts))
	}
	files := map[string]string{}
	for p, content := range opts.files {
		files[p] = content
	}
	if opts.settings != nil {
		files[c.agentDirRel()+"/promptc.json"] = string(rawJSON(opts.settings))
	}
	setup := c.list("setup")
	paths := make([]string, 0, len(files))
	for p := range files {
		paths = append(paths, p)
	}
	sort.Strings(paths)
	for _, p := range paths {
		setup = append(setup, rawJSON(map[string]string{"op": "write", "path": p, "content": files[p]}))
	}
	spec["setup"] = rawJSON(setup)

	caseDir := filepath.Join(work, "case", c.name)
	if err := copyTree(filepath.Join(c.dir, "tree"), filepath.Join(caseDir, "tree")); err != nil && !os.IsNotExist(err) {
		t.Fatal(err)
	}
	writeJSON(t, filepath.Join(caseDir, "case.json"), spec)

	root := filepath.Join(work, "root", c.name)
	cmd := exec.Command(h.node, filepath.Join(h.oracle, "oracle.mjs"), caseDir, "--root", root, "--keep")
	cmd.Env = append(os.Environ(), "PATH="+opts.path)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	start := time.Now()
	if err := cmd.Run(); err != nil {
		t.Fatalf("oracle %s: %v\n%s", c.name, err, stderr.Bytes())
	}
	t.Logf("oracle %s: %.1f s", c.name, time.Since(start).Seconds())
	var res outcome
	if err := json.Unmarshal(stdout.Bytes(), &res); err != nil {
		t.Fatalf("oracle %s: %v\n%s", c.name, err, stdout.Bytes())
	}
	if !res.Isolation.OK {
		t.Fatalf("oracle %s: isolation violated: %v", c.name, res.Isolation.Violations)
	}
	return res
}

// mapRoot rewrites the recorded sandbox root in s to the root of res.
func (c *piCase) mapRoot(res outcome, s string) string {
	return strings.ReplaceAll(s, c.expected.Root, res.Root)
}

// worldDir is a new folder every user can enter, removed when t ends: the
// oracle runs some cases as an unprivileged user, and t.TempDir is private.
func worldDir(t *testing.T) string {
	t.Helper()
	dir, err := os.MkdirTemp("", "promptc-pi-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		// Cases may chmod directories shut; open them for removal.
		_ = filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
			if err == nil && d.IsDir() {
				_ = os.Chmod(p, 0o755)
			}
			return nil
		})
		_ = os.RemoveAll(dir)
	})
	if err := os.Chmod(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	return dir
}

// copyTree copies src to dst: directories, regular files with their
// modes, symlinks verbatim.
func copyTree(src, dst string) error {
	return filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		to := filepath.Join(dst, rel)
		info, err := d.Info()
		if err != nil {
			return err
		}
		switch {
		case d.Type()&fs.ModeSymlink != 0:
			target, err := os.Readlink(p)
			if err != nil {
				return err
			}
			return os.Symlink(target, to)
		case d.IsDir():
			return os.MkdirAll(to, info.Mode().Perm()|0o700)
		default:
			b, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			return os.WriteFile(to, b, info.Mode().Perm())
		}
	})
}

// rawJSON encodes v, which cannot fail for the values tests build.
func rawJSON(v any) json.RawMessage {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return b
}

func writeJSON(t *testing.T, file string, v any) {
	t.Helper()
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(file, b, 0o644); err != nil {
		t.Fatal(err)
	}
}
