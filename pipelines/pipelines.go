// Package pipelines embeds the pipelines that ship with promptc. A pipeline
// named NAME is the file NAME.yaml in this directory. An agent's pipeline
// for one verified version is NAME@VERSION (pi@0.83.0, pi@1.6.0,
// cowagent@i18n, cowagent@head, codex@0.171.0, ...); the unversioned name
// (pi, cowagent, codex, ...) and "default" (pi) extend the newest one.
package pipelines

import (
	"embed"
	"io/fs"
	"sort"
	"strings"

	"github.com/promptc/promptc/engine/spec"
)

//go:embed *.yaml
var files embed.FS

// Lookup returns the YAML of the built-in pipeline name.
func Lookup(name string) ([]byte, bool) {
	if !validName(name) {
		return nil, false
	}
	b, err := files.ReadFile(name + ".yaml")
	return b, err == nil
}

// validName reports whether name can name a built-in pipeline: no path
// separator and no "..", so a name never reaches outside this directory.
// A version is part of the name: "pi@1.6.0" is the file pi@1.6.0.yaml.
func validName(name string) bool {
	return name != "" && !strings.ContainsAny(name, `/\`) && !strings.Contains(name, "..")
}

// Layer returns the built-in pipeline name as a base layer, marked
// Checked: the tests hold every built-in pipeline to the schema, so a load
// of it alone need not check it again.
func Layer(name string) (spec.Layer, bool) {
	data, ok := Lookup(name)
	if !ok || !validName(name) {
		return spec.Layer{}, false
	}
	return spec.Layer{Name: "pipelines/" + name + ".yaml", Data: data, Role: spec.RoleBase, Checked: true}, true
}

// Names lists the built-in pipelines, sorted.
func Names() []string {
	entries, _ := fs.ReadDir(files, ".")
	var out []string
	for _, e := range entries {
		out = append(out, strings.TrimSuffix(e.Name(), ".yaml"))
	}
	sort.Strings(out)
	return out
}
