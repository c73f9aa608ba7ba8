package agentrun

import (
	"fmt"
	"strings"

	"github.com/promptc/promptc/engine"
)

// Added returns the text of the sections layers added to an agent's
// pipeline (active, non-empty), each stripped of its outer newlines and
// joined by one blank line, ending with a newline; "" when no layer adds
// text. These are what add mode hands over: the pipeline's own sections
// reproduce what the agent already sends, so handing them over too would
// send them twice.
//
// baseIDs names the pipeline sections promptc hands over itself (replace
// mode: the captured base's); every other section of the pipeline is
// rendered by the agent, so a layer that disables or changes one of
// those, or a source they read, does not fit: an *Error with
// ExitLayerMismatch naming the layer.
func Added(res *engine.Result, baseIDs map[string]bool) (string, error) {
	var parts []string
	for _, s := range res.Sections {
		if s.Layer != "" || baseIDs[s.ID] {
			if s.Active {
				if t := strings.Trim(s.Text, "\n"); t != "" {
					parts = append(parts, t)
				}
			}
			continue
		}
		if s.Disabled {
			return "", mismatch(fmt.Sprintf("section %s is disabled by %s", s.ID, s.DisabledBy))
		}
	}
	for _, o := range res.Overrides {
		id, rest, _ := strings.Cut(strings.TrimPrefix(o.Key, "sections."), ".")
		switch {
		case strings.HasPrefix(o.Key, "sections.") && rest != "" && !baseIDs[id] && !addedBy(res, id):
			return "", mismatch(fmt.Sprintf("%s is changed by %s", o.Key, o.Winner.At))
		case strings.HasPrefix(o.Key, "sources.") && !baseSource(o.Key, baseIDs):
			return "", mismatch(fmt.Sprintf("%s is changed by %s", o.Key, o.Winner.At))
		}
	}
	if len(parts) == 0 {
		return "", nil
	}
	return strings.Join(parts, "\n\n") + "\n", nil
}

// addedBy reports whether a layer added section id.
func addedBy(res *engine.Result, id string) bool {
	for _, s := range res.Sections {
		if s.ID == id {
			return s.Layer != ""
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
