package receipt

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"slices"

	"github.com/promptc/promptc/engine/spec"
)

// Changes of a part between a receipt and a rebuild.
const (
	Changed = "changed" // in both, with other bytes (or another status)
	Added   = "added"   // only in the rebuild
	Removed = "removed" // only in the receipt
)

// Change is one part that differs between a receipt and a rebuild: a
// section by id, a file or layer by path, a param by name.
type Change struct {
	Name   string `json:"name"`
	Change string `json:"change"`
	// Was and Now are the part's SHA-256 (a param's: its JSON), "" where
	// absent (or for a --set layer, which has no file).
	Was string `json:"was,omitempty"`
	Now string `json:"now,omitempty"`
}

// Diff is what [Compare] found.
type Diff struct {
	// Same says the rebuild's prompt has the receipt's SHA-256: the only
	// thing that decides.
	Same bool `json:"same"`
	// Was and Now are the prompt's SHA-256 in the receipt and now.
	Was string `json:"was"`
	Now string `json:"now"`
	// Sections, Files, Layers and Params list what changed, each sorted
	// as the receipt orders them (sections in prompt order), added parts
	// after.
	Sections []Change `json:"sections"`
	Files    []Change `json:"files"`
	Layers   []Change `json:"layers"`
	Params   []Change `json:"params"`
	// Moved says the same sections, each with the same bytes, now come
	// in another order.
	Moved bool `json:"moved,omitempty"`
	// PromptcVersion is the version of the promptc that rebuilt, when
	// it is not the receipt's (informative).
	PromptcVersion string `json:"promptc_version,omitempty"`
}

// Compare compares a receipt with the receipt of a rebuild.
func Compare(was, now *Receipt) Diff {
	d := Diff{Same: was.Prompt.SHA256 == now.Prompt.SHA256, Was: was.Prompt.SHA256, Now: now.Prompt.SHA256,
		Sections: []Change{}, Files: []Change{}, Layers: []Change{}, Params: []Change{}}
	d.Sections = changes(was.Sections, now.Sections, func(s Section) (string, string) { return s.ID, s.SHA256 })
	d.Files = changes(was.Files, now.Files, func(f File) (string, string) { return f.Path, f.SHA256 })
	layerKey := func(l Layer) (string, string) { return l.Role + " " + l.Path, l.SHA256 }
	d.Layers = changes(applied(was.Layers), applied(now.Layers), layerKey)
	d.Params = changes(params(was.Params), params(now.Params), func(p [2]string) (string, string) { return p[0], p[1] })
	if len(d.Sections) == 0 && !slices.EqualFunc(was.Sections, now.Sections, func(a, b Section) bool { return a.ID == b.ID }) {
		d.Moved = true
	}
	if was.PromptcVersion != now.PromptcVersion {
		d.PromptcVersion = now.PromptcVersion
	}
	return d
}

// applied are the layers that were applied: one absent at build and now
// (wherever it was looked for) is no change.
func applied(ls []Layer) []Layer {
	var out []Layer
	for _, l := range ls {
		if l.Status == spec.StatusApplied {
			out = append(out, l)
		}
	}
	return out
}

// changes lists the parts of was and now whose keys or values differ:
// was's order first, then what only now has, in its order.
func changes[T any](was, now []T, kv func(T) (key, value string)) []Change {
	nowBy := map[string]string{}
	for _, x := range now {
		k, v := kv(x)
		nowBy[k] = v
	}
	out := []Change{}
	seen := map[string]bool{}
	for _, x := range was {
		k, v := kv(x)
		seen[k] = true
		switch n, ok := nowBy[k]; {
		case !ok:
			out = append(out, Change{Name: k, Change: Removed, Was: v})
		case n != v:
			out = append(out, Change{Name: k, Change: Changed, Was: v, Now: n})
		}
	}
	for _, x := range now {
		if k, v := kv(x); !seen[k] {
			seen[k] = true
			out = append(out, Change{Name: k, Change: Added, Now: v})
		}
	}
	return out
}

// params are a params map as sorted (name, JSON) pairs.
func params(m map[string]any) [][2]string {
	out := make([][2]string, 0, len(m))
	for k, v := range m {
		var b bytes.Buffer
		enc := json.NewEncoder(&b)
		enc.SetEscapeHTML(false)
		_ = enc.Encode(v) // decoded JSON values always encode
		out = append(out, [2]string{k, string(bytes.TrimSuffix(b.Bytes(), []byte("\n")))})
	}
	slices.SortFunc(out, func(a, b [2]string) int {
		if a[0] < b[0] {
			return -1
		}
		if a[0] > b[0] {
			return 1
		}
		return 0
	})
	return out
}

// WriteText writes d for people: one line saying whether the prompt is
// the same, then one indented line per change (hashes of files shortened
// to 12 digits; a section's hash depends on the paths it prints, so it
// is left to --json).
func (d Diff) WriteText(w io.Writer, name string) error {
	var b bytes.Buffer
	if d.Same {
		fmt.Fprintf(&b, "%s: the prompt is the same\n", name)
	} else {
		fmt.Fprintf(&b, "%s: the prompt differs from the receipt's\n", name)
	}
	for _, c := range d.Sections {
		fmt.Fprintf(&b, "  section %s: %s\n", c.Name, c.Change)
	}
	if d.Moved && !d.Same {
		fmt.Fprintf(&b, "  sections: the same texts in another order\n")
	}
	for _, c := range d.Files {
		fmt.Fprintf(&b, "  file %s: %s%s\n", c.Name, c.Change, hashes(c))
	}
	for _, c := range d.Layers {
		fmt.Fprintf(&b, "  layer %s: %s%s\n", c.Name, c.Change, hashes(c))
	}
	for _, c := range d.Params {
		fmt.Fprintf(&b, "  param %s: %s (was %s, now %s)\n", c.Name, c.Change, orNone(c.Was), orNone(c.Now))
	}
	if d.PromptcVersion != "" {
		fmt.Fprintf(&b, "  note: rebuilt by promptc %s\n", d.PromptcVersion)
	}
	_, err := w.Write(b.Bytes())
	return err
}

func hashes(c Change) string {
	short := func(h string) string {
		if len(h) == 64 {
			return h[:12]
		}
		return orNone(h)
	}
	switch c.Change {
	case Changed:
		return fmt.Sprintf(" (%s -> %s)", short(c.Was), short(c.Now))
	case Added:
		return fmt.Sprintf(" (%s)", short(c.Now))
	}
	return fmt.Sprintf(" (was %s)", short(c.Was))
}

func orNone(s string) string {
	if s == "" {
		return "none"
	}
	return s
}
