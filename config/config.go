// Package config finds the configuration layers promptc merges over a
// pipeline, without flags: the system layer (/etc/promptc/config.yaml),
// the user layer ($XDG_CONFIG_HOME/promptc/config.yaml) and the project
// layer (.promptc.yaml in the cwd or its nearest ancestor that has one, up
// to the project root).
// It only finds and reads them; which apply (the project layer needs the
// project to be trusted) the host decides, and the engine takes them as
// explicit layers. Nothing here reads the process environment: the host
// passes what it knows in [Settings].
package config

import (
	"errors"
	"fmt"
	"io/fs"
	"path"

	"gopkg.in/yaml.v3"

	"github.com/promptc/promptc/engine/spec"
	"github.com/promptc/promptc/sources"
)

// ProjectFile is the project layer's file name.
const ProjectFile = ".promptc.yaml"

// DefaultSystemPath is the system layer's path unless the host overrides
// it (the CLI: $PROMPTC_SYSTEM_CONFIG).
const DefaultSystemPath = "/etc/promptc/config.yaml"

// Settings says where to look. Paths are absolute.
type Settings struct {
	FS sources.FS
	// SystemPath and UserPath are the layers' files; "" skips one.
	SystemPath, UserPath string
}

// UserPath is the user layer's path for a host whose $XDG_CONFIG_HOME is
// xdg and whose home is home: xdg/promptc/config.yaml, else
// home/.config/promptc/config.yaml.
func UserPath(xdg, home string) string {
	if xdg != "" && path.IsAbs(xdg) {
		return path.Join(xdg, "promptc", "config.yaml")
	}
	if home == "" {
		return ""
	}
	return path.Join(home, ".config", "promptc", "config.yaml")
}

// Candidate is a layer file looked for.
type Candidate struct {
	Layer spec.Layer
	// Found is false when the file does not exist.
	Found bool
	// Base is the pipeline family the layer says it is for (pipeline:),
	// if any: the layer applies only to pipelines that answer to it.
	Base string
	// Default is the pipeline the layer selects for a request that names
	// none (default_pipeline:), if any. Only the system and user layers'
	// count: a project layer is read once the pipeline is chosen.
	Default string
	// Ignored, when not "", is why a file that exists is not a candidate
	// (Found is false, Layer.Name is the file): a .promptc.yaml above the
	// project root.
	Ignored string
}

// Report describes the candidate as not applied.
func (c Candidate) Report(status, reason string) spec.LayerReport {
	return spec.LayerReport{Name: c.Layer.Name, Role: c.Layer.Role, Status: status, Reason: reason}
}

// Global finds the system and user layers, in that order.
func Global(s Settings) ([]Candidate, error) {
	var out []Candidate
	for _, l := range []struct{ path, role string }{{s.SystemPath, spec.RoleSystem}, {s.UserPath, spec.RoleUser}} {
		if l.path == "" {
			continue
		}
		c, err := read(s.FS, l.path, l.role)
		if err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	return out, nil
}

// Project finds the project layer: .promptc.yaml in dir or its nearest
// ancestor that has one, no higher than the project root
// (sources.ProjectRoot: the nearest ancestor of dir holding .git, else dir
// itself), since a directory above the project belongs to someone else.
// Found is false when none has; then the nearest .promptc.yaml above the
// root, if there is one, is named in Layer.Name with the reason it is
// ignored in Ignored. The file is only located, not read: it comes from a
// repository someone else may have written, so the host decides whether
// the project is trusted first and then calls [ReadProject].
func Project(fsys sources.FS, dir string) Candidate {
	dir = path.Clean(dir)
	root := sources.ProjectRoot(fsys, dir)
	for d := dir; ; d = path.Dir(d) {
		p := path.Join(d, ProjectFile)
		if _, err := sources.Lstat(fsys, p); err == nil {
			c := Candidate{Layer: spec.Layer{Name: p, Role: spec.RoleProject}, Found: sources.Within(d, root)}
			if !c.Found {
				c.Ignored = fmt.Sprintf("it is above the project root %s (the project layer is looked for from the cwd up to its git root, else in the cwd alone)", root)
			}
			return c
		}
		if d == "/" {
			return Candidate{Layer: spec.Layer{Name: path.Join(dir, ProjectFile), Role: spec.RoleProject}}
		}
	}
}

// ReadProject reads the project layer c that [Project] located. A file
// that is gone by now is reported as not found.
func ReadProject(fsys sources.FS, c Candidate) (Candidate, error) {
	return read(fsys, c.Layer.Name, spec.RoleProject)
}

// read reads a layer file safely (it may come from a repository someone
// else wrote: see sources.ReadFile) and notes the pipelines it names.
func read(fsys sources.FS, p, role string) (Candidate, error) {
	c := Candidate{Layer: spec.Layer{Name: p, Role: role}}
	data, err := sources.ReadFile(fsys, p)
	if errors.Is(err, fs.ErrNotExist) {
		return c, nil
	}
	if err != nil {
		return c, err
	}
	c.Layer.Data, c.Found = data, true
	var top struct {
		Pipeline        string `yaml:"pipeline"`
		DefaultPipeline string `yaml:"default_pipeline"`
	}
	_ = yaml.Unmarshal(data, &top) // a broken file is reported when it is loaded
	c.Base, c.Default = top.Pipeline, top.DefaultPipeline
	return c, nil
}
