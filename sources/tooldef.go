package sources

// ToolDef is a tool that a pipeline, a layer or a tool file registers
// (the engine collects them under `tools:` and hands them to expressions
// as declared.Tools): the kind that lists tools decides what they do
// (tool_catalog treats them as pi treats extension tools).
type ToolDef struct {
	// Name is the tool's name; a definition whose name a built-in tool of
	// the catalog has replaces that tool's snippet and guidelines.
	Name string `koanf:"name" json:"name"`
	// Snippet is the one-line description the prompt lists; empty (or
	// white space only) means the tool is active but not listed.
	Snippet string `koanf:"snippet" json:"snippet,omitempty"`
	// Guidelines are the tool's guideline lines, as written.
	Guidelines []string `koanf:"guidelines" json:"guidelines,omitempty"`
	// Origin is where the definition was written (file:line:col), for
	// reports; "" when unknown.
	Origin string `koanf:"origin" json:"origin,omitempty"`
}
