package host

import (
	"slices"

	"github.com/promptc/promptc/engine/spec"

	"github.com/promptc/promptc/bind"
)

// Request is what a host asks to run: data, not a command line. The zero
// Request runs the default pipeline (or the one a layer's
// default_pipeline: selects) with every configuration layer.
type Request struct {
	// Pipeline is a built-in pipeline's name or a pipeline file's path;
	// "" selects the default.
	Pipeline string
	// Overlays are overlay files merged over the pipeline, in order.
	Overlays []string
	// ToolFiles are files holding a tools: list, registered first.
	ToolFiles []string
	// Sets are KEY=VALUE overrides of single pipeline keys
	// (sections.cwd.order=5).
	Sets []string
	// NoConfig uses no configuration layer (system, user, project).
	NoConfig bool

	// Params are param values by name, below ParamsFile and ParamValues
	// and above every binding.
	Params map[string]any
	// ParamsFile is a JSON or YAML file of param values ("-": the Env's
	// standard input), above Params.
	ParamsFile string
	// ParamValues are NAME=VALUE settings (VALUE is YAML), above
	// ParamsFile.
	ParamValues []string
	// Flags are the pipeline's bound flags as given, in order, by long
	// name (see package host/args).
	Flags []bind.Occurrence

	// Inputs are the lines that start runs: each run's prompt after its
	// expansion and the pipeline's transforms (Result.Runs).
	Inputs []string
	// PlanOnly compiles the pipeline without assembling params or
	// applying the project layer: a session for drawing or listing it,
	// which reads no source.
	PlanOnly bool
}

// SelectionEqual reports whether r and o select the same compile: the
// same pipeline, configuration, overlays, tool files and sets.
func (r Request) SelectionEqual(o Request) bool {
	return r.Pipeline == o.Pipeline && r.NoConfig == o.NoConfig &&
		slices.Equal(r.Overlays, o.Overlays) && slices.Equal(r.ToolFiles, o.ToolFiles) && slices.Equal(r.Sets, o.Sets)
}

// stack is everything one compile of r over base loads.
func (r Request) stack(base string, cl configLayers, project []spec.Layer) layerStack {
	return layerStack{base: base, config: append(append([]spec.Layer(nil), cl.applied...), project...), overlays: r.Overlays, toolFiles: r.ToolFiles, sets: r.Sets}
}
