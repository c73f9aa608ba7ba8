package serve

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"strings"
)

// Commands a request may ask for.
const (
	CommandBuild   = "build"
	CommandExplain = "explain"
)

// Request is one build or explain request. Every field is optional.
type Request struct {
	// Command is build (the default) or explain. Over HTTP the path says
	// it (/v1/build, /v1/explain) and the field, if given, must agree.
	Command string `json:"command,omitempty"`
	// Format is explain's: json (the default: the explain --json report)
	// or text (a {"text": ...} object with explain's text).
	Format string `json:"format,omitempty"`
	// Pipeline is a built-in pipeline's name or a pipeline file's path
	// (--pipeline).
	Pipeline string `json:"pipeline,omitempty"`
	// Overlays are overlay files, in order (--overlay).
	Overlays []string `json:"overlays,omitempty"`
	// Params are param values by the pipeline's names (like --params).
	Params map[string]any `json:"params,omitempty"`
	// Args are further command-line flags of build or explain.
	Args []string `json:"args,omitempty"`
	// Receipt asks a build for its receipt (package receipt) in the
	// reply's "receipt" field; ReceiptAgent is the agent it names
	// (NAME or NAME@VERSION). A reply without them is byte for byte
	// what it was before receipts existed.
	Receipt      bool   `json:"receipt,omitempty"`
	ReceiptAgent string `json:"receipt_agent,omitempty"`
}

// DecodeRequest decodes one request from data: a single JSON object, no
// unknown fields, nothing after it. JSON numbers in params become int64
// when they are integers, else float64. Whether format fits the command
// is checked once the command is known ([Request.resolve]): over HTTP
// the endpoint says it, not the body.
func DecodeRequest(data []byte) (Request, *Error) {
	var r Request
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	dec.UseNumber()
	if err := dec.Decode(&r); err != nil {
		return Request{}, &Error{Code: CodeBadRequest, Message: "the request is not a valid JSON request object: " + jsonReason(err)}
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return Request{}, &Error{Code: CodeBadRequest, Message: "the request has more after its JSON object"}
	}
	switch r.Command {
	case "", CommandBuild, CommandExplain:
	default:
		return Request{}, &Error{Code: CodeBadRequest, Message: fmt.Sprintf("unknown command %q (want build or explain)", r.Command)}
	}
	switch r.Format {
	case "", "json", "text":
	default:
		return Request{}, &Error{Code: CodeBadRequest, Message: fmt.Sprintf("unknown format %q (want json or text)", r.Format)}
	}
	for k, v := range r.Params {
		r.Params[k] = plainNumbers(v)
	}
	return r, nil
}

// jsonReason is err without the package's prefix.
func jsonReason(err error) string {
	return strings.TrimPrefix(err.Error(), "json: ")
}

// plainNumbers replaces json.Number values in v by int64 or float64.
func plainNumbers(v any) any {
	switch x := v.(type) {
	case json.Number:
		if i, err := x.Int64(); err == nil {
			return i
		}
		f, err := x.Float64()
		if err != nil || math.IsInf(f, 0) {
			return x.String()
		}
		return f
	case map[string]any:
		for k, e := range x {
			x[k] = plainNumbers(e)
		}
	case []any:
		for i, e := range x {
			x[i] = plainNumbers(e)
		}
	}
	return v
}

// resolve settles r's command: force (the HTTP endpoint's), else the
// body's, else build; a body that names another command than force, or
// a format for anything but explain, is a bad request.
func (r Request) resolve(force string) (Request, *Error) {
	if force != "" {
		if r.Command != "" && r.Command != force {
			return r, &Error{Code: CodeBadRequest, Message: fmt.Sprintf("command %q does not match the endpoint (%s)", r.Command, force)}
		}
		r.Command = force
	}
	if r.Command == "" {
		r.Command = CommandBuild
	}
	if r.Format != "" && r.Command != CommandExplain {
		return r, &Error{Code: CodeBadRequest, Message: "format applies to explain only"}
	}
	if (r.Receipt || r.ReceiptAgent != "") && r.Command != CommandBuild {
		return r, &Error{Code: CodeBadRequest, Message: "receipt applies to build only"}
	}
	if r.ReceiptAgent != "" && !r.Receipt {
		return r, &Error{Code: CodeBadRequest, Message: "receipt_agent needs \"receipt\": true"}
	}
	return r, nil
}
