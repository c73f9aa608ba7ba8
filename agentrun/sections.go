package agentrun

import (
	"fmt"
	"strings"

	"github.com/promptc/promptc/engine"
)

// Added returns the text of the sections layers added to an agent's
// pipeline (active, non-empty), each stripped of its outer newlines,
// joined by one blank line and ending with a newline; "" when no layer
// adds text. A base section (baseIDs) keeps its bytes: alone it is handed
// over as it is, and only its newlines at a seam with a layer's section
// become one blank line. These are what add mode hands over: the pipeline's own sections
// reproduce what the agent already sends, so handing them over too would
// send them twice.
//
// baseIDs names the pipeline sections promptc hands over itself (replace
// mode: the captured base's); ownLayer is the pipeline's own file (a
// section it declares is the pipeline's, not a layer's). Every other
// section of the pipeline is rendered by the agent, so a layer that disables or changes one of
// those, or a source they read, does not fit: an *Error with
// ExitLayerMismatch naming the layer.
func Added(res *engine.Result, baseIDs map[string]bool, ownLayer string) (string, error) {
	var b strings.Builder
	lastRaw := false
	for _, s := range res.Sections {
		if s.Layer != "" && s.Layer != ownLayer || baseIDs[s.ID] {
			raw := baseIDs[s.ID]
			t := s.Text
			if !raw {
				t = strings.Trim(t, "\n")
			}
			if !s.Active || strings.TrimSpace(t) == "" {
				continue
			}
			if b.Len() > 0 {
				prev := strings.TrimRight(b.String(), "\n")
				b.Reset()
				b.WriteString(prev + "\n\n")
				t = strings.TrimLeft(t, "\n")
			}
			b.WriteString(t)
			lastRaw = raw
			continue
		}
		if s.Disabled {
			return "", mismatch(fmt.Sprintf("section %s is disabled by %s", s.ID, s.DisabledBy))
		}
	}
	for _, o := range res.Overrides {
		id, rest, _ := strings.Cut(strings.TrimPrefix(o.Key, "sections."), ".")
		switch {
		case strings.HasPrefix(o.Key, "sections.") && rest != "" && !baseIDs[id] && !addedBy(res, id, ownLayer):
			return "", mismatch(fmt.Sprintf("%s is changed by %s", o.Key, o.Winner.At))
		case strings.HasPrefix(o.Key, "sources.") && !baseSource(o.Key, baseIDs):
			return "", mismatch(fmt.Sprintf("%s is changed by %s", o.Key, o.Winner.At))
		}
	}
	if b.Len() > 0 && !lastRaw {
		b.WriteString("\n")
	}
	return b.String(), nil
}

// addedBy reports whether a layer (not the pipeline) added section id.
func addedBy(res *engine.Result, id, ownLayer string) bool {
	for _, s := range res.Sections {
		if s.ID == id {
			return s.Layer != "" && s.Layer != ownLayer
		}
	}
	return false
}

// baseSource reports whether a sources.ID... key is the captured base's
// source, which promptc renders itself.
func baseSource(key string, baseIDs map[string]bool) bool {
	id, _, _ := strings.Cut(strings.TrimPrefix(key, "sources."), ".")
	return id == "base" && len(baseIDs) > 0
}

func mismatch(what string) error {
	return &Error{Code: ExitLayerMismatch, Msg: what + ": the agent renders that part itself (its instruction files), so promptc run cannot hand the change over; apply the layer with promptc build, or drop it for this agent"}
}
