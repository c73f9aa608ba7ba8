package main

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
)

// cowCase is one oracle case: case.json and the golden file of rev.
type cowCase struct {
	name    string
	rev     revision
	spec    object // case.json
	exp     object // expected.<rev.label>.json (nil when skip is set)
	expFile string // its base name
	skip    string // why the harness skips the case before building a plan
}

// loadCases reads every folder of dir that holds a case.json, in name
// order, as the harness lists them, with the golden of rev.
func loadCases(dir string, rev revision) ([]*cowCase, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var names []string
	for _, e := range entries {
		if info, err := os.Stat(filepath.Join(dir, e.Name(), "case.json")); err == nil && info.Mode().IsRegular() {
			names = append(names, e.Name())
		}
	}
	sort.Strings(names)
	var cases []*cowCase
	for _, n := range names {
		c, err := loadCase(filepath.Join(dir, n), rev)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", n, err)
		}
		cases = append(cases, c)
	}
	return cases, nil
}

func loadCase(dir string, rev revision) (*cowCase, error) {
	c := &cowCase{name: filepath.Base(dir), rev: rev}
	target := rev.label
	spec, err := readObject(filepath.Join(dir, "case.json"))
	if err != nil {
		return nil, err
	}
	c.spec = spec
	// find_expected: expected.<target>.json, else expected.json, each only
	// when its target.label is the target.
	for _, fn := range []string{"expected." + target + ".json", "expected.json"} {
		p := filepath.Join(dir, fn)
		if info, err := os.Stat(p); err != nil || !info.Mode().IsRegular() {
			continue
		}
		exp, err := readObject(p)
		if err != nil {
			return nil, err
		}
		t, _ := exp.getOr("target", nil).(object)
		if t.getOr("label", nil) == target {
			c.exp, c.expFile = exp, fn
			break
		}
	}
	if c.exp == nil {
		c.skip = "no expected file for target " + target + " (run oracle/cowagent/run-all.sh)"
		return c, nil
	}
	if _, ok := c.exp.getOr("prompt", nil).(string); !ok {
		return nil, fmt.Errorf("%s has no prompt string", c.expFile)
	}
	return c, nil
}

func readObject(p string) (object, error) {
	data, err := os.ReadFile(p)
	if err != nil {
		return nil, err
	}
	v, err := decodeOrdered(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", filepath.Base(p), err)
	}
	o, ok := v.(object)
	if !ok {
		return nil, fmt.Errorf("%s: not a JSON object", filepath.Base(p))
	}
	return o, nil
}
