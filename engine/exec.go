package engine

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/promptc/promptc/diag"
	"github.com/promptc/promptc/sources"
)

// Executor runs the program of an exec transform: argv with stdin on its
// standard input, returning what it wrote on standard output. It must
// stop the program (and what it started) when ctx is done, which is how
// the transform's timeout is applied, and fail rather than return more
// than maxOutput bytes. The error says what went wrong in words a user
// reads after "exec PROGRAM: " (a non-zero exit with the end of the
// program's standard error, a signal, a program not found). An Executor
// is used by one run at a time per call; it may be shared between runs.
type Executor interface {
	Exec(ctx context.Context, argv []string, stdin []byte, maxOutput int64) ([]byte, error)
}

// Expander turns a user's line into the text that is sent, reading the
// skills and prompt templates of the pipeline's expand sources (nil when
// the pipeline names none, or its value lists none). Diagnostics are
// warnings of the run.
type Expander func(ctx context.Context, fsys sources.FS, line string, skills sources.SkillLister, templates sources.TemplateLister) (string, diag.List, error)

// ExecRequest is the JSON object an exec transform's program reads on
// standard input (schema/exec.schema.json): the fields below, then the
// pipeline's exec_request fields.
type ExecRequest struct {
	// Transform is the transform's id; Line the user's input as typed.
	Transform string `json:"transform"`
	Line      string `json:"line"`
	// Prompt is the input after expansion (pi's event.prompt) and
	// SystemPrompt the run's prompt so far (event.systemPrompt).
	Prompt       string `json:"prompt"`
	SystemPrompt string `json:"systemPrompt"`
}

// encodeRequest is the request as JSON: the engine's fields and extra
// (exec_request), which never overrides them.
func encodeRequest(req ExecRequest, extra map[string]any) ([]byte, error) {
	m := make(map[string]any, len(extra)+4)
	for k, v := range extra {
		m[k] = jsonable(v)
	}
	m["transform"], m["line"], m["prompt"], m["systemPrompt"] = req.Transform, req.Line, req.Prompt, req.SystemPrompt
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(m); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// jsonable turns the maps expressions build with non-string keys
// (fromPairs gives map[any]any) into JSON objects, keys as text.
func jsonable(v any) any {
	switch x := v.(type) {
	case map[any]any:
		out := make(map[string]any, len(x))
		for k, e := range x {
			out[fmt.Sprint(k)] = jsonable(e)
		}
		return out
	case map[string]any:
		out := make(map[string]any, len(x))
		for k, e := range x {
			out[k] = jsonable(e)
		}
		return out
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = jsonable(e)
		}
		return out
	}
	return v
}

// execReply is a parsed reply: the new prompt (nil keeps the prompt) and
// the message (nil adds none).
type execReply struct {
	prompt  *string
	message *Message
}

// parseReply reads an exec transform's reply: empty output or null means
// no change; otherwise one JSON object whose systemPrompt (a string, ""
// included, or null) replaces the prompt and whose message (a string, or
// an object with content: a string or a list of {type: "text", text}
// parts, and optional customType, display and details) is added. A falsy
// message (null, false, 0, "") adds none, as pi's `if (result.message)`.
// Other fields are ignored; anything else is an error.
func parseReply(out []byte) (execReply, error) {
	var r execReply
	if len(bytes.TrimSpace(out)) == 0 {
		return r, nil
	}
	dec := json.NewDecoder(bytes.NewReader(out))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return r, fmt.Errorf("the reply is not JSON: %v", jsonErr(err))
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return r, errors.New("the reply has more than one JSON value")
	}
	if v == nil {
		return r, nil
	}
	obj, ok := v.(map[string]any)
	if !ok {
		return r, fmt.Errorf("the reply is %s, not a JSON object", jsonKind(v))
	}
	switch p := obj["systemPrompt"].(type) {
	case nil:
	case string:
		r.prompt = &p
	default:
		return r, fmt.Errorf("systemPrompt is %s, not a string or null", jsonKind(p))
	}
	m, err := replyMessage(obj["message"])
	if err != nil {
		return r, err
	}
	r.message = m
	return r, nil
}

// replyMessage reads the reply's message field.
func replyMessage(v any) (*Message, error) {
	switch m := v.(type) {
	case nil:
		return nil, nil
	case bool:
		if m {
			return nil, errors.New("message is true, not a string or an object")
		}
		return nil, nil
	case json.Number:
		if f, err := m.Float64(); err == nil && f == 0 {
			return nil, nil
		}
		return nil, errors.New("message is a number, not a string or an object")
	case string:
		if m == "" {
			return nil, nil
		}
		return &Message{Role: "user", Content: m}, nil
	case map[string]any:
		msg := &Message{Role: "user"}
		content, err := messageContent(m["content"])
		if err != nil {
			return nil, err
		}
		msg.Content = content
		switch ct := m["customType"].(type) {
		case nil:
		case string:
			msg.CustomType = ct
		default:
			return nil, fmt.Errorf("message.customType is %s, not a string", jsonKind(ct))
		}
		switch d := m["display"].(type) {
		case nil:
		case bool:
			msg.Display = &d
		default:
			return nil, fmt.Errorf("message.display is %s, not a boolean", jsonKind(d))
		}
		if d, ok := m["details"]; ok && d != nil {
			raw, err := json.Marshal(d)
			if err != nil {
				return nil, fmt.Errorf("message.details: %v", err)
			}
			msg.Details = raw
		}
		return msg, nil
	}
	return nil, fmt.Errorf("message is %s, not a string or an object", jsonKind(v))
}

// messageContent is a message's text: a string, or the text parts of a
// list joined (other parts are left out, as pi's providers show them).
func messageContent(v any) (string, error) {
	switch c := v.(type) {
	case nil:
		return "", nil
	case string:
		return c, nil
	case []any:
		var b strings.Builder
		for i, part := range c {
			p, ok := part.(map[string]any)
			if !ok {
				return "", fmt.Errorf("message.content[%d] is %s, not an object", i, jsonKind(part))
			}
			if p["type"] != "text" {
				continue
			}
			text, ok := p["text"].(string)
			if !ok {
				return "", fmt.Errorf("message.content[%d].text is %s, not a string", i, jsonKind(p["text"]))
			}
			b.WriteString(text)
		}
		return b.String(), nil
	}
	return "", fmt.Errorf("message.content is %s, not a string or a list of parts", jsonKind(v))
}

// jsonKind names the JSON type of a decoded value.
func jsonKind(v any) string {
	switch v.(type) {
	case nil:
		return "null"
	case bool:
		return "a boolean"
	case json.Number:
		return "a number"
	case string:
		return "a string"
	case []any:
		return "a list"
	case map[string]any:
		return "an object"
	}
	return fmt.Sprintf("%T", v)
}

// jsonErr words a decoding error, with the offset when the decoder has
// one.
func jsonErr(err error) string {
	var se *json.SyntaxError
	if errors.As(err, &se) {
		return fmt.Sprintf("%v (at byte %d)", se, se.Offset)
	}
	if errors.Is(err, io.ErrUnexpectedEOF) {
		return "it ends in the middle of a value"
	}
	return err.Error()
}
