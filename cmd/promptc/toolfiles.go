package main

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/promptc/promptc/engine"
	"github.com/promptc/promptc/pipelines"
)

// toolFileFlag is --tool-file FILE: a YAML or JSON file holding a tools:
// list, registered before every layer's tools, in the order given (as pi
// loads the extensions given with -e first).
var toolFileFlag = flagDef{name: "tool-file", kind: listFlag, metavar: "FILE", help: "YAML/JSON file with a tools: list of {name, snippet, guidelines} (repeatable; registered first, like pi's -e extensions)"}

// toolFileLayers reads the tool files as layers of role tools.
func toolFileLayers(src planSource, files []string) ([]engine.Layer, error) {
	var out []engine.Layer
	for _, f := range files {
		data, err := src.read(f)
		if err != nil {
			return nil, fmt.Errorf("reading tool file: %w", err)
		}
		out = append(out, engine.Layer{Name: filepath.ToSlash(f), Data: data, Role: engine.RoleTools})
	}
	return out, nil
}

// withDirs gives every file layer without a Dir the absolute directory of
// its file (relative names are relative to wd), so that the paths it
// registers resolve against it. Built-in pipelines keep none.
func withDirs(layers []engine.Layer, wd string) []engine.Layer {
	out := make([]engine.Layer, len(layers))
	for i, l := range layers {
		out[i] = l
		if l.Dir != "" || builtinLayer(l.Name) {
			continue
		}
		dir := filepath.Dir(filepath.FromSlash(l.Name))
		if !filepath.IsAbs(dir) {
			if wd == "" {
				continue
			}
			dir = filepath.Join(wd, dir)
		}
		out[i].Dir = dir
	}
	return out
}

// builtinLayer reports whether name is how baseLayer names a built-in
// pipeline.
func builtinLayer(name string) bool {
	ref, ok := strings.CutPrefix(name, "pipelines/")
	if !ok {
		return false
	}
	_, ok = pipelines.Lookup(strings.TrimSuffix(ref, ".yaml"))
	return ok
}
