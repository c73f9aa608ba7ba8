package serve

import (
	"bytes"
	"encoding/json"
	"strings"

	"github.com/promptc/promptc/engine"
	"github.com/promptc/promptc/host"
	"github.com/promptc/promptc/policy"
	"github.com/promptc/promptc/receipt"
)

// withReceipt is a build reply (out, res's JSON object) with a "receipt"
// field after its others, on the same line: the receipt of the build s
// made (compact JSON; its files read through e, within the roots). The
// field is last, so a client may cut its text from the reply as is.
func (h *Service) withReceipt(out Encoded, req Request, hr host.Request, s *host.Session, res *engine.Result, e host.Env) (any, *Error) {
	var agent *receipt.Agent
	if req.ReceiptAgent != "" {
		name, ver, _ := strings.Cut(req.ReceiptAgent, "@")
		if name == "" {
			return nil, &Error{Code: CodeBadRequest, Message: "receipt_agent: want NAME or NAME@VERSION"}
		}
		agent = &receipt.Agent{Name: name, Version: ver}
	}
	prompt := res.Text
	if len(res.Runs) == 1 {
		prompt = res.Runs[0].Prompt
	}
	rq := receipt.Request{Pipeline: hr.Pipeline, Overlays: hr.Overlays, ToolFiles: hr.ToolFiles, Sets: hr.Sets, NoConfig: hr.NoConfig, Inputs: hr.Inputs}
	r, err := receipt.Make(receipt.Input{PromptcVersion: h.Version, Request: rq, Agent: agent, Params: s.Input.Params, Result: res, Prompt: prompt,
		Read: func(name string) ([]byte, error) { return host.ReadFile(e, name) }})
	if err != nil {
		return nil, classify(err)
	}
	data, err := r.Encode()
	var compact bytes.Buffer
	if err == nil {
		err = json.Compact(&compact, data) // one line: a --stdio reply is one line
	}
	if err != nil {
		return nil, &Error{Code: CodeInternal, Message: "encoding the receipt: " + err.Error()}
	}
	body := bytes.TrimRight(out, " \n")
	if len(body) < 2 || body[len(body)-1] != '}' {
		return nil, &Error{Code: CodeInternal, Message: "the build reply is not a JSON object"}
	}
	var b bytes.Buffer
	b.Grow(len(body) + compact.Len() + 16)
	b.Write(body[:len(body)-1])
	b.WriteString(`,"receipt":`)
	b.Write(compact.Bytes())
	b.WriteByte('}')
	return Encoded(b.Bytes()), nil
}

// policyInForce is the policy the server's system and user layers put
// in force, or nil when there is none (no policy section, on_failure
// unset, every layer readable): then a client may fall back. A layer
// that exists but cannot be read counts as in force (block): policy may
// be in it.
func (h *Service) policyInForce() *policy.Report {
	r, _ := host.Policy(h.st.base) // unreadable: the report says block
	if len(r.Sections) == 0 && len(r.Unreadable) == 0 && r.OnFailureBy == "" {
		return nil
	}
	return &r
}
