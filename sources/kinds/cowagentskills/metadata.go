package cowagentskills

import (
	"errors"
	"fmt"
	"strings"

	"github.com/promptc/promptc/internal/port/py/pytext"
	"github.com/promptc/promptc/internal/port/py/pyyaml"
)

// metadata is the part of CowAgent's SkillMetadata that filtering reads.
type metadata struct {
	always         any // tested for truthiness (R-X-4)
	defaultEnabled any
	os             []string
	requires       *pyyaml.Dict // key -> []string
}

// Requirement kinds, in the order <missing> lists them.
var requirementKinds = []string{"bins", "anyBins", "env", "anyEnv"}

// parseMetadata is frontmatter.parse_metadata: nil when there is no usable
// metadata. It fails where CowAgent raises: JSON metadata nested too
// deeply, and an install spec whose kind (or type) is not a string.
func parseMetadata(fm *pyyaml.Dict) (*metadata, error) {
	raw, _ := fm.Get("metadata")
	if !pyyaml.Truthy(raw) {
		return nil, nil
	}
	if s, ok := raw.(string); ok {
		v, err := pyyaml.LoadJSON(s)
		var re pyyaml.RecursionError
		if errors.As(err, &re) {
			return nil, fmt.Errorf("RecursionError: %v", err)
		}
		if err != nil {
			return nil, nil
		}
		raw = v
	}
	obj, ok := raw.(*pyyaml.Dict)
	if !ok {
		return nil, nil
	}
	if obj.Len() == 1 {
		if k, ok := obj.Keys()[0].(string); ok && (k == "cowagent" || k == "openclaw") {
			if inner, ok := obj.Values()[0].(*pyyaml.Dict); ok {
				obj = inner
			}
		}
	}
	if install, ok := obj.Get("install"); ok {
		if specs, ok := install.(*pyyaml.List); ok {
			for _, s := range specs.Items {
				if err := checkInstallSpec(s); err != nil {
					return nil, err
				}
			}
		}
	}
	m := &metadata{always: false, defaultEnabled: true, requires: pyyaml.NewDict()}
	if v, ok := obj.Get("always"); ok {
		m.always = v
	}
	if v, ok := obj.Get("default_enabled"); ok {
		m.defaultEnabled = v
	}
	if v, ok := obj.Get("os"); ok {
		m.os = stringList(v)
	}
	if v, ok := obj.Get("requires"); ok {
		if req, ok := v.(*pyyaml.Dict); ok {
			for i, k := range req.Keys() {
				_ = m.requires.Set(k, stringList(req.Values()[i]))
			}
		}
	}
	return m, nil
}

// checkInstallSpec mirrors spec_raw.get('kind', spec_raw.get('type',
// ”)).lower(), which raises AttributeError for a non-string.
func checkInstallSpec(s any) error {
	spec, ok := s.(*pyyaml.Dict)
	if !ok {
		return nil
	}
	var kind any = ""
	if v, ok := spec.Get("kind"); ok {
		kind = v
	} else if v, ok := spec.Get("type"); ok {
		kind = v
	}
	if _, ok := kind.(string); !ok {
		return fmt.Errorf("AttributeError: '%s' object has no attribute 'lower'", pyyaml.TypeName(kind))
	}
	return nil
}

// stringList is _normalize_string_list: a list's truthy items as
// stripped str(); a string split on commas; anything else nothing.
func stringList(v any) []string {
	if !pyyaml.Truthy(v) {
		return nil
	}
	switch x := v.(type) {
	case *pyyaml.List:
		var out []string
		for _, it := range x.Items {
			if pyyaml.Truthy(it) {
				out = append(out, pytext.Strip(pyyaml.Str(it)))
			}
		}
		return out
	case string:
		var out []string
		for _, p := range strings.Split(x, ",") {
			if p = pytext.Strip(p); p != "" {
				out = append(out, p)
			}
		}
		return out
	}
	return nil
}

// requirement returns metadata.requires.get(kind, []).
func (m *metadata) requirement(kind string) []string {
	v, _ := m.requires.Get(kind)
	l, _ := v.([]string)
	return l
}
