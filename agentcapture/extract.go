package agentcapture

import (
	"errors"
	"strings"
)

// MainRequest picks the turn's request among what a CLI sent: the first
// POST with tools (Gemini: the first generateContent call with tools);
// title and router side calls carry none.
func MainRequest(agent string, reqs []Request) (Request, bool) {
	for _, r := range reqs {
		if r.Method != "POST" || r.Body == nil || r.Body["tools"] == nil {
			continue
		}
		if agent == "gemini" && !strings.Contains(r.Path, "enerateContent") {
			continue
		}
		return r, true
	}
	return Request{}, false
}

// Where each agent's base prompt is in its request.
var where = map[string]string{
	"claude":   "system: the last block (after the billing header and the identity line)",
	"codex":    "input[0] (role developer): its text",
	"gemini":   "systemInstruction.parts[0].text, before any memory block",
	"opencode": "messages[0] (role system): the text before \"\\nYou are powered by the model named\"",
}

// Where says where agent's base prompt is taken from.
func Where(agent string) string { return where[agent] }

// Base takes agent's base prompt out of the main request's body: the text
// the agent's replace hook replaces.
func Base(agent string, body map[string]any) (string, error) {
	switch agent {
	case "claude":
		sys, _ := body["system"].([]any)
		if len(sys) == 0 {
			return "", errors.New("the request has no system blocks")
		}
		return textOf(sys[len(sys)-1]), nil
	case "codex":
		in, _ := body["input"].([]any)
		for _, it := range in {
			m, _ := it.(map[string]any)
			if m["role"] == "developer" {
				parts, _ := m["content"].([]any)
				if len(parts) > 0 {
					return textOf(parts[0]), nil
				}
			}
		}
		return "", errors.New("the request has no developer item")
	case "gemini":
		si, _ := body["systemInstruction"].(map[string]any)
		parts, _ := si["parts"].([]any)
		if len(parts) == 0 {
			return "", errors.New("the request has no systemInstruction")
		}
		t := textOf(parts[0])
		for _, m := range []string{"\n\n# Contextual Instructions (", "\n\n---\n\n<loaded_context>"} {
			if i := strings.Index(t, m); i >= 0 {
				t = t[:i]
			}
		}
		return t, nil
	case "opencode":
		msgs, _ := body["messages"].([]any)
		for _, it := range msgs {
			m, _ := it.(map[string]any)
			if m["role"] != "system" {
				continue
			}
			t := textOf(m)
			if i := strings.Index(t, "\nYou are powered by the model named"); i >= 0 {
				return t[:i], nil
			}
			return "", errors.New("the system message has no model line to end the base prompt at")
		}
		return "", errors.New("the request has no system message")
	}
	return "", errors.New("no base prompt extractor for " + agent)
}

// textOf is the text of a content part or message: its "text", or its
// "content" string, or its content parts' texts joined.
func textOf(v any) string {
	m, _ := v.(map[string]any)
	if t, ok := m["text"].(string); ok {
		return t
	}
	switch c := m["content"].(type) {
	case string:
		return c
	case []any:
		var b strings.Builder
		for _, p := range c {
			b.WriteString(textOf(p))
		}
		return b.String()
	}
	return ""
}
