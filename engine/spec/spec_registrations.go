package spec

// ToolSpec is one tool a layer registers under tools: (see
// registrations.go for the order and the name rules).
type ToolSpec struct {
	Name       string   `koanf:"name"`
	Snippet    string   `koanf:"snippet"`
	Guidelines []string `koanf:"guidelines"`
}

// ResourcesSpec lists the resource paths layers add: skill and
// prompt-template paths loaded after every other one (pi's
// resources_discover), and package directories whose skills and templates
// load before every other one (pi's -e PACKAGE). Relative paths are
// resolved against the registering layer's directory.
type ResourcesSpec struct {
	Skills   []string `koanf:"skills"`
	Prompts  []string `koanf:"prompts"`
	Packages []string `koanf:"packages"`
}

// TransformSpec is one run-scoped transform: when its condition holds for
// a run, it rewrites that run's prompt (Replace, Prepend or Append, a
// template that sees the prompt so far as .run.Prompt), adds a message
// (Message), or runs a program (Exec) that may do either. A transform
// with none of them is an error; Exec goes with no other action.
type TransformSpec struct {
	ID       string    `koanf:"id"`
	Doc      string    `koanf:"doc"`
	When     string    `koanf:"when"`
	Replace  *string   `koanf:"replace"`
	Prepend  *string   `koanf:"prepend"`
	Append   *string   `koanf:"append"`
	Message  *string   `koanf:"message"`
	Exec     *ExecSpec `koanf:"exec"`
	Disabled bool      `koanf:"disabled"`
}

// ExecSpec is the program of an exec transform: Command is its argv (a
// relative program path with a slash is resolved against the registering
// layer's directory, a bare name on PATH); Timeout a Go duration
// (default engine.DefaultExecTimeout); MaxOutput the largest reply in bytes
// (default engine.DefaultExecMaxOutput).
type ExecSpec struct {
	Command   []string `koanf:"command"`
	Timeout   string   `koanf:"timeout"`
	MaxOutput int64    `koanf:"max_output"`
}
