package engine

import (
	"github.com/promptc/promptc/diag"
	"github.com/promptc/promptc/internal/yamlpos"
)

// Spec is a loaded, schema-valid pipeline.
type Spec struct {
	Version     int                    `koanf:"promptc"`
	Name        string                 `koanf:"name"`
	Description string                 `koanf:"description"`
	Join        string                 `koanf:"join"`
	Params      map[string]ParamSpec   `koanf:"params"`
	Sources     map[string]SourceSpec  `koanf:"sources"`
	Sections    map[string]SectionSpec `koanf:"sections"`
	Expand      ExpandSpec             `koanf:"expand"`

	// Files lists the layers the spec was merged from, base first.
	Files []string `koanf:"-"`
	// pos maps JSON pointers into the layer that last set them.
	pos yamlpos.Index
}

// Pos returns the position of the value at the JSON pointer, or of its
// nearest ancestor.
func (s *Spec) Pos(pointer string) diag.Pos { return s.pos.Lookup(pointer) }

// KeyPos returns the position of the key of the value at pointer.
func (s *Spec) KeyPos(pointer string) diag.Pos {
	if p, ok := s.pos[yamlpos.Key(pointer)]; ok {
		return p
	}
	return s.Pos(pointer)
}

// ParamSpec declares one typed input of a pipeline.
type ParamSpec struct {
	// Type is string, bool, int, list (of strings) or map.
	Type string `koanf:"type"`
	// Nullable lists are nil when the caller gave no value, which
	// expressions can tell from an empty list (`tools == nil`).
	Nullable bool   `koanf:"nullable"`
	Default  any    `koanf:"default"`
	Doc      string `koanf:"doc"`
}

// SourceSpec declares one source.
type SourceSpec struct {
	Kind string            `koanf:"kind"`
	Doc  string            `koanf:"doc"`
	With map[string]any    `koanf:"with"`
	Args map[string]string `koanf:"args"`
}

// SectionSpec declares one section.
type SectionSpec struct {
	Doc      string   `koanf:"doc"`
	When     string   `koanf:"when"`
	Template string   `koanf:"template"`
	After    []string `koanf:"after"`
	Before   []string `koanf:"before"`
	Order    int      `koanf:"order"`
	Volatile bool     `koanf:"volatile"`
}

// ExpandSpec names the sources `promptc expand` uses.
type ExpandSpec struct {
	Skills    string `koanf:"skills"`
	Templates string `koanf:"templates"`
}
