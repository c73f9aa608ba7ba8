package main

import (
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"

	"github.com/promptc/promptc/casetest"
)

// agentCase is one recorded case directory (testdata/agents/README.md).
type agentCase struct {
	name, dir string
	cwd       string   // relative to <ROOT>/fs
	git       []string // dirs relative to <ROOT>/fs
	env       []casetest.EnvVar
	args      []string // the CLI's extra arguments, <ROOT> kept
	meta      caseMeta
	want      capture
	files     map[string][]byte // $WORK-relative path -> data (tree/ as fs/, home/ as home/)
}

// caseMeta is case.json.
type caseMeta struct {
	Agent               string    `json:"agent"`
	Description         string    `json:"description"`
	Rules               []string  `json:"rules"`
	VersionSpecific     *string   `json:"version_specific"`
	EnvironmentSpecific *string   `json:"environment_specific"`
	Setup               []setupOp `json:"setup"`
}

// setupOp is one entry of case.json's setup list.
type setupOp struct {
	Op         string   `json:"op"`
	Path       string   `json:"path"`
	Content    *string  `json:"content"`
	ContentB64 *string  `json:"content_b64"`
	Repeat     int      `json:"repeat"`
	Expand     bool     `json:"expand"`
	Target     string   `json:"target"`
	Mode       string   `json:"mode"`
	Args       []string `json:"args"`
}

// capture is expected.json, the parts only.
type capture struct {
	CLI struct {
		Package string `json:"package"`
		Version string `json:"version"`
	} `json:"cli"`
	Parts []struct {
		Name    string `json:"name"`
		Present bool   `json:"present"`
		Text    string `json:"text"`
	} `json:"parts"`
	Error string `json:"error"`
	// Readdir is, for an environment-specific case, every directory of
	// the tree (tree/…) and HOME (home/…) with its entries in the order
	// the recording machine's file system listed them.
	Readdir map[string][]string `json:"readdir"`
}

// loadCase reads the case directory dir, and its capture from
// captures/<agent>/<case>/expected.json when captures is set.
func loadCase(dir, captures string) (*agentCase, error) {
	c := &agentCase{name: filepath.Base(dir), dir: dir, files: map[string][]byte{}}
	if err := readJSON(filepath.Join(dir, "case.json"), &c.meta); err != nil {
		return nil, err
	}
	want := filepath.Join(dir, "expected.json")
	if captures != "" {
		want = filepath.Join(captures, filepath.Base(filepath.Dir(dir)), c.name, "expected.json")
	}
	if err := readJSON(want, &c.want); err != nil {
		return nil, err
	}
	c.cwd = "."
	if b, err := os.ReadFile(filepath.Join(dir, "cwd")); err == nil {
		c.cwd = strings.TrimSpace(strings.SplitN(string(b), "\n", 2)[0])
	}
	for _, l := range optLines(filepath.Join(dir, "git")) {
		c.git = append(c.git, l)
	}
	for _, l := range optLines(filepath.Join(dir, "env")) {
		k, v, ok := strings.Cut(l, "=")
		if !ok {
			return nil, fmt.Errorf("%s/env: %q is not KEY=VALUE", dir, l)
		}
		c.env = append(c.env, casetest.EnvVar{Key: k, Value: v})
	}
	c.args = optLines(filepath.Join(dir, "args"))
	for src, dst := range map[string]string{"tree": "fs", "home": "home"} {
		if err := readTree(filepath.Join(dir, src), dst, c.files); err != nil {
			return nil, err
		}
	}
	return c, nil
}

func readJSON(p string, v any) error {
	b, err := os.ReadFile(p)
	if err != nil {
		return err
	}
	if err := json.Unmarshal(b, v); err != nil {
		return fmt.Errorf("%s: %v", p, err)
	}
	return nil
}

// optLines is the non-empty lines of an optional file.
func optLines(p string) []string {
	b, err := os.ReadFile(p)
	if err != nil {
		return nil
	}
	var out []string
	for _, l := range strings.Split(string(b), "\n") {
		if l = strings.TrimRight(l, "\r"); l != "" {
			out = append(out, l)
		}
	}
	return out
}

// readTree adds every regular file below root to files, under prefix.
func readTree(root, prefix string, files map[string][]byte) error {
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			return nil
		}
		if !d.Type().IsRegular() {
			return fmt.Errorf("%s: not a regular file", p)
		}
		rel, _ := filepath.Rel(root, p)
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		files[path.Join(prefix, filepath.ToSlash(rel))] = b
		return nil
	})
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	return err
}

// workPath maps a setup path (tree/…, home/…, root/…) to $WORK-relative.
func workPath(p string) (string, error) {
	switch first, rest, _ := strings.Cut(p, "/"); first {
	case "tree":
		return path.Join("fs", rest), nil
	case "home":
		return path.Join("home", rest), nil
	case "root":
		return rest, nil
	}
	return "", fmt.Errorf("setup path %q: not under tree/, home/ or root/", p)
}

// content is a write op's bytes.
func (op setupOp) content() ([]byte, error) {
	var b []byte
	switch {
	case op.ContentB64 != nil:
		d, err := base64.StdEncoding.DecodeString(*op.ContentB64)
		if err != nil {
			return nil, err
		}
		b = d
	case op.Content != nil:
		b = []byte(*op.Content)
	}
	if op.Repeat > 1 {
		b = []byte(strings.Repeat(string(b), op.Repeat))
	}
	return b, nil
}
